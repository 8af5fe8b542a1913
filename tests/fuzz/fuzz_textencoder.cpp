// Fuzzes the loading of an imported text tower: the input is the TorchScript module file, read with
// a fixed WordPiece vocabulary. A module that loads must have passed the checks (two inputs, one
// finite [1, d] vector for a probe caption) and encode a caption to one row of that width.
#include "fuzzsupport.h"

#include "training/detail/importedtextencoder.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  static const QString vocabulary = gs::fuzz::writeScratchFile(QStringLiteral("vocab.txt"), "[PAD]\n[UNK]\n[CLS]\n[SEP]\na\ndog\n");
  const QString module = gs::fuzz::writeScratchFile(QStringLiteral("text-tower.pt"), gs::fuzz::bytesOf(data, size));
  gs::TokenizerSpec spec = gs::TokenizerSpec::forKind(gs::TokenizerKind::WordPiece);
  spec.vocabularyFile = vocabulary;
  spec.contextLength = 8;
  gs::fuzz::expectCleanRefusal({module}, [&] {
    const gs::detail::ImportedTextEncoder encoder(module, spec);
    const torch::Tensor rows = encoder.encode({QStringLiteral("a dog"), QStringLiteral("a")});
    if (rows.size(0) != 2 || rows.size(1) != encoder.dim()) std::abort();
  });
  return 0;
}
