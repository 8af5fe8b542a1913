// `groundscope-cli bench features --dataset PATH --backbone SPEC --regions`: region features of the
// same photos by cropping every box and by RoIAlign on one map per image, timed in the same run
// (images/s and their ratio), and RoIAlign of the whole image checked against the network's own
// pooling of the same map.

#include "commands/bench/benchregions.h"

#include "arguments.h"
#include "cli.h"
#include "clioutput.h"
#include "commands/data/backboneoption.h"
#include "data/boxes.h"
#include "data/loaddataset.h"
#include "engine/jobcontext.h"
#include "experiments/bench/regionpoolingbench.h"
#include "jobrunner.h"

#include <optional>

#include <QJsonDocument>
#include <QJsonObject>

namespace gs::cli {

int benchRegionPoolingOnDataset(const Arguments &args) {
  if (!args.isSet(QStringLiteral("backbone"))) throw UsageError("--regions needs --dataset and --backbone (onnx:FILE or torchscript:FILE)");
  const int images = args.intValue(QStringLiteral("images"), 300, 10, 1000000);
  const int maxRegions = args.intValue(QStringLiteral("max-regions"), 19, 1, 1000);
  const int regionInput = args.intValue(QStringLiteral("region-input"), 448, 32, 4096);
  const BackboneSpec spec = backboneFromOptions(args);
  const std::optional<ProposalSearch> proposals = enumFromName<ProposalSearch>(args.value(QStringLiteral("proposals")));
  if (!proposals) throw UsageError("--proposals: expected fast, single or scored");
  RegionPoolingBenchResult r;
  Engine engine;
  requireSuccess(runJob(engine, QStringLiteral("Benchmark region pooling"), [&](JobContext &job) {
    Dataset dataset = loadDataset(args.value(QStringLiteral("dataset")), &job);
    if (int(dataset.images.size()) > images) dataset.images.resize(std::size_t(images));
    r = benchRegionPooling(dataset, spec, {maxRegions, regionInput, *proposals}, args.intValue(QStringLiteral("repeats"), 1, 1, 100), &job);
  }));
  const double ratio = r.cropImagesPerSecond > 0 ? r.roiAlignImagesPerSecond / r.cropImagesPerSecond : 0.0;
  if (args.isSet(QStringLiteral("json"))) {
    out() << QJsonDocument(QJsonObject{{QStringLiteral("images"), r.images},
                                       {QStringLiteral("backbone"), spec.describe()},
                                       {QStringLiteral("regions_per_image"), r.regionsPerImage},
                                       {QStringLiteral("region_input"), r.regionInput},
                                       {QStringLiteral("proposals"), enumName(*proposals)},
                                       {QStringLiteral("crop_images_per_second"), r.cropImagesPerSecond},
                                       {QStringLiteral("roialign_images_per_second"), r.roiAlignImagesPerSecond},
                                       {QStringLiteral("ratio"), ratio},
                                       {QStringLiteral("scored_images_per_second"), r.scoredImagesPerSecond},
                                       {QStringLiteral("checked_images"), r.checkedImages},
                                       {QStringLiteral("whole_image_max_difference"), r.wholeImageMaxDifference},
                                       {QStringLiteral("largest_feature"), r.largestFeature}})
                 .toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  out() << QStringLiteral("Region features of %1 images (%2 regions each on average: the whole image and its %3 selective-search proposals), %4\n")
               .arg(r.images)
               .arg(r.regionsPerImage, 0, 'f', 1)
               .arg(enumName(*proposals == ProposalSearch::Scored ? ProposalSearch::Fast : *proposals), spec.describe());
  out() << QStringLiteral("  crop (each box warped and run through the network): %1 images/s (baseline)\n").arg(r.cropImagesPerSecond, 0, 'f', 1);
  out() << QStringLiteral("  RoIAlign (one %1 px map per image):                  %2 images/s (%3x)\n")
               .arg(r.regionInput)
               .arg(r.roiAlignImagesPerSecond, 0, 'f', 1)
               .arg(ratio, 0, 'f', 2);
  if (r.scoredImagesPerSecond > 0)
    out() << QStringLiteral("  scored (300 fast boxes pooled and classified, the top kept): %1 images/s (%2x RoIAlign with fast proposals)\n")
                 .arg(r.scoredImagesPerSecond, 0, 'f', 1)
                 .arg(r.roiAlignImagesPerSecond > 0 ? r.scoredImagesPerSecond / r.roiAlignImagesPerSecond : 0.0, 0, 'f', 2);
  out() << QStringLiteral("  RoIAlign of the whole image vs the network's own pooling, %1 images: max |difference| %2 (largest |feature| %3)\n")
               .arg(r.checkedImages)
               .arg(r.wholeImageMaxDifference, 0, 'g', 3)
               .arg(r.largestFeature, 0, 'g', 3);
  return kExitOk;
}

}  // namespace gs::cli
