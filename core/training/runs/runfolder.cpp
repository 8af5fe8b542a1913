#include "training/runs/runfolder.h"

#include "io/jsonfile.h"
#include "training/trainingsource.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace gs {

namespace {

// The names the trainer writes; nothing outside this file spells them.
const QString kConfigFile = QStringLiteral("config.json");
const QString kSourceFile = QStringLiteral("run.json");
const QString kVocabularyFile = QStringLiteral("vocabulary.json");
const QString kTreesFile = QStringLiteral("trees.json");
const QString kLastCheckpoint = QStringLiteral("checkpoint-last.pt");
const QString kBestModel = QStringLiteral("model-best.pt");
const QString kClosedFormFile = QStringLiteral("cca.pt");
const QString kMetricsFile = QStringLiteral("metrics.json");
const QString kEventsFile = QStringLiteral("events.jsonl");
const QString kResultFile = QStringLiteral("result.json");
const QString kCorrespondencesFile = QStringLiteral("correspondences.json");

QJsonObject readObject(const QString &path) {
  try {
    return readJsonObjectFile(path);
  } catch (const std::runtime_error &error) {
    throw RunFolderError(error.what());
  }
}

[[noreturn]] void corrupt(const QString &path, const QString &what) {
  throw RunFolderError(QStringLiteral("%1: %2").arg(path, what).toStdString());
}

}  // namespace

RunFolder::RunFolder(const QString &dir) : m_dir(dir) {}

QString RunFolder::file(const QString &name) const { return QDir(m_dir).filePath(name); }

QString RunFolder::configFile() const { return file(kConfigFile); }
QString RunFolder::sourceFile() const { return file(kSourceFile); }
QString RunFolder::vocabularyFile() const { return file(kVocabularyFile); }
QString RunFolder::treesFile() const { return file(kTreesFile); }
QString RunFolder::lastCheckpointFile() const { return file(kLastCheckpoint); }
QString RunFolder::bestModelFile() const { return file(kBestModel); }
QString RunFolder::closedFormFile() const { return file(kClosedFormFile); }
QString RunFolder::metricsFile() const { return file(kMetricsFile); }
QString RunFolder::eventsFile() const { return file(kEventsFile); }
QString RunFolder::resultFile() const { return file(kResultFile); }
QString RunFolder::correspondencesFile() const { return file(kCorrespondencesFile); }

QString RunFolder::snapshotFile(int epoch) const {
  return file(QStringLiteral("snapshots/epoch-%1.pt").arg(epoch, 3, 10, QLatin1Char('0')));
}

bool RunFolder::isRun() const { return QFileInfo::exists(configFile()) && QFileInfo::exists(sourceFile()); }
bool RunFolder::isFinished() const { return QFileInfo::exists(resultFile()); }
bool RunFolder::isResumable() const { return isRun() && !isFinished(); }
bool RunFolder::hasCheckpoint() const { return QFileInfo::exists(lastCheckpointFile()); }
bool RunFolder::hasModel() const {
  return isFinished() || QFileInfo::exists(bestModelFile()) || QFileInfo::exists(closedFormFile());
}
bool RunFolder::hasCurves() const { return QFileInfo::exists(eventsFile()) || QFileInfo::exists(metricsFile()); }

TrainConfig RunFolder::config() const {
  const QString path = configFile();
  try {
    return TrainConfig::fromJson(readObject(path), path);
  } catch (const std::invalid_argument &error) {
    throw RunFolderError(error.what()); // fromJson names the file
  }
}

TrainingSource RunFolder::source() const {
  const QString path = sourceFile();
  const TrainingSource source = sourceFromRunJson(readObject(path));
  if (source.datasetPath.isEmpty()) corrupt(path, QStringLiteral("the run does not record its dataset; pass --dataset"));
  return source;
}

int RunFolder::featureDim() const {
  const QString path = sourceFile();
  const int dim = readObject(path).value(QStringLiteral("feature_dim")).toInt();
  if (dim <= 0) corrupt(path, QStringLiteral("no feature_dim"));
  return dim;
}

TrainResult RunFolder::result() const {
  TrainResult result = TrainResult::fromJson(readObject(resultFile()));
  result.runDir = m_dir;
  return result;
}

std::vector<BatchEvent> RunFolder::batches(QStringList *warnings) const {
  std::vector<BatchEvent> out;
  QFile events(eventsFile());
  if (!events.exists()) return out;
  const auto warn = [warnings](const QString &line) {
    if (warnings) warnings->append(line);
  };
  if (!events.open(QIODevice::ReadOnly | QIODevice::Text)) {
    warn(QStringLiteral("%1: %2").arg(events.fileName(), events.errorString()));
    return out;
  }
  int lineNumber = 0;
  while (!events.atEnd()) {
    const QByteArray line = events.readLine().trimmed();
    ++lineNumber;
    if (line.isEmpty()) continue;
    QJsonParseError parseError;
    const QJsonObject o = QJsonDocument::fromJson(line, &parseError).object();
    QString problem;
    if (parseError.error != QJsonParseError::NoError) {
      problem = parseError.errorString();
    } else {
      try {
        out.push_back(BatchEvent::fromJson(o));
      } catch (const std::invalid_argument &error) {
        problem = QString::fromUtf8(error.what());
      }
    }
    if (!problem.isEmpty()) warn(QStringLiteral("%1:%2: %3").arg(events.fileName()).arg(lineNumber).arg(problem));
  }
  return out;
}

std::vector<EpochEvent> RunFolder::epochs() const {
  std::vector<EpochEvent> out;
  const QString path = metricsFile();
  if (!QFileInfo::exists(path)) return out;
  const QJsonArray epochs = readObject(path).value(QStringLiteral("epochs")).toArray();
  for (const QJsonValue &v : epochs) {
    try {
      out.push_back(EpochEvent::fromJson(v.toObject()));
    } catch (const std::invalid_argument &error) {
      corrupt(path, QString::fromUtf8(error.what()));
    }
  }
  // The flags the trainer's events carried: each epoch that became the kept one when it ended.
  // (An unreadable config.json is reported by config(); the curves still read, flagged by rsum.)
  SelectionRule rule = SelectionRule::Rsum;
  try {
    if (QFileInfo::exists(configFile())) rule = config().selection;
  } catch (const RunFolderError &) {
  }
  double best = 0;
  for (std::size_t k = 0; k < out.size(); ++k) {
    const double score = selectionScore(rule, out[k]);
    out[k].best = k == 0 || score > best;
    if (out[k].best) best = score;
  }
  return out;
}

int RunFolder::keptEpoch() const {
  if (QFileInfo::exists(metricsFile())) {
    const QJsonValue recorded = readObject(metricsFile()).value(QStringLiteral("best_epoch"));
    if (recorded.isDouble()) return recorded.toInt();
  }
  if (!QFileInfo::exists(configFile())) return gs::keptEpoch(SelectionRule::Rsum, epochs());
  const TrainConfig c = config();
  return gs::keptEpoch(c.selection, epochs(), c.firstSelectableEpoch());
}

}  // namespace gs
