#include "training/runs/runtrajectory.h"

#include "io/atomicfile.h"
#include "io/jsonfile.h"
#include "io/npy.h"
#include "training/runs/runfolder.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace gs {

namespace {

const QString kFolder = QStringLiteral("trajectory");
const QString kSampleFile = QStringLiteral("sample.json");
constexpr int kFormat = 1;

[[noreturn]] void corruptTrajectory(const QString &path, const QString &what) {
  throw RunFolderError(QStringLiteral("%1: %2").arg(path, what).toStdString());
}

}  // namespace

QString RunTrajectory::sampleFile(const QString &runDir) { return QDir(runDir).filePath(kFolder + QLatin1Char('/') + kSampleFile); }

QString RunTrajectory::epochFile(const QString &runDir, int epoch) {
  return QDir(runDir).filePath(QStringLiteral("%1/epoch-%2.npy").arg(kFolder).arg(epoch, 3, 10, QLatin1Char('0')));
}

bool RunTrajectory::exists(const QString &runDir) {
  if (!QFileInfo::exists(sampleFile(runDir))) return false;
  return !QDir(QDir(runDir).filePath(kFolder)).entryList({QStringLiteral("epoch-*.npy")}, QDir::Files).isEmpty();
}

RunTrajectory RunTrajectory::open(const QString &runDir) {
  const QString path = sampleFile(runDir);
  QJsonObject json;
  try {
    json = readJsonObjectFile(path);
  } catch (const std::runtime_error &error) {
    throw RunFolderError(error.what());
  }
  RunTrajectory t;
  t.m_dir = runDir;
  TrajectorySample &s = t.m_sample;
  const auto split = splitFromName(json.value(QStringLiteral("split")).toString());
  if (!split) corruptTrajectory(path, QStringLiteral("'split' must be train, val or test"));
  s.split = *split;
  s.dim = json.value(QStringLiteral("dim")).toInt();
  if (s.dim <= 0) corruptTrajectory(path, QStringLiteral("'dim' must be a positive integer"));
  for (const QJsonValue &id : json.value(QStringLiteral("images")).toArray()) {
    if (!id.isString()) corruptTrajectory(path, QStringLiteral("'images' must hold image ids (strings)"));
    s.imageIds.append(id.toString());
  }
  const QJsonArray captions = json.value(QStringLiteral("captions")).toArray();
  for (int k = 0; k < captions.size(); ++k) {
    const QJsonObject c = captions[k].toObject();
    const int image = c.value(QStringLiteral("image")).toInt(-1);
    if (!c.value(QStringLiteral("text")).isString() || image < 0 || image >= s.imageIds.size())
      corruptTrajectory(path, QStringLiteral("caption %1 needs 'text' and an 'image' index below %2").arg(k).arg(s.imageIds.size()));
    s.captions.append(c.value(QStringLiteral("text")).toString());
    s.captionImage.push_back(image);
  }
  if (s.itemCount() == 0) corruptTrajectory(path, QStringLiteral("the sample has no items"));
  static const QRegularExpression name(QStringLiteral("^epoch-(\\d+)\\.npy$"));
  for (const QString &file : QDir(QDir(runDir).filePath(kFolder)).entryList({QStringLiteral("epoch-*.npy")}, QDir::Files)) {
    const QRegularExpressionMatch m = name.match(file);
    if (m.hasMatch()) t.m_epochs.push_back(m.captured(1).toInt());
  }
  std::sort(t.m_epochs.begin(), t.m_epochs.end());
  return t;
}

std::vector<float> RunTrajectory::embeddings(int epoch) const {
  const QString path = epochFile(m_dir, epoch);
  NpyMatrix matrix;
  try {
    matrix = NpyMatrix::open(path);
  } catch (const std::runtime_error &error) {
    throw RunFolderError(error.what());
  }
  if (matrix.rows() != m_sample.itemCount() || matrix.cols() != m_sample.dim)
    corruptTrajectory(path, QStringLiteral("holds %1 × %2 values; the sample has %3 items of %4 dimensions")
                      .arg(matrix.rows()).arg(matrix.cols()).arg(m_sample.itemCount()).arg(m_sample.dim));
  return std::vector<float>(matrix.data(), matrix.data() + matrix.rows() * matrix.cols());
}

void RunTrajectory::writeSample(const QString &runDir, const TrajectorySample &sample) {
  QJsonArray images, captions;
  for (const QString &id : sample.imageIds) images.append(id);
  for (int k = 0; k < sample.captions.size(); ++k)
    captions.append(QJsonObject{{QStringLiteral("text"), sample.captions[k]}, {QStringLiteral("image"), sample.captionImage[std::size_t(k)]}});
  const QJsonObject json{{QStringLiteral("format"), kFormat},
                         {QStringLiteral("split"), splitName(sample.split)},
                         {QStringLiteral("dim"), sample.dim},
                         {QStringLiteral("images"), images},
                         {QStringLiteral("captions"), captions}};
  QDir(runDir).mkpath(kFolder);
  writeFileAtomically(sampleFile(runDir), QJsonDocument(json).toJson(QJsonDocument::Compact));
}

void RunTrajectory::writeEpoch(const QString &runDir, int epoch, const std::vector<float> &vectors, int rows, int dim) {
  QDir(runDir).mkpath(kFolder);
  writeNpy(epochFile(runDir, epoch), vectors.data(), rows, dim, NpyDtype::Float16);
}

std::vector<int> trajectoryImagePicks(int splitImages, int count) {
  std::vector<int> picks;
  const int n = std::min(splitImages, std::max(0, count));
  for (int k = 0; k < n; ++k) picks.push_back(int(qint64(k) * splitImages / n));
  return picks;
}

}  // namespace gs
