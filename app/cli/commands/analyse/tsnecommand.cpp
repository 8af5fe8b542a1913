// `groundscope-cli tsne --in EMB.npy --out XY.npy [--method tsne|umap|pca]`: the 2-D map of a
// matrix of embeddings, as the Map panel computes it, with t-SNE's final KL divergence and, on
// request, the map's neighbourhood preservation.

#include "analysis/layoutsequence.h"
#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "engine/jobcontext.h"
#include "io/npy.h"
#include "jobrunner.h"

#include <QJsonDocument>

#include <cmath>

namespace gs::cli {

namespace {

// The options --method and the t-SNE and UMAP settings ask for.
LayoutSequenceOptions layoutOptionsOf(const Arguments &args) {
  LayoutSequenceOptions options;
  TsneOptions &tsne = options.tsne;
  tsne.perplexity = args.doubleValue(QStringLiteral("perplexity"), tsne.perplexity, 1, 10000);
  tsne.iterations = args.intValue(QStringLiteral("iters"), tsne.iterations, 0, 1000000);
  tsne.theta = args.doubleValue(QStringLiteral("theta"), tsne.theta, 0, 10);
  tsne.seed = args.intValue(QStringLiteral("seed"), tsne.seed, 0, 2147483647);
  tsne.threads = args.intValue(QStringLiteral("threads"), 0, 0, 1024);
  const QString method = args.isSet(QStringLiteral("pca")) ? QStringLiteral("pca") : args.value(QStringLiteral("method"));
  if (!setLayoutMethod(options, method)) throw UsageError("--method: expected tsne, bh, fft, exact, umap or pca");
  UmapOptions &umap = options.umap;
  umap.neighbours = args.intValue(QStringLiteral("neighbours"), umap.neighbours, 2, 1000);
  umap.minDist = args.doubleValue(QStringLiteral("min-dist"), umap.minDist, 0, 100);
  umap.epochs = args.intValue(QStringLiteral("epochs"), 0, 0, 100000);
  umap.seed = tsne.seed;
  umap.threads = options.pcaThreads = tsne.threads;
  return options;
}

// The embeddings of an N×D .npy file, every value finite.
std::vector<float> readPoints(const QString &in, int &n, int &dim) {
  const NpyMatrix matrix = NpyMatrix::open(in);
  n = int(matrix.rows());
  dim = int(matrix.cols());
  if (n < 2 || dim < 1)
    throw std::runtime_error(QStringLiteral("%1: expected an N×D matrix with N ≥ 2, got %2×%3")
                                 .arg(in).arg(matrix.rows()).arg(matrix.cols()).toStdString());
  std::vector<float> points(matrix.data(), matrix.data() + std::size_t(n) * dim);
  for (std::size_t k = 0; k < points.size(); ++k)
    if (!std::isfinite(points[k]))
      throw std::runtime_error(QStringLiteral("%1: non-finite value (%2) at row %3, column %4")
                                   .arg(in).arg(double(points[k])).arg(k / dim).arg(k % dim).toStdString());
  return points;
}

// What the layout's method reports, as the summary's keys; t-SNE's KL exact where affordable.
void summarise(QJsonObject &summary, const LayoutSequenceOptions &options, const LayoutResult &result,
               const std::vector<float> &points, int n, int dim, JobContext &job) {
  if (options.method == LayoutMethod::Pca) return;
  summary.insert(QStringLiteral("seconds"), result.seconds);
  summary.insert(QStringLiteral("approximate_neighbours"), result.approximateNeighbours);
  if (options.method == LayoutMethod::Umap) {
    summary.insert(QStringLiteral("epochs"), result.steps);
    summary.insert(QStringLiteral("components"), result.components);
    return;
  }
  summary.insert(QStringLiteral("repulsion"), enumName(result.repulsion));
  job.setProgress(-1, QStringLiteral("exact KL"));
  const bool exact = n <= kTsneExactKlMaxPoints;
  summary.insert(QStringLiteral("kl"), exact ? tsneExactKl(points, n, dim, result.positions, options.tsne.perplexity, options.tsne.threads)
                                             : result.kl);
  summary.insert(QStringLiteral("kl_exact"), exact);
}

QString repulsionLabel(TsneMethod repulsion) {
  switch (repulsion) {
  case TsneMethod::BarnesHut: return QStringLiteral("Barnes-Hut");
  case TsneMethod::Fft: return QStringLiteral("FFT-interpolated");
  case TsneMethod::Exact:
  case TsneMethod::Auto: break;
  }
  return QStringLiteral("exact");
}

void printSummary(const QJsonObject &s, const LayoutSequenceOptions &options, TsneMethod repulsion, int preservationK,
                  const QString &outPath) {
  out() << QStringLiteral("%1 points (%2-d) → %3\n").arg(s.value(QStringLiteral("points")).toInt())
               .arg(s.value(QStringLiteral("dim")).toInt()).arg(outPath);
  if (options.method == LayoutMethod::Umap)
    out() << QStringLiteral("UMAP: %1 epochs in %2 s; %3 component(s) in the neighbour graph; %4 neighbours\n")
                 .arg(s.value(QStringLiteral("epochs")).toInt())
                 .arg(s.value(QStringLiteral("seconds")).toDouble(), 0, 'f', 2)
                 .arg(s.value(QStringLiteral("components")).toInt())
                 .arg(s.value(QStringLiteral("approximate_neighbours")).toBool() ? QStringLiteral("approximate (HNSW)") : QStringLiteral("exact"));
  else if (options.method == LayoutMethod::Tsne)
    out() << QStringLiteral("t-SNE (%5 repulsion, %6 neighbours): %1 iterations in %2 s; KL divergence %3 (%4)\n")
                 .arg(options.tsne.iterations)
                 .arg(s.value(QStringLiteral("seconds")).toDouble(), 0, 'f', 2)
                 .arg(s.value(QStringLiteral("kl")).toDouble(), 0, 'f', 4)
                 .arg(s.value(QStringLiteral("kl_exact")).toBool()
                          ? QStringLiteral("exact, Q over all pairs")
                          : QStringLiteral("estimated Z; exact KL is computed only for N ≤ %1")
                                .arg(kTsneExactKlMaxPoints))
                 .arg(repulsionLabel(repulsion))
                 .arg(s.value(QStringLiteral("approximate_neighbours")).toBool() ? QStringLiteral("HNSW") : QStringLiteral("exact"));
  if (s.contains(QStringLiteral("preservation")))
    out() << QStringLiteral("neighbourhood preservation (share of the %1 nearest neighbours kept on the map): %2\n")
                 .arg(preservationK)
                 .arg(s.value(QStringLiteral("preservation")).toDouble(), 0, 'f', 3);
}

int runTsneCommand(const Arguments &args) {
  const LayoutSequenceOptions options = layoutOptionsOf(args);
  const int preservationK = args.isSet(QStringLiteral("preservation")) ? args.intValue(QStringLiteral("preservation"), 10, 1, 1000) : 0;
  const QString in = args.value(QStringLiteral("in")), outPath = args.value(QStringLiteral("out"));
  TsneMethod repulsion = TsneMethod::Auto;
  Engine engine;
  const JobOutcome outcome = runJob(engine, layoutMethodTitle(options.method), [&](JobContext &job) {
    int n = 0, dim = 0;
    const std::vector<float> points = readPoints(in, n, dim);
    QJsonObject summary{{QStringLiteral("points"), n}, {QStringLiteral("dim"), dim}};
    std::vector<float> xy;
    try {
      LayoutResult result = layoutAfter(points, n, dim, options, {}, &job);
      repulsion = result.repulsion;
      summarise(summary, options, result, points, n, dim, job);
      xy = std::move(result.positions);
    } catch (const std::invalid_argument &error) {
      throw std::runtime_error(QStringLiteral("%1: %2").arg(in, QString::fromStdString(error.what())).toStdString());
    }
    if (preservationK > 0) {
      job.setProgress(-1, QStringLiteral("neighbourhood preservation"));
      summary.insert(QStringLiteral("preservation"),
                     neighbourhoodPreservation(points, n, dim, xy, std::min(preservationK, n - 1), 5000, options.tsne.threads));
    }
    writeNpy(outPath, xy.data(), n, 2);
    job.setSummary(summary);
  });
  requireSuccess(outcome);
  if (args.isSet(QStringLiteral("json"))) {
    QJsonObject summary = outcome.summary;
    summary.insert(QStringLiteral("out"), outPath);
    summary.insert(QStringLiteral("method"), enumName(options.method));
    out() << QJsonDocument(summary).toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  printSummary(outcome.summary, options, repulsion, preservationK, outPath);
  return kExitOk;
}

}  // namespace

Command tsneCommand() {
  Command command;
  command.name = QStringLiteral("tsne");
  command.summary = QStringLiteral("2-D t-SNE (Barnes-Hut or FFT-interpolated), UMAP or PCA map of an embedding matrix (.npy)");
  command.syntax.options = {
      {QStringLiteral("in"), QStringLiteral("EMB.npy"), QStringLiteral("Input N×D float .npy."), {}, true},
      {QStringLiteral("out"), QStringLiteral("XY.npy"), QStringLiteral("Output N×2 float32 .npy."), {}, true},
      {QStringLiteral("perplexity"), QStringLiteral("P"), QStringLiteral("Perplexity."), QStringLiteral("30")},
      {QStringLiteral("iters"), QStringLiteral("N"), QStringLiteral("Iterations."), QStringLiteral("1000")},
      {QStringLiteral("theta"), QStringLiteral("T"), QStringLiteral("Barnes-Hut theta; 0 = exact."), QStringLiteral("0.5")},
      {QStringLiteral("seed"), QStringLiteral("S"), QStringLiteral("Random seed."), QStringLiteral("1")},
      {QStringLiteral("threads"), QStringLiteral("N"), QStringLiteral("Threads; 0 = all cores."), QStringLiteral("0")},
      {QStringLiteral("method"), QStringLiteral("M"),
       QStringLiteral("tsne (its repulsion chosen by size: exact below 150 points, Barnes-Hut below 8,000, FFT interpolation above), "
                      "bh, fft or exact (t-SNE with that repulsion), umap or pca."),
       QStringLiteral("tsne")},
      {QStringLiteral("neighbours"), QStringLiteral("K"), QStringLiteral("UMAP: neighbours, the point itself counted."), QStringLiteral("15")},
      {QStringLiteral("min-dist"), QStringLiteral("D"), QStringLiteral("UMAP: minimum distance on the map."), QStringLiteral("0.1")},
      {QStringLiteral("epochs"), QStringLiteral("N"), QStringLiteral("UMAP: epochs (0: 500 up to 10,000 points, else 200)."), QStringLiteral("0")},
      {QStringLiteral("preservation"), QStringLiteral("K"),
       QStringLiteral("Also report the share of each point's K nearest neighbours kept on the map (at most 5,000 points scored)."), {}},
      {QStringLiteral("pca"), {}, QStringLiteral("Same as --method pca."), {}},
      {QStringLiteral("json"), {}, QStringLiteral("Print the summary (points, time, KL, …) as JSON only."), {}}};
  command.run = runTsneCommand;
  return command;
}

}  // namespace gs::cli
