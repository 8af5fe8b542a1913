#include "parse/detail/wordclasses.h"

namespace gs::detail {

namespace {

QSet<QString> wordSet(std::initializer_list<const char *> words) {
  QSet<QString> set;
  for (const char *w : words) set.insert(QString::fromLatin1(w));
  return set;
}

}  // namespace

bool isPunctuation(const QString &form) {
  if (form.isEmpty()) return false;
  for (QChar c : form)
    if (!c.isPunct() && !c.isSymbol()) return false;
  return true;
}

bool isNumber(const QString &lower) {
  static const QSet<QString> words{QStringLiteral("one"),   QStringLiteral("two"),     QStringLiteral("three"),
                                   QStringLiteral("four"),  QStringLiteral("five"),    QStringLiteral("six"),
                                   QStringLiteral("seven"), QStringLiteral("eight"),   QStringLiteral("nine"),
                                   QStringLiteral("ten"),   QStringLiteral("eleven"),  QStringLiteral("twelve"),
                                   QStringLiteral("twenty"), QStringLiteral("hundred"), QStringLiteral("thousand"),
                                   QStringLiteral("dozen"), QStringLiteral("million")};
  if (words.contains(lower)) return true;
  bool digit = false;
  for (QChar c : lower) {
    if (c.isDigit()) digit = true;
    else if (c != QLatin1Char('.') && c != QLatin1Char(',') && c != QLatin1Char('-') && c != QLatin1Char('/')) return false;
  }
  return digit;
}

const QSet<QString> &determiners() {
  static const QSet<QString> s = wordSet({"a", "an", "the", "this", "that", "these", "those", "every", "each", "some",
                                          "any", "no", "another", "both", "either", "neither", "all", "which", "what"});
  return s;
}
const QSet<QString> &possessivePronouns() {
  static const QSet<QString> s = wordSet({"my", "your", "his", "her", "its", "our", "their", "whose"});
  return s;
}
const QSet<QString> &pronouns() {
  static const QSet<QString> s = wordSet({"i", "you", "he", "she", "it", "we", "they", "me", "him", "us", "them", "who",
                                          "whom", "someone", "somebody", "something", "everyone", "everybody",
                                          "everything", "nobody", "nothing", "anyone", "anything", "itself", "himself",
                                          "herself", "themselves", "myself", "yourself", "one", "mine", "yours"});
  return s;
}
const QSet<QString> &prepositions() {
  static const QSet<QString> s = wordSet({"in", "on", "at", "with", "by", "of", "for", "from", "to", "near", "under", "over",
                                          "behind", "into", "onto", "through", "across", "along", "around", "beside",
                                          "between", "above", "below", "inside", "outside", "toward", "towards", "against",
                                          "during", "without", "past", "like", "beneath", "among", "atop", "upon",
                                          "underneath", "amongst", "about", "after", "before", "since", "until", "via",
                                          "throughout", "within", "beyond", "alongside", "amid", "per", "than", "as"});
  return s;
}
const QSet<QString> &beForms() {
  static const QSet<QString> s = wordSet({"be", "is", "are", "was", "were", "been", "being", "am", "'s", "'re", "'m"});
  return s;
}
const QSet<QString> &whAdverbs() {
  static const QSet<QString> s = wordSet({"when", "where", "how", "why", "whenever", "wherever"});
  return s;
}

const QSet<QString> &bareInfinitiveVerbs() {
  static const QSet<QString> s = wordSet({"let", "lets", "letting", "make", "makes", "made", "making", "help", "helps", "helped",
                                          "helping", "see", "sees", "saw", "seen", "seeing", "watch", "watches", "watched",
                                          "watching", "hear", "hears", "heard", "hearing", "feel", "feels", "felt", "feeling"});
  return s;
}

bool isNominal(const QString &upos) {
  return upos == QLatin1String("NOUN") || upos == QLatin1String("PROPN") || upos == QLatin1String("PRON") ||
         upos == QLatin1String("NUM");
}


QString guessUpos(const LgWord &word) {
  const QString lower = readSpelling(word).toLower();
  const QString &s = word.suffix;
  if (isPunctuation(word.form)) return QStringLiteral("PUNCT");
  if (isNumber(lower)) return QStringLiteral("NUM");
  if (lower == QLatin1String("'s") || lower == QLatin1String("'") || lower == QLatin1String("not") || lower == QLatin1String("n't"))
    return QStringLiteral("PART");
  if (s.startsWith(QLatin1Char('j'))) return lower == QLatin1String("that") ? QStringLiteral("SCONJ") : QStringLiteral("CCONJ");
  if (lower == QLatin1String("and") || lower == QLatin1String("or") || lower == QLatin1String("but")) return QStringLiteral("CCONJ");
  if (possessivePronouns().contains(lower) || pronouns().contains(lower)) return QStringLiteral("PRON");
  if (determiners().contains(lower)) return QStringLiteral("DET");
  if (s.startsWith(QLatin1Char('v')) || s.startsWith(QLatin1Char('g')) || s.startsWith(QLatin1Char('q')) || s.startsWith(QLatin1Char('w')))
    return QStringLiteral("VERB");
  if (s.startsWith(QLatin1Char('a'))) return QStringLiteral("ADJ");
  if (s.startsWith(QLatin1Char('e'))) return QStringLiteral("ADV");
  if (s.startsWith(QLatin1String("ij"))) return QStringLiteral("INTJ");
  if (s.startsWith(QLatin1Char('n')) || s.startsWith(QLatin1Char('s')) || s.startsWith(QLatin1Char('u')))
    return word.form.at(0).isUpper() && s.contains(QLatin1Char('l')) ? QStringLiteral("PROPN") : QStringLiteral("NOUN");
  if (s.startsWith(QLatin1Char('l')) || s.startsWith(QLatin1Char('m')) || s.startsWith(QLatin1Char('f')) || s.startsWith(QLatin1Char('b')))
    return QStringLiteral("PROPN");
  // ".p" is a plural noun ("people.p") except on prepositions ("near.p").
  if (prepositions().contains(lower) || s.startsWith(QLatin1Char('r'))) return QStringLiteral("ADP");
  if (s.startsWith(QLatin1Char('p'))) return QStringLiteral("NOUN");
  if (word.form.at(0).isUpper() && s.isEmpty() && !word.null) return QStringLiteral("PROPN");
  return QStringLiteral("NOUN");
}

}  // namespace gs::detail
