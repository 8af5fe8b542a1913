// Oracle layout features for the Scenes demo (see the header): one pass over dataset.json's
// object lists.

#include "data/scenes/scenelayoutfeatures.h"

#include "data/dataset.h"
#include "data/detail/datasetbuilder.h"
#include "io/atomicfile.h"
#include "io/npy.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <random>
#include <stdexcept>

namespace gs {

namespace {

[[noreturn]] void fail(const QString &message) { throw std::runtime_error(message.toStdString()); }

QString jsonFileOf(const QString &folder) {
  const QFileInfo info(folder);
  return info.isDir() ? info.absoluteFilePath() + QStringLiteral("/dataset.json") : info.absoluteFilePath();
}

struct SceneObject {
  QString colour, shape;
  bool large = false;
  double cx = 0, cy = 0; // box centre as a fraction of the image's width and height
};

// One image's objects, checked: every field the features need, a box inside a positive size.
std::vector<SceneObject> objectsOf(const QJsonObject &image, int index, const QString &file) {
  const QString where = QStringLiteral("%1: image %2 (%3)").arg(file).arg(index).arg(image.value(QStringLiteral("filename")).toString());
  if (!image.value(QStringLiteral("objects")).isArray())
    fail(where + QStringLiteral(": no \"objects\" list (layout features need the Scenes demo's object annotations)"));
  const double width = image.value(QStringLiteral("width")).toDouble(), height = image.value(QStringLiteral("height")).toDouble();
  if (!(width > 0 && height > 0)) fail(where + QStringLiteral(": missing or non-positive width/height"));
  std::vector<SceneObject> objects;
  const QJsonArray list = image.value(QStringLiteral("objects")).toArray();
  for (int k = 0; k < list.size(); ++k) {
    const QJsonObject o = list[k].toObject();
    const QJsonArray box = o.value(QStringLiteral("box")).toArray();
    SceneObject object;
    object.colour = o.value(QStringLiteral("colour")).toString();
    object.shape = o.value(QStringLiteral("shape")).toString();
    const QString size = o.value(QStringLiteral("size")).toString();
    if (box.size() != 4 || object.colour.isEmpty() || object.shape.isEmpty() || size.isEmpty())
      fail(where + QStringLiteral(": object %1 lacks its box [x, y, w, h], colour, shape or size").arg(k));
    object.large = size == QLatin1String("large");
    object.cx = (box[0].toDouble() + box[2].toDouble() / 2) / width;
    object.cy = (box[1].toDouble() + box[3].toDouble() / 2) / height;
    objects.push_back(object);
  }
  return objects;
}

}  // namespace

SceneLayoutFeatures sceneLayoutFeatures(const QString &folder, const SceneLayoutOptions &options) {
  if (options.grid < 1 || !(options.noise >= 0)) fail(QStringLiteral("sceneLayoutFeatures: grid must be ≥ 1 and noise ≥ 0"));
  const QString file = jsonFileOf(folder);
  LoadReport report;
  // Throws "FILE: cannot open: …" for a missing or unreadable file.
  const std::optional<QJsonDocument> document = detail::readJsonFile(file, report);
  if (!document) { // the malformed-JSON example is "FILE:LINE:COLUMN: what is wrong"
    const auto malformed = std::find_if(report.issues.begin(), report.issues.end(),
                                        [](const LoadIssue &issue) { return issue.kind == detail::kMalformedJson; });
    fail(malformed == report.issues.end() || malformed->examples.isEmpty() ? file + QStringLiteral(": malformed JSON")
                                                                            : malformed->examples.front());
  }
  const QJsonArray images = document->object().value(QStringLiteral("images")).toArray();
  if (images.isEmpty()) fail(file + QStringLiteral(": no \"images\" array"));

  std::vector<std::vector<SceneObject>> objects;
  SceneLayoutFeatures out;
  for (int i = 0; i < images.size(); ++i) {
    const QJsonObject image = images[i].toObject();
    objects.push_back(objectsOf(image, i, file));
    for (const SceneObject &o : objects.back()) {
      if (!out.colours.contains(o.colour)) out.colours << o.colour;
      if (!out.shapes.contains(o.shape)) out.shapes << o.shape;
    }
    out.imageIds << QFileInfo(image.value(QStringLiteral("filename")).toString()).completeBaseName();
  }
  std::sort(out.colours.begin(), out.colours.end());
  std::sort(out.shapes.begin(), out.shapes.end());
  const int colours = int(out.colours.size()), shapes = int(out.shapes.size());
  const int perCell = colours + shapes + colours * shapes + 2;
  const int grid = options.grid;
  out.dim = grid * grid * perCell;
  out.values.assign(std::size_t(images.size()) * std::size_t(out.dim), 0.f);
  std::mt19937 rng(options.seed);
  std::normal_distribution<float> noise(0.f, float(options.noise));
  for (std::size_t i = 0; i < objects.size(); ++i) {
    float *row = out.values.data() + i * std::size_t(out.dim);
    for (const SceneObject &o : objects[i]) {
      const int cx = std::clamp(int(o.cx * grid), 0, grid - 1), cy = std::clamp(int(o.cy * grid), 0, grid - 1);
      float *cell = row + (cy * grid + cx) * perCell;
      const int colour = int(out.colours.indexOf(o.colour)), shape = int(out.shapes.indexOf(o.shape));
      cell[colour] = 1.f;
      cell[colours + shape] = 1.f;
      cell[colours + shapes + colour * shapes + shape] = 1.f;
      cell[colours + shapes + colours * shapes + (o.large ? 1 : 0)] = 1.f;
    }
    if (options.noise > 0)
      for (int k = 0; k < out.dim; ++k) row[k] += noise(rng);
  }
  return out;
}

QString writeSceneLayoutFeatures(const SceneLayoutFeatures &features, const QString &npyPath) {
  const QFileInfo info(npyPath);
  writeNpy(npyPath, features.values.data(), std::int64_t(features.imageIds.size()), features.dim);
  writeFileAtomically(info.path() + QLatin1Char('/') + info.completeBaseName() + QStringLiteral(".ids.txt"),
                      (features.imageIds.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8());
  return QStringLiteral("npy:") + npyPath;
}

}  // namespace gs
