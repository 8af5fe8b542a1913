#include "text/texttokenizer.h"

#include "text/bytebpe.h"
#include "text/sentencepiecetokenizer.h"
#include "text/wordpiece.h"

#include <QFile>
#include <QJsonValue>

#include <algorithm>
#include <stdexcept>

namespace gs {

template <>
const std::vector<EnumName<TokenizerKind>> &enumTable<TokenizerKind>() {
  static const std::vector<EnumName<TokenizerKind>> table = {
      {TokenizerKind::WordPiece, QStringLiteral("wordpiece")},
      {TokenizerKind::ClipBpe, QStringLiteral("clip-bpe")},
      {TokenizerKind::Gpt2Bpe, QStringLiteral("gpt2-bpe")},
      {TokenizerKind::SentencePiece, QStringLiteral("sentencepiece")}};
  return table;
}

SpecialTokens defaultSpecialTokens(TokenizerKind kind) {
  switch (kind) {
  case TokenizerKind::WordPiece:
    return {QStringLiteral("[CLS]"), QStringLiteral("[SEP]"), QStringLiteral("[PAD]"), QStringLiteral("[UNK]")};
  case TokenizerKind::ClipBpe:
    return {QStringLiteral("<|startoftext|>"), QStringLiteral("<|endoftext|>"), QString(), QString()};
  case TokenizerKind::Gpt2Bpe:
    return {QString(), QStringLiteral("<|endoftext|>"), QStringLiteral("<|endoftext|>"), QString()};
  case TokenizerKind::SentencePiece:
    return {};
  }
  return {};
}

TokenizerSpec TokenizerSpec::forKind(TokenizerKind kind) {
  TokenizerSpec spec;
  spec.kind = kind;
  spec.lowerCase = kind == TokenizerKind::WordPiece || kind == TokenizerKind::ClipBpe;
  return spec;
}

SpecialTokens TokenizerSpec::specialTokens() const {
  SpecialTokens tokens = defaultSpecialTokens(kind);
  if (beginToken) tokens.begin = *beginToken;
  if (endToken) tokens.end = *endToken;
  if (padToken) tokens.pad = *padToken;
  if (unknownToken) tokens.unknown = *unknownToken;
  return tokens;
}

namespace {

const QString kKind = QStringLiteral("kind");
const QString kVocabulary = QStringLiteral("vocabulary");
const QString kMerges = QStringLiteral("merges");
const QString kLowerCase = QStringLiteral("lower_case");
const QString kContextLength = QStringLiteral("context_length");
const QString kBegin = QStringLiteral("begin_token");
const QString kEnd = QStringLiteral("end_token");
const QString kPad = QStringLiteral("pad_token");
const QString kUnknown = QStringLiteral("unknown_token");

[[noreturn]] void specError(const QString &message) {
  throw std::runtime_error(QStringLiteral("tokenizer spec: %1").arg(message).toStdString());
}

QString stringField(const QJsonObject &json, const QString &key) {
  const QJsonValue value = json.value(key);
  if (!value.isString()) specError(QStringLiteral("'%1' must be a string").arg(key));
  return value.toString();
}

void readToken(const QJsonObject &json, const QString &key, std::optional<QString> &token) {
  if (json.contains(key)) token = stringField(json, key);
}

}  // namespace

QJsonObject TokenizerSpec::toJson() const {
  QJsonObject json{{kKind, enumName(kind)}, {kLowerCase, lowerCase}, {kContextLength, contextLength}};
  if (!vocabularyFile.isEmpty()) json.insert(kVocabulary, vocabularyFile);
  if (!mergesFile.isEmpty()) json.insert(kMerges, mergesFile);
  if (beginToken) json.insert(kBegin, *beginToken);
  if (endToken) json.insert(kEnd, *endToken);
  if (padToken) json.insert(kPad, *padToken);
  if (unknownToken) json.insert(kUnknown, *unknownToken);
  return json;
}

TokenizerSpec TokenizerSpec::fromJson(const QJsonObject &json) {
  const QStringList known{kKind, kVocabulary, kMerges, kLowerCase, kContextLength, kBegin, kEnd, kPad, kUnknown};
  for (auto it = json.begin(); it != json.end(); ++it)
    if (!known.contains(it.key()))
      specError(QStringLiteral("unknown key '%1' (known: %2)").arg(it.key(), known.join(QStringLiteral(", "))));
  if (!json.contains(kKind)) specError(QStringLiteral("'kind' is missing"));
  const QString kindName = stringField(json, kKind);
  const std::optional<TokenizerKind> kind = enumFromName<TokenizerKind>(kindName);
  if (!kind)
    specError(QStringLiteral("unknown kind '%1' (known: %2)")
                  .arg(kindName, enumNames<TokenizerKind>().join(QStringLiteral(", "))));
  TokenizerSpec spec = forKind(*kind);
  if (json.contains(kVocabulary)) spec.vocabularyFile = stringField(json, kVocabulary);
  if (json.contains(kMerges)) spec.mergesFile = stringField(json, kMerges);
  if (json.contains(kLowerCase)) {
    if (!json.value(kLowerCase).isBool()) specError(QStringLiteral("'lower_case' must be true or false"));
    spec.lowerCase = json.value(kLowerCase).toBool();
  }
  if (json.contains(kContextLength)) {
    const QJsonValue value = json.value(kContextLength);
    const double number = value.toDouble(-1);
    if (!value.isDouble() || number != double(qint64(number)) || number < 1 || number > 1e6)
      specError(QStringLiteral("'context_length' must be a positive integer"));
    spec.contextLength = int(number);
  }
  readToken(json, kBegin, spec.beginToken);
  readToken(json, kEnd, spec.endToken);
  readToken(json, kPad, spec.padToken);
  readToken(json, kUnknown, spec.unknownToken);
  return spec;
}

TextTokenizer::TextTokenizer(int contextLength) : m_contextLength(contextLength) {}

TextTokenizer::~TextTokenizer() = default;

void TextTokenizer::setFraming(std::optional<std::int64_t> begin, const QString &beginPiece,
                               std::optional<std::int64_t> end, const QString &endPiece, std::int64_t pad) {
  const int framing = (begin ? 1 : 0) + (end ? 1 : 0);
  if (m_contextLength < std::max(framing, 1))
    throw std::invalid_argument(QStringLiteral("TextTokenizer: a context length of %1 cannot hold the %2 special "
                                               "tokens around a text")
                                    .arg(m_contextLength)
                                    .arg(framing)
                                    .toStdString());
  m_begin = begin;
  m_end = end;
  m_pad = pad;
  m_beginPiece = beginPiece;
  m_endPiece = endPiece;
}

void TextTokenizer::setFraming(const QHash<QString, std::int64_t> &vocabulary, const SpecialTokens &tokens,
                               const QString &file) {
  const std::optional<std::int64_t> pad = specialId(vocabulary, tokens.pad, file);
  setFraming(specialId(vocabulary, tokens.begin, file), tokens.begin, specialId(vocabulary, tokens.end, file),
             tokens.end, pad.value_or(0));
}

std::optional<std::int64_t> TextTokenizer::specialId(const QHash<QString, std::int64_t> &vocabulary,
                                                     const QString &token, const QString &file) {
  if (token.isEmpty()) return std::nullopt;
  const auto found = vocabulary.constFind(token);
  if (found == vocabulary.constEnd())
    throw std::runtime_error(QStringLiteral("%1: lacks the special token '%2'").arg(file, token).toStdString());
  return *found;
}

QByteArray TextTokenizer::readFileBytes(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot open: %2").arg(path, file.errorString()).toStdString());
  return file.readAll();
}

TokenizedText TextTokenizer::encode(const QString &text) const {
  const Subwords body = subwords(text);
  const int room = m_contextLength - (m_begin ? 1 : 0) - (m_end ? 1 : 0);
  const int kept = std::min(room, int(body.ids.size()));
  TokenizedText out;
  out.ids.reserve(std::size_t(m_contextLength));
  if (m_begin) {
    out.ids.push_back(*m_begin);
    out.pieces << m_beginPiece;
  }
  out.ids.insert(out.ids.end(), body.ids.begin(), body.ids.begin() + kept);
  out.pieces << body.pieces.mid(0, kept);
  if (m_end) {
    out.ids.push_back(*m_end);
    out.pieces << m_endPiece;
  }
  out.mask.assign(out.ids.size(), 1);
  out.mask.resize(std::size_t(m_contextLength), 0);
  out.ids.resize(std::size_t(m_contextLength), m_pad);
  return out;
}

namespace {

void requireFile(const QString &file, const TokenizerSpec &spec, const char *what) {
  if (file.isEmpty())
    throw std::invalid_argument(
        QStringLiteral("openTokenizer: %1 needs %2").arg(enumName(spec.kind), QLatin1String(what)).toStdString());
}

}  // namespace

std::unique_ptr<TextTokenizer> openTokenizer(const TokenizerSpec &spec) {
  switch (spec.kind) {
  case TokenizerKind::WordPiece:
    requireFile(spec.vocabularyFile, spec, "a vocabulary file (vocab.txt)");
    return std::make_unique<WordPieceTokenizer>(spec);
  case TokenizerKind::ClipBpe:
    requireFile(spec.mergesFile, spec, "a merges file (merges.txt, or CLIP's bpe_simple_vocab_16e6.txt.gz)");
    return std::make_unique<ByteBpeTokenizer>(spec);
  case TokenizerKind::Gpt2Bpe:
    requireFile(spec.vocabularyFile, spec, "a vocabulary file (vocab.json)");
    requireFile(spec.mergesFile, spec, "a merges file (merges.txt)");
    return std::make_unique<ByteBpeTokenizer>(spec);
  case TokenizerKind::SentencePiece:
    requireFile(spec.vocabularyFile, spec, "a model file (.model)");
    return std::make_unique<SentencePieceTokenizer>(spec);
  }
  throw std::invalid_argument("openTokenizer: unknown tokenizer kind");
}

}  // namespace gs
