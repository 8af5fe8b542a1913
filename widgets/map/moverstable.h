#pragma once
// The Map's "Movers" table: the items of a run's recorded sample (runtrajectory.h) whose
// neighbourhood in the joint space changed most between two of its epochs, or between this run and
// another that recorded the same sample (neighbourhoodMovers, epochspace.h). Each row shows the item
// (a thumbnail for an image, the text for a caption), how much its k nearest items of the other
// modality changed (0–1), and its partner's rank at A and at B. Selecting rows emits their sample
// items, which the Map rings.
//
// The computation reads two epoch files from disk and ranks a sample of at most a few hundred items
// (tens of milliseconds) as an engine job on the interactive lane, which the Jobs tab lists and can
// cancel; a newer choice of epochs drops the answer to an older one.

#include "common/backgroundjob.h"
#include "data/dataset.h"
#include "training/runs/epochspace.h"

#include <QHash>
#include <QImage>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QTableWidget;
class QToolButton;

namespace gs {

class MoversTable : public QWidget {
  Q_OBJECT
public:
  // bridge must outlive the table.
  explicit MoversTable(EngineBridge &bridge, QWidget *parent = nullptr);

  // The run whose recorded epochs are compared ("" or a run without a trajectory: none). The
  // choosers start at its first and last recorded epochs; the table follows at once.
  void setRun(const QString &runDir);
  QString runDir() const { return m_runDir; }
  // Where the thumbnails' image files are (joined by image id).
  void setDataset(std::shared_ptr<const Dataset> dataset) { m_dataset = std::move(dataset); }
  // Space B from another run that recorded the same sample ("vs run…"): its epochs in B's chooser,
  // the last one chosen. "" goes back to this run's epochs. The table follows.
  void setOtherRun(const QString &runDir);
  QString otherRunDir() const { return m_otherDir; }
  // Chooses epoch A (of this run) and epoch B (of this run or the other) and computes.
  void setEpochs(int epochA, int epochB);
  int epochA() const;
  int epochB() const;

  // The last result: every item of the sample, most moved first (the table lists the first rows).
  const std::vector<Mover> &movers() const { return m_movers; }
  const TrajectorySample &sample() const { return m_sample; }
  QTableWidget *table() const { return m_table; }
  QString statusText() const;

Q_SIGNALS:
  void moversShown(bool ok); // after each computation (ok false: the status line says why)
  // The selected rows' items in the sample's order (images 0 … imageCount-1, then the captions).
  void itemsPicked(const std::vector<int> &sampleItems);

private:
  struct Result {
    TrajectorySample sample;
    std::vector<Mover> movers;
    QHash<int, QImage> thumbnails; // by image row
    QString error;
  };
  static Result computeMovers(const QString &dirA, int epochA, const QString &dirB, int epochB,
                              const std::shared_ptr<const Dataset> &dataset);
  void fillChooser(QComboBox *chooser, const QString &runDir, bool last);
  void compute();
  void showResult(const Result &result);
  void emitSelection();

  QComboBox *m_epochA, *m_epochB;
  QToolButton *m_versus;
  QLabel *m_status;
  QTableWidget *m_table;
  QString m_runDir, m_otherDir;
  std::shared_ptr<const Dataset> m_dataset;
  std::vector<Mover> m_movers;
  TrajectorySample m_sample;
  BackgroundJob m_job; // compares the two epochs
};

}  // namespace gs
