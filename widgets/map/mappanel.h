#pragma once
// The Map panel: a 2-D map of the current run's images and captions in the joint space — t-SNE,
// UMAP or PCA — with images ○ and captions × in two colours, hover text, a rubber band and a lasso
// that list the items they hold, a click that selects the item in the WorkbenchState, and figure
// export. It is a thin container over the map's model (MapModel) and view (MapView) and the
// sub-views that act on them, each with its own state and jobs:
//   SplitChooser        which split is mapped (another one embedded as a job)
//   MapLayoutControls   the layout method, its settings and the layout job (live while it runs)
//   MapDisplayControls  colour, size, search, lines, thumbnails, cluster labels
//   MapSelection        the selected items listed, and the WorkbenchState's selection both ways
//   NeighbourList       the clicked item's nearest neighbours in the joint space
//   MapEpochReplay      the replay of a run's recorded epochs, the epoch slider, the Movers table
//   MapComparison       a second run's map beside this one, selections linked
// The panel wires them to each other and to the WorkbenchState's run.
//
// Gathering a space's items (with each item's partner rank: every image scored against every
// caption, seconds at a 5,000-image split), layouts, embedding another split, loading thumbnails and
// the movers are jobs on the engine's
// interactive lane; the neighbour search and the cluster labels read data already in memory and
// run on its query lane, so they answer in milliseconds while a layout holds the interactive lane
// (a t-SNE of a large split can hold it for minutes). The Jobs tab lists every one.

#include "analysis/layoutsequence.h"
#include "analysis/mapmodel.h"
#include "analysis/tsne.h"
#include "analysis/umap.h"
#include "common/viewexport.h"
#include "data/dataset.h"
#include "engine/job.h"
#include "map/mapcomparison.h"
#include "map/mapdisplaycontrols.h"
#include "map/mapepochreplay.h"
#include "map/mapselection.h"
#include "map/mapview.h"
#include "map/neighbourlist.h"
#include "map/splitchooser.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QLayout;
class QPushButton;
class QSpinBox;
class QSplitter;

namespace gs {

class ComparedMap;
class EngineBridge;
class JointSpace;
class MapLayoutControls;
class MoversTable;
class WorkbenchState;

class MapPanel : public QWidget {
  Q_OBJECT
public:
  // bridge and state must outlive the panel. Destroying it cancels its jobs without waiting (a job
  // may sit behind a long one in the engine's queue); their late results find it gone.
  MapPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);

  const MapModel &model() const { return m_model; }
  // Items (images, then captions) ringed as the last activated item's nearest neighbours.
  const std::vector<int> &neighbourItems() const { return m_view->neighbours(); }
  QString statusText() const;

  // New items (what the state's joint space brings; tests call it directly). Clears the layout.
  void setData(MapData data);
  // Shows a layout: itemCount × 2 positions.
  void setPositions(std::vector<float> xy, bool rescale = true);

  // Starts the layout job with the panel's controls, or t-SNE or UMAP with explicit options. Returns
  // the job id (0 when there is nothing to lay out, the status line says why; 0 too while the
  // items are still being prepared: the layout then starts once they are, in place of PCA).
  JobId compute(LayoutMethod method);
  JobId computeTsne(const TsneOptions &options);
  JobId computeUmap(const UmapOptions &options);
  void cancel(); // the layout or epoch replay under way
  bool isComputing() const;

  // Colour by a key of availableColourings (resets the legend filter); false when the data cannot.
  bool setColouring(const QString &key) { return m_display->setColouring(key); }
  // Size by a key of availableSizings ("" for one size); false when the data cannot.
  bool setSizing(const QString &key) { return m_display->setSizing(key); }
  // Hides or shows a category of the colouring, as a click on its legend entry does.
  void toggleCategory(int category) { m_display->toggleCategory(category); }
  // The search box: captions matching words or /regex/ are ringed; returns their items (empty and
  // the status line says why for an invalid expression).
  std::vector<int> search(const QString &query) { return m_display->search(query); }
  // Cluster summaries on or off: when on, the layout's clusters at three resolutions are computed
  // off the GUI thread (again after each layout and legend filter) and labelled; clustersShown follows.
  void setClusterLabelsVisible(bool visible) { m_display->setClusterLabelsVisible(visible); }
  // Maps another split of the current run (embedded off the GUI thread, then laid out by PCA);
  // splitShown follows, or the status line says why not.
  void showSplit(Split split) { m_splits->choose(split); }
  // Every image of the run's data with its captions (colour by split tells them apart).
  void showAllSplits() { m_splits->choose(std::nullopt); }

  // Epoch replay: lays out the run's recorded epochs (runtrajectory.h) with `method` and the panel's
  // settings, each epoch's map started from the previous one's, off the GUI thread; then the map
  // shows the recorded sample and the epoch slider steps through the layouts (replayShown follows).
  // Returns the job id, 0 when the run recorded no epochs (the status line says so).
  JobId replayEpochs(LayoutMethod method);
  bool canReplay() const { return m_replay->canReplay(); } // the current run recorded epochs
  const std::vector<int> &replayEpochNumbers() const { return m_replay->epochNumbers(); }
  const std::vector<std::vector<float>> &replayLayouts() const { return m_replay->layouts(); }
  void showEpoch(int index) { m_replay->showEpoch(index); }        // draws replayLayouts()[index], as the slider does
  int shownEpochIndex() const { return m_replay->shownIndex(); } // -1 outside a replay

  // The Movers table beside the map (the Movers button): the items of the run's recorded sample
  // whose neighbourhood changed most between two epochs; selecting rows rings them on the map.
  void showMovers(bool visible) { m_replay->showMovers(visible); }
  MoversTable *moversTable() const { return m_replay->moversTable(); }

  // A second run's map of the same split beside this one (ComparedMap): laid out with this map's
  // method, from this map's layout when the items are the same, after each layout here; selections
  // on either map are ringed on the other. comparisonShown follows each of its layouts. Each map's
  // heading then has a swatch of its run's colour (WorkbenchState::runColours).
  void compareWith(const QString &runDir) { m_comparison->compareWith(runDir); }
  void closeComparison() { m_comparison->close(); }
  ComparedMap *comparedMap() const { return m_comparison->comparedMap(); }

  void selectInRect(const QRectF &coords) { m_selection->select(m_model.itemsInRect(coords)); } // as the rubber band does
  void activateItem(int item);             // as a click does: the WorkbenchState selection, and its neighbours
  // Lists and rings the item's k nearest images and captions by the run's own score (computed off
  // the GUI thread from the state's joint space); neighboursShown follows.
  void showNeighbours(int item, int k = 10) { m_neighbours->showNeighbours(m_splits->space(), item, k); }
  void setLinesVisible(bool visible) { m_display->setLinesVisible(visible); }
  // Loads the thumbnails off the GUI thread on first use.
  void setThumbnailsVisible(bool visible) { m_display->setThumbnailsVisible(visible); }
  FigureExportResult exportTo(const QString &path, QSize size = {});

Q_SIGNALS:
  void layoutUpdated(int iteration, double kl); // after new positions were drawn (live or final)
  void computeFinished(bool ok, const QString &message);
  void thumbnailsLoaded(int count);
  void neighboursShown(int item);
  void clustersShown(int levels);
  void splitShown(int split); // a Split, or -1 for all splits
  void replayShown(int epochs);
  void comparisonShown(bool ok, const QString &message);
  void epochShown(int epoch);

private:
  void createWidgets(EngineBridge &bridge);
  QLayout *arrangeRunControls();
  void arrangeWidgets();
  void connectSubViews();
  void connectViewAndState();
  void onJointSpaceChanged();
  void showSpace(const std::shared_ptr<const JointSpace> &space);
  JobId computeLayout(const LayoutSequenceOptions &options);
  void applyUpdate(int iteration, double kl, const std::vector<float> &xy, bool final);
  void drawEpoch(const std::vector<float> &xy, const QRectF &frame);
  void finishLayout(bool ok, const QString &message); // a layout or replay ended: the status, clusters, the compared map
  void exportWithDialog();
  void setStatus(const QString &text);
  void updateControls();

  WorkbenchState &m_state;
  BackgroundJob m_dataJob; // a space's items, partner ranks and metadata, gathered off the GUI thread
  std::optional<LayoutSequenceOptions> m_askedLayout; // asked for while m_dataJob ran: started when it delivers
  MapModel m_model;
  MapView *m_view;
  MapSelection *m_selection;
  QSplitter *m_splitter;
  SplitChooser *m_splits;
  MapLayoutControls *m_layout;
  MapDisplayControls *m_display;
  NeighbourList *m_neighbours;
  MapEpochReplay *m_replay;
  MapComparison *m_comparison;
  QSpinBox *m_exportWidth, *m_exportHeight;
  QPushButton *m_export;
  QLabel *m_status;
};

}  // namespace gs
