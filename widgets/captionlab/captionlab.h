#pragma once
// The caption lab: the user types or edits a caption and sees, as they type, how the current run
// scores it against the selected image: the score, the image's rank among the test images, the
// five best images, and each part of the caption coloured by its contribution to the score (the
// tree the model composes, re-parsed, for tree models; a row of word chips for the others); for an
// HM-LSTM run the region each noun phrase picks on the image, for a concepts run the image's gate
// and top concepts (captionlab/labimageview.h). Every scored edit goes into a history table, so
// wordings can be compared; a double-click loads one again. A pairs file of `groundscope-cli
// contrast --export` opens in a table beside it; activating a pair scores both of its sentences.
//
// Typing restarts a short debounce; the run's ScoreExplainer (the WorkbenchState's, shared with the
// Trees and Regions docks, or opened here and shared) is opened, and each caption scored and
// explained, as interactive-lane engine jobs (common/backgroundjob.h): a newer edit cancels the job
// of an older one and drops its result, so only the latest caption's result is ever shown.

#include "common/backgroundjob.h"
#include "inference/contrastpairsfile.h"
#include "captionlab/labimageview.h"
#include "common/workbenchstate.h"
#include "inference/attribution.h"

#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QStackedWidget;

namespace gs {

class CaptionHistory;
class ColourLegend;
class ConstituencyTreeView;
class ContrastPairsView;
class DependencyArcView;
class ThumbnailLoader;
class WordChips;

class CaptionLab : public QWidget {
  Q_OBJECT
public:
  CaptionLab(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);
  ~CaptionLab() override;

  // Puts `caption` in the editor and scores it (what typing does, without the wait).
  void setCaption(const QString &caption);
  // The shown caption's contributions as CSV or JSON (by the suffix), or its figure as PNG, SVG or
  // PDF (figures/attributionfigure.h); "" or the error. What the two Export buttons write.
  QString exportContributions(const QString &path) const;
  QString exportFigure(const QString &path) const;
  // Reads a contrast pairs file (inference/contrastpairsfile.h) into the pairs table; "" or the
  // error, naming the file and line. What "Open contrast pairs…" does after its file dialog.
  QString openContrastPairs(const QString &path);
  // Selects the pair's image and scores its true caption, then its edit: two history rows side by
  // side. What activating a row of the pairs table does.
  void scorePair(const ContrastPairRecord &pair);
  // The run's ScoreExplainer the lab holds (the WorkbenchState's shared one; null until opened).
  std::shared_ptr<const ScoreExplainer> explainer() const { return m_explainer; }

Q_SIGNALS:
  void resultShown(); // a caption's score and parts are shown, or the message why not (not "opening…")

private:
  struct Outcome;
  struct OpenedRun;
  QWidget *createInputs();
  QWidget *createResults();
  void connectState();
  void onRunChanged();
  void openExplainer();
  void evaluate();
  // final: the answer for the caption as it stands (resultShown follows); else a passing status.
  void showMessage(const QString &message, bool final = true);
  void showOutcome(const Outcome &outcome);
  void showTopImages(const CaptionScore &score);
  void showParts(const SentenceAttribution &attribution);
  void startFromSelectedCaption();
  void updateMethodAvailability();
  void onThumbnail(int image, const QImage &thumbnail);
  // Chips: a chain model's words, a character model's characters.
  void showChips(const SentenceAttribution &attribution);
  QLayout *createExportRow(); // captionlabexport.cpp
  void exportContributionsClicked();
  void exportFigureClicked();
  QWidget *createPairsPane(); // captionlabpairs.cpp
  void openContrastPairsClicked();
  void scoreNextQueued();

  EngineBridge &m_bridge;
  WorkbenchState &m_state;
  BackgroundJob m_explainerJob; // opens the run's ScoreExplainer
  BackgroundJob m_scoreJob;     // scores and explains the caption being typed
  QTimer m_debounce;
  QString m_explainerRun;
  std::shared_ptr<const ScoreExplainer> m_explainer;
  bool m_explainerLoading = false;
  std::optional<SentenceAttribution> m_attribution; // the shown caption's, for the exports
  LabImageTools m_imageTools;                       // the run's grounder or concept inspector
  QStringList m_queued;                             // captions to score after the current one (a pair's edit)

  QLineEdit *m_edit;
  QPushButton *m_startFromSelected;
  QComboBox *m_method;
  QLabel *m_imageLabel;
  QLabel *m_message;
  QLabel *m_score;
  QListWidget *m_top;
  QStackedWidget *m_parts;
  DependencyArcView *m_dependency;
  ConstituencyTreeView *m_constituency;
  WordChips *m_chips;
  ColourLegend *m_legend;
  QPushButton *m_exportContributions;
  QPushButton *m_exportFigure;
  LabImageView *m_imageView;
  CaptionHistory *m_history;
  QPushButton *m_openPairs;
  ContrastPairsView *m_pairs;
  ThumbnailLoader *m_thumbnails;
};

}  // namespace gs
