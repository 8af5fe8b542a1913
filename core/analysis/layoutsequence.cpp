#include "analysis/layoutsequence.h"

#include "engine/jobcontext.h"

#include <QString>

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

namespace gs {

namespace {
constexpr int kFurtherUmapEpochs = 100;

LayoutResult tsneLayout(const std::vector<float> &points, int n, int dim, TsneOptions o, const std::vector<float> &previous,
                        JobContext *job, const LayoutProgress &progress) {
  if (!previous.empty()) {
    o.initial = previous;
    o.exaggerationIterations = 0; // optimise the previous map further; exaggeration would pull it apart
    o.momentumSwitch = 0;
  }
  TsneResult tsne = runTsne(points, n, dim, o, job, progress); // LayoutProgress is t-SNE's own callback type
  LayoutResult result;
  result.positions = std::move(tsne.positions);
  result.seconds = tsne.seconds;
  result.steps = tsne.iterations;
  result.kl = tsne.kl;
  result.repulsion = tsne.method;
  result.approximateNeighbours = tsne.neighbours == TsneNeighbours::Approximate;
  return result;
}

LayoutResult umapLayout(const std::vector<float> &points, int n, int dim, UmapOptions o, const std::vector<float> &previous,
                        JobContext *job, const LayoutProgress &progress) {
  if (!previous.empty()) {
    o.initial = previous;
    // Optimise the previous map further: a tenth of the learning rate for kFurtherUmapEpochs.
    // From the full rate the SGD's first epochs scatter the start almost as much as a fresh
    // layout (measured in tst_layoutsequence: items moved 0.43 of the map's radius between
    // two frames a small nudge apart, against 0.15 this way and 0.50 for independent maps).
    o.learningRate /= 10;
    o.epochs = o.epochs > 0 ? std::min(o.epochs, kFurtherUmapEpochs) : kFurtherUmapEpochs;
  }
  UmapProgress report;
  if (progress) report = [&progress](int epoch, const std::vector<float> &xy) { progress(epoch, 0, xy); };
  UmapResult umap = runUmap(points, n, dim, o, job, report);
  LayoutResult result;
  result.positions = std::move(umap.positions);
  result.seconds = umap.seconds;
  result.steps = umap.epochs;
  result.approximateNeighbours = umap.approximateNeighbours;
  result.components = umap.components;
  return result;
}

}  // namespace

template <>
const std::vector<EnumName<LayoutMethod>> &enumTable<LayoutMethod>() {
  static const std::vector<EnumName<LayoutMethod>> table = {{LayoutMethod::Tsne, QStringLiteral("tsne")},
                                                            {LayoutMethod::Umap, QStringLiteral("umap")},
                                                            {LayoutMethod::Pca, QStringLiteral("pca")}};
  return table;
}

QString layoutMethodTitle(LayoutMethod method) {
  switch (method) {
  case LayoutMethod::Tsne: break;
  case LayoutMethod::Umap: return QStringLiteral("UMAP");
  case LayoutMethod::Pca: return QStringLiteral("PCA");
  }
  return QStringLiteral("t-SNE");
}

bool setLayoutMethod(LayoutSequenceOptions &options, const QString &name) {
  if (const std::optional<LayoutMethod> method = enumFromName<LayoutMethod>(name)) {
    options.method = *method;
    return true;
  }
  // "auto" is what "tsne" already means.
  const std::optional<TsneMethod> repulsion = enumFromName<TsneMethod>(name);
  if (!repulsion || *repulsion == TsneMethod::Auto) return false;
  options.method = LayoutMethod::Tsne;
  options.tsne.method = *repulsion;
  return true;
}

void procrustesAlign(std::vector<float> &moving, const std::vector<float> &reference) {
  if (moving.size() != reference.size() || moving.size() % 2 != 0)
    throw std::invalid_argument("procrustesAlign: the layouts differ in size");
  const std::size_t n = moving.size() / 2;
  if (n == 0) return;
  double ma[2] = {0, 0}, mb[2] = {0, 0};
  for (std::size_t i = 0; i < n; ++i)
    for (int a = 0; a < 2; ++a) {
      ma[a] += moving[2 * i + a] / double(n);
      mb[a] += reference[2 * i + a] / double(n);
    }
  // M = Σ (a_i - ā)(b_i - b̄)ᵀ, 2 × 2; the best orthogonal R maximises tr(R M) (Schönemann 1966).
  // In 2-D it is a rotation by atan2(m01 - m10, m00 + m11) or a reflection by atan2(m01 + m10, m00 - m11),
  // whichever reaches the larger trace; the norms √(…) are those traces.
  double m00 = 0, m01 = 0, m10 = 0, m11 = 0, norm = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double ax = moving[2 * i] - ma[0], ay = moving[2 * i + 1] - ma[1];
    const double bx = reference[2 * i] - mb[0], by = reference[2 * i + 1] - mb[1];
    m00 += ax * bx;
    m01 += ax * by;
    m10 += ay * bx;
    m11 += ay * by;
    norm += ax * ax + ay * ay;
  }
  const double rotation = std::hypot(m00 + m11, m01 - m10), reflection = std::hypot(m00 - m11, m01 + m10);
  double r00 = 1, r01 = 0, r10 = 0, r11 = 1, trace = 0;
  if (rotation >= reflection) {
    const double t = std::atan2(m01 - m10, m00 + m11);
    r00 = std::cos(t), r01 = -std::sin(t), r10 = std::sin(t), r11 = std::cos(t);
    trace = rotation;
  } else {
    const double t = std::atan2(m01 + m10, m00 - m11);
    r00 = std::cos(t), r01 = std::sin(t), r10 = std::sin(t), r11 = -std::cos(t);
    trace = reflection;
  }
  const double scale = norm > 0 ? trace / norm : 1.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double ax = moving[2 * i] - ma[0], ay = moving[2 * i + 1] - ma[1];
    moving[2 * i] = float(scale * (r00 * ax + r01 * ay) + mb[0]);
    moving[2 * i + 1] = float(scale * (r10 * ax + r11 * ay) + mb[1]);
  }
}

LayoutSequenceOptions fittedToItems(LayoutSequenceOptions options, int n) {
  const double maxPerplexity = (n - 2) / 3.0; // n − 1 > 3·perplexity
  if (options.tsne.perplexity > maxPerplexity) options.tsne.perplexity = std::floor(maxPerplexity);
  options.umap.neighbours = std::min(options.umap.neighbours, n - 1);
  return options;
}

LayoutResult layoutAfter(const std::vector<float> &points, int n, int dim, const LayoutSequenceOptions &options,
                         const std::vector<float> &previous, JobContext *job, const LayoutProgress &progress) {
  LayoutResult result;
  switch (options.method) {
  case LayoutMethod::Tsne: result = tsneLayout(points, n, dim, options.tsne, previous, job, progress); break;
  case LayoutMethod::Umap: result = umapLayout(points, n, dim, options.umap, previous, job, progress); break;
  case LayoutMethod::Pca: result.positions = pcaProject(points, n, dim, 2, job, options.pcaThreads); break;
  }
  if (!previous.empty()) procrustesAlign(result.positions, previous);
  return result;
}

std::vector<std::vector<float>> alignedLayouts(const std::vector<std::vector<float>> &frames, int n, int dim,
                                               const LayoutSequenceOptions &options, JobContext *job,
                                               const LayoutSequenceProgress &progress) {
  std::vector<std::vector<float>> layouts;
  for (std::size_t f = 0; f < frames.size(); ++f) {
    if (job) job->checkpoint();
    try {
      layouts.push_back(layoutAfter(frames[f], n, dim, options, layouts.empty() ? std::vector<float>{} : layouts.back(), job).positions);
    } catch (const std::invalid_argument &error) {
      throw std::invalid_argument(QStringLiteral("frame %1 of %2: %3").arg(f + 1).arg(frames.size()).arg(QString::fromUtf8(error.what())).toStdString());
    }
    if (progress) progress(int(f), layouts.back());
  }
  return layouts;
}

}  // namespace gs
