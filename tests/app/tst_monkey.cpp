// The main window under a monkey (monkey/monkey.h): for each seed, the real window on a small
// dataset with a small trained run, then thousands of random but valid user actions. Checked:
// nothing crashes or trips a sanitizer (run it in the asan-ubsan build too), the event loop comes
// back within a bound after every action, no job is left running once the jobs are cancelled, and
// every file the monkey saved (figures, configurations) and every run trained meanwhile is whole.
//
//   GS_MONKEY_SEEDS=1,2,3   seeds (default 1); a finding prints its seed, replay with it
//   GS_MONKEY_ACTIONS=2000  actions per seed (default 250: the ctest run)
//   GS_MONKEY_GAP_MS=4000   the bound on the longest event-loop gap (default below)
//   GS_MONKEY_TRACE=1       print every action
// Each seed's figures are appended to BUILD/reliability/monkey.tsv (tests/reliability/monkey.sh
// records them for docs/reliability.md).

#include "../widgets/tinyrun.h"
#include "engine/engine.h"
#include "engine/enginebridge.h"
#include "mainwindow.h"
#include "monkey/monkey.h"
#include "common/workbenchstate.h"
#include "runs/runspanel.h"
#include "wholefiles.h"

#include <QApplication>
#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

using namespace gs;

namespace {

// The longest the event loop may be held by one action and what it sets off, when ctest runs the
// monkey beside other tests (two of them training on a 2-core machine). tests/reliability/monkey.sh
// runs it alone and sets the tighter bound it documents (GS_MONKEY_GAP_MS). Sanitizers slow
// everything 3-5 times.
#if defined(__SANITIZE_ADDRESS__) || (defined(__has_feature) && __has_feature(address_sanitizer))
constexpr int kDefaultGapBoundMs = 30000;
const char *const kBuild = "asan-ubsan";
#else
constexpr int kDefaultGapBoundMs = 10000;
const char *const kBuild = "release";
#endif

int envInt(const char *name, int fallback) {
  bool ok = false;
  const int value = qEnvironmentVariable(name).toInt(&ok);
  return ok ? value : fallback;
}

QList<quint32> seeds() {
  QList<quint32> out;
  for (const QString &s : qEnvironmentVariable("GS_MONKEY_SEEDS", QStringLiteral("1")).split(QLatin1Char(','), Qt::SkipEmptyParts))
    out << s.trimmed().toUInt();
  return out;
}

void appendFigures(quint32 seed, const test::MonkeyFigures &figures, qint64 seconds) {
  const QString path = QStringLiteral(GS_BINARY_DIR "/reliability/monkey.tsv");
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile file(path);
  const bool fresh = !file.exists();
  if (!file.open(QIODevice::Append)) return;
  if (fresh) file.write("build\tseed\tactions\tseconds\tlongest_gap_ms\tlongest_gap_action\tdialogs\tfiles_saved\n");
  QString action = figures.longestGapAction;
  action.replace(QLatin1Char('\t'), QLatin1Char(' '));
  file.write(QStringLiteral("%1\t%2\t%3\t%4\t%5\t%6\t%7\t%8\n")
                 .arg(QString::fromLatin1(kBuild)).arg(seed).arg(figures.actions).arg(seconds).arg(figures.longestGapMs)
                 .arg(action.left(160)).arg(figures.dialogsAnswered).arg(figures.filesSaved.size())
                 .toUtf8());
}

}  // namespace

class TestMonkey : public QObject {
  Q_OBJECT
private:
  QTemporaryDir m_dir;
  test::TinyDataset m_tiny;
  QString m_run;

private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    // Typed paths are relative to the working folder: keep whatever they make inside the test's.
    QVERIFY(QDir::setCurrent(m_dir.path()));
    m_tiny = test::makeTinyDataset(m_dir.path());
    m_run = m_dir.filePath(QStringLiteral("runs/tiny"));
    test::trainTinyRun(m_tiny, m_run);
  }

  void monkeyLeavesTheWindowWhole_data() {
    QTest::addColumn<quint32>("seed");
    for (quint32 seed : seeds()) QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
  }
  void monkeyLeavesTheWindowWhole() {
    QFETCH(quint32, seed);
    const QString work = m_dir.filePath(QStringLiteral("seed-%1").arg(seed));
    const QString exports = QDir(work).filePath(QStringLiteral("exports"));
    QVERIFY(QDir().mkpath(exports));
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(QDir(work).filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    auto window = std::make_unique<MainWindow>(bridge, settings);
    window->setAskBeforeClosing(false);
    window->resize(1366, 768);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(engine.waitForIdle(120000)); // the start-up check
    window->runsPanel()->addFolder(QFileInfo(m_run).absolutePath());
    QSignalSpy opened(window.get(), &MainWindow::datasetOpened);
    QVERIFY(window->openDataset(m_tiny.datasetPath));
    QVERIFY(QTest::qWaitFor([&] { return !opened.isEmpty(); }, 60000));
    window->workbench().openRun(bridge, m_run);

    test::MonkeyOptions options;
    options.seed = seed;
    options.actions = envInt("GS_MONKEY_ACTIONS", 250);
    options.exportFolder = exports;
    options.datasets = {m_tiny.datasetPath, m_tiny.datasetPath, m_dir.filePath(QStringLiteral("no-such-dataset"))};
    options.runs = {m_run, m_run, m_dir.filePath(QStringLiteral("runs/no-such-run"))};
    options.trace = qEnvironmentVariableIsSet("GS_MONKEY_TRACE");
    qInfo("monkey: seed %u, %d actions (replay: GS_MONKEY_SEEDS=%u GS_MONKEY_ACTIONS=%d)", seed, options.actions, seed,
          options.actions);
    QElapsedTimer clock;
    clock.start();
    test::MonkeyFigures figures;
    {
      test::Monkey monkey(*window, options);
      figures = monkey.run();
    }

    // Nothing left running: every job cancelled and finished, the panels' own threads idle.
    engine.cancelAll();
    QVERIFY2(engine.waitForIdle(300000), "jobs still running five minutes after cancelling them all");
    QCOMPARE(engine.pendingCount(), 0);
    QVERIFY(!engine.currentJob().has_value());
    QVERIFY(QThreadPool::globalInstance()->waitForDone(120000));
    QVERIFY(window->close());
    for (QWidget *top : QApplication::topLevelWidgets()) top->close();
    window.reset();
    QCoreApplication::processEvents();

    QStringList written; // the saves that went through (a cancelled overwrite or a failed export writes nothing)
    for (const QString &file : figures.filesSaved)
      if (QFileInfo::exists(file)) written << file;
    figures.filesSaved = written;
    appendFigures(seed, figures, clock.elapsed() / 1000);
    qInfo("monkey: seed %u: %d actions in %lld s, longest event-loop gap %lld ms (%s), %d dialogs answered, %lld files saved",
          seed, figures.actions, clock.elapsed() / 1000, figures.longestGapMs, qPrintable(figures.longestGapAction),
          figures.dialogsAnswered, qlonglong(figures.filesSaved.size()));
    for (auto it = figures.moves.cbegin(); it != figures.moves.cend(); ++it)
      qInfo("  %-14s %d", qPrintable(test::monkeyMoveName(it.key())), it.value());
    QCOMPARE(figures.actions, options.actions);
    const int bound = envInt("GS_MONKEY_GAP_MS", kDefaultGapBoundMs);
    QVERIFY2(figures.longestGapMs <= bound, qPrintable(QStringLiteral("seed %1: the event loop was held %2 ms (bound %3 ms) by %4")
                                                           .arg(seed).arg(figures.longestGapMs).arg(bound).arg(figures.longestGapAction)));
    // Every file written is whole: the saved figures and configurations, and the runs.
    QStringList broken = test::brokenFiles(work) + test::brokenFiles(QFileInfo(m_run).absolutePath());
    for (const QString &folder : RunsPanel::defaultFolders()) broken += test::brokenFiles(folder);
    QVERIFY2(broken.isEmpty(), qPrintable(QStringLiteral("seed %1: %2").arg(seed).arg(broken.join(QStringLiteral("; ")))));
  }
};

QTEST_MAIN(TestMonkey)
#include "tst_monkey.moc"
