// `groundscope-cli bench WHAT`: speed figures, each reported against a baseline measured in
// the same run (DEVELOPERS.md). Later issues add parse, features, train, trees and tsne.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "data/scenes/scenesdemo.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "runtime/runtime.h"
#include "training/trainbench.h"
#include "training/trainingsource.h"

#include <QJsonArray>

#include <QJsonDocument>
#include <QJsonObject>

namespace gs::cli {

// Captions/s of the caption parser on 1 and 2 threads (benchparse.cpp).
int benchParse(const QStringList &args);
// Sentences/s of the tree encoders, batched by level against node by node (benchtrees.cpp).
int benchTrees(const QStringList &args);
// Barnes-Hut t-SNE against the exact gradient and the reference figures (benchtsne.cpp).
int benchTsne(const QStringList &args);

namespace {

// GEMM rate on 1 thread and on all configured threads; the 1-thread rate is the baseline.
int benchGemm(const QStringList &args) {
  QCommandLineParser parser;
  parser.addOption({QStringLiteral("size"), QStringLiteral("Matrix size n."), QStringLiteral("N")});
  parser.addOption({QStringLiteral("repeats"), QStringLiteral("Timed repeats."), QStringLiteral("R")});
  parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON.")});
  parseArguments(parser, args, 0, 0);
  const int size = intOption(parser, QStringLiteral("size"), 1024, 16, 8192);
  const int repeats = intOption(parser, QStringLiteral("repeats"), 5, 1, 1000);

  const runtime::RuntimeInfo info = runtime::info();
  const runtime::GemmRate one = runtime::measureGemm(size, repeats, 1);
  const runtime::GemmRate all = runtime::measureGemm(size, repeats, runtime::configuredThreads());
  if (parser.isSet(QStringLiteral("json"))) {
    const QJsonObject json{{QStringLiteral("blas"), info.blasName},
                           {QStringLiteral("blas_path"), info.blasPath},
                           {QStringLiteral("size"), size},
                           {QStringLiteral("gflops_1_thread"), one.gflops},
                           {QStringLiteral("gflops_all_threads"), all.gflops},
                           {QStringLiteral("threads"), all.threads},
                           {QStringLiteral("speedup"), all.gflops / one.gflops}};
    out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  out() << "BLAS: " << info.blasName << " (" << info.blasPath << ")\n"
        << QStringLiteral("GEMM %1x%1 float32, best of %2:\n").arg(size).arg(repeats)
        << QStringLiteral("  1 thread:  %1 GFLOP/s (baseline)\n").arg(one.gflops, 0, 'f', 1)
        << QStringLiteral("  %1 threads: %2 GFLOP/s (%3x baseline)\n")
               .arg(all.threads)
               .arg(all.gflops, 0, 'f', 1)
               .arg(all.gflops / one.gflops, 0, 'f', 2);
  return kExitOk;
}

// Training throughput (captions/s through forward, backward and step) of each minibatch-trained
// encoder on the Scenes demo's concept-CNN features; bag of words is the baseline.
int benchTrain(const QStringList &args) {
  QCommandLineParser parser;
  parser.addOption({QStringLiteral("batches"), QStringLiteral("Timed minibatches per model."), QStringLiteral("N")});
  parser.addOption({QStringLiteral("dataset"), QStringLiteral("Dataset (default: the Scenes demo)."), QStringLiteral("PATH")});
  parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON.")});
  parseArguments(parser, args, 0, 0);
  const int batches = intOption(parser, QStringLiteral("batches"), 20, 1, 100000);
  Engine engine;
  QJsonArray rows;
  const JobOutcome outcome = runJob(engine, QStringLiteral("Benchmark training"), [&](JobContext &job) {
    const QString dataset = parser.isSet(QStringLiteral("dataset")) ? parser.value(QStringLiteral("dataset"))
                                                                     : ensureScenesDemo(ScenesOptions{}, &job);
    const TrainingData data = prepareTrainingData({dataset, QStringLiteral("concept-cnn"), QString()}, &job);
    double baseline = 0;
    for (const QString &model : TrainConfig::models()) {
      if (model == QLatin1String("cca")) continue; // closed form: no minibatches to time
      job.setProgress(-1, QStringLiteral("timing %1").arg(model));
      const TrainingThroughput t = measureTrainingThroughput(data, TrainConfig::defaultsFor(model), batches);
      if (baseline == 0) baseline = t.captionsPerSecond;
      rows.append(QJsonObject{{QStringLiteral("model"), model},
                              {QStringLiteral("captions_per_second"), t.captionsPerSecond},
                              {QStringLiteral("ratio_to_bow"), t.captionsPerSecond / baseline},
                              {QStringLiteral("batch_size"), TrainConfig::defaultsFor(model).batchSize}});
    }
  });
  requireSuccess(outcome);
  if (parser.isSet(QStringLiteral("json"))) {
    out() << QJsonDocument(rows).toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  out() << QStringLiteral("training throughput, %1 minibatches per model (forward + backward + step):\n").arg(batches);
  for (const QJsonValue &v : rows) {
    const QJsonObject r = v.toObject();
    out() << QStringLiteral("  %1 %2 captions/s  (%3x bow, batch %4)\n")
                 .arg(r.value(QStringLiteral("model")).toString(), -9)
                 .arg(r.value(QStringLiteral("captions_per_second")).toDouble(), 9, 'f', 0)
                 .arg(r.value(QStringLiteral("ratio_to_bow")).toDouble(), 0, 'f', 2)
                 .arg(r.value(QStringLiteral("batch_size")).toInt());
  }
  return kExitOk;
}

struct Benchmark {
  const char *name;
  int (*run)(const QStringList &args);
};

// Each benchmark is a function of its own arguments; later issues add rows here.
const Benchmark kBenchmarks[] = {
    {"gemm", benchGemm},
    {"train", benchTrain},
    {"parse", benchParse},
    {"features", benchFeatures},
    {"trees", benchTrees},
    {"tsne", benchTsne},
};

QString benchmarkNames() {
  QStringList names;
  for (const Benchmark &benchmark : kBenchmarks) names << QLatin1String(benchmark.name);
  return names.join(QStringLiteral(", "));
}

}  // namespace

Command benchCommand() {
  Command command;
  command.name = QStringLiteral("bench");
  command.summary = QStringLiteral("speed benchmarks: gemm, parse, features, train, trees, tsne");
  command.usage = QStringLiteral("bench gemm [--size N] [--repeats R] [--json]\n"
                                 "       groundscope-cli bench parse [--dataset PATH] [--limit N] [--json]\n"
                                 "       groundscope-cli bench features [--images N] [--onnx FILE] [--json]\n"
                                 "       groundscope-cli bench train [--batches N] [--dataset PATH] [--json]\n"
                                 "       groundscope-cli bench trees [--batches N] [--batch-size B] [--models LIST] [--json]\n"
                                 "       groundscope-cli bench tsne [--input FILE.bin] [--threads N] [--iters N] [--json]");
  command.run = [](const QStringList &args) {
    if (args.isEmpty())
      throw UsageError(QStringLiteral("missing benchmark name (one of: %1)").arg(benchmarkNames()).toStdString());
    const QString what = args.first();
    for (const Benchmark &benchmark : kBenchmarks)
      if (what == QLatin1String(benchmark.name)) return benchmark.run(args.mid(1));
    throw UsageError(QStringLiteral("unknown benchmark '%1' (one of: %2)").arg(what, benchmarkNames()).toStdString());
  };
  return command;
}

}  // namespace gs::cli
