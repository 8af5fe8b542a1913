#include "experiments/bench/maplayoutbench.h"

#include "analysis/umap.h"
#include "engine/jobcontext.h"

#include <QElapsedTimer>
#include <QProcess>

namespace gs {

std::vector<MapLayoutBenchRow> benchMapLayouts(const TsneBenchInput &input, int threads, JobContext &job) {
  std::vector<MapLayoutBenchRow> rows;
  const auto record = [&](const QString &method, double seconds, const std::vector<float> &xy) {
    job.setProgress(-1, QStringLiteral("neighbourhood preservation"));
    rows.push_back({method, seconds, neighbourhoodPreservation(input.x, input.n, input.dim, xy, 10, kMapBenchSample, threads)});
  };
  TsneOptions tsne;
  tsne.threads = threads;
  job.log(QStringLiteral("t-SNE, %1 points").arg(input.n));
  const TsneResult t = runTsne(input.x, input.n, input.dim, tsne, &job); // the Map's default: FFT from 8,000 points
  record(QStringLiteral("t-SNE (%1; baseline)").arg(t.method == TsneMethod::Fft ? QStringLiteral("FFT") : QStringLiteral("Barnes-Hut")), t.seconds,
         t.positions);
  UmapOptions umap;
  umap.threads = threads;
  job.log(QStringLiteral("UMAP, %1 points").arg(input.n));
  const UmapResult u = runUmap(input.x, input.n, input.dim, umap, &job);
  record(u.approximateNeighbours ? QStringLiteral("UMAP (HNSW neighbours)") : QStringLiteral("UMAP (exact neighbours)"), u.seconds, u.positions);
  QElapsedTimer timer;
  timer.start();
  const std::vector<float> p = pcaProject(input.x, input.n, input.dim, 2, &job, threads);
  record(QStringLiteral("PCA"), timer.elapsed() / 1000.0, p);
  return rows;
}

QString mapFrameTimes(const QString &gui, const QString &counts) {
  QProcess process;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
  process.setProcessEnvironment(env);
  process.start(gui, {QStringLiteral("--bench-map-frames"), counts});
  const bool done = process.waitForFinished(600000);
  return done && process.exitCode() == 0 ? QString::fromUtf8(process.readAllStandardOutput())
                                         : QStringLiteral("frame times: %1 failed: %2\n").arg(gui, QString::fromUtf8(process.readAllStandardError()).trimmed());
}

}  // namespace gs
