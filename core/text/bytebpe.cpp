#include "text/bytebpe.h"

#include "io/jsonfile.h"

#include <QJsonValue>

#include <zlib.h>

#include <algorithm>
#include <array>
#include <climits>
#include <stdexcept>
#include <utility>

namespace gs {

namespace {

// The word-end mark CLIP appends to a word's last symbol.
const QString kWordEnd = QStringLiteral("</w>");
const QString kClipBegin = QStringLiteral("<|startoftext|>");
const QString kClipEnd = QStringLiteral("<|endoftext|>");
// CLIP uses the first 48,894 merges of its file: its 49,408 tokens are the 512 byte symbols
// (with and without "</w>"), the merges and the two special tokens.
constexpr int kClipMerges = 49152 - 256 - 2;

// GPT-2's word pattern: contractions, letters, digits and other symbols, each run taking one
// leading space; whitespace runs keep their last space for the word that follows.
const QString kGpt2Pattern =
    QStringLiteral(R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)");
// CLIP's: its special tokens whole, contractions, letter runs, single digits, symbol runs;
// whitespace is dropped (the "</w>" mark keeps word ends instead).
const QString kClipPattern = QStringLiteral(
    R"(<\|startoftext\|>|<\|endoftext\|>|'s|'t|'re|'ve|'m|'ll|'d|[\p{L}]+|[\p{N}]|[^\s\p{L}\p{N}]+)");

// GPT-2's printable bytes: '!'..'~', '¡'..'¬', '®'..'ÿ'. They stand for themselves.
bool isPrintableByte(int byte) {
  return (byte >= '!' && byte <= '~') || (byte >= 0xA1 && byte <= 0xAC) || (byte >= 0xAE && byte <= 0xFF);
}

// Each byte's character: itself when printable, else U+0100 + its rank among the others, so no
// symbol is whitespace or a control character and a merges file splits on spaces.
const std::array<QChar, 256> &byteSymbols() {
  static const std::array<QChar, 256> table = [] {
    std::array<QChar, 256> symbols{};
    int next = 256;
    for (int byte = 0; byte < 256; ++byte) symbols[std::size_t(byte)] = QChar(isPrintableByte(byte) ? byte : next++);
    return symbols;
  }();
  return table;
}

// The 256 byte symbols in CLIP's vocabulary order: the printable bytes, then the others.
QStringList byteSymbolsInClipOrder() {
  QStringList symbols;
  for (int pass = 0; pass < 2; ++pass)
    for (int byte = 0; byte < 256; ++byte)
      if (isPrintableByte(byte) == (pass == 0)) symbols << QString(byteSymbols()[std::size_t(byte)]);
  return symbols;
}

QString rankKey(const QString &first, const QString &second) { return first + QLatin1Char(' ') + second; }

// A gzip stream's content (RFC 1952), inflated with zlib.
QByteArray gunzip(const QByteArray &bytes, const QString &path) {
  const auto fail = [&](const char *reason) {
    throw std::runtime_error(QStringLiteral("%1: cannot inflate: %2").arg(path, QLatin1String(reason)).toStdString());
  };
  z_stream stream{};
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) fail("zlib failed to start");
  stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.data()));
  stream.avail_in = uInt(bytes.size());
  QByteArray out;
  std::array<char, 1 << 16> buffer{};
  int status = Z_OK;
  while (status == Z_OK) {
    stream.next_out = reinterpret_cast<Bytef *>(buffer.data());
    stream.avail_out = uInt(buffer.size());
    status = inflate(&stream, Z_NO_FLUSH);
    out.append(buffer.data(), qsizetype(buffer.size() - stream.avail_out));
  }
  const char *message = stream.msg;
  inflateEnd(&stream);
  if (status == Z_BUF_ERROR) fail("the stream is truncated");
  if (status != Z_STREAM_END) fail(message ? message : "the data is corrupt");
  return out;
}

// The file's lines; a final newline ends the last line rather than starting an empty one.
QList<QByteArray> lines(const QByteArray &bytes) {
  QList<QByteArray> result = bytes.split('\n');
  if (!result.isEmpty() && result.back().isEmpty()) result.removeLast();
  for (QByteArray &line : result)
    if (line.endsWith('\r')) line.chop(1);
  return result;
}

// A merges line's two symbols; throws "FILE:LINE: …" for any other count.
QStringList mergePair(const QByteArray &line, const QString &path, int number) {
  const QStringList pair = QString::fromUtf8(line).simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
  if (pair.size() != 2)
    throw std::runtime_error(QStringLiteral("%1:%2: a merge is two symbols separated by a space, found %3")
                                 .arg(path)
                                 .arg(number)
                                 .arg(pair.size())
                                 .toStdString());
  return pair;
}

QString describe(const QJsonValue &value) {
  switch (value.type()) {
  case QJsonValue::String:
    return QLatin1Char('"') + value.toString() + QLatin1Char('"');
  case QJsonValue::Double:
    return QString::number(value.toDouble());
  case QJsonValue::Bool:
    return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
  case QJsonValue::Array:
    return QStringLiteral("an array");
  case QJsonValue::Object:
    return QStringLiteral("an object");
  default:
    return QStringLiteral("null");
  }
}

QHash<QString, std::int64_t> readVocabularyJson(const QString &path) {
  const QJsonObject json = readJsonObjectFile(path);
  QHash<QString, std::int64_t> ids;
  ids.reserve(json.size());
  for (auto it = json.begin(); it != json.end(); ++it) {
    const double id = it.value().toDouble(-1);
    if (!it.value().isDouble() || id < 0 || id != double(std::int64_t(id)) || id > INT_MAX)
      throw std::runtime_error(QStringLiteral("%1: '%2' maps to %3; vocab.json maps each token to a non-negative "
                                              "integer id")
                                   .arg(path, it.key(), describe(it.value()))
                                   .toStdString());
    ids.insert(it.key(), std::int64_t(id));
  }
  return ids;
}

}  // namespace

ByteBpeTokenizer::ByteBpeTokenizer(const TokenizerSpec &spec)
    : TextTokenizer(spec.contextLength), m_clip(spec.kind == TokenizerKind::ClipBpe), m_lowerCase(spec.lowerCase) {
  if (spec.kind != TokenizerKind::ClipBpe && spec.kind != TokenizerKind::Gpt2Bpe)
    throw std::invalid_argument(
        QStringLiteral("ByteBpeTokenizer: '%1' is no byte-level BPE").arg(enumName(spec.kind)).toStdString());
  const QString vocabularySource = spec.vocabularyFile.isEmpty() ? spec.mergesFile : spec.vocabularyFile;
  if (m_clip && spec.vocabularyFile.isEmpty())
    buildClipVocabulary(spec.mergesFile);
  else
    readVocabularyAndMerges(spec.vocabularyFile, spec.mergesFile);
  const SpecialTokens tokens = spec.specialTokens();
  m_unknown = specialId(m_ids, tokens.unknown, vocabularySource);
  m_unknownPiece = tokens.unknown;
  if (!m_unknown) requireByteSymbols(vocabularySource);
  setFraming(m_ids, tokens, vocabularySource);
  std::int64_t largest = -1;
  for (std::int64_t id : std::as_const(m_ids)) largest = std::max(largest, id);
  m_size = int(largest + 1);
  QRegularExpression::PatternOptions options = QRegularExpression::UseUnicodePropertiesOption;
  if (m_clip) options |= QRegularExpression::CaseInsensitiveOption;
  m_pattern = QRegularExpression(m_clip ? kClipPattern : kGpt2Pattern, options);
  m_pattern.optimize();
}

void ByteBpeTokenizer::readVocabularyAndMerges(const QString &vocabularyFile, const QString &mergesFile) {
  m_ids = readVocabularyJson(vocabularyFile);
  const QList<QByteArray> merges = lines(readFileBytes(mergesFile));
  for (int i = 0; i < int(merges.size()); ++i) {
    if (i == 0 && merges[i].startsWith("#version")) continue;
    const QStringList pair = mergePair(merges[i], mergesFile, i + 1);
    if (!m_ids.contains(pair[0] + pair[1]))
      throw std::runtime_error(QStringLiteral("%1:%2: merging '%3' and '%4' gives '%5', which %6 lacks")
                                   .arg(mergesFile)
                                   .arg(i + 1)
                                   .arg(pair[0], pair[1], pair[0] + pair[1], vocabularyFile)
                                   .toStdString());
    addMerge(pair);
  }
}

// CLIP's vocabulary from its merges file alone: the 256 byte symbols in table order, the same with
// "</w>", each merge's result, then <|startoftext|> and <|endoftext|>. The file's first line is a
// header. A symbol listed twice keeps its later id, as CLIP's dictionary does.
void ByteBpeTokenizer::buildClipVocabulary(const QString &mergesFile) {
  QByteArray bytes = readFileBytes(mergesFile);
  if (bytes.startsWith("\x1f\x8b")) bytes = gunzip(bytes, mergesFile);
  const QList<QByteArray> fileLines = lines(bytes);
  QStringList vocabulary = byteSymbolsInClipOrder();
  for (int i = 0; i < 256; ++i) vocabulary << vocabulary[i] + kWordEnd;
  const int last = std::min(int(fileLines.size()), kClipMerges + 1);
  for (int i = 1; i < last; ++i) {
    const QStringList pair = mergePair(fileLines[i], mergesFile, i + 1);
    addMerge(pair);
    vocabulary << pair[0] + pair[1];
  }
  vocabulary << kClipBegin << kClipEnd;
  for (int id = 0; id < int(vocabulary.size()); ++id) m_ids.insert(vocabulary[id], id);
}

void ByteBpeTokenizer::addMerge(const QStringList &pair) {
  // A pair listed twice keeps its later rank, as the reference tokenizers' dictionaries do.
  m_ranks.insert(rankKey(pair[0], pair[1]), int(m_ranks.size()));
}

// Every word spells out in byte symbols, so a vocabulary without an unknown token must hold all of
// them: with "</w>" too for CLIP, whose one-byte words end in one.
void ByteBpeTokenizer::requireByteSymbols(const QString &file) const {
  for (int byte = 0; byte < 256; ++byte) {
    const QString symbol(byteSymbols()[std::size_t(byte)]);
    for (const QString &needed : m_clip ? QStringList{symbol, symbol + kWordEnd} : QStringList{symbol})
      if (!m_ids.contains(needed))
        throw std::runtime_error(QStringLiteral("%1: lacks the symbol '%2' of byte 0x%3, and no unknown token is set")
                                     .arg(file, needed)
                                     .arg(byte, 2, 16, QLatin1Char('0'))
                                     .toStdString());
  }
}

// Sennrich et al. 2016, Sec. 3.2, applied to a new word: repeatedly take the adjacent pair the
// merges rank first and join every occurrence of it, left to right without overlap ("a a a" with
// the merge "a a" gives "aa a"), until no adjacent pair is a merge. O(n²) rank lookups for n symbols.
QStringList ByteBpeTokenizer::merged(QStringList symbols) const {
  while (symbols.size() > 1) {
    int best = INT_MAX;
    QString bestKey;
    for (int i = 0; i + 1 < int(symbols.size()); ++i) {
      const QString key = rankKey(symbols[i], symbols[i + 1]);
      const int rank = m_ranks.value(key, INT_MAX);
      if (rank < best) {
        best = rank;
        bestKey = key;
      }
    }
    if (best == INT_MAX) break;
    QStringList next;
    for (int i = 0; i < int(symbols.size()); ++i) {
      if (i + 1 < int(symbols.size()) && rankKey(symbols[i], symbols[i + 1]) == bestKey) {
        next << symbols[i] + symbols[i + 1];
        ++i;
      } else {
        next << symbols[i];
      }
    }
    symbols = next;
  }
  return symbols;
}

// CLIP also repairs mojibake (ftfy) and unescapes HTML entities before this; captions here are
// taken as clean text.
TextTokenizer::Subwords ByteBpeTokenizer::subwords(const QString &text) const {
  QString prepared = m_clip ? text.simplified() : text;
  if (m_lowerCase) prepared = prepared.toLower();
  Subwords out;
  QRegularExpressionMatchIterator words = m_pattern.globalMatch(prepared);
  while (words.hasNext()) appendWord(words.next().captured(), out);
  return out;
}

void ByteBpeTokenizer::appendWord(const QString &word, Subwords &out) const {
  if (m_clip && (word == kClipBegin || word == kClipEnd) && m_ids.contains(word)) {
    out.ids.push_back(m_ids.value(word));
    out.pieces << word;
    return;
  }
  QStringList symbols;
  for (const char byte : word.toUtf8()) symbols << QString(byteSymbols()[std::size_t(static_cast<unsigned char>(byte))]);
  if (symbols.isEmpty()) return;
  if (m_clip) symbols.back() += kWordEnd;
  for (const QString &symbol : merged(symbols)) {
    const auto found = m_ids.constFind(symbol);
    if (found != m_ids.constEnd()) {
      out.ids.push_back(*found);
      out.pieces << symbol;
    } else if (m_unknown) {
      out.ids.push_back(*m_unknown);
      out.pieces << m_unknownPiece;
    }
  }
}

}  // namespace gs
