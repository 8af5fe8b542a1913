#pragma once
// The Retrieval dock's "A | B" tab: one query ranked by two runs over the same test split, side by
// side. Run A is the current run (its kept model); run B is chosen here ("Compare with run…") and
// its test split embedded off the GUI thread; a run whose test split holds other images is refused.
// Each list is headed by its run's name and colour (runcolours.h) and its true partner's rank;
// each row shows its rank in the other run; selecting a row selects the same item in the other
// list; "moved most first" orders both by |rank A − rank B|. A row's context menu opens the
// caption's trees for A and B (shared/treepair.h). The export writes both lists as one CSV.
//
// Opening run B (embedding its test split) is a job on the engine's interactive lane, the rankings
// are jobs on its query lane (retrievalpanel.h): each shows in the Jobs tab and can be cancelled.

#include "common/backgroundjob.h"
#include "retrieval/rankcomparison.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTreeView;

namespace gs {

class ComparedListModel;
class JointSpace;
class ScoreExplainer;
class TreePair;
class WorkbenchState;

class RetrievalCompareView : public QWidget {
  Q_OBJECT
public:
  RetrievalCompareView(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);

  // Run A: the current run's test split (null: none). A run B whose split differs is dropped.
  void setSpaceA(std::shared_ptr<const JointSpace> space);
  // Embeds run B's test split as an engine job; runBOpened() or compareFailed() follows.
  void openRunB(const QString &runDir);
  // Run B already embedded (tests): checked against A's split as openRunB checks it.
  bool setSpaceB(std::shared_ptr<const JointSpace> space);
  bool hasRunB() const { return m_spaceB != nullptr; }

  // Queries; compared() follows when both lists are shown.
  void rankImages(const QString &sentence);
  void rankCaptions(int imageRow); // an image row of run A's split

  std::shared_ptr<const RankComparison> comparison() const { return m_comparison; }
  ComparedListModel *model(int side) const { return m_columns[side].model; }
  QTreeView *view(int side) const { return m_columns[side].view; }
  void setMovedMostFirst(bool on);
  QString headerText(int side) const; // the run's name and its true partner's rank
  QString statusText() const;
  // The context menu's "Trees for A and B" for a view row of `side`; null when the row has none.
  TreePair *openTrees(int side, int viewRow);
  bool exportCsv(const QString &path, int topK, QString *error = nullptr) const;
  void chooseExport(int topK); // asks for a file

Q_SIGNALS:
  void runBOpened();
  void compared();
  void compareFailed(const QString &error);

private:
  struct Column {
    QLabel *swatch = nullptr;
    QLabel *name = nullptr;
    QLabel *rank = nullptr;
    QTreeView *view = nullptr;
    ComparedListModel *model = nullptr;
  };
  QWidget *createColumn(int side);
  QLayout *createQueryRows();
  void chooseRunB();
  void showComparison(std::shared_ptr<const RankComparison> comparison);
  void fail(const QString &error);
  void updateHeaders();
  void onCurrentChanged(int side, int viewRow); // the other list follows
  void showContextMenu(int side, const QPoint &pos);
  QString runName(int side) const;

  EngineBridge &m_bridge;
  WorkbenchState &m_state;
  BackgroundJob m_openJob; // interactive lane: run B's test split embedded
  BackgroundJob m_rankJob; // query lane: one query ranked by both runs
  std::shared_ptr<const JointSpace> m_spaceA, m_spaceB;
  std::shared_ptr<const ScoreExplainer> m_explainerB; // kept from the last trees window
  std::shared_ptr<const RankComparison> m_comparison;
  // A ranking, or run B's embedding, that finishes after a newer one was asked for is dropped.
  int m_rankGeneration = 0;
  int m_openGeneration = 0;
  bool m_linking = false;
  QPushButton *m_chooseB = nullptr;
  QLabel *m_status = nullptr;
  QLineEdit *m_sentence = nullptr;
  QComboBox *m_imageCombo = nullptr;
  QComboBox *m_sort = nullptr;
  Column m_columns[2];
};

}  // namespace gs
