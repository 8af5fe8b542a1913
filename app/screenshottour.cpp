#include "screenshottour.h"

#include "dataset/datasetbrowser.h"
#include "common/viewexport.h"
#include "help/manualwindow.h"
#include "workspaces.h"
#include "mainwindow.h"
#include "map/mappanel.h"
#include "regions/regionpanel.h"
#include "captionlab/captionlab.h"
#include "retrieval/retrievalpanel.h"
#include "runs/runspanel.h"
#include "training/trainconfigform.h"
#include "training/trainingpanel.h"
#include "trees/treepanel.h"
#include "common/workbenchstate.h"
#include "training/runs/runfolder.h"
#include "training/runs/runtrajectory.h"
#include "inference/goldgrounding.h"

#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>
#include <QScrollArea>
#include <QComboBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTextStream>
#include <QTimer>

#include <functional>

namespace gs {

namespace {
constexpr int kTourEpochs = 4;          // enough for a trained-looking dashboard, in about a minute
constexpr int kSettleMs = 2500;         // thumbnails, the tree inspection and replots land meanwhile
constexpr int kTimeoutMs = 15 * 60000;  // a machine slower than this has another problem
const QSize kPanelSize(1200, 760);      // each panel's own screenshot
constexpr int kPanelSettleMs = 800;     // relayout, lazy thumbnails of the newly visible rows
constexpr int kCaptionLabWaitMs = 60000; // the lab opens the run (its data) before the first score
constexpr int kRegionsWaitMs = 120000;  // opening an HM-LSTM or concepts run prepares its region data

QTextStream &log() {
  static QTextStream stream(stderr);
  return stream;
}
}  // namespace

ScreenshotTour::ScreenshotTour(MainWindow &window, const QString &outDir, const TourOptions &options, QObject *parent)
    : QObject(parent), m_window(window), m_outDir(outDir), m_options(options) {}

void ScreenshotTour::start() {
  if (!QDir().mkpath(m_outDir)) return fail(tr("cannot create %1").arg(m_outDir));
  m_window.resize(1600, 1000);
  connect(&m_window, &MainWindow::datasetOpened, this, &ScreenshotTour::onDatasetOpened, Qt::SingleShotConnection);
  QTimer::singleShot(kTimeoutMs, this, [this] { fail(tr("timed out")); });
  // First what a new user sees: the welcome view, before any dataset.
  QTimer::singleShot(kPanelSettleMs, this, [this] {
    m_failures += !saveFigure(m_window, QStringLiteral("welcome.png"));
    if (m_options.runDir.isEmpty()) {
      log() << "tour: opening the Scenes demo\n" << Qt::flush;
      m_window.openDemoDataset();
      return;
    }
    // An existing run: its own dataset, opened as the demo is.
    QString dataset;
    try {
      dataset = RunFolder(m_options.runDir).source().datasetPath;
    } catch (const std::exception &e) {
      return fail(QString::fromStdString(e.what()));
    }
    if (dataset.isEmpty()) return fail(tr("%1 names no dataset (run.json)").arg(m_options.runDir));
    log() << "tour: opening " << dataset << ", the dataset of " << m_options.runDir << '\n' << Qt::flush;
    if (!m_window.openDataset(dataset)) fail(tr("cannot open %1").arg(dataset));
  });
}

bool ScreenshotTour::saveFigure(QWidget &widget, const QString &name) {
  const QString path = QDir(m_outDir).filePath(name);
  const FigureExportResult result = exportFigure(widget, path);
  log() << "tour: " << (result.ok ? "wrote " : "FAILED ") << path << (result.ok ? QString() : QStringLiteral(": ") + result.error) << '\n';
  return result.ok;
}

// The manual as Help > Getting started opens it, and the Regions figure as the dock's Export
// button writes it.
void ScreenshotTour::captureHelpAndFigure() {
  const QString figure = QDir(m_outDir).filePath(QStringLiteral("figure.png"));
  const QString error = m_window.regionPanel()->exportFigure(figure, QSize(900, 560));
  log() << "tour: " << (error.isEmpty() ? QStringLiteral("wrote %1").arg(figure) : QStringLiteral("FAILED %1: %2").arg(figure, error)) << '\n';
  m_failures += !error.isEmpty();
  QWidget *manual = m_window.showManual(QStringLiteral("getting-started.md"));
  settle();
  m_failures += !saveFigure(*manual, QStringLiteral("manual.png"));
  manual->hide();
}

void ScreenshotTour::settle() {
  QElapsedTimer settle;
  settle.start();
  while (settle.elapsed() < kPanelSettleMs) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
}

// A test image with a distractor twin and a caption that mentions a relation: the views have the
// most to show there. Another dataset (a toured run's) may have neither: then its first test
// image with a caption.
bool ScreenshotTour::chooseImageAndCaption() {
  const auto dataset = m_window.workbench().dataset();
  if (!m_options.gold.isEmpty() && chooseGoldCaption()) return true;
  for (int i : dataset->imagesIn(Split::Test)) {
    const ImageRecord &image = dataset->images[std::size_t(i)];
    if (image.captions.empty()) continue;
    if (m_caption < 0 && !m_options.runDir.isEmpty()) m_image = i, m_caption = image.captions.front();
    if (image.distractor < 0) continue;
    for (int c : image.captions)
      if (dataset->captions[std::size_t(c)].orderSensitive) {
        m_image = i;
        m_caption = c;
        return true;
      }
  }
  return m_caption >= 0;
}

// The first photo of the gold set that the dataset has, and the caption its phrases are drawn on.
bool ScreenshotTour::chooseGoldCaption() {
  const auto dataset = m_window.workbench().dataset();
  QHash<QString, int> imageOfStem;
  for (int i = 0; i < int(dataset->images.size()); ++i) imageOfStem.insert(imageStem(dataset->images[std::size_t(i)].path), i);
  try {
    for (const GoldPhraseBox &phrase : readGoldSource(m_options.gold, imageOfStem.keys()).phrases) {
      const int i = imageOfStem.value(phrase.imageId, -1);
      if (i < 0 || phrase.captionIndex >= int(dataset->images[std::size_t(i)].captions.size())) continue;
      m_image = i;
      m_caption = dataset->images[std::size_t(i)].captions[std::size_t(phrase.captionIndex)];
      return true;
    }
  } catch (const std::exception &error) {
    log() << "tour: cannot read the gold set: " << error.what() << '\n';
  }
  return false;
}

void ScreenshotTour::onDatasetOpened() {
  WorkbenchState &state = m_window.workbench();
  if (!chooseImageAndCaption()) return fail(tr("no order-sensitive test caption in the demo"));
  state.selectCaption(m_caption);
  connect(&state, &WorkbenchState::jointSpaceChanged, this, [this] {
    if (!m_embedded && m_window.workbench().jointSpace()) {
      m_embedded = true;
      onRunReady();
    }
  });
  connect(&state, &WorkbenchState::runFailed, this, [this](const QString &, const QString &error) { fail(error); });
  if (!m_options.runDir.isEmpty()) {
    log() << "tour: opening the run " << m_options.runDir << '\n' << Qt::flush;
    if (!m_window.trainingPanel()->openRunFolder(m_options.runDir)) return fail(tr("cannot open the run %1").arg(m_options.runDir));
    state.openRun(m_window.bridge(), m_options.runDir);
    return;
  }
  trainTourModel();
}

// The demo's run: the tour's model trained from the Training panel, as a user would.
void ScreenshotTour::trainTourModel() {
  TrainingPanel &training = *m_window.trainingPanel();
  const QString &model = m_options.model;
  training.form()->setModel(model);
  if (training.form()->model() != model) return fail(tr("no model named %1").arg(model));
  if (auto *epochs = qobject_cast<QSpinBox *>(training.form()->editor(QStringLiteral("epochs"))))
    epochs->setValue(kTourEpochs);
  // The HM-LSTM: root-only epochs first, then correspondence steps, so the tour shows both; over
  // the demo's ground-truth phrase boxes, whose correspondences a few epochs learn (the figure
  // then shows learned boxes, most of them right), where the proposals need the full schedule.
  if (auto *rootEpochs = qobject_cast<QSpinBox *>(training.form()->editor(QStringLiteral("root_epochs"))))
    rootEpochs->setValue(kTourEpochs / 2);
  if (auto *regionSet = qobject_cast<QComboBox *>(training.form()->editor(QStringLiteral("regions"))))
    regionSet->setCurrentIndex(std::max(0, regionSet->findData(QStringLiteral("ground-truth"))));
  training.setOutputFolder(m_runs.filePath(model));
  log() << "tour: training " << model << " for " << kTourEpochs << " epochs\n" << Qt::flush;
  if (!training.start()) fail(tr("the Training panel did not start"));
}

void ScreenshotTour::onRunReady() {
  WorkbenchState &state = m_window.workbench();
  log() << "tour: run embedded; ranking, inspecting and mapping\n" << Qt::flush;
  // The figure shows a caption the trained model gets right where it can: among the order-
  // sensitive test captions, the one whose own image the run ranks best (first found on ties).
  if (const auto space = state.jointSpace()) {
    const auto dataset = state.dataset();
    int bestRank = 0;
    for (int i : dataset->imagesIn(Split::Test)) {
      const ImageRecord &image = dataset->images[std::size_t(i)];
      const int row = space->imageRowOf(image.id);
      if (image.distractor < 0 || row < 0) continue;
      for (int c : image.captions) {
        if (!dataset->captions[std::size_t(c)].orderSensitive) continue;
        const int rank = JointSpace::rankOf(space->rankImagesForSentence(dataset->captions[std::size_t(c)].raw), row);
        if (rank > 0 && (bestRank == 0 || rank < bestRank)) bestRank = rank, m_image = i, m_caption = c;
      }
    }
    if (bestRank > 0)
      log() << "tour: caption \"" << dataset->captions[std::size_t(m_caption)].raw << "\" ranks its image "
            << dataset->images[std::size_t(m_image)].id << " " << bestRank << " of " << space->imageCount() << "\n" << Qt::flush;
  }
  // The Trees dock opens on the sentence's root node, as a click there would (details, the images
  // nearest to it).
  connect(m_window.treePanel(), &TreePanel::inspectionShown, this, [this] {
    if (const InspectedTree *tree = m_window.treePanel()->inspection()) m_window.treePanel()->selectNode(tree->root);
  });
  // The Runs view lists the toured run beside any others in the runs folders.
  m_window.runsPanel()->addFolder(m_options.runDir.isEmpty() ? m_runs.path() : m_options.runDir);
  state.selectImage(-1); // re-select so every panel follows the trained run
  state.selectCaption(-1);
  state.selectCaption(m_caption);
  const QString caption = state.dataset()->captions[std::size_t(m_caption)].raw;
  m_window.retrievalPanel()->rankImages(caption);
  MapPanel &map = *m_window.mapPanel();
  map.setLinesVisible(true);
  connect(&map, &MapPanel::computeFinished, this, [this, &map](bool ok, const QString &message) {
    if (!ok) return fail(message);
    // Colour the map by one of the shown image's concepts (a coloured shape when it has one), and
    // ring the shown caption's nearest neighbours in the joint space, as a click on it would.
    const QStringList concepts = m_window.workbench().dataset()->images[std::size_t(m_image)].concepts;
    QString concept = concepts.isEmpty() ? QString() : concepts.first();
    for (const QString &c : concepts)
      if (c.contains(QLatin1Char(' '))) {
        concept = c;
        break;
      }
    if (!concept.isEmpty()) m_colouring = QStringLiteral("concept:") + concept;
    if (!m_colouring.isEmpty()) map.setColouring(m_colouring);
    map.setClusterLabelsVisible(true);
    const QString text = m_window.workbench().dataset()->captions[std::size_t(m_caption)].raw;
    const QStringList &captions = map.model().data().captions;
    const int row = int(captions.indexOf(text));
    if (row >= 0) {
      connect(&map, &MapPanel::neighboursShown, this, [this] { QTimer::singleShot(kSettleMs, this, &ScreenshotTour::capture); },
              Qt::SingleShotConnection);
      map.showNeighbours(map.model().captionItem(row));
    } else {
      QTimer::singleShot(kSettleMs, this, &ScreenshotTour::capture);
    }
  }, Qt::SingleShotConnection);
  map.compute(m_options.mapMode);
}

void ScreenshotTour::capture() {
  const auto save = [this](QWidget &widget, const QString &name) { m_failures += !saveFigure(widget, name); };
  // The Regions dock scores the image on its own thread once the run is open: let it finish, then
  // show what a user would look at first (the first phrase's regions, the top concept's box).
  RegionPanel &regions = *m_window.regionPanel();
  QElapsedTimer waited;
  waited.start();
  while (regions.isBusy() && waited.elapsed() < kRegionsWaitMs) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
  const bool concepts = regions.runKind() == RegionPanel::RunKind::Concepts;
  if (!m_options.gold.isEmpty()) {
    regions.loadGold(m_options.gold);
    waited.restart();
    while ((!regions.gold() || regions.isBusy()) && waited.elapsed() < kRegionsWaitMs) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
  }
  if (!regions.phrases().empty()) regions.selectPhrase(0);
  if (concepts) regions.highlightConcept(0);
  // The whole window in the workspace that shows the run best: Inspect for a run that learns
  // regions, Explore (the map and the ranked images) for the others.
  m_window.setWorkspace(regions.showcaseProblem().isEmpty() ? Workspace::Inspect : Workspace::Explore);
  settle();
  save(m_window, QStringLiteral("window.png"));
  QList<QPair<MainWindow::Dock, QString>> docks = {{MainWindow::Dock::Dataset, QStringLiteral("dataset.png")},
                                                        {MainWindow::Dock::Training, QStringLiteral("training.png")},
                                                        {MainWindow::Dock::Trees, QStringLiteral("trees.png")},
                                                        {MainWindow::Dock::Map, QStringLiteral("map.png")},
                                                        {MainWindow::Dock::Retrieval, QStringLiteral("retrieval.png")}};
  // The Regions showcase only from a run that learned what it shows (--tour-model hmlstm or concepts).
  const QString problem = regions.showcaseProblem();
  // With a gold set the dock is shown whatever the run learned: its line says how the run compares.
  if (!m_options.gold.isEmpty()) docks.prepend({MainWindow::Dock::Regions, QStringLiteral("regions-gold.png")});
  else if (problem.isEmpty()) docks.prepend({MainWindow::Dock::Regions, concepts ? QStringLiteral("concepts.png") : QStringLiteral("regions.png")});
  else log() << "tour: no Regions showcase: " << problem << '\n';
  prepareCaptionLab();
  docks.append({MainWindow::Dock::CaptionLab, QStringLiteral("captionlab.png")});
  docks.append({MainWindow::Dock::Runs, QStringLiteral("runs.png")});
  QElapsedTimer indexing;
  indexing.start();
  while (m_window.runsPanel()->isIndexing() && indexing.elapsed() < kRegionsWaitMs) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
  // Each panel on its own at a readable size: float its dock, let it lay out and repaint, grab.
  for (const auto &shot : docks) {
    QDockWidget &dock = *m_window.dock(shot.first);
    withFloatingDock(dock, [&] {
      auto *scroll = qobject_cast<QScrollArea *>(dock.widget());
      save(scroll ? *scroll->widget() : *dock.widget(), shot.second);
    });
  }
  captureHubs();
  captureHelpAndFigure();
  captureWorkspaces();
  captureContributions();
  log() << Qt::flush;
  captureEpochs();
}

// The Map with every item sized by how often it is among the other side's 10 nearest (map-hubs.png),
// then one size again.
void ScreenshotTour::captureHubs() {
  MapPanel &map = *m_window.mapPanel();
  if (!map.setSizing(QStringLiteral("hubs"))) {
    log() << "tour: the Map cannot size by hubs on this run\n";
    return;
  }
  withFloatingDock(*m_window.dock(MainWindow::Dock::Map), [&] { m_failures += !saveFigure(*m_window.dock(MainWindow::Dock::Map)->widget(), QStringLiteral("map-hubs.png")); });
  map.setSizing(QString());
}

namespace {
// Runs the event loop until `done` or `ms` pass; false on timeout.
bool waitFor(const std::function<bool()> &done, int ms) {
  QElapsedTimer waited;
  waited.start();
  while (!done() && waited.elapsed() < ms) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
  return done();
}

// Presses a panel's control found by its object name; false when it has none.
template <typename T> T *controlOf(QWidget &panel, const char *name) { return panel.findChild<T *>(QLatin1String(name)); }
}  // namespace

// A dock on its own at a readable size: floated, laid out and repainted, grabbed, docked again.
void ScreenshotTour::withFloatingDock(QDockWidget &dock, const std::function<void()> &grab) {
  dock.show();
  dock.setFloating(true);
  dock.resize(kPanelSize);
  dock.raise();
  settle();
  grab();
  dock.setFloating(false);
}

// After the documented screenshots, so those stay as they were: the Trees dock coloured by each
// part's occlusion contribution, and the Regions dock's occlusion map of the shown image where the
// run's backbone is a network that can see an occluded photo again (not precomputed npy: features).
void ScreenshotTour::captureContributions() {
  const auto grab = [this](MainWindow::Dock which, QWidget &panel, const QString &name) {
    withFloatingDock(*m_window.dock(which), [&] { m_failures += !saveFigure(panel, name); });
  };
  TreePanel &trees = *m_window.treePanel();
  auto *method = controlOf<QComboBox>(trees, "methodCombo");
  auto *colourBy = controlOf<QComboBox>(trees, "colourCombo");
  if (!method || !colourBy) return fail(tr("the Trees dock has no contribution colouring"));
  bool coloured = false;
  const auto treesDone = connect(&trees, &TreePanel::contributionsShown, this, [&coloured] { coloured = true; });
  method->setCurrentIndex(method->findData(int(AttributionMethod::Occlusion)));
  colourBy->setCurrentIndex(TreePanel::ByContribution);
  if (!waitFor([&coloured] { return coloured; }, kRegionsWaitMs)) log() << "tour: the Trees dock's contributions did not arrive\n";
  disconnect(treesDone);
  grab(MainWindow::Dock::Trees, trees, QStringLiteral("trees-contribution.png"));

  QString backbone;
  try {
    backbone = RunFolder(m_window.workbench().runDir()).source().backbone;
  } catch (const std::exception &e) {
    log() << "tour: no occlusion map: " << e.what() << '\n';
    return;
  }
  if (backbone.startsWith(QLatin1String("npy:"))) {
    log() << "tour: no occlusion map: the run's features were precomputed (" << backbone << ")\n";
    return;
  }
  RegionPanel &regions = *m_window.regionPanel();
  bool mapped = false;
  const auto regionsDone = connect(&regions, &RegionPanel::contributionsShown, this, [&mapped] { mapped = true; });
  if (auto *button = controlOf<QPushButton>(regions, "occlusionMapButton")) button->click();
  if (!waitFor([&mapped] { return mapped; }, kRegionsWaitMs)) log() << "tour: the occlusion map did not arrive\n";
  disconnect(regionsDone);
  grab(MainWindow::Dock::Regions, regions, QStringLiteral("regions-occlusion.png"));
}

namespace {
// The caption with its first two colour words exchanged ("a red circle above a blue square" →
// "a blue circle above a red square"): the same words, another scene.
QString swappedColours(const QString &caption) {
  static const QStringList kColours{QStringLiteral("red"), QStringLiteral("green"), QStringLiteral("blue"), QStringLiteral("yellow"),
                                    QStringLiteral("purple"), QStringLiteral("orange"), QStringLiteral("black"), QStringLiteral("white")};
  QStringList words = caption.split(QLatin1Char(' '));
  int first = -1;
  for (int i = 0; i < words.size(); ++i) {
    if (!kColours.contains(words[i].toLower())) continue;
    if (first < 0) first = i;
    else if (words[i].compare(words[first], Qt::CaseInsensitive) != 0) {
      words.swapItemsAt(first, i);
      return words.join(QLatin1Char(' '));
    }
  }
  return caption;
}
}  // namespace

void ScreenshotTour::prepareCaptionLab() {
  CaptionLab &lab = *m_window.captionLab();
  const QString caption =
      m_options.caption.isEmpty() ? m_window.workbench().dataset()->captions[std::size_t(m_caption)].raw : m_options.caption;
  const QString second = m_options.swap.isEmpty() ? swappedColours(caption) : m_options.swap;
  for (const QString &text : {caption, second}) {
    bool shown = false;
    const auto connection = connect(&lab, &CaptionLab::resultShown, this, [&shown] { shown = true; });
    lab.setCaption(text);
    QElapsedTimer waited;
    waited.start();
    while (!shown && waited.elapsed() < kCaptionLabWaitMs) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    disconnect(connection);
  }
}

// Each workspace as a laptop screen shows it (workspace-<name>.png at 1366×768), then the tour's
// own size and workspace again.
void ScreenshotTour::captureWorkspaces() {
  const QSize size = m_window.size();
  const Workspace shown = m_window.workspace();
  m_window.resize(1366, 768);
  for (const WorkspaceInfo &info : workspaces()) {
    m_window.setWorkspace(info.kind);
    m_window.resetWorkspace(); // its default, not what the panel grabs above left behind
    settle();
    m_failures += !saveFigure(m_window, QStringLiteral("workspace-%1.png").arg(QLatin1String(info.key)));
  }
  m_window.resize(size);
  m_window.setWorkspace(shown);
}

// The Map's epoch replay: the run's recorded sample laid out epoch after epoch, saved at the first,
// a middle and the last epoch (map-epoch-N.png). A toured run that recorded none (an imported space
// without its epochs, a run trained with record_sample 0) has no replay to show.
void ScreenshotTour::captureEpochs() {
  if (!m_options.runDir.isEmpty() && !RunTrajectory::exists(m_options.runDir)) {
    log() << "tour: " << m_options.runDir << " recorded no epochs: no map-epoch pictures\n" << Qt::flush;
    return finishTour();
  }
  MapPanel &map = *m_window.mapPanel();
  QDockWidget *dock = m_window.dock(MainWindow::Dock::Map);
  connect(&map, &MapPanel::replayShown, this, [this, &map, dock] {
    dock->show();
    dock->setFloating(true);
    dock->resize(kPanelSize);
    dock->raise();
    if (!m_colouring.isEmpty()) map.setColouring(m_colouring);
    const std::vector<int> &epochs = map.replayEpochNumbers();
    for (int index : {0, int(epochs.size()) / 2, int(epochs.size()) - 1}) {
      map.showEpoch(index);
      settle();
      m_failures += !saveFigure(*dock->widget(), QStringLiteral("map-epoch-%1.png").arg(epochs[std::size_t(index)]));
    }
    dock->setFloating(false);
    log() << Qt::flush;
    finishTour();
  }, Qt::SingleShotConnection);
  connect(&map, &MapPanel::computeFinished, this, [this](bool ok, const QString &message) {
    if (!ok) fail(message);
  }, Qt::SingleShotConnection);
  log() << "tour: replaying the recorded epochs on the Map\n" << Qt::flush;
  if (map.replayEpochs(m_options.mapMode) == 0) fail(map.statusText());
}

void ScreenshotTour::fail(const QString &why) {
  log() << "tour: failed: " << why << '\n' << Qt::flush;
  Q_EMIT finished(1);
}

}  // namespace gs
