// bench_window: the main window at MS-COCO's size (123,287 images, 616,767 captions in Karpathy's
// split: 113,287 training, 5,000 validation and 5,000 test images), measured in the window itself as
// a user meets it, against a frame budget of 50 ms:
//   1. a synthetic collection of that size is written: a CSV of the captions (the grammar of
//      `bench pipeline`, Flickr's length), image files hard-linked to three 500 × 375 JPEGs (the
//      thumbnails decode what a photo costs; ext4 allows 65,000 links a file), random 64-d features;
//   2. a bag-of-words run is trained on 5,000 of the training images (the run records the whole
//      collection as its data; the figures below are not about its accuracy);
//   3. the window (1366 × 768, fresh settings) opens the collection, filters and scrolls the Dataset
//      dock, opens the run, maps every split (all 739,054 items, embedded and laid out by PCA, then
//      panned, hovered, lassoed and searched), ranks a typed query in Retrieval and analyzes the test
//      split in the Analysis dock.
// Each step prints its time and the event loop's longest stall while it ran (a 5 ms timer's largest
// gap: what a user feels as a frozen window), with the resident and peak memory. Screenshots of the
// Dataset dock and the Map are saved into the folder. Run it on a quiet machine (a few GB, ~10 min):
//   QT_QPA_PLATFORM=offscreen build/tests/bench/bench_window [--dir DIR] [--images N] [--umap] [--dataset-only]
// --images scales the collection (five captions an image); --umap also times a UMAP layout of every
// split (many minutes at COCO's size); --dataset-only stops after the Dataset dock.

#include "mainwindow.h"
#include "workspaces.h"

#include "analysis/analysispanel.h"
#include "dataset/datasetbrowser.h"
#include "map/mappanel.h"
#include "map/mapview.h"
#include "retrieval/retrievalpanel.h"

#include "data/synthetic/flickrlike.h"
#include "engine/enginebridge.h"
#include "io/npy.h"
#include "runtime/runtime.h"
#include "training/trainer.h"
#include "training/trainingsource.h"
#include "training/trainingpanel.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QListView>
#include <QPainter>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <random>

#include <unistd.h>

using namespace gs;

namespace {

constexpr double kFrameBudgetMs = 50;

// MS-COCO in Karpathy's split: 616,767 captions over 123,287 images, so the first 332 images have a
// sixth caption.
struct CollectionSize {
  int images = 123287;
  int captions = 616767;
  int val = 5000, test = 5000;
};

struct Collection {
  QString csv, backbone;
};

// Three photo-sized JPEGs (a smooth gradient with shapes) every image file links to.
QString writePhoto(const QString &dir, int index) {
  QImage image(500, 375, QImage::Format_RGB32);
  QPainter painter(&image);
  QLinearGradient gradient(0, 0, 500, 375);
  gradient.setColorAt(0, QColor::fromHsv(index * 110 % 360, 120, 220));
  gradient.setColorAt(1, QColor::fromHsv((index * 110 + 180) % 360, 160, 90));
  painter.fillRect(image.rect(), gradient);
  painter.setBrush(QColor::fromHsv((index * 70 + 40) % 360, 200, 200));
  painter.drawEllipse(QPoint(150 + 80 * index, 190), 90, 60);
  painter.end();
  const QString path = dir + QStringLiteral("/photo-%1.jpg").arg(index);
  if (!image.save(path, "JPEG", 90)) throw std::runtime_error("cannot write " + path.toStdString());
  return path;
}

void linkImage(const QString &target, const QString &link) {
  if (::link(QFile::encodeName(target).constData(), QFile::encodeName(link).constData()) != 0 && errno != EEXIST)
    throw std::runtime_error("cannot link " + link.toStdString());
}

void writeFile(const QString &path, const QByteArray &bytes) {
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) throw std::runtime_error("cannot write " + path.toStdString());
}

Collection writeCollection(const QString &dir, const CollectionSize &size) {
  QDir().mkpath(dir + QStringLiteral("/images"));
  constexpr int kLinksPerFile = 50000;
  constexpr int kDim = 64;
  std::mt19937 rng(7);
  std::normal_distribution<float> noise(0.f, 1.f);
  std::vector<float> features;
  features.reserve(std::size_t(size.images) * kDim);
  QByteArray csv = "image,caption,split\n", ids;
  const int extraCaptions = size.captions - 5 * size.images;
  QString photo;
  for (int i = 0; i < size.images; ++i) {
    if (i % kLinksPerFile == 0) photo = writePhoto(dir, i / kLinksPerFile);
    const QString name = QStringLiteral("images/%1.jpg").arg(i, 7, 10, QLatin1Char('0'));
    linkImage(photo, dir + QLatin1Char('/') + name);
    for (int d = 0; d < kDim; ++d) features.push_back(noise(rng));
    ids += name.toUtf8() + '\n';
    const QByteArray split = i >= size.images - size.test ? "test" : i >= size.images - size.test - size.val ? "val" : "train";
    for (int c = 0; c < 5 + (i < extraCaptions ? 1 : 0); ++c)
      csv += name.toUtf8() + ',' + flickrLikeCaption(1, i, c).join(QLatin1Char(' ')).toUtf8() + ',' + split + '\n';
  }
  Collection out;
  out.csv = dir + QStringLiteral("/collection.csv");
  writeFile(out.csv, csv);
  const QString npy = dir + QStringLiteral("/features.npy");
  writeNpy(npy, features.data(), size.images, kDim);
  writeFile(dir + QStringLiteral("/features.ids.txt"), ids);
  out.backbone = QStringLiteral("npy:") + npy;
  return out;
}

// The bag of words on the first 5,000 training images, one epoch, evaluated on 1,000 validation
// images: enough for a joint space to map and rank.
QString trainRun(const Collection &collection, const QString &dir) {
  TrainingSource source;
  source.datasetPath = collection.csv;
  source.backbone = collection.backbone;
  TrainingData data = prepareTrainingData(source);
  int trainImages = 0, valImages = 0;
  for (Split &split : data.imageSplits) {
    if (split == Split::Train && ++trainImages > 5000) split = Split::Unassigned;
    if (split == Split::Val && ++valImages > 1000) split = Split::Unassigned;
  }
  TrainConfig config = TrainConfig::defaultsFor(QStringLiteral("bow"));
  config.epochs = 1;
  const QString run = dir + QStringLiteral("/run");
  train(data, config, run);
  return run;
}

// The event loop's longest stall: a 5 ms timer's largest gap between ticks, less its interval.
class StallProbe {
public:
  StallProbe() {
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(5);
    QObject::connect(&m_timer, &QTimer::timeout, [this] {
      const double now = m_clock.nsecsElapsed() / 1e6;
      m_longest = std::max(m_longest, now - m_last - 5);
      if (now - m_last - 5 > kFrameBudgetMs) ++m_over;
      m_last = now;
    });
  }
  void start() {
    m_longest = 0;
    m_over = 0;
    m_clock.start();
    m_last = 0;
    m_timer.start();
  }
  // The longest gap, the open one at the end included.
  double stop() {
    m_longest = std::max(m_longest, m_clock.nsecsElapsed() / 1e6 - m_last - 5);
    m_timer.stop();
    return std::max(0.0, m_longest);
  }
  int over() const { return m_over; }

private:
  QTimer m_timer;
  QElapsedTimer m_clock;
  double m_last = 0, m_longest = 0;
  int m_over = 0;
};

double memoryGb(const char *field) {
  QFile status(QStringLiteral("/proc/self/status"));
  if (!status.open(QIODevice::ReadOnly)) return 0;
  for (const QByteArray &line : status.readAll().split('\n'))
    if (line.startsWith(field)) return line.mid(int(qstrlen(field))).trimmed().split(' ').value(0).toDouble() / (1024.0 * 1024.0);
  return 0;
}

struct Step {
  QString what;
  double ms = 0, stallMs = 0;
  QString detail;
};

class Report {
public:
  void add(const Step &step) {
    m_steps.push_back(step);
    std::printf("%-58s %10.1f ms  stall %7.1f ms  %s  (held %.2f GB, peak %.2f GB)\n", qPrintable(step.what), step.ms, step.stallMs,
                qPrintable(step.detail), memoryGb("VmRSS:"), memoryGb("VmHWM:"));
    std::fflush(stdout);
  }
  void printTable() const {
    std::printf("\n| step | time (ms) | longest stall of the window (ms) | over the %.0f ms budget | |\n|---|---:|---:|---|---|\n", kFrameBudgetMs);
    for (const Step &s : m_steps)
      std::printf("| %s | %.1f | %.1f | %s | %s |\n", qPrintable(s.what), s.ms, s.stallMs, s.stallMs > kFrameBudgetMs ? "**yes**" : "no",
                  qPrintable(s.detail));
    std::printf("\npeak resident memory %.2f GB\n", memoryGb("VmHWM:"));
  }

private:
  std::vector<Step> m_steps;
};

// Runs `start`, then the event loop until `done` holds (or the timeout passes); times both and
// probes the loop's stalls meanwhile.
template <typename Start, typename Done>
Step timedUntil(const QString &what, Start start, Done done, int timeoutMs = 1800000) {
  StallProbe probe;
  probe.start();
  QElapsedTimer t;
  t.start();
  start();
  if (!QTest::qWaitFor(done, timeoutMs)) throw std::runtime_error(QString(what + QStringLiteral(": not done in time")).toStdString());
  return {what, t.nsecsElapsed() / 1e6, probe.stop(), {}};
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

void saveShot(MainWindow &window, const QString &path) {
  QApplication::processEvents();
  window.grab().save(path);
  std::printf("screenshot: %s\n", qPrintable(path));
}

// Typing a word into the Dataset dock's search: each keystroke (the search waits for a pause), then
// the filter over every image, then clearing it.
void benchDatasetSearch(DatasetBrowser &browser, Report &report) {
  auto *edit = browser.findChild<QLineEdit *>(QStringLiteral("searchEdit"));
  auto *grid = browser.findChild<QListView *>(QStringLiteral("grid"));
  if (!edit || !grid) throw std::runtime_error("the Dataset dock has no search field or grid");
  edit->setFocus();
  double worstKey = 0;
  for (const QChar c : QStringLiteral("dog")) {
    QElapsedTimer key;
    key.start();
    QTest::keyClick(edit, c.toLatin1());
    QApplication::processEvents();
    worstKey = std::max(worstKey, key.nsecsElapsed() / 1e6);
  }
  report.add({QStringLiteral("Dataset: a keystroke in the search"), worstKey, worstKey, QStringLiteral("worst of 3")});
  for (const QString &query : {QStringLiteral("dog"), QStringLiteral("red ball"), QString()}) {
    edit->setText(query);
    Step step = timedUntil(QStringLiteral("Dataset: search \"%1\" over every image").arg(query), [&] { browser.applySearch(); }, [] { return true; });
    QApplication::processEvents();
    step.detail = QStringLiteral("%1 images shown").arg(grid->model()->rowCount());
    report.add(step);
  }
}

// Scrolling the grid a page at a time, then to the end and back: the repaint of each position.
void benchDatasetScroll(DatasetBrowser &browser, Report &report) {
  auto *grid = browser.findChild<QListView *>(QStringLiteral("grid"));
  QScrollBar *bar = grid->verticalScrollBar();
  StallProbe probe;
  probe.start();
  std::vector<double> frames;
  const auto frame = [&](int value) {
    QElapsedTimer t;
    t.start();
    bar->setValue(value);
    grid->viewport()->repaint();
    frames.push_back(t.nsecsElapsed() / 1e6);
    QTest::qWait(20); // thumbnails arrive from their thread between frames
  };
  for (int k = 0; k < 40; ++k) frame(bar->value() + bar->pageStep());
  frame(bar->maximum());
  frame(bar->maximum() / 2);
  frame(0);
  const double stall = probe.stop();
  report.add({QStringLiteral("Dataset: scroll the grid (43 positions)"), median(frames), stall,
              QStringLiteral("median frame; worst %1 ms; %2 rows of thumbnails")
                  .arg(*std::max_element(frames.begin(), frames.end()), 0, 'f', 1)
                  .arg(bar->maximum() / std::max(1, grid->gridSize().height()))});
}

// The Map's own plot at every split: a pan, the item under the mouse, a rubber band over a third of
// the map, and the caption search.
void benchMapFrames(MapPanel &map, Report &report) {
  auto *view = map.findChild<MapView *>();
  if (!view) throw std::runtime_error("the Map has no view");
  QCustomPlot *plot = view->plot();
  std::vector<double> pan, hover;
  for (int k = 0; k < 9; ++k) {
    const QCPRange r = plot->xAxis->range();
    QElapsedTimer t;
    t.start();
    plot->xAxis->setRange(r.lower + r.size() * 0.05, r.upper + r.size() * 0.05);
    plot->replot(QCustomPlot::rpImmediateRefresh);
    pan.push_back(t.nsecsElapsed() / 1e6);
    t.restart();
    volatile int picked = view->itemAtPixel(QPointF(300 + 13 * k, 250 - 7 * k));
    (void)picked;
    hover.push_back(t.nsecsElapsed() / 1e6);
  }
  report.add({QStringLiteral("Map: pan"), median(pan), *std::max_element(pan.begin(), pan.end()), QStringLiteral("median of 9; the stall is the worst")});
  report.add({QStringLiteral("Map: the item under the mouse"), median(hover), *std::max_element(hover.begin(), hover.end()), QStringLiteral("median of 9")});
  const QCPRange x = plot->xAxis->range(), y = plot->yAxis->range();
  const QRectF third(x.lower + x.size() / 3, y.lower, x.size() / 3, y.size());
  Step lasso = timedUntil(QStringLiteral("Map: rubber band over a third, redrawn"), [&] {
    map.selectInRect(third);
    plot->replot(QCustomPlot::rpImmediateRefresh);
  }, [] { return true; });
  lasso.detail = QStringLiteral("%1 items selected").arg(map.model().selection().size());
  report.add(lasso);
  map.selectInRect({});
  std::size_t found = 0;
  Step search = timedUntil(QStringLiteral("Map: caption search \"dog\""), [&] { found = map.search(QStringLiteral("dog")).size(); }, [] { return true; });
  search.detail = QStringLiteral("%1 captions ringed").arg(found);
  report.add(search);
}

void benchRetrieval(RetrievalPanel &retrieval, Report &report) {
  for (const QString &sentence : {QStringLiteral("a dog runs on the grass"), QStringLiteral("two men playing football in a park")}) {
    QSignalSpy ranked(&retrieval, &RetrievalPanel::imagesRanked);
    Step step = timedUntil(QStringLiteral("Retrieval: typed query ranks the test images"), [&] { retrieval.rankImages(sentence); },
                           [&] { return !ranked.isEmpty(); });
    step.detail = QStringLiteral("\"%1\"").arg(sentence);
    report.add(step);
  }
  QSignalSpy ranked(&retrieval, &RetrievalPanel::captionsRanked);
  report.add(timedUntil(QStringLiteral("Retrieval: picked image ranks the test captions"), [&] { retrieval.rankCaptions(0); },
                        [&] { return !ranked.isEmpty(); }));
  QLineEdit *edit = retrieval.sentenceEdit();
  edit->clear();
  edit->setFocus();
  std::vector<double> keys;
  for (const QChar c : QStringLiteral("a brown do")) {
    QElapsedTimer key;
    key.start();
    QTest::keyClick(edit, c.toLatin1());
    QApplication::processEvents();
    keys.push_back(key.nsecsElapsed() / 1e6);
  }
  const double later = *std::max_element(keys.begin() + 1, keys.end());
  report.add({QStringLiteral("Retrieval: the first keystroke (opens the completer)"), keys.front(), keys.front(), {}});
  report.add({QStringLiteral("Retrieval: a later keystroke with the completer"), later, later, QStringLiteral("worst of 9")});
}

struct Options {
  CollectionSize size;
  QString dir;
  bool umap = false;
  bool datasetOnly = false; // the collection and the Dataset dock only: no run, no Map
};

Options parseOptions(const QStringList &args) {
  Options options;
  for (int i = 1; i < args.size(); ++i) {
    if (args[i] == QLatin1String("--umap")) options.umap = true;
    if (args[i] == QLatin1String("--dataset-only")) options.datasetOnly = true;
    if (i + 1 >= args.size()) continue;
    if (args[i] == QLatin1String("--dir")) options.dir = args[i + 1];
    if (args[i] == QLatin1String("--images")) {
      options.size.images = std::max(1000, args[i + 1].toInt());
      options.size.captions = 5 * options.size.images;
      options.size.val = options.size.test = std::max(100, options.size.images / 25);
    }
  }
  return options;
}

void benchWindow(const Collection &collection, const QString &run, const Options &options, Report &report) {
  Engine engine;
  EngineBridge bridge(engine);
  QSettings settings(options.dir + QStringLiteral("/window.ini"), QSettings::IniFormat);
  MainWindow window(bridge, settings);
  window.setAskBeforeClosing(false);
  window.resize(1366, 768);
  window.show();
  if (!QTest::qWaitForWindowExposed(&window)) throw std::runtime_error("the window was not shown");
  window.setWorkspace(Workspace::Data);

  QSignalSpy opened(&window, &MainWindow::datasetOpened);
  Step open = timedUntil(QStringLiteral("open the collection"), [&] { window.openDataset(collection.csv); }, [&] { return !opened.isEmpty(); });
  const std::shared_ptr<const Dataset> dataset = window.workbench().dataset();
  open.detail = QStringLiteral("%1 images, %2 captions").arg(dataset ? dataset->images.size() : 0).arg(dataset ? dataset->captions.size() : 0);
  report.add(open);
  auto *browser = window.findChild<DatasetBrowser *>();
  if (!browser) throw std::runtime_error("no Dataset dock");
  report.add(timedUntil(QStringLiteral("Dataset: the search's index built (a job)"), [] {}, [browser] { return !browser->isIndexing(); }));
  QTest::qWait(500);
  saveShot(window, options.dir + QStringLiteral("/window-dataset.png"));
  benchDatasetSearch(*browser, report);
  benchDatasetScroll(*browser, report);
  if (options.datasetOnly) return;

  report.add(timedUntil(QStringLiteral("open the run (its test split embedded)"), [&] { window.trainingPanel()->openRunFolder(run); },
                        [&] { return window.workbench().jointSpace() != nullptr; }));
  window.setWorkspace(Workspace::Explore);
  MapPanel &map = *window.mapPanel();
  QSignalSpy shown(&map, &MapPanel::splitShown);
  Step all = timedUntil(QStringLiteral("Map: every split embedded and laid out (PCA)"), [&] { map.showAllSplits(); },
                        [&] { return !shown.isEmpty() && map.model().hasPositions() && !map.isComputing(); });
  all.detail = QStringLiteral("%1 items").arg(map.model().itemCount());
  report.add(all);
  QTest::qWait(300);
  saveShot(window, options.dir + QStringLiteral("/window-map.png"));
  benchMapFrames(map, report);
  if (options.umap) {
    QSignalSpy finished(&map, &MapPanel::computeFinished);
    report.add(timedUntil(QStringLiteral("Map: UMAP layout of every split"), [&] { map.computeUmap({}); }, [&] { return !finished.isEmpty(); }));
    saveShot(window, options.dir + QStringLiteral("/window-map-umap.png"));
  }
  benchRetrieval(*window.retrievalPanel(), report);
  QSignalSpy analyzed(window.analysisPanel(), &AnalysisPanel::analyzed);
  Step analysis = timedUntil(QStringLiteral("Analysis: analyze the test split"), [&] { window.analysisPanel()->analyze(); },
                             [&] { return !analyzed.isEmpty(); });
  analysis.detail = window.analysisPanel()->statusText().left(80);
  report.add(analysis);
  engine.cancelAll();
  engine.waitForIdle(60000);
}

}  // namespace

int main(int argc, char *argv[]) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  runtime::initialise(0);
  Options options = parseOptions(app.arguments());
  QTemporaryDir temporary;
  if (options.dir.isEmpty()) options.dir = temporary.path();
  try {
    QElapsedTimer t;
    t.start();
    const Collection collection = writeCollection(options.dir, options.size);
    std::printf("collection: %d images, %d captions written in %.1f s\n", options.size.images, options.size.captions, t.nsecsElapsed() / 1e9);
    t.restart();
    const QString run = options.datasetOnly ? QString() : trainRun(collection, options.dir);
    if (!run.isEmpty()) std::printf("run: bag of words on 5,000 training images, trained in %.1f s\n\n", t.nsecsElapsed() / 1e9);
    Report report;
    benchWindow(collection, run, options, report);
    report.printTable();
  } catch (const std::exception &error) {
    std::fprintf(stderr, "bench_window: %s\n", error.what());
    return 1;
  }
  return 0;
}
