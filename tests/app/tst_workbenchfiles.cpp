// Files changing under an open workbench: with a dataset and a run open, the run folder deleted,
// images replaced, the feature cache truncated, the runs folder made read-only, the disk filled
// while a figure is exported. Each gets a message in the window naming the file, nothing already
// saved is lost, and the window goes on working (a run opened, a model trained, a figure exported).
//
// Run as root, permissions do not apply; the program then runs as the unprivileged user 65534 from
// its start (main below), with its own home folder, so the read-only case tests what a user meets.

#include "../widgets/tinyrun.h"
#include "common/logview.h"
#include "common/workbenchstate.h"
#include "dataset/thumbnailmodel.h"
#include "engine/engine.h"
#include "engine/enginebridge.h"
#include "io/npy.h"
#include "mainwindow.h"
#include "retrieval/retrievalpanel.h"
#include "training/trainconfigform.h"
#include "training/trainingpanel.h"
#include "monkey/filedialogs.h"
#include "wholefiles.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QImage>
#include <QInputDialog>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <grp.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace gs;

namespace {

constexpr uid_t kNobody = 65534;

// BUILD/reliability/workbenchfiles.tsv, opened before the program gives up root (the build folder
// may be root's), written at the end.
FILE *g_figures = nullptr;

void openFigures() {
  const QString path = QStringLiteral(GS_BINARY_DIR "/reliability/workbenchfiles.tsv");
  if (QDir().mkpath(QFileInfo(path).absolutePath())) g_figures = std::fopen(QFile::encodeName(path).constData(), "w");
}

// As root, becomes user and group 65534 with a home of its own; before any thread starts.
void dropRootPrivileges() {
  if (geteuid() != 0) return;
  char home[] = "/tmp/gs-workbenchfiles-XXXXXX";
  if (!mkdtemp(home) || chown(home, kNobody, kNobody) != 0) return;
  if (setgroups(0, nullptr) != 0 || setgid(kNobody) != 0 || setuid(kNobody) != 0) return;
  const QByteArray base(home);
  qputenv("HOME", base);
  qputenv("XDG_CONFIG_HOME", base + "/config");
  qputenv("XDG_CACHE_HOME", base + "/cache");
  qputenv("XDG_DATA_HOME", base + "/data");
  qputenv("XDG_RUNTIME_DIR", base);
}

QByteArray bytesOf(const QString &path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool copyFolder(const QString &from, const QString &to) {
  if (!QDir().mkpath(to)) return false;
  for (const QFileInfo &entry : QDir(from).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
    const QString target = QDir(to).filePath(entry.fileName());
    if (entry.isDir() ? !copyFolder(entry.filePath(), target) : !QFile::copy(entry.filePath(), target)) return false;
  }
  return true;
}

// A window with a dataset and a run open, the run embedded.
struct Workbench {
  Engine engine;
  EngineBridge bridge{engine};
  QSettings settings;
  std::unique_ptr<MainWindow> window;

  explicit Workbench(const QString &settingsPath) : settings(settingsPath, QSettings::IniFormat) {
    window = std::make_unique<MainWindow>(bridge, settings);
    window->setAskBeforeClosing(false);
    window->resize(1366, 768);
    window->show();
  }
  ~Workbench() {
    engine.cancelAll();
    engine.waitForIdle(60000);
  }
  bool open(const QString &dataset, const QString &run) {
    if (!QTest::qWaitForWindowExposed(window.get()) || !engine.waitForIdle(120000)) return false;
    QSignalSpy opened(window.get(), &MainWindow::datasetOpened);
    if (!window->openDataset(dataset) || !QTest::qWaitFor([&] { return !opened.isEmpty(); }, 60000)) return false;
    window->workbench().openRun(bridge, run);
    return QTest::qWaitFor([&] { return window->workbench().jointSpace() != nullptr; }, 60000);
  }
  QString statusMessage() const { return window->statusBar()->currentMessage(); }
  QString logText() const { return window->findChild<LogView *>()->toPlainText(); }
  // Trains the tiny configuration from the Training dock into `runDir`; the job's outcome.
  JobOutcome trainFromTheDock(const QString &runDir, const QString &backbone) {
    TrainingPanel *panel = window->trainingPanel();
    panel->form()->setConfig(test::tinyConfig());
    panel->setBackbone(backbone);
    panel->setOutputFolder(runDir);
    if (!panel->start()) return {JobStatus::Failed, QStringLiteral("did not start: ") + panel->logText()};
    const JobId job = panel->currentJob();
    const std::optional<JobOutcome> outcome = engine.wait(job, 300000);
    QTest::qWait(50); // the dock hears of the end
    return outcome ? *outcome : JobOutcome{JobStatus::Failed, QStringLiteral("still running after 5 minutes")};
  }
};

// Answers the export dialogs as a user would: the first view, then `target`, Yes to overwriting it;
// any other message box's text is kept. Each answer runs from the event loop, so a dialog opened inside another's answer (the
// overwrite question of a save) is answered too.
class ExportAnswers : public QObject {
public:
  explicit ExportAnswers(QString target) : m_target(std::move(target)) {
    connect(&m_poll, &QTimer::timeout, this, [this] {
      QWidget *open = QApplication::activeModalWidget();
      if (!open || m_answering.contains(open)) return;
      m_answering.insert(open);
      QTimer::singleShot(0, open, [this, open] {
        if (auto *box = qobject_cast<QMessageBox *>(open)) {
          if (QAbstractButton *yes = box->button(QMessageBox::Yes)) yes->click(); // overwrite the earlier figure
          else m_messages << box->text(), box->accept();
        }
        else if (auto *file = qobject_cast<QFileDialog *>(open)) {
          test::typeFileName(*file, m_target);
          static_cast<QDialog *>(file)->accept();
        }
        else if (auto *dialog = qobject_cast<QDialog *>(open)) dialog->accept();
        m_answering.remove(open);
      });
    });
    m_poll.start(20);
  }
  QStringList messages() const { return m_messages; }

private:
  QString m_target;
  QTimer m_poll;
  QSet<QWidget *> m_answering;
  QStringList m_messages;
};

// One row of docs/reliability.md per case: the change, what the window said, what survived.
struct ChangeRow {
  QString change, message, survived;
};
std::vector<ChangeRow> &changeRows() {
  static std::vector<ChangeRow> rows;
  return rows;
}

// The message with the case's own temporary folder shortened to "…" and the cache folder to
// "~/.cache", so the table reads the same on every run.
QString withoutFolder(QString message, const QString &folder) {
  message.replace(qEnvironmentVariable("XDG_CACHE_HOME"), QStringLiteral("~/.cache"));
  return message.replace(QDir::toNativeSeparators(folder), QStringLiteral("…")).replace(folder, QStringLiteral("…"));
}

}  // namespace

class TestWorkbenchFiles : public QObject {
  Q_OBJECT
private:
  QTemporaryDir m_dir;
  int m_case = 0;

  // A fresh dataset and run of their own for each case, in `folder`.
  struct Case {
    QString folder;
    test::TinyDataset tiny;
    QString run;
  };
  Case makeCase() {
    Case c;
    c.folder = m_dir.filePath(QStringLiteral("case-%1").arg(++m_case));
    c.tiny = test::makeTinyDataset(c.folder);
    c.run = QDir(c.folder).filePath(QStringLiteral("runs/kept"));
    test::trainTinyRun(c.tiny, c.run);
    return c;
  }

private Q_SLOTS:
  void initTestCase() { QVERIFY(m_dir.isValid()); }

  void cleanupTestCase() {
    if (!g_figures) return;
    QFile tsv;
    if (!tsv.open(g_figures, QIODevice::WriteOnly, QFileDevice::AutoCloseHandle)) return;
    tsv.write("change\tmessage\tsurvived\n");
    for (const ChangeRow &row : changeRows())
      tsv.write((row.change + QLatin1Char('\t') + QString(row.message).replace(QLatin1Char('\t'), QLatin1Char(' ')) + QLatin1Char('\t') +
                 row.survived + QLatin1Char('\n'))
                    .toUtf8());
  }

  // The open run's folder deleted: said at once; the Runs view forgets it; the window opens another run.
  void deletedRunFolderIsNoticed() {
    const Case c = makeCase();
    const QString other = QDir(c.folder).filePath(QStringLiteral("runs/other"));
    test::trainTinyRun(c.tiny, other, 2);
    const QByteArray otherResult = bytesOf(QDir(other).filePath(QStringLiteral("result.json")));
    Workbench wb(QDir(c.folder).filePath(QStringLiteral("settings.ini")));
    QVERIFY(wb.open(c.tiny.datasetPath, c.run));

    QVERIFY(QDir(c.run).removeRecursively());
    const QString named = QDir::toNativeSeparators(QFileInfo(c.run).absoluteFilePath());
    QTRY_VERIFY2_WITH_TIMEOUT(wb.statusMessage().contains(named) && wb.statusMessage().contains(QLatin1String("deleted")),
                              qPrintable(wb.statusMessage()), 10000);
    QVERIFY(wb.logText().contains(named));
    const QString deletedNotice = wb.statusMessage();

    // Opening it again says it is gone; another run opens and its files are as they were.
    wb.window->workbench().openRun(wb.bridge, c.run);
    QTRY_VERIFY_WITH_TIMEOUT(wb.window->retrievalPanel()->hintText().contains(QLatin1String("Could not open the run")), 20000);
    wb.window->workbench().openRun(wb.bridge, other);
    QTRY_VERIFY_WITH_TIMEOUT(wb.window->workbench().jointSpace() != nullptr, 60000);
    QCOMPARE(bytesOf(QDir(other).filePath(QStringLiteral("result.json"))), otherResult);
    QVERIFY(test::brokenFiles(other).isEmpty());
    changeRows().push_back({QStringLiteral("the open run's folder deleted"), withoutFolder(deletedNotice, m_dir.path()),
                            QStringLiteral("the views keep what they show; the Runs view drops it; another run opens, its files unchanged")});
  }

  // Images replaced on disk, one overwritten in place with bytes no decoder reads and one renamed
  // over by another picture: said, naming the first; the browser decodes them again (the first now
  // unreadable); training from the Dock still works.
  void replacedImagesAreNoticed() {
    const Case c = makeCase();
    Workbench wb(QDir(c.folder).filePath(QStringLiteral("settings.ini")));
    QVERIFY(wb.open(c.tiny.datasetPath, c.run));
    const auto dataset = wb.window->workbench().dataset();
    auto *thumbnails = wb.window->findChild<ThumbnailModel *>();
    QVERIFY(thumbnails);
    const QModelIndex first = thumbnails->index(0);
    thumbnails->data(first, Qt::DecorationRole);
    QTRY_COMPARE_WITH_TIMEOUT(thumbnails->data(first, ThumbnailModel::ThumbnailStateRole).toInt(), int(ThumbnailModel::Ready), 10000);

    const QString overwritten = dataset->images[0].path;
    const QString renamedOver = dataset->images[1].path;
    {
      QFile file(overwritten);
      QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
      file.write("this is not an image any more");
    }
    QImage replacement(40, 30, QImage::Format_RGB32);
    replacement.fill(Qt::magenta);
    const QString staged = renamedOver + QStringLiteral(".new.png");
    QVERIFY(replacement.save(staged, "PNG"));
    QVERIFY(::rename(QFile::encodeName(staged).constData(), QFile::encodeName(renamedOver).constData()) == 0);

    const QString firstNamed = QDir::toNativeSeparators(std::min(overwritten, renamedOver)) +
                               QStringLiteral(" changed on disk since the dataset was opened (2 images in all)");
    QTRY_VERIFY2_WITH_TIMEOUT(wb.logText().contains(firstNamed), qPrintable(wb.logText().right(1500)), 10000);
    const QString replacedNotice = wb.statusMessage();
    thumbnails->data(first, Qt::DecorationRole);
    QTRY_COMPARE_WITH_TIMEOUT(thumbnails->data(first, ThumbnailModel::ThumbnailStateRole).toInt(), int(ThumbnailModel::Unreadable), 10000);
    QVERIFY(thumbnails->data(first, Qt::ToolTipRole).toString().contains(QLatin1String("cannot be decoded")));

    const JobOutcome trained = wb.trainFromTheDock(QDir(c.folder).filePath(QStringLiteral("runs/after")), c.tiny.backbone);
    QVERIFY2(trained.status == JobStatus::Succeeded, qPrintable(trained.error));
    QVERIFY(test::brokenFiles(c.run).isEmpty());
    changeRows().push_back({QStringLiteral("two images replaced (one overwritten with bytes no decoder reads, one renamed over)"),
                            withoutFolder(replacedNotice, m_dir.path()),
                            QStringLiteral("the browser decodes them again (the first shown as unreadable); training from the Training dock succeeds")});
  }

  // The open run's feature cache truncated: said, naming the cache and what is wrong; the next
  // training with the same settings extracts the features again and says so; the run is untouched.
  void truncatedFeatureCacheIsNoticedAndRebuilt() {
    const Case c = makeCase();
    Workbench wb(QDir(c.folder).filePath(QStringLiteral("settings.ini")));
    QVERIFY(wb.open(c.tiny.datasetPath, c.run));
    const QString cache = wb.window->workbench().jointSpace()->featuresFolder();
    QVERIFY2(QFileInfo::exists(QDir(cache).filePath(QStringLiteral("features.npy"))), qPrintable(cache));
    const QByteArray runResult = bytesOf(QDir(c.run).filePath(QStringLiteral("result.json")));

    QFile features(QDir(cache).filePath(QStringLiteral("features.npy")));
    QVERIFY(features.resize(features.size() / 2));
    QTRY_VERIFY2_WITH_TIMEOUT(wb.statusMessage().contains(QLatin1String("is damaged")) &&
                                  wb.statusMessage().contains(QDir::toNativeSeparators(cache)),
                              qPrintable(wb.statusMessage()), 10000);
    QVERIFY2(wb.statusMessage().contains(QLatin1String("truncated")), qPrintable(wb.statusMessage()));
    const QString damagedNotice = wb.statusMessage();

    const JobOutcome trained = wb.trainFromTheDock(QDir(c.folder).filePath(QStringLiteral("runs/after")), c.tiny.backbone);
    QVERIFY2(trained.status == JobStatus::Succeeded, qPrintable(trained.error));
    QVERIFY2(wb.logText().contains(QLatin1String("the cached set is damaged")), qPrintable(wb.logText().right(2000)));
    NpyMatrix::open(features.fileName()); // whole again
    QCOMPARE(bytesOf(QDir(c.run).filePath(QStringLiteral("result.json"))), runResult);
    changeRows().push_back({QStringLiteral("the open run's feature cache truncated to half"), withoutFolder(damagedNotice, m_dir.path()),
                            QStringLiteral("the run unchanged; the next training extracts the features again and says why")});
  }

  // Training into a runs folder the user cannot write: the failure names the folder and the
  // reason; the runs already in it are untouched; once writable, the same start succeeds.
  void readOnlyRunsFolderIsReported() {
    if (geteuid() == 0) QSKIP("running as root and could not become another user: permissions do not apply to root");
    const Case c = makeCase();
    const QString runs = QFileInfo(c.run).absolutePath();
    const QByteArray kept = bytesOf(QDir(c.run).filePath(QStringLiteral("result.json")));
    const QFileDevice::Permissions writable = QFile::permissions(runs);
    QVERIFY(QFile::setPermissions(runs, QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup |
                                            QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::ExeOther));
    Workbench wb(QDir(c.folder).filePath(QStringLiteral("settings.ini")));
    QVERIFY(wb.open(c.tiny.datasetPath, c.run));

    const QString target = QDir(runs).filePath(QStringLiteral("new"));
    const JobOutcome refused = wb.trainFromTheDock(target, c.tiny.backbone);
    QCOMPARE(refused.status, JobStatus::Failed);
    QVERIFY2(refused.error.contains(QDir::toNativeSeparators(target)) || refused.error.contains(target), qPrintable(refused.error));
    QVERIFY2(refused.error.contains(QLatin1String("ermission")), qPrintable(refused.error));
    QTRY_VERIFY2_WITH_TIMEOUT(wb.statusMessage().contains(QLatin1String("failed")), qPrintable(wb.statusMessage()), 5000);
    QCOMPARE(bytesOf(QDir(c.run).filePath(QStringLiteral("result.json"))), kept);
    const QString refusedMessage = wb.statusMessage();

    QVERIFY(QFile::setPermissions(runs, writable));
    const JobOutcome trained = wb.trainFromTheDock(target, c.tiny.backbone);
    QVERIFY2(trained.status == JobStatus::Succeeded, qPrintable(trained.error));
    changeRows().push_back({QStringLiteral("the runs folder made read-only, then training started into it"),
                            withoutFolder(refusedMessage, m_dir.path()),
                            QStringLiteral("the runs in it unchanged; once writable, the same start trains")});
  }

  // The disk fills while a figure is exported over an earlier one (a file-size limit, as a full
  // disk answers a write): the message names the file, the earlier figure stays as it was, no
  // temporary file is left; with room again the export succeeds.
  void fullDiskDuringExportKeepsTheFigure() {
    const Case c = makeCase();
    Workbench wb(QDir(c.folder).filePath(QStringLiteral("settings.ini")));
    QVERIFY(wb.open(c.tiny.datasetPath, c.run));
    const QString figures = QDir(c.folder).filePath(QStringLiteral("figures"));
    QVERIFY(QDir().mkpath(figures));
    const QString target = QDir(figures).filePath(QStringLiteral("view.png"));
    {
      ExportAnswers answers(target);
      wb.window->exportView();
      QVERIFY2(answers.messages().isEmpty(), qPrintable(answers.messages().join(QLatin1Char('\n'))));
    }
    const QByteArray before = bytesOf(target);
    QVERIFY(before.size() > 4096);

    rlimit saved{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN); // a write past the limit fails instead of killing
    rlimit full = saved;
    full.rlim_cur = 2048;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &full), 0);
    QStringList messages;
    {
      ExportAnswers answers(target);
      wb.window->exportView();
      messages = answers.messages();
    }
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &saved), 0);
    std::signal(SIGXFSZ, previousHandler);

    QCOMPARE(messages.size(), 1);
    QVERIFY2(messages.front().contains(target) || messages.front().contains(QDir::toNativeSeparators(target)), qPrintable(messages.front()));
    QCOMPARE(bytesOf(target), before);
    QVERIFY(test::brokenFiles(figures).isEmpty());
    QCOMPARE(QDir(figures).entryList(QDir::Files), QStringList{QStringLiteral("view.png")});

    ExportAnswers answers(target);
    wb.window->exportView();
    QVERIFY(answers.messages().isEmpty());
    QVERIFY(wb.statusMessage().startsWith(QLatin1String("Exported")));
    changeRows().push_back({QStringLiteral("the disk full (a 2 KiB file-size limit) while a figure is exported over an earlier one"),
                            withoutFolder(messages.front(), m_dir.path()),
                            QStringLiteral("the earlier figure byte for byte, no temporary file; with room again the export succeeds")});
  }
};

int main(int argc, char **argv) {
  openFigures();
  dropRootPrivileges();
  QApplication app(argc, argv);
  TestWorkbenchFiles test;
  QTEST_SET_MAIN_SOURCE_PATH
  return QTest::qExec(&test, argc, argv);
}

#include "tst_workbenchfiles.moc"
