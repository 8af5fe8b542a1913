#pragma once
// `groundscope-cli bench map`: the Map's layouts of one input — t-SNE as the Map runs it (the
// baseline), UMAP and PCA — each with its time and neighbourhood preservation (the share of each
// point's 10 nearest neighbours kept on the map, over kMapBenchSample points); and the Map's frame
// times, which the GUI binary measures (the plot lives in the widget library). Torch-free.

#include "experiments/bench/tsnebench.h"

#include <QString>

#include <vector>

namespace gs {

class JobContext;

constexpr int kMapBenchSample = 5000; // points scored for neighbourhood preservation

struct MapLayoutBenchRow {
  QString method; // "t-SNE (FFT; baseline)", "UMAP (HNSW neighbours)", "PCA", …
  double seconds = 0;
  double preservation = 0;
};

// t-SNE, UMAP and PCA of the input on `threads` threads (0: all cores), in that order, through
// `job` (logged, cancellable). Throws as runTsne, runUmap and pcaProject do.
std::vector<MapLayoutBenchRow> benchMapLayouts(const TsneBenchInput &input, int threads, JobContext &job);

// The Map plot's frame times at each of `counts` (comma-separated item counts), as the GUI binary
// `gui` prints them when run offscreen with --bench-map-frames (waits up to ten minutes); or one
// line with its error output when it fails.
QString mapFrameTimes(const QString &gui, const QString &counts);

}  // namespace gs
