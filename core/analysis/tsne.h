#pragma once
// t-SNE (van der Maaten & Hinton 2008) accelerated with trees (van der Maaten 2014, "Accelerating
// t-SNE using Tree-Based Algorithms", JMLR 15): vantage-point-tree neighbours for the input
// similarities, a 2-D Barnes–Hut quad-tree for the repulsive forces — or, for large maps, the
// repulsion by FFT-accelerated interpolation (Linderman et al. 2019, "FIt-SNE") and approximate
// neighbours (HNSW). Plus a PCA projection for the map's PCA mode. Torch-free; runs on std::threads
// over point ranges. Section numbers (§) in this module refer to the JMLR version of van der Maaten 2014.

#include "io/enumnames.h"

#include <functional>
#include <vector>

namespace gs {

class JobContext;

// How the repulsive forces are computed. Auto: exact below 150 points, Barnes–Hut below
// kTsneFftFrom points, FFT interpolation from there (measured on 2 cores, bench tsne: Barnes–Hut
// 3.6 s vs FFT 4.0 s at 5,000 points, 7.2 s vs 5.5 s at 10,000; the FFT grid has a fixed cost).
enum class TsneMethod { Auto, BarnesHut, Fft, Exact };
constexpr int kTsneFftFrom = 8000;
// How the input similarities' neighbours are found. Auto: exact (vantage-point tree) up to
// kTsneApproximateNeighboursFrom points, HNSW from there (recall ~0.99 at K = 90 on the bench input).
enum class TsneNeighbours { Auto, Exact, Approximate };
constexpr int kTsneApproximateNeighboursFrom = 20000;

template <> const std::vector<EnumName<TsneMethod>> &enumTable<TsneMethod>(); // "auto", "bh", "fft", "exact"

struct TsneOptions {
  TsneMethod method = TsneMethod::Auto;
  TsneNeighbours neighbours = TsneNeighbours::Auto;
  double perplexity = 30;
  int iterations = 1000;
  // Barnes–Hut accuracy; 0 → exact O(N²) repulsion. Below 150 points the exact gradient is used
  // whatever theta says: there it costs no more than the tree (measured crossover ~200 points).
  // Only for method BarnesHut (and Auto when it picks Barnes–Hut).
  double theta = 0.5;
  int seed = 1;
  int exaggerationIterations = 250; // early exaggeration ("lying") lasts this many iterations
  double exaggeration = 12;
  double learningRate = 200;
  double initialMomentum = 0.5, finalMomentum = 0.8;
  int momentumSwitch = 250;
  int threads = 0;      // 0: all cores
  int reportEvery = 50; // iterations between progress callbacks (live map updates)
  // A starting layout (n × 2) instead of the random one, used as given (centred): e.g. the previous
  // epoch's converged map, optimised further (then set exaggerationIterations to 0, as openTSNE's
  // "optimize further" does, or the exaggeration pulls the map apart again). A PCA start should be
  // scaled to a small spread (std 1e-4) by the caller, as Kobak & Berens 2019 recommend.
  std::vector<float> initial;
};

struct TsneResult {
  std::vector<float> positions; // n × 2 row-major
  // KL(P‖Q) of the final layout over the sparse P. Q's normaliser Z is exact for theta 0 or
  // N ≤ 5,000 (then kl equals tsneExactKl), else the Barnes–Hut estimate.
  double kl = 0;
  int iterations = 0;
  double seconds = 0;
  TsneMethod method = TsneMethod::Auto;          // what Auto resolved to: BarnesHut, Fft or Exact
  TsneNeighbours neighbours = TsneNeighbours::Auto; // Exact or Approximate
  double neighbourSeconds = 0;                   // of seconds, spent on the neighbours and P
};

// Called from the job's thread every reportEvery iterations with the current layout (for live updates).
using TsneProgress = std::function<void(int iteration, double kl, const std::vector<float> &positions)>;

// Embeds n points of dimension dim (row-major) in 2-D. Results depend only on the seed (not on
// the thread count). Cost: O(N·K·dim·log N) for the neighbours (K = 3·perplexity), then per
// iteration O(N·K) attractive + O(N log N) Barnes–Hut repulsive work (O(N²) when exact), or
// O(N) + O(G log G) with FFT interpolation (G grid nodes, growing with the layout's width).
// Throws std::invalid_argument naming the problem: n too small for the perplexity
// (need n - 1 > 3·perplexity), a NaN/inf value with its row and column, dim ≤ 0, a size mismatch,
// bad options. Checks job->checkpoint() between iterations (cancel/pause).
TsneResult runTsne(const std::vector<float> &points, int n, int dim, const TsneOptions &options = {},
                   JobContext *job = nullptr, const TsneProgress &progress = {});

// PCA to `components` dimensions: centred data projected on the top principal axes (subspace
// iteration on the covariance, applied implicitly as Xᵀ(X v) so the cost is O(n·dim·components)
// per iteration and no dim × dim matrix is formed; rows split over `threads`, 0 = all cores, with
// the same result for any count). Each axis's sign makes its largest-magnitude coordinate positive,
// so the projection is deterministic. At most 300 iterations: when the
// eigenvalues below the kept ones are nearly equal to them the axes are approximate (for a map that
// only shows the spread, good enough). Throws std::invalid_argument like runTsne; checks
// job->checkpoint() every iteration when given.
std::vector<float> pcaProject(const std::vector<float> &points, int n, int dim, int components = 2,
                              JobContext *job = nullptr, int threads = 0);

// Exact KL(P‖Q) of an embedding: P from the exact 3·perplexity nearest neighbours, calibrated per
// point, symmetrised (P + Pᵀ)/2N; Q Student-t over all pairs. O(N²) time, O(N·K) memory: for
// N ≤ kTsneExactKlMaxPoints (~4 s at 10k, ~15 s at 20k).
constexpr int kTsneExactKlMaxPoints = 20000;
double tsneExactKl(const std::vector<float> &points, int n, int dim, const std::vector<float> &positions,
                   double perplexity, int threads = 0);

}  // namespace gs
