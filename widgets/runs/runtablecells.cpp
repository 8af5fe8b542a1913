// The run table's cells: one run's, and a group's made from its runs'.
#include "runs/runtablemodel.h"

#include "training/runs/runcurves.h"

#include <QJsonDocument>
#include <QJsonValue>

#include <cmath>

namespace gs {

namespace {

QString settingText(const QJsonValue &value) {
  switch (value.type()) {
  case QJsonValue::Double: return RunTableModel::formatNumber(value.toDouble());
  case QJsonValue::Bool: return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
  case QJsonValue::String: return value.toString();
  case QJsonValue::Array: return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
  case QJsonValue::Object: return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
  default: return {};
  }
}

QVariant settingSortValue(const QJsonValue &value) {
  switch (value.type()) {
  case QJsonValue::Double: return value.toDouble();
  case QJsonValue::Bool: return value.toBool() ? 1.0 : 0.0;
  case QJsonValue::Undefined:
  case QJsonValue::Null: return {};
  case QJsonValue::String: {
    // Seeds are written as strings (a 64-bit seed does not fit a JSON number): still numbers to sort.
    bool ok = false;
    const double number = value.toString().toDouble(&ok);
    return ok ? QVariant(number) : QVariant(value.toString());
  }
  default: return settingText(value);
  }
}

// A group's figure with as many decimals as its size calls for (a loss of 0.012 keeps its digits).
int decimalsFor(double value) {
  const double magnitude = std::abs(value);
  return magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
}

}  // namespace

QString RunTableModel::runText(const Column &column, const RunRecord &run) const {
  switch (column.kind) {
  case ColumnKind::Name: return run.name;
  case ColumnKind::Model: return run.model;
  case ColumnKind::Dataset: return run.dataset;
  case ColumnKind::Setting: return settingText(run.settings.value(column.setting));
  case ColumnKind::Metric: {
    const std::optional<double> value = metricValue(run, column.metric, metricValueOf(column.metric));
    return value ? formatNumber(*value) : QString();
  }
  case ColumnKind::Epochs: return QStringLiteral("%1/%2").arg(run.epochsDone()).arg(run.epochsPlanned);
  case ColumnKind::WallTime: return run.wallSeconds > 0 ? RateEstimator::formatDuration(run.wallSeconds) : QString();
  case ColumnKind::State: return stateName(run.state);
  case ColumnKind::Tags: return run.tags.join(QStringLiteral(", "));
  }
  return {};
}

QVariant RunTableModel::runSortValue(const Column &column, const RunRecord &run) const {
  switch (column.kind) {
  case ColumnKind::Setting: return settingSortValue(run.settings.value(column.setting));
  case ColumnKind::Metric: {
    const std::optional<double> value = metricValue(run, column.metric, metricValueOf(column.metric));
    return value ? QVariant(*value) : QVariant();
  }
  case ColumnKind::Epochs: return double(run.epochsDone());
  case ColumnKind::WallTime: return run.wallSeconds;
  case ColumnKind::State: return double(int(run.state));
  default: {
    const QString text = runText(column, run);
    return text.isEmpty() ? QVariant() : QVariant(text);
  }
  }
}

const std::optional<SampleSummary> &RunTableModel::groupSummary(const Column &column, int row) const {
  const int metricIndex = int(column.metric);
  const auto key = std::make_pair(row, metricIndex);
  auto it = m_groupSummaries.find(key);
  if (it == m_groupSummaries.end()) {
    RunGroup group;
    group.runs = m_rows[std::size_t(row)];
    it = m_groupSummaries.emplace(key, groupMetric(m_runs, group, column.metric, metricValueOf(column.metric))).first;
  }
  return it->second;
}

// A metric: mean ± std over the group's runs; the time: the mean; anything else: the value the
// runs share, or their different values listed (the seeds).
QString RunTableModel::groupText(const Column &column, int row) const {
  const std::vector<int> &runs = m_rows[std::size_t(row)];
  if (column.kind == ColumnKind::Name) return tr("%1 (n=%2)").arg(m_groupLabels[std::size_t(row)]).arg(runs.size());
  if (column.kind == ColumnKind::Metric) {
    const std::optional<SampleSummary> &summary = groupSummary(column, row);
    return summary ? summary->text(decimalsFor(summary->mean)) : QString();
  }
  if (column.kind == ColumnKind::WallTime) {
    const double seconds = groupSortValue(column, row).toDouble();
    return seconds > 0 ? RateEstimator::formatDuration(seconds) : QString();
  }
  QStringList values;
  for (int i : runs) {
    const QString text = runText(column, m_runs[std::size_t(i)]);
    if (!values.contains(text)) values << text;
  }
  return values.join(QStringLiteral(", "));
}

QVariant RunTableModel::groupSortValue(const Column &column, int row) const {
  const std::vector<int> &runs = m_rows[std::size_t(row)];
  if (column.kind == ColumnKind::Name) return m_groupLabels[std::size_t(row)];
  if (column.kind == ColumnKind::Metric) {
    const std::optional<SampleSummary> &summary = groupSummary(column, row);
    return summary ? QVariant(summary->mean) : QVariant();
  }
  if (column.kind == ColumnKind::WallTime) {
    double sum = 0;
    for (int i : runs) sum += m_runs[std::size_t(i)].wallSeconds;
    return sum / double(runs.size());
  }
  return runSortValue(column, m_runs[std::size_t(runs.front())]);
}

}  // namespace gs
