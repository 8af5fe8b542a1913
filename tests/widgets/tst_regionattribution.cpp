// The Regions dock's image attribution on real small runs: "Part contributions" draws each
// region's contribution over the photo for an HM-LSTM run (the shared fixture's demo, ground-truth
// regions) and each concept's for a concepts run; "Occlusion map" on a run of precomputed (.npy)
// features says in the note why it cannot (the core's message), and that message goes when
// another image is selected.

#include "common/colourwidgets.h"
#include "data/loaddataset.h"
#include "engine/engine.h"
#include "shared/regionimageview.h"
#include "regions/regionpanel.h"
#include "scenesfixture.h"
#include "tinyrun.h"
#include "training/trainer.h"
#include "common/workbenchstate.h"
#include "findchild.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace gs;
using gs::test::child;

namespace {
constexpr int kWorkTimeoutMs = 300000; // opening a run prepares its data; the first parse loads Link Grammar

// A config shrunk to train in seconds on the 400 training images.
TrainConfig smallConfig(const QString &model) {
  TrainConfig config = TrainConfig::defaultsFor(model);
  config.epochs = 1;
  config.hiddenDim = 32;
  config.embedDim = 32;
  config.wordDim = 16;
  return config;
}
}  // namespace

class TestRegionAttribution : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;

  static bool hasFixture(const QString &features) {
    return QFileInfo::exists(qEnvironmentVariable("GS_SCENES_FIXTURE") + QStringLiteral("/") + features + QStringLiteral("/manifest.json"));
  }

  // The panel on `run` over `dataset`, a test caption selected and its figure drawn.
  static void openOnTestCaption(EngineBridge &bridge, WorkbenchState &state, RegionPanel &panel,
                                const std::shared_ptr<Dataset> &dataset, const QString &run) {
    panel.resize(1100, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    state.setDataset(dataset);
    QSignalSpy ready(&panel, &RegionPanel::runReady);
    state.openRun(bridge, run);
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty(), kWorkTimeoutMs);
    const int image = dataset->imagesIn(Split::Test).front();
    QSignalSpy shown(&panel, &RegionPanel::imageShown);
    state.selectCaption(dataset->images[std::size_t(image)].captions.front());
    QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() && !panel.isBusy(), kWorkTimeoutMs);
  }

  // Presses "Part contributions" and checks that one heat cell per area is drawn under a legend
  // symmetric about 0 whose title names the kind of part.
  static void verifyPartContributions(RegionPanel &panel, const QString &part) {
    QSignalSpy done(&panel, &RegionPanel::contributionsShown);
    QTest::mouseClick(child<QPushButton>(panel, "partContributionsButton"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!done.isEmpty(), kWorkTimeoutMs);
    const QString note = child<QLabel>(panel, "regionNote")->text();
    QVERIFY2(!note.contains(QStringLiteral("No contributions")), qPrintable(note));
    const RegionFigure &figure = child<RegionImageView>(panel, "regionImage")->figure();
    QVERIFY(!figure.heat.empty());
    auto *legend = child<ColourLegend>(panel, "heatLegend");
    QVERIFY(legend->isVisibleTo(&panel));
    QCOMPARE(legend->scale().lo(), -legend->scale().hi());
    QVERIFY2(legend->title().contains(part), qPrintable(legend->title()));
    QVERIFY(child<QPushButton>(panel, "exportImageContributionsButton")->isEnabled());
  }

private Q_SLOTS:
  void initTestCase() { QVERIFY(m_dir.isValid()); }

  void hmlstmRegionContributions() {
    if (!hasFixture(QStringLiteral("features-ground-truth"))) QSKIP("needs the scenes500 fixture's region features (run through ctest)");
    const TrainingSource source = test::scenesWithRegions(m_dir.path(), RegionSet::GroundTruth);
    TrainConfig config = smallConfig(QStringLiteral("hmlstm"));
    config.epochs = 2;
    config.rootEpochs = 1;
    config.regions = RegionSet::GroundTruth;
    const QString run = m_dir.filePath(QStringLiteral("hm"));
    train(prepareTrainingData(source), config, run);
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    RegionPanel panel(bridge, state);
    openOnTestCaption(bridge, state, panel, std::make_shared<Dataset>(loadDataset(source.datasetPath)), run);
    verifyPartContributions(panel, QStringLiteral("region"));
  }

  void conceptContributions() {
    if (!hasFixture(QStringLiteral("features-proposals"))) QSKIP("needs the scenes500 fixture's proposal features (run through ctest)");
    const TrainingSource source = test::scenesWithConcepts(m_dir.path(), false);
    const QString run = m_dir.filePath(QStringLiteral("concepts"));
    train(prepareTrainingData(source), smallConfig(QStringLiteral("concepts")), run);
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    RegionPanel panel(bridge, state);
    openOnTestCaption(bridge, state, panel, std::make_shared<Dataset>(loadDataset(source.datasetPath)), run);
    verifyPartContributions(panel, QStringLiteral("concept"));
  }

  // Precomputed features have no network to send an occluded photo through: the core says so,
  // the note shows it, and it is about that image only.
  void occlusionOnPrecomputedFeaturesIsExplained() {
    const test::TinyDataset tiny = test::makeTinyDataset(m_dir.filePath(QStringLiteral("tiny")));
    const QString run = m_dir.filePath(QStringLiteral("bow"));
    test::trainTinyRun(tiny, run, 1);
    auto dataset = std::make_shared<Dataset>(loadDataset(tiny.datasetPath));
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    RegionPanel panel(bridge, state);
    openOnTestCaption(bridge, state, panel, dataset, run);
    auto *note = child<QLabel>(panel, "regionNote");
    QSignalSpy done(&panel, &RegionPanel::contributionsShown);
    QTest::mouseClick(child<QPushButton>(panel, "occlusionMapButton"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!done.isEmpty(), kWorkTimeoutMs);
    QVERIFY2(note->text().contains(QStringLiteral("precomputed")), qPrintable(note->text()));
    QVERIFY(child<RegionImageView>(panel, "regionImage")->figure().heat.empty());
    QVERIFY(!child<QPushButton>(panel, "exportImageContributionsButton")->isEnabled());

    QSignalSpy shown(&panel, &RegionPanel::imageShown);
    state.selectImage(dataset->imagesIn(Split::Test).back());
    QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() && !panel.isBusy(), kWorkTimeoutMs);
    QVERIFY2(!note->text().contains(QStringLiteral("precomputed")), qPrintable(note->text()));
  }
};

QTEST_MAIN(TestRegionAttribution)
#include "tst_regionattribution.moc"
