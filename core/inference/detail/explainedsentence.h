#pragma once
// A sentence as the score explainer reads it: the caption (parsed for tree models), its encoding,
// which word token each tree node stands for, the parts attribution is reported on (tree nodes,
// words or characters), and the sentences occlusion encodes in their place.

#include "models/detail/textbatch.h"
#include "models/detail/vocabulary.h"
#include "inference/attribution.h"
#include "training/trainingdata.h"

#include <functional>
#include <memory>
#include <vector>

namespace gs::detail {

struct ExplainedSentence {
  TrainingCaption caption;
  EncodedCaption encoded;
  std::vector<int> nodeToken;      // tree models: each node's word token, -1 for a phrase node
  std::vector<int> byteOfChar;     // character models: each character's first UTF-8 byte (+ one past the end)
};

// Parses a sentence as training parsed its captions (tree models).
using SentenceParser = std::function<SharedParse(const QString &text)>;

// Throws std::invalid_argument for a caption without words. `parse` is used for tree models only.
ExplainedSentence readSentence(const QString &caption, const Vocabulary &vocabulary, const TreeVocabulary *trees,
                               SentenceUnitKind unit, const SentenceParser &parse);

// The parts with text, label, tree links and spans; contributions left at zero.
std::vector<AttributedPart> partsOf(const ExplainedSentence &sentence, SentenceUnitKind unit, const TreeVocabulary *trees);

// The word tokens (characters: the characters) each part covers: a tree node its whole subtree's.
std::vector<std::vector<int>> coveredPositions(const ExplainedSentence &sentence, SentenceUnitKind unit);

// Occlusion's edit for each part: the sentence without the covered words (or characters), as a
// caption to be parsed again; an empty raw text where nothing would remain.
std::vector<TrainingCaption> removalEdits(const ExplainedSentence &sentence, SentenceUnitKind unit);
// The encoding with the covered words replaced by the unknown word, the tree kept (word units).
std::vector<EncodedCaption> unknownEdits(const ExplainedSentence &sentence, SentenceUnitKind unit);

}  // namespace gs::detail
