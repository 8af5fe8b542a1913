#pragma once
// The Regions dock: what a model looked at. The selected image as large as the dock allows, with
// its selective-search proposals (numbered; pointing at one shows its feature norm and, with an
// HM-LSTM run, its score against the caption), the dataset's ground-truth phrase boxes (dashed, in
// each noun phrase's colour), and
//  - with an HM-LSTM run: the caption's noun phrases listed in colour (HM-LSTM Figs. 5 and 7), each
//    one's chosen region drawn with its score, learned and ground truth overlaid or side by side
//    with IoU and ✓/✗; clicking a phrase lists its top regions and selects its best; clicking a
//    region ranks the caption's phrases (or every phrase of the split) for it;
//  - with a concepts run: the image's top concepts as bars, each linked to the box that gave its
//    maximum (point at a bar, its box lights up), and the gate t of the fused representation (its
//    mean and a histogram over its dimensions).
// With any run open, the score of the shown caption against the image can be explained (an
// occlusion map or the parts' contributions, drawn over the photo).
//
// The dock is a thin container over views that each own their state and their engine job:
// RegionRun (the run's model), RegionScene (the shown image and what the run says about it),
// RegionOptionsBar (display options, persisted), RegionAttributionView (the image attribution),
// PhraseList and RegionRankingView (phrases, their regions, phrases ranked for a region),
// GoldBoxesView (a gold set's accuracy), ConceptsView (concept bars and gate) and RegionExport (the
// figure and correspondences). The panel wires them to each other and to the WorkbenchState, which
// shares the selected noun phrase with the Trees panel. Its jobs run on the engine's interactive
// lane (one thread, so the run's model is never used by two of them at once): the Jobs tab lists
// them and can cancel them, and the window never waits.

#include "common/workbenchstate.h"
#include "figures/regionfigure.h"
#include "inference/attribution.h"
#include "inference/conceptinspection.h"
#include "inference/regiongrounding.h"
#include "regions/regionrun.h"
#include "shared/regionimageview.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QLabel;

namespace gs {

class ConceptsView;
class GoldBoxesView;
class PhraseList;
class RegionAttributionView;
class RegionExport;
class RegionOptionsBar;
class RegionRankingView;
class RegionScene;
struct GoldGrounding;

class RegionPanel : public QWidget {
  Q_OBJECT
public:
  using RunKind = RegionRunKind;

  // Destroying the panel cancels its jobs without waiting for them.
  RegionPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);

  RunKind runKind() const;
  bool isBusy() const;
  QString imageId() const;
  QString caption() const;
  // The shown caption's noun phrases: grounded by the run, or the dataset's ground truth without one.
  const std::vector<GroundedPhrase> &phrases() const;
  int selectedPhrase() const;
  int selectedRegion() const; // region number (1…), -1 none
  const std::optional<ConceptInspection> &concepts() const;
  const std::vector<RankedPhrase> &rankedPhrases() const;
  // The run's ScoreExplainer this panel holds (the WorkbenchState's shared one; null until opened).
  std::shared_ptr<const ScoreExplainer> explainer() const;

  // What clicking does: a phrase (its row in phrases()) selects its best region and shares the
  // phrase with the Trees panel; a region (1…) ranks phrases for it (rankingShown() follows).
  void selectPhrase(int index);
  void selectRegion(int region);
  void highlightConcept(int index); // -1: none

  // Exports the figure as shown (options included): PNG at size × devicePixelRatio, SVG/PDF in
  // points; an empty size is the figure's natural size. Returns "" or the error.
  QString exportFigure(const QString &path, QSize size = {}, qreal devicePixelRatio = 1.0);
  // Why the dock does not show what a Regions figure is for — a region run's learned boxes, at
  // least one of them right by IoU (or a concepts run's concept boxes) — or "" when it does. The
  // screenshot tour writes its Regions showcase only then.
  QString showcaseProblem() const;
  // Writes the correspondences of the shown image's captions (every noun phrase's best region) as
  // .csv/.json; returns "" or the error. exportSplitData does the whole test split as an engine
  // job; dataExported() follows.
  QString exportImageData(const QString &path);
  void exportSplitData(const QString &path);
  // Scores the run's choices against a gold phrase-box file as an engine job (goldScored()
  // follows); afterwards the captions it covers draw its boxes as their ground truth.
  void loadGold(const QString &path);
  const std::shared_ptr<const GoldGrounding> &gold() const;
  QString goldSummary() const;

Q_SIGNALS:
  void runReady();     // the run's model is open (or could not be: see the note)
  void imageShown();   // the figure of the current image and caption is drawn with its data
  void rankingShown(); // phrases ranked for the selected region
  void dataExported(const QString &path, const QString &error);
  void contributionsShown(); // an image attribution is drawn over the photo, or the note says why not
  void goldScored();         // a gold set was scored (gold()), or the label says why not

private:
  void buildUi(EngineBridge &bridge);
  QWidget *createSidePane(EngineBridge &bridge, QWidget *parent);
  void connectState();
  void connectViews();
  void connectPicking();
  void onRunChanged();
  void onRunOpened();
  void onDatasetChanged();
  void onPhraseSelected(const QString &caption, int begin, int end);
  void scheduleRefresh();
  void refresh();
  void onImageScored();
  void rebuildFigure();
  void fillConcepts();
  void onBoxClicked(int kind, int index);
  QStringList noteLines() const;
  void updateNote();

  WorkbenchState &m_state;
  RegionRun *m_run;
  RegionScene *m_scene;
  RegionOptionsBar *m_options;
  RegionAttributionView *m_attribution;
  QLabel *m_note;
  RegionImageView *m_view;
  PhraseList *m_phraseList;
  GoldBoxesView *m_gold;
  RegionRankingView *m_ranking;
  ConceptsView *m_concepts;
  RegionExport *m_export;
  bool m_refreshPending = false;
  WorkbenchState::Phrase m_pendingPhrase; // selected elsewhere before this caption's phrases arrived
  int m_clippedReported = -1;
};

}  // namespace gs
