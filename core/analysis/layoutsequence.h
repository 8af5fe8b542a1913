#pragma once
// Maps of the same items at successive moments (a run's epochs, runtrajectory.h), aligned so that
// an item moves on the map only as far as its place in the joint space changed: each t-SNE or UMAP
// layout after the first starts from the previous one and optimises it further (t-SNE without early
// exaggeration, as openTSNE's "optimize further"; UMAP for 100 epochs at a tenth of its learning
// rate), then every layout — PCA's too, whose axes may flip or swap between epochs — is turned onto
// the previous one by the orthogonal Procrustes fit (rotation or reflection, uniform scale and
// translation; Schönemann 1966), which changes no distance ratio on the map. Also the one place a
// single map is computed (layoutAfter with no previous layout): the Map panel and the CLI's `map`
// and `tsne` commands all lay out through it. Torch-free.

#include "analysis/tsne.h"
#include "analysis/umap.h"
#include "io/enumnames.h"

#include <functional>
#include <vector>

namespace gs {

class JobContext;

enum class LayoutMethod { Tsne, Umap, Pca };
template <> const std::vector<EnumName<LayoutMethod>> &enumTable<LayoutMethod>(); // "tsne", "umap", "pca"

// For people: "t-SNE", "UMAP" or "PCA" (job names, figure titles).
QString layoutMethodTitle(LayoutMethod method);

struct LayoutSequenceOptions {
  LayoutMethod method = LayoutMethod::Tsne;
  TsneOptions tsne; // its `initial` is set per frame
  UmapOptions umap; // likewise
  int pcaThreads = 0; // PCA's threads, 0 = all cores (t-SNE's and UMAP's are in their options)
};

// Sets options.method from a name the command line's --method takes: a LayoutMethod's ("tsne",
// "umap", "pca") or a t-SNE repulsion's other than "auto" ("bh", "fft", "exact": t-SNE with that
// repulsion, options.tsne.method). False for any other name, the options unchanged.
bool setLayoutMethod(LayoutSequenceOptions &options, const QString &name);

// One layout and what its method reports; the fields of the other methods keep their defaults.
struct LayoutResult {
  std::vector<float> positions;            // n × 2 row-major
  double seconds = 0;                      // t-SNE's or UMAP's own time (PCA: 0)
  int steps = 0;                           // t-SNE's iterations or UMAP's epochs
  double kl = 0;                           // t-SNE: TsneResult::kl
  TsneMethod repulsion = TsneMethod::Auto; // t-SNE: what its Auto resolved to
  bool approximateNeighbours = false;      // t-SNE or UMAP: HNSW neighbours
  int components = 0;                      // UMAP: connected components of the neighbour graph
};

// Called from the job's thread with the layout so far: t-SNE's every tsne.reportEvery iterations
// (step, KL), UMAP's every umap.reportEvery epochs (step, kl 0); PCA never calls it.
using LayoutProgress = std::function<void(int step, double kl, const std::vector<float> &positions)>;

// Called after each frame's layout with its index and positions (n × 2).
using LayoutSequenceProgress = std::function<void(int frame, const std::vector<float> &positions)>;

// Lays out every frame (each n × dim, row-major) in order. Throws std::invalid_argument like runTsne
// / runUmap (naming the frame) for bad input; honours job->checkpoint() through them.
std::vector<std::vector<float>> alignedLayouts(const std::vector<std::vector<float>> &frames, int n, int dim,
                                               const LayoutSequenceOptions &options, JobContext *job = nullptr,
                                               const LayoutSequenceProgress &progress = {});

// The layout of n points (n × dim, row-major) by options.method. With an empty `previous`, a fresh
// map with exactly the method's own options; else started from `previous` (n × 2) as alignedLayouts
// starts each frame after the first, and turned onto it (also how a second run's map of the same
// items is laid out from the first run's, the Map's comparison). Throws std::invalid_argument as
// runTsne, runUmap and pcaProject do; honours job->checkpoint() through them.
LayoutResult layoutAfter(const std::vector<float> &points, int n, int dim, const LayoutSequenceOptions &options,
                         const std::vector<float> &previous = {}, JobContext *job = nullptr,
                         const LayoutProgress &progress = {});

// The options lowered to what n items allow, as every map of a small split needs: t-SNE needs
// n − 1 > 3·perplexity, UMAP more items than neighbours.
LayoutSequenceOptions fittedToItems(LayoutSequenceOptions options, int n);

// Replaces `moving` (n × 2) by s·R·moving + t, with R orthogonal (a rotation or a reflection),
// s > 0 and t chosen to minimise the squared distance to `reference` (n × 2). Identical layouts stay
// as they are; a degenerate `moving` (all points equal) is only translated.
void procrustesAlign(std::vector<float> &moving, const std::vector<float> &reference);

}  // namespace gs
