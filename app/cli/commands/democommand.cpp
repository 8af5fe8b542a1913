// `groundscope-cli demo`: the main job, headless — what the README's run command does when
// there is no display. Each stage runs as an engine job and says what it did; later issues
// add stages (make the Scenes demo, parse, extract features, train, evaluate).

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "data/loaddataset.h"
#include "data/scenes/scenesdemo.h"
#include "engine/jobcontext.h"
#include "io/paths.h"
#include "jobrunner.h"
#include "parse/datasetparser.h"
#include "runtime/runtime.h"
#include "training/trainer.h"
#include "training/trainingsource.h"
#include "vision/features.h"

namespace gs::cli {

Command demoCommand() {
  Command command;
  command.name = QStringLiteral("demo");
  command.summary = QStringLiteral("run the demo pipeline headless and print what it did");
  command.usage = QStringLiteral("demo [--images N] [--model M] [--epochs N]");
  command.run = [](const QStringList &args) {
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("model"), QStringLiteral("Model to train."), QStringLiteral("M"), QStringLiteral("bow")});
    parser.addOption({QStringLiteral("epochs"), QStringLiteral("Epochs."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("images"), QStringLiteral("Images in the Scenes demo."), QStringLiteral("N")});
    parseArguments(parser, args, 0, 0);
    ScenesOptions scenesOptions;
    scenesOptions.images = intOption(parser, QStringLiteral("images"), scenesOptions.images, 20, 100000);
    const QString model = parser.value(QStringLiteral("model"));
    if (!TrainConfig::models().contains(model))
      throw UsageError(QStringLiteral("--model: unknown model '%1'").arg(model).toStdString());
    const int epochs = intOption(parser, QStringLiteral("epochs"), 0, 1, 10000);
    Engine engine;
    int stage = 0;
    const auto report = [&](const QString &what, const JobOutcome &outcome) {
      out() << QStringLiteral("%1. %2: %3 (%4 s)\n")
                   .arg(++stage)
                   .arg(what, statusName(outcome.status))
                   .arg(outcome.seconds, 0, 'f', 2);
      if (outcome.status == JobStatus::Failed) {
        out() << "   " << outcome.error << '\n';
        return false;
      }
      for (auto it = outcome.summary.begin(); it != outcome.summary.end(); ++it)
        out() << "   " << it.key() << ": " << it.value().toVariant().toString() << '\n';
      out().flush();
      return outcome.status == JobStatus::Succeeded;
    };

    const JobOutcome check = runJob(engine, QStringLiteral("Runtime check"), [](JobContext &job) {
      const runtime::RuntimeInfo info = runtime::info();
      job.log(runtime::describe(info));
      const runtime::GemmRate rate = runtime::measureGemm(512, 3);
      job.setSummary({{QStringLiteral("BLAS"), info.blasName},
                      {QStringLiteral("threads"), rate.threads},
                      {QStringLiteral("GEMM GFLOP/s"), QString::number(rate.gflops, 'f', 1)}});
    });
    if (!report(QStringLiteral("Runtime check"), check)) return kExitFailure;

    const JobOutcome scenes = runJob(engine, QStringLiteral("Make the Scenes demo"), [&](JobContext &job) {
      const QString folder = ensureScenesDemo(scenesOptions, &job);
      const Dataset dataset = loadDataset(folder, &job);
      const DatasetStats stats = dataset.stats();
      int orderSensitive = 0;
      for (const CaptionRecord &caption : dataset.captions) orderSensitive += caption.orderSensitive ? 1 : 0;
      job.setSummary({{QStringLiteral("folder"), folder},
                      {QStringLiteral("images"), QStringLiteral("%1 (train %2, val %3, test %4)")
                                                     .arg(dataset.images.size())
                                                     .arg(stats.imagesPerSplit[int(Split::Train)])
                                                     .arg(stats.imagesPerSplit[int(Split::Val)])
                                                     .arg(stats.imagesPerSplit[int(Split::Test)])},
                      {QStringLiteral("captions"), int(dataset.captions.size())},
                      {QStringLiteral("order-sensitive captions"), orderSensitive},
                      {QStringLiteral("vocabulary"), stats.vocabularySize}});
    });
    if (!report(QStringLiteral("Make the Scenes demo"), scenes)) return kExitFailure;

    const QString datasetFolder = scenes.summary.value(QStringLiteral("folder")).toString();

    // Both trees for every caption, on all cores; a second run takes them from the parse cache.
    const JobOutcome parses = runJob(engine, QStringLiteral("Parse captions"), [&](JobContext &job) {
      const Dataset dataset = loadDataset(datasetFolder, &job);
      const CaptionParseStats stats = parseDataset(dataset, CaptionParseOptions{}, &job).stats;
      job.setSummary({{QStringLiteral("captions"), stats.captions},
                      {QStringLiteral("parsed / from cache"), QStringLiteral("%1 / %2").arg(stats.parsed).arg(stats.cached)},
                      {QStringLiteral("complete / partial / fallback"),
                       QStringLiteral("%1 / %2 / %3").arg(stats.complete).arg(stats.partial).arg(stats.fallback)},
                      {QStringLiteral("captions/s"), QString::number(stats.captionsPerSecond(), 'f', 1)}});
    });
    if (!report(QStringLiteral("Parse captions"), parses)) return kExitFailure;

    // Image features of the Scenes demo from the built-in concept CNN (trained on first use,
    // then found in the feature cache).
    const JobOutcome features = runJob(engine, QStringLiteral("Extract features"), [&](JobContext &job) {
      const Dataset dataset = loadDataset(datasetFolder, &job);
      const FeatureSet set = extractFeatures(dataset, BackboneSpec::parse(QStringLiteral("concept-cnn")), {}, &job);
      const QJsonObject manifest = set.manifest();
      job.setSummary({{QStringLiteral("backbone"), QStringLiteral("concept-cnn")},
                      {QStringLiteral("images"), set.size()},
                      {QStringLiteral("dimensions"), set.dim()},
                      {QStringLiteral("images/s"), set.reused() ? QStringLiteral("cached")
                                                                : QString::number(manifest.value(QStringLiteral("images_per_second")).toDouble(), 'f', 1)},
                      {QStringLiteral("cache"), set.folder()}});
    });
    if (!report(QStringLiteral("Extract features"), features)) return kExitFailure;

    const JobOutcome trained = runJob(engine, QStringLiteral("Train %1").arg(model), [&](JobContext &job) {
      TrainConfig config = TrainConfig::defaultsFor(model);
      if (epochs > 0) config.epochs = epochs;
      const TrainingData data = prepareTrainingData({datasetFolder, QStringLiteral("concept-cnn"), QString()}, &job);
      const QString runDir = userCacheDir(QStringLiteral("runs/demo-%1-e%2").arg(model).arg(config.epochs));
      const TrainResult result = train(data, config, runDir, &job);
      const auto direction = [](const DirectionMetrics &d) {
        return QStringLiteral("R@1 %1, R@5 %2, R@10 %3, median rank %4, mean rank %5")
            .arg(d.r1, 0, 'f', 1).arg(d.r5, 0, 'f', 1).arg(d.r10, 0, 'f', 1).arg(d.medianRank).arg(d.meanRank, 0, 'f', 1);
      };
      job.setSummary({{QStringLiteral("run folder"), runDir},
                      {QStringLiteral("features"), data.source.value(QStringLiteral("features")).toString()},
                      {QStringLiteral("test image→text"), direction(result.test.imageToText)},
                      {QStringLiteral("test text→image"), direction(result.test.textToImage)},
                      {QStringLiteral("test rsum"), QString::number(result.test.rsum, 'f', 1)}});
    });
    if (!report(QStringLiteral("Train %1 on the Scenes demo").arg(model), trained)) return kExitFailure;
    out() << "Inspect it: groundscope-cli eval " << trained.summary.value(QStringLiteral("run folder")).toString() << '\n';
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
