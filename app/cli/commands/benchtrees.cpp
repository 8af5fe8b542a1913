// `groundscope-cli bench trees`: sentences/s through forward + backward of each tree encoder on
// minibatches of 64 Scenes-demo captions, batched by level and node by node (the baseline of the
// same run), with the machine's GEMM rate measured in the same run for scale.

#include "arguments.h"
#include "cli.h"
#include "clioutput.h"
#include "data/scenes/scenesdemo.h"
#include "runtime/runtime.h"
#include "training/treebench.h"
#include "training/trainingsource.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace gs::cli {

int benchTrees(const QStringList &args) {
  QCommandLineParser parser;
  parser.addOption({QStringLiteral("batches"), QStringLiteral("Timed minibatches per model and path."), QStringLiteral("N")});
  parser.addOption({QStringLiteral("batch-size"), QStringLiteral("Captions per minibatch (default 64)."), QStringLiteral("B")});
  parser.addOption({QStringLiteral("dataset"), QStringLiteral("Dataset (default: the Scenes demo)."), QStringLiteral("PATH")});
  parser.addOption({QStringLiteral("models"), QStringLiteral("Comma-separated tree models."), QStringLiteral("LIST")});
  parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON.")});
  parseArguments(parser, args, 0, 0);
  const int batches = intOption(parser, QStringLiteral("batches"), 10, 1, 100000);
  const int batchSize = intOption(parser, QStringLiteral("batch-size"), 64, 1, 100000);
  const QStringList models = parser.isSet(QStringLiteral("models"))
                                 ? parser.value(QStringLiteral("models")).split(QLatin1Char(','), Qt::SkipEmptyParts)
                                 : QStringList{QStringLiteral("ctrnn"), QStringLiteral("dtrnn"), QStringLiteral("sdtrnn"),
                                               QStringLiteral("dtlstm")};
  for (const QString &m : models)
    if (!TrainConfig::models().contains(m) || !TrainConfig::defaultsFor(m).needsTrees())
      throw UsageError(QStringLiteral("--models: '%1' is not a tree model").arg(m).toStdString());
  const QString path = parser.isSet(QStringLiteral("dataset")) ? parser.value(QStringLiteral("dataset")) : ensureScenesDemo(ScenesOptions{});
  TrainingSource source{path, QStringLiteral("concept-cnn"), QString()};
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
  if (parser.isSet(QStringLiteral("json"))) {
    out() << QJsonDocument(QJsonObject{{QStringLiteral("batch_size"), batchSize},
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
  return kExitOk;
}

}  // namespace gs::cli
