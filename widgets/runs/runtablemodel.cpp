#include "runs/runtablemodel.h"

#include "common/runcolours.h"
#include "io/enumnames.h"

#include <QIcon>

#include <algorithm>
#include <cmath>

namespace gs {

RunTableModel::RunTableModel(RunColours &colours, QObject *parent) : QAbstractTableModel(parent), m_colours(colours) {}

void RunTableModel::setRuns(std::vector<RunRecord> runs) {
  beginResetModel();
  m_runs = std::move(runs);
  m_indexOfDir.clear();
  for (std::size_t i = 0; i < m_runs.size(); ++i) m_indexOfDir.insert(m_runs[i].dir, int(i));
  rebuildColumns();
  rebuildRows();
  endResetModel();
}

const RunRecord *RunTableModel::runByDir(const QString &dir) const {
  const auto it = m_indexOfDir.constFind(dir);
  return it == m_indexOfDir.constEnd() ? nullptr : &m_runs[std::size_t(*it)];
}

void RunTableModel::setLabels(const QString &dir, const RunLabels &labels) {
  const auto it = m_indexOfDir.constFind(dir);
  if (it == m_indexOfDir.constEnd()) return;
  RunRecord &run = m_runs[std::size_t(*it)];
  run.name = labels.name.isEmpty() ? run.folderName : labels.name;
  run.tags = labels.tags;
  const int row = rowOfDir(dir);
  if (row >= 0) Q_EMIT dataChanged(index(row, 0), index(row, columnCount() - 1));
}

void RunTableModel::colourChanged(const QString &dir) {
  const int row = rowOfDir(dir);
  if (row >= 0) Q_EMIT dataChanged(index(row, 0), index(row, 0), {Qt::DecorationRole});
}

void RunTableModel::setGroupSeeds(bool grouped, const RunFilter &filter) {
  beginResetModel();
  m_grouped = grouped;
  m_groupFilter = filter;
  rebuildRows();
  endResetModel();
}

int RunTableModel::rowOfDir(const QString &dir) const {
  const auto it = m_indexOfDir.constFind(dir);
  if (it == m_indexOfDir.constEnd()) return -1;
  for (std::size_t row = 0; row < m_rows.size(); ++row)
    if (std::find(m_rows[row].begin(), m_rows[row].end(), *it) != m_rows[row].end()) return int(row);
  return -1;
}

// The fixed columns around the settings that differ and the metrics.
void RunTableModel::rebuildColumns() {
  m_columns.clear();
  m_columns.push_back({ColumnKind::Name, {}, {}});
  m_columns.push_back({ColumnKind::Model, {}, {}});
  m_columns.push_back({ColumnKind::Dataset, {}, {}});
  for (const QString &key : differingSettings(m_runs)) {
    if (key == QLatin1String("model")) continue; // its own column
    m_columns.push_back({ColumnKind::Setting, key, {}});
  }
  for (RunMetric metric : allRunMetrics()) m_columns.push_back({ColumnKind::Metric, {}, metric});
  for (ColumnKind kind : {ColumnKind::Epochs, ColumnKind::WallTime, ColumnKind::State, ColumnKind::Tags})
    m_columns.push_back({kind, {}, {}});
}

// One row per run, or per group of the runs the group filter matches.
void RunTableModel::rebuildRows() {
  m_rows.clear();
  m_groupLabels.clear();
  m_groupSummaries.clear();
  if (!m_grouped) {
    for (std::size_t i = 0; i < m_runs.size(); ++i) m_rows.push_back({int(i)});
    return;
  }
  std::vector<int> matching;
  std::vector<RunRecord> shown;
  for (std::size_t i = 0; i < m_runs.size(); ++i)
    if (m_groupFilter.matches(m_runs[i])) {
      matching.push_back(int(i));
      shown.push_back(m_runs[i]);
    }
  for (const RunGroup &group : groupRuns(shown)) {
    std::vector<int> row;
    for (int k : group.runs) row.push_back(matching[std::size_t(k)]);
    m_rows.push_back(row);
    m_groupLabels.push_back(group.label);
  }
}

int RunTableModel::columnOf(ColumnKind kind, const QString &setting) const {
  for (std::size_t c = 0; c < m_columns.size(); ++c)
    if (m_columns[c].kind == kind && (kind != ColumnKind::Setting || m_columns[c].setting == setting)) return int(c);
  return -1;
}

int RunTableModel::metricColumn(RunMetric metric) const {
  for (std::size_t c = 0; c < m_columns.size(); ++c)
    if (m_columns[c].kind == ColumnKind::Metric && m_columns[c].metric == metric) return int(c);
  return -1;
}

MetricValue RunTableModel::metricValueOf(RunMetric metric) const {
  const auto it = m_values.find(metric);
  return it == m_values.end() ? MetricValue::Best : it->second;
}

void RunTableModel::setMetricValue(RunMetric metric, MetricValue which) {
  if (metricValueOf(metric) == which) return;
  m_values[metric] = which;
  m_groupSummaries.clear();
  const int column = metricColumn(metric);
  if (column < 0) return;
  Q_EMIT headerDataChanged(Qt::Horizontal, column, column);
  if (rowCount() > 0) Q_EMIT dataChanged(index(0, column), index(rowCount() - 1, column));
}

QString RunTableModel::filterField(int column) const {
  if (column < 0 || column >= columnCount()) return {};
  const Column &c = m_columns[std::size_t(column)];
  switch (c.kind) {
  case ColumnKind::Name: return QStringLiteral("name");
  case ColumnKind::Model: return QStringLiteral("model");
  case ColumnKind::Dataset: return QStringLiteral("dataset");
  case ColumnKind::Setting: return c.setting;
  case ColumnKind::Metric: return enumName(metricValueOf(c.metric)) + QLatin1Char('.') + enumName(c.metric);
  case ColumnKind::Epochs: return QStringLiteral("epochs");
  case ColumnKind::WallTime: return QStringLiteral("seconds");
  case ColumnKind::State: return QStringLiteral("state");
  case ColumnKind::Tags: return QStringLiteral("tag");
  }
  return {};
}

QString RunTableModel::formatNumber(double value) {
  return std::abs(value) >= 1000 ? QString::number(value, 'f', 1) : QString::number(value, 'g', 4);
}

QString RunTableModel::valueName(MetricValue which) {
  switch (which) {
  case MetricValue::Test: return tr("test");
  case MetricValue::Best: return tr("best");
  case MetricValue::Last: return tr("last");
  case MetricValue::Min: return tr("min");
  case MetricValue::Max: return tr("max");
  }
  return {};
}

QString RunTableModel::stateName(RunState state) {
  switch (state) {
  case RunState::Finished: return tr("finished");
  case RunState::Stopped: return tr("stopped");
  case RunState::Prepared: return tr("prepared");
  case RunState::Broken: return tr("broken");
  }
  return {};
}

int RunTableModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int RunTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_columns.size()); }

QVariant RunTableModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
  const Column &column = m_columns[std::size_t(index.column())];
  const std::vector<int> &runs = m_rows[std::size_t(index.row())];
  const bool single = !m_grouped;
  switch (role) {
  case Qt::DisplayRole: return single ? runText(column, m_runs[std::size_t(runs.front())]) : groupText(column, index.row());
  case SortRole: return single ? runSortValue(column, m_runs[std::size_t(runs.front())]) : groupSortValue(column, index.row());
  case Qt::DecorationRole: return column.kind == ColumnKind::Name ? decoration(index.row()) : QVariant();
  case Qt::ToolTipRole: return toolTip(column, index.row());
  case Qt::TextAlignmentRole: {
    const bool numeric = column.kind == ColumnKind::Metric || column.kind == ColumnKind::Epochs || column.kind == ColumnKind::WallTime;
    return QVariant::fromValue(Qt::Alignment((numeric ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
  }
  case RunDirsRole: {
    QStringList dirs;
    for (int i : runs) dirs << m_runs[std::size_t(i)].dir;
    return dirs;
  }
  default: return {};
  }
}

QVariant RunTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
    return QAbstractTableModel::headerData(section, orientation, role);
  const Column &column = m_columns[std::size_t(section)];
  if (role == Qt::DisplayRole) return headerText(column);
  if (role == Qt::ToolTipRole) {
    QString tip = tr("Filter field: %1").arg(filterField(section));
    if (column.kind == ColumnKind::Metric)
      tip += QLatin1Char('\n') + tr("Right-click to show the test, best, last, lowest or highest value");
    return tip;
  }
  return {};
}

QString RunTableModel::headerText(const Column &column) const {
  switch (column.kind) {
  case ColumnKind::Name: return m_grouped ? tr("group") : tr("name");
  case ColumnKind::Model: return tr("model");
  case ColumnKind::Dataset: return tr("dataset");
  case ColumnKind::Setting: return column.setting;
  case ColumnKind::Metric: return QStringLiteral("%1 (%2)").arg(metricLabel(column.metric), valueName(metricValueOf(column.metric)));
  case ColumnKind::Epochs: return tr("epochs");
  case ColumnKind::WallTime: return tr("time");
  case ColumnKind::State: return tr("state");
  case ColumnKind::Tags: return tr("tags");
  }
  return {};
}

QVariant RunTableModel::decoration(int row) const {
  return RunColours::swatch(m_colours.colourOf(m_runs[std::size_t(m_rows[std::size_t(row)].front())].dir));
}

QString RunTableModel::toolTip(const Column &column, int row) const {
  const std::vector<int> &runs = m_rows[std::size_t(row)];
  const RunRecord &first = m_runs[std::size_t(runs.front())];
  if (column.kind == ColumnKind::Name) {
    QStringList dirs;
    for (int i : runs) dirs << m_runs[std::size_t(i)].dir;
    return dirs.join(QLatin1Char('\n'));
  }
  if (column.kind == ColumnKind::State && first.state == RunState::Broken) return first.problem;
  if (column.kind == ColumnKind::Metric && m_grouped) return groupText(column, row);
  if (column.kind == ColumnKind::Metric && metricValueOf(column.metric) == MetricValue::Test)
    if (const std::optional<Interval> interval = testInterval(first, column.metric))
      return tr("95 % bootstrap interval over the test queries: [%1, %2]").arg(interval->low, 0, 'f', 1).arg(interval->high, 0, 'f', 1);
  return {};
}

}  // namespace gs
