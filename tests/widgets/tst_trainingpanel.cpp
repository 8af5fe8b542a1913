// The Training dashboard: its form is built from the config schema, round-trips every model's
// defaults and shows each model's own settings; the plots follow the measure and smoothing (the
// curve arithmetic itself is tested in core, tst_runfolder); and a real tiny run trained through the panel
// draws live curves, pauses, resumes, stops (keeping its checkpoint), resumes from its folder,
// finishes, becomes the workbench's current run, and reads back from its folder identically.

#include "common/viewexport.h"
#include "training/runs/runcurves.h"
#include "tinyrun.h"
#include "training/trainconfigform.h"
#include "training/trainingpanel.h"
#include "training/trainingplots.h"
#include "common/workbenchstate.h"
#include "findchild.h"

#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include "training/backbonepicker.h"
#include "vision/backbonespec.h"

#include "data/loaddataset.h"
#include "training/modelregistry.h"
#include "engine/engine.h"
#include "engine/enginebridge.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace gs;
using gs::test::child;

namespace {
constexpr int kTrainTimeoutMs = 60000; // generous: the CI machine is shared by parallel builds

// Pixels of `image` within a small distance of `colour` (antialiasing blends line edges).
int pixelsNear(const QImage &image, const QColor &colour, int tolerance = 40) {
  int count = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      const QColor c = image.pixelColor(x, y);
      if (std::abs(c.red() - colour.red()) + std::abs(c.green() - colour.green()) + std::abs(c.blue() - colour.blue()) <
          tolerance)
        ++count;
    }
  return count;
}
} // namespace

class TestTrainingPanel : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  test::TinyDataset m_tiny;

private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_tiny = test::makeTinyDataset(m_dir.path());
  }

  // --- the form ------------------------------------------------------------------------------
  void formIsBuiltFromTheSchemaWithEachModelsDefaults_data() {
    QTest::addColumn<QString>("model");
    for (const QString &m : TrainConfig::models()) QTest::newRow(qPrintable(m)) << m;
  }
  void formIsBuiltFromTheSchemaWithEachModelsDefaults() {
    QFETCH(QString, model);
    TrainConfigForm form;
    QSignalSpy modelChanged(&form, &TrainConfigForm::modelChanged);
    form.setModel(model);
    QCOMPARE(modelChanged.count(), 1);
    const QJsonObject defaults = TrainConfig::defaultsFor(model).toJson();
    // Every field shows the model's default, also those config.json leaves out at their defaults
    // (record_sample once showed 0, and the GUI's runs recorded no epochs).
    const QJsonObject every = TrainConfig::defaultsFor(model).allValues();
    for (const ConfigField &field : trainConfigSchema()) {
      QWidget *editor = form.editor(field.key);
      QVERIFY2(editor, qPrintable(field.key));
      if (field.kind == QLatin1String("choice")) {
        auto *combo = qobject_cast<QComboBox *>(editor);
        QVERIFY2(combo, qPrintable(field.key));
        QCOMPARE(combo->count(), field.choices.size());
        QCOMPARE(combo->currentData().toString(), every.value(field.key).toString()); // the value; the text may say more
      } else if (field.kind == QLatin1String("int")) {
        auto *spin = qobject_cast<QSpinBox *>(editor);
        QVERIFY2(spin, qPrintable(field.key));
        const QJsonValue v = every.value(field.key);
        QCOMPARE(spin->value(), v.isString() ? v.toString().toInt() : v.toInt());
      } else if (field.kind == QLatin1String("bool")) {
        QVERIFY2(qobject_cast<QCheckBox *>(editor), qPrintable(field.key));
      } else {
        QVERIFY2(qobject_cast<QLineEdit *>(editor), qPrintable(field.key));
      }
    }
    TrainConfig config;
    QString error;
    QVERIFY2(form.config(&config, &error), qPrintable(error));
    QCOMPARE(config.toJson(), defaults); // every field round-trips, doubles exactly
  }

  // Each model's form shows the settings its registry entry lists, and only those; hidden fields
  // keep their values (they travel in config.json all the same).
  void formShowsEachModelsOwnSettings() {
    TrainConfigForm form;
    for (const ModelEntry &entry : modelRegistry()) {
      form.setModel(entry.name);
      for (const ConfigField &field : trainConfigSchema()) {
        const bool shown = entry.settings.testFlag(field.group);
        QCOMPARE(form.isShown(field.key), shown);
        QCOMPARE(!form.editor(field.key)->isHidden(), shown);
      }
    }
    form.setModel(QStringLiteral("dtrnn"));
    QVERIFY(form.isShown(QStringLiteral("activation")));
    QVERIFY(!form.isShown(QStringLiteral("char_dim")));
    QVERIFY(!form.isShown(QStringLiteral("lstm_positions")));
    form.setModel(QStringLiteral("cca"));
    QVERIFY(form.isShown(QStringLiteral("cca_regularisation")));
    QVERIFY(!form.isShown(QStringLiteral("learning_rate"))); // fitted in closed form
    TrainConfig config;
    QString error;
    QVERIFY2(form.config(&config, &error), qPrintable(error));
    QCOMPARE(config.toJson(), TrainConfig::defaultsFor(QStringLiteral("cca")).toJson());
  }

  // The model box shows the start of a long title; its tooltip has all of it and the note under
  // it does not repeat it. Freeze words applies to loaded vectors only: disabled, saying why,
  // until Word vectors names a file.
  void modelBoxAndFreezeWordsSayWhatTheyDo() {
    TrainConfigForm form;
    form.setModel(QStringLiteral("hmlstm"));
    auto *combo = qobject_cast<QComboBox *>(form.editor(QStringLiteral("model")));
    QVERIFY(combo);
    const ModelEntry &hmlstm = *findModel(QStringLiteral("hmlstm"));
    QVERIFY(combo->toolTip().startsWith(QStringLiteral("%1 — %2").arg(modelTitle(hmlstm), modelSummary(hmlstm))));
    const auto *note = form.findChild<QLabel *>(QStringLiteral("modelNote"));
    QVERIFY(note);
    QVERIFY2(!note->text().contains(modelSummary(hmlstm)), qPrintable(note->text()));
    QVERIFY(note->text().contains(hmlstm.paper));

    auto *freeze = qobject_cast<QCheckBox *>(form.editor(QStringLiteral("freeze_words")));
    auto *vectors = qobject_cast<QLineEdit *>(form.editor(QStringLiteral("word_vectors")));
    QVERIFY(freeze && vectors);
    QVERIFY(vectors->text().isEmpty());
    QVERIFY(!freeze->isEnabled());
    QVERIFY2(freeze->toolTip().contains(QStringLiteral("choose a file under Word vectors")), qPrintable(freeze->toolTip()));
    vectors->setText(QStringLiteral("/data/glove.6B.300d.txt"));
    QVERIFY(freeze->isEnabled());
    QVERIFY(!freeze->toolTip().contains(QStringLiteral("choose a file under Word vectors")));
    vectors->clear();
    QVERIFY(!freeze->isEnabled());
    // The value still travels: a configuration loaded with vectors and freezing keeps both.
    TrainConfig config;
    QString error;
    QVERIFY2(form.config(&config, &error), qPrintable(error));
    QCOMPARE(config.freezeWords, TrainConfig::defaultsFor(QStringLiteral("hmlstm")).freezeWords);
  }

  // The concepts model's ablation rows (Huang et al. Table 2) are its presets: choosing one fills
  // the form with the model's defaults and the row's settings; "defaults" restores them.
  void presetsFillTheForm() {
    TrainConfigForm form;
    auto *presets = child<QComboBox>(form, "preset");
    form.setModel(QStringLiteral("cca"));
    QVERIFY(!presets->isHidden());
    QCOMPARE(presets->count(), 2); // the defaults and CCA's one preset, the photos search's
    QCOMPARE(presets->itemText(1), QStringLiteral("photos"));
    form.setModel(QStringLiteral("concepts"));
    QVERIFY(!presets->isHidden());
    QCOMPARE(presets->count(), int(modelNamed(QStringLiteral("concepts")).presets.size()) + 1);
    QCOMPARE(presets->itemText(6), QStringLiteral("cnp"));
    QVERIFY(form.applyPreset(QStringLiteral("cnp-ctx-c")));
    QCOMPARE(presets->currentText(), QStringLiteral("cnp + ctx (C)"));
    TrainConfig config;
    QString error;
    QVERIFY2(form.config(&config, &error), qPrintable(error));
    QCOMPARE(enumName(config.fusion), QStringLiteral("sum"));
    QCOMPARE(config.generationWeight, 0.0);
    QVERIFY(form.applyPreset(QStringLiteral("ctx-1crop")));
    QVERIFY2(form.config(&config, &error), qPrintable(error));
    QCOMPARE(enumName(config.imageInput), QStringLiteral("context"));
    QCOMPARE(config.crops, 1);
    QCOMPARE(enumName(config.fusion), QStringLiteral("gate")); // the previous row's settings do not linger
    presets->setCurrentIndex(0);
    QVERIFY2(form.config(&config, &error), qPrintable(error));
    QCOMPARE(config.toJson(), TrainConfig::defaultsFor(QStringLiteral("concepts")).toJson());
    QVERIFY(!form.applyPreset(QStringLiteral("no-such-row")));
  }

  void editingAFieldChangesTheConfig() {
    TrainConfigForm form;
    form.setModel(QStringLiteral("lstm"));
    QSignalSpy edited(&form, &TrainConfigForm::edited);
    qobject_cast<QSpinBox *>(form.editor(QStringLiteral("epochs")))->setValue(7);
    qobject_cast<QLineEdit *>(form.editor(QStringLiteral("learning_rate")))->setText(QStringLiteral("1e-4"));
    qobject_cast<QComboBox *>(form.editor(QStringLiteral("optimizer")))->setCurrentText(QStringLiteral("sgd"));
    qobject_cast<QCheckBox *>(form.editor(QStringLiteral("freeze_words")))->setChecked(true);
    QVERIFY(edited.count() >= 4);
    TrainConfig config;
    QString error;
    QVERIFY2(form.config(&config, &error), qPrintable(error));
    QCOMPARE(config.modelName(), QStringLiteral("lstm"));
    QCOMPARE(config.epochs, 7);
    QCOMPARE(config.learningRate, 1e-4);
    QCOMPARE(enumName(config.optimizer), QStringLiteral("sgd"));
    QVERIFY(config.freezeWords);
    QCOMPARE(config.hiddenDim, TrainConfig::defaultsFor(QStringLiteral("lstm")).hiddenDim); // untouched fields keep defaults

    // A value the config rejects is named; text that is no number too.
    qobject_cast<QSpinBox *>(form.editor(QStringLiteral("batch_size")))->setValue(1);
    QVERIFY(!form.config(&config, &error));
    QVERIFY2(error.contains(QStringLiteral("batch_size")), qPrintable(error));
    qobject_cast<QSpinBox *>(form.editor(QStringLiteral("batch_size")))->setValue(32);
    qobject_cast<QLineEdit *>(form.editor(QStringLiteral("margin")))->setText(QStringLiteral("abc"));
    error.clear();
    QVERIFY(!form.config(&config, &error));
    QVERIFY2(error.contains(QStringLiteral("Margin")), qPrintable(error));

    // Choosing another model refills everything with its defaults.
    form.setModel(QStringLiteral("chargru"));
    QVERIFY2(form.config(&config, &error), qPrintable(error));
    QCOMPARE(config.toJson(), TrainConfig::defaultsFor(QStringLiteral("chargru")).toJson());
  }

  void plotsFollowTheMeasureAndSmoothing() {
    RunCurves curves;
    for (int i = 1; i <= 4; ++i) {
      BatchEvent b;
      b.epoch = 1;
      b.iteration = i;
      b.loss = 10 * i;
      curves.addBatch(b);
    }
    for (int e = 1; e <= 3; ++e) {
      EpochEvent epoch;
      epoch.epoch = e;
      epoch.validation.imageToText.r1 = e;
      epoch.validation.textToImage.r1 = 2 * e;
      epoch.validation.rsum = 100 * e;
      curves.addEpoch(epoch);
    }
    TrainingPlots plots;
    // Before any run: no legend box over the empty plots.
    QVERIFY(!plots.lossPlot()->legend->visible());
    QVERIFY(!plots.validationPlot()->legend->visible());
    plots.setMeasure(RecallMeasure::R1);
    plots.setSmoothing(0);
    plots.setRun(7, QStringLiteral("run"), Qt::red, curves);
    QVERIFY(plots.lossPlot()->legend->visible());
    QVERIFY(plots.validationPlot()->legend->visible());
    QCOMPARE(plots.validationPointCount(7), 3);
    QCPGraph *imageToText = plots.validationPlot()->graph(0);
    QCPGraph *textToImage = plots.validationPlot()->graph(1);
    QCOMPARE(imageToText->data()->at(2)->value, 3.0);
    QCOMPARE(textToImage->data()->at(2)->value, 6.0);
    QCOMPARE(plots.lossPlot()->graph(1)->data()->at(3)->value, 40.0); // smoothing 0: the raw values
    plots.setSmoothing(0.5);
    QVERIFY(plots.lossPlot()->graph(1)->data()->at(3)->value < 40.0);
    plots.setMeasure(RecallMeasure::Rsum); // one line: rsum sums both directions
    QCOMPARE(imageToText->data()->at(1)->value, 200.0);
    QCOMPARE(textToImage->dataCount(), 0);
    plots.refresh();
    QCOMPARE(plots.validationPlot()->yAxis->range().lower, 0.0);
    QVERIFY(plots.validationPlot()->yAxis->range().upper >= 300.0);
    plots.setRunVisible(7, false);
    QVERIFY(!imageToText->visible());
    QVERIFY(!plots.lossPlot()->graph(0)->visible());
    plots.removeRun(7);
    QCOMPARE(plots.validationPlot()->graphCount(), 0);
    QCOMPARE(plots.lossPlot()->graphCount(), 0);
    QVERIFY(!plots.lossPlot()->legend->visible());
  }

  // --- a real run through the panel ----------------------------------------------------------
  void trainsPausesStopsResumesAndReopens() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setDataset(std::make_shared<Dataset>(loadDataset(m_tiny.datasetPath)));
    TrainingPanel panel(bridge, state);
    auto *plots = child<TrainingPlots>(panel, "plots");
    auto *pauseButton = child<QPushButton>(panel, "pauseButton");
    auto *runs = child<QListWidget>(panel, "runList");
    panel.resize(1100, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));

    QVERIFY(panel.outputFolder().contains(QStringLiteral("runs/bow-"))); // a fresh folder for the model
    const QString runDir = m_dir.filePath(QStringLiteral("panel-run"));
    panel.setOutputFolder(runDir);
    panel.setBackbone(m_tiny.backbone);
    panel.form()->setConfig(test::tinyConfig(1000)); // far more than the test lets it run
    QVERIFY(panel.startButton()->isEnabled());
    QVERIFY(!pauseButton->isEnabled());

    QVERIFY(panel.start());
    const JobId job = panel.currentJob();
    QVERIFY(job != 0);
    QVERIFY(!panel.startButton()->isEnabled());
    QVERIFY(panel.stopButton()->isEnabled());
    const int run = panel.runIdOf(runDir);
    QVERIFY(run > 0);
    QTRY_VERIFY_WITH_TIMEOUT(plots->lossPointCount(run) > 0, kTrainTimeoutMs);
    QTRY_VERIFY(plots->smoothedPointCount(run) == plots->lossPointCount(run));
    QTRY_VERIFY(panel.statusText().contains(QStringLiteral("ETA")));

    // Pause holds the job: the minibatch count stops growing.
    panel.pause();
    QVERIFY(panel.isPaused());
    QVERIFY(engine.isPaused(job));
    QVERIFY(!pauseButton->isEnabled());
    QVERIFY(child<QPushButton>(panel, "resumeButton")->isEnabled());
    QTest::qWait(1000); // the minibatch in flight lands, even on a loaded machine
    const std::size_t held = panel.curves(run)->batches().size();
    QTest::qWait(400);
    QCOMPARE(panel.curves(run)->batches().size(), held);

    panel.resume();
    QVERIFY(!engine.isPaused(job));
    QVERIFY(pauseButton->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(panel.curves(run)->batches().size() > held, kTrainTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(plots->validationPointCount(run) >= 2, kTrainTimeoutMs);
    QVERIFY(panel.logText().contains(QStringLiteral("Epoch 1/1000")));

    // Stop (from paused, so the run cannot end on its own first): the job ends cancelled.
    QSignalSpy finished(&bridge, &EngineBridge::finished);
    panel.pause();
    panel.stop();
    QTRY_VERIFY_WITH_TIMEOUT(panel.currentJob() == 0, kTrainTimeoutMs);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(2).value<JobOutcome>().status, JobStatus::Cancelled);
    QVERIFY(panel.startButton()->isEnabled());
    QVERIFY(!panel.stopButton()->isEnabled());
    QVERIFY(QFile::exists(QDir(runDir).filePath(QStringLiteral("checkpoint-last.pt"))));
    QCOMPARE(panel.outputFolder(), runDir); // Start resumes it
    const int done = panel.curves(run)->epochs().back().epoch;

    // Starting again with the same folder resumes from the checkpoint and finishes one epoch later.
    QSignalSpy jointSpace(&state, &WorkbenchState::jointSpaceChanged);
    panel.form()->setConfig(test::tinyConfig(done + 1));
    QVERIFY(panel.start());
    QTRY_VERIFY_WITH_TIMEOUT(panel.currentJob() == 0, kTrainTimeoutMs);
    QCOMPARE(finished.last().at(2).value<JobOutcome>().status, JobStatus::Succeeded);
    QVERIFY(panel.logText().contains(QStringLiteral("Resuming")));
    QCOMPARE(panel.curves(run)->epochs().size(), std::size_t(done + 1));
    QVERIFY(QFile::exists(QDir(runDir).filePath(QStringLiteral("result.json"))));
    // The finished run becomes the workbench's run, its test split embedded.
    QCOMPARE(QDir::cleanPath(state.runDir()), QDir::cleanPath(runDir));
    QTRY_VERIFY_WITH_TIMEOUT(state.jointSpace() != nullptr, kTrainTimeoutMs);

    // A different configuration in the same folder fails with a message naming the folder; the run is kept.
    TrainConfig other = test::tinyConfig(done + 1);
    other.embedDim = 20;
    panel.form()->setConfig(other);
    QVERIFY(panel.start());
    QTRY_VERIFY_WITH_TIMEOUT(panel.currentJob() == 0, kTrainTimeoutMs);
    QCOMPARE(finished.last().at(2).value<JobOutcome>().status, JobStatus::Failed);
    QVERIFY2(panel.statusText().contains(runDir), qPrintable(panel.statusText()));
    QVERIFY(QFile::exists(QDir(runDir).filePath(QStringLiteral("result.json"))));
    QCOMPARE(panel.curves(run)->epochs().size(), std::size_t(done + 1));

    // Reopening the folder in another panel draws the same points.
    TrainingPanel reopened(bridge, state);
    auto *reopenedPlots = child<TrainingPlots>(reopened, "plots");
    auto *reopenedRuns = child<QListWidget>(reopened, "runList");
    QVERIFY(reopened.openRunFolder(runDir));
    const int again = reopened.runIdOf(runDir);
    QCOMPARE(reopenedPlots->validationPointCount(again), plots->validationPointCount(run));
    QCOMPARE(reopenedPlots->lossPointCount(again), plots->lossPointCount(run));
    QCOMPARE(reopened.curves(again)->batches().back().iteration, panel.curves(run)->batches().back().iteration);
    QVERIFY(reopenedRuns->item(0)->text().contains(QStringLiteral("finished")));
    // Opening a finished run makes it the workbench's run, and so does selecting it in the list.
    QCOMPARE(QDir::cleanPath(state.runDir()), QDir::cleanPath(runDir));
    state.openRun(bridge, QString());
    QVERIFY(state.runDir().isEmpty());
    reopenedRuns->setCurrentRow(-1);
    reopenedRuns->setCurrentRow(0);
    QCOMPARE(QDir::cleanPath(state.runDir()), QDir::cleanPath(runDir));
    QTRY_VERIFY_WITH_TIMEOUT(state.jointSpace() != nullptr, kTrainTimeoutMs);

    // A run made current elsewhere joins the list of a panel that did not have it.
    WorkbenchState otherState;
    TrainingPanel follower(bridge, otherState);
    QCOMPARE(child<QListWidget>(follower, "runList")->count(), 0);
    otherState.openRun(bridge, runDir);
    QVERIFY(follower.runIdOf(runDir) > 0);
    QCOMPARE(follower.curves(follower.runIdOf(runDir))->epochs().size(), std::size_t(done + 1));
    QTRY_VERIFY_WITH_TIMEOUT(otherState.jointSpace() != nullptr, kTrainTimeoutMs);

    // Unchecking a run hides its graphs.
    runs->item(0)->setCheckState(Qt::Unchecked);
    QVERIFY(!plots->lossPlot()->graph(0)->visible());
    runs->item(0)->setCheckState(Qt::Checked);
    QVERIFY(plots->lossPlot()->graph(0)->visible());

    // The offscreen render shows the run's colour in both plots, and the export has the asked size.
    if (qEnvironmentVariableIsSet("GS_TEST_SCREENSHOTS")) {
      panel.grab().save(qEnvironmentVariable("GS_TEST_SCREENSHOTS") + QStringLiteral("/training-wide.png"));
      panel.resize(520, 420);
      QTest::qWait(50);
      panel.grab().save(qEnvironmentVariable("GS_TEST_SCREENSHOTS") + QStringLiteral("/training-narrow.png"));
      panel.resize(1100, 700);
    }
    const QColor colour = state.runColours().colourOf(runDir); // the workbench's colour for the run
    QVERIFY(pixelsNear(plots->lossPlot()->grab().toImage(), colour) > 50);
    QVERIFY(pixelsNear(plots->validationPlot()->grab().toImage(), colour) > 20);
    const QString png = m_dir.filePath(QStringLiteral("loss.png"));
    const FigureExportResult exported = panel.exportPlot(TrainingPanel::Plot::Loss, png, QSize(640, 400));
    QVERIFY2(exported.ok, qPrintable(exported.error));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(640, 400));
    QVERIFY(pixelsNear(image, colour) > 50);

    // Removing the run from the list takes its graphs off the plots, not its folder off the disk.
    const int graphs = plots->lossPlot()->graphCount();
    QVERIFY(panel.removeRun(run));
    QCOMPARE(plots->lossPlot()->graphCount(), graphs - 2);
    QCOMPARE(runs->count(), 0);
    QCOMPARE(panel.runIdOf(runDir), -1);
    QVERIFY(QFile::exists(QDir(runDir).filePath(QStringLiteral("result.json"))));
  }

  void startWithoutDatasetSaysWhy() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    TrainingPanel panel(bridge, state);
    panel.setOutputFolder(m_dir.filePath(QStringLiteral("never")));
    QVERIFY(!panel.startButton()->isEnabled());
    QVERIFY(!panel.startButton()->toolTip().isEmpty());
    QVERIFY(!panel.start());
    QCOMPARE(panel.currentJob(), JobId(0));
    QVERIFY(panel.logText().contains(QStringLiteral("open a dataset first")));
    QVERIFY(!panel.openRunFolder(m_dir.filePath(QStringLiteral("never"))));
  }

  // Choosing a preset says what it changes (bold labels, the list under the preset box); the
  // backbone picker lists an added network by its file and the preset its name gives.
  void presetChangesAndBackbonePicker() {
    TrainConfigForm form;
    form.setModel(QStringLiteral("bow"));
    auto *changes = child<QLabel>(form, "presetChanges");
    QVERIFY(changes->isHidden());
    QVERIFY(form.applyPreset(QStringLiteral("socher2014")));
    QVERIFY(!changes->isHidden());
    QVERIFY2(changes->text().contains(QStringLiteral("Margin")), qPrintable(changes->text()));
    const auto *marginLabel = qobject_cast<QLabel *>(
        static_cast<QFormLayout *>(form.layout())->labelForField(form.editor(QStringLiteral("margin"))));
    QVERIFY(marginLabel && marginLabel->font().bold());
    const auto *epochsLabel = qobject_cast<QLabel *>(
        static_cast<QFormLayout *>(form.layout())->labelForField(form.editor(QStringLiteral("epochs"))));
    QVERIFY(epochsLabel && !epochsLabel->font().bold()); // the preset leaves it at its default
    form.setModel(QStringLiteral("rnn"));
    QVERIFY(changes->isHidden());

    QSettings().remove(QStringLiteral("backbones")); // networks added by an earlier run of this test
    BackbonePicker picker;
    QCOMPARE(picker.backbone(), defaultBackbone());
    const QString onnx = m_dir.filePath(QStringLiteral("mobilenetv2-12-int8.onnx"));
    QVERIFY(picker.addNetworkFile(onnx));
    QCOMPARE(picker.backbone(), QStringLiteral("onnx:") + onnx);
    QVERIFY2(picker.currentText().startsWith(QStringLiteral("mobilenetv2-12-int8.onnx — onnx")), qPrintable(picker.currentText()));
    QVERIFY(!picker.addNetworkFile(m_dir.filePath(QStringLiteral("notes.txt"))));
    picker.setBackbone(QStringLiteral("npy:/somewhere/features.npy")); // typed as the command line takes it
    QCOMPARE(picker.backbone(), QStringLiteral("npy:/somewhere/features.npy"));
  }

  // Estimate time per epoch measures the form's model on the open dataset.
  void estimatesTheCostOfAnEpoch() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    TrainingPanel panel(bridge, state);
    auto *estimate = child<QPushButton>(panel, "estimateCost");
    auto *result = child<QLabel>(panel, "costEstimate");
    estimate->click();
    QVERIFY2(result->text().contains(QStringLiteral("open a dataset first")), qPrintable(result->text()));
    state.setDataset(std::make_shared<Dataset>(loadDataset(m_tiny.datasetPath)));
    panel.setBackbone(m_tiny.backbone);
    panel.form()->setConfig(test::tinyConfig(2));
    estimate->click();
    QTRY_VERIFY_WITH_TIMEOUT(result->text().contains(QStringLiteral("per epoch")), 60000);
    QVERIFY2(result->text().contains(QStringLiteral("training captions")) && result->text().contains(QStringLiteral("memory")),
             qPrintable(result->text()));
    panel.form()->setModel(QStringLiteral("rnn")); // other settings: the figure no longer applies
    QVERIFY(result->text().isEmpty());
  }
};

QTEST_MAIN(TestTrainingPanel)
#include "tst_trainingpanel.moc"
