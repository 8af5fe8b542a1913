#pragma once
// Maps of the same items at successive moments (a run's epochs, runtrajectory.h), aligned so that
// an item moves on the map only as far as its place in the joint space changed: each t-SNE or UMAP
// layout after the first starts from the previous one and optimises it further (t-SNE without early
// exaggeration, as openTSNE's "optimize further"; UMAP for 100 epochs at a tenth of its learning
// rate) — the "each epoch's layout initialised from the previous one" — then every layout — PCA's too,
// whose axes may flip or swap between epochs — is turned onto the previous one by the orthogonal
// Procrustes fit (rotation or reflection, uniform scale and translation; Schönemann 1966), which
// changes no distance ratio on the map. Torch-free.

#include "analysis/tsne.h"
#include "analysis/umap.h"

#include <functional>
#include <vector>

namespace gs {

class JobContext;

enum class LayoutMethod { Tsne, Umap, Pca };

struct LayoutSequenceOptions {
  LayoutMethod method = LayoutMethod::Tsne;
  TsneOptions tsne; // its `initial` is set per frame
  UmapOptions umap; // likewise
};

// Called after each frame's layout with its index and positions (n × 2).
using LayoutSequenceProgress = std::function<void(int frame, const std::vector<float> &positions)>;

// Lays out every frame (each n × dim, row-major) in order. Throws std::invalid_argument like runTsne
// / runUmap (naming the frame) for bad input; honours job->checkpoint() through them.
std::vector<std::vector<float>> alignedLayouts(const std::vector<std::vector<float>> &frames, int n, int dim,
                                               const LayoutSequenceOptions &options, JobContext *job = nullptr,
                                               const LayoutSequenceProgress &progress = {});

// One frame's layout started from `previous` (n × 2; empty: a fresh layout) as alignedLayouts
// starts each frame after the first, and turned onto it. Also how a second run's map of the same
// items is laid out from the first run's (the Map's comparison).
std::vector<float> layoutAfter(const std::vector<float> &points, int n, int dim, const LayoutSequenceOptions &options,
                               const std::vector<float> &previous, JobContext *job = nullptr);

// The options lowered to what n items allow, as every map of a small split needs: t-SNE needs
// n − 1 > 3·perplexity, UMAP more items than neighbours.
LayoutSequenceOptions fittedToItems(LayoutSequenceOptions options, int n);

// Replaces `moving` (n × 2) by s·R·moving + t, with R orthogonal (a rotation or a reflection),
// s > 0 and t chosen to minimise the squared distance to `reference` (n × 2). Identical layouts stay
// as they are; a degenerate `moving` (all points equal) is only translated.
void procrustesAlign(std::vector<float> &moving, const std::vector<float> &reference);

}  // namespace gs
