#pragma once
// The Retrieval panel: the current run's test split in its joint space, queried both ways.
// Type a sentence → the split's images ranked for it, with thumbnails; when the sentence is one of
// the split's captions, the rank of its own image is shown and highlighted. Pick an image (here,
// or in any other panel) → the split's captions ranked for it, those describing it marked ✓.
// Selecting a result selects that image or caption in the workbench. The top K of a list export
// as CSV, JSON or a standalone HTML page.
//
// Two more views of the run (retrievalsource.h, retrievalcompare.h):
//  - an epoch picked on a training curve (WorkbenchState::epochPicked) turns both query tabs to
//    the run's recorded sample ranked with that epoch's vectors, under a banner that leads back to
//    the kept model (retrievalpanelepoch.cpp);
//  - the "A | B" tab ranks one query with the current run and a second run side by side.
//
// Rankings are queries answered on each Enter or image pick from the joint space already open: jobs
// on the engine's query lane (JobLane::Query), so they never wait behind a map's layout on the
// interactive lane (minutes for a large t-SNE), show in the Jobs tab and can be cancelled there. The
// lane's single thread keeps the run's model from encoding two sentences at once. Reading a picked
// epoch's vectors and opening the second run of the "A | B" tab are interactive-lane jobs.

#include "analysis/vectorindex.h"
#include "common/backgroundjob.h"
#include "figures/rankedlisthtml.h"

#include <QHash>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QModelIndex;
class QSpinBox;
class QStackedWidget;
class QTabWidget;

namespace gs {

class EpochSpace;
class JointSpace;
class RankedListModel;
class RetrievalCompareView;
class RetrievalSource;
class WorkbenchState;

class RetrievalPanel : public QWidget {
  Q_OBJECT
public:
  RetrievalPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);
  ~RetrievalPanel() override;

  // Queries, as typing + Enter and picking an image do (tests call them). Both return at once;
  // imagesRanked() / captionsRanked() follow when the result is shown.
  void rankImages(const QString &sentence);
  void rankCaptions(int imageRow); // an image row of what the tabs show (the split, or an epoch's sample)

  // The top `topK` of a shown list as an export would write it.
  RankedList exportedList(RankedList::Kind kind, int topK) const;
  bool exportList(RankedList::Kind kind, const QString &path, int topK, QString *error = nullptr) const;

  QString imageRankingText() const;   // e.g. "True image ranks 3 of 100"
  QString captionRankingText() const; // e.g. "Best caption of this image ranks 1 of 500"
  QString hintText() const;
  bool hasSpace() const { return m_space != nullptr; }
  QLineEdit *sentenceEdit() const { return m_sentence; }
  // The epoch whose recorded sample the query tabs rank (0: the kept model) and its banner's text.
  int shownEpoch() const;
  QString epochBannerText() const;
  RetrievalCompareView *compareView() const { return m_compare; }
  // The image ids the image picker lists: all the split's, or a shown slice's captions' images.
  QStringList pickerImageIds() const;
  QString sliceNoteText() const;

Q_SIGNALS:
  void imagesRanked();
  void captionsRanked();
  void rankingFailed(const QString &error);
  void epochShown(int epoch); // the tabs now rank at `epoch` (0: the kept model again)

private:
  QWidget *createImagesTab();
  QWidget *createCaptionsTab();
  QString indexNote(IndexKind kind) const; // appended to a ranking's line when its side is approximate
  void onJointSpaceChanged();
  // What the query tabs rank: the kept model's split, an epoch's sample, or nothing (the hint).
  void setSource(std::shared_ptr<const RetrievalSource> source);
  void updateCompleter();
  // Epoch mode (retrievalpanelepoch.cpp).
  QWidget *createEpochBanner();
  void onEpochPicked(const QString &runDir, int epoch);
  void showEpoch(const QString &runDir, std::shared_ptr<const EpochSpace> epoch);
  void leaveEpoch();
  void updateEpochBanner();
  void onImageSelected(int datasetImage);
  void onCaptionSelected(int datasetCaption);
  void onImageResultChosen(const QModelIndex &index);
  void onCaptionResultChosen(const QModelIndex &index);
  void chooseExport();
  int datasetCaptionOf(int captionRow) const; // -1 when the open dataset has no such caption
  void loadComboIcons();
  QWidget *createSliceNote();
  void applySlice(); // hides the picker's images outside the state's slice

  WorkbenchState &m_state;
  std::shared_ptr<const JointSpace> m_space; // the current run's kept model
  std::shared_ptr<const RetrievalSource> m_source;      // what the query tabs rank
  std::shared_ptr<const RetrievalSource> m_epochSource; // an epoch's sample, while one is shown
  EngineBridge &m_bridge;
  BackgroundJob m_imageRankingJob;   // query lane: the images ranked for the typed sentence
  BackgroundJob m_captionRankingJob; // query lane: the captions ranked for the picked image
  BackgroundJob m_epochJob;          // interactive lane: a picked epoch's recorded sample
  QLabel *m_hint = nullptr;
  QStackedWidget *m_stack = nullptr;
  QTabWidget *m_tabs = nullptr;
  QLineEdit *m_sentence = nullptr;
  QLabel *m_imageRanking = nullptr;
  QListView *m_imageView = nullptr;
  RankedListModel *m_imageModel = nullptr;
  QComboBox *m_imageCombo = nullptr;
  QLabel *m_captionRanking = nullptr;
  QListView *m_captionView = nullptr;
  RankedListModel *m_captionModel = nullptr;
  QSpinBox *m_topK = nullptr;
  RetrievalCompareView *m_compare = nullptr;
  QWidget *m_epochBanner = nullptr;
  QLabel *m_epochLabel = nullptr;
  QWidget *m_sliceNote = nullptr;
  QLabel *m_sliceLabel = nullptr;
  int m_epochGeneration = 0; // an epoch that opens after a newer pick is dropped
  // Generations: a ranking that finishes after a newer one was asked for is dropped.
  int m_imageGeneration = 0;
  int m_captionGeneration = 0;
  QObject *m_iconLoader = nullptr; // the combo's thumbnails, loading (deleted when the space changes)
  bool m_selecting = false; // our own selection echoes back from the state: ignore it
};

}  // namespace gs
