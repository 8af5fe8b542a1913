#include "vision/conceptscores.h"

#include "vision/detail/conceptcnn.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

namespace gs {

namespace {
[[noreturn]] void fail(const QString &folder, const QString &why) {
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

ConceptScores scoreConcepts(const FeatureSet &regions) {
  const QString folder = regions.folder();
  if (!regions.hasRegions()) fail(folder, QStringLiteral("concept scores need region features (`features --regions`)"));
  QFile configFile(QDir(folder).filePath(QStringLiteral("conceptcnn.json")));
  if (!configFile.open(QIODevice::ReadOnly))
    fail(folder, QStringLiteral("no conceptcnn.json: concept scores need features of the concept-cnn backbone"));
  const QJsonObject saved = QJsonDocument::fromJson(configFile.readAll()).object();
  const ConceptVocabulary vocabulary = ConceptVocabulary::fromJson(saved.value(QStringLiteral("vocabulary")).toObject());
  const int featureDim = saved.value(QStringLiteral("options")).toObject().value(QStringLiteral("feature_dim")).toInt();
  if (vocabulary.size() < 1 || featureDim != regions.dim())
    fail(folder, QStringLiteral("conceptcnn.json does not describe these %1-d features").arg(regions.dim()));
  vision::ConceptCnn net(vocabulary.size(), featureDim);
  try {
    torch::load(net, QDir(folder).filePath(QStringLiteral("conceptcnn.pt")).toStdString());
  } catch (const std::exception &error) {
    fail(folder, QStringLiteral("conceptcnn.pt unreadable: %1").arg(QString::fromUtf8(error.what()).section(QLatin1Char('\n'), 0, 0)));
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
    if (boxes.empty()) fail(folder, QStringLiteral("image %1 has no regions").arg(regions.imageIds().at(row)));
    torch::Tensor features = torch::empty({std::int64_t(boxes.size()), featureDim});
    for (std::size_t r = 0; r < boxes.size(); ++r)
      std::copy(boxes[r].feature, boxes[r].feature + featureDim, features[std::int64_t(r)].data_ptr<float>());
    // §3.2: σ of each region's scores (parameters shared among regions), element-wise max over regions.
    const auto scores = torch::sigmoid(net->scoresOf(features)).contiguous();
    maxPoolRegions(scores.data_ptr<float>(), int(boxes.size()), k, out.scores.data() + std::size_t(row) * k,
                   out.bestRegion.data() + std::size_t(row) * k);
  }
  return out;
}

}  // namespace gs
