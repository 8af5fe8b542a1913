#include "vision/conceptvocabulary.h"

#include <QJsonArray>
#include <QSet>

#include <algorithm>
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

ConceptVocabulary ConceptVocabulary::build(const Dataset &dataset, const std::vector<int> &images, int maxConcepts,
                                           int minImages) {
  QHash<QString, int> imageCount;                // lemma → images it occurs in
  QHash<QString, QHash<QString, int>> surface;   // lemma → surface form → token count
  for (int image : images) {
    QSet<QString> seen;
    for (int c : dataset.images[image].captions) {
      for (const QString &token : dataset.captions[c].tokens) {
        if (token.isEmpty() || isFunctionWord(token)) continue;
        const QString lemma = conceptLemma(token);
        surface[lemma][token] += 1;
        seen.insert(lemma);
      }
    }
    for (const QString &lemma : seen) imageCount[lemma] += 1;
  }
  std::vector<std::pair<int, QString>> ranked;
  for (auto it = imageCount.cbegin(); it != imageCount.cend(); ++it)
    if (it.value() >= minImages) ranked.emplace_back(-it.value(), it.key());
  std::sort(ranked.begin(), ranked.end());
  if (static_cast<int>(ranked.size()) > maxConcepts) ranked.resize(maxConcepts);

  ConceptVocabulary vocabulary;
  for (const auto &[negCount, lemma] : ranked) {
    const QHash<QString, int> &forms = surface[lemma];
    QString best;
    int bestCount = -1;
    for (auto it = forms.cbegin(); it != forms.cend(); ++it)
      if (it.value() > bestCount || (it.value() == bestCount && it.key() < best)) {
        best = it.key();
        bestCount = it.value();
      }
    vocabulary.m_index.insert(lemma, vocabulary.m_lemmas.size());
    vocabulary.m_lemmas << lemma;
    vocabulary.m_names << best;
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
  return {{QStringLiteral("names"), QJsonArray::fromStringList(m_names)},
          {QStringLiteral("lemmas"), QJsonArray::fromStringList(m_lemmas)}};
}

ConceptVocabulary ConceptVocabulary::fromJson(const QJsonObject &json) {
  ConceptVocabulary vocabulary;
  for (const QJsonValue &v : json.value(QStringLiteral("names")).toArray()) vocabulary.m_names << v.toString();
  for (const QJsonValue &v : json.value(QStringLiteral("lemmas")).toArray()) {
    vocabulary.m_index.insert(v.toString(), vocabulary.m_lemmas.size());
    vocabulary.m_lemmas << v.toString();
  }
  return vocabulary;
}

}  // namespace gs
