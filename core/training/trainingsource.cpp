#include "training/trainingsource.h"

#include "data/loaddataset.h"
#include "engine/jobcontext.h"
#include "parse/datasetparser.h"
#include "vision/backboneconcepts.h"
#include "vision/conceptscores.h"
#include "vision/features.h"
#include "vision/labelprior.h"
#include "vision/backbonespec.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

#include <cmath>
#include <memory>
#include <optional>

namespace gs {

void attachRegions(TrainingData &data, const FeatureSet &features, JobContext *job) {
  if (!features.hasRegions())
    throw std::runtime_error(QStringLiteral("%1: the feature set has no regions; extract them with "
                                            "`groundscope-cli features --regions`")
                                 .arg(features.folder())
                                 .toStdString());
  data.regionOffsets.assign(1, 0);
  const std::size_t dim = std::size_t(features.dim());
  int fewer = 0;
  const int asked = features.manifest().value(QStringLiteral("max_regions")).toInt(19) + 1;
  std::vector<const float *> rows; // each region's row in the file
  for (const QString &id : data.imageIds) {
    const std::vector<RegionFeature> regions = features.regionsOf(features.rowOf(id));
    for (const RegionFeature &r : regions) {
      data.regionBoxes.push_back(r.box);
      rows.push_back(r.feature);
    }
    fewer += int(regions.size()) < asked;
    data.regionOffsets.push_back(data.regionOffsets.back() + int(regions.size()));
  }
  bool oneRun = true;
  for (std::size_t r = 1; r < rows.size() && oneRun; ++r) oneRun = rows[r] == rows[r - 1] + dim;
  if (oneRun && !rows.empty()) {
    const NpyMatrix &file = features.regionMatrix();
    data.regionFeatures = FloatRows::window(file, std::size_t(rows.front() - file.data()), rows.size() * dim);
  } else {
    // Reserved once: grown by doubling, a copy of gigabytes of regions would need twice its size.
    data.regionFeatures = FloatRows();
    data.regionFeatures.reserve(rows.size() * dim);
    for (const float *row : rows) data.regionFeatures.append(row, row + dim);
  }
  data.regionSet = features.manifest().value(QStringLiteral("region_set")).toString(QStringLiteral("proposals"));
  data.wholeImageCandidate = data.regionSet == enumName(RegionSet::Proposals) &&
                             features.manifest().value(QStringLiteral("proposals")).toString() == enumName(ProposalSearch::Scored);
  if (job && fewer > 0)
    job->log(QStringLiteral("%1 of %2 images have fewer than %3 regions (the whole image + %4 %5)")
                 .arg(fewer)
                 .arg(data.imageCount())
                 .arg(asked)
                 .arg(asked - 1)
                 .arg(data.regionSet == QLatin1String("ground-truth") ? QStringLiteral("phrase boxes") : QStringLiteral("proposals")));
}

namespace {

// Huang et al. §3.2: concept scores over the whole image and its regions, pooled per concept
// (vision/conceptscores.h), from the concept CNN or from detectors on the backbone.
struct ConceptInputs {
  FeatureSet regions;
  ConceptScores scores;
};

ConceptCnnOptions conceptVocabularyOf(const TrainingSource &source) {
  ConceptCnnOptions options;
  options.maxConcepts = source.conceptCount;
  options.words = source.conceptWords;
  options.minAgreement = source.conceptMinAgreement;
  options.maxCaptionShare = source.conceptMaxShare;
  options.loss = source.conceptLoss;
  return options;
}

// The concept CNN's features over the whole image and its regions, scored by the network itself.
ConceptInputs conceptCnnInputs(const Dataset &dataset, const TrainingSource &source, JobContext *job) {
  BackboneSpec spec = BackboneSpec::parse(defaultBackbone());
  spec.concept = conceptVocabularyOf(source);
  ExtractOptions options;
  options.regions = true;
  options.maxRegions = source.conceptRegions;
  options.outDir = source.conceptFeaturesDir;
  ConceptInputs in{extractFeatures(dataset, spec, options, job), {}};
  in.scores = scoreConcepts(in.regions, source.conceptPooling, source.conceptTemperature);
  return in;
}

// The backbone's classifier and WordNet's coverage of its classes, for the WordNet start; the message
// names the setting when the backbone has none.
std::unique_ptr<LabelPriorSource> conceptStartClasses(const Dataset &dataset, const BackboneSpec &spec, const FeatureSet &regions,
                                                      JobContext *job) {
  QStringList paths;
  for (const auto &image : dataset.images) paths.push_back(image.path);
  try {
    return LabelPriorSource::open(spec, paths, regions.folder(), {}, job);
  } catch (const JobCancelled &) {
    throw;
  } catch (const std::exception &error) {
    throw std::runtime_error(QStringLiteral("\"concept_detector_start\": \"wordnet\" needs the backbone's ImageNet classifier: %1 (or set "
                                            "\"concept_detector_start\": \"zero\")")
                                 .arg(QString::fromUtf8(error.what()))
                                 .toStdString());
  }
}

// Whether the concepts model's context crops are pooled from the map its detectors' regions are
// pooled from: then one feature set holds both (its image rows the crops, its region rows the
// regions), and the network runs once an image for both (twice with the ten crops' mirror).
bool contextSharesConceptRegions(const TrainingSource &source) {
  return source.concepts && source.conceptDetector == ConceptDetector::Backbone && !source.regions && source.crops != 1 &&
         source.cropsFrom == CropSource::Map;
}

// The run's pretrained backbone over the whole image and its proposals (RoIAlign from one map),
// scored by concept detectors trained on them.
ConceptInputs backboneConceptInputs(const Dataset &dataset, const TrainingSource &source, JobContext *job) {
  const BackboneSpec spec = BackboneSpec::parse(source.backbone);
  ExtractOptions options;
  if (contextSharesConceptRegions(source)) options.crops = cropModeOf(source.crops, source.cropsFrom);
  options.regions = true;
  options.maxRegions = source.conceptRegions;
  options.proposals = source.proposals;
  options.regionInput = source.regionInput;
  options.regionPooling = RegionPooling::RoiAlign;
  options.outDir = source.conceptFeaturesDir;
  ConceptInputs in;
  try {
    in.regions = extractFeatures(dataset, spec, options, job);
  } catch (const JobCancelled &) {
    throw;
  } catch (const std::runtime_error &error) {
    throw std::runtime_error(QStringLiteral("concept detectors on %1 need its regions: %2 (or set \"concept_detector\": \"cnn\")")
                                 .arg(source.backbone, QString::fromUtf8(error.what()))
                                 .toStdString());
  }
  BackboneConceptOptions detectors;
  detectors.vocabulary = conceptVocabularyOf(source);
  detectors.detector.pooling = source.conceptPooling;
  detectors.detector.temperature = source.conceptTemperature;
  detectors.detector.loss = source.conceptDetectorLoss;
  detectors.detector.weightDecay = source.conceptDetectorDecay;
  std::unique_ptr<LabelPriorSource> classes;
  if (source.conceptDetectorStart == ConceptDetectorStart::WordNet) classes = conceptStartClasses(dataset, spec, in.regions, job);
  in.scores = scoreBackboneConcepts(dataset, in.regions, detectors, job, classes ? &classes->prior() : nullptr);
  return in;
}

ConceptInputs conceptInputs(const Dataset &dataset, const TrainingSource &source, JobContext *job) {
  if (source.conceptRegions < 1 || source.conceptCount < 1)
    throw std::invalid_argument("concepts need at least one region and one concept");
  const ConceptInputs in = source.conceptDetector == ConceptDetector::Backbone ? backboneConceptInputs(dataset, source, job)
                                                                               : conceptCnnInputs(dataset, source, job);
  if (job) {
    job->log(QStringLiteral("concepts: K = %1, scored over the whole image and up to %2 regions").arg(in.scores.count()).arg(source.conceptRegions));
    if (in.scores.count() < source.conceptCount)
      job->log(QStringLiteral("concepts: K shrinks from %1 to %2: only %2 concepts occur in the captions of %3+ training images")
                   .arg(source.conceptCount)
                   .arg(in.scores.count())
                   .arg(ConceptCnnOptions().minImages));
    int wholeImageOnly = 0;
    for (int n : in.scores.regionCounts) wholeImageOnly += n == 1;
    if (wholeImageOnly > 0)
      job->warn(QStringLiteral("concepts: %1 images have no region proposals; their concepts come from the whole image alone")
                    .arg(wholeImageOnly));
  }
  return in;
}

// Each image's row becomes [x / ‖x‖ | p]; images missing from either set get no row.
std::vector<float> joinContextAndConcepts(const Dataset &dataset, const FeatureSet &context, const ConceptInputs &concepts,
                                          std::vector<int> &rowOfImage) {
  const int dim = context.dim(), k = concepts.scores.count();
  std::vector<float> matrix;
  int rows = 0;
  for (std::size_t i = 0; i < dataset.images.size(); ++i) {
    const int x = context.rowOf(dataset.images[i].id), p = concepts.regions.rowOf(dataset.images[i].id);
    if (x < 0 || p < 0) {
      rowOfImage[i] = -1;
      continue;
    }
    rowOfImage[i] = rows++;
    const float *feature = context.row(x);
    double norm = 0;
    for (int d = 0; d < dim; ++d) norm += double(feature[d]) * feature[d];
    const float scale = norm > 0 ? float(1 / std::sqrt(norm)) : 0.0f; // §3.3.1: the normalised context vector x
    for (int d = 0; d < dim; ++d) matrix.push_back(feature[d] * scale);
    const float *scores = concepts.scores.scores.data() + std::size_t(p) * k;
    matrix.insert(matrix.end(), scores, scores + k);
  }
  return matrix;
}

void attachConceptRegions(TrainingData &data, const ConceptInputs &concepts) {
  const int k = concepts.scores.count();
  data.contextDim = data.featureDim - k;
  data.conceptNames = concepts.scores.names;
  data.conceptBoxOffsets.assign(1, 0);
  for (const QString &id : data.imageIds) {
    const int row = concepts.regions.rowOf(id);
    for (const RegionFeature &r : concepts.regions.regionsOf(row)) data.conceptBoxes.push_back(r.box);
    data.conceptBoxOffsets.push_back(int(data.conceptBoxes.size()));
    const int *best = concepts.scores.bestRegion.data() + std::size_t(row) * k;
    data.conceptRegion.insert(data.conceptRegion.end(), best, best + k);
  }
}

}  // namespace

ExtractOptions extractOptionsOf(const TrainingSource &source) {
  ExtractOptions options;
  options.outDir = source.featuresDir;
  options.regions = source.regions;
  options.maxRegions = source.maxRegions;
  options.regionSet = source.groundTruthRegions ? RegionSet::GroundTruth : RegionSet::Proposals;
  options.regionPooling = source.regionPooling;
  options.proposals = source.proposals;
  options.regionInput = source.regionInput;
  options.crops = cropModeOf(source.crops, source.cropsFrom);
  return options;
}

TrainingData prepareTrainingData(const TrainingSource &source, JobContext *job) {
  return prepareTrainingData(loadDataset(source.datasetPath, job), source, job);
}

TrainingData prepareTrainingData(const TrainingSource &source, const Dataset *held, JobContext *job) {
  if (held && held->isLoadedFrom(source.datasetPath)) return prepareTrainingData(*held, source, job);
  return prepareTrainingData(source, job);
}

TrainingData prepareTrainingData(const Dataset &dataset, const TrainingSource &source, JobContext *job) {
  if (job && dataset.report.total() > 0)
    job->warn(QStringLiteral("%1: %2 problems while loading (see `groundscope-cli dataset info`)")
                  .arg(source.datasetPath)
                  .arg(dataset.report.total()));
  const ExtractOptions options = extractOptionsOf(source);
  if (source.regions && source.groundTruthRegions) {
    bool any = false;
    for (const CaptionRecord &c : dataset.captions) any = any || !c.phrases.empty();
    if (!any)
      throw std::runtime_error(QStringLiteral("%1: regions 'ground-truth' needs phrase boxes, and this dataset has none "
                                              "(only the Scenes demo has them; use regions 'proposals')")
                                   .arg(source.datasetPath)
                                   .toStdString());
  }
  const bool shared = contextSharesConceptRegions(source);
  std::optional<FeatureSet> own;
  if (!shared) own = extractFeatures(dataset, BackboneSpec::parse(source.backbone), options, job);
  std::optional<ConceptInputs> concepts;
  if (source.concepts) concepts = conceptInputs(dataset, source, job);
  const FeatureSet &features = shared ? concepts->regions : *own;
  std::vector<int> rowOfImage(dataset.images.size());
  FloatRows matrix; // the concepts' joined rows, or a window onto the feature file
  int dim = features.dim();
  if (source.concepts) {
    matrix = joinContextAndConcepts(dataset, features, *concepts, rowOfImage);
    dim += concepts->scores.count();
  } else {
    for (std::size_t i = 0; i < dataset.images.size(); ++i) rowOfImage[i] = features.rowOf(dataset.images[i].id);
    matrix = FloatRows::window(features.matrix(), 0, std::size_t(features.size()) * std::size_t(features.dim()));
  }
  int dropped = 0;
  TrainingData data = makeTrainingData(dataset, std::move(matrix), dim, rowOfImage, &dropped);
  if (job && dropped > 0)
    job->warn(QStringLiteral("%1 captions dropped: their images have no features (%2 images skipped)")
                  .arg(dropped)
                  .arg(features.skipped().size() + (concepts && !shared ? concepts->regions.skipped().size() : 0)));
  if (concepts) attachConceptRegions(data, *concepts);
  if (source.regions) attachRegions(data, features, job);
  if (source.parses) attachParses(data, job);
  TrainingSource used = source;
  used.datasetPath = QFileInfo(source.datasetPath).absoluteFilePath();
  used.featuresDir = features.folder();
  if (source.regions)
    used.regionPooling = enumFromName<RegionPooling>(features.manifest().value(QStringLiteral("region_pooling")).toString()).value_or(RegionPooling::Crop);
  used.concepts = concepts.has_value();
  if (concepts) used.conceptFeaturesDir = concepts->regions.folder();
  data.source = sourceToRunJson(used);
  return data;
}

bool sameInputs(const TrainingSource &a, const TrainingSource &b) {
  return a.concepts == b.concepts && a.crops == b.crops && a.cropsFrom == b.cropsFrom && a.conceptCount == b.conceptCount &&
         a.conceptRegions == b.conceptRegions && a.regions == b.regions && a.groundTruthRegions == b.groundTruthRegions &&
         a.regionPooling == b.regionPooling && a.proposals == b.proposals && a.regionInput == b.regionInput &&
         a.conceptWords == b.conceptWords && a.conceptMinAgreement == b.conceptMinAgreement && a.conceptMaxShare == b.conceptMaxShare &&
         a.conceptLoss == b.conceptLoss && a.conceptPooling == b.conceptPooling && a.conceptTemperature == b.conceptTemperature &&
         a.conceptDetector == b.conceptDetector && a.conceptDetectorLoss == b.conceptDetectorLoss &&
         a.conceptDetectorStart == b.conceptDetectorStart && a.conceptDetectorDecay == b.conceptDetectorDecay;
}

SourcePlan planSources(const TrainingSource &base, const std::vector<TrainConfig> &configs) {
  SourcePlan plan;
  for (const TrainConfig &config : configs) {
    TrainingSource mine = base;
    requestInputsOf(config, mine);
    std::size_t k = 0;
    while (k < plan.sources.size() && !sameInputs(plan.sources[k], mine)) ++k;
    if (k == plan.sources.size()) plan.sources.push_back(base);
    requestInputsOf(config, plan.sources[k]);
    plan.sourceOf.push_back(k);
  }
  return plan;
}

QJsonObject sourceToRunJson(const TrainingSource &source) {
  QJsonObject json{{QStringLiteral("dataset"), source.datasetPath},
                   {QStringLiteral("backbone"), source.backbone},
                   {QStringLiteral("features"), source.featuresDir}};
  if (source.crops != 1) json.insert(QStringLiteral("crops"), source.crops);
  if (source.crops != 1 && source.cropsFrom == CropSource::Map) {
    json.insert(QStringLiteral("crops_from"), enumName(source.cropsFrom));
    json.insert(QStringLiteral("region_input"), source.regionInput);
  }
  if (source.concepts) {
    json.insert(QStringLiteral("concepts"), source.conceptCount);
    json.insert(QStringLiteral("concept_regions"), source.conceptRegions);
    json.insert(QStringLiteral("concept_features"), source.conceptFeaturesDir);
    json.insert(QStringLiteral("concept_detector"), enumName(source.conceptDetector));
    if (source.conceptDetector == ConceptDetector::Backbone) {
      json.insert(QStringLiteral("concept_detector_loss"), enumName(source.conceptDetectorLoss));
      json.insert(QStringLiteral("concept_detector_start"), enumName(source.conceptDetectorStart));
      json.insert(QStringLiteral("concept_detector_decay"), source.conceptDetectorDecay);
      json.insert(QStringLiteral("proposals"), enumName(source.proposals));
      json.insert(QStringLiteral("region_input"), source.regionInput);
    }
    json.insert(QStringLiteral("concept_words"), enumName(source.conceptWords));
    if (source.conceptWords == ConceptWords::Content) {
      json.insert(QStringLiteral("concept_min_agreement"), source.conceptMinAgreement);
      json.insert(QStringLiteral("concept_max_share"), source.conceptMaxShare);
    }
    json.insert(QStringLiteral("concept_loss"), enumName(source.conceptLoss));
    json.insert(QStringLiteral("concept_pooling"), enumName(source.conceptPooling));
    if (source.conceptPooling == ConceptPooling::LogSumExp) json.insert(QStringLiteral("concept_temperature"), source.conceptTemperature);
  }
  if (source.regions) {
    // The feature folder's key includes the regions: a reopened run must ask for the same set.
    json.insert(QStringLiteral("regions"), enumName(source.groundTruthRegions ? RegionSet::GroundTruth : RegionSet::Proposals));
    json.insert(QStringLiteral("max_regions"), source.maxRegions);
    json.insert(QStringLiteral("region_pooling"), enumName(source.regionPooling));
    json.insert(QStringLiteral("proposals"), enumName(source.proposals));
    if (source.regionPooling == RegionPooling::RoiAlign) json.insert(QStringLiteral("region_input"), source.regionInput);
  }
  return json;
}

TrainingSource sourceFromRunJson(const QJsonObject &json) {
  TrainingSource source;
  source.datasetPath = json.value(QStringLiteral("dataset")).toString();
  source.backbone = json.value(QStringLiteral("backbone")).toString(defaultBackbone());
  source.featuresDir = json.value(QStringLiteral("features")).toString();
  if (json.contains(QStringLiteral("regions"))) {
    source.regions = true;
    source.groundTruthRegions = enumFromName<RegionSet>(json.value(QStringLiteral("regions")).toString()) == RegionSet::GroundTruth;
    source.maxRegions = json.value(QStringLiteral("max_regions")).toInt(source.maxRegions);
    // Runs from before the choice cropped every region.
    source.regionPooling = enumFromName<RegionPooling>(json.value(QStringLiteral("region_pooling")).toString()).value_or(RegionPooling::Crop);
    source.proposals = enumFromName<ProposalSearch>(json.value(QStringLiteral("proposals")).toString()).value_or(ProposalSearch::Fast);
    source.regionInput = json.value(QStringLiteral("region_input")).toInt(source.regionInput);
  }
  source.crops = json.value(QStringLiteral("crops")).toInt(1);
  if (!isCropCount(source.crops)) source.crops = 1;
  // Runs from before the choice ran every crop through the network.
  source.cropsFrom = enumFromName<CropSource>(json.value(QStringLiteral("crops_from")).toString()).value_or(CropSource::Images);
  if (source.cropsFrom == CropSource::Map) source.regionInput = json.value(QStringLiteral("region_input")).toInt(source.regionInput);
  if (json.contains(QStringLiteral("concepts"))) {
    source.concepts = true;
    source.conceptCount = json.value(QStringLiteral("concepts")).toInt(source.conceptCount);
    source.conceptRegions = json.value(QStringLiteral("concept_regions")).toInt(source.conceptRegions);
    source.conceptFeaturesDir = json.value(QStringLiteral("concept_features")).toString();
    // Runs from before the choice: every word, Eq. 1, max pooling (the TrainingSource defaults).
    source.conceptDetector =
        enumFromName<ConceptDetector>(json.value(QStringLiteral("concept_detector")).toString()).value_or(ConceptDetector::Cnn);
    source.conceptDetectorLoss = enumFromName<ConceptLoss>(json.value(QStringLiteral("concept_detector_loss")).toString())
                                     .value_or(ConceptLoss::Logistic);
    source.conceptDetectorStart = enumFromName<ConceptDetectorStart>(json.value(QStringLiteral("concept_detector_start")).toString())
                                      .value_or(ConceptDetectorStart::Zero);
    // Runs from before the choice: detectors from zero, weight decay 10⁻⁴.
    source.conceptDetectorDecay = json.value(QStringLiteral("concept_detector_decay")).toDouble(1e-4);
    // Runs from before the concepts' regions followed the configuration: fast proposals, 448 px.
    source.proposals = enumFromName<ProposalSearch>(json.value(QStringLiteral("proposals")).toString()).value_or(ProposalSearch::Fast);
    source.regionInput = json.value(QStringLiteral("region_input")).toInt(source.regionInput);
    source.conceptWords = enumFromName<ConceptWords>(json.value(QStringLiteral("concept_words")).toString()).value_or(ConceptWords::Words);
    source.conceptMinAgreement = json.value(QStringLiteral("concept_min_agreement")).toDouble(source.conceptMinAgreement);
    source.conceptMaxShare = json.value(QStringLiteral("concept_max_share")).toDouble(source.conceptMaxShare);
    source.conceptLoss = enumFromName<ConceptLoss>(json.value(QStringLiteral("concept_loss")).toString()).value_or(ConceptLoss::Logistic);
    source.conceptPooling = enumFromName<ConceptPooling>(json.value(QStringLiteral("concept_pooling")).toString()).value_or(ConceptPooling::Max);
    source.conceptTemperature = json.value(QStringLiteral("concept_temperature")).toDouble(source.conceptTemperature);
  }
  return source;
}

void requestInputsOf(const TrainConfig &config, TrainingSource &source) {
  source.parses = source.parses || config.needsTrees();
  if (config.readsConcepts()) {
    // A reopened run's source keeps the concept CNN and pooling it recorded (run.json): runs from
    // before these settings have none in their configuration either.
    if (!source.concepts) {
      source.conceptWords = config.conceptWords;
      source.conceptMinAgreement = config.conceptMinAgreement;
      source.conceptMaxShare = config.conceptMaxShare;
      source.conceptLoss = config.conceptLoss;
      source.conceptPooling = config.conceptPooling;
      source.conceptTemperature = config.conceptTemperature;
      source.conceptDetector = resolveConceptDetector(config.conceptDetector, source.backbone);
      source.conceptDetectorLoss = config.conceptDetectorLoss;
      source.conceptDetectorStart = resolveConceptDetectorStart(config.conceptDetectorStart, source.backbone);
      source.conceptDetectorDecay = config.conceptDetectorDecay;
      // The backbone's detectors read region features pooled from one map, and ten crops may be
      // pooled from one: the configuration's proposals and map size, as the HM-LSTM's regions.
      source.proposals = config.proposals;
      source.regionInput = config.regionInput;
      source.cropsFrom = config.cropsFrom;
    }
    source.concepts = true;
    source.conceptCount = config.conceptCount;
    source.conceptRegions = config.conceptRegions;
    source.crops = config.crops;
  }
  if (!config.needsRegions()) return;
  // A reopened run's source names the pooling its features were made with (run.json); a config
  // saying auto, as every config from before the choice does, keeps it.
  const bool recorded = source.regions;
  source.regions = true;
  source.maxRegions = config.maxRegions;
  source.groundTruthRegions = config.regions == RegionSet::GroundTruth;
  if (!recorded || config.regionPooling != RegionPooling::Auto) source.regionPooling = config.regionPooling;
  source.proposals = config.proposals;
  source.regionInput = config.regionInput;
}

bool hasParses(const TrainingData &data) {
  for (const TrainingCaption &c : data.captions)
    if (!c.parse) return false;
  return true;
}

std::vector<TrainingCaption> withParses(std::vector<TrainingCaption> captions) {
  TrainingData holder;
  holder.captions = std::move(captions);
  attachParses(holder);
  return std::move(holder.captions);
}

void attachParses(TrainingData &data, JobContext *job) {
  QStringList texts;
  std::vector<std::size_t> which;
  for (std::size_t k = 0; k < data.captions.size(); ++k)
    if (!data.captions[k].parse) {
      texts << data.captions[k].raw;
      which.push_back(k);
    }
  if (texts.isEmpty()) return;
  CaptionParses parses = parseCaptions(texts, trainingCaptionParseOptions(), job);
  for (std::size_t k = 0; k < which.size(); ++k)
    data.captions[which[k]].parse = std::make_shared<const CompactParse>(std::move(parses.captions[k]));
  if (job)
    job->log(QStringLiteral("parsed %1 captions (%2 from the cache, %3 partial, %4 fallback)")
                 .arg(parses.stats.captions)
                 .arg(parses.stats.cached)
                 .arg(parses.stats.partial)
                 .arg(parses.stats.fallback));
}

}  // namespace gs
