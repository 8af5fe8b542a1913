#pragma once
// The Runs view's table (runindex.h's records): one row per run, or with seeds grouped one row per
// group of runs that differ only in their seed (seedgroups.h). Columns: the name (with the run's
// colour, runcolours.h), model, dataset, every setting whose value differs between the runs, every
// metric (runtablemetrics.h), epochs done/planned, wall time, state and tags. Each metric column
// shows the value the user chose for it (the test figure, or the best, last, lowest or highest
// validation value); its header says which ("rsum (best)"). A group's metric cell is its mean ±
// standard deviation over the group's runs. SortRole gives each cell as a number where the column
// is numeric, so RunSortFilterModel sorts numerically.

#include "training/runs/runfilter.h"
#include "training/runs/runindex.h"
#include "training/runs/runtablemetrics.h"
#include "training/runs/seedgroups.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace gs {

class RunColours;

class RunTableModel : public QAbstractTableModel {
  Q_OBJECT
public:
  // A cell as a double where the column is numeric, else its text; invalid where the row has none.
  static constexpr int SortRole = Qt::UserRole + 1;
  // The folders of a row's runs (QStringList; one entry per run of a group).
  static constexpr int RunDirsRole = Qt::UserRole + 2;

  enum class ColumnKind { Name, Model, Dataset, Setting, Metric, Epochs, WallTime, State, Tags };
  struct Column {
    ColumnKind kind = ColumnKind::Name;
    QString setting;                    // Setting: config.json's key
    RunMetric metric = RunMetric::Rsum; // Metric
  };

  explicit RunTableModel(RunColours &colours, QObject *parent = nullptr);

  // The runs shown; the setting columns follow the settings that differ between them.
  void setRuns(std::vector<RunRecord> runs);
  const std::vector<RunRecord> &runs() const { return m_runs; }
  // The run with this folder, or null.
  const RunRecord *runByDir(const QString &dir) const;
  // A run's labels changed on disk (writeRunLabels): its name and tags cells follow.
  void setLabels(const QString &dir, const RunLabels &labels);
  // A run's colour changed: its swatch is drawn again.
  void colourChanged(const QString &dir);

  // One row per group of seeds (true), or per run. Grouping takes the runs `filter` matches, so a
  // group's figures are over the runs shown.
  void setGroupSeeds(bool grouped, const RunFilter &filter = {});
  bool groupSeeds() const { return m_grouped; }
  // The runs of a row, as indexes into runs().
  const std::vector<int> &runsOfRow(int row) const { return m_rows[std::size_t(row)]; }
  // The row of a run's folder (its group's row when grouped), or -1.
  int rowOfDir(const QString &dir) const;

  const std::vector<Column> &columns() const { return m_columns; }
  int columnOf(ColumnKind kind, const QString &setting = {}) const;
  int metricColumn(RunMetric metric) const;
  // Which value a metric column shows (Best until chosen); the choice is kept per metric, so it
  // survives a refresh.
  MetricValue metricValueOf(RunMetric metric) const;
  void setMetricValue(RunMetric metric, MetricValue which);
  // The filter field that reads a column (best.rsum, margin, model …), for the header's tooltip.
  QString filterField(int column) const;

  // How the table writes a number: one decimal from 1000 up, else four significant digits.
  static QString formatNumber(double value);
  static QString valueName(MetricValue which); // "best", translated
  static QString stateName(RunState state);    // "finished", translated

  int rowCount(const QModelIndex &parent = {}) const override;
  int columnCount(const QModelIndex &parent = {}) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
  void rebuildColumns();
  void rebuildRows();
  QString headerText(const Column &column) const;
  // One run's cell (runtablecells.cpp).
  QString runText(const Column &column, const RunRecord &run) const;
  QVariant runSortValue(const Column &column, const RunRecord &run) const;
  // A group's cell: the shared value, the metric's mean ± std, the seeds listed.
  QString groupText(const Column &column, int row) const;
  const std::optional<SampleSummary> &groupSummary(const Column &column, int row) const;
  QVariant groupSortValue(const Column &column, int row) const;
  QVariant decoration(int row) const;
  QString toolTip(const Column &column, int row) const;

  RunColours &m_colours;
  std::vector<RunRecord> m_runs;
  QHash<QString, int> m_indexOfDir;
  std::vector<Column> m_columns;
  std::vector<std::vector<int>> m_rows; // each row's runs
  std::vector<QString> m_groupLabels;   // each row's label when grouped
  // Each (row, metric column) of a group asked for so far: the bootstrap interval costs O(n·2000).
  mutable std::map<std::pair<int, int>, std::optional<SampleSummary>> m_groupSummaries;
  bool m_grouped = false;
  RunFilter m_groupFilter;
  std::map<RunMetric, MetricValue> m_values;
};

}  // namespace gs
