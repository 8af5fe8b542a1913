#pragma once
// Contrast sets: minimal edits of a real caption made from its dependency tree (collapsed
// Stanford dependencies, as attachParses gives them), so a model can be asked whether its own
// image still prefers the true caption. Socher et al. 2014 (§1, §6) and the DT-LSTM paper claim
// that a model composing over the tree knows who did what to whom, which a bag of words cannot:
// the swap edit asks exactly that on any dataset, as the Scenes demo's role-swapped twins do on
// synthetic data. Torch-free, Qt Core only.
//
// Four generators, each refusing (returning nothing) when it has nothing to edit:
//  swap    — exchanges two argument phrases, whole subtrees ("a black dog" ↔ "a red ball"):
//            1. the subject (nsubj or nsubjpass) and the direct object (dobj) of one head;
//            2. else the subject and the object of the head's first prep_* dependent to the right
//               of the subject ("a red circle is above a blue square");
//            3. else a noun and the object of its first prep_* dependent to its right ("a red
//               circle left of a blue square", "there is a dog on a sofa"): the noun's phrase is
//               the noun with its determiners and modifiers to its left (det, amod, num, nn,
//               poss, predet, quantmod, number), and only those.
//            Where the prep_* object is a relational noun (left, right, top, front, back, side…),
//            the argument is its prep_of dependent's phrase ("to the left of X": X), or that of
//            the head's prep_of dependent right after it; a relational noun is never rule 3's noun. A phrase leaves out its own preposition (the collapsed style's `case` leaf)
//            and punctuation. Refused when no such pair exists, a phrase is not contiguous, or
//            the two phrases read the same.
//  drop    — removes one adjective (amod subtree) or one prepositional modifier (prep_* subtree,
//            preposition included), chosen by the seed among all of them in token order.
//  replace — replaces the head noun of the subject or the direct object (or of a verbless
//            caption's root noun), chosen by the seed, by another noun of similar corpus
//            frequency (NounFrequencies::neighbours), chosen by the seed; never the same word,
//            nor a word already in the caption.
//  shuffle — permutes the words (punctuation stays in place), seeded; the control: a bag of words
//            cannot tell the edit from the caption. Up to kShuffleDraws permutations are drawn;
//            refused when every one gives back the original order (one word, or all words alike).
// Every generator refuses a caption whose parse fell back to a flat tree (swap, drop, replace),
// and an edit whose word tokens equal the caption's.

#include "io/enumnames.h"
#include "parse/parsedcaption.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace gs {

enum class ContrastKind { Swap, Drop, Replace, Shuffle };
// "swap", "drop", "replace", "shuffle", in that order.
template <>
const std::vector<EnumName<ContrastKind>> &enumTable<ContrastKind>();
std::vector<ContrastKind> allContrastKinds();

struct ContrastEdit {
  QString text;       // the edited caption as a sentence ("A cat chases a dog.")
  QStringList tokens; // its word tokens (gs::tokenize: lower-cased, punctuation dropped)
  QString change;     // what was edited: "dog ↔ cat", "− on the beach", "dog → horse", "shuffled"
};

// Nouns of a corpus with their counts, ranked by count (most frequent first, ties alphabetically).
class NounFrequencies {
public:
  NounFrequencies() = default;
  explicit NounFrequencies(const QHash<QString, int> &counts);

  int size() const { return int(m_ranked.size()); }
  int count(const QString &noun) const { return m_counts.value(noun.toLower()); }
  // The `k` nouns nearest to `noun` in the ranking (alternately one more and one less frequent,
  // nearest first; a noun not in the table is placed by its count 0, i.e. among the rarest),
  // never `noun` itself nor a word of `exclude`. Cost O(log V + k).
  QStringList neighbours(const QString &noun, int k, const QStringList &exclude = {}) const;

private:
  QHash<QString, int> m_counts;
  std::vector<std::pair<int, QString>> m_ranked; // (−count, noun), sorted
};

// Adds the caption's nouns (UPOS NOUN, lower-cased, letters and hyphens only) to `counts`.
void countNouns(const ParsedCaption &caption, QHash<QString, int> &counts);

// How many permutations shuffleEdit draws before it refuses.
constexpr int kShuffleDraws = 8;
// How many frequency neighbours replaceEdit chooses among.
constexpr int kReplaceNeighbours = 10;

std::optional<ContrastEdit> swapEdit(const ParsedCaption &caption);
std::optional<ContrastEdit> dropEdit(const ParsedCaption &caption, quint64 seed);
std::optional<ContrastEdit> replaceEdit(const ParsedCaption &caption, const NounFrequencies &nouns, quint64 seed);
std::optional<ContrastEdit> shuffleEdit(const ParsedCaption &caption, quint64 seed);
// The generator of `kind` (nouns: replace only). Cost O(n) in the caption's tokens.
std::optional<ContrastEdit> contrastEdit(ContrastKind kind, const ParsedCaption &caption, const NounFrequencies &nouns, quint64 seed);

// A 64-bit mix of a seed and a value (splitmix64's finaliser): one caption's seed from the run's
// seed and the caption's index, so an edit does not depend on which other captions are asked.
quint64 mixSeed(quint64 seed, quint64 value);

}  // namespace gs
