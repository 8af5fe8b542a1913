// `groundscope-cli demo`: the main job, headless — what the README's run command does when there is
// no display. Each stage runs as an engine job and says what it did: check the runtime, make (or
// find) the Scenes demo, parse its captions, extract concept-CNN features, train and evaluate. The
// dataset is read once and handed from stage to stage.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "data/scenes/scenesdemo.h"
#include "engine/jobcontext.h"
#include "io/paths.h"
#include "jobrunner.h"
#include "parse/datasetparser.h"
#include "runtime/runtime.h"
#include "training/modelregistry.h"
#include "training/trainingjob.h"
#include "vision/features.h"
#include "vision/backbonespec.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace gs::cli {

namespace {

QString direction(const DirectionMetrics &d) {
  return QStringLiteral("R@1 %1, R@5 %2, R@10 %3, median rank %4, mean rank %5")
      .arg(d.r1, 0, 'f', 1)
      .arg(d.r5, 0, 'f', 1)
      .arg(d.r10, 0, 'f', 1)
      .arg(d.medianRank)
      .arg(d.meanRank, 0, 'f', 1);
}

// Says what each stage did, as it finishes: a numbered line and its summary, or with --json one
// record per stage, printed together at the end (or at the first stage that did not succeed).
class StageReport {
public:
  explicit StageReport(bool json) : m_json(json) {}

  // Whether the stage succeeded (the demo goes on).
  bool operator()(const QString &what, const JobOutcome &outcome) { return m_json ? addRecord(what, outcome) : printStage(what, outcome); }

  // --json: every stage's record.
  void printRecords() const { out() << QJsonDocument(m_stages).toJson(); }

private:
  bool addRecord(const QString &what, const JobOutcome &outcome) {
    m_stages.append(QJsonObject{{QStringLiteral("stage"), what},
                                {QStringLiteral("status"), statusName(outcome.status)},
                                {QStringLiteral("seconds"), outcome.seconds},
                                {QStringLiteral("error"), outcome.error},
                                {QStringLiteral("summary"), outcome.summary}});
    if (outcome.status != JobStatus::Succeeded) printRecords();
    return outcome.status == JobStatus::Succeeded;
  }

  bool printStage(const QString &what, const JobOutcome &outcome) {
    out() << QStringLiteral("%1. %2: %3 (%4 s)\n").arg(++m_stage).arg(what, statusName(outcome.status)).arg(outcome.seconds, 0, 'f', 2);
    if (outcome.status == JobStatus::Failed) {
      out() << "   " << outcome.error << '\n';
      return false;
    }
    for (auto it = outcome.summary.begin(); it != outcome.summary.end(); ++it)
      out() << "   " << it.key() << ": " << it.value().toVariant().toString() << '\n';
    out().flush();
    return outcome.status == JobStatus::Succeeded;
  }

  bool m_json;
  int m_stage = 0;
  QJsonArray m_stages;
};

void checkRuntime(JobContext &job) {
  const runtime::RuntimeInfo info = runtime::info();
  job.log(runtime::describe(info));
  const runtime::GemmRate rate = runtime::measureGemm(512, 3);
  job.setSummary({{QStringLiteral("BLAS"), info.blasName},
                  {QStringLiteral("threads"), rate.threads},
                  {QStringLiteral("GEMM GFLOP/s"), QString::number(rate.gflops, 'f', 1)}});
}

// Makes the demo (or finds it made) into `dataset`; returns its folder.
QString makeScenes(const ScenesOptions &options, Dataset &dataset, JobContext &job) {
  const QString folder = ensureScenesDemo(options, &job, &dataset);
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
  return folder;
}

// Both trees for every caption, on all cores; a second run takes them from the parse cache.
void parseCaptions(const Dataset &dataset, JobContext &job) {
  const CaptionParseStats stats = parseDataset(dataset, CaptionParseOptions{}, &job).stats;
  job.setSummary({{QStringLiteral("captions"), stats.captions},
                  {QStringLiteral("parsed / from cache"), QStringLiteral("%1 / %2").arg(stats.parsed).arg(stats.cached)},
                  {QStringLiteral("complete / partial / fallback"),
                   QStringLiteral("%1 / %2 / %3").arg(stats.complete).arg(stats.partial).arg(stats.fallback)},
                  {QStringLiteral("captions/s"), QString::number(stats.captionsPerSecond(), 'f', 1)}});
}

// Image features of the Scenes demo from the built-in concept CNN (trained on first use, then
// found in the feature cache).
void extractDemoFeatures(const Dataset &dataset, JobContext &job) {
  const FeatureSet set = extractFeatures(dataset, BackboneSpec::parse(defaultBackbone()), {}, &job);
  const QJsonObject manifest = set.manifest();
  job.setSummary({{QStringLiteral("backbone"), defaultBackbone()},
                  {QStringLiteral("images"), set.size()},
                  {QStringLiteral("dimensions"), set.dim()},
                  {QStringLiteral("images/s"), set.reused() ? QStringLiteral("cached")
                                                            : QString::number(manifest.value(QStringLiteral("images_per_second")).toDouble(), 'f', 1)},
                  {QStringLiteral("cache"), set.folder()}});
}

// The training job's outcome with its summary in the demo's words: the run folder and the test metrics.
JobOutcome describedTraining(const JobOutcome &trained, const QString &runDir) {
  JobOutcome shown = trained;
  if (trained.status != JobStatus::Succeeded) return shown;
  const TrainResult result = TrainResult::fromJson(trained.summary);
  shown.summary = {{QStringLiteral("run folder"), runDir},
                   {QStringLiteral("test image→text"), direction(result.test.imageToText)},
                   {QStringLiteral("test text→image"), direction(result.test.textToImage)},
                   {QStringLiteral("test rsum"), QString::number(result.test.rsum, 'f', 1)}};
  return shown;
}

int runDemo(const Arguments &args) {
  ScenesOptions scenesOptions;
  scenesOptions.images = args.intValue(QStringLiteral("images"), scenesOptions.images, 20, 100000);
  const QString model = args.value(QStringLiteral("model"));
  if (!findModel(model)) throw UsageError(QStringLiteral("--model: unknown model '%1'").arg(model).toStdString());
  const int epochs = args.intValue(QStringLiteral("epochs"), 0, 1, 10000);
  Engine engine;
  StageReport report(args.isSet(QStringLiteral("json")));
  if (!report(QStringLiteral("Runtime check"), runJob(engine, QStringLiteral("Runtime check"), checkRuntime))) return kExitFailure;

  // The one read of the dataset; the later stages share it.
  auto dataset = std::make_shared<Dataset>();
  QString datasetFolder;
  const JobOutcome scenes =
      runJob(engine, QStringLiteral("Make the Scenes demo"), [&](JobContext &job) { datasetFolder = makeScenes(scenesOptions, *dataset, job); });
  if (!report(QStringLiteral("Make the Scenes demo"), scenes)) return kExitFailure;
  if (!report(QStringLiteral("Parse captions"), runJob(engine, QStringLiteral("Parse captions"), [&](JobContext &job) { parseCaptions(*dataset, job); })))
    return kExitFailure;
  const JobOutcome features = runJob(engine, QStringLiteral("Extract features"), [&](JobContext &job) { extractDemoFeatures(*dataset, job); });
  if (!report(QStringLiteral("Extract features"), features)) return kExitFailure;

  TrainingRequest request;
  request.config = TrainConfig::defaultsFor(model);
  if (epochs > 0) request.config.epochs = epochs;
  request.source = {datasetFolder, defaultBackbone(), QString()};
  request.dataset = dataset;
  request.runDir = userCacheDir(QStringLiteral("runs/demo-%1-e%2").arg(model).arg(request.config.epochs));
  const JobOutcome trained = runJob(engine, QStringLiteral("Train %1").arg(model), makeTrainingJob(request));
  if (!report(QStringLiteral("Train %1 on the Scenes demo").arg(model), describedTraining(trained, request.runDir))) return kExitFailure;
  if (args.isSet(QStringLiteral("json"))) {
    report.printRecords(); // one record per stage (the training stage's names the run folder)
    return kExitOk;
  }
  out() << "Inspect it: groundscope-cli eval " << request.runDir << '\n';
  return kExitOk;
}

}  // namespace

Command demoCommand() {
  Command command;
  command.name = QStringLiteral("demo");
  command.summary = QStringLiteral("run the demo pipeline headless and print what it did");
  command.syntax.options = {
      {QStringLiteral("images"), QStringLiteral("N"), QStringLiteral("Images in the Scenes demo."), QStringLiteral("1000")},
      {QStringLiteral("model"), QStringLiteral("M"), QStringLiteral("Model to train: ") + modelNames().join(QLatin1Char('|')) + QLatin1Char('.'),
       enumName(TrainConfig{}.model)},
      {QStringLiteral("epochs"), QStringLiteral("N"), QStringLiteral("Epochs (default: the model's).")},
      {QStringLiteral("json"), {}, QStringLiteral("Print the stages as JSON only, at the end: one record per stage (status, seconds, what it did).")}};
  command.run = runDemo;
  return command;
}

}  // namespace gs::cli
