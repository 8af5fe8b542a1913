#pragma once
// Hubs of a joint space: items that turn up among the nearest neighbours of far more queries than
// their share (Radovanović et al. 2010, "Hubs in space", JMLR 11). For each k the k-occurrence N_k
// of every image (how many captions have it among their top-k images) and of every caption (how
// many images have it among their top-k captions), the skewness of each N_k distribution
// (S = E[(N_k − μ)³] / σ³; near 0 without hubs, large and positive with them) and the
// largest hubs. Torch-free: a similarity matrix in, counts out.

#include <vector>

namespace gs {

struct Hub {
  int index = -1; // image or caption row
  int count = 0;  // its N_k
};

struct KOccurrence {
  int k = 0;               // as asked; the lists hold min(k, side size) items
  std::vector<int> counts; // N_k per image (or caption) row
  double skewness = 0;     // third standardized moment over the rows; 0 when all counts are equal
  std::vector<Hub> hubs;   // the largest counts, largest first (ties: lower row first)
};

struct Hubness {
  std::vector<KOccurrence> images;   // one per k: images in captions' top-k lists
  std::vector<KOccurrence> captions; // one per k: captions in images' top-k lists
};

// The third standardized moment of `values` with population moments (Radovanović et al.);
// 0 for fewer than two values or zero variance.
double skewness(const std::vector<int> &values);

// similarity: images × captions, row-major (evaluateRetrieval's layout), higher being closer; top-k
// lists follow ranksAbove (score, then lower row). Cost O(I·C·log k) per k. Throws
// std::invalid_argument on inconsistent sizes or a k < 1.
Hubness hubness(const std::vector<float> &similarity, int images, int captions, const std::vector<int> &ks = {1, 5, 10},
                int topHubs = 10);

}  // namespace gs
