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
// The selected noun phrase is shared with the Trees panel through the WorkbenchState. Opening a
// run's model, scoring an image's regions and ranking phrases for a region are jobs on the engine's
// interactive lane (one thread, so the model is never used by two of them at once): the Jobs tab
// lists them and can cancel them, and the window never waits. Display
// options persist (QSettings group "regions"); the figure exports as PNG/SVG/PDF and the
// correspondences as CSV/JSON (one image, or the whole test split as an engine job).
// With any run open, the score of the shown caption against the image can be explained
// (regionpanelattribution.cpp): "Occlusion map" greys out a grid of cells one at a time and runs
// the run's backbone again (an engine job with progress), "Part contributions" takes away each
// HM-LSTM region or concept; each cell or box is filled by its Δscore on the diverging scale
// centred at 0, translucent over the photo, and the values export as CSV/JSON.

#include "regions/regionimageview.h"
#include "training/inspect/attribution.h"
#include "training/inspect/conceptinspection.h"
#include "training/inspect/regiongrounding.h"
#include "common/backgroundjob.h"
#include "common/workbenchstate.h"

#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLayout;
class QListWidget;
class QPushButton;
class QSlider;
class QSpinBox;

namespace gs {

class ColourLegend;
class ConceptBars;
class GateHistogram;
struct GoldGrounding;

class RegionPanel : public QWidget {
  Q_OBJECT
public:
  enum class RunKind { None, Phrases, Concepts, NoRegions };

  // Destroying the panel cancels its jobs without waiting for them.
  RegionPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);

  RunKind runKind() const { return m_kind; }
  bool isBusy() const { return m_loadingRun || m_working; }
  QString imageId() const { return m_imageId; }
  QString caption() const { return m_caption; }
  // The shown caption's noun phrases: grounded by the run, or the dataset's ground truth without one.
  const std::vector<GroundedPhrase> &phrases() const { return m_phrases; }
  int selectedPhrase() const { return m_selectedPhrase; }
  int selectedRegion() const { return m_selectedRegion; } // region number (1…), -1 none
  const std::optional<ConceptInspection> &concepts() const { return m_concepts; }
  const std::vector<RankedPhrase> &rankedPhrases() const { return m_rankedPhrases; }
  // The run's ScoreExplainer this panel holds (the WorkbenchState's shared one; null until opened).
  std::shared_ptr<const ScoreExplainer> explainer() const { return m_explainer; }

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
  const std::shared_ptr<const GoldGrounding> &gold() const { return m_gold; }
  QString goldSummary() const;

Q_SIGNALS:
  void runReady();     // the run's model is open (or could not be: see the note)
  void imageShown();   // the figure of the current image and caption is drawn with its data
  void rankingShown(); // phrases ranked for the selected region
  void dataExported(const QString &path, const QString &error);
  void contributionsShown(); // an image attribution is drawn over the photo, or the note says why not
  void goldScored();         // a gold set was scored (gold()), or the label says why not

private:
  struct RunOutcome;
  struct ImageOutcome;
  void buildUi();
  void createOptionControls();
  QLayout *arrangeOptionRows();
  QWidget *createSidePane(QWidget *parent);
  QWidget *createConceptsBox(QWidget *parent);
  void connectOptions();
  void connectPicking();
  void restoreOptions();
  void saveOptions();
  void onRunChanged();
  void onRunOpened(const RunOutcome &outcome);
  void onImageSelected(int image);
  void onCaptionSelected(int caption);
  void onPhraseSelected(const QString &caption, int begin, int end);
  void scheduleRefresh();
  void refresh();
  static ImageOutcome workImage(const QString &path, QSize size, const QString &id, const QString &caption,
                                const std::vector<GroundedPhrase> &truth, const std::shared_ptr<const RegionGrounder> &grounder,
                                const std::shared_ptr<const ConceptInspector> &inspector,
                                const std::shared_ptr<const GoldGrounding> &gold);
  void onImageWorked(const ImageOutcome &outcome);
  void showRankedPhrases(int region, bool all, const std::vector<RankedPhrase> &phrases);
  void rebuildFigure();
  void fillPhraseList();
  void fillRankedRegions();
  void fillConcepts();
  int conceptColourOffset() const;
  void updateNote();
  QString toolTipOf(const FigureBox &box) const;
  void onBoxClicked(int kind, int index);
  void exportFigureClicked();
  void exportDataClicked();
  // Image attribution (regionpanelattribution.cpp).
  struct AttributionOutcome;
  QLayout *createAttributionRow();
  void startImageAttribution(bool grid);
  void onImageAttribution(const AttributionOutcome &outcome);
  void addAttributionHeat(RegionFigure &figure) const;
  bool attributionIsCurrent() const;
  void exportContributionsClicked();
  // The gold set (regionpanelgold.cpp).
  QLayout *createPhraseHeading(QWidget *side);
  QLabel *createGoldLabel(QWidget *side);
  void openGoldClicked();
  void showGoldText(const QString &text);

  EngineBridge &m_bridge;
  WorkbenchState &m_state;
  BackgroundJob m_runJob;   // opens the run's model
  BackgroundJob m_imageJob; // the shown image's figure, regions and phrases
  BackgroundJob m_rankJob;  // phrases ranked for a clicked region
  BackgroundJob m_attributionJob; // an occlusion map or the parts' contributions
  BackgroundJob m_goldJob;        // a gold set scored against the run
  std::shared_ptr<const GoldGrounding> m_gold;
  QString m_goldPath;
  QString m_explainerRun;
  std::shared_ptr<const ScoreExplainer> m_explainer; // the WorkbenchState's, or opened by the first attribution of a run
  std::optional<ImageAttribution> m_imageAttribution;
  QString m_attributionMessage;
  QString m_attributionCaption; // the caption shown when m_attributionMessage was last valid
  bool m_refreshPending = false;

  QString m_run;
  RunKind m_kind = RunKind::None;
  QString m_runModel, m_runError;
  bool m_loadingRun = false, m_working = false, m_runSeen = false;
  std::shared_ptr<const RegionGrounder> m_grounder;
  std::shared_ptr<const ConceptInspector> m_inspector;

  int m_image = -1;       // dataset index of the shown image
  QString m_imageId, m_caption, m_imageError;
  RegionFigure m_base;    // the photo alone
  std::vector<Box> m_proposals;
  std::vector<ImageRegion> m_regionInfo; // with an HM-LSTM run: norms and caption scores
  std::vector<GroundedPhrase> m_phrases;
  std::optional<ConceptInspection> m_concepts;
  std::vector<RankedPhrase> m_rankedPhrases;
  int m_selectedPhrase = -1, m_selectedRegion = -1, m_highlightedConcept = -1;
  bool m_regionClicked = false; // the selected region was clicked (drawn in gold), not a phrase's best
  WorkbenchState::Phrase m_pendingPhrase; // selected elsewhere before this caption's phrases arrived
  int m_clippedReported = -1;

  RegionImageView *m_view;
  QLabel *m_note;
  QCheckBox *m_showProposals, *m_showTruth, *m_showLearned, *m_allPhrases;
  QComboBox *m_layout;
  QSpinBox *m_topK, *m_labelSize;
  QDoubleSpinBox *m_threshold;
  QSlider *m_opacity;
  QPushButton *m_exportFigure, *m_exportData;
  QListWidget *m_phraseList, *m_rankedList;
  QLabel *m_rankedHeading;
  QWidget *m_conceptsBox;
  ConceptBars *m_conceptBars;
  QLabel *m_gateLabel;
  GateHistogram *m_gate;
  QPushButton *m_occlusionMap, *m_partContributions, *m_exportContributions;
  ColourLegend *m_heatLegend;
  QPushButton *m_goldButton;
  QLabel *m_goldLabel;
};

}  // namespace gs
