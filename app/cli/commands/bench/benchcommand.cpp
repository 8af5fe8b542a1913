// `groundscope-cli bench WHAT`: speed figures, each reported against a baseline measured in
// the same run. gemm and train live here, the others in bench*.cpp.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "data/scenes/scenesdemo.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "runtime/runtime.h"
#include "training/modelregistry.h"
#include "experiments/bench/trainbench.h"
#include "training/trainingsource.h"
#include "vision/backbonespec.h"

#include <QJsonArray>

#include <QJsonDocument>
#include <QJsonObject>

namespace gs::cli {

namespace {

// GEMM rate on 1 thread and on all configured threads; the 1-thread rate is the baseline.
int benchGemm(const Arguments &args) {
  const int size = args.intValue(QStringLiteral("size"), 1024, 16, 8192);
  const int repeats = args.intValue(QStringLiteral("repeats"), 5, 1, 1000);

  const runtime::RuntimeInfo info = runtime::info();
  const runtime::GemmRate one = runtime::measureGemm(size, repeats, 1);
  const runtime::GemmRate all = runtime::measureGemm(size, repeats, runtime::configuredThreads());
  if (args.isSet(QStringLiteral("json"))) {
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
// model, each on the inputs it reads, on the Scenes demo by default; bag of words is the baseline.
int benchTrain(const Arguments &args) {
  const int batches = args.intValue(QStringLiteral("batches"), 20, 1, 100000);
  Engine engine;
  QJsonArray rows;
  const JobOutcome outcome = runJob(engine, QStringLiteral("Benchmark training"), [&](JobContext &job) {
    TrainingSource source;
    source.datasetPath = args.isSet(QStringLiteral("dataset")) ? args.value(QStringLiteral("dataset")) : ensureScenesDemo(ScenesOptions{}, &job);
    const std::vector<TrainingThroughput> measured = measureEveryModel(source, batches, job);
    for (const TrainingThroughput &t : measured)
      rows.append(QJsonObject{{QStringLiteral("model"), t.model},
                              {QStringLiteral("captions_per_second"), t.captionsPerSecond},
                              {QStringLiteral("ratio_to_bow"), t.captionsPerSecond / measured.front().captionsPerSecond},
                              {QStringLiteral("batch_size"), TrainConfig::defaultsFor(t.model).batchSize}});
  });
  requireSuccess(outcome);
  if (args.isSet(QStringLiteral("json"))) {
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

}  // namespace

Command benchCommand() {
  Command gemm;
  gemm.name = QStringLiteral("gemm");
  gemm.summary = QStringLiteral("GEMM GFLOP/s on 1 thread (the baseline) and on all configured threads");
  gemm.syntax.options = {{QStringLiteral("size"), QStringLiteral("N"), QStringLiteral("Matrix size n."), QStringLiteral("1024")},
                         {QStringLiteral("repeats"), QStringLiteral("R"), QStringLiteral("Timed repeats."), QStringLiteral("5")},
                         {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}};
  gemm.run = benchGemm;

  Command train;
  train.name = QStringLiteral("train");
  train.summary = QStringLiteral("captions/s of each minibatch-trained model, against bag of words");
  train.syntax.options = {
      {QStringLiteral("batches"), QStringLiteral("N"), QStringLiteral("Timed minibatches per model."), QStringLiteral("20")},
      {QStringLiteral("dataset"), QStringLiteral("PATH"), QStringLiteral("Dataset (default: the Scenes demo).")},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}};
  train.run = benchTrain;

  Command command;
  command.name = QStringLiteral("bench");
  command.summary = QStringLiteral("speed benchmarks, each against a baseline measured in the same run");
  command.subcommandNoun = QStringLiteral("benchmark");
  command.subcommands = {gemm, benchParseCommand(), benchFeaturesCommand(), train, benchTreesCommand(), benchGeneratorCommand(), benchTsneCommand(), benchMapCommand(), benchRetrievalCommand(), benchDdpCommand(), benchCaptionLabCommand(), benchPipelineCommand()};
  return command;
}

}  // namespace gs::cli
