#include "vision/classhead.h"

#include "io/atomicfile.h"
#include "io/npy.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gs {

namespace {

QString sidecarPath(const QString &path) {
  return QFileInfo(path).path() + QLatin1Char('/') + QFileInfo(path).completeBaseName() + QStringLiteral(".json");
}

}  // namespace

std::vector<float> ClassHead::logits(const float *feature) const {
  std::vector<float> scores(static_cast<std::size_t>(classes));
  for (int k = 0; k < classes; ++k) {
    const float *w = weights.data() + std::size_t(k) * std::size_t(dim);
    double sum = bias[std::size_t(k)];
    for (int d = 0; d < dim; ++d) sum += double(w[d]) * feature[d];
    scores[std::size_t(k)] = float(sum);
  }
  return scores;
}

std::vector<float> ClassHead::probabilities(const float *feature) const {
  std::vector<float> p = logits(feature);
  if (p.empty()) return p;
  const float top = *std::max_element(p.begin(), p.end());
  double total = 0;
  for (float &v : p) total += (v = std::exp(v - top));
  for (float &v : p) v = float(v / total);
  return p;
}

QString classHeadPath(const QString &featureFolder) { return QDir(featureFolder).filePath(QStringLiteral("classhead.npy")); }

void saveClassHead(const ClassHead &head, const QString &path) {
  std::vector<float> table(std::size_t(head.classes) * std::size_t(head.dim + 1));
  for (int k = 0; k < head.classes; ++k) {
    std::copy_n(head.weights.data() + std::size_t(k) * std::size_t(head.dim), head.dim, table.data() + std::size_t(k) * std::size_t(head.dim + 1));
    table[std::size_t(k) * std::size_t(head.dim + 1) + std::size_t(head.dim)] = head.bias[std::size_t(k)];
  }
  writeNpy(path, table.data(), head.classes, head.dim + 1);
  const QJsonObject about{{QStringLiteral("origin"), head.origin}, {QStringLiteral("fit_r2"), head.fitR2}};
  writeFileAtomically(sidecarPath(path), QJsonDocument(about).toJson());
}

ClassHead loadClassHead(const QString &path) {
  if (!QFileInfo(path).isFile())
    throw std::runtime_error(QStringLiteral("%1: no classifier head (extract the features with scored proposals, or with "
                                            "an ONNX backbone that ends in a classifier)").arg(path).toStdString());
  const NpyMatrix table = NpyMatrix::open(path);
  if (table.rows() < 1 || table.cols() < 2)
    throw std::runtime_error(QStringLiteral("%1: a classifier head needs classes × (dim + 1) values").arg(path).toStdString());
  ClassHead head;
  head.classes = int(table.rows());
  head.dim = int(table.cols()) - 1;
  head.weights.resize(std::size_t(head.classes) * std::size_t(head.dim));
  head.bias.resize(std::size_t(head.classes));
  for (int k = 0; k < head.classes; ++k) {
    const float *row = table.row(k);
    std::copy_n(row, head.dim, head.weights.data() + std::size_t(k) * std::size_t(head.dim));
    head.bias[std::size_t(k)] = row[head.dim];
  }
  QFile about(sidecarPath(path));
  if (about.open(QIODevice::ReadOnly)) {
    const QJsonObject json = QJsonDocument::fromJson(about.readAll()).object();
    head.origin = json.value(QStringLiteral("origin")).toString();
    head.fitR2 = json.value(QStringLiteral("fit_r2")).toDouble(1.0);
  }
  return head;
}

}  // namespace gs
