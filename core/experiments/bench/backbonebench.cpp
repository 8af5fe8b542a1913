#include "experiments/bench/backbonebench.h"

#include "data/loaddataset.h"
#include "data/scenes/scenesdemo.h"
#include "io/npy.h"
#include "vision/features.h"
#include "vision/torchscriptexample.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>
#include <stdexcept>

namespace gs {

namespace {

// The feature sets of one benchmark run, each in a fresh folder of `work`.
class BackboneMeasure {
public:
  BackboneMeasure(const Dataset &dataset, const QTemporaryDir &work, BackboneBenchResult &result, const BackboneBenchProgress &measured)
      : m_dataset(dataset), m_work(work), m_result(result), m_measured(measured) {}

  FeatureSet operator()(const QString &name, const BackboneSpec &spec, const ExtractOptions &base = {}) {
    ExtractOptions options = base;
    options.outDir = m_work.filePath(QStringLiteral("run%1").arg(m_result.rows.size()));
    options.reuseDecoded = false; // nothing cached: every image decoded (`--dataset` times the decoded cache)
    const FeatureSet set = extractFeatures(m_dataset, spec, options);
    m_result.rows.push_back({name, set.dim(), set.manifest().value(QStringLiteral("images_per_second")).toDouble()});
    if (m_measured) m_measured(m_result.rows.back());
    return set;
  }

private:
  const Dataset &m_dataset;
  const QTemporaryDir &m_work;
  BackboneBenchResult &m_result;
  const BackboneBenchProgress &m_measured;
};

// The concept CNN's features written as a precomputed backbone: FILE.npy and FILE.ids.txt.
QString writePrecomputed(const FeatureSet &features, const QTemporaryDir &work) {
  std::vector<float> matrix;
  for (int i = 0; i < features.size(); ++i) matrix.insert(matrix.end(), features.row(i), features.row(i) + features.dim());
  const QString npy = work.filePath(QStringLiteral("pre.npy"));
  writeNpy(npy, matrix.data(), features.size(), features.dim());
  QFile ids(work.filePath(QStringLiteral("pre.ids.txt")));
  if (!ids.open(QIODevice::WriteOnly)) throw std::runtime_error("bench features: cannot write the id list");
  ids.write(features.imageIds().join(QLatin1Char('\n')).toUtf8());
  ids.close();
  return npy;
}

}  // namespace

double BackboneBenchResult::ratio(const BackboneBenchRow &row) const {
  const double base = rows.empty() ? 0.0 : rows.front().imagesPerSecond;
  return base > 0 ? row.imagesPerSecond / base : 0.0;
}

BackboneBenchResult benchBackbones(int images, const QString &onnxPath, const BackboneBenchProgress &measured) {
  ScenesOptions scenes;
  scenes.images = std::max(1000, images);
  Dataset dataset = loadDataset(ensureScenesDemo(scenes));
  dataset.images.resize(static_cast<std::size_t>(images)); // captions of dropped images are not used
  QTemporaryDir work;
  if (!work.isValid()) throw std::runtime_error("bench features: cannot create a temporary folder");
  BackboneBenchResult result;
  result.images = images;
  BackboneMeasure measure(dataset, work, result, measured);
  // The baseline trains first (not timed: the figure is extraction only; training is reported).
  const QString conceptCnn = backboneKindName(BackboneKind::ConceptCnn);
  const FeatureSet concept = measure(conceptCnn, BackboneSpec::parse(conceptCnn));
  result.conceptCnnTrainingSeconds =
      concept.manifest().value(QStringLiteral("concept_cnn")).toObject().value(QStringLiteral("seconds")).toDouble();
  ExtractOptions ten;
  ten.crops = CropMode::TenCrop;
  measure(conceptCnn + QStringLiteral(" 10-crop"), BackboneSpec::parse(conceptCnn), ten);
  ExtractOptions regions;
  regions.regions = true;
  measure(conceptCnn + QStringLiteral(" regions"), BackboneSpec::parse(conceptCnn), regions);
  const QString npy = writePrecomputed(concept, work);
  measure(QStringLiteral("npy"), BackboneSpec::parse(QStringLiteral("npy:") + npy));
  const QString script = work.filePath(QStringLiteral("example.pt"));
  saveExampleTorchScript(script);
  measure(QStringLiteral("torchscript (example CNN, 224)"), BackboneSpec::parse(QStringLiteral("torchscript:") + script));
  if (!onnxPath.isEmpty())
    measure(QStringLiteral("onnx (%1)").arg(QFileInfo(onnxPath).fileName()), BackboneSpec::parse(QStringLiteral("onnx:") + onnxPath));
  return result;
}

FeatureBenchResult::Limit networkOnlyLimit(const FeatureBenchResult &result) {
  FeatureBenchResult::Limit limit;
  for (const FeatureBenchResult::Limit &l : result.networkOnly)
    if (l.imagesPerSecond > limit.imagesPerSecond) limit = l;
  return limit;
}

}  // namespace gs
