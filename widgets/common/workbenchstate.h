#pragma once
// What the workbench's panels share: the open dataset, the current trained run (with its test split
// embedded once into the joint space) and the selected image and caption. Panels read it and
// listen to its signals; none of them talks to another directly, so each can be tested alone.

#include "analysis/jointspace.h"
#include "data/dataset.h"
#include "engine/enginebridge.h"
#include "common/runcolours.h"

#include <QHash>
#include <QObject>

#include <memory>

namespace gs {

class ScoreExplainer;

class WorkbenchState : public QObject {
  Q_OBJECT
public:
  explicit WorkbenchState(QObject *parent = nullptr);

  // The open dataset (null before one is loaded) and the path it was opened from (its source).
  std::shared_ptr<const Dataset> dataset() const { return m_dataset; }
  QString datasetPath() const { return m_dataset ? m_dataset->source : QString(); }
  void setDataset(std::shared_ptr<const Dataset> dataset);
  // Dataset image index of an image id (-1 when unknown): joins run data to the dataset.
  int imageIndexOf(const QString &id) const { return m_imageIndex.value(id, -1); }

  // The current run folder ("" when none) and its test split in the joint space (null until embedded).
  QString runDir() const { return m_runDir; }
  std::shared_ptr<const JointSpace> jointSpace() const { return m_jointSpace; }
  // Makes `runDir` current and embeds its test split as an engine job; jointSpaceChanged() follows
  // when it is ready (or runFailed() with the reason). An empty path clears the run.
  void openRun(EngineBridge &bridge, const QString &runDir);
  void setJointSpace(std::shared_ptr<const JointSpace> space); // tests, and runs embedded elsewhere

  // The current run's ScoreExplainer (inference/attribution.h), shared by the panels that
  // explain scores (Trees, Regions, the caption lab) so a run's data is prepared and held once: a
  // panel asks here before opening one and hands what it opened to shareExplainer. Null for a run
  // folder that is not the current one, or before any panel has opened it. ScoreExplainer
  // serialises its calls, so the panels' jobs may use the one object concurrently.
  std::shared_ptr<const ScoreExplainer> explainer(const QString &runDir) const;
  // Keeps `explainer` when `runDir` is still the current run and none is kept yet (emitting
  // explainerShared); changing the run drops it. Returns the one the panel should hold: the kept
  // one (another panel's, when it shared first), else `explainer` (a late job's, for a run since
  // closed, is not kept).
  std::shared_ptr<const ScoreExplainer> shareExplainer(const QString &runDir, std::shared_ptr<const ScoreExplainer> explainer);

  // Selection, as dataset indices (-1: none). Selecting the same item again emits nothing.
  int selectedImage() const { return m_selectedImage; }
  int selectedCaption() const { return m_selectedCaption; }
  void selectImage(int datasetImage);
  // Also selects the caption's image.
  void selectCaption(int datasetCaption);
  // A noun phrase of a caption (the caption's text and its word-token span [begin, end)): the Trees
  // panel's NP node and the Regions dock's phrase follow each other through it. begin < 0: none.
  struct Phrase {
    QString caption;
    int begin = -1, end = -1;
    bool operator==(const Phrase &o) const { return caption == o.caption && begin == o.begin && end == o.end; }
  };
  Phrase selectedPhrase() const { return m_selectedPhrase; }
  void selectPhrase(const QString &caption, int begin, int end);

  // Each run's colour, the same in every view (runcolours.h).
  RunColours &runColours() { return m_runColours; }

  // An epoch of a run picked on a training curve: the Map shows that epoch's recorded layout, the
  // Retrieval dock ranks the recorded sample with that epoch's vectors, the Training dock lists
  // every shown run's metrics at it. epoch 0: back to the run's kept model. Picking the same
  // (run, epoch) again emits nothing.
  void pickEpoch(const QString &runDir, int epoch);
  QString pickedEpochRun() const { return m_pickedRun; }
  int pickedEpoch() const { return m_pickedEpoch; }

  // A slice of the run's analysis picked in the Analysis dock ("length=13-16"): the Map selects
  // its captions and the Retrieval dock's image picker lists only their images. `captions` are the
  // slice's caption texts; an empty label and list clear it. Showing the same slice emits nothing.
  void showSlice(const QString &label, const QStringList &captions);
  QString sliceLabel() const { return m_sliceLabel; }
  QStringList sliceCaptions() const { return m_sliceCaptions; }

Q_SIGNALS:
  void datasetChanged();
  void runChanged(const QString &runDir);
  void jointSpaceChanged();
  void runFailed(const QString &runDir, const QString &error);
  // A panel opened the current run's explainer: panels still opening their own take this one.
  void explainerShared(const QString &runDir);
  void imageSelected(int datasetImage);
  void captionSelected(int datasetCaption);
  void phraseSelected(const QString &caption, int begin, int end);
  void epochPicked(const QString &runDir, int epoch);
  void sliceShown(const QString &label, const QStringList &captions);

private:
  std::shared_ptr<const Dataset> m_dataset;
  QHash<QString, int> m_imageIndex;
  QString m_runDir;
  std::shared_ptr<const JointSpace> m_jointSpace;
  std::shared_ptr<const ScoreExplainer> m_explainer; // of m_runDir
  int m_selectedImage = -1;
  int m_selectedCaption = -1;
  Phrase m_selectedPhrase;
  RunColours m_runColours;
  QString m_pickedRun;
  int m_pickedEpoch = 0;
  QString m_sliceLabel;
  QStringList m_sliceCaptions;
};

}  // namespace gs
