#include "training/runs/runexport.h"

#include "io/csvfield.h"
#include "training/runs/runcurves.h"
#include "training/runs/runfolder.h"
#include "training/runs/runtablemetrics.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gs {

namespace {

struct Curve {
  QString key;
  std::vector<double> x, value;
};

// The run's curves: the loss by iteration (events.jsonl), the training loss and every validation
// metric by epoch (metrics.json, already in the record).
std::vector<Curve> curvesOf(const RunRecord &run, QStringList *warnings) {
  std::vector<Curve> curves;
  Curve loss{QStringLiteral("loss"), {}, {}};
  if (run.state != RunState::Broken) {
    try {
      for (const BatchEvent &batch : RunFolder(run.dir).batches(warnings)) {
        while (!loss.x.empty() && double(batch.iteration) <= loss.x.back()) { // a resumed run's repeats
          loss.x.pop_back();
          loss.value.pop_back();
        }
        loss.x.push_back(double(batch.iteration));
        loss.value.push_back(batch.loss);
      }
    } catch (const RunFolderError &error) {
      if (warnings) warnings->append(QString::fromUtf8(error.what()));
    }
  }
  if (!loss.x.empty()) curves.push_back(std::move(loss));
  for (RunMetric metric : allRunMetrics()) {
    Curve curve{metric == RunMetric::TrainLoss ? enumName(metric) : QStringLiteral("val.") + enumName(metric), {}, {}};
    for (const EpochEvent &epoch : run.epochs)
      if (const std::optional<double> value = epochMetric(epoch, metric)) {
        curve.x.push_back(epoch.epoch);
        curve.value.push_back(*value);
      }
    if (!curve.x.empty()) curves.push_back(std::move(curve));
  }
  return curves;
}

QString number(double value) { return QString::number(value, 'g', 10); }

QString settingText(const QJsonValue &value) {
  if (value.isDouble()) return number(value.toDouble());
  if (value.isBool()) return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
  if (value.isString()) return value.toString();
  return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

class CsvWriter {
public:
  explicit CsvWriter(const RunRecord &run) {
    for (const QString &field : {run.dir, run.name, run.model, run.dataset, run.groupKey, QString::number(run.seed)})
      m_prefix += csvField(field) + ',';
  }
  void row(QByteArray &out, const QString &kind, const QString &key, const QString &x, const QString &value,
           const QString &smoothed) const {
    out += m_prefix + csvField(kind) + ',' + csvField(key) + ',' + csvField(x) + ',' + csvField(value) + ',' + csvField(smoothed) +
           "\r\n";
  }

private:
  QByteArray m_prefix;
};

void writeRunCsv(QByteArray &out, const RunRecord &run, const RunExportOptions &options, QStringList *warnings) {
  const CsvWriter writer(run);
  for (auto it = run.settings.begin(); it != run.settings.end(); ++it)
    writer.row(out, QStringLiteral("setting"), it.key(), {}, settingText(it.value()), {});
  for (const EnumName<MetricValue> &which : enumTable<MetricValue>())
    for (RunMetric metric : allRunMetrics())
      if (const std::optional<double> value = metricValue(run, metric, which.value))
        writer.row(out, QStringLiteral("metric"), which.name + QLatin1Char('.') + enumName(metric), {}, number(*value), {});
  if (!options.curves) return;
  for (const Curve &curve : curvesOf(run, warnings)) {
    const std::vector<double> smoothed = timeWeightedSmoothing(curve.x, curve.value, options.smoothing);
    for (std::size_t k = 0; k < curve.x.size(); ++k)
      writer.row(out, QStringLiteral("curve"), curve.key, number(curve.x[k]), number(curve.value[k]), number(smoothed[k]));
  }
}

QJsonArray arrayOf(const std::vector<double> &values) {
  QJsonArray array;
  for (double v : values) array.append(v);
  return array;
}

QJsonObject metricsJson(const RunRecord &run) {
  QJsonObject metrics;
  for (const EnumName<MetricValue> &which : enumTable<MetricValue>()) {
    QJsonObject values;
    for (RunMetric metric : allRunMetrics())
      if (const std::optional<double> value = metricValue(run, metric, which.value)) values.insert(enumName(metric), *value);
    if (!values.isEmpty()) metrics.insert(which.name, values);
  }
  return metrics;
}

QJsonObject runJson(const RunRecord &run, const RunExportOptions &options, QStringList *warnings) {
  QJsonObject json{{QStringLiteral("dir"), run.dir},           {QStringLiteral("name"), run.name},
                   {QStringLiteral("model"), run.model},       {QStringLiteral("dataset"), run.dataset},
                   {QStringLiteral("group"), run.groupKey},    {QStringLiteral("seed"), QString::number(run.seed)},
                   {QStringLiteral("tags"), QJsonArray::fromStringList(run.tags)},
                   {QStringLiteral("state"), enumName(run.state)}, {QStringLiteral("settings"), run.settings},
                   {QStringLiteral("metrics"), metricsJson(run)}};
  if (!run.problem.isEmpty()) json.insert(QStringLiteral("problem"), run.problem);
  if (!options.curves) return json;
  QJsonObject curves;
  for (const Curve &curve : curvesOf(run, warnings))
    curves.insert(curve.key, QJsonObject{{QStringLiteral("x"), arrayOf(curve.x)},
                                         {QStringLiteral("value"), arrayOf(curve.value)},
                                         {QStringLiteral("smoothed"), arrayOf(timeWeightedSmoothing(curve.x, curve.value, options.smoothing))}});
  json.insert(QStringLiteral("curves"), curves);
  return json;
}

}  // namespace

QByteArray runsToCsv(const std::vector<RunRecord> &runs, const RunExportOptions &options, QStringList *warnings) {
  QByteArray out = "run,name,model,dataset,group,seed,kind,key,x,value,smoothed\r\n";
  for (const RunRecord &run : runs) writeRunCsv(out, run, options, warnings);
  return out;
}

QByteArray runsToJson(const std::vector<RunRecord> &runs, const RunExportOptions &options, QStringList *warnings) {
  QJsonArray list;
  for (const RunRecord &run : runs) list.append(runJson(run, options, warnings));
  return QJsonDocument(QJsonObject{{QStringLiteral("runs"), list}}).toJson(QJsonDocument::Indented);
}

}  // namespace gs
