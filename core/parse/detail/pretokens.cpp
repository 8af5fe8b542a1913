#include "parse/detail/pretokens.h"

#include <QHash>
#include <QRegularExpression>

namespace gs::detail {

namespace {

// Quotes and brackets: split off the word they touch.
bool splitOff(QChar c) {
  return c == QLatin1Char('"') || c == QLatin1Char('(') || c == QLatin1Char(')') || c == QLatin1Char('[') ||
         c == QLatin1Char(']') || c == QChar(0x201C) || c == QChar(0x201D) || c == QLatin1Char('{') || c == QLatin1Char('}');
}

// Tokens Link Grammar's tokenizer cuts apart but a reader (and UD) keeps whole: a URL ("http : //www…"),
// an e-mail address with "..." in it, a run of two or four+ periods (". ."). Link Grammar parses a
// stand-in instead: a capitalised unknown word (its proper-noun guess, which links where a name
// would) or "..."; the token keeps the caption's text.
QString standInFor(const QString &token) {
  static const QRegularExpression url(QStringLiteral("^(https?://|ftp://|www\\.)\\S+$"), QRegularExpression::CaseInsensitiveOption);
  static const QRegularExpression email(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}$"));
  static const QRegularExpression periods(QStringLiteral("^(\\.\\.|\\.{4,})$"));
  if (url.match(token).hasMatch() || email.match(token).hasMatch()) return QStringLiteral("Zyx");
  if (periods.match(token).hasMatch()) return QStringLiteral("...");
  return {};
}

// Informal text writes the pronoun "i", contractions without their apostrophe ("do nt", "that s",
// "I ve", as web text and UD's tokens have them), "u" and "ur", "wan na" / "gon na" / "got ta".
// Link Grammar's dictionary knows only the standard spellings and would leave these unlinked; it
// reads the standard one, the token keeps the caption's spelling. A contraction needs a word before it.
QString informalSpelling(const QString &token, const QString &previous) {
  if (token == QLatin1String("i")) return QStringLiteral("I");
  static const QHash<QString, QString> standalone{{QStringLiteral("u"), QStringLiteral("you")}, {QStringLiteral("ur"), QStringLiteral("your")},
                                                  {QStringLiteral("cuz"), QStringLiteral("because")}, {QStringLiteral("cos"), QStringLiteral("because")}};
  static const QHash<QString, QString> contractions{{QStringLiteral("nt"), QStringLiteral("n't")}, {QStringLiteral("s"), QStringLiteral("'s")},
                                                    {QStringLiteral("ve"), QStringLiteral("'ve")}, {QStringLiteral("ll"), QStringLiteral("'ll")},
                                                    {QStringLiteral("re"), QStringLiteral("'re")}, {QStringLiteral("d"), QStringLiteral("'d")},
                                                    {QStringLiteral("m"), QStringLiteral("'m")}};
  static const QHash<QString, QString> splitVerbs{{QStringLiteral("wan"), QStringLiteral("want")}, {QStringLiteral("gon"), QStringLiteral("going")}};
  if (standalone.contains(token)) return standalone.value(token);
  if (splitVerbs.contains(token)) return splitVerbs.value(token);
  const bool afterWord = !previous.isEmpty() && previous.at(0).isLetterOrNumber();
  if (afterWord && contractions.contains(token)) return contractions.value(token);
  const QString before = previous.toLower();
  if ((token == QLatin1String("na") || token == QLatin1String("ta")) &&
      (splitVerbs.contains(before) || before == QLatin1String("got")))
    return QStringLiteral("to");
  return {};
}

// ":)", ";-)", ":D", "<3": Link Grammar's EMOTICON class takes them whole; split, ")" becomes a bracket.
bool isEmoticon(const QString &token) {
  static const QRegularExpression emoticon(QStringLiteral("^([:;=8][-o'^]?[)(\\]\\[DPpO/\\\\|*3]+|<3+)$"));
  return emoticon.match(token).hasMatch();
}

}  // namespace

PreTokens pretokenize(const QString &caption) {
  PreTokens pre;
  auto emit = [&](int from, int to) {
    if (!pre.input.isEmpty()) {
      pre.input += QLatin1Char(' ');
      pre.toCaption.push_back(from);
    }
    for (int k = from; k < to; ++k) {
      pre.input += caption[k];
      pre.toCaption.push_back(k);
    }
  };
  auto emitStandIn = [&](int from, const QString &standIn) { // every stand-in character maps to the token's start
    if (!pre.input.isEmpty()) {
      pre.input += QLatin1Char(' ');
      pre.toCaption.push_back(from);
    }
    for (QChar c : standIn) {
      pre.input += c;
      pre.toCaption.push_back(from);
    }
  };
  int i = 0;
  const int n = static_cast<int>(caption.size());
  QString previous; // the last word emitted
  while (i < n) {
    while (i < n && caption[i].isSpace()) ++i;
    int end = i;
    while (end < n && !caption[end].isSpace()) ++end;
    if (end > i && isEmoticon(caption.mid(i, end - i))) {
      emit(i, end);
      i = end;
      continue;
    }
    int a = i, b = end;
    while (a < b && splitOff(caption[a])) { emit(a, a + 1); ++a; }
    int tail = b;
    while (tail > a && (splitOff(caption[tail - 1]) || (tail - 1 > a && splitOff(caption[tail - 2]) && caption[tail - 1].isPunct()))) --tail;
    const QString token = caption.mid(a, tail - a);
    QString standIn = a < tail ? standInFor(token) : QString();
    if (standIn.isEmpty() && a < tail) standIn = informalSpelling(token, previous);
    if (!standIn.isEmpty()) emitStandIn(a, standIn);
    else if (a < tail) emit(a, tail);
    if (a < tail) previous = token;
    for (int k = tail; k < b; ++k) emit(k, k + 1);
    i = end;
  }
  pre.toCaption.push_back(n);
  return pre;
}

}  // namespace gs::detail
