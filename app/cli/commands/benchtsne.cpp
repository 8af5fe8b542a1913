// `groundscope-cli bench tsne`: t-SNE's FFT interpolation against Barnes-Hut (the baseline of the
// same run) on the shared 10,000 × 50 benchmark input (a .bin file, format at readBin) or a
// generated mixture of any size. The runs --methods lists (the exact O(N²) gradient on a subset,
// Barnes-Hut on all points on all threads or on one, FFT interpolation), each with its time, its
// exact KL up to 20k points and the process's peak memory; the reference programs' figures are quoted.
// `bench map` (below): the Map's layouts — UMAP and PCA against Barnes-Hut t-SNE, the baseline of
// the same run — with each map's neighbourhood preservation.

#include "analysis/tsne.h"
#include "analysis/umap.h"
#include "arguments.h"
#include "runtime/residentmemory.h"
#include "cli.h"
#include "clioutput.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"

#include <QElapsedTimer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QDir>
#include <QProcess>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <ctime>
#include <optional>
#include <cstring>
#include <random>
#include <thread>

namespace gs::cli {

namespace {

// Reference figures measured with the same input and settings (median of 3, 2 cores).
constexpr double kBhtsneSeconds = 75.4, kBhtsneKl = 2.811;
constexpr double kFitsneBhSeconds = 30.6, kFitsneBhKl = 2.818;
constexpr double kFitsneFftSeconds = 6.1, kFitsneFftKl = 2.792;

struct BenchInput {
  int n = 0, dim = 0;
  std::vector<float> x;
  QString source;
};

// The shared .bin: int32 N, int32 D, float64 X[N·D], int32 label[N] (little-endian).
BenchInput readBin(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) throw std::runtime_error(QStringLiteral("%1: cannot open (%2)").arg(path, file.errorString()).toStdString());
  const QByteArray bytes = file.readAll();
  BenchInput in;
  if (bytes.size() < 8) throw std::runtime_error(QStringLiteral("%1: too short for a header").arg(path).toStdString());
  std::int32_t header[2];
  std::memcpy(header, bytes.constData(), 8);
  in.n = header[0];
  in.dim = header[1];
  const qint64 expected = 8 + 8 * qint64(in.n) * in.dim + 4 * qint64(in.n);
  if (in.n <= 0 || in.dim <= 0 || bytes.size() != expected)
    throw std::runtime_error(QStringLiteral("%1: header says %2 × %3, so %4 bytes, but the file has %5")
                                 .arg(path).arg(in.n).arg(in.dim).arg(expected).arg(bytes.size()).toStdString());
  in.x.resize(std::size_t(in.n) * in.dim);
  for (std::size_t k = 0; k < in.x.size(); ++k) {
    double v;
    std::memcpy(&v, bytes.constData() + 8 + 8 * k, 8);
    in.x[k] = float(v);
  }
  in.source = path;
  return in;
}

// The same recipe as gen_input.py (10 centres ~ N(0, 2²) in 50-d; point i from centre i % 10 plus
// N(0, 1) noise) on std::mt19937 with Box–Muller: same distribution, not byte-identical to Python's.
BenchInput generate(int n) {
  constexpr int kDim = 50, kClusters = 10;
  std::mt19937 rng{12345u};
  const auto uniform = [&rng] { return (double(rng()) + 1.0) / 4294967297.0; };
  const auto gauss = [&] { return std::sqrt(-2 * std::log(uniform())) * std::cos(2 * M_PI * uniform()); };
  std::vector<double> centres(std::size_t(kClusters) * kDim);
  for (double &c : centres) c = 2.0 * gauss();
  BenchInput in;
  in.n = n;
  in.dim = kDim;
  in.x.resize(std::size_t(n) * kDim);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < kDim; ++j)
      in.x[std::size_t(i) * kDim + j] = float(centres[std::size_t(i % kClusters) * kDim + j] + gauss());
  in.source = QStringLiteral("generated in-process (gen_input.py's recipe on std::mt19937; not byte-identical)");
  return in;
}

// Peak resident memory of this process so far, in MB; 0 where /proc is missing.
double peakResidentMb() { return double(runtime::peakResidentBytes()) / 1048576.0; }

// A --methods entry: a t-SNE repulsion other than auto, or bh1 (Barnes-Hut on one thread).
struct BenchRun {
  TsneMethod method = TsneMethod::BarnesHut;
  bool oneThread = false;
};

std::vector<BenchRun> benchRuns(const QString &list) {
  std::vector<BenchRun> runs;
  for (const QString &name : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const std::optional<TsneMethod> method = name == QLatin1String("bh1") ? TsneMethod::BarnesHut : enumFromName<TsneMethod>(name);
    if (!method || *method == TsneMethod::Auto)
      throw UsageError("--methods: a comma-separated list of exact (on the subset), bh, bh1 (Barnes-Hut on one thread), fft");
    runs.push_back({*method, name == QLatin1String("bh1")});
  }
  return runs;
}

int benchTsne(const Arguments &args) {
  const int threadsOption = args.intValue(QStringLiteral("threads"), 0, 0, 1024);
  const int threads = threadsOption > 0 ? threadsOption : int(std::max(1u, std::thread::hardware_concurrency()));
  const int iterations = args.intValue(QStringLiteral("iters"), 1000, 1, 100000);
  const int subsetSize = args.intValue(QStringLiteral("subset"), 1000, 100, 100000);
  const BenchInput input = args.isSet(QStringLiteral("input")) ? readBin(args.value(QStringLiteral("input")))
                                                               : generate(args.intValue(QStringLiteral("points"), 10000, 200, 100000000));
  const std::vector<BenchRun> runs = benchRuns(args.value(QStringLiteral("methods")));
  const int subsetN = std::min(subsetSize, input.n);
  const std::vector<float> subset(input.x.begin(), input.x.begin() + std::size_t(subsetN) * input.dim);

  QJsonArray rows;
  double baseline = 0; // the first full-size Barnes-Hut run's seconds: the ratios' denominator
  Engine engine;
  const JobOutcome outcome = runJob(engine, QStringLiteral("Benchmark t-SNE"), [&](JobContext &job) {
    const auto time = [&](const QString &label, const std::vector<float> &x, int n, TsneMethod method, int t) {
      TsneOptions options;
      options.iterations = iterations;
      options.method = method;
      options.threads = t;
      job.log(QStringLiteral("%1: %2 points, %3 thread(s)").arg(label).arg(n).arg(t));
      // CPU time of the whole process (all threads) besides wall time: on a shared machine the
      // wall time includes waiting for a core, the CPU time does not.
      const std::clock_t cpuStart = std::clock();
      const TsneResult r = runTsne(x, n, input.dim, options, &job);
      const double cpu = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
      const double peak = peakResidentMb();
      if (baseline == 0 && r.method == TsneMethod::BarnesHut && n == input.n) baseline = r.seconds;
      QJsonObject row{{QStringLiteral("run"), label}, {QStringLiteral("method"), enumName(r.method)},
                      {QStringLiteral("points"), n}, {QStringLiteral("threads"), t},
                      {QStringLiteral("seconds"), r.seconds}, {QStringLiteral("neighbour_seconds"), r.neighbourSeconds},
                      {QStringLiteral("cpu_seconds"), cpu}, {QStringLiteral("sparse_kl"), r.kl},
                      {QStringLiteral("approximate_neighbours"), r.neighbours == TsneNeighbours::Approximate},
                      {QStringLiteral("peak_rss_mb"), peak}};
      if (n <= kTsneExactKlMaxPoints) {
        job.setProgress(-1, QStringLiteral("exact KL"));
        row.insert(QStringLiteral("exact_kl"), tsneExactKl(x, n, input.dim, r.positions, options.perplexity, t));
      }
      rows.append(row);
    };
    for (const BenchRun &run : runs) {
      if (run.method == TsneMethod::Exact) time(QStringLiteral("exact gradient (subset)"), subset, subsetN, TsneMethod::Exact, threads);
      else time(run.method == TsneMethod::Fft ? QStringLiteral("FFT interpolation") : QStringLiteral("Barnes-Hut"), input.x, input.n,
                run.method, run.oneThread ? 1 : threads);
    }
  });
  requireSuccess(outcome);

  const bool reference = args.isSet(QStringLiteral("input")) && iterations == 1000 && input.n == 10000;
  if (args.isSet(QStringLiteral("json"))) {
    QJsonObject json{{QStringLiteral("input"), input.source}, {QStringLiteral("points"), input.n}, {QStringLiteral("runs"), rows},
                     {QStringLiteral("baseline_seconds"), baseline}};
    if (reference)
      json.insert(QStringLiteral("reference"), QJsonObject{{QStringLiteral("bhtsne_seconds"), kBhtsneSeconds}, {QStringLiteral("bhtsne_kl"), kBhtsneKl},
                                                           {QStringLiteral("fitsne_bh_seconds"), kFitsneBhSeconds}, {QStringLiteral("fitsne_bh_kl"), kFitsneBhKl},
                                                           {QStringLiteral("fitsne_fft_seconds"), kFitsneFftSeconds}, {QStringLiteral("fitsne_fft_kl"), kFitsneFftKl}});
    out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  out() << QStringLiteral("t-SNE on %1 × %2 (%3)\nperplexity 30, %4 iterations, exaggeration 12 until 250, learning rate 200; "
                          "time = t-SNE only (neighbours + P + optimisation); KL exact (tsne_kl's definition) up to %5 points, else over the sparse P\n")
               .arg(input.n).arg(input.dim).arg(input.source).arg(iterations).arg(kTsneExactKlMaxPoints);
  for (const QJsonValue &v : rows) {
    const QJsonObject r = v.toObject();
    const double seconds = r.value(QStringLiteral("seconds")).toDouble();
    const bool exactKl = r.contains(QStringLiteral("exact_kl"));
    const QString ratio = baseline > 0 && r.value(QStringLiteral("points")).toInt() == input.n
                              ? QStringLiteral(" (%1x the Barnes-Hut baseline's time)").arg(seconds / baseline, 0, 'f', 2) : QString();
    out() << QStringLiteral("  %1 %2 points, %3 thread(s): %4 s wall%5, %6 s CPU, neighbours %7 s%8, KL %9 %10, peak RSS %11 MB\n")
                 .arg(r.value(QStringLiteral("run")).toString(), -24)
                 .arg(r.value(QStringLiteral("points")).toInt(), 7)
                 .arg(r.value(QStringLiteral("threads")).toInt())
                 .arg(seconds, 0, 'f', 2)
                 .arg(ratio)
                 .arg(r.value(QStringLiteral("cpu_seconds")).toDouble(), 0, 'f', 2)
                 .arg(r.value(QStringLiteral("neighbour_seconds")).toDouble(), 0, 'f', 2)
                 .arg(r.value(QStringLiteral("approximate_neighbours")).toBool() ? QStringLiteral(" (HNSW)") : QString())
                 .arg(exactKl ? QStringLiteral("(exact)") : QStringLiteral("(sparse P)"))
                 .arg(r.value(exactKl ? QStringLiteral("exact_kl") : QStringLiteral("sparse_kl")).toDouble(), 0, 'f', 4)
                 .arg(r.value(QStringLiteral("peak_rss_mb")).toDouble(), 0, 'f', 0);
  }
  // Only the shared file with the reference settings is comparable to the quoted figures.
  if (reference)
    out() << QStringLiteral("Reference (published figures for this input, not measured here; whole-process wall time,\n"
                            "same input and settings, idle 2-core machine; compare in a quiet window): bhtsne 1 thread %1 s (KL %2),\n"
                            "FIt-SNE 2 threads: Barnes-Hut %3 s (KL %4), FFT %5 s (KL %6)\n")
                 .arg(kBhtsneSeconds).arg(kBhtsneKl).arg(kFitsneBhSeconds).arg(kFitsneBhKl).arg(kFitsneFftSeconds).arg(kFitsneFftKl);
  return kExitOk;
}

int benchMap(const Arguments &args) {
  const int threads = args.intValue(QStringLiteral("threads"), 0, 0, 1024);
  const BenchInput input = args.isSet(QStringLiteral("input")) ? readBin(args.value(QStringLiteral("input")))
                                                               : generate(args.intValue(QStringLiteral("points"), 10000, 100, 10000000));
  constexpr int kSample = 5000; // points scored for neighbourhood preservation
  QJsonArray rows;
  Engine engine;
  requireSuccess(runJob(engine, QStringLiteral("Benchmark map layouts"), [&](JobContext &job) {
    const auto record = [&](const QString &method, double seconds, const std::vector<float> &xy) {
      job.setProgress(-1, QStringLiteral("neighbourhood preservation"));
      rows.append(QJsonObject{{QStringLiteral("method"), method}, {QStringLiteral("seconds"), seconds},
                              {QStringLiteral("preservation"), neighbourhoodPreservation(input.x, input.n, input.dim, xy, 10, kSample, threads)}});
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
  }));
  // Frame times: the plot lives in the widget library, which groundscope-cli does not link, so the
  // GUI binary beside it measures them offscreen (groundscope --bench-map-frames).
  QString frames;
  const QString counts = args.value(QStringLiteral("frame-items"));
  if (counts != QLatin1String("none")) {
    const QString gui = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("groundscope"));
    if (!QFileInfo(gui).isExecutable()) {
      frames = QStringLiteral("frame times: %1 not found (it measures them; --frame-items none skips this)\n").arg(gui);
    } else {
      QProcess process;
      QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
      env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
      process.setProcessEnvironment(env);
      process.start(gui, {QStringLiteral("--bench-map-frames"), counts});
      const bool done = process.waitForFinished(600000);
      frames = done && process.exitCode() == 0 ? QString::fromUtf8(process.readAllStandardOutput())
                                               : QStringLiteral("frame times: %1 failed: %2\n").arg(gui, QString::fromUtf8(process.readAllStandardError()).trimmed());
    }
  }
  if (args.isSet(QStringLiteral("json"))) {
    out() << QJsonDocument(QJsonObject{{QStringLiteral("input"), input.source}, {QStringLiteral("points"), input.n}, {QStringLiteral("runs"), rows},
                                       {QStringLiteral("frames"), frames}})
                 .toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  const double baseline = rows[0].toObject().value(QStringLiteral("seconds")).toDouble();
  out() << QStringLiteral("Map layouts of %1 × %2 (%3); preservation = share of the 10 nearest neighbours kept on the map (%4 points scored)\n")
               .arg(input.n).arg(input.dim).arg(input.source).arg(std::min(kSample, input.n));
  for (const QJsonValue &row : rows) {
    const QJsonObject r = row.toObject();
    const double seconds = r.value(QStringLiteral("seconds")).toDouble();
    out() << QStringLiteral("  %1 %2 s (%3× the baseline's time), preservation %4\n")
                 .arg(r.value(QStringLiteral("method")).toString(), -30)
                 .arg(seconds, 8, 'f', 2)
                 .arg(seconds / baseline, 0, 'f', 2)
                 .arg(r.value(QStringLiteral("preservation")).toDouble(), 0, 'f', 3);
  }
  if (!frames.isEmpty()) out() << QStringLiteral("\nThe Map's frame times (offscreen 1200 × 800 plot; medians of 9 frames; the 0-item row is the baseline):\n") << frames;
  return kExitOk;
}

}  // namespace

Command benchMapCommand() {
  Command command;
  command.name = QStringLiteral("map");
  command.summary = QStringLiteral("the Map's layouts (UMAP, PCA) against t-SNE: time and neighbourhood preservation; its frame times");
  command.syntax.options = {
      {QStringLiteral("input"), QStringLiteral("FILE"), QStringLiteral("Benchmark input (.bin, tsne-input.md format)."), {}},
      {QStringLiteral("frame-items"), QStringLiteral("COUNTS"),
       QStringLiteral("Item counts at which the Map's plot is timed (by groundscope --bench-map-frames, offscreen); none to skip."),
       QStringLiteral("0,10000,100000")},
      {QStringLiteral("points"), QStringLiteral("N"), QStringLiteral("Without --input: a generated mixture of N points (gen_input.py's recipe)."), QStringLiteral("10000")},
      {QStringLiteral("threads"), QStringLiteral("N"), QStringLiteral("Threads (0 = all cores)."), QStringLiteral("0")},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON."), {}}};
  command.run = benchMap;
  return command;
}

Command benchTsneCommand() {
  Command command;
  command.name = QStringLiteral("tsne");
  command.summary = QStringLiteral("t-SNE: FFT interpolation against Barnes-Hut (the baseline) and the exact gradient, with the quoted references");
  command.syntax.options = {
      {QStringLiteral("input"), QStringLiteral("FILE"), QStringLiteral("Benchmark input (.bin, tsne-input.md format; default: generated in-process)."), {}, false},
      {QStringLiteral("threads"), QStringLiteral("N"), QStringLiteral("Threads of the parallel runs (0 = all cores)."), QStringLiteral("0")},
      {QStringLiteral("iters"), QStringLiteral("N"), QStringLiteral("Iterations."), QStringLiteral("1000")},
      {QStringLiteral("subset"), QStringLiteral("N"), QStringLiteral("Points of the exact-gradient run."), QStringLiteral("1000")},
      {QStringLiteral("points"), QStringLiteral("N"), QStringLiteral("Without --input: a generated mixture of N points (gen_input.py's recipe)."), QStringLiteral("10000")},
      {QStringLiteral("methods"), QStringLiteral("LIST"),
       QStringLiteral("Runs, in order: exact (on the subset), bh, bh1 (Barnes-Hut on one thread), fft."), QStringLiteral("bh,fft")},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON."), {}, false}};
  command.run = benchTsne;
  return command;
}

}  // namespace gs::cli
