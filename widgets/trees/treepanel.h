#pragma once
// The Trees panel: the selected caption's dependency tree (arcs over the words) and constituency
// tree, parsed off the GUI thread. With a tree-model run open (CT-RNN, DT-RNN, SDT-RNN, DT-LSTM)
// the tree the model composes is coloured by a per-node quantity (activation norm, one hidden
// unit, or similarity to the selected image); pointing at a node shows its vector (and the
// DT-LSTM's gates), clicking it ranks the test images against the phrase's joint-space vector.
// The figure (both trees and the legend) exports as PNG/SVG/PDF.
//
// With any run open, the trees can also be coloured by each part's contribution to the score of
// the caption against its image (inference/attribution.h: occlusion, gradient × input,
// integrated gradients), on a diverging scale centred at 0; the contributions export as CSV or
// JSON. The run's ScoreExplainer is opened, and each attribution computed, as interactive-lane
// jobs (treepanelcontributions.cpp).
//
// Opening the run's tree model (a TreeInspector) and inspecting a caption with it are jobs on the
// engine's interactive lane: the Jobs tab lists them and can cancel them, and the lane's one thread
// keeps the inspector's own parser on one thread. Parsing the selected caption for the trees shown
// without a model is a job on the query lane (common/captionparsejob.h), so this parse, which every
// caption selection asks for, never waits behind a map's layout on the interactive lane.

#include "common/backgroundjob.h"
#include "common/captionparsejob.h"
#include "common/viewexport.h"
#include "parse/parsedcaption.h"
#include "inference/attribution.h"
#include "inference/treeinspection.h"
#include "common/workbenchstate.h"

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QLayout;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QSpinBox;

namespace gs {

class ColourLegend;
class ConstituencyTreeView;
class DependencyArcView;
class NodeDetailsView;
class ThumbnailLoader;
class TreeViewBase;

class TreePanel : public QWidget {
  Q_OBJECT
public:
  enum Colouring { ByNorm, ByUnit, BySimilarity, ByContribution }; // the colour combo's rows

  TreePanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);
  ~TreePanel() override; // cancels its engine jobs without waiting

  // Parses `text` and shows its trees (what selecting a caption does; also for typed sentences).
  void showCaption(const QString &text);
  QString caption() const { return m_caption; }
  // Shows a tree model's inspection of the current caption, as the run's TreeInspector delivers
  // it (tests use hand-made ones; the panel calls it when an inspection arrives).
  void setInspectedTree(const InspectedTree &tree);
  bool hasInspection() const { return m_inspected.has_value(); }
  const InspectedTree *inspection() const { return m_inspected ? &*m_inspected : nullptr; }
  // The view showing the inspected tree (null without an inspection).
  TreeViewBase *inspectedView() const { return m_inspectedView; }

  // Selects a node of the inspected tree as a click on it does (details, nearest images, its
  // phrase's regions); false without an inspection or for a node it does not have.
  bool selectNode(int node);

  // Writes the figure (both trees and the legend); size as exportFigure takes it.
  FigureExportResult exportTrees(const QString &path, QSize size = {});
  // The run's ScoreExplainer this panel holds (the WorkbenchState's shared one; null until opened).
  std::shared_ptr<const ScoreExplainer> explainer() const { return m_explainer; }

Q_SIGNALS:
  void treesShown();    // the parser's trees of the current caption are drawn
  void inspectionShown(); // a model's inspection is drawn and coloured
  void contributionsShown(); // the trees are coloured by a new attribution (or its failure is noted)

private:
  // The constructor's parts.
  QLayout *createToolBar();
  QWidget *createFigure();
  QWidget *createSidePane();
  void connectControls();
  void connectState();
  void onCaptionSelected(int caption);
  void showText(const QString &text, int image);
  void clearInspection();
  void onRunChanged();
  void onInspectorOpened(const std::shared_ptr<const TreeInspector> &inspector, const QString &error);
  void requestInspection();
  void onParsed(const ParsedCaption *parse, const QString &error); // parse null: error says why
  void applyColouring();
  void updateNote();
  void updateSimilarityAvailability();
  void onNodeHovered(TreeViewBase *view, int node);
  void onNodeClicked(TreeViewBase *view, int node);
  void showNearest(int node);
  void followSelectedPhrase(); // the workbench's selected noun phrase → its node, when this caption has it
  void onNearestThumbnail(int image, const QImage &thumbnail);
  void exportClicked();
  // Contribution colouring (treepanelcontributions.cpp).
  QLayout *createContributionControls();
  void resetAttribution();
  void openExplainer();
  void onExplainerShared(const QString &runDir);
  void requestAttribution();
  void applyContributionColouring();
  void exportContributionsClicked();
  int explainedImage() const; // the dataset image whose score is explained (-1: none)

  EngineBridge &m_bridge;
  WorkbenchState &m_state;
  BackgroundJob m_inspectorJob; // builds the run's TreeInspector
  BackgroundJob m_inspectJob;   // the inspector's tree of the shown caption

  QString m_caption;
  int m_imageIndex = -1; // dataset image of the shown caption, -1 for typed text
  QString m_parseError;
  std::optional<ParsedCaption> m_parsed; // the parser's trees of the shown caption
  QString m_inspectorRun;
  std::shared_ptr<const TreeInspector> m_inspector;
  bool m_inspectorLoading = false;
  QString m_inspectorError;
  std::optional<InspectedTree> m_inspected;
  TreeViewBase *m_inspectedView = nullptr;
  int m_clickedNode = -1;

  BackgroundJob m_explainerJob;   // opens the run's ScoreExplainer
  BackgroundJob m_attributionJob; // the shown caption's attribution
  CaptionParseJob m_parseJob;     // the parser's trees of the shown caption (query lane)
  QString m_explainerRun;
  std::shared_ptr<const ScoreExplainer> m_explainer;
  bool m_explainerLoading = false;
  QString m_attributionError;
  std::optional<SentenceAttribution> m_attribution;

  QComboBox *m_colourBy;
  QSpinBox *m_unit;
  QPushButton *m_export;
  QComboBox *m_method;
  QPushButton *m_exportContributions;
  QLabel *m_note;
  QLabel *m_title;
  QWidget *m_figure;
  DependencyArcView *m_dependency;
  ConstituencyTreeView *m_constituency;
  QLabel *m_dependencyHeading;
  QLabel *m_constituencyHeading;
  ColourLegend *m_legend;
  NodeDetailsView *m_details;
  QListWidget *m_nearest;
  ThumbnailLoader *m_thumbnails;
};

}  // namespace gs
