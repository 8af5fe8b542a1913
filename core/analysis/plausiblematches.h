#pragma once
// Retrieval that forgives false negatives: COCO-style benchmarks count only an image's own captions
// as correct, though many other images show the same things. Plausible-match R-precision (PMRP;
// Chun et al. 2021 PCME §5, reported again by Chun et al. 2022 ECCV Caption) counts every item
// whose image's concept labels match the query's as a plausible hit. Torch-free.

#include <QStringList>

#include <vector>

namespace gs {

// When a candidate image is plausible for a query image, from their concept labels:
//  LabelDistance: the two sets differ in at most `maxDifference` labels (PCME's ζ: the symmetric
//                 difference of the binary label vectors; ζ = 0, identical sets, is the default, as
//                 PCME and ECCV Caption report it).
//  ContainsAll:   the candidate has every concept of the query (it may show more).
//  Jaccard:       |Q ∩ C| / |Q ∪ C| ≥ minJaccard.
// A query image without concepts has no plausible images but its own: an empty label set says
// nothing about what it shows, and would otherwise match every other unlabelled image.
enum class PlausibleRule { LabelDistance, ContainsAll, Jaccard };

struct PlausibleOptions {
  PlausibleRule rule = PlausibleRule::LabelDistance;
  int maxDifference = 0;   // LabelDistance's ζ
  double minJaccard = 0.5; // Jaccard's threshold
};

// Whether `candidate` is plausible for `query` (concept labels; duplicates and order ignored).
bool isPlausible(const QStringList &query, const QStringList &candidate, const PlausibleOptions &options = {});

// One query: its ranking (item indices, best first; may be cut short) and which items are
// plausible for it (plausible[item]; R = their count, the true partners included). precision is
// |plausible ∩ top R| / R; firstRank0 is the 0-based rank of the first plausible item in the
// ranking, -1 when none is in it. O(R + length of the ranking).
struct PlausibleQuery {
  int relevant = 0;       // R
  double precision = 0;   // R-precision, 0..1
  int firstRank0 = -1;
};
PlausibleQuery scorePlausible(const std::vector<int> &ranking, const std::vector<char> &plausible);

struct PlausibleMetrics {
  double pmrp = 0;                // mean R-precision over queries, in percent
  double r1 = 0, r5 = 0, r10 = 0; // a plausible item within the top K, in percent
  double meanRelevant = 0;        // mean R
  int queries = 0;                // queries with at least one plausible item
};
// The mean over queries (those with R = 0 left out).
PlausibleMetrics summarisePlausible(const std::vector<PlausibleQuery> &queries);

struct PlausibleRetrieval {
  PlausibleMetrics textToImage; // a caption's plausible images: its own and those plausible for it
  PlausibleMetrics imageToText; // an image's plausible captions: those of its plausible images
};
// similarity: images × captions, row-major, as evaluateRetrieval takes it; captionImage[c] the row
// of caption c's image; concepts[i] image i's labels. Rankings follow ranksAbove (retrieval.h).
// Cost O(I·C·log(max(I, C))) for the rankings plus O(I²·L) for the plausibility of image pairs.
// Throws std::invalid_argument naming evaluatePlausible on inconsistent sizes.
PlausibleRetrieval evaluatePlausible(const std::vector<float> &similarity, int images, int captions,
                                     const std::vector<int> &captionImage, const std::vector<QStringList> &concepts,
                                     const PlausibleOptions &options = {});

}  // namespace gs
