#pragma once
// Figures of a joint space that training reports besides retrieval: the order-sensitive twin
// accuracy (each epoch and at the end) and Socher's sentence-similarity mean rank (at the end).

#include "training/detail/embedder.h"

#include <utility>

namespace gs::detail {

// How often an order-sensitive caption of `split` scores its own image above its distractor twin
// (%, and how many captions were asked); {-1, 0} on data without twins.
std::pair<double, int> twinAccuracy(Embedder &embedder, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                                    Split split = Split::Test);

// Socher §6.1 on the test captions: the mean rank of the first caption of the same image when
// every other test caption is ranked by similarity to a caption; 0 when no image has two test
// captions.
double sentenceSimilarityOnTest(Embedder &embedder, const TrainingData &data, const std::vector<EncodedCaption> &encoded);

}  // namespace gs::detail
