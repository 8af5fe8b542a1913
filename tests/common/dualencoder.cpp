#include "dualencoder.h"

#include "io/atomicfile.h"

#include <torch/script.h>

#include <QJsonDocument>
#include <QJsonObject>

#include <array>
#include <utility>

namespace gs::test {

namespace {



// The demo's colour words and their chroma: RGB in [0, 1] less its mean, as the image tower measures.
std::vector<std::pair<QString, std::array<float, 3>>> colourChroma() {
  const std::vector<std::pair<QString, std::array<float, 3>>> rgb = {
      {QStringLiteral("red"), {1.f, 0.f, 0.f}},     {QStringLiteral("green"), {0.f, 1.f, 0.f}},
      {QStringLiteral("blue"), {0.f, 0.f, 1.f}},    {QStringLiteral("yellow"), {1.f, 1.f, 0.f}},
      {QStringLiteral("purple"), {0.6f, 0.f, 0.6f}}, {QStringLiteral("orange"), {1.f, 0.55f, 0.f}}};
  std::vector<std::pair<QString, std::array<float, 3>>> chroma;
  for (const auto &[word, c] : rgb) {
    const float mean = (c[0] + c[1] + c[2]) / 3;
    chroma.push_back({word, {c[0] - mean, c[1] - mean, c[2] - mean}});
  }
  return chroma;
}

const QStringList &sceneWords() {
  static const QStringList words = {QStringLiteral("a"),      QStringLiteral("an"),     QStringLiteral("the"),    QStringLiteral("is"),
                                    QStringLiteral("of"),     QStringLiteral("left"),   QStringLiteral("right"),  QStringLiteral("circle"),
                                    QStringLiteral("square"), QStringLiteral("two"),    QStringLiteral("red"),    QStringLiteral("green"),
                                    QStringLiteral("blue"),   QStringLiteral("yellow"), QStringLiteral("purple"), QStringLiteral("orange")};
  return words;
}

// BERT-style vocab.txt: the special tokens, then the scene words, with "##s" for plurals.
TokenizerSpec writeWordPieceVocabulary(const QDir &dir) {
  QByteArray text = "[PAD]\n[UNK]\n[CLS]\n[SEP]\n##s\n";
  for (const QString &word : sceneWords()) text += word.toUtf8() + '\n';
  TokenizerSpec spec = TokenizerSpec::forKind(TokenizerKind::WordPiece);
  spec.vocabularyFile = dir.filePath(QStringLiteral("vocab.txt"));
  spec.contextLength = 24;
  writeFileAtomically(spec.vocabularyFile, text);
  return spec;
}

// CLIP-style vocab.json + merges.txt: the 256 byte symbols, the same with "</w>", and merges that
// spell each scene word as one token from its end ("r" + "ed</w>" → "red</w>"), each word's chain
// its own because every merge ends a word.
TokenizerSpec writeClipBpeVocabulary(const QDir &dir) {
  QStringList symbols, others;
  int next = 256;
  for (int byte = 0; byte < 256; ++byte) {
    const bool printable = (byte >= 33 && byte <= 126) || (byte >= 0xA1 && byte <= 0xAC) || byte >= 0xAE;
    if (printable) symbols << QString(QChar(byte));
    else others << QString(QChar(next++));
  }
  symbols += others;
  QStringList tokens = symbols;
  for (const QString &s : symbols) tokens << s + QStringLiteral("</w>");
  QByteArray merges = "#version: 0.2\n";
  for (const QString &word : sceneWords()) {
    QString right = word.right(1) + QStringLiteral("</w>");
    for (int k = int(word.size()) - 2; k >= 0; --k) {
      const QString left = word.mid(k, 1), merged = left + right;
      if (!tokens.contains(merged)) {
        merges += (left + QLatin1Char(' ') + right).toUtf8() + '\n';
        tokens << merged;
      }
      right = merged;
    }
  }
  tokens << QStringLiteral("<|startoftext|>") << QStringLiteral("<|endoftext|>");
  QJsonObject vocabulary;
  for (int id = 0; id < int(tokens.size()); ++id) vocabulary.insert(tokens[id], id);
  TokenizerSpec spec = TokenizerSpec::forKind(TokenizerKind::ClipBpe);
  spec.vocabularyFile = dir.filePath(QStringLiteral("vocab.json"));
  spec.mergesFile = dir.filePath(QStringLiteral("merges.txt"));
  spec.contextLength = 24;
  writeFileAtomically(spec.vocabularyFile, QJsonDocument(vocabulary).toJson());
  writeFileAtomically(spec.mergesFile, merges);
  return spec;
}

}  // namespace

// Both towers, the text tower's word table filled through the tokenizer itself (each colour word is
// one token of either vocabulary).
DualEncoderFiles writeDualEncoder(const QDir &dir, TokenizerKind kind) {
  DualEncoderFiles files;
  files.tokenizer = kind == TokenizerKind::WordPiece ? writeWordPieceVocabulary(dir) : writeClipBpeVocabulary(dir);
  const std::unique_ptr<TextTokenizer> tokenizer = openTokenizer(files.tokenizer);
  auto table = torch::zeros({tokenizer->vocabularySize(), 3});
  for (const auto &[word, chroma] : colourChroma()) {
    const TokenizedText encoded = tokenizer->encode(word);
    const std::int64_t id = encoded.ids[tokenizer->beginId() ? 1 : 0];
    for (int k = 0; k < 3; ++k) table[id][k] = chroma[std::size_t(k)];
  }
  torch::jit::Module text("TextTower");
  text.register_parameter("words", table, false);
  text.define(R"(
def forward(self, ids, mask):
    return (self.words[ids] * mask.unsqueeze(-1).to(self.words.dtype)).sum(1)
)");
  files.textEncoder = dir.filePath(QStringLiteral("text-tower.pt"));
  text.save(files.textEncoder.toStdString());

  // Undo torchvision's normalisation (the preset a file named like this one gets), weight each
  // pixel by how far its brightest channel is above the backgrounds', and take the weighted mean
  // colour less its grey level.
  torch::jit::Module image("ImageTower");
  image.register_buffer("mean", torch::tensor({0.485f, 0.456f, 0.406f}).view({1, 3, 1, 1}));
  image.register_buffer("std", torch::tensor({0.229f, 0.224f, 0.225f}).view({1, 3, 1, 1}));
  image.define(R"(
def forward(self, x):
    rgb = x * self.std + self.mean
    weight = (rgb.amax(1, keepdim=True) - 0.6).clamp(min=0.0)
    colour = (rgb * weight).sum([2, 3]) / weight.sum([2, 3]).clamp(min=1e-6)
    return colour - colour.mean(1, keepdim=True)
)");
  const QString imagePath = dir.filePath(QStringLiteral("image-tower.pt"));
  image.save(imagePath.toStdString());
  files.imageEncoder = QStringLiteral("torchscript:") + imagePath;
  return files;
}


void writeScriptModule(const QString &path, const std::string &source) {
  torch::jit::Module module("Scripted");
  module.define(source);
  module.save(path.toStdString());
}

}  // namespace gs::test
