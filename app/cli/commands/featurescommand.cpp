// `groundscope-cli features`: extract (or find in the cache) the image features of a dataset with
// one backbone, as an engine job with progress on stderr, then print a summary on stdout.

#include "arguments.h"
#include "commands/benchregions.h"
#include "vision/featurebench.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "data/loaddataset.h"
#include "data/scenes/scenesdemo.h"
#include "io/npy.h"
#include "io/paths.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "vision/features.h"
#include "vision/torchscriptexample.h"
#include "vision/backbonespec.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

namespace gs::cli {

namespace {

constexpr int kSkippedListed = 10; // skipped images printed by name; the manifest has them all

// torchscript:example and torchscript:example-large: the example CNNs of vision/torchscriptexample.h,
// real TorchScript backbones that need no download (demos, tests, `bench features`). Written once
// into the cache, through a temporary name and a rename, so a killed run never leaves a torn file
// for the next one.
QString exampleTorchScript(bool large) {
  const QString script = QDir(userCacheDir(QStringLiteral("backbones")))
                             .filePath(large ? QStringLiteral("torchscript-example-large.pt") : QStringLiteral("torchscript-example.pt"));
  if (!QFileInfo::exists(script)) {
    const QString part = script + QStringLiteral(".part-%1").arg(QCoreApplication::applicationPid());
    if (large) saveLargeExampleTorchScript(part);
    else saveExampleTorchScript(part);
    if (!QFile::rename(part, script) && !QFileInfo::exists(script)) throw std::runtime_error(QStringLiteral("%1: cannot write").arg(script).toStdString());
    QFile::remove(part);
  }
  return script;
}


// `bench features`: images/s of each backbone kind on the Scenes demo, extracting into fresh
// folders (nothing cached), as ratios against the concept CNN measured in the same run.
// `bench features --dataset PATH --backbone SPEC`: the stages and the network-only limit on real
// images (vision/featurebench.h).
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
  double limit = 0;
  int limitBatch = 0;
  for (const auto &l : r.networkOnly)
    if (l.imagesPerSecond > limit) {
      limit = l.imagesPerSecond;
      limitBatch = l.batch;
    }
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
  ScenesOptions scenes;
  scenes.images = qMax(1000, images);
  Dataset dataset = loadDataset(ensureScenesDemo(scenes));
  dataset.images.resize(static_cast<std::size_t>(images)); // captions of dropped images are not used
  QTemporaryDir work;
  if (!work.isValid()) throw std::runtime_error("bench features: cannot create a temporary folder");

  struct Row {
    QString name;
    int dim = 0;
    double imagesPerSecond = 0;
  };
  std::vector<Row> rows;
  const auto measure = [&](const QString &name, const BackboneSpec &spec, const ExtractOptions &base) {
    ExtractOptions options = base;
    options.outDir = work.filePath(QStringLiteral("run%1").arg(rows.size()));
    options.reuseDecoded = false; // nothing cached: every image decoded (`--dataset` times the decoded cache)
    const FeatureSet set = extractFeatures(dataset, spec, options);
    rows.push_back({name, set.dim(), set.manifest().value(QStringLiteral("images_per_second")).toDouble()});
    err() << QStringLiteral("  %1: %2 images/s\n").arg(name).arg(rows.back().imagesPerSecond, 0, 'f', 1);
    err().flush();
    return set;
  };
  // The baseline trains first (not timed: the figure is extraction only; training is reported).
  const QString conceptCnn = backboneKindName(BackboneKind::ConceptCnn);
  const FeatureSet concept = measure(conceptCnn, BackboneSpec::parse(conceptCnn), {});
  const double trainSeconds = concept.manifest().value(QStringLiteral("concept_cnn")).toObject().value(QStringLiteral("seconds")).toDouble();
  ExtractOptions ten;
  ten.crops = CropMode::TenCrop;
  measure(conceptCnn + QStringLiteral(" 10-crop"), BackboneSpec::parse(conceptCnn), ten);
  ExtractOptions regions;
  regions.regions = true;
  measure(conceptCnn + QStringLiteral(" regions"), BackboneSpec::parse(conceptCnn), regions);
  // Precomputed: the concept CNN's own features written as .npy + ids.
  std::vector<float> matrix;
  for (int i = 0; i < concept.size(); ++i) matrix.insert(matrix.end(), concept.row(i), concept.row(i) + concept.dim());
  const QString npy = work.filePath(QStringLiteral("pre.npy"));
  writeNpy(npy, matrix.data(), concept.size(), concept.dim());
  QFile ids(work.filePath(QStringLiteral("pre.ids.txt")));
  if (!ids.open(QIODevice::WriteOnly)) throw std::runtime_error("bench features: cannot write the id list");
  ids.write(concept.imageIds().join(QLatin1Char('\n')).toUtf8());
  ids.close();
  measure(QStringLiteral("npy"), BackboneSpec::parse(QStringLiteral("npy:") + npy), {});
  const QString script = work.filePath(QStringLiteral("example.pt"));
  saveExampleTorchScript(script);
  measure(QStringLiteral("torchscript (example CNN, 224)"), BackboneSpec::parse(QStringLiteral("torchscript:") + script), {});
  if (args.isSet(QStringLiteral("onnx")))
    measure(QStringLiteral("onnx (%1)").arg(QFileInfo(args.value(QStringLiteral("onnx"))).fileName()),
            BackboneSpec::parse(QStringLiteral("onnx:") + args.value(QStringLiteral("onnx"))), {});

  const double base = rows.front().imagesPerSecond;
  if (args.isSet(QStringLiteral("json"))) {
    QJsonArray array;
    for (const Row &row : rows)
      array.append(QJsonObject{{QStringLiteral("backbone"), row.name},
                               {QStringLiteral("dim"), row.dim},
                               {QStringLiteral("images_per_second"), row.imagesPerSecond},
                               {QStringLiteral("ratio"), base > 0 ? row.imagesPerSecond / base : 0.0}});
    out() << QJsonDocument(QJsonObject{{QStringLiteral("images"), images},
                                       {QStringLiteral("concept_cnn_training_seconds"), trainSeconds},
                                       {QStringLiteral("backbones"), array}})
                 .toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  out() << QStringLiteral("Feature extraction on %1 Scenes demo images (128 px), nothing cached:\n").arg(images);
  for (const Row &row : rows)
    out() << QStringLiteral("  %1 %2-d %3 images/s (%4x baseline)\n")
                 .arg(row.name, -32)
                 .arg(row.dim, 5)
                 .arg(row.imagesPerSecond, 8, 'f', 1)
                 .arg(base > 0 ? row.imagesPerSecond / base : 0.0, 0, 'f', 2);
  out() << QStringLiteral("  (baseline: concept-cnn, 1 crop; its training took %1 s and is not counted)\n").arg(trainSeconds, 0, 'f', 1);
  if (!args.isSet(QStringLiteral("onnx"))) out() << "  (add --onnx FILE to include an ONNX network)\n";
  return kExitOk;
}

}  // namespace

BackboneSpec backboneFromOptions(const Arguments &args) {
  BackboneSpec spec;
  try {
    const QString backbone = args.value(QStringLiteral("backbone"));
    const bool example = backbone == QLatin1String("torchscript:example"), large = backbone == QLatin1String("torchscript:example-large");
    spec = BackboneSpec::parse(example || large ? QStringLiteral("torchscript:") + exampleTorchScript(large) : backbone);
    if (args.isSet(QStringLiteral("preset"))) spec.applyPreset(backbonePreset(args.value(QStringLiteral("preset"))));
  } catch (const std::invalid_argument &error) {
    throw UsageError(std::string("--backbone: ") + error.what());
  }
  if (args.isSet(QStringLiteral("layer"))) spec.layer = args.value(QStringLiteral("layer"));
  if (args.isSet(QStringLiteral("ids"))) spec.idsPath = args.value(QStringLiteral("ids"));
  return spec;
}

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
      {QStringLiteral("proposals"), QStringLiteral("PRESET"), QStringLiteral("With --regions: selective search fast or single."), QStringLiteral("fast")},
      {QStringLiteral("repeats"), QStringLiteral("N"), QStringLiteral("With --dataset: each figure is the best of N runs (default 3; 1 with --regions)."), {}},
      {QStringLiteral("layer"), QStringLiteral("NAME"), QStringLiteral("With --dataset: layer (ONNX) or method (TorchScript) to tap.")},
      {QStringLiteral("preset"), QStringLiteral("NAME"), QStringLiteral("With --dataset: preprocessing preset.")},
      {QStringLiteral("ids"), QStringLiteral("FILE"), QStringLiteral("With --dataset: image-id list of an npy backbone (not measured: no network).")},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}};
  command.run = benchFeatures;
  return command;
}

Command featuresCommand() {
  Command command;
  command.name = QStringLiteral("features");
  command.summary = QStringLiteral("extract and cache image features (concept CNN, ONNX, TorchScript, .npy)");
  command.syntax.options = {
      {QStringLiteral("dataset"), QStringLiteral("PATH"), QStringLiteral("Dataset folder or file."), {}, true},
      {QStringLiteral("backbone"), QStringLiteral("SPEC"), QStringLiteral("concept-cnn, onnx:FILE, torchscript:FILE, npy:FILE, or torchscript:example / example-large (example CNNs)."), {}, true},
      {QStringLiteral("crops"), QStringLiteral("N"), QStringLiteral("1 (centre 224 of 256) or 10 (corners, centre, mirrors)."), QStringLiteral("1")},
      {QStringLiteral("regions"), {}, QStringLiteral("Also region features: the whole image + up to --max-regions boxes (HM-LSTM).")},
      {QStringLiteral("max-regions"), QStringLiteral("R"), QStringLiteral("Regions per image besides the whole image."), QStringLiteral("19")},
      {QStringLiteral("region-set"), QStringLiteral("SET"),
       QStringLiteral("proposals (selective search) or ground-truth (the dataset's phrase boxes: Scenes demo)."), QStringLiteral("proposals")},
      {QStringLiteral("region-pooling"), QStringLiteral("HOW"),
       QStringLiteral("roialign (every box pooled from one feature map of the whole image: one network pass per image), crop (each "
                      "box warped and run through the network), or auto (roialign for ONNX and TorchScript, crop for the concept CNN)."),
       QStringLiteral("auto")},
      {QStringLiteral("region-input"), QStringLiteral("PX"),
       QStringLiteral("RoIAlign: the whole image's shortest side for its feature map (448: a 14×14 map for MobileNetV2)."),
       QStringLiteral("448")},
      {QStringLiteral("proposals"), QStringLiteral("PRESET"),
       QStringLiteral("Selective search: fast (the papers' choice, ~110 ms a photo) or single (one strategy, ~13 ms)."), QStringLiteral("fast")},
      {QStringLiteral("out"), QStringLiteral("DIR"), QStringLiteral("Folder of the feature set (reused when complete)."), {}, true},
      {QStringLiteral("layer"), QStringLiteral("NAME"), QStringLiteral("Layer (ONNX) or method (TorchScript) to tap.")},
      {QStringLiteral("preset"), QStringLiteral("NAME"), QStringLiteral("Preprocessing preset (torchvision, vgg, googlenet, inception, mobilenetv2-int8).")},
      {QStringLiteral("ids"), QStringLiteral("FILE"), QStringLiteral("Image-id list of an npy backbone.")},
      {QStringLiteral("batch"), QStringLiteral("N"), QStringLiteral("Images per network call."), QStringLiteral("16")},
      {QStringLiteral("prepare-threads"), QStringLiteral("N"),
       QStringLiteral("Threads decoding and preprocessing images ahead of the network (0: on its thread)."), QStringLiteral("1")},
      {QStringLiteral("no-decoded-cache"), {},
       QStringLiteral("Decode every image, even for a network of 128 px or less (the concept CNN), which otherwise reads them from "
                      "the decoded-image cache (~/.cache/Groundscope/decoded).")},
      {QStringLiteral("json"), {}, QStringLiteral("Print the summary (counts, speed, folder, skipped files) as JSON only.")}};
  command.run = [](const Arguments &args) {
    const BackboneSpec spec = backboneFromOptions(args);
    ExtractOptions options;
    const int crops = args.intValue(QStringLiteral("crops"), 1, 1, 10);
    if (crops != 1 && crops != 10) throw UsageError("--crops: expected 1 or 10");
    options.crops = crops == 10 ? CropMode::TenCrop : CropMode::Center;
    options.regions = args.isSet(QStringLiteral("regions"));
    options.maxRegions = args.intValue(QStringLiteral("max-regions"), 19, 1, 1000);
    const std::optional<RegionSet> set = enumFromName<RegionSet>(args.value(QStringLiteral("region-set")));
    if (!set) throw UsageError("--region-set: expected proposals or ground-truth");
    options.regionSet = *set;
    const std::optional<RegionPooling> pooling = enumFromName<RegionPooling>(args.value(QStringLiteral("region-pooling")));
    if (!pooling) throw UsageError("--region-pooling: expected auto, roialign or crop");
    options.regionPooling = *pooling;
    options.regionInput = args.intValue(QStringLiteral("region-input"), 448, 32, 4096);
    const std::optional<ProposalSearch> proposals = enumFromName<ProposalSearch>(args.value(QStringLiteral("proposals")));
    if (!proposals) throw UsageError("--proposals: expected fast or single");
    options.proposals = *proposals;
    options.outDir = args.value(QStringLiteral("out"));
    options.batchSize = args.intValue(QStringLiteral("batch"), 16, 1, 1024);
    options.prepareThreads = args.intValue(QStringLiteral("prepare-threads"), 1, 0, 64);
    options.reuseDecoded = !args.isSet(QStringLiteral("no-decoded-cache"));
    const QString datasetPath = args.value(QStringLiteral("dataset"));

    Engine engine;
    const JobOutcome outcome = runJob(engine, QStringLiteral("Extract features"), [&](JobContext &job) {
      const Dataset dataset = loadDataset(datasetPath, &job);
      const FeatureSet set = extractFeatures(dataset, spec, options, &job);
      const QJsonObject manifest = set.manifest();
      QJsonObject summary{{QStringLiteral("images"), set.size()},
                          {QStringLiteral("dimensions"), set.dim()},
                          {QStringLiteral("skipped"), static_cast<int>(set.skipped().size())},
                          {QStringLiteral("images_per_second"), manifest.value(QStringLiteral("images_per_second")).toDouble()},
                          {QStringLiteral("reused"), set.reused()},
                          {QStringLiteral("folder"), set.folder()},
                          {QStringLiteral("backbone"), spec.describe()}};
      if (set.hasRegions()) summary.insert(QStringLiteral("regions"), set.regionCount());
      if (manifest.contains(QStringLiteral("decoded_cache")) && !set.reused())
        summary.insert(QStringLiteral("decoded_cache"), manifest.value(QStringLiteral("decoded_cache")));
      QJsonArray skipped;
      for (std::size_t i = 0; i < set.skipped().size() && i < kSkippedListed; ++i)
        skipped.append(QString(set.skipped()[i].path + QStringLiteral(": ") + set.skipped()[i].reason));
      summary.insert(QStringLiteral("skipped_files"), skipped);
      job.setSummary(summary);
    });
    if (outcome.status == JobStatus::Cancelled) {
      err() << "features: cancelled; finished chunks are kept and a rerun resumes\n";
      return kExitFailure;
    }
    if (outcome.status == JobStatus::Failed) throw std::runtime_error(outcome.error.toStdString());
    const QJsonObject &s = outcome.summary;
    if (args.isSet(QStringLiteral("json"))) {
      out() << QJsonDocument(s).toJson(QJsonDocument::Indented);
      return kExitOk;
    }
    out() << "images:      " << s.value(QStringLiteral("images")).toInt() << '\n'
          << "dimensions:  " << s.value(QStringLiteral("dimensions")).toInt() << '\n'
          << "skipped:     " << s.value(QStringLiteral("skipped")).toInt() << '\n';
    for (const QJsonValue &line : s.value(QStringLiteral("skipped_files")).toArray()) out() << "  " << line.toString() << '\n';
    if (s.contains(QStringLiteral("regions"))) out() << "regions:     " << s.value(QStringLiteral("regions")).toInt() << '\n';
    out() << "images/s:    " << QString::number(s.value(QStringLiteral("images_per_second")).toDouble(), 'f', 1)
          << (s.value(QStringLiteral("reused")).toBool() ? QStringLiteral(" (cached: nothing extracted)") : QString()) << '\n';
    if (s.contains(QStringLiteral("decoded_cache"))) {
      const QJsonObject decoded = s.value(QStringLiteral("decoded_cache")).toObject();
      out() << "decoded:     " << decoded.value(QStringLiteral("read")).toInt() << " images read from the decoded cache, "
            << decoded.value(QStringLiteral("stored")).toInt() << " decoded and stored ("
            << decoded.value(QStringLiteral("folder")).toString() << ")\n";
    }
    out()
          << "backbone:    " << s.value(QStringLiteral("backbone")).toString() << '\n'
          << "folder:      " << s.value(QStringLiteral("folder")).toString() << '\n';
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
