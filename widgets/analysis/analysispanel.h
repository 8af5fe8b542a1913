#pragma once
// The Analysis dock: where the current run's joint space fails, as `groundscope-cli analyze`
// prints it (core/analysis/runanalysis.h), computed as an engine job on Analyze. Tabs: the
// text→image or image→text slices worst first (small ones last, greyed), retrieval with bootstrap intervals, hubs with
// hub-reducing re-ranking, the modality gap and its trajectory, and plausible matches. Picking a
// slice shows it through WorkbenchState::showSlice, so the Map and the Retrieval dock narrow to it.

#include "analysis/runanalysis.h"
#include "common/backgroundjob.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;
class QTabWidget;

namespace gs {

class WorkbenchState;

class AnalysisPanel : public QWidget {
  Q_OBJECT
public:
  // bridge and state must outlive the panel.
  AnalysisPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);

  // Analyzes the current run's test split as an engine job; analyzed() or failed() follows.
  void analyze();
  void cancel();
  // The shown analysis (null before one finished, and after the run changed).
  const RunAnalysis *analysis() const { return m_analysis ? &*m_analysis : nullptr; }
  QTableWidget *slicesTable() const { return m_slices; }
  // Shows the slice of the table's row `row` (as selecting it does); -1 clears the slice.
  void showSliceRow(int row);
  QString statusText() const;

Q_SIGNALS:
  void analyzed();
  void failed(const QString &error);

private:
  QWidget *createSlicesTab();
  QWidget *createHubsTab();
  QWidget *createGapTab();
  void showAnalysis(RunAnalysis analysis);
  void fillSlices();
  QueryDirection sliceDirection() const;
  void fillRetrieval();
  void fillHubs();
  void fillGap();
  void fillPlausible();
  void onRunChanged();
  void clear(); // forgets the shown analysis, for the state's current run
  void updateControls();

  EngineBridge &m_bridge;
  WorkbenchState &m_state;
  BackgroundJob m_job;
  std::optional<RunAnalysis> m_analysis;
  QString m_shownRun; // the run whose analysis is shown or computed
  QPushButton *m_analyze = nullptr;
  QPushButton *m_cancel = nullptr;
  QPushButton *m_clearSlice = nullptr;
  QLabel *m_status = nullptr;
  QTabWidget *m_tabs = nullptr;
  QTableWidget *m_slices = nullptr;
  QComboBox *m_sliceDirection = nullptr;
  QTableWidget *m_retrieval = nullptr;
  QTableWidget *m_hubs = nullptr;
  QLabel *m_reranking = nullptr;
  QLabel *m_gap = nullptr;
  QTableWidget *m_gapEpochs = nullptr;
  QLabel *m_plausibleNote = nullptr;
  QTableWidget *m_plausible = nullptr;
};

}  // namespace gs
