#include "vision/conceptvocabulary.h"

#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace gs {

namespace {

bool isVowel(QChar c) { return QStringLiteral("aeiou").contains(c); }

// Stems shorter than this are left alone ("red" is not "r" + "-ed", "ring" not "r" + "-ing").
constexpr int kMinStem = 3;

}  // namespace

bool isFunctionWord(const QString &word) {
  static const QSet<QString> words = [] {
    QSet<QString> set;
    for (const char *w :
         {"a", "an", "the", "this", "that", "these", "those", "some", "any", "each", "every", "another", "other",
          "is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "do", "does", "did",
          "will", "would", "can", "could", "may", "might", "shall", "should", "must", "of", "in", "on", "at",
          "to", "from", "with", "without", "by", "for", "into", "onto", "over", "under", "above", "below",
          "beneath", "near", "behind", "beside", "besides", "between", "among", "around", "through", "across",
          "along", "against", "toward", "towards", "up", "down", "out", "off", "about", "after", "before",
          "and", "or", "but", "nor", "so", "yet", "as", "than", "then", "while", "when", "where", "who",
          "whom", "whose", "which", "what", "it", "its", "he", "him", "his", "she", "her", "hers", "they",
          "them", "their", "theirs", "we", "us", "our", "you", "your", "i", "me", "my", "there", "here",
          "very", "too", "also", "just", "not", "no", "all", "both", "either", "neither", "one's", "s",
          "'s", "next", "together", "other", "others", "own", "such", "like", "into", "upon", "within"})
      set.insert(QString::fromLatin1(w));
    return set;
  }();
  return words.contains(word);
}

QString conceptLemma(const QString &input) {
  QString w = input.toLower();
  const auto strip = [&w](int n) {
    if (w.size() - n < kMinStem) return false;
    w.chop(n);
    return true;
  };
  // Plurals and third person singular.
  if (w.endsWith(QLatin1String("ies")) && w.size() > 4) {
    w.chop(3);
    w += QLatin1Char('y');
  } else if (w.endsWith(QLatin1String("sses")) || w.endsWith(QLatin1String("xes")) || w.endsWith(QLatin1String("ches")) ||
             w.endsWith(QLatin1String("shes")) || w.endsWith(QLatin1String("zes"))) {
    strip(2);
  } else if (w.endsWith(QLatin1Char('s')) && !w.endsWith(QLatin1String("ss")) && !w.endsWith(QLatin1String("us")) &&
             !w.endsWith(QLatin1String("is"))) {
    strip(1);
  }
  // Tenses: -ing and -ed, then undo a doubled consonant ("running" → "runn" → "run").
  bool verbal = false;
  if (w.endsWith(QLatin1String("ing")))
    verbal = strip(3);
  else if (w.endsWith(QLatin1String("ed")))
    verbal = strip(2);
  if (verbal && w.size() > kMinStem && w.at(w.size() - 1) == w.at(w.size() - 2) && !isVowel(w.back()) &&
      w.back() != QLatin1Char('l') && w.back() != QLatin1Char('s'))
    w.chop(1);
  if (w.endsWith(QLatin1Char('e')) && w.size() > kMinStem) w.chop(1); // "smile"/"smil(ing)" agree
  return w;
}

namespace {

// What build() learns of one lemma over the training captions.
struct LemmaStats {
  int images = 0, captions = 0;
  long long pairs = 0, agreeing = 0; // other captions of the same image, and those using it too
  int openVotes = 0, closedVotes = 0;
  QHash<QString, int> forms;         // surface form → token count
  double agreement(int totalCaptions) const {
    if (pairs == 0 || captions == 0) return std::numeric_limits<double>::infinity(); // one caption per image: no evidence
    return (double(agreeing) / double(pairs)) / (double(captions) / totalCaptions);
  }
  QString displayForm() const {
    QString best;
    int bestCount = -1;
    for (auto it = forms.cbegin(); it != forms.cend(); ++it)
      if (it.value() > bestCount || (it.value() == bestCount && it.key() < best)) {
        best = it.key();
        bestCount = it.value();
      }
    return best;
  }
};

// The lemmas of one caption, voting on each one's word class.
QSet<QString> captionLemmas(const CaptionRecord &caption, const CaptionWordClasses *classes, QHash<QString, LemmaStats> &stats) {
  QSet<QString> lemmas;
  for (const QString &token : caption.tokens) {
    if (token.isEmpty() || isFunctionWord(token)) continue;
    const QString lemma = conceptLemma(token);
    LemmaStats &s = stats[lemma];
    s.forms[token] += 1;
    if (classes && classes->open.contains(token)) ++s.openVotes;
    else if (classes && classes->closed.contains(token)) ++s.closedVotes;
    lemmas.insert(lemma);
  }
  return lemmas;
}

// Counts, for every lemma of every caption of the image, the image's other captions and those of
// them that use the lemma too.
void countAgreement(const std::vector<QSet<QString>> &captions, QHash<QString, LemmaStats> &stats) {
  for (std::size_t i = 0; i < captions.size(); ++i)
    for (const QString &lemma : captions[i]) {
      LemmaStats &s = stats[lemma];
      ++s.captions;
      for (std::size_t j = 0; j < captions.size(); ++j)
        if (j != i) {
          ++s.pairs;
          s.agreeing += captions[j].contains(lemma) ? 1 : 0;
        }
    }
}

}  // namespace

ConceptVocabulary ConceptVocabulary::build(const Dataset &dataset, const std::vector<int> &images, const ConceptVocabularyOptions &options,
                                           const std::vector<CaptionWordClasses> &classes) {
  QHash<QString, LemmaStats> stats;
  int totalCaptions = 0;
  for (int image : images) {
    std::vector<QSet<QString>> perCaption;
    QSet<QString> seen;
    for (int c : dataset.images[image].captions) {
      const CaptionWordClasses *wordClasses = std::size_t(c) < classes.size() ? &classes[std::size_t(c)] : nullptr;
      perCaption.push_back(captionLemmas(dataset.captions[c], wordClasses, stats));
      seen.unite(perCaption.back());
      ++totalCaptions;
    }
    countAgreement(perCaption, stats);
    for (const QString &lemma : seen) stats[lemma].images += 1;
  }
  ConceptVocabulary vocabulary;
  std::vector<std::pair<int, QString>> ranked;
  for (auto it = stats.cbegin(); it != stats.cend(); ++it) {
    const LemmaStats &s = it.value();
    if (s.images < options.minImages || s.closedVotes > s.openVotes) continue;
    const double agreement = s.agreement(totalCaptions), share = double(s.captions) / std::max(1, totalCaptions);
    QString reason;
    if (agreement < options.minAgreement) reason = QStringLiteral("caption style");
    else if (share > options.maxCaptionShare) reason = QStringLiteral("too frequent");
    if (reason.isEmpty()) ranked.emplace_back(-s.images, it.key());
    else vocabulary.m_dropped.push_back({s.displayForm(), s.images, agreement, share, reason});
  }
  std::sort(ranked.begin(), ranked.end());
  if (static_cast<int>(ranked.size()) > options.maxConcepts) ranked.resize(std::size_t(options.maxConcepts));
  std::sort(vocabulary.m_dropped.begin(), vocabulary.m_dropped.end(),
            [](const DroppedConcept &a, const DroppedConcept &b) { return a.images != b.images ? a.images > b.images : a.name < b.name; });
  for (const auto &entry : ranked) {
    const QString &lemma = entry.second;
    vocabulary.m_index.insert(lemma, vocabulary.m_lemmas.size());
    vocabulary.m_lemmas << lemma;
    vocabulary.m_names << stats[lemma].displayForm();
  }
  return vocabulary;
}

std::vector<int> ConceptVocabulary::conceptsOf(const Dataset &dataset, int image) const {
  std::vector<int> found;
  for (int c : dataset.images[image].captions)
    for (const QString &token : dataset.captions[c].tokens) {
      const int k = m_index.value(conceptLemma(token), -1);
      if (k >= 0 && !isFunctionWord(token)) found.push_back(k);
    }
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  return found;
}

QJsonObject ConceptVocabulary::toJson() const {
  QJsonArray dropped;
  for (const DroppedConcept &d : m_dropped)
    dropped.append(QJsonObject{{QStringLiteral("name"), d.name},
                               {QStringLiteral("images"), d.images},
                               {QStringLiteral("agreement"), std::isfinite(d.agreement) ? QJsonValue(d.agreement) : QJsonValue()},
                               {QStringLiteral("caption_share"), d.captionShare},
                               {QStringLiteral("reason"), d.reason}});
  QJsonObject json{{QStringLiteral("names"), QJsonArray::fromStringList(m_names)},
                   {QStringLiteral("lemmas"), QJsonArray::fromStringList(m_lemmas)}};
  if (!dropped.isEmpty()) json.insert(QStringLiteral("dropped"), dropped);
  return json;
}

ConceptVocabulary ConceptVocabulary::fromJson(const QJsonObject &json) {
  ConceptVocabulary vocabulary;
  for (const QJsonValue &v : json.value(QStringLiteral("names")).toArray()) vocabulary.m_names << v.toString();
  for (const QJsonValue &v : json.value(QStringLiteral("lemmas")).toArray()) {
    vocabulary.m_index.insert(v.toString(), vocabulary.m_lemmas.size());
    vocabulary.m_lemmas << v.toString();
  }
  for (const QJsonValue &v : json.value(QStringLiteral("dropped")).toArray()) {
    const QJsonObject d = v.toObject();
    vocabulary.m_dropped.push_back({d.value(QStringLiteral("name")).toString(), d.value(QStringLiteral("images")).toInt(),
                                    d.value(QStringLiteral("agreement")).toDouble(std::numeric_limits<double>::infinity()),
                                    d.value(QStringLiteral("caption_share")).toDouble(), d.value(QStringLiteral("reason")).toString()});
  }
  return vocabulary;
}

}  // namespace gs
