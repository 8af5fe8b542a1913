#include "map/mappanel.h"

#include "engine/enginebridge.h"
#include "engine/jobcontext.h"
#include "analysis/jointspace.h"
#include "map/comparedmap.h"
#include "map/epochslider.h"
#include "training/runs/runtrajectory.h"
#include "analysis/mapclusters.h"
#include "figures/mapcolouring.h"
#include "figures/maplasso.h"
#include "map/mapview.h"
#include "map/moverstable.h"
#include "map/runheading.h"
#include "common/workbenchstate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QImageReader>
#include <QLabel>
#include <QSet>
#include <QLineEdit>
#include <QListWidget>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QtConcurrent>
#include <qcustomplot.h>

#include <cmath>
#include <utility>

#include <stdexcept>

namespace gs {

namespace {
constexpr int kThumbnailSize = 32;     // pixels, longest side
constexpr int kMaxThumbnails = 2000;   // beyond this a map of pictures is unreadable anyway
constexpr int kReportEvery = 25;       // t-SNE iterations between live updates
constexpr int kUmapReportEvery = 10;   // UMAP epochs between live updates
constexpr int kPreservationSample = 2000; // items scored for the status line's neighbourhood preservation
constexpr int kItemRole = Qt::UserRole + 1;
constexpr int kAllSplits = -1;         // the split box's "all" (and splitShown's)

// Why n items are too few for the method (empty: they are enough): t-SNE needs n − 1 > 3·perplexity
// for a perplexity of at least 1, UMAP more items than its 2 neighbours.
QString tooFewItems(LayoutMethod method, int n) {
  switch (method) {
  case LayoutMethod::Tsne: return (n - 2) / 3.0 < 1 ? MapPanel::tr("Too few items for t-SNE (%1); use PCA.").arg(n) : QString();
  case LayoutMethod::Umap: return n < 3 ? MapPanel::tr("Too few items for UMAP (%1); use PCA.").arg(n) : QString();
  case LayoutMethod::Pca: break;
  }
  return n < 2 ? MapPanel::tr("Nothing to map: the run's split has fewer than 2 items.") : QString();
}

// What fittedToItems lowered for a small split, for the status line.
QString loweredNote(const LayoutSequenceOptions &requested, const LayoutSequenceOptions &fitted, int n) {
  if (fitted.method == LayoutMethod::Tsne && fitted.tsne.perplexity < requested.tsne.perplexity)
    return MapPanel::tr(" (perplexity lowered from %1 to %2 for %3 items)").arg(requested.tsne.perplexity).arg(fitted.tsne.perplexity).arg(n);
  if (fitted.method == LayoutMethod::Umap && fitted.umap.neighbours < requested.umap.neighbours)
    return MapPanel::tr(" (neighbours lowered from %1 to %2 for %3 items)").arg(requested.umap.neighbours).arg(fitted.umap.neighbours).arg(n);
  return {};
}

// The map's thumbnails by image row, decoded and scaled (QImageReader scales while decoding, so a
// large JPEG costs little); an unreadable image has none. Cost: one image decode per path.
QHash<int, QImage> readThumbnails(const QStringList &paths, JobContext &job) {
  QHash<int, QImage> images;
  for (int r = 0; r < paths.size(); ++r) {
    job.checkpoint();
    job.setItemProgress(r, paths.size(), QStringLiteral("thumbnails"));
    if (paths[r].isEmpty()) continue;
    QImageReader reader(paths[r]);
    const QSize size = reader.size();
    if (size.isValid()) reader.setScaledSize(size.scaled(kThumbnailSize, kThumbnailSize, Qt::KeepAspectRatio));
    QImage image = reader.read();
    if (image.isNull()) continue; // unreadable: the circle stays
    if (image.width() > kThumbnailSize || image.height() > kThumbnailSize)
      image = image.scaled(kThumbnailSize, kThumbnailSize, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    images.insert(r, image);
  }
  return images;
}

QString jobTitle(LayoutMethod method) {
  switch (method) {
  case LayoutMethod::Tsne: break;
  case LayoutMethod::Umap: return MapPanel::tr("UMAP map");
  case LayoutMethod::Pca: return MapPanel::tr("PCA map");
  }
  return MapPanel::tr("t-SNE map");
}

// The job's summary, which onJobFinished reports; t-SNE's and UMAP's with the map's neighbourhood
// preservation (PCA, the quick first view, reports only its axes).
void summariseLayout(JobContext &job, const LayoutSequenceOptions &options, const LayoutResult &result,
                     const std::vector<float> &points, int n, int dim) {
  if (options.method == LayoutMethod::Pca) return;
  job.setProgress(-1, QStringLiteral("neighbourhood preservation"));
  const double preservation = neighbourhoodPreservation(points, n, dim, result.positions, std::min(10, n - 1), kPreservationSample);
  if (options.method == LayoutMethod::Umap)
    job.setSummary({{QStringLiteral("umap_epochs"), result.steps}, {QStringLiteral("seconds"), result.seconds},
                    {QStringLiteral("components"), result.components}, {QStringLiteral("neighbours"), options.umap.neighbours},
                    {QStringLiteral("preservation"), preservation}});
  else
    job.setSummary({{QStringLiteral("kl"), result.kl}, {QStringLiteral("seconds"), result.seconds},
                    {QStringLiteral("iterations"), result.steps}, {QStringLiteral("repulsion"), enumName(result.repulsion)},
                    {QStringLiteral("preservation"), preservation}});
}
}  // namespace

MapPanel::MapPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QWidget(parent), m_bridge(bridge), m_state(state), m_splitJob(bridge, this), m_thumbnailJob(bridge, this),
      m_relay(new QObject, [](QObject *relay) { relay->deleteLater(); }) {
  m_view = new MapView(m_model, this);
  m_view->setObjectName(QStringLiteral("view"));
  m_heading = new RunHeading(m_state.runColours(), this);
  m_heading->setObjectName(QStringLiteral("mapHeading"));
  m_heading->hide(); // shown while a second run is compared, to tell the two maps apart
  createLists();
  createLayoutControls();
  createDisplayControls();
  createRunControls();
  arrangeWidgets();
  connectControls();
  connectViewAndLists();
  updateControls();
  if (m_state.jointSpace()) onJointSpaceChanged();
}

// The selection and the clicked item's neighbours, listed beside the map.
void MapPanel::createLists() {
  m_list = new QListWidget(this);
  m_list->setObjectName(QStringLiteral("selectionList"));
  m_list->setAccessibleName(tr("Selected items"));
  m_list->setMinimumWidth(160);
  m_neighbourList = new QListWidget(this);
  m_neighbourList->setObjectName(QStringLiteral("neighbourList"));
  m_neighbourList->setAccessibleName(tr("Nearest neighbours in the joint space"));
  m_neighbourList->setToolTip(tr("The clicked item's nearest images and captions by the run's own score, in the joint space itself (not on the map)"));
}

// The layout method and its settings: t-SNE's perplexity, iterations, θ and repulsion, UMAP's
// neighbours and minimum distance.
void MapPanel::createLayoutControls() {
  m_mode = new QComboBox(this);
  m_mode->addItem(tr("t-SNE"), int(LayoutMethod::Tsne));
  m_mode->addItem(tr("PCA"), int(LayoutMethod::Pca));
  m_mode->addItem(tr("UMAP"), int(LayoutMethod::Umap));
  m_perplexity = new QDoubleSpinBox(this);
  m_perplexity->setRange(2, 100);
  m_perplexity->setValue(30);
  m_perplexity->setToolTip(tr("Effective number of neighbours each point keeps (needs more than 3× as many points)"));
  m_iterations = new QSpinBox(this);
  m_iterations->setRange(50, 10000);
  m_iterations->setSingleStep(250);
  m_iterations->setValue(1000);
  m_theta = new QDoubleSpinBox(this);
  m_theta->setRange(0, 1);
  m_theta->setSingleStep(0.1);
  m_theta->setValue(0.5);
  m_theta->setToolTip(tr("Barnes–Hut accuracy: 0 is exact (slow for many points), 0.5 is the usual trade-off"));
  // Order as TsneMethod: Auto, BarnesHut, Fft, Exact.
  m_repulsion = new QComboBox(this);
  m_repulsion->addItems({tr("Automatic"), tr("Barnes–Hut"), tr("FFT interpolation"), tr("Exact")});
  m_repulsion->setToolTip(tr("How t-SNE computes its repulsive forces. Automatic: exact below 150 points, Barnes–Hut below 8,000, "
                             "FFT-accelerated interpolation (FIt-SNE) above — faster for large maps, and as accurate"));
  m_repulsion->setAccessibleName(tr("t-SNE repulsion"));
  m_neighbours = new QSpinBox(this);
  m_neighbours->setRange(2, 200);
  m_neighbours->setValue(15);
  m_neighbours->setToolTip(tr("UMAP: neighbours each point's local metric spans (the point itself counted); more favours global structure"));
  m_minDist = new QDoubleSpinBox(this);
  m_minDist->setRange(0, 1);
  m_minDist->setSingleStep(0.05);
  m_minDist->setValue(0.1);
  m_minDist->setToolTip(tr("UMAP: how tightly points may pack on the map"));
}

// What is mapped and how it is drawn: the split, colour, size and search, then the Compute and
// Cancel buttons (created here because the keyboard's tab order follows creation), then lines,
// vectors and labels.
void MapPanel::createDisplayControls() {
  m_split = new QComboBox(this);
  for (Split split : {Split::Test, Split::Val, Split::Train}) m_split->addItem(splitName(split), int(split));
  m_split->addItem(tr("all"), kAllSplits);
  m_split->setToolTip(tr("Which split of the run to map (the others are embedded when chosen)"));
  m_colourBy = new QComboBox(this);
  m_colourBy->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  m_colourBy->setToolTip(tr("Colour the items by what the data knows about them; click a legend entry to hide or show its items"));
  m_sizeBy = new QComboBox(this);
  m_sizeBy->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  m_sizeBy->setToolTip(tr("A second variable as three marker sizes: larger is a caption whose image ranks low, a higher loss, a longer caption, an item that is among the nearest neighbours of many (a hub)"));
  m_search = new QLineEdit(this);
  m_search->setPlaceholderText(tr("Find captions: words, or /regex/"));
  m_search->setClearButtonEnabled(true);
  m_search->setMinimumWidth(160);
  m_compute = new QPushButton(tr("Compute"), this);
  m_cancel = new QPushButton(tr("Cancel"), this);
  m_lines = new QCheckBox(tr("Image–caption lines"), this);
  m_lines->setChecked(true);
  m_thumbnails = new QCheckBox(tr("Thumbnails"), this);
  m_clusters = new QCheckBox(tr("Cluster labels"), this);
  m_clusters->setToolTip(tr("Label the map's dense regions with the words that set their captions apart (finer when zoomed in)"));
  m_unitLength = new QCheckBox(tr("Unit length"), this);
  m_unitLength->setChecked(m_model.normalised());
  m_unitLength->setToolTip(tr("Map directions (cosine geometry) rather than raw vectors; applies from the next Compute"));
  m_centre = new QCheckBox(tr("Centre each modality"), this);
  m_centre->setChecked(m_model.centredModalities());
  m_centre->setToolTip(tr("Subtract the images' mean from the images and the captions' mean from the captions before the "
                          "layout: the gap between the two modalities otherwise splits the map into an image cloud and a "
                          "caption cloud. Applies from the next Compute"));
}

// Epochs, a second run, the export and the status line.
void MapPanel::createRunControls() {
  m_exportWidth = new QSpinBox(this);
  m_exportHeight = new QSpinBox(this);
  m_exportWidth->setAccessibleName(tr("Export width"));
  m_exportHeight->setAccessibleName(tr("Export height"));
  for (QSpinBox *box : {m_exportWidth, m_exportHeight}) {
    box->setRange(100, 10000);
    box->setSuffix(tr(" px"));
  }
  m_exportWidth->setValue(1600);
  m_exportHeight->setValue(1200);
  m_export = new QPushButton(tr("Export…"), this);
  m_replay = new QPushButton(tr("Replay epochs"), this);
  m_replay->setToolTip(tr("Lay out the run's recorded epochs with the chosen method, each from the previous epoch's map, "
                          "and step through them with the slider"));
  m_epochSlider = new EpochSlider(this);
  m_epochSlider->setObjectName(QStringLiteral("epochSlider"));
  m_moversButton = new QPushButton(tr("Movers"), this);
  m_moversButton->setObjectName(QStringLiteral("moversButton"));
  m_moversButton->setCheckable(true);
  m_moversButton->setToolTip(tr("List the recorded items whose nearest neighbours changed most between two epochs, "
                                "or against another run; selecting rows rings them on the map"));
  m_movers = new MoversTable(this);
  m_movers->setObjectName(QStringLiteral("movers"));
  m_movers->hide();
  m_compare = new QPushButton(tr("Compare with run…"), this);
  m_compare->setToolTip(tr("Show another run's map of the same split beside this one, laid out from this map, with linked selection"));
  m_status = new QLabel(tr("No run: open a trained run to map its test split."), this);
  m_status->setWordWrap(true);
}

QLayout *MapPanel::arrangeLayoutControls() {
  auto *controls = new QHBoxLayout;
  controls->addWidget(m_split);
  controls->addWidget(m_mode);
  const std::pair<QString, QWidget *> labelled[] = {{tr("Perplexity"), m_perplexity}, {tr("Iterations"), m_iterations},
                                                    {tr("θ"), m_theta},                 {tr("Repulsion"), m_repulsion},
                                                    {tr("Neighbours"), m_neighbours},   {tr("Min. distance"), m_minDist}};
  for (const auto &[label, field] : labelled) {
    auto *form = new QFormLayout; // one per field, so each label sits beside its own box
    form->addRow(label, field);
    controls->addLayout(form);
  }
  controls->addWidget(m_compute);
  controls->addWidget(m_cancel);
  controls->addStretch();
  return controls;
}

QLayout *MapPanel::arrangeDisplayControls() {
  auto *display = new QHBoxLayout;
  display->addWidget(new QLabel(tr("Colour by"), this));
  display->addWidget(m_colourBy);
  display->addWidget(new QLabel(tr("Size by"), this));
  display->addWidget(m_sizeBy);
  display->addWidget(m_search, 1);
  for (QWidget *box : std::initializer_list<QWidget *>{m_lines, m_unitLength, m_centre, m_thumbnails, m_clusters}) display->addWidget(box);
  display->addStretch();
  return display;
}

// Runs and epochs, then export: a row of their own, so the panel fits a 1,200-pixel dock.
QLayout *MapPanel::arrangeRunControls() {
  auto *runs = new QHBoxLayout;
  runs->addWidget(m_replay);
  runs->addWidget(m_epochSlider, 1); // shown during an epoch replay
  runs->addWidget(m_moversButton);
  runs->addStretch();
  runs->addWidget(m_compare);
  runs->addWidget(new QLabel(tr("Export size"), this));
  runs->addWidget(m_exportWidth);
  runs->addWidget(new QLabel(QStringLiteral("×"), this));
  runs->addWidget(m_exportHeight);
  runs->addWidget(m_export);
  return runs;
}

// The two lists under their headings, beside the map.
QWidget *MapPanel::createSidePane() {
  auto *side = new QWidget(this);
  auto *sideLayout = new QVBoxLayout(side);
  sideLayout->setContentsMargins(0, 0, 0, 0);
  sideLayout->addWidget(new QLabel(tr("Selected"), side));
  sideLayout->addWidget(m_list, 1);
  sideLayout->addWidget(new QLabel(tr("Nearest in the joint space"), side));
  sideLayout->addWidget(m_neighbourList, 1);
  sideLayout->addWidget(m_movers, 2); // hidden until the Movers button
  return side;
}

void MapPanel::arrangeWidgets() {
  auto *first = new QWidget(this); // the current run's map, under its heading
  auto *firstLayout = new QVBoxLayout(first);
  firstLayout->setContentsMargins(0, 0, 0, 0);
  firstLayout->addWidget(m_heading);
  firstLayout->addWidget(m_view, 1);
  m_splitter = new QSplitter(this);
  m_splitter->addWidget(first);
  m_splitter->addWidget(createSidePane());
  m_splitter->setStretchFactor(0, 4);
  m_splitter->setStretchFactor(1, 1);
  auto *layout = new QVBoxLayout(this);
  layout->addLayout(arrangeLayoutControls());
  layout->addLayout(arrangeDisplayControls());
  layout->addLayout(arrangeRunControls());
  layout->addWidget(m_splitter, 1);
  layout->addWidget(m_status);
}

void MapPanel::connectControls() {
  connect(m_compute, &QPushButton::clicked, this, [this] { compute(shownMethod()); });
  connect(m_cancel, &QPushButton::clicked, this, &MapPanel::cancel);
  connect(m_replay, &QPushButton::clicked, this, [this] { replayEpochs(shownMethod()); });
  connect(m_epochSlider, &EpochSlider::indexChanged, this, &MapPanel::showEpoch);
  connect(m_moversButton, &QPushButton::toggled, this, &MapPanel::showMovers);
  connect(m_movers, &MoversTable::itemsPicked, this, &MapPanel::ringSampleItems);
  connect(&m_state, &WorkbenchState::epochPicked, this, &MapPanel::onEpochPicked);
  connect(m_compare, &QPushButton::clicked, this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Compare with run"), m_space ? m_space->runDir() : QString());
    if (!dir.isEmpty()) compareWith(dir);
  });
  connect(m_colourBy, &QComboBox::activated, this, [this](int index) { setColouring(m_colourBy->itemData(index).toString()); });
  connect(m_sizeBy, &QComboBox::activated, this, [this](int index) { setSizing(m_sizeBy->itemData(index).toString()); });
  connect(m_split, &QComboBox::activated, this, [this](int index) {
    const int split = m_split->itemData(index).toInt();
    split == kAllSplits ? showAllSplits() : showSplit(static_cast<Split>(split));
  });
  connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) { search(text); });
  connect(m_mode, &QComboBox::currentIndexChanged, this, &MapPanel::updateControls);
  connect(m_repulsion, &QComboBox::currentIndexChanged, this, &MapPanel::updateControls);
  connect(m_lines, &QCheckBox::toggled, this, &MapPanel::setLinesVisible);
  connect(m_thumbnails, &QCheckBox::toggled, this, &MapPanel::setThumbnailsVisible);
  connect(m_clusters, &QCheckBox::toggled, this, &MapPanel::setClusterLabelsVisible);
  connect(m_unitLength, &QCheckBox::toggled, this, [this](bool on) { m_model.setNormalised(on); });
  connect(m_centre, &QCheckBox::toggled, this, [this](bool on) { m_model.setCentredModalities(on); });
  connect(m_export, &QPushButton::clicked, this, &MapPanel::exportWithDialog);
  connect(&m_bridge, &EngineBridge::finished, this,
          [this](JobId id, const QString &, const JobOutcome &outcome) { onJobFinished(id, outcome); });
  connect(&m_state, &WorkbenchState::jointSpaceChanged, this, &MapPanel::onJointSpaceChanged);
  connect(&m_state, &WorkbenchState::imageSelected, this, &MapPanel::onImageSelected);
  connect(&m_state, &WorkbenchState::sliceShown, this, &MapPanel::onSliceShown);
}

// Picking on the map and in the lists beside it.
void MapPanel::connectViewAndLists() {
  connect(m_view, &MapView::categoryClicked, this, &MapPanel::toggleCategory);
  connect(m_view, &MapView::rectSelected, this, &MapPanel::selectInRect);
  connect(m_view, &MapView::lassoSelected, this, [this](const QPolygonF &outline) { selectItems(itemsInPolygon(m_model, outline)); });
  connect(m_view, &MapView::itemClicked, this, &MapPanel::activateItem);
  connect(m_list, &QListWidget::itemActivated, this,
          [this](QListWidgetItem *item) { activateItem(item->data(kItemRole).toInt()); });
  connect(m_list, &QListWidget::itemClicked, this,
          [this](QListWidgetItem *item) { activateItem(item->data(kItemRole).toInt()); });
  connect(m_neighbourList, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
    if (item->data(kItemRole).isValid()) activateItem(item->data(kItemRole).toInt());
  });
}

MapPanel::~MapPanel() {
  if (m_jobId != 0) m_bridge.engine().cancel(m_jobId);
}

QString MapPanel::statusText() const { return m_status->text(); }

void MapPanel::setStatus(const QString &text) { m_status->setText(text); }

void MapPanel::updateControls() {
  const bool tsne = shownMethod() == LayoutMethod::Tsne, umap = shownMethod() == LayoutMethod::Umap;
  m_perplexity->setEnabled(tsne);
  m_iterations->setEnabled(tsne);
  m_repulsion->setEnabled(tsne);
  const auto repulsion = TsneMethod(m_repulsion->currentIndex());
  m_theta->setEnabled(tsne && (repulsion == TsneMethod::Auto || repulsion == TsneMethod::BarnesHut));
  m_neighbours->setEnabled(umap);
  m_minDist->setEnabled(umap);
  m_compute->setEnabled(m_model.itemCount() > 0);
  m_cancel->setEnabled(m_jobId != 0);
  m_export->setEnabled(m_model.hasPositions());
  m_replay->setEnabled(canReplay());
  m_moversButton->setEnabled(canReplay() || m_moversButton->isChecked());
  m_compare->setEnabled(m_space != nullptr);
  m_epochSlider->setVisible(!m_epochNumbers.empty());
}

LayoutMethod MapPanel::shownMethod() const { return LayoutMethod(m_mode->currentData().toInt()); }

void MapPanel::showMethod(LayoutMethod method) {
  m_running = method;
  m_mode->setCurrentIndex(m_mode->findData(int(method)));
}

bool MapPanel::canReplay() const {
  const std::shared_ptr<const JointSpace> space = m_state.jointSpace();
  return space && RunTrajectory::exists(space->runDir());
}

void MapPanel::onJointSpaceChanged() {
  const std::shared_ptr<const JointSpace> space = m_state.jointSpace();
  m_pendingEpoch = 0; // picked for the previous run
  followRunInMovers();
  if (!space) {
    cancel();
    m_splitJob.cancel();
    m_space.reset();
    showHeading();
    setData({});
    setStatus(tr("No run: open a trained run to map its test split."));
    return;
  }
  showSpace(space);
}

void MapPanel::showSpace(const std::shared_ptr<const JointSpace> &space) {
  m_splitJob.cancel(); // a split still being embedded is no longer wanted
  m_space = space;
  showHeading();
  const int shown = space->allSplits() ? kAllSplits : int(space->split());
  m_split->setCurrentIndex(m_split->findData(shown));
  MapData data = MapData::fromJointSpace(*space);
  if (const auto dataset = m_state.dataset()) data.addDatasetMetadata(*dataset);
  setData(std::move(data));
  if (m_compared) m_compared->open(m_compared->runDir(), space->allSplits() ? std::nullopt : std::optional<Split>(space->split()),
                                   m_state.dataset());
  // PCA is quick: show it at once; t-SNE waits for the Compute button (it holds the engine a while).
  compute(LayoutMethod::Pca);
  if (space->allSplits()) setColouring(QStringLiteral("split"));
  Q_EMIT splitShown(shown);
}

void MapPanel::showSplit(Split split) {
  const std::shared_ptr<const JointSpace> current = m_state.jointSpace();
  if (!current) {
    setStatus(tr("No run: open a trained run to map its splits."));
    return;
  }
  if (m_space && !m_space->allSplits() && m_space->split() == split && m_space->runDir() == current->runDir()) return;
  if (current->split() == split) return showSpace(current);
  openSplitAsync(split);
}

void MapPanel::showAllSplits() {
  const std::shared_ptr<const JointSpace> current = m_state.jointSpace();
  if (!current) {
    setStatus(tr("No run: open a trained run to map its splits."));
    return;
  }
  if (m_space && m_space->allSplits() && m_space->runDir() == current->runDir()) return;
  openSplitAsync(std::nullopt);
}

// Embedding runs the run's model over the split's images and captions (seconds for a large split):
// an engine job that the Jobs tab lists and can cancel.
void MapPanel::openSplitAsync(std::optional<Split> split) {
  const std::shared_ptr<const JointSpace> current = m_state.jointSpace();
  cancel();
  const QString name = split ? splitName(*split) : tr("all");
  m_splitJob.start(
      split ? tr("Embed the %1 split").arg(name) : tr("Embed every split"),
      [runDir = current->runDir(), split, dataset = m_state.dataset()](JobContext &job) {
        return split ? JointSpace::open(runDir, *split, &job, dataset) : JointSpace::openAll(runDir, &job, dataset);
      },
      [this](const std::shared_ptr<const JointSpace> &space) { showSpace(space); },
      [this, name](const JobOutcome &outcome) {
        m_split->setCurrentIndex(m_split->findData(!m_space ? int(Split::Test) : m_space->allSplits() ? kAllSplits : int(m_space->split())));
        setStatus(tr("Cannot map the %1 split: %2").arg(name, BackgroundJob::failureText(outcome)));
      });
  setStatus(split ? tr("Embedding the %1 split…").arg(name) : tr("Embedding every split…"));
}

void MapPanel::setData(MapData data) {
  cancel();
  m_model.setData(std::move(data));
  m_thumbnailJob.cancel(); // its thumbnails belong to the previous items
  m_thumbnailsLoaded = m_thumbnailsLoading = false;
  m_rowOfImageId.clear();
  for (int r = 0; r < m_model.imageCount(); ++r) m_rowOfImageId.insert(m_model.data().imageIds[r], r);
  m_list->clear();
  m_neighbourList->clear();
  ++m_neighbourToken;
  m_colourBy->clear();
  for (const QString &key : availableColourings(m_model)) m_colourBy->addItem(colouringTitle(key), key);
  m_sizeBy->clear();
  m_sizeBy->addItem(tr("one size"), QString());
  for (const QString &key : availableSizings(m_model)) m_sizeBy->addItem(key == QLatin1String("rank") ? tr("rank of the partner")
                                                                        : key == QLatin1String("loss") ? tr("the model's loss")
                                                                        : key == QLatin1String("hubs") ? tr("k-occurrence (hubs)")
                                                                                                       : tr("caption length"), key);
  m_view->setSizing({});
  m_categoryHidden.clear();
  m_view->setColouring({});
  ++m_clusterToken;
  m_epochNumbers.clear();
  m_epochLayouts.clear();
  m_shownEpoch = -1;
  m_epochSlider->setEpochs({});
  if (!m_search->text().isEmpty()) search(m_search->text());
  m_view->rebuild();
  setStatus(tr("%1 images and %2 captions (%3-d). Press Compute for a map.%4")
                .arg(m_model.imageCount()).arg(m_model.captionCount()).arg(m_model.data().dim)
                .arg(m_view->dense() ? tr(" So many items are drawn as dots, without image–caption lines.") : QString()));
  updateControls();
  if (m_thumbnails->isChecked()) loadThumbnails();
}

void MapPanel::setPositions(std::vector<float> xy, bool rescale) {
  m_model.setPositions(std::move(xy));
  m_view->updatePositions(rescale);
  if (m_state.selectedImage() >= 0) onImageSelected(m_state.selectedImage());
  updateControls();
}

JobId MapPanel::compute(LayoutMethod method) { return computeLayout(layoutOptions(method)); }

JobId MapPanel::computeTsne(const TsneOptions &options) {
  LayoutSequenceOptions layout;
  layout.method = LayoutMethod::Tsne;
  layout.tsne = options;
  return computeLayout(layout);
}

JobId MapPanel::computeUmap(const UmapOptions &options) {
  LayoutSequenceOptions layout;
  layout.method = LayoutMethod::Umap;
  layout.umap = options;
  return computeLayout(layout);
}

JobId MapPanel::computeLayout(LayoutSequenceOptions options) {
  cancel();
  const int n = m_model.itemCount(), dim = m_model.data().dim;
  if (const QString refusal = tooFewItems(options.method, n); !refusal.isEmpty()) {
    setStatus(refusal);
    return 0;
  }
  const LayoutSequenceOptions requested = options;
  options = fittedToItems(options, n);
  options.tsne.reportEvery = kReportEvery;
  options.umap.reportEvery = kUmapReportEvery;
  const int token = ++m_token;
  showMethod(options.method);
  auto points = std::make_shared<const std::vector<float>>(m_model.stackedEmbeddings());
  // Live updates: the job's progress callback (engine thread) posts the positions to the relay, a
  // GUI-thread object the job keeps alive; the functor runs on the GUI thread, where the QPointer
  // says whether the panel still exists. Stale tokens (a newer job, a cancel) are dropped.
  const QPointer<MapPanel> self(this);
  m_jobId = m_bridge.submitInteractive(jobTitle(options.method), [self, relay = m_relay, token, points, n, dim, options](JobContext &job) {
    const auto post = [&relay, self, token](int step, double kl, std::vector<float> xy, bool final) {
      QMetaObject::invokeMethod(
          relay.get(), [self, token, step, kl, xy = std::move(xy), final] { if (self) self->applyUpdate(token, step, kl, xy, final); },
          Qt::QueuedConnection);
    };
    job.setProgress(-1, QStringLiteral("%1 of %2 vectors").arg(layoutMethodTitle(options.method)).arg(n));
    LayoutResult result = layoutAfter(*points, n, dim, options, {}, &job,
                                      [&post](int step, double kl, const std::vector<float> &xy) { post(step, kl, xy, false); });
    summariseLayout(job, options, result, *points, n, dim);
    post(result.steps, result.kl, std::move(result.positions), true);
  });
  setStatus(computingText(options.method, n, loweredNote(requested, options, n)));
  updateControls();
  return m_jobId;
}

QString MapPanel::computingText(LayoutMethod method, int n, const QString &note) const {
  switch (method) {
  case LayoutMethod::Tsne: break;
  case LayoutMethod::Umap: return tr("Computing UMAP of %1 items%2…").arg(n).arg(note);
  case LayoutMethod::Pca: return tr("Computing PCA of %1 items…").arg(n);
  }
  return tr("Computing t-SNE of %1 items%2…").arg(n).arg(note);
}

LayoutSequenceOptions MapPanel::layoutOptions(LayoutMethod method) const {
  LayoutSequenceOptions options;
  options.method = method;
  options.tsne.perplexity = m_perplexity->value();
  options.tsne.iterations = m_iterations->value();
  options.tsne.theta = m_theta->value();
  options.tsne.method = TsneMethod(m_repulsion->currentIndex());
  options.umap.neighbours = m_neighbours->value();
  options.umap.minDist = m_minDist->value();
  return options;
}

void MapPanel::selectItems(std::vector<int> items) {
  m_model.setSelection(std::move(items));
  m_view->updateSelection();
  m_list->clear();
  for (int item : m_model.selection()) {
    auto *entry = new QListWidgetItem(
        (m_model.kind(item) == MapItemKind::Image ? QStringLiteral("○ ") : QStringLiteral("× ")) + m_model.label(item), m_list);
    entry->setData(kItemRole, item);
    entry->setToolTip(m_model.toolTip(item));
  }
  if (m_compared) m_compared->showMatching(m_model, m_model.selection());
  setStatus(tr("%n item(s) selected.", nullptr, int(m_model.selection().size())));
}

// A slice of the Analysis dock: its captions' items selected (a text met twice selects both), so
// the list beside the map names them. An empty slice clears the selection.
void MapPanel::onSliceShown(const QString &label, const QStringList &captions) {
  const QSet<QString> wanted(captions.begin(), captions.end());
  std::vector<int> items;
  const QStringList &shown = m_model.data().captions;
  for (int row = 0; row < int(shown.size()); ++row)
    if (wanted.contains(shown.at(row))) items.push_back(m_model.captionItem(row));
  const int count = int(items.size());
  selectItems(std::move(items));
  if (!label.isEmpty()) setStatus(tr("Slice: %1 — %2 captions").arg(label).arg(count));
}

void MapPanel::cancel() {
  if (m_jobId == 0) return;
  m_bridge.engine().cancel(m_jobId);
  ++m_token; // whatever it still posts is stale
  m_jobId = 0;
  setStatus(tr("Cancelled."));
  updateControls();
}

void MapPanel::applyUpdate(int token, int iteration, double kl, const std::vector<float> &xy, bool final) {
  if (token != m_token || xy.size() != std::size_t(m_model.itemCount()) * 2) return;
  // Rescale the axes on the first picture and at the end; in between keep them (less jumpy), unless
  // the layout has grown out of view (early exaggeration expands it a lot).
  const bool first = !m_model.hasPositions();
  setPositions(xy, false);
  const QRectF bounds = m_model.bounds();
  const QCPRange xr = m_view->plot()->xAxis->range(), yr = m_view->plot()->yAxis->range();
  const bool outOfView = bounds.left() < xr.lower || bounds.right() > xr.upper || bounds.top() < yr.lower || bounds.bottom() > yr.upper;
  if (first || final || outOfView) m_view->updatePositions(true);
  if (!final && m_running == LayoutMethod::Umap) setStatus(tr("UMAP: epoch %1…").arg(iteration));
  else if (!final) setStatus(tr("t-SNE: iteration %1, KL %2…").arg(iteration).arg(kl, 0, 'f', 3));
  Q_EMIT layoutUpdated(iteration, kl);
}

// The status line's name of the repulsion t-SNE used (what its Auto resolved to).
QString MapPanel::repulsionLabel(TsneMethod repulsion) const {
  switch (repulsion) {
  case TsneMethod::Fft: return tr("FFT interpolation");
  case TsneMethod::Exact: return tr("exact");
  case TsneMethod::BarnesHut:
  case TsneMethod::Auto: break;
  }
  return tr("Barnes–Hut");
}

void MapPanel::onJobFinished(JobId id, const JobOutcome &outcome) {
  if (id != m_jobId) return;
  m_jobId = 0;
  QString message;
  const bool ok = outcome.status == JobStatus::Succeeded;
  const double preservation = outcome.summary.value(QStringLiteral("preservation")).toDouble();
  if (ok && outcome.summary.contains(QStringLiteral("kl")))
    message = tr("t-SNE (%5): %1 iterations in %2 s, KL divergence %3; %4 % of each item's 10 nearest neighbours kept on the map.")
                  .arg(outcome.summary.value(QStringLiteral("iterations")).toInt())
                  .arg(outcome.summary.value(QStringLiteral("seconds")).toDouble(), 0, 'f', 1)
                  .arg(outcome.summary.value(QStringLiteral("kl")).toDouble(), 0, 'f', 3)
                  .arg(100 * preservation, 0, 'f', 1)
                  .arg(repulsionLabel(enumFromName<TsneMethod>(outcome.summary.value(QStringLiteral("repulsion")).toString())
                                          .value_or(TsneMethod::BarnesHut)));
  else if (ok && outcome.summary.contains(QStringLiteral("umap_epochs")))
    message = tr("UMAP: %1 epochs in %2 s (%3 neighbours, %4 component(s)); %5 % of each item's 10 nearest neighbours kept on the map.")
                  .arg(outcome.summary.value(QStringLiteral("umap_epochs")).toInt())
                  .arg(outcome.summary.value(QStringLiteral("seconds")).toDouble(), 0, 'f', 1)
                  .arg(outcome.summary.value(QStringLiteral("neighbours")).toInt())
                  .arg(outcome.summary.value(QStringLiteral("components")).toInt())
                  .arg(100 * preservation, 0, 'f', 1);
  else if (ok && outcome.summary.contains(QStringLiteral("replay_epochs")))
    message = tr("%1 recorded epochs of %2 items laid out, each from the previous epoch's map: drag the slider or press play.")
                  .arg(outcome.summary.value(QStringLiteral("replay_epochs")).toInt())
                  .arg(outcome.summary.value(QStringLiteral("items")).toInt());
  else if (ok)
    message = tr("PCA: the two principal axes of %1 items.").arg(m_model.itemCount());
  else if (outcome.status == JobStatus::Cancelled)
    message = tr("Cancelled.");
  else
    message = tr("The map failed: %1").arg(outcome.error);
  // The modality gap of the mapped vectors, and whether the layout took it out.
  const MapModel::ModalityGap gap = m_model.modalityGap();
  if (ok && gap.distance > 0)
    message += QLatin1Char(' ') + (m_model.centredModalities()
                                       ? tr("Modality gap %1 (%2× the spread within a modality), centred out.")
                                       : tr("Modality gap %1 (%2× the spread within a modality), kept."))
                                      .arg(gap.distance, 0, 'f', 3)
                                      .arg(gap.relative, 0, 'f', 2);
  setStatus(message);
  updateControls();
  if (ok) {
    refreshClusters();
    layOutComparison();
  }
  Q_EMIT computeFinished(ok, message);
}

void MapPanel::selectInRect(const QRectF &coords) { selectItems(m_model.itemsInRect(coords)); }

int MapPanel::datasetImageOf(int imageRow) const {
  if (imageRow < 0 || imageRow >= m_model.imageCount()) return -1;
  return m_state.imageIndexOf(m_model.data().imageIds[imageRow]);
}

const std::vector<int> &MapPanel::neighbourItems() const { return m_view->neighbours(); }

bool MapPanel::setColouring(const QString &key) {
  MapColouring colouring;
  try {
    colouring = colourMap(m_model, key);
  } catch (const std::invalid_argument &error) {
    setStatus(tr("Cannot colour by %1: %2").arg(key, QString::fromUtf8(error.what())));
    return false;
  }
  const int index = m_colourBy->findData(key);
  if (index >= 0) m_colourBy->setCurrentIndex(index);
  m_categoryHidden.assign(colouring.categories.size(), 0);
  m_model.setHidden({});
  m_view->setColouring(colouring);
  if (m_compared) m_compared->setColouring(key);
  return true;
}

bool MapPanel::setSizing(const QString &key) {
  MapSizing sizing;
  if (!key.isEmpty()) {
    try {
      sizing = sizeMap(m_model, key);
    } catch (const std::invalid_argument &error) {
      setStatus(tr("Cannot size by %1: %2").arg(key, QString::fromUtf8(error.what())));
      return false;
    }
  }
  const int index = m_sizeBy->findData(key);
  if (index >= 0) m_sizeBy->setCurrentIndex(index);
  m_view->setSizing(std::move(sizing));
  if (m_compared) m_compared->setSizing(key);
  return true;
}

void MapPanel::toggleCategory(int category) {
  const MapColouring &colouring = m_view->colouring();
  if (category < 0 || category >= int(colouring.categories.size()) || category >= int(m_categoryHidden.size())) return;
  m_categoryHidden[std::size_t(category)] = !m_categoryHidden[std::size_t(category)];
  std::vector<char> hidden(std::size_t(m_model.itemCount()), 0);
  int count = 0;
  for (std::size_t c = 0; c < colouring.categories.size(); ++c)
    if (m_categoryHidden[c])
      for (int item : colouring.categories[c].items) {
        hidden[std::size_t(item)] = 1;
        ++count;
      }
  m_model.setHidden(std::move(hidden));
  m_view->setCategoryShown(category, !m_categoryHidden[std::size_t(category)]);
  refreshClusters();
  setStatus(tr("%n item(s) hidden by the legend (click an entry again to show them).", nullptr, count));
}

void MapPanel::setClusterLabelsVisible(bool visible) {
  if (m_clusters->isChecked() != visible) {
    m_clusters->setChecked(visible); // toggled() calls back here
    return;
  }
  refreshClusters();
}

void MapPanel::refreshClusters() {
  const int token = ++m_clusterToken;
  if (!m_clusters->isChecked() || !m_model.hasPositions()) {
    m_view->setClusterLevels({});
    return;
  }
  auto model = std::make_shared<const MapModel>(m_model); // the job's own copy: the panel may change
  auto *watcher = new QFutureWatcher<std::vector<MapClusterLevel>>(this);
  connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, token] {
    watcher->deleteLater();
    if (token != m_clusterToken) return;
    std::vector<MapClusterLevel> levels = watcher->result();
    const int count = int(levels.size());
    m_view->setClusterLevels(std::move(levels));
    Q_EMIT clustersShown(count);
  });
  // Qt's global pool, not the engine: see the header (a query that must not wait behind a layout).
  watcher->setFuture(QtConcurrent::run([model] { return summariseMap(*model); }));
}

std::vector<int> MapPanel::search(const QString &query) {
  if (m_search->text() != query) {
    const QSignalBlocker block(m_search);
    m_search->setText(query);
  }
  std::vector<int> matches;
  try {
    matches = m_model.matchCaptions(query);
  } catch (const std::invalid_argument &error) {
    m_view->setMatches({});
    setStatus(tr("Search: invalid regular expression: %1").arg(QString::fromUtf8(error.what())));
    return {};
  }
  m_view->setMatches(matches);
  if (!query.trimmed().isEmpty()) setStatus(tr("%n caption(s) match “%1”.", nullptr, int(matches.size())).arg(query.trimmed()));
  return matches;
}

void MapPanel::showNeighbours(int item, int k) {
  const std::shared_ptr<const JointSpace> space = m_space;
  const int token = ++m_neighbourToken;
  m_neighbourList->clear();
  m_view->setNeighbours({});
  // Only when the map shows the state's joint space (tests and callers may set other data).
  // (An epoch replay's sample is the split itself when the split is small; otherwise a part of it.)
  if (!space || item < 0 || item >= m_model.itemCount() || space->imageIds() != m_model.data().imageIds ||
      space->captions() != m_model.data().captions)
    return;
  const bool image = m_model.kind(item) == MapItemKind::Image;
  const int row = m_model.row(item);
  auto *watcher = new QFutureWatcher<JointSpace::Neighbours>(this);
  connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, token, item] {
    watcher->deleteLater();
    if (token != m_neighbourToken) return; // a newer click
    JointSpace::Neighbours found;
    try {
      found = watcher->result();
    } catch (const std::exception &error) {
      m_neighbourList->addItem(tr("No neighbours: %1").arg(QString::fromUtf8(error.what())));
      return;
    }
    std::vector<int> items;
    const auto header = [this](const QString &text) {
      auto *entry = new QListWidgetItem(text, m_neighbourList);
      QFont bold = entry->font();
      bold.setBold(true);
      entry->setFont(bold);
      entry->setFlags(Qt::ItemIsEnabled);
    };
    const auto add = [&](int mapItem, float score) {
      auto *entry = new QListWidgetItem(QStringLiteral("%1  %2").arg(score, 0, 'f', 3).arg(m_model.label(mapItem)), m_neighbourList);
      entry->setData(kItemRole, mapItem);
      entry->setToolTip(m_model.toolTip(mapItem));
      items.push_back(mapItem);
    };
    header(tr("Images"));
    for (const JointSpace::Ranked &r : found.images) add(m_model.imageItem(r.row), r.score);
    header(tr("Captions"));
    for (const JointSpace::Ranked &r : found.captions) add(m_model.captionItem(r.row), r.score);
    m_view->setNeighbours(std::move(items));
    Q_EMIT neighboursShown(item);
  });
  // Qt's global pool, not the engine: see the header (a query that must not wait behind a layout).
  watcher->setFuture(QtConcurrent::run([space, image, row, k] {
    return image ? space->neighboursOfImage(row, k) : space->neighboursOfCaption(row, k);
  }));
}

void MapPanel::activateItem(int item) {
  if (item < 0 || item >= m_model.itemCount()) return;
  showNeighbours(item);
  if (m_compared) m_compared->showMatching(m_model, {item});
  const int row = m_model.row(item);
  if (m_model.kind(item) == MapItemKind::Image) {
    m_state.selectImage(datasetImageOf(row));
    return;
  }
  // A caption: find it among its image's captions in the dataset (the joint space keeps the text).
  const int image = datasetImageOf(m_model.data().captionImage[std::size_t(row)]);
  const auto dataset = m_state.dataset();
  if (!dataset || image < 0) return;
  for (int c : dataset->images[std::size_t(image)].captions)
    if (dataset->captions[std::size_t(c)].raw == m_model.data().captions[row]) {
      m_state.selectCaption(c);
      return;
    }
  m_state.selectImage(image);
}

void MapPanel::onImageSelected(int datasetImage) {
  const auto dataset = m_state.dataset();
  int row = -1;
  if (dataset && datasetImage >= 0 && datasetImage < int(dataset->images.size()))
    row = m_rowOfImageId.value(dataset->images[std::size_t(datasetImage)].id, -1);
  m_view->setHighlightedImage(row);
}

void MapPanel::setLinesVisible(bool visible) {
  if (m_lines->isChecked() != visible) m_lines->setChecked(visible);
  m_view->setLinesVisible(visible);
}

void MapPanel::setThumbnailsVisible(bool visible) {
  if (m_thumbnails->isChecked() != visible) m_thumbnails->setChecked(visible);
  m_view->setThumbnailsVisible(visible);
  if (visible && !m_thumbnailsLoaded) loadThumbnails();
}

// Reads the images as an engine job; only the conversion to QPixmap happens on the GUI thread.
// Cancelled (from the Jobs tab), the map goes back to circles.
void MapPanel::loadThumbnails() {
  if (m_thumbnailsLoading) return;
  m_thumbnailsLoading = true;
  m_thumbnailJob.start(
      tr("Map thumbnails"), [paths = m_model.data().imagePaths.mid(0, kMaxThumbnails)](JobContext &job) { return readThumbnails(paths, job); },
      [this](const QHash<int, QImage> &images) {
        m_thumbnailsLoading = false;
        m_thumbnailsLoaded = true;
        QHash<int, QPixmap> pixmaps;
        for (auto it = images.cbegin(); it != images.cend(); ++it) pixmaps.insert(it.key(), QPixmap::fromImage(it.value()));
        m_view->setThumbnails(pixmaps);
        Q_EMIT thumbnailsLoaded(int(pixmaps.size()));
      },
      [this](const JobOutcome &) {
        m_thumbnailsLoading = false;
        setThumbnailsVisible(false);
      });
}

FigureExportResult MapPanel::exportTo(const QString &path, QSize size) {
  m_view->plot()->replot(); // draw pending (queued) changes before the picture is taken
  return exportFigure(*m_view, path, size);
}

void MapPanel::exportWithDialog() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export the map"), QStringLiteral("map.png"), figureFileFilter());
  if (path.isEmpty()) return;
  const FigureExportResult result = exportTo(path, QSize(m_exportWidth->value(), m_exportHeight->value()));
  setStatus(result.ok ? tr("Exported %1.").arg(path) : result.error);
}

}  // namespace gs
