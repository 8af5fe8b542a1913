// The pipeline bench's stages, run at two sizes on synthetic photos, each timed with its own
// peak resident memory.

#include "experiments/bench/pipelinebench.h"

#include "analysis/jointspace.h"
#include "analysis/layoutsequence.h"
#include "analysis/mapmodel.h"
#include "data/loaddataset.h"
#include "data/synthetic/flickrlike.h"
#include "engine/jobcontext.h"
#include "io/enumnames.h"
#include "parse/datasetparser.h"
#include "runtime/residentmemory.h"
#include "training/detail/runfiles.h"
#include "training/runs/runfolder.h"
#include "training/trainer.h"
#include "training/trainingsource.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace gs {

namespace {

// Points the user cache (XDG_CACHE_HOME) into the bench's folder while it lives, so features,
// parses and the concept CNN are computed afresh and nothing of the user's cache is touched.
class CacheRedirect {
public:
  explicit CacheRedirect(const QString &folder)
      : m_had(qEnvironmentVariableIsSet("XDG_CACHE_HOME")), m_old(qgetenv("XDG_CACHE_HOME")) {
    qputenv("XDG_CACHE_HOME", QFile::encodeName(folder));
  }
  ~CacheRedirect() {
    if (m_had) qputenv("XDG_CACHE_HOME", m_old);
    else qunsetenv("XDG_CACHE_HOME");
  }
  CacheRedirect(const CacheRedirect &) = delete;
  CacheRedirect &operator=(const CacheRedirect &) = delete;

private:
  bool m_had;
  QByteArray m_old;
};

// Times one stage and takes its own peak of resident memory.
StageMeasure measure(int images, const std::function<void()> &stage) {
  StageMeasure m;
  m.images = images;
  runtime::releaseFreeMemory();
  runtime::resetPeakResident();
  m.startBytes = runtime::residentBytes();
  runtime::AnonymousPeakSampler anonymous;
  QElapsedTimer timer;
  timer.start();
  stage();
  m.seconds = double(timer.nsecsElapsed()) / 1e9;
  m.peakBytes = std::max(runtime::peakResidentBytes(), m.startBytes);
  m.peakAnonymousBytes = anonymous.stop();
  return m;
}

// The configuration each model is timed with: its defaults, one epoch, the bench's region features.
TrainConfig benchConfig(ModelKind model, const PipelineBenchOptions &options) {
  TrainConfig config = TrainConfig::defaultsFor(model);
  config.epochs = 1;
  config.regionPooling = options.regionPooling;
  config.proposals = options.proposals;
  config.regionInput = options.regionInput;
  if (model == ModelKind::Concepts) {
    config.crops = options.crops;
    config.cropsFrom = options.cropsFrom;
  }
  return config;
}

struct SizeRun {
  std::vector<std::pair<QString, StageMeasure>> stages;
  std::vector<EpochMeasure> epochs;
  double generateSeconds = 0;
  double meanTokens = 0;
  int captions = 0;
};

class StageRunner {
public:
  StageRunner(const PipelineBenchOptions &options, const std::map<QString, int> &fullWordCounts, const QString &folder,
              int images, JobContext *job)
      : m_options(options), m_fullWordCounts(fullWordCounts), m_folder(folder), m_images(images), m_job(job) {}

  SizeRun run() {
    const CacheRedirect cache(QDir(m_folder).filePath(QStringLiteral("cache")));
    generate();
    runtime::releaseFreeMemory();
    m_baseBytes = runtime::residentBytes();
    m_baseAnonymousBytes = runtime::anonymousResidentBytes();
    stage(QStringLiteral("load"), [&] { m_dataset = loadDataset(m_datasetPath, m_job); });
    stage(QStringLiteral("parse"), [&] { parse(); });
    stage(QStringLiteral("features"), [&] { features(false); });
    stage(QStringLiteral("features + regions"), [&] { features(true); });
    for (ModelKind model : m_options.models) trainOne(model);
    stage(QStringLiteral("embed test"), [&] { embedTest(); });
    stage(QStringLiteral("map"), [&] { layOutMap(); });
    return std::move(m_result);
  }

private:
  void stage(const QString &name, const std::function<void()> &work) {
    if (m_job) {
      m_job->checkpoint();
      m_job->setProgress(-1, QStringLiteral("%1 images: %2").arg(m_images).arg(name));
    }
    m_result.stages.emplace_back(name, measure(m_images, work));
    m_result.stages.back().second.baseBytes = m_baseBytes;
    m_result.stages.back().second.baseAnonymousBytes = m_baseAnonymousBytes;
    if (m_job)
      m_job->log(QStringLiteral("%1 images: %2 took %3 s, peak %4 MB").arg(m_images).arg(name)
                     .arg(m_result.stages.back().second.seconds, 0, 'f', 1)
                     .arg(double(m_result.stages.back().second.peakBytes) / 1048576.0, 0, 'f', 0));
  }

  void generate() {
    FlickrLikeOptions flickr;
    flickr.images = m_images;
    flickr.captionsPerImage = m_options.captionsPerImage;
    flickr.seed = m_options.seed;
    m_datasetPath = QDir(m_folder).filePath(QStringLiteral("dataset"));
    QElapsedTimer timer;
    timer.start();
    const Dataset made = makeFlickrLikeDataset(m_datasetPath, flickr, m_job);
    m_result.generateSeconds = double(timer.nsecsElapsed()) / 1e9;
    m_result.captions = int(made.captions.size());
    double tokens = 0;
    for (const CaptionRecord &caption : made.captions) tokens += double(caption.tokens.size());
    m_result.meanTokens = made.captions.empty() ? 0 : tokens / double(made.captions.size());
  }

  void parse() {
    QStringList texts;
    for (const CaptionRecord &caption : m_dataset.captions) texts << caption.raw;
    parseCaptions(texts, trainingCaptionParseOptions(), m_job);
  }

  void features(bool regions) {
    TrainingSource source;
    source.datasetPath = m_datasetPath;
    source.backbone = m_options.backbone;
    if (regions) requestInputsOf(benchConfig(ModelKind::HmLstm, m_options), source);
    extractFeatures(m_dataset, BackboneSpec::parse(source.backbone), extractOptionsOf(source), m_job);
  }

  // What `config` reads, its feature sets in folders of their own under `name`: a data stage timed
  // this way extracts everything it reads, none of it reused from another stage.
  TrainingSource ownSource(const TrainConfig &config, const QString &name) const {
    TrainingSource source;
    source.datasetPath = m_datasetPath;
    source.backbone = m_options.backbone;
    requestInputsOf(config, source);
    if (config.readsConcepts()) {
      source.featuresDir = QDir(m_folder).filePath(name + QStringLiteral("/context"));
      source.conceptFeaturesDir = QDir(m_folder).filePath(name + QStringLiteral("/concepts"));
    }
    return source;
  }

  // The concepts model's data the paper's way: its ten crops through the network, its regions pooled
  // from a map of their own.
  void paperConceptData(const TrainConfig &config) {
    TrainConfig paper = config;
    paper.crops = 10;
    paper.cropsFrom = CropSource::Images;
    const TrainingSource source = ownSource(paper, QStringLiteral("paper"));
    stage(paperConceptDataStageName(), [&] { prepareTrainingData(m_dataset, source, m_job); });
  }

  // A fresh run folder holding the vocabulary the model would have at the projected size, which the
  // trainer reads instead of building one from the measured images' captions: the word embeddings
  // and the concepts model's output layer cost what they cost on the whole dataset. Fresh, because a
  // run kept in a reused --work folder would resume as already complete and time nothing.
  static void freshRunFolder(const QString &runDir, const detail::Vocabulary &vocabulary) {
    QDir(runDir).removeRecursively();
    if (!QDir().mkpath(runDir)) throw std::runtime_error(QStringLiteral("%1: cannot create the folder").arg(runDir).toStdString());
    detail::writeVocabulary(RunFolder(runDir), vocabulary);
  }

  detail::Vocabulary fullVocabulary(const TrainConfig &config) const {
    return detail::Vocabulary::fromCounts(m_fullWordCounts, config.minWordCount);
  }

  // The concepts model's epoch on the same data, its two LSTMs run the way the model's own replace.
  void referenceConceptEpoch(const TrainingData &data, TrainConfig config, const QString &runDir,
                             const detail::Vocabulary &vocabulary) {
    config.referenceRecurrences = true;
    const QString referenceDir = runDir + QStringLiteral("-reference");
    freshRunFolder(referenceDir, vocabulary);
    stage(referenceConceptEpochStageName(), [&] { train(data, config, referenceDir, m_job); });
  }

  // The data the model reads (its concept CNN, for the concepts model), then one epoch.
  void trainOne(ModelKind model) {
    const TrainConfig config = benchConfig(model, m_options);
    const bool references = model == ModelKind::Concepts && m_options.conceptReferences;
    if (references && BackboneSpec::parse(m_options.backbone).kind != BackboneKind::ConceptCnn) paperConceptData(config);
    const TrainingSource source = ownSource(config, enumName(model));
    std::optional<TrainingData> data;
    stage(QStringLiteral("data ") + enumName(model), [&] { data = prepareTrainingData(m_dataset, source, m_job); });
    const QString runDir = QDir(m_folder).filePath(QStringLiteral("runs/") + enumName(model));
    const detail::Vocabulary vocabulary = fullVocabulary(config);
    freshRunFolder(runDir, vocabulary);
    if (references) referenceConceptEpoch(*data, config, runDir, vocabulary);
    TrainResult trained;
    stage(QStringLiteral("epoch ") + enumName(model), [&] { trained = train(*data, config, runDir, m_job); });
    m_result.epochs.push_back({model, std::int64_t(trained.distributed.value(QStringLiteral("gradient_bytes")).toDouble()),
                               std::int64_t(trained.distributed.value(QStringLiteral("steps")).toDouble())});
    m_runs.push_back(runDir);
    if (!hasPhraseEpochs(TrainConfig::defaultsFor(model))) return;
    // The HM-LSTM's later epochs open with a correspondence step and train every loss: another cost.
    TrainConfig phrases = config;
    phrases.rootEpochs = 0;
    const QString phrasesDir = runDir + QStringLiteral("-phrases");
    freshRunFolder(phrasesDir, vocabulary);
    stage(phraseEpochStageName(model), [&] { train(*data, phrases, phrasesDir, m_job); });
  }

  void embedTest() {
    auto dataset = std::make_shared<const Dataset>(m_dataset);
    for (const QString &runDir : m_runs) m_space = JointSpace::open(runDir, Split::Test, m_job, dataset);
  }

  void layOutMap() {
    if (!m_space) return;
    MapModel model;
    model.setData(MapData::fromJointSpace(*m_space));
    const int n = model.itemCount();
    if (n < 3) return;
    layoutAfter(model.stackedEmbeddings(), n, model.data().dim, fittedToItems(LayoutSequenceOptions{}, n), {}, m_job);
  }

  const PipelineBenchOptions &m_options;
  const std::map<QString, int> &m_fullWordCounts;
  QString m_folder, m_datasetPath;
  int m_images;
  JobContext *m_job;
  std::int64_t m_baseBytes = 0;
  std::int64_t m_baseAnonymousBytes = 0;
  Dataset m_dataset;
  std::vector<QString> m_runs;
  std::shared_ptr<const JointSpace> m_space;
  SizeRun m_result;
};

void checkOptions(const PipelineBenchOptions &options) {
  if (options.measuredImages < 16 || options.measuredImages > options.images)
    throw std::invalid_argument("pipeline bench: the measured images must be at least 16 and at most the projected images");
  for (ModelKind model : options.models)
    if (modelEntry(model).closedForm)
      throw std::invalid_argument(QStringLiteral("pipeline bench: %1 is fitted in closed form and has no epochs").arg(enumName(model)).toStdString());
}

}  // namespace

PipelineBenchResult runPipelineBench(const PipelineBenchOptions &options, JobContext *job) {
  checkOptions(options);
  std::optional<QTemporaryDir> temporary;
  QString work = options.workDir;
  if (work.isEmpty()) {
    temporary.emplace(QDir::temp().filePath(QStringLiteral("groundscope-pipeline-XXXXXX")));
    if (!temporary->isValid()) throw std::runtime_error("pipeline bench: cannot create a temporary folder");
    work = temporary->path();
  }
  const int smallImages = std::max(4, options.measuredImages / 4);
  FlickrLikeOptions full;
  full.images = options.images;
  full.captionsPerImage = options.captionsPerImage;
  full.seed = options.seed;
  if (job) job->setProgress(-1, QStringLiteral("counting the words of %1 images' captions").arg(options.images));
  const std::map<QString, int> fullWordCounts = flickrLikeTrainingWordCounts(full);
  const SizeRun small = StageRunner(options, fullWordCounts, QDir(work).filePath(QStringLiteral("small")), smallImages, job).run();
  const SizeRun large = StageRunner(options, fullWordCounts, QDir(work).filePath(QStringLiteral("large")), options.measuredImages, job).run();
  PipelineBenchResult result;
  result.options = options;
  result.vocabularyWords = int(fullWordCounts.size());
  result.measuredCaptions = large.captions;
  result.meanCaptionTokens = large.meanTokens;
  result.generateSeconds = large.generateSeconds;
  result.epochs = large.epochs;
  for (std::size_t s = 0; s < large.stages.size(); ++s)
    result.stages.push_back(projectStage(large.stages[s].first, small.stages[s].second, large.stages[s].second, options.images));
  projectFullRuns(result);
  return result;
}

}  // namespace gs
