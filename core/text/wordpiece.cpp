#include "text/wordpiece.h"

#include <QChar>

#include <stdexcept>
#include <string>

namespace gs {

namespace {

// BERT spells no word longer than this; it becomes the unknown token whole.
constexpr int kMaxWordChars = 100;
// The prefix of a piece that continues a word.
const QString kContinuation = QStringLiteral("##");

std::u32string codePoints(const QString &text) {
  const QList<uint> ucs4 = text.toUcs4();
  return std::u32string(ucs4.begin(), ucs4.end());
}

QString fromCodePoints(const std::u32string &text) { return QString::fromUcs4(text.data(), qsizetype(text.size())); }

// BERT counts tab, newline and return as whitespace, not control characters.
bool isWhitespace(char32_t c) {
  return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' || QChar::category(c) == QChar::Separator_Space;
}

bool isControl(char32_t c) {
  if (c == U'\t' || c == U'\n' || c == U'\r') return false;
  switch (QChar::category(c)) {
  case QChar::Other_Control:
  case QChar::Other_Format:
  case QChar::Other_Surrogate:
  case QChar::Other_PrivateUse:
  case QChar::Other_NotAssigned:
    return true;
  default:
    return false;
  }
}

bool isPunctuation(char32_t c) {
  if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)) return true;
  switch (QChar::category(c)) {
  case QChar::Punctuation_Connector:
  case QChar::Punctuation_Dash:
  case QChar::Punctuation_Open:
  case QChar::Punctuation_Close:
  case QChar::Punctuation_InitialQuote:
  case QChar::Punctuation_FinalQuote:
  case QChar::Punctuation_Other:
    return true;
  default:
    return false;
  }
}

// The CJK Unified Ideographs blocks BERT splits per character. Hangul, kana and CJK punctuation
// are not among them: those languages write words with spaces or the punctuation splits them.
bool isCjkIdeograph(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF) ||
         (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

// Control characters and U+FFFD dropped, whitespace made a space, CJK ideographs spaced apart.
std::u32string cleaned(const QString &text) {
  std::u32string out;
  for (char32_t c : codePoints(text.normalized(QString::NormalizationForm_C))) {
    if (c == 0 || c == 0xFFFD || isControl(c)) continue;
    if (isWhitespace(c)) {
      out += U' ';
    } else if (isCjkIdeograph(c)) {
      out += U' ';
      out += c;
      out += U' ';
    } else {
      out += c;
    }
  }
  return out;
}

std::u32string withoutAccents(const QString &word) {
  std::u32string out;
  for (char32_t c : codePoints(word.normalized(QString::NormalizationForm_D)))
    if (QChar::category(c) != QChar::Mark_NonSpacing) out += c;
  return out;
}

void appendSplitOnPunctuation(const std::u32string &word, QStringList &out) {
  std::u32string current;
  for (char32_t c : word) {
    if (!isPunctuation(c)) {
      current += c;
      continue;
    }
    if (!current.empty()) out << fromCodePoints(current);
    current.clear();
    out << fromCodePoints(std::u32string(1, c));
  }
  if (!current.empty()) out << fromCodePoints(current);
}

QHash<QString, std::int64_t> readVocabulary(const QByteArray &bytes, const QString &path) {
  QList<QByteArray> lines = bytes.split('\n');
  if (!lines.isEmpty() && lines.back().isEmpty()) lines.removeLast(); // the final line's newline
  if (lines.isEmpty()) throw std::runtime_error(QStringLiteral("%1: is empty").arg(path).toStdString());
  QHash<QString, std::int64_t> ids;
  ids.reserve(lines.size());
  for (int i = 0; i < int(lines.size()); ++i) {
    QByteArray line = lines[i];
    if (line.endsWith('\r')) line.chop(1);
    const QString token = QString::fromUtf8(line);
    const auto seen = ids.constFind(token);
    if (seen != ids.constEnd())
      throw std::runtime_error(
          QStringLiteral("%1:%2: '%3' repeats line %4").arg(path).arg(i + 1).arg(token).arg(*seen + 1).toStdString());
    ids.insert(token, i);
  }
  return ids;
}

}  // namespace

QStringList bertBasicTokens(const QString &text, bool lowerCase) {
  QStringList tokens;
  const std::u32string clean = cleaned(text);
  std::size_t start = 0;
  while (start < clean.size()) {
    if (QChar::isSpace(clean[start])) {
      ++start;
      continue;
    }
    std::size_t end = start;
    while (end < clean.size() && !QChar::isSpace(clean[end])) ++end;
    std::u32string word = clean.substr(start, end - start);
    if (lowerCase) word = withoutAccents(fromCodePoints(word).toLower());
    appendSplitOnPunctuation(word, tokens);
    start = end;
  }
  return tokens;
}

WordPieceTokenizer::WordPieceTokenizer(const TokenizerSpec &spec)
    : TextTokenizer(spec.contextLength), m_lowerCase(spec.lowerCase) {
  m_ids = readVocabulary(readFileBytes(spec.vocabularyFile), spec.vocabularyFile);
  m_size = int(m_ids.size());
  const SpecialTokens tokens = spec.specialTokens();
  m_unknown = specialId(m_ids, tokens.unknown, spec.vocabularyFile);
  m_unknownPiece = tokens.unknown;
  setFraming(m_ids, tokens, spec.vocabularyFile);
}

TextTokenizer::Subwords WordPieceTokenizer::subwords(const QString &text) const {
  Subwords out;
  for (const QString &word : bertBasicTokens(text, m_lowerCase)) appendWord(word, out);
  return out;
}

// Greedy longest match first (Wu et al. 2016, Sec. 4.1 as BERT applies it): the longest vocabulary
// entry that starts the word, then the longest "##" entry that continues it, and so on. A word
// with a remainder no entry starts becomes the unknown token whole, not partly spelled (a tokenizer
// without one drops it). O(n²) lookups for a word of n characters, n ≤ 100.
void WordPieceTokenizer::appendWord(const QString &word, Subwords &out) const {
  const std::u32string chars = codePoints(word);
  Subwords pieces;
  bool spelled = chars.size() <= std::size_t(kMaxWordChars);
  for (std::size_t start = 0; spelled && start < chars.size();) {
    std::size_t end = chars.size();
    for (; end > start; --end) {
      const QString piece = (start > 0 ? kContinuation : QString()) + fromCodePoints(chars.substr(start, end - start));
      const auto found = m_ids.constFind(piece);
      if (found == m_ids.constEnd()) continue;
      pieces.ids.push_back(*found);
      pieces.pieces << piece;
      break;
    }
    spelled = end > start;
    start = end;
  }
  if (spelled) {
    out.ids.insert(out.ids.end(), pieces.ids.begin(), pieces.ids.end());
    out.pieces << pieces.pieces;
  } else if (m_unknown) {
    out.ids.push_back(*m_unknown);
    out.pieces << m_unknownPiece;
  }
}

}  // namespace gs
