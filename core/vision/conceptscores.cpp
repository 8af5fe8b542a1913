#include "vision/conceptscores.h"

#include "vision/detail/conceptcnn.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

#include <cmath>

namespace gs {

namespace {
[[noreturn]] void refuseScores(const QString &folder, const QString &why) {
  throw std::runtime_error(QStringLiteral("%1: %2").arg(folder, why).toStdString());
}
}  // namespace

void maxPoolRegions(const float *regionScores, int regions, int concepts, float *p, int *bestRegion) {
  for (int c = 0; c < concepts; ++c) {
    p[c] = regionScores[c];
    bestRegion[c] = 0;
    for (int r = 1; r < regions; ++r)
      if (regionScores[std::size_t(r) * concepts + c] > p[c]) {
        p[c] = regionScores[std::size_t(r) * concepts + c];
        bestRegion[c] = r;
      }
  }
}

template <>
const std::vector<EnumName<ConceptPooling>> &enumTable<ConceptPooling>() {
  static const std::vector<EnumName<ConceptPooling>> table = {{ConceptPooling::Max, QStringLiteral("max")},
                                                              {ConceptPooling::NoisyOr, QStringLiteral("noisy-or")},
                                                              {ConceptPooling::LogSumExp, QStringLiteral("lse")}};
  return table;
}

void poolRegions(const float *regionLogits, int regions, int concepts, ConceptPooling pooling, double temperature, float *p,
                 int *bestRegion) {
  const auto sigmoid = [](double z) { return 1.0 / (1.0 + std::exp(-z)); };
  for (int c = 0; c < concepts; ++c) {
    const auto logit = [&](int r) { return double(regionLogits[std::size_t(r) * concepts + c]); };
    int best = 0;
    for (int r = 1; r < regions; ++r)
      if (logit(r) > logit(best)) best = r;
    bestRegion[c] = best;
    if (pooling == ConceptPooling::Max) {
      p[c] = float(sigmoid(logit(best)));
    } else if (pooling == ConceptPooling::NoisyOr) {
      double none = 1.0;
      for (int r = 0; r < regions; ++r) none *= 1.0 - sigmoid(logit(r));
      p[c] = float(1.0 - none);
    } else { // log-mean-exp, shifted by the max for stability
      double sum = 0;
      for (int r = 0; r < regions; ++r) sum += std::exp(temperature * (logit(r) - logit(best)));
      p[c] = float(sigmoid(logit(best) + std::log(sum / regions) / temperature));
    }
  }
}

ConceptScores scoreConcepts(const FeatureSet &regions, ConceptPooling pooling, double temperature) {
  const QString folder = regions.folder();
  if (!regions.hasRegions()) refuseScores(folder, QStringLiteral("concept scores need region features (`features --regions`)"));
  QFile configFile(QDir(folder).filePath(QStringLiteral("conceptcnn.json")));
  if (!configFile.open(QIODevice::ReadOnly))
    refuseScores(folder, QStringLiteral("no conceptcnn.json: concept scores need features of the concept-cnn backbone"));
  const QJsonObject saved = QJsonDocument::fromJson(configFile.readAll()).object();
  const ConceptVocabulary vocabulary = ConceptVocabulary::fromJson(saved.value(QStringLiteral("vocabulary")).toObject());
  const int featureDim = saved.value(QStringLiteral("options")).toObject().value(QStringLiteral("feature_dim")).toInt();
  if (vocabulary.size() < 1 || featureDim != regions.dim())
    refuseScores(folder, QStringLiteral("conceptcnn.json does not describe these %1-d features").arg(regions.dim()));
  vision::ConceptCnn net(vocabulary.size(), featureDim);
  try {
    torch::load(net, QDir(folder).filePath(QStringLiteral("conceptcnn.pt")).toStdString());
  } catch (const std::exception &error) {
    refuseScores(folder, QStringLiteral("conceptcnn.pt unreadable: %1").arg(QString::fromUtf8(error.what()).section(QLatin1Char('\n'), 0, 0)));
  }
  net->eval();
  torch::InferenceMode guard;

  ConceptScores out;
  out.names = vocabulary.names();
  out.rows = regions.size();
  const int k = vocabulary.size();
  out.scores.resize(std::size_t(out.rows) * k);
  out.bestRegion.resize(std::size_t(out.rows) * k);
  for (int row = 0; row < out.rows; ++row) {
    const std::vector<RegionFeature> boxes = regions.regionsOf(row);
    out.regionCounts.push_back(int(boxes.size()));
    if (boxes.empty()) refuseScores(folder, QStringLiteral("image %1 has no regions").arg(regions.imageIds().at(row)));
    torch::Tensor features = torch::empty({std::int64_t(boxes.size()), featureDim});
    for (std::size_t r = 0; r < boxes.size(); ++r)
      std::copy(boxes[r].feature, boxes[r].feature + featureDim, features[std::int64_t(r)].data_ptr<float>());
    // §3.2: each region's scores (parameters shared among regions), pooled over the regions.
    const auto logits = net->scoresOf(features).contiguous();
    poolRegions(logits.data_ptr<float>(), int(boxes.size()), k, pooling, temperature, out.scores.data() + std::size_t(row) * k,
                out.bestRegion.data() + std::size_t(row) * k);
  }
  return out;
}

}  // namespace gs
