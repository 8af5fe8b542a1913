#include "training/runs/runindex.h"

#include "io/atomicfile.h"
#include "io/enumnames.h"
#include "io/jsonfile.h"
#include "io/paths.h"
#include "training/runs/runfolder.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QStandardPaths>

#include <algorithm>
#include <map>

namespace gs {

template <>
const std::vector<EnumName<RunState>> &enumTable<RunState>() {
  static const std::vector<EnumName<RunState>> table = {{RunState::Finished, QStringLiteral("finished")},
                                                        {RunState::Stopped, QStringLiteral("stopped")},
                                                        {RunState::Prepared, QStringLiteral("prepared")},
                                                        {RunState::Broken, QStringLiteral("broken")}};
  return table;
}

namespace {

const QString kLabelsFile = QStringLiteral("labels.json");

QDateTime newest(const QDateTime &a, const QString &file) {
  const QFileInfo info(file);
  if (!info.exists()) return a;
  const QDateTime modified = info.lastModified();
  return a.isValid() && a > modified ? a : modified;
}

// Seeds are written as strings (uint64 does not fit a JSON double); older files hold numbers.
quint64 seedOf(const QJsonValue &value) {
  return value.isString() ? value.toString().toULongLong() : quint64(value.toDouble());
}

// The model, the data and every setting but the seed, hashed: runs over seeds share it.
QString groupKeyOf(const RunRecord &record) {
  QJsonObject settings = record.settings;
  settings.remove(QStringLiteral("seed"));
  settings.remove(QStringLiteral("record_sample"));
  const QJsonObject key{{QStringLiteral("settings"), settings},
                        {QStringLiteral("dataset"), record.datasetPath},
                        {QStringLiteral("backbone"), record.backbone}};
  return QString::fromLatin1(
      QCryptographicHash::hash(QJsonDocument(key).toJson(QJsonDocument::Compact), QCryptographicHash::Sha1).toHex().left(12));
}

// metrics.json: the epochs and the kept one. Throws RunFolderError naming the file.
void readEpochs(const RunFolder &folder, RunRecord &record) {
  const QString path = folder.metricsFile();
  if (!QFileInfo::exists(path)) return;
  QJsonObject json;
  try {
    json = readJsonObjectFile(path);
  } catch (const std::runtime_error &error) {
    throw RunFolderError(error.what());
  }
  const QJsonArray epochs = json.value(QStringLiteral("epochs")).toArray();
  for (int k = 0; k < epochs.size(); ++k) {
    try {
      record.epochs.push_back(EpochEvent::fromJson(epochs.at(k).toObject()));
    } catch (const std::invalid_argument &error) {
      throw RunFolderError(QStringLiteral("%1: epoch entry %2: %3").arg(path).arg(k + 1).arg(QString::fromUtf8(error.what())).toStdString());
    }
    record.wallSeconds += record.epochs.back().seconds;
  }
  record.keptEpoch = json.value(QStringLiteral("best_epoch")).toInt();
}

void readSource(const RunFolder &folder, RunRecord &record) {
  QJsonObject source;
  try {
    source = readJsonObjectFile(folder.sourceFile());
  } catch (const std::runtime_error &error) {
    throw RunFolderError(error.what());
  }
  record.datasetPath = source.value(QStringLiteral("dataset")).toString();
  record.dataset = QFileInfo(record.datasetPath).fileName();
  record.backbone = source.value(QStringLiteral("backbone")).toString();
}

void readConfig(const RunFolder &folder, RunRecord &record) {
  try {
    record.settings = readJsonObjectFile(folder.configFile());
  } catch (const std::runtime_error &error) {
    throw RunFolderError(error.what());
  }
  record.model = record.settings.value(QStringLiteral("model")).toString();
  record.seed = seedOf(record.settings.value(QStringLiteral("seed")));
  record.epochsPlanned = record.settings.value(QStringLiteral("epochs")).toInt();
}

// Everything but the labels; throws RunFolderError naming the file that failed.
void readRunFiles(const RunFolder &folder, RunRecord &record) {
  readConfig(folder, record);
  if (QFileInfo::exists(folder.sourceFile())) readSource(folder, record);
  readEpochs(folder, record);
  if (folder.isFinished()) {
    record.result = folder.result();
    record.hasResult = true;
    if (record.keptEpoch == 0) record.keptEpoch = record.result.bestEpoch;
  }
  record.state = record.hasResult ? RunState::Finished : record.epochs.empty() ? RunState::Prepared : RunState::Stopped;
}

// The run folders at `folder` and up to `depth` levels below it.
void collectRunDirs(const QString &folder, int depth, QStringList &dirs) {
  if (RunFolder(folder).isRun()) {
    dirs << folder;
    return;
  }
  if (depth == 0) return;
  const QDir dir(folder);
  for (const QString &child : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
    collectRunDirs(dir.filePath(child), depth - 1, dirs);
}

}  // namespace

RunLabels readRunLabels(const QString &runDir) {
  RunLabels labels;
  const QString file = QDir(runDir).filePath(kLabelsFile);
  if (!QFileInfo::exists(file)) return labels;
  const QJsonObject json = readJsonObjectFile(file);
  labels.name = json.value(QStringLiteral("name")).toString().trimmed();
  for (const QJsonValue &tag : json.value(QStringLiteral("tags")).toArray())
    if (!tag.toString().trimmed().isEmpty()) labels.tags << tag.toString().trimmed();
  return labels;
}

void writeRunLabels(const QString &runDir, const RunLabels &labels) {
  const QString file = QDir(runDir).filePath(kLabelsFile);
  if (labels.name.trimmed().isEmpty() && labels.tags.isEmpty()) {
    if (QFileInfo::exists(file) && !QFile::remove(file))
      throw std::runtime_error(QStringLiteral("%1: cannot remove the file").arg(file).toStdString());
    return;
  }
  QJsonObject json;
  if (!labels.name.trimmed().isEmpty()) json.insert(QStringLiteral("name"), labels.name.trimmed());
  json.insert(QStringLiteral("tags"), QJsonArray::fromStringList(labels.tags));
  writeFileAtomically(file, QJsonDocument(json).toJson(QJsonDocument::Indented));
}

bool readRunRecord(const QString &runDir, RunRecord &record) {
  const RunFolder folder(runDir);
  if (!QFileInfo::exists(folder.configFile())) return false;
  record = RunRecord{};
  const QFileInfo info(runDir);
  record.dir = info.canonicalFilePath().isEmpty() ? info.absoluteFilePath() : info.canonicalFilePath();
  record.folderName = info.fileName();
  record.name = record.folderName;
  try {
    readRunFiles(folder, record);
    const RunLabels labels = readRunLabels(runDir);
    if (!labels.name.isEmpty()) record.name = labels.name;
    record.tags = labels.tags;
  } catch (const std::runtime_error &error) {
    record.state = RunState::Broken;
    record.problem = QString::fromUtf8(error.what());
  }
  for (const QString &file : {folder.configFile(), folder.metricsFile(), folder.resultFile()})
    record.modified = newest(record.modified, file);
  record.groupKey = record.state == RunState::Broken ? record.dir : groupKeyOf(record);
  return true;
}

QStringList defaultRunFolders() {
  QStringList folders;
  const QString data = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
  if (!data.isEmpty()) folders << QDir(data).filePath(QStringLiteral("runs"));
  try {
    folders << userCacheDir(QStringLiteral("runs"));
  } catch (const std::exception &) {
    // No cache folder: nothing can have put runs there either.
  }
  return folders;
}

std::vector<RunRecord> indexRuns(const QStringList &folders, QStringList *warnings) {
  QStringList dirs;
  for (const QString &folder : folders) {
    if (!QFileInfo(folder).isDir()) {
      if (warnings) warnings->append(QStringLiteral("%1: not a folder").arg(folder));
      continue;
    }
    collectRunDirs(folder, 2, dirs);
  }
  std::vector<RunRecord> runs;
  QSet<QString> seen;
  for (const QString &dir : dirs) {
    RunRecord record;
    if (!readRunRecord(dir, record) || seen.contains(record.dir)) continue;
    seen.insert(record.dir);
    if (warnings && record.state == RunState::Broken) warnings->append(record.problem);
    runs.push_back(std::move(record));
  }
  std::stable_sort(runs.begin(), runs.end(),
                   [](const RunRecord &a, const RunRecord &b) { return a.folderName.localeAwareCompare(b.folderName) < 0; });
  return runs;
}

QStringList differingSettings(const std::vector<RunRecord> &runs) {
  std::map<QString, QSet<QString>> values; // key → the distinct values (JSON text; "" for absent)
  for (const RunRecord &run : runs)
    for (auto it = run.settings.begin(); it != run.settings.end(); ++it) values[it.key()];
  for (auto &[key, seen] : values)
    for (const RunRecord &run : runs) {
      const QJsonValue value = run.settings.value(key);
      seen.insert(value.isUndefined() ? QString() : QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)));
    }
  QStringList keys;
  for (const auto &[key, seen] : values)
    if (seen.size() > 1) keys << key;
  return keys;
}

bool moveRunToTrash(const QString &runDir, QString *error) {
  if (!RunFolder(runDir).isRun() && !QFileInfo::exists(RunFolder(runDir).configFile())) {
    if (error) *error = QStringLiteral("%1: not a run folder").arg(runDir);
    return false;
  }
  if (QFile::moveToTrash(runDir)) return true;
  if (error) *error = QStringLiteral("%1: could not be moved to the trash (this system may have none)").arg(runDir);
  return false;
}

}  // namespace gs
