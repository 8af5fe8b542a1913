#pragma once
// The semantic concepts of Huang et al. 2018 (Sec. 3.2): "we only keep the nouns, adjectives, verbs
// and numbers as semantic concepts ... ignore those words that have very low use frequencies ...
// unify the different tenses of verbs, and the singular and plural forms of nouns". Each image's
// ground-truth concepts are the concepts of its captions (a multi-hot vector y_i ∈ {0,1}^K).
//
// Choices where the paper is vague: with no part-of-speech tagger in the loop, the open-class words
// are found by dropping a closed list of function words (determiners, pronouns, prepositions,
// conjunctions, auxiliaries, adverbs of degree); tenses and plurals are unified by a small suffix
// lemmatiser (conceptLemma); a concept is shown as its most frequent surface form.

#include "data/dataset.h"

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

// The unification key of a word: plural and third-person -s/-es/-ies, -ing and -ed removed, a
// doubled final consonant and a final -e dropped ("circles", "circle" → "circl"; "running", "runs"
// → "run"; "smiled", "smiling", "smiles" → "smil"). Consistent rather than linguistic.
QString conceptLemma(const QString &word);
// True for the closed-class words that are never concepts ("a", "of", "is", "left of"'s "of" …).
bool isFunctionWord(const QString &word);

class ConceptVocabulary {
public:
  // The K most frequent concepts over the captions of `images` (by number of images they occur
  // in, ties by name), keeping those in at least `minImages` images. Cost O(caption tokens).
  static ConceptVocabulary build(const Dataset &dataset, const std::vector<int> &images, int maxConcepts, int minImages);
  static ConceptVocabulary fromJson(const QJsonObject &json);
  QJsonObject toJson() const;

  int size() const { return m_lemmas.size(); }
  const QStringList &names() const { return m_names; }   // display forms, e.g. "circles"
  const QStringList &lemmas() const { return m_lemmas; } // keys, e.g. "circl"
  int indexOf(const QString &word) const { return m_index.value(conceptLemma(word), -1); }
  // Sorted concept indices present in the captions of image `image`.
  std::vector<int> conceptsOf(const Dataset &dataset, int image) const;

private:
  QStringList m_names;
  QStringList m_lemmas;
  QHash<QString, int> m_index;
};

}  // namespace gs
