// `groundscope-cli bench tsne`: t-SNE's FFT interpolation against Barnes-Hut (the baseline of the
// same run) on the shared 10,000 × 50 benchmark input (a .bin file, tsne-input.md format) or a
// generated mixture of any size. The runs --methods lists (the exact O(N²) gradient on a subset,
// Barnes-Hut on all points on all threads or on one, FFT interpolation), each with its time, its
// exact KL up to 20k points and the process's peak memory (experiments/bench/tsnebench.h); the
// reference programs' figures are quoted.
// `bench map` (below): the Map's layouts — UMAP and PCA against Barnes-Hut t-SNE, the baseline of
// the same run — with each map's neighbourhood preservation (experiments/bench/maplayoutbench.h).

#include "arguments.h"
#include "cli.h"
#include "clioutput.h"
#include "engine/jobcontext.h"
#include "experiments/bench/maplayoutbench.h"
#include "experiments/bench/tsnebench.h"
#include "jobrunner.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <optional>

namespace gs::cli {

namespace {

// Reference figures measured with the same input and settings (median of 3, 2 cores).
constexpr double kBhtsneSeconds = 75.4, kBhtsneKl = 2.811;
constexpr double kFitsneBhSeconds = 30.6, kFitsneBhKl = 2.818;
constexpr double kFitsneFftSeconds = 6.1, kFitsneFftKl = 2.792;

// --input FILE, or a generated mixture of --points (between minPoints and maxPoints).
TsneBenchInput benchInputOf(const Arguments &args, int minPoints, int maxPoints) {
  return args.isSet(QStringLiteral("input")) ? readTsneBenchInput(args.value(QStringLiteral("input")))
                                             : generateTsneBenchInput(args.intValue(QStringLiteral("points"), 10000, minPoints, maxPoints));
}

// --methods: t-SNE repulsions other than auto, or bh1 (Barnes-Hut on one thread).
std::vector<TsneBenchRun> benchRuns(const QString &list) {
  std::vector<TsneBenchRun> runs;
  for (const QString &name : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const std::optional<TsneMethod> method = name == QLatin1String("bh1") ? TsneMethod::BarnesHut : enumFromName<TsneMethod>(name);
    if (!method || *method == TsneMethod::Auto)
      throw UsageError("--methods: a comma-separated list of exact (on the subset), bh, bh1 (Barnes-Hut on one thread), fft");
    runs.push_back({*method, name == QLatin1String("bh1")});
  }
  return runs;
}

void printTsneJson(const TsneBenchInput &input, const TsneBenchResult &result, bool reference) {
  QJsonArray rows;
  for (const TsneBenchRow &row : result.rows) rows.append(row.toJson());
  QJsonObject json{{QStringLiteral("input"), input.source}, {QStringLiteral("points"), input.n}, {QStringLiteral("runs"), rows},
                   {QStringLiteral("baseline_seconds"), result.baselineSeconds}};
  if (reference)
    json.insert(QStringLiteral("reference"), QJsonObject{{QStringLiteral("bhtsne_seconds"), kBhtsneSeconds}, {QStringLiteral("bhtsne_kl"), kBhtsneKl},
                                                         {QStringLiteral("fitsne_bh_seconds"), kFitsneBhSeconds}, {QStringLiteral("fitsne_bh_kl"), kFitsneBhKl},
                                                         {QStringLiteral("fitsne_fft_seconds"), kFitsneFftSeconds}, {QStringLiteral("fitsne_fft_kl"), kFitsneFftKl}});
  out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
}

void printTsneText(const TsneBenchInput &input, const TsneBenchResult &result, int iterations, bool reference) {
  out() << QStringLiteral("t-SNE on %1 × %2 (%3)\nperplexity 30, %4 iterations, exaggeration 12 until 250, learning rate 200; "
                          "time = t-SNE only (neighbours + P + optimisation); KL exact (tsne_kl's definition) up to %5 points, else over the sparse P\n")
               .arg(input.n).arg(input.dim).arg(input.source).arg(iterations).arg(kTsneExactKlMaxPoints);
  const double baseline = result.baselineSeconds;
  for (const TsneBenchRow &r : result.rows) {
    const QString ratio = baseline > 0 && r.points == input.n
                              ? QStringLiteral(" (%1x the Barnes-Hut baseline's time)").arg(r.seconds / baseline, 0, 'f', 2) : QString();
    out() << QStringLiteral("  %1 %2 points, %3 thread(s): %4 s wall%5, %6 s CPU, neighbours %7 s%8, KL %9 %10, peak RSS %11 MB\n")
                 .arg(r.label, -24)
                 .arg(r.points, 7)
                 .arg(r.threads)
                 .arg(r.seconds, 0, 'f', 2)
                 .arg(ratio)
                 .arg(r.cpuSeconds, 0, 'f', 2)
                 .arg(r.neighbourSeconds, 0, 'f', 2)
                 .arg(r.approximateNeighbours ? QStringLiteral(" (HNSW)") : QString())
                 .arg(r.exactKl ? QStringLiteral("(exact)") : QStringLiteral("(sparse P)"))
                 .arg(r.exactKl ? *r.exactKl : r.sparseKl, 0, 'f', 4)
                 .arg(r.peakRssMb, 0, 'f', 0);
  }
  // Only the shared file with the reference settings is comparable to the quoted figures.
  if (reference)
    out() << QStringLiteral("Reference (published figures for this input, not measured here; whole-process wall time,\n"
                            "same input and settings, idle 2-core machine; compare in a quiet window): bhtsne 1 thread %1 s (KL %2),\n"
                            "FIt-SNE 2 threads: Barnes-Hut %3 s (KL %4), FFT %5 s (KL %6)\n")
                 .arg(kBhtsneSeconds).arg(kBhtsneKl).arg(kFitsneBhSeconds).arg(kFitsneBhKl).arg(kFitsneFftSeconds).arg(kFitsneFftKl);
}

int runBenchTsne(const Arguments &args) {
  TsneBenchOptions options;
  options.threads = args.intValue(QStringLiteral("threads"), 0, 0, 1024);
  options.iterations = args.intValue(QStringLiteral("iters"), 1000, 1, 100000);
  options.subset = args.intValue(QStringLiteral("subset"), 1000, 100, 100000);
  const TsneBenchInput input = benchInputOf(args, 200, 100000000);
  options.runs = benchRuns(args.value(QStringLiteral("methods")));
  TsneBenchResult result;
  Engine engine;
  requireSuccess(runJob(engine, QStringLiteral("Benchmark t-SNE"), [&](JobContext &job) { result = benchTsne(input, options, job); }));
  const bool reference = args.isSet(QStringLiteral("input")) && options.iterations == 1000 && input.n == 10000;
  if (args.isSet(QStringLiteral("json"))) printTsneJson(input, result, reference);
  else printTsneText(input, result, options.iterations, reference);
  return kExitOk;
}

// Frame times: the plot lives in the widget library, which groundscope-cli does not link, so the
// GUI binary beside it measures them offscreen (groundscope --bench-map-frames).
QString frameTimesOf(const Arguments &args) {
  const QString counts = args.value(QStringLiteral("frame-items"));
  if (counts == QLatin1String("none")) return {};
  const QString gui = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("groundscope"));
  if (!QFileInfo(gui).isExecutable()) return QStringLiteral("frame times: %1 not found (it measures them; --frame-items none skips this)\n").arg(gui);
  return mapFrameTimes(gui, counts);
}

int benchMap(const Arguments &args) {
  const int threads = args.intValue(QStringLiteral("threads"), 0, 0, 1024);
  const TsneBenchInput input = benchInputOf(args, 100, 10000000);
  std::vector<MapLayoutBenchRow> rows;
  Engine engine;
  requireSuccess(runJob(engine, QStringLiteral("Benchmark map layouts"), [&](JobContext &job) { rows = benchMapLayouts(input, threads, job); }));
  const QString frames = frameTimesOf(args);
  if (args.isSet(QStringLiteral("json"))) {
    QJsonArray runs;
    for (const MapLayoutBenchRow &row : rows)
      runs.append(QJsonObject{{QStringLiteral("method"), row.method}, {QStringLiteral("seconds"), row.seconds}, {QStringLiteral("preservation"), row.preservation}});
    out() << QJsonDocument(QJsonObject{{QStringLiteral("input"), input.source}, {QStringLiteral("points"), input.n}, {QStringLiteral("runs"), runs},
                                       {QStringLiteral("frames"), frames}})
                 .toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  const double baseline = rows[0].seconds;
  out() << QStringLiteral("Map layouts of %1 × %2 (%3); preservation = share of the 10 nearest neighbours kept on the map (%4 points scored)\n")
               .arg(input.n).arg(input.dim).arg(input.source).arg(std::min(kMapBenchSample, input.n));
  for (const MapLayoutBenchRow &r : rows)
    out() << QStringLiteral("  %1 %2 s (%3× the baseline's time), preservation %4\n")
                 .arg(r.method, -30)
                 .arg(r.seconds, 8, 'f', 2)
                 .arg(r.seconds / baseline, 0, 'f', 2)
                 .arg(r.preservation, 0, 'f', 3);
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
  command.run = runBenchTsne;
  return command;
}

}  // namespace gs::cli
