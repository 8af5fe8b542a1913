// `groundscope-cli features`: extract (or find in the cache) the image features of a dataset with
// one backbone (vision/features.h), as an engine job with progress on stderr, then print a summary
// on stdout.

#include "arguments.h"
#include "cli.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "commands/data/backboneoption.h"
#include "data/loaddataset.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "vision/features.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gs::cli {

namespace {

constexpr int kSkippedListed = 10; // skipped images printed by name; the manifest has them all

std::vector<OptionSpec> featuresOptions() {
  return {
      {QStringLiteral("dataset"), QStringLiteral("PATH"), QStringLiteral("Dataset folder or file."), {}, true},
      {QStringLiteral("backbone"), QStringLiteral("SPEC"), QStringLiteral("concept-cnn, onnx:FILE, torchscript:FILE, npy:FILE, or torchscript:example / example-large (example CNNs)."), {}, true},
      {QStringLiteral("crops"), QStringLiteral("N"), QStringLiteral("1 (centre 224 of 256), 5 (corners, centre) or 10 (corners, centre, mirrors)."), QStringLiteral("1")},
      {QStringLiteral("crops-from"), QStringLiteral("FROM"),
       QStringLiteral("With --crops 5 or 10: images (each crop through the network) or map (the crops' boxes pooled from one map of the "
                      "photo at --region-input px, and for 10 one of its mirror: one or two passes instead of five or ten; ONNX or "
                      "TorchScript; with --regions the five share the regions' map)."),
       QStringLiteral("images")},
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
       QStringLiteral("Selective search: fast (~110 ms a photo) or single (one strategy, ~13 ms) in its own order, or scored (300 fast boxes "
                      "ranked by the ONNX backbone's classifier, R-CNN's detections: needs RoIAlign)."), QStringLiteral("fast")},
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
}

ExtractOptions extractOptionsOf(const Arguments &args) {
  ExtractOptions options;
  const int crops = args.intValue(QStringLiteral("crops"), 1, 1, 10);
  if (!isCropCount(crops)) throw UsageError("--crops: expected 1, 5 or 10");
  const std::optional<CropSource> cropsFrom = enumFromName<CropSource>(args.value(QStringLiteral("crops-from")));
  if (!cropsFrom) throw UsageError("--crops-from: expected images or map");
  options.crops = cropModeOf(crops, *cropsFrom);
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
  if (!proposals) throw UsageError("--proposals: expected fast, single or scored");
  options.proposals = *proposals;
  options.outDir = args.value(QStringLiteral("out"));
  options.batchSize = args.intValue(QStringLiteral("batch"), 16, 1, 1024);
  options.prepareThreads = args.intValue(QStringLiteral("prepare-threads"), 1, 0, 64);
  options.reuseDecoded = !args.isSet(QStringLiteral("no-decoded-cache"));
  return options;
}

// What --json prints and the text summary reads: counts, speed, folder, the first skipped files.
QJsonObject summaryOf(const FeatureSet &set, const BackboneSpec &spec) {
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
  return summary;
}

void printSummary(const QJsonObject &s) {
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
}

int runFeatures(const Arguments &args) {
  const BackboneSpec spec = backboneFromOptions(args);
  const ExtractOptions options = extractOptionsOf(args);
  const QString datasetPath = args.value(QStringLiteral("dataset"));
  Engine engine;
  const JobOutcome outcome = runJob(engine, QStringLiteral("Extract features"), [&](JobContext &job) {
    const Dataset dataset = loadDataset(datasetPath, &job);
    job.setSummary(summaryOf(extractFeatures(dataset, spec, options, &job), spec));
  });
  if (outcome.status == JobStatus::Cancelled) {
    err() << "features: cancelled; finished chunks are kept and a rerun resumes\n";
    return kExitFailure;
  }
  if (outcome.status == JobStatus::Failed) throw std::runtime_error(outcome.error.toStdString());
  if (args.isSet(QStringLiteral("json"))) out() << QJsonDocument(outcome.summary).toJson(QJsonDocument::Indented);
  else printSummary(outcome.summary);
  return kExitOk;
}

}  // namespace

Command featuresCommand() {
  Command command;
  command.name = QStringLiteral("features");
  command.summary = QStringLiteral("extract and cache image features (concept CNN, ONNX, TorchScript, .npy)");
  command.syntax.options = featuresOptions();
  command.run = runFeatures;
  return command;
}

}  // namespace gs::cli
