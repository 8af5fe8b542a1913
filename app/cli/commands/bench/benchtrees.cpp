// `groundscope-cli bench trees`: sentences/s through forward + backward of each tree encoder on
// minibatches of 64 Scenes-demo captions, batched by level and node by node (the baseline of the
// same run), with the machine's GEMM rate measured in the same run for scale.

#include "arguments.h"
#include "cli.h"
#include "commands/commands.h"
#include "clioutput.h"
#include "data/scenes/scenesdemo.h"
#include "runtime/runtime.h"
#include "training/modelregistry.h"
#include "experiments/bench/treebench.h"
#include "training/trainingsource.h"
#include "vision/backbonespec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace gs::cli {

namespace {

int benchTrees(const Arguments &args) {
  const int batches = args.intValue(QStringLiteral("batches"), 10, 1, 100000);
  const int batchSize = args.intValue(QStringLiteral("batch-size"), 64, 1, 100000);
  const QStringList models = args.isSet(QStringLiteral("models"))
                                 ? args.value(QStringLiteral("models")).split(QLatin1Char(','), Qt::SkipEmptyParts)
                                 : treeModelNames();
  for (const QString &m : models)
    if (!treeModelNames().contains(m))
      throw UsageError(QStringLiteral("--models: '%1' is not a tree model (one of: %2)")
                           .arg(m, treeModelNames().join(QStringLiteral(", ")))
                           .toStdString());
  const QString path = args.isSet(QStringLiteral("dataset")) ? args.value(QStringLiteral("dataset")) : ensureScenesDemo(ScenesOptions{});
  TrainingSource source{path, defaultBackbone(), QString()};
  source.parses = true;
  const TrainingData data = prepareTrainingData(source);
  const runtime::GemmRate gemm = runtime::measureGemm(512, 5, runtime::configuredThreads());

  QJsonArray rows;
  for (const QString &model : models) {
    const TrainConfig config = TrainConfig::defaultsFor(model);
    const TreeThroughput slow = measureTreeThroughput(data, config, batchSize, std::max(1, batches / 2), false);
    const TreeThroughput fast = measureTreeThroughput(data, config, batchSize, batches, true);
    rows.append(QJsonObject{{QStringLiteral("model"), model},
                            {QStringLiteral("node_by_node_sentences_per_s"), slow.sentencesPerSecond},
                            {QStringLiteral("batched_sentences_per_s"), fast.sentencesPerSecond},
                            {QStringLiteral("speedup"), fast.sentencesPerSecond / slow.sentencesPerSecond}});
  }
  // Planning a deep tree: a chain of n nodes, then 4n and 16n (linear: ×4 per step; O(n²): ×16).
  const std::vector<PlanScaling> plans = measurePlanScaling({2000, 8000, 32000});
  QJsonArray planRows;
  for (const PlanScaling &p : plans)
    planRows.append(QJsonObject{{QStringLiteral("nodes"), p.nodes}, {QStringLiteral("seconds"), p.seconds}});
  if (args.isSet(QStringLiteral("json"))) {
    out() << QJsonDocument(QJsonObject{{QStringLiteral("plan_chain"), planRows},
                                       {QStringLiteral("batch_size"), batchSize},
                                       {QStringLiteral("gemm_gflops"), gemm.gflops},
                                       {QStringLiteral("gemm_threads"), gemm.threads},
                                       {QStringLiteral("models"), rows}})
                 .toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  out() << QStringLiteral("GEMM 512x512 float32 on %1 threads: %2 GFLOP/s\n").arg(gemm.threads).arg(gemm.gflops, 0, 'f', 1)
        << QStringLiteral("tree encoders, forward + backward, minibatches of %1 captions:\n").arg(batchSize)
        << QStringLiteral("  model     node-by-node     batched  speedup\n");
  for (const QJsonValue &v : rows) {
    const QJsonObject r = v.toObject();
    out() << QStringLiteral("  %1 %2 %3  %4x\n")
                 .arg(r.value(QStringLiteral("model")).toString(), -7)
                 .arg(r.value(QStringLiteral("node_by_node_sentences_per_s")).toDouble(), 11, 'f', 0)
                 .arg(r.value(QStringLiteral("batched_sentences_per_s")).toDouble(), 11, 'f', 0)
                 .arg(r.value(QStringLiteral("speedup")).toDouble(), 6, 'f', 1);
  }
  out() << QStringLiteral("  (sentences/s)\n");
  out() << QStringLiteral("planning one chain-shaped tree (linear: ×4 for 4× the nodes; quadratic: ×16):\n");
  for (std::size_t k = 0; k < plans.size(); ++k)
    out() << QStringLiteral("  %1 nodes  %2 ms%3\n")
                 .arg(plans[k].nodes, 6)
                 .arg(plans[k].seconds * 1000, 8, 'f', 1)
                 .arg(k > 0 ? QStringLiteral("  ×%1").arg(plans[k].seconds / std::max(1e-9, plans[k - 1].seconds), 0, 'f', 1) : QString());
  return kExitOk;
}

}  // namespace

Command benchTreesCommand() {
  Command command;
  command.name = QStringLiteral("trees");
  command.summary = QStringLiteral("tree encoders batched by level against node by node (sentences/s)");
  command.syntax.options = {
      {QStringLiteral("batches"), QStringLiteral("N"), QStringLiteral("Timed minibatches per model and path."), QStringLiteral("10")},
      {QStringLiteral("batch-size"), QStringLiteral("B"), QStringLiteral("Captions per minibatch."), QStringLiteral("64")},
      {QStringLiteral("dataset"), QStringLiteral("PATH"), QStringLiteral("Dataset (default: the Scenes demo).")},
      {QStringLiteral("models"), QStringLiteral("LIST"), QStringLiteral("Comma-separated tree models (default: all of them).")},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}};
  command.run = benchTrees;
  return command;
}

}  // namespace gs::cli
