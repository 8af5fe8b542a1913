// `groundscope-cli bench features`: images/s of each backbone kind on the Scenes demo, extracting
// into fresh folders (nothing cached), as ratios against the concept CNN measured in the same run
// (experiments/bench/backbonebench.h).
// `bench features --dataset PATH --backbone SPEC`: the stages and the network-only limit on real
// images (experiments/bench/featurebench.h); with --regions, region pooling (benchregions.cpp).

#include "arguments.h"
#include "cli.h"
#include "clioutput.h"
#include "commands/bench/benchregions.h"
#include "commands/commands.h"
#include "commands/data/backboneoption.h"
#include "data/loaddataset.h"
#include "engine/jobcontext.h"
#include "experiments/bench/backbonebench.h"
#include "jobrunner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gs::cli {

namespace {

QString decodedName(FeatureBenchResult::Decoded decoded) {
  switch (decoded) {
  case FeatureBenchResult::Decoded::CacheCold: return QStringLiteral("cache-cold");
  case FeatureBenchResult::Decoded::CacheWarm: return QStringLiteral("cache-warm");
  case FeatureBenchResult::Decoded::Always: break;
  }
  return QStringLiteral("every-image");
}

int benchFeaturesOnDataset(const Arguments &args) {
  const int images = args.intValue(QStringLiteral("images"), 300, 10, 1000000);
  std::vector<int> batches;
  for (const QString &b : args.value(QStringLiteral("batch")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    bool ok = false;
    const int v = b.toInt(&ok);
    if (!ok || v < 1 || v > 1024) throw UsageError("--batch: a comma-separated list of batch sizes 1..1024");
    batches.push_back(v);
  }
  if (!args.isSet(QStringLiteral("backbone"))) throw UsageError("--dataset needs --backbone (onnx:FILE, torchscript:FILE, concept-cnn, …)");
  const BackboneSpec spec = backboneFromOptions(args);
  FeatureBenchResult r;
  Dataset dataset;
  Engine engine;
  requireSuccess(runJob(engine, QStringLiteral("Benchmark feature extraction"), [&](JobContext &job) {
    dataset = loadDataset(args.value(QStringLiteral("dataset")), &job);
    if (int(dataset.images.size()) > images) dataset.images.resize(std::size_t(images));
    r = benchFeaturePipeline(dataset, spec, batches, &job, args.intValue(QStringLiteral("repeats"), 3, 1, 100));
  }));
  const FeatureBenchResult::Limit best = networkOnlyLimit(r);
  const double limit = best.imagesPerSecond;
  const int limitBatch = best.batch;
  if (args.isSet(QStringLiteral("json"))) {
    QJsonArray network, pipelines;
    for (const auto &l : r.networkOnly) network.append(QJsonObject{{QStringLiteral("batch"), l.batch}, {QStringLiteral("images_per_second"), l.imagesPerSecond}});
    for (const auto &p : r.pipelines)
      pipelines.append(QJsonObject{{QStringLiteral("batch"), p.batch}, {QStringLiteral("prepare_threads"), p.prepareThreads},
                                   {QStringLiteral("decoded"), decodedName(p.decoded)},
                                   {QStringLiteral("images_per_second"), p.imagesPerSecond}, {QStringLiteral("of_limit"), p.imagesPerSecond / limit},
                                   {QStringLiteral("max_difference"), p.maxDifference}});
    out() << QJsonDocument(QJsonObject{{QStringLiteral("images"), r.images}, {QStringLiteral("backbone"), spec.describe()},
                                       {QStringLiteral("decode_ms"), r.decodeMs}, {QStringLiteral("prepare_ms"), r.prepareMs},
                                       {QStringLiteral("cached_read_ms"), r.cachedReadMs}, {QStringLiteral("cached_prepare_ms"), r.cachedPrepareMs},
                                       {QStringLiteral("network_ms"), r.networkMs}, {QStringLiteral("opencv_threads"), r.openCvThreads},
                                       {QStringLiteral("network_only"), network}, {QStringLiteral("pipelines"), pipelines}})
                 .toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  const double stages = r.decodeMs + r.prepareMs + r.networkMs;
  out() << QStringLiteral("Feature extraction: %1 images of %2, %3; OpenCV on %4 thread(s)\n")
               .arg(r.images).arg(dataset.root, spec.describe()).arg(r.openCvThreads);
  out() << QStringLiteral("Where the time goes, one image at a time: decode %1 ms (%2%), crop + normalise %3 ms (%4%), network %5 ms (%6%)\n")
               .arg(r.decodeMs, 0, 'f', 2).arg(100 * r.decodeMs / stages, 0, 'f', 0)
               .arg(r.prepareMs, 0, 'f', 2).arg(100 * r.prepareMs / stages, 0, 'f', 0)
               .arg(r.networkMs, 0, 'f', 2).arg(100 * r.networkMs / stages, 0, 'f', 0);
  if (r.cachedReadMs > 0)
    out() << QStringLiteral("From the decoded-image cache instead: read %1 ms, crop + normalise %2 ms\n")
                 .arg(r.cachedReadMs, 0, 'f', 3).arg(r.cachedPrepareMs, 0, 'f', 3);
  out() << "Network only (preprocessed tensors in memory):\n";
  for (const auto &l : r.networkOnly)
    out() << QStringLiteral("  batch %1: %2 images/s%3\n").arg(l.batch, 3).arg(l.imagesPerSecond, 7, 'f', 1)
                 .arg(l.batch == limitBatch ? QStringLiteral("  <- the limit (baseline)") : QString());
  out() << "Whole pipeline (decode, preprocess, network, cache written):\n";
  for (const auto &p : r.pipelines)
    out() << QStringLiteral("  batch %1, %2%3: %4 images/s = %5 of the network-only limit; max |difference| from batch 1 inline %6\n")
                 .arg(p.batch, 3)
                 .arg(p.prepareThreads > 0 ? QStringLiteral("prepared ahead on %1 thread%2").arg(p.prepareThreads).arg(p.prepareThreads > 1 ? "s" : " ") : QStringLiteral("prepared inline    "))
                 .arg(p.decoded == FeatureBenchResult::Decoded::CacheCold   ? QStringLiteral(", decoded cache cold (decode + store)")
                      : p.decoded == FeatureBenchResult::Decoded::CacheWarm ? QStringLiteral(", decoded cache warm (read)")
                                                                            : QString())
                 .arg(p.imagesPerSecond, 7, 'f', 1)
                 .arg(p.imagesPerSecond / limit, 0, 'f', 3)
                 .arg(p.maxDifference, 0, 'g', 3);
  return kExitOk;
}

int benchFeatures(const Arguments &args) {
  if (args.isSet(QStringLiteral("regions"))) return benchRegionPoolingOnDataset(args);
  if (args.isSet(QStringLiteral("dataset"))) return benchFeaturesOnDataset(args);
  const int images = args.intValue(QStringLiteral("images"), 300, 10, 100000);
  const BackboneBenchResult result = benchBackbones(images, args.value(QStringLiteral("onnx")), [](const BackboneBenchRow &row) {
    err() << QStringLiteral("  %1: %2 images/s\n").arg(row.name).arg(row.imagesPerSecond, 0, 'f', 1);
    err().flush();
  });
  if (args.isSet(QStringLiteral("json"))) {
    QJsonArray array;
    for (const BackboneBenchRow &row : result.rows)
      array.append(QJsonObject{{QStringLiteral("backbone"), row.name},
                               {QStringLiteral("dim"), row.dim},
                               {QStringLiteral("images_per_second"), row.imagesPerSecond},
                               {QStringLiteral("ratio"), result.ratio(row)}});
    out() << QJsonDocument(QJsonObject{{QStringLiteral("images"), images},
                                       {QStringLiteral("concept_cnn_training_seconds"), result.conceptCnnTrainingSeconds},
                                       {QStringLiteral("backbones"), array}})
                 .toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  out() << QStringLiteral("Feature extraction on %1 Scenes demo images (128 px), nothing cached:\n").arg(images);
  for (const BackboneBenchRow &row : result.rows)
    out() << QStringLiteral("  %1 %2-d %3 images/s (%4x baseline)\n")
                 .arg(row.name, -32)
                 .arg(row.dim, 5)
                 .arg(row.imagesPerSecond, 8, 'f', 1)
                 .arg(result.ratio(row), 0, 'f', 2);
  out() << QStringLiteral("  (baseline: concept-cnn, 1 crop; its training took %1 s and is not counted)\n").arg(result.conceptCnnTrainingSeconds, 0, 'f', 1);
  if (!args.isSet(QStringLiteral("onnx"))) out() << "  (add --onnx FILE to include an ONNX network)\n";
  return kExitOk;
}

}  // namespace

Command benchFeaturesCommand() {
  Command command;
  command.name = QStringLiteral("features");
  command.summary = QStringLiteral("images/s of each backbone kind, against the concept CNN");
  command.syntax.options = {
      {QStringLiteral("images"), QStringLiteral("N"), QStringLiteral("Demo images to extract."), QStringLiteral("300")},
      {QStringLiteral("onnx"), QStringLiteral("FILE"), QStringLiteral("An ONNX model to include (e.g. mobilenetv2-12-int8.onnx).")},
      {QStringLiteral("dataset"), QStringLiteral("PATH"),
       QStringLiteral("Real images instead of the demo: the stages, the network-only limit and the pipeline at each --batch "
                      "(needs --backbone).")},
      {QStringLiteral("backbone"), QStringLiteral("SPEC"), QStringLiteral("With --dataset: onnx:FILE, torchscript:FILE, torchscript:example or torchscript:example-large (example CNNs), or concept-cnn (trained on the dataset first, not timed).")},
      {QStringLiteral("batch"), QStringLiteral("LIST"), QStringLiteral("With --dataset: batch sizes."), QStringLiteral("1,8,32")},
      {QStringLiteral("regions"), {},
       QStringLiteral("With --dataset and --backbone: region features by cropping each box against RoIAlign on one map per image, "
                      "and RoIAlign of the whole image checked against the network's own pooling.")},
      {QStringLiteral("max-regions"), QStringLiteral("R"), QStringLiteral("With --regions: proposals per image."), QStringLiteral("19")},
      {QStringLiteral("region-input"), QStringLiteral("PX"), QStringLiteral("With --regions: RoIAlign's shortest side."), QStringLiteral("448")},
      {QStringLiteral("proposals"), QStringLiteral("PRESET"), QStringLiteral("With --regions: selective search fast or single; scored adds a third leg, the scored pool, against fast RoIAlign."), QStringLiteral("fast")},
      {QStringLiteral("repeats"), QStringLiteral("N"), QStringLiteral("With --dataset: each figure is the best of N runs (default 3; 1 with --regions)."), {}},
      {QStringLiteral("layer"), QStringLiteral("NAME"), QStringLiteral("With --dataset: layer (ONNX) or method (TorchScript) to tap.")},
      {QStringLiteral("preset"), QStringLiteral("NAME"), QStringLiteral("With --dataset: preprocessing preset.")},
      {QStringLiteral("ids"), QStringLiteral("FILE"), QStringLiteral("With --dataset: image-id list of an npy backbone (not measured: no network).")},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}};
  command.run = benchFeatures;
  return command;
}

}  // namespace gs::cli
