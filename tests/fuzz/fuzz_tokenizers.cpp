// Fuzzes the readers of a text tower's tokenizer files: the input is cut at NUL bytes into a
// vocabulary and a merges file, read as WordPiece's vocab.txt, as GPT-2's vocab.json + merges.txt,
// and as CLIP's single merges file (gzip or plain). Whatever loads encodes a caption, whose ids
// must lie in the vocabulary and fill the context.
#include "fuzzsupport.h"

#include "text/texttokenizer.h"

namespace {

void openAndEncode(const gs::TokenizerSpec &spec, const QStringList &files) {
  gs::fuzz::expectCleanRefusal(files, [&] {
    const std::unique_ptr<gs::TextTokenizer> tokenizer = gs::openTokenizer(spec);
    const gs::TokenizedText text = tokenizer->encode(QStringLiteral("A dog's ball, caf\u00e9 \u72d7 unaffable!"));
    if (int(text.ids.size()) != spec.contextLength || text.mask.size() != text.ids.size()) std::abort();
    for (std::size_t k = 0; k < text.ids.size(); ++k)
      if (text.mask[k] && (text.ids[k] < 0 || text.ids[k] >= tokenizer->vocabularySize())) std::abort();
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const std::vector<QByteArray> parts = gs::fuzz::splitInput(gs::fuzz::bytesOf(data, size), 2);
  const QString vocabTxt = gs::fuzz::writeScratchFile(QStringLiteral("vocab.txt"), parts[0]);
  const QString vocabJson = gs::fuzz::writeScratchFile(QStringLiteral("vocab.json"), parts[0]);
  const QString merges = gs::fuzz::writeScratchFile(QStringLiteral("merges.txt"), parts[1]);
  const QString clip = gs::fuzz::writeScratchFile(QStringLiteral("bpe_simple_vocab.txt.gz"), parts[1]);

  gs::TokenizerSpec wordPiece = gs::TokenizerSpec::forKind(gs::TokenizerKind::WordPiece);
  wordPiece.vocabularyFile = vocabTxt;
  wordPiece.contextLength = 16;
  openAndEncode(wordPiece, {vocabTxt});
  gs::TokenizerSpec gpt2 = gs::TokenizerSpec::forKind(gs::TokenizerKind::Gpt2Bpe);
  gpt2.vocabularyFile = vocabJson;
  gpt2.mergesFile = merges;
  gpt2.contextLength = 16;
  openAndEncode(gpt2, {vocabJson, merges});
  gs::TokenizerSpec clipBpe = gs::TokenizerSpec::forKind(gs::TokenizerKind::ClipBpe);
  clipBpe.mergesFile = clip;
  clipBpe.contextLength = 16;
  openAndEncode(clipBpe, {clip});
  return 0;
}
