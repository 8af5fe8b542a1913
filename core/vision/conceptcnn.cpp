#include "vision/detail/conceptcnn.h"

#include "engine/jobcontext.h"
#include "io/atomicfile.h"
#include "parse/datasetparser.h"
#include "vision/detail/cvtensor.h"
#include "vision/detail/decodedcache.h"
#include "vision/detail/imageinput.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QSet>

#include <sstream>

namespace gs::vision {

namespace {

constexpr int kMinTrainingImages = 4; // fewer cannot fit, let alone generalise

void addConvBlock(torch::nn::Sequential &trunk, int in, int out, bool pool) {
  trunk->push_back(torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).padding(1).bias(false)));
  trunk->push_back(torch::nn::BatchNorm2d(out));
  trunk->push_back(torch::nn::ReLU());
  if (pool) trunk->push_back(torch::nn::MaxPool2d(2));
}

QString weightsPath(const QString &folder) { return QDir(folder).filePath(QStringLiteral("conceptcnn.pt")); }
QString configPath(const QString &folder) { return QDir(folder).filePath(QStringLiteral("conceptcnn.json")); }

class ConceptCnnBackbone : public Backbone {
public:
  ConceptCnnBackbone(ConceptCnn net, const InputSpec &input, int dim, bool grid) : m_net(std::move(net)), m_dim(dim), m_grid(grid) {
    m_input = input;
    m_net->eval();
  }
  int dim() const override { return m_dim; }
  cv::Mat forward(const cv::Mat &blob) override {
    torch::InferenceMode guard;
    const torch::Tensor x = blobToTensor(blob);
    return tensorToFeatures(m_grid ? m_net->gridFeatures(x) : m_net->features(x));
  }

private:
  ConceptCnn m_net;
  int m_dim;
  bool m_grid;
};

}  // namespace

ConceptCnnImpl::ConceptCnnImpl(int concepts, int featureDim) {
  torch::nn::Sequential trunk;
  addConvBlock(trunk, 3, 16, true);
  addConvBlock(trunk, 16, 32, true);
  addConvBlock(trunk, 32, 64, true);
  addConvBlock(trunk, 64, 128, false);
  m_trunk = register_module("trunk", trunk);
  m_feature = register_module("feature", torch::nn::Linear(256, featureDim));
  m_scores = register_module("scores", torch::nn::Linear(featureDim, concepts));
}

torch::Tensor ConceptCnnImpl::features(const torch::Tensor &x) {
  const torch::Tensor maps = m_trunk->forward(x);
  // Average pooling says how much of a colour or texture there is, max pooling whether any is.
  const torch::Tensor pooled = torch::cat({maps.mean({2, 3}), maps.amax({2, 3})}, 1);
  return torch::relu(m_feature->forward(pooled));
}

torch::Tensor ConceptCnnImpl::forward(const torch::Tensor &x) { return m_scores->forward(features(x)); }

torch::Tensor ConceptCnnImpl::scoresOf(const torch::Tensor &features) { return m_scores->forward(features); }

torch::Tensor ConceptCnnImpl::gridFeatures(const torch::Tensor &x) {
  return torch::adaptive_avg_pool2d(m_trunk->forward(x), {2, 2}).flatten(1);
}

torch::Tensor conceptLoss(const torch::Tensor &scores, const torch::Tensor &targets, ConceptLoss loss, double gamma) {
  const torch::Tensor y = targets * 2 - 1; // {0,1} → {−1,+1}
  const torch::Tensor logistic = torch::nn::functional::softplus(-y * scores); // log(1 + e^(−y ŷ)) = −log p_t, Eq. 1
  if (loss == ConceptLoss::Logistic) return logistic.sum(1).mean();
  const torch::Tensor focalWeight = torch::pow(1 - torch::sigmoid(y * scores), gamma); // (1 − p_t)^γ
  return (focalWeight * logistic).sum(1).mean();
}

namespace {

// The network saved in `from` when it was trained for `key`; false when there is none (or it is unreadable).
bool loadSaved(const QString &from, const QString &key, const ConceptCnnOptions &options, ConceptCnnModel &model, JobContext *job) {
  QFile config(configPath(from));
  if (!config.open(QIODevice::ReadOnly)) return false;
  const QJsonObject saved = QJsonDocument::fromJson(config.readAll()).object();
  if (saved.value(QStringLiteral("key")).toString() != key || !QFile::exists(weightsPath(from))) return false;
  model.vocabulary = ConceptVocabulary::fromJson(saved.value(QStringLiteral("vocabulary")).toObject());
  model.net = ConceptCnn(model.vocabulary.size(), options.featureDim);
  try {
    torch::load(model.net, weightsPath(from).toStdString());
  } catch (const std::exception &error) {
    if (job)
      job->warn(QStringLiteral("%1: unreadable, retraining (%2)")
                    .arg(weightsPath(from), QString::fromUtf8(error.what()).section(QLatin1Char('\n'), 0, 0)));
    return false;
  }
  model.summary = saved.value(QStringLiteral("training")).toObject();
  model.summary.insert(QStringLiteral("loaded"), true);
  return true;
}

// Weights, then the config that vouches for them, each atomically.
void saveTo(const QString &folder, const QByteArray &weights, const QJsonObject &saved) {
  writeFileAtomically(weightsPath(folder), weights);
  writeFileAtomically(configPath(folder), QJsonDocument(saved).toJson());
}

// The network trained for `key` in the shared folder, copied beside the features it makes, so the
// feature folder stays self-contained; false when the shared folder has none.
bool loadSharedCopy(const QString &folder, const QString &sharedFolder, const QString &key, const ConceptCnnOptions &options,
                    ConceptCnnModel &model, JobContext *job) {
  if (sharedFolder.isEmpty() || !loadSaved(sharedFolder, key, options, model, job)) return false;
  QFile weights(weightsPath(sharedFolder)), config(configPath(sharedFolder));
  if (weights.open(QIODevice::ReadOnly) && config.open(QIODevice::ReadOnly)) {
    writeFileAtomically(weightsPath(folder), weights.readAll());
    writeFileAtomically(configPath(folder), config.readAll());
  }
  if (job) job->log(QStringLiteral("concept CNN: reusing the network trained in %1").arg(sharedFolder));
  return true;
}

// The training split; all images when it is (nearly) empty, as in a bare caption table: the
// features are then fitted to every image, which is all such a dataset can offer.
std::vector<int> trainingImages(const Dataset &dataset) {
  std::vector<int> train = dataset.imagesIn(Split::Train);
  if (static_cast<int>(train.size()) < kMinTrainingImages) {
    train.clear();
    for (int i = 0; i < static_cast<int>(dataset.images.size()); ++i) train.push_back(i);
  }
  return train;
}

// The training images as one tensor, with their concepts' {0,1} targets.
struct TrainingData {
  torch::Tensor x, y;
  int skipped = 0; // unreadable images
};

// Decode the training images once (N×3×S×S in memory: 49 KB per 64-px image).
TrainingData readTrainingImages(const Dataset &dataset, const std::vector<int> &train, const InputSpec &input,
                                const ConceptVocabulary &vocabulary, const DecodedImageCache *decoded, JobContext *job) {
  std::vector<torch::Tensor> images, targets;
  int skipped = 0;
  for (std::size_t n = 0; n < train.size(); ++n) {
    if (job && n % 64 == 0) {
      job->checkpoint();
      job->setProgress(0.1 * n / train.size(), QStringLiteral("concept CNN: reading training images"));
    }
    QString reason;
    const QString &path = dataset.images[train[n]].path;
    const cv::Mat image = decoded ? decoded->load(path, &reason) : loadImage(path, &reason);
    if (image.empty()) {
      ++skipped;
      continue;
    }
    images.push_back(blobToTensor(makeBlob(makeCrops(image, input, CropMode::Center), input)));
    torch::Tensor target = torch::zeros({vocabulary.size()});
    for (int k : vocabulary.conceptsOf(dataset, train[n])) target[k] = 1.0f;
    targets.push_back(target);
  }
  if (static_cast<int>(images.size()) < kMinTrainingImages)
    throw std::runtime_error(QStringLiteral("%1: concept CNN: only %2 readable training images (%3 needed)")
                                 .arg(dataset.root)
                                 .arg(images.size())
                                 .arg(kMinTrainingImages)
                                 .toStdString());
  return {torch::cat(images), torch::stack(targets), skipped};
}

// Adam on the multi-label loss of Eq. 1 over shuffled minibatches, from the options' seed; returns
// the last epoch's mean loss.
double fitConceptCnn(const TrainingData &data, const ConceptCnnOptions &options, ConceptCnnModel &model, JobContext *job) {
  const torch::Tensor &x = data.x, &y = data.y;
  torch::manual_seed(options.seed);
  model.net = ConceptCnn(model.vocabulary.size(), options.featureDim);
  torch::optim::Adam optimiser(model.net->parameters(), torch::optim::AdamOptions(options.learningRate));
  const int64_t n = x.size(0);
  double lastLoss = 0;
  model.net->train();
  for (int epoch = 0; epoch < options.epochs; ++epoch) {
    const torch::Tensor order = torch::randperm(n, torch::kLong);
    double sum = 0;
    int batches = 0;
    for (int64_t start = 0; start < n; start += options.batchSize) {
      if (job) job->checkpoint();
      const torch::Tensor index = order.slice(0, start, std::min<int64_t>(n, start + options.batchSize));
      optimiser.zero_grad();
      const torch::Tensor loss =
          conceptLoss(model.net->forward(x.index_select(0, index)), y.index_select(0, index), options.loss, options.focalGamma);
      loss.backward();
      optimiser.step();
      sum += loss.item<double>();
      ++batches;
      if (job)
        job->setProgress(0.1 + 0.9 * (epoch + static_cast<double>(start) / n) / options.epochs,
                         QStringLiteral("concept CNN: epoch %1/%2, loss %3")
                             .arg(epoch + 1)
                             .arg(options.epochs)
                             .arg(sum / batches, 0, 'f', 3));
    }
    lastLoss = sum / batches;
  }
  model.net->eval();
  return lastLoss;
}

// Open-class and other words of every caption of the training images, from the caption parser
// (the tree models' cache, so their parses are shared); other captions are left empty.
std::vector<CaptionWordClasses> wordClassesOf(const Dataset &dataset, const std::vector<int> &images, JobContext *job) {
  static const QSet<QString> open{QStringLiteral("NOUN"), QStringLiteral("PROPN"), QStringLiteral("VERB"), QStringLiteral("ADJ"),
                                  QStringLiteral("NUM")};
  QStringList texts;
  std::vector<int> which;
  for (int image : images)
    for (int c : dataset.images[image].captions) {
      texts << dataset.captions[c].raw;
      which.push_back(c);
    }
  const CaptionParses parses = parseCaptions(texts, trainingCaptionParseOptions(), job);
  std::vector<CaptionWordClasses> classes(dataset.captions.size());
  for (std::size_t k = 0; k < which.size(); ++k) {
    const ParsedCaption parse = parses.captions[k].expand();
    CaptionWordClasses &words = classes[std::size_t(which[k])];
    for (int t = 0; t < int(parse.tokens.size()) && t < int(parse.upos.size()); ++t)
      (open.contains(parse.upos[t]) ? words.open : words.closed).insert(parse.tokens[t].toLower());
  }
  return classes;
}

ConceptVocabulary buildVocabulary(const Dataset &dataset, const std::vector<int> &train, const ConceptCnnOptions &options, JobContext *job) {
  ConceptVocabularyOptions vocabulary;
  vocabulary.maxConcepts = options.maxConcepts;
  vocabulary.minImages = options.minImages;
  if (options.words == ConceptWords::Words) {
    vocabulary.minAgreement = 0;
    vocabulary.maxCaptionShare = 1;
    return ConceptVocabulary::build(dataset, train, vocabulary);
  }
  vocabulary.minAgreement = options.minAgreement;
  vocabulary.maxCaptionShare = options.maxCaptionShare;
  const ConceptVocabulary built = ConceptVocabulary::build(dataset, train, vocabulary, wordClassesOf(dataset, train, job));
  if (job && !built.dropped().empty()) {
    QStringList names;
    for (std::size_t k = 0; k < built.dropped().size() && k < 10; ++k) names << built.dropped()[k].name;
    job->log(QStringLiteral("concepts: %1 words left out as caption style or too frequent: %2%3")
                 .arg(built.dropped().size())
                 .arg(names.join(QStringLiteral(", ")), built.dropped().size() > 10 ? QStringLiteral(", …") : QString()));
  }
  return built;
}

// The trained network and the config that vouches for it, in the folder and (when given) the shared folder.
void saveTrained(const ConceptCnnModel &model, const QString &key, const ConceptCnnOptions &options, const QString &folder,
                 const QString &sharedFolder) {
  std::ostringstream weights;
  torch::save(model.net, weights);
  const std::string bytes = weights.str();
  const QByteArray weightBytes(bytes.data(), static_cast<qsizetype>(bytes.size()));
  const QJsonObject saved{{QStringLiteral("key"), key},
                          {QStringLiteral("options"), options.toJson()},
                          {QStringLiteral("vocabulary"), model.vocabulary.toJson()},
                          {QStringLiteral("training"), model.summary}};
  saveTo(folder, weightBytes, saved);
  if (!sharedFolder.isEmpty() && QDir().mkpath(sharedFolder)) saveTo(sharedFolder, weightBytes, saved);
}

}  // namespace

ConceptCnnModel trainOrLoadConceptCnn(const Dataset &dataset, const BackboneSpec &spec, const QString &folder,
                                      const QString &key, JobContext *job, const QString &sharedFolder,
                                      const DecodedImageCache *decoded) {
  const ConceptCnnOptions &options = spec.concept;
  ConceptCnnModel model;
  model.featureDim = options.featureDim;
  // Reuse: the same key means the same images, captions and options.
  if (loadSaved(folder, key, options, model, job)) return model;
  if (loadSharedCopy(folder, sharedFolder, key, options, model, job)) return model;

  const std::vector<int> train = trainingImages(dataset);
  model.vocabulary = buildVocabulary(dataset, train, options, job);
  if (model.vocabulary.size() < 2)
    throw std::runtime_error(QStringLiteral("%1: concept CNN: only %2 concepts occur in %3+ training images' captions")
                                 .arg(dataset.root)
                                 .arg(model.vocabulary.size())
                                 .arg(options.minImages)
                                 .toStdString());
  const TrainingData data = readTrainingImages(dataset, train, spec.input, model.vocabulary, decoded, job);
  const int64_t n = data.x.size(0);

  QElapsedTimer clock;
  clock.start();
  const double lastLoss = fitConceptCnn(data, options, model, job);
  model.summary = {{QStringLiteral("images"), static_cast<int>(n)},
                   {QStringLiteral("skipped"), data.skipped},
                   {QStringLiteral("concepts"), model.vocabulary.size()},
                   {QStringLiteral("epochs"), options.epochs},
                   {QStringLiteral("final_loss"), lastLoss},
                   {QStringLiteral("seconds"), clock.elapsed() / 1000.0}};
  saveTrained(model, key, options, folder, sharedFolder);
  if (job)
    job->log(QStringLiteral("concept CNN: %1 concepts, %2 images, %3 epochs, loss %4")
                 .arg(model.vocabulary.size())
                 .arg(n)
                 .arg(options.epochs)
                 .arg(lastLoss, 0, 'f', 3));
  return model;
}

std::unique_ptr<Backbone> makeConceptCnnBackbone(const ConceptCnnModel &model, const InputSpec &input, const QString &layer) {
  if (!layer.isEmpty() && layer != QLatin1String("grid"))
    throw std::invalid_argument(QStringLiteral("concept CNN: no layer '%1' (the penultimate layer, or grid)").arg(layer).toStdString());
  const bool grid = layer == QLatin1String("grid");
  return std::make_unique<ConceptCnnBackbone>(model.net, input, grid ? ConceptCnnImpl::kGridDim : model.featureDim, grid);
}

std::vector<int> conceptTrainingImages(const Dataset &dataset) { return trainingImages(dataset); }

ConceptVocabulary buildConceptVocabulary(const Dataset &dataset, const std::vector<int> &train, const ConceptCnnOptions &options,
                                         JobContext *job) {
  return buildVocabulary(dataset, train, options, job);
}

}  // namespace gs::vision
