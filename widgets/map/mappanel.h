#pragma once
// The Map panel: a 2-D map of the current run's images and captions in the joint space — t-SNE
// (Barnes–Hut, core/analysis/tsne.h), UMAP or PCA — computed as an engine job with live
// updates while t-SNE runs, cancellable. Images ○ and captions × in two colours, optional thumbnails
// and image–caption lines, hover text, a rubber band that lists the items it holds, a click that
// selects the item in the WorkbenchState, and figure export. For runs that recorded their epochs,
// an epoch slider replays how the joint space formed, an epoch picked on the Training dock's curves
// (WorkbenchState::epochPicked) is shown from that replay, and the Movers table lists the items whose
// neighbourhood changed most between two epochs.
//
// Layouts, embedding another split and loading the thumbnails are jobs on the engine's interactive
// lane (the Jobs tab lists them; each can be cancelled there). Two small queries stay off it, on
// Qt's global thread pool: a clicked item's nearest neighbours, the cluster labels and the movers. They read
// vectors and positions already in memory, answer each click or legend toggle in milliseconds, and
// must answer while a layout holds the interactive lane (a t-SNE of a large split can hold it for
// minutes); as jobs they would wait behind it and fill the Jobs tab with one row per click.

#include "analysis/layoutsequence.h"
#include "analysis/tsne.h"
#include "analysis/umap.h"
#include "data/dataset.h"
#include "engine/job.h"
#include "common/backgroundjob.h"
#include "common/viewexport.h"
#include "analysis/mapmodel.h"

#include <QHash>
#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLayout;
class QListWidget;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QSplitter;

namespace gs {

class ComparedMap;
class EngineBridge;
class EpochSlider;
class JointSpace;
class MapView;
class MoversTable;
class RunHeading;
class WorkbenchState;

class MapPanel : public QWidget {
  Q_OBJECT
public:
  // bridge and state must outlive the panel.
  MapPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);
  // Cancels a running layout job (without waiting: it may sit behind a long job in the engine's
  // queue); its late posts find the panel gone and do nothing.
  ~MapPanel() override;

  const MapModel &model() const { return m_model; }
  // Items (images, then captions) ringed as the last activated item's nearest neighbours.
  const std::vector<int> &neighbourItems() const;
  QString statusText() const;

  // New items (what the state's joint space brings; tests call it directly). Clears the layout.
  void setData(MapData data);
  // Shows a layout: itemCount × 2 positions.
  void setPositions(std::vector<float> xy, bool rescale = true);

  // Starts the layout job with the panel's controls, or t-SNE or UMAP with explicit options. Returns
  // the job id (0 when there is nothing to lay out; the status line says why).
  JobId compute(LayoutMethod method);
  JobId computeTsne(const TsneOptions &options);
  JobId computeUmap(const UmapOptions &options);
  void cancel();
  bool isComputing() const { return m_jobId != 0; }

  // Colour by a key of availableColourings (resets the legend filter); false when the data cannot.
  bool setColouring(const QString &key);
  // Size by a key of availableSizings ("" for one size); false when the data cannot.
  bool setSizing(const QString &key);
  // Hides or shows a category of the colouring, as a click on its legend entry does.
  void toggleCategory(int category);
  // The search box: captions matching words or /regex/ are ringed; returns their items (empty and
  // the status line says why for an invalid expression).
  std::vector<int> search(const QString &query);
  // Cluster summaries on or off: when on, the layout's clusters at three resolutions are computed
  // off the GUI thread (again after each layout and legend filter) and labelled; clustersShown follows.
  void setClusterLabelsVisible(bool visible);
  // Maps another split of the current run (embedded off the GUI thread, then laid out by PCA);
  // splitShown follows, or the status line says why not.
  void showSplit(Split split);
  // Every image of the run's data with its captions (colour by split tells them apart).
  void showAllSplits();

  // Epoch replay: lays out the run's recorded epochs (runtrajectory.h) with `method` and the panel's
  // settings, each epoch's map started from the previous one's, off the GUI thread; then the map
  // shows the recorded sample and the epoch slider steps through the layouts (replayShown follows).
  // Returns the job id, 0 when the run recorded no epochs (the status line says so).
  JobId replayEpochs(LayoutMethod method);
  bool canReplay() const;                                  // the current run recorded epochs
  const std::vector<int> &replayEpochNumbers() const { return m_epochNumbers; }
  const std::vector<std::vector<float>> &replayLayouts() const { return m_epochLayouts; }
  void showEpoch(int index);  // draws replayLayouts()[index], as the slider does
  int shownEpochIndex() const { return m_shownEpoch; } // -1 outside a replay

  // The Movers table beside the map (the Movers button): the items of the run's recorded sample
  // whose neighbourhood changed most between two epochs; selecting rows rings them on the map.
  void showMovers(bool visible);
  MoversTable *moversTable() const { return m_movers; }

  // A second run's map of the same split beside this one (ComparedMap): laid out with this map's
  // method, from this map's layout when the items are the same, after each layout here; selections
  // on either map are ringed on the other. comparisonShown follows each of its layouts. Each map's
  // heading then has a swatch of its run's colour (WorkbenchState::runColours).
  void compareWith(const QString &runDir);
  void closeComparison();
  ComparedMap *comparedMap() const { return m_compared; }

  void selectInRect(const QRectF &coords); // as the rubber band does
  void activateItem(int item);             // as a click does: the WorkbenchState selection, and its neighbours
  // Lists and rings the item's k nearest images and captions by the run's own score (computed off
  // the GUI thread from the state's joint space); neighboursShown follows.
  void showNeighbours(int item, int k = 10);
  void setLinesVisible(bool visible);
  void setThumbnailsVisible(bool visible); // loads the thumbnails off the GUI thread on first use
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
  // The constructor's parts: the widgets of each control row, their layout, their connections.
  void createLists();
  void createLayoutControls();
  void createDisplayControls();
  void createRunControls();
  QLayout *arrangeLayoutControls();
  QLayout *arrangeDisplayControls();
  QLayout *arrangeRunControls();
  QWidget *createSidePane();
  void arrangeWidgets();
  void connectControls();
  void connectViewAndLists();
  QString repulsionLabel(TsneMethod repulsion) const;
  void onJointSpaceChanged();
  void onImageSelected(int datasetImage);
  void onSliceShown(const QString &label, const QStringList &captions); // selects the slice's captions
  void applyUpdate(int token, int iteration, double kl, const std::vector<float> &xy, bool final);
  void onJobFinished(JobId id, const JobOutcome &outcome);
  // The one route of a single layout (layoutAfter in a job, live updates, the summary the status
  // line reports): lowers the options to what the items allow and says so.
  JobId computeLayout(LayoutSequenceOptions options);
  QString computingText(LayoutMethod method, int n, const QString &note) const;
  LayoutSequenceOptions layoutOptions(LayoutMethod method) const; // the controls' settings
  LayoutMethod shownMethod() const;                               // the mode box's
  void showMethod(LayoutMethod method);                           // the controls show what is drawn
  void selectItems(std::vector<int> items);             // selection, its list, and the compared map's rings
  void layOutComparison();
  void showHeading(); // the current run's heading, beside a compared run's
  void applyReplay(int token, MapData data, std::vector<int> epochs, std::vector<std::vector<float>> layouts);
  void onEpochPicked(const QString &runDir, int epoch);
  void showEpochNumber(int epoch); // the replay's layout of that epoch
  void followRunInMovers();
  void ringSampleItems(const std::vector<int> &sampleItems);
  void loadThumbnails();
  void exportWithDialog();
  void setStatus(const QString &text);
  void updateControls();
  void refreshClusters();
  void showSpace(const std::shared_ptr<const JointSpace> &space);
  void openSplitAsync(std::optional<Split> split); // embeds a split (or all) of the current run off the GUI thread
  int datasetImageOf(int imageRow) const;

  EngineBridge &m_bridge;
  WorkbenchState &m_state;
  MapModel m_model;
  MapView *m_view;
  RunHeading *m_heading; // the current run's, in its colour; shown while another run is compared
  QListWidget *m_list, *m_neighbourList;
  QComboBox *m_mode, *m_colourBy, *m_sizeBy, *m_split;
  std::shared_ptr<const JointSpace> m_space; // the split on the map (the state's, or one opened here)
  BackgroundJob m_splitJob;                   // embeds another split of the run
  BackgroundJob m_thumbnailJob;               // reads the thumbnails of the items on the map
  QLineEdit *m_search;
  std::vector<char> m_categoryHidden;
  QDoubleSpinBox *m_perplexity, *m_theta, *m_minDist;
  QComboBox *m_repulsion; // t-SNE's repulsion: TsneMethod's order
  QSpinBox *m_iterations, *m_neighbours, *m_exportWidth, *m_exportHeight;
  QPushButton *m_compute, *m_cancel, *m_export, *m_replay, *m_compare, *m_moversButton;
  MoversTable *m_movers;
  QSplitter *m_splitter;
  ComparedMap *m_compared = nullptr;
  EpochSlider *m_epochSlider;
  std::vector<int> m_epochNumbers;               // the replay's epochs (empty outside one)
  std::vector<std::vector<float>> m_epochLayouts; // one aligned layout per epoch
  int m_shownEpoch = -1;
  JobId m_replayJob = 0;  // the last replay started (a pick waits for it rather than starting another)
  int m_pendingEpoch = 0; // an epoch picked before the replay arrived; shown when it does
  QCheckBox *m_lines, *m_thumbnails, *m_unitLength, *m_clusters;
  QCheckBox *m_centre = nullptr; // subtract each modality's mean (the modality gap)
  QLabel *m_status;
  JobId m_jobId = 0;
  int m_token = 0;         // identifies the current layout job; stale updates are dropped
  LayoutMethod m_running = LayoutMethod::Pca; // the method of the current (or last) layout job
  int m_neighbourToken = 0; // identifies the latest neighbour request
  int m_clusterToken = 0;   // identifies the latest cluster request
  bool m_thumbnailsLoading = false, m_thumbnailsLoaded = false;
  QHash<QString, int> m_rowOfImageId;
  // The jobs post their updates to this GUI-thread object, which each job keeps alive while it runs;
  // the posted functors check a QPointer to the panel on the GUI thread (see computeLayout).
  std::shared_ptr<QObject> m_relay;
};

}  // namespace gs
