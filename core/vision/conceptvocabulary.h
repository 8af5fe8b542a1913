#pragma once
// The semantic concepts of Huang et al. 2018 (Sec. 3.2): "we only keep the nouns, adjectives, verbs
// and numbers as semantic concepts ... ignore those words that have very low use frequencies ...
// unify the different tenses of verbs, and the singular and plural forms of nouns". Each image's
// ground-truth concepts are the concepts of its captions (a multi-hot vector y_i ∈ {0,1}^K).
//
// Choices where the paper is vague:
// - Word classes come from the caption parser's parts of speech (NOUN, PROPN, VERB, ADJ, NUM), a
//   word's class being what most of its occurrences are tagged; a closed list of function words is
//   dropped as well, and is all there is for captions without a parse.
// - Caption-style words are dropped. These are words a caption uses because of how captions are
//   written ("picture", "shows", "image"), not because of what the image holds. Each image has
//   several captions, so they are found by agreement: for a word naming something in the image, one
//   caption's use of it makes the image's other captions far likelier to use it too (Flickr8k: "dog"
//   4.5×, "woman" 7.5×). A style word's use is independent of the image (the demo's "picture"
//   0.34×). The lift P(other caption uses w | a caption of the image does) / P(a caption uses w)
//   must reach minAgreement. Words in more than maxCaptionShare of all captions go too.
// - Tenses and plurals are unified by a small suffix lemmatiser (conceptLemma). A concept is shown
//   as its most frequent surface form.

#include "data/dataset.h"

#include <QHash>
#include <QJsonObject>
#include <QSet>
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

struct ConceptVocabularyOptions {
  int maxConcepts = 256;        // K, the paper's
  int minImages = 3;            // a concept must occur in at least this many training images
  double minAgreement = 1.2;    // caption-style words below this lift are dropped; 0 keeps them
  double maxCaptionShare = 0.5; // words in a larger share of all captions are dropped; 1 keeps them
};

// A word left out of the vocabulary, and why.
struct DroppedConcept {
  QString name;
  int images = 0;
  double agreement = 0;
  double captionShare = 0;
  QString reason; // "caption style" (agreement) or "too frequent" (share)
};

// The open-class words of one caption (lower-case forms the parser tagged NOUN, PROPN, VERB, ADJ or
// NUM) and its other words; a caption without a parse has neither and falls back to the function
// word list.
struct CaptionWordClasses {
  QSet<QString> open, closed;
};

class ConceptVocabulary {
public:
  // The K most frequent concepts over the captions of `images` (by number of images they occur
  // in, ties by name), keeping those in at least minImages images, open-class by `classes` (one per
  // dataset caption; empty: every word but the function words) and not caption style. Cost
  // O(caption tokens × captions per image).
  static ConceptVocabulary build(const Dataset &dataset, const std::vector<int> &images, const ConceptVocabularyOptions &options,
                                 const std::vector<CaptionWordClasses> &classes = {});
  static ConceptVocabulary fromJson(const QJsonObject &json);
  QJsonObject toJson() const;

  int size() const { return m_lemmas.size(); }
  // Words that were frequent enough but left out as caption style or too frequent, most frequent first.
  const std::vector<DroppedConcept> &dropped() const { return m_dropped; }
  const QStringList &names() const { return m_names; }   // display forms, e.g. "circles"
  const QStringList &lemmas() const { return m_lemmas; } // keys, e.g. "circl"
  int indexOf(const QString &word) const { return m_index.value(conceptLemma(word), -1); }
  // Sorted concept indices present in the captions of image `image`.
  std::vector<int> conceptsOf(const Dataset &dataset, int image) const;

private:
  QStringList m_names;
  QStringList m_lemmas;
  QHash<QString, int> m_index;
  std::vector<DroppedConcept> m_dropped;
};

}  // namespace gs
