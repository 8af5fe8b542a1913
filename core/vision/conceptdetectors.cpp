#include "vision/conceptdetectors.h"

#include "engine/jobcontext.h"
#include "vision/conceptprior.h"
#include "vision/detail/bagpooling.h"
#include "vision/detail/conceptcnn.h"

#include <torch/torch.h>

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <random>
#include <stdexcept>

namespace gs {

namespace {

[[noreturn]] void refuseBags(const QString &why) { throw std::invalid_argument(QString(QStringLiteral("concept detectors: ") + why).toStdString()); }

void checkBags(const RegionBags &bags, const std::vector<char> &labels, int concepts) {
  if (bags.dim < 1 || concepts < 1) refuseBags(QStringLiteral("need features (dim %1) and concepts (%2)").arg(bags.dim).arg(concepts));
  if (labels.size() != std::size_t(bags.bags()) * std::size_t(concepts))
    refuseBags(QStringLiteral("%1 labels for %2 images × %3 concepts").arg(labels.size()).arg(bags.bags()).arg(concepts));
  if (bags.features.size() % std::size_t(bags.dim) != 0)
    refuseBags(QStringLiteral("%1 feature values are not rows of dimension %2").arg(bags.features.size()).arg(bags.dim));
  if (!bags.firstRegion.empty() && bags.firstRegion.size() != bags.regionCounts.size())
    refuseBags(QStringLiteral("%1 first rows for %2 images").arg(bags.firstRegion.size()).arg(bags.bags()));
  const long rows = long(bags.features.size() / std::size_t(bags.dim));
  const std::vector<long> starts = bags.starts();
  for (int b = 0; b < bags.bags(); ++b) {
    const long first = starts[std::size_t(b)], count = bags.regionCounts[std::size_t(b)];
    if (count < 1) refuseBags(QStringLiteral("image %1 has no region").arg(b));
    if (first < 0 || first + count > rows)
      refuseBags(QStringLiteral("image %1's regions %2–%3 leave the %4 rows of features").arg(b).arg(first).arg(first + count - 1).arg(rows));
    for (long r = first; r < first + count; ++r)
      for (int d = 0; d < bags.dim; ++d)
        if (!std::isfinite(bags.features[std::size_t(r) * std::size_t(bags.dim) + std::size_t(d)]))
          refuseBags(QStringLiteral("feature value %1 of region %2 is NaN or infinite").arg(d).arg(r));
  }
}

// Per-dimension mean and deviation over every bag's regions, in double, a thousand rows at a time
// (10 MB at 1,280 dimensions); a constant dimension keeps a tiny deviation, so its standardised
// value is 0.
void standardisation(const RegionBags &bags, std::vector<float> &mean, std::vector<float> &deviation) {
  constexpr long kChunk = 1024;
  double regions = 0;
  torch::Tensor sum = torch::zeros({bags.dim}, torch::kDouble), squares = torch::zeros({bags.dim}, torch::kDouble);
  vision::forEachRegionChunk(bags, kChunk, [&](const torch::Tensor &chunk) {
    sum += chunk.to(torch::kDouble).sum(0);
    regions += double(chunk.size(0));
  });
  const torch::Tensor m = sum / regions;
  vision::forEachRegionChunk(bags, kChunk, [&](const torch::Tensor &chunk) { squares += (chunk.to(torch::kDouble) - m).square().sum(0); });
  const torch::Tensor s = (squares / regions).sqrt().clamp_min(1e-6).to(torch::kFloat).contiguous();
  const torch::Tensor mf = m.to(torch::kFloat).contiguous();
  mean.assign(mf.data_ptr<float>(), mf.data_ptr<float>() + bags.dim);
  deviation.assign(s.data_ptr<float>(), s.data_ptr<float>() + bags.dim);
}

// The regions' logits: the head's, plus the start's (concepts × dim, on standardised features) when
// there is one, so the head learns an offset from the start and its weight decay pulls towards it.
// x (W + S)ᵀ + b is x Wᵀ + b + x Sᵀ in one product instead of two: the same gradients for W and b,
// and a third fewer operations a step, forward and backward together.
torch::Tensor headLogits(const torch::Tensor &regions, torch::nn::Linear &head, const torch::Tensor &start) {
  return start.defined() ? torch::addmm(head->bias, regions, (head->weight + start).t()) : head->forward(regions);
}

struct Standardisation {
  torch::Tensor mean, deviation; // dim each
};

// One epoch over the bags in a shuffled order; returns the mean loss.
// The standardisation (mean, deviation) is applied to each minibatch's rows as they are gathered.
double trainEpoch(const RegionBags &bags, const Standardisation &standard, const torch::Tensor &y, torch::nn::Linear &head,
                  const torch::Tensor &start, torch::optim::Adam &optimizer, const ConceptDetectorOptions &options,
                  std::mt19937_64 &random) {
  const torch::Tensor x = vision::featureMatrix(bags);
  const std::vector<long> starts = bags.starts();
  std::vector<long> order(starts.size());
  std::iota(order.begin(), order.end(), 0L);
  std::shuffle(order.begin(), order.end(), random);
  double total = 0;
  int batches = 0;
  for (std::size_t from = 0; from < order.size(); from += std::size_t(options.batchBags)) {
    const std::size_t to = std::min(order.size(), from + std::size_t(options.batchBags));
    // The minibatch's bags' regions in one matrix: one product and one pooling for all of them.
    std::vector<long> rows, sizes, batch(order.begin() + long(from), order.begin() + long(to));
    for (long b : batch) {
      sizes.push_back(bags.regionCounts[std::size_t(b)]);
      for (long r = starts[std::size_t(b)]; r < starts[std::size_t(b)] + sizes.back(); ++r) rows.push_back(r);
    }
    const torch::Tensor regions = (x.index_select(0, torch::tensor(rows, torch::kLong)) - standard.mean) / standard.deviation;
    const torch::Tensor pooled = vision::poolBags(headLogits(regions, head, start), sizes, options.pooling, options.temperature);
    const torch::Tensor targets = y.index_select(0, torch::tensor(batch, torch::kLong));
    const torch::Tensor loss = vision::conceptLoss(pooled, targets, options.loss, options.focalGamma);
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
    total += loss.item<double>();
    ++batches;
  }
  return batches ? total / batches : 0.0;
}

QString floatsToBase64(const std::vector<float> &values) {
  return QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(values.data()), int(values.size() * sizeof(float))).toBase64());
}

std::vector<float> floatsFromBase64(const QJsonValue &value, std::size_t count, const char *what) {
  const QByteArray bytes = QByteArray::fromBase64(value.toString().toLatin1());
  if (std::size_t(bytes.size()) != count * sizeof(float))
    throw std::runtime_error(QStringLiteral("concept detectors: '%1' holds %2 bytes, %3 expected").arg(QLatin1String(what)).arg(bytes.size()).arg(count * sizeof(float)).toStdString());
  std::vector<float> values(count);
  std::memcpy(values.data(), bytes.constData(), std::size_t(bytes.size()));
  for (float v : values)
    if (!std::isfinite(v)) throw std::runtime_error(QStringLiteral("concept detectors: '%1' holds NaN or infinite values").arg(QLatin1String(what)).toStdString());
  return values;
}

}  // namespace

std::vector<long> RegionBags::starts() const {
  if (!firstRegion.empty()) return firstRegion;
  std::vector<long> first(regionCounts.size(), 0);
  for (std::size_t b = 1; b < regionCounts.size(); ++b) first[b] = first[b - 1] + regionCounts[b - 1];
  return first;
}

std::vector<long> RegionBags::regionRows() const {
  const std::vector<long> first = starts();
  std::vector<long> rows;
  rows.reserve(std::size_t(std::accumulate(regionCounts.begin(), regionCounts.end(), 0L)));
  for (std::size_t b = 0; b < first.size(); ++b)
    for (long r = first[b]; r < first[b] + regionCounts[b]; ++r) rows.push_back(r);
  return rows;
}

QJsonObject ConceptDetectors::toJson() const {
  return {{QStringLiteral("dim"), dim},
          {QStringLiteral("concepts"), concepts},
          {QStringLiteral("pooling"), enumName(pooling)},
          {QStringLiteral("temperature"), temperature},
          {QStringLiteral("mean"), floatsToBase64(mean)},
          {QStringLiteral("deviation"), floatsToBase64(deviation)},
          {QStringLiteral("weights"), floatsToBase64(weights)},
          {QStringLiteral("bias"), floatsToBase64(bias)}};
}

ConceptDetectors ConceptDetectors::fromJson(const QJsonObject &json) {
  ConceptDetectors d;
  d.dim = json.value(QStringLiteral("dim")).toInt();
  d.concepts = json.value(QStringLiteral("concepts")).toInt();
  const auto pooling = enumFromName<ConceptPooling>(json.value(QStringLiteral("pooling")).toString());
  if (d.dim < 1 || d.concepts < 1 || !pooling) throw std::runtime_error("concept detectors: the head's dim, concepts or pooling is missing");
  d.pooling = *pooling;
  d.temperature = json.value(QStringLiteral("temperature")).toDouble(1.0);
  d.mean = floatsFromBase64(json.value(QStringLiteral("mean")), std::size_t(d.dim), "mean");
  d.deviation = floatsFromBase64(json.value(QStringLiteral("deviation")), std::size_t(d.dim), "deviation");
  d.weights = floatsFromBase64(json.value(QStringLiteral("weights")), std::size_t(d.dim) * std::size_t(d.concepts), "weights");
  d.bias = floatsFromBase64(json.value(QStringLiteral("bias")), std::size_t(d.concepts), "bias");
  return d;
}

std::vector<float> ConceptDetectors::regionLogits(const float *features, int regions) const {
  // The standardised rows times the weights in one product: ((x − mean) / deviation) Wᵀ + b.
  const auto floats = [](const std::vector<float> &v, std::initializer_list<std::int64_t> shape) {
    return torch::from_blob(const_cast<float *>(v.data()), shape, torch::kFloat);
  };
  const torch::NoGradGuard noGradient;
  const torch::Tensor x = torch::from_blob(const_cast<float *>(features), {regions, dim}, torch::kFloat);
  const torch::Tensor standard = (x - floats(mean, {dim})) / floats(deviation, {dim});
  const torch::Tensor logits = torch::addmm(floats(bias, {concepts}), standard, floats(weights, {concepts, dim}).t()).contiguous();
  return {logits.data_ptr<float>(), logits.data_ptr<float>() + logits.numel()};
}

// The start on standardised features: w·x_raw = (w ⊙ deviation)·x_standard + constant, and the
// constant is the bias's to learn. Undefined without a start.
torch::Tensor standardisedStart(const ConceptPrior *prior, const std::vector<float> &deviation, int concepts) {
  if (!prior || prior->empty()) return {};
  if (prior->concepts != concepts || prior->dim != int(deviation.size()))
    refuseBags(QStringLiteral("the start has %1 concepts of dimension %2, the detectors %3 of %4")
                   .arg(prior->concepts).arg(prior->dim).arg(concepts).arg(deviation.size()));
  const torch::Tensor w = torch::from_blob(const_cast<float *>(prior->weights.data()), {long(concepts), long(deviation.size())}, torch::kFloat);
  const torch::Tensor s = torch::from_blob(const_cast<float *>(deviation.data()), {long(deviation.size())}, torch::kFloat);
  return (w * s).contiguous();
}

ConceptDetectors trainConceptDetectors(const RegionBags &bags, const std::vector<char> &labels, int concepts,
                                       const ConceptDetectorOptions &options, JobContext *job, const ConceptPrior *prior) {
  checkBags(bags, labels, concepts);
  if (options.epochs < 1 || options.batchBags < 1) refuseBags(QStringLiteral("epochs and the batch must be at least 1"));
  ConceptDetectors detectors;
  detectors.dim = bags.dim;
  detectors.concepts = concepts;
  detectors.pooling = options.pooling;
  detectors.temperature = options.temperature;
  standardisation(bags, detectors.mean, detectors.deviation);

  torch::manual_seed(options.seed);
  std::mt19937_64 random(options.seed);
  const Standardisation standard{torch::from_blob(detectors.mean.data(), {bags.dim}, torch::kFloat),
                                  torch::from_blob(detectors.deviation.data(), {bags.dim}, torch::kFloat)};
  std::vector<float> targetValues(labels.begin(), labels.end());
  for (float &t : targetValues) t = t != 0 ? 1.0f : 0.0f;
  const torch::Tensor y = torch::from_blob(targetValues.data(), {long(bags.bags()), long(concepts)}, torch::kFloat).clone();

  const torch::Tensor start = standardisedStart(prior, detectors.deviation, concepts);
  torch::nn::Linear head(bags.dim, concepts);
  // The decay holds the weights near their start; the biases carry each concept's prevalence, and
  // pulled towards 0 they would lift every score towards ½.
  std::vector<torch::optim::OptimizerParamGroup> groups;
  groups.emplace_back(std::vector<torch::Tensor>{head->weight},
                      std::make_unique<torch::optim::AdamOptions>(torch::optim::AdamOptions(options.learningRate).weight_decay(options.weightDecay)));
  groups.emplace_back(std::vector<torch::Tensor>{head->bias}, std::make_unique<torch::optim::AdamOptions>(options.learningRate));
  torch::optim::Adam optimizer(std::move(groups), torch::optim::AdamOptions(options.learningRate));
  for (int epoch = 0; epoch < options.epochs; ++epoch) {
    if (job) job->checkpoint();
    const double loss = trainEpoch(bags, standard, y, head, start, optimizer, options, random);
    if (job) job->setProgress(double(epoch + 1) / options.epochs, QStringLiteral("concept detectors: epoch %1, loss %2").arg(epoch + 1).arg(loss, 0, 'f', 4));
  }
  const torch::Tensor learnt = head->weight.detach();
  const torch::Tensor w = (start.defined() ? learnt + start : learnt).contiguous(), b = head->bias.detach().contiguous();
  detectors.weights.assign(w.data_ptr<float>(), w.data_ptr<float>() + w.numel());
  detectors.bias.assign(b.data_ptr<float>(), b.data_ptr<float>() + b.numel());
  return detectors;
}

std::vector<float> detectConcepts(const ConceptDetectors &detectors, const RegionBags &bags, std::vector<int> *bestRegion) {
  if (bags.dim != detectors.dim)
    refuseBags(QStringLiteral("the detectors take %1 features, the regions have %2").arg(detectors.dim).arg(bags.dim));
  const int k = detectors.concepts;
  std::vector<float> scores(std::size_t(bags.bags()) * std::size_t(k));
  std::vector<int> best(scores.size());
  const std::vector<long> starts = bags.starts();
  for (int b = 0; b < bags.bags(); ++b) {
    const int regions = bags.regionCounts[std::size_t(b)];
    const std::vector<float> logits = detectors.regionLogits(bags.features.data() + std::size_t(starts[std::size_t(b)]) * std::size_t(bags.dim), regions);
    poolRegions(logits.data(), regions, k, detectors.pooling, detectors.temperature, scores.data() + std::size_t(b) * k,
                best.data() + std::size_t(b) * k);
  }
  if (bestRegion) *bestRegion = std::move(best);
  return scores;
}

}  // namespace gs
