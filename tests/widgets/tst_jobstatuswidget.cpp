// The status strip follows the engine: it appears when a job starts, shows its progress and
// message, cancels it from its button, and hides when the job ends.

#include "engine/jobcontext.h"
#include "common/jobstatuswidget.h"
#include "common/logview.h"
#include "findchild.h"

#include <QApplication>
#include "testprinters.h"

#include <QTest>
#include <QThread>
#include <QProgressBar>
#include <QToolButton>

#include <atomic>

using namespace gs;
using gs::test::child;

class TestJobStatusWidget : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void followsAJobAndCancelsIt() {
    Engine engine;
    engine.setProgressInterval(0);
    EngineBridge bridge(engine);
    JobStatusWidget status(bridge);
    LogView log(bridge);
    status.show();
    QVERIFY(QTest::qWaitForWindowExposed(&status));
    QVERIFY(!status.isVisible() || status.shownJob() == 0);

    std::atomic<bool> halfway{false};
    const JobId id = bridge.submit(QStringLiteral("Long job"), [&](JobContext &job) {
      job.setItemProgress(25, 100, QStringLiteral("quarter"));
      halfway = true;
      for (;;) {
        job.checkpoint();
        QThread::msleep(1);
      }
    });
    QTRY_COMPARE_WITH_TIMEOUT(status.shownJob(), id, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(status.progressValue(), 250, 10000);
    QVERIFY(status.isVisible());
    QVERIFY(status.text().contains(QStringLiteral("Long job: quarter")));
    QVERIFY(status.text().contains(QStringLiteral("/s")));

    QTest::mouseClick(child<QToolButton>(status, "cancelButton"), Qt::LeftButton);
    QCOMPARE(engine.wait(id, 5000)->status, JobStatus::Cancelled);
    QTRY_COMPARE_WITH_TIMEOUT(status.shownJob(), JobId(0), 10000);
    QVERIFY(!status.isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(log.toPlainText().contains(QStringLiteral("Long job cancelled")), 5000);
  }

  void failedJobIsLoggedAsError() {
    Engine engine;
    EngineBridge bridge(engine);
    LogView log(bridge);
    bridge.submit(QStringLiteral("Broken"), [](JobContext &) { throw std::runtime_error("captions.json:3:14: bad"); });
    QTRY_VERIFY_WITH_TIMEOUT(log.toPlainText().contains(QStringLiteral("Broken failed: captions.json:3:14: bad")), 10000);
  }

  void unknownTotalShowsBusyBar() {
    Engine engine;
    engine.setProgressInterval(0);
    EngineBridge bridge(engine);
    JobStatusWidget status(bridge);
    std::atomic<bool> release{false};
    const JobId id = bridge.submit(QStringLiteral("Busy"), [&](JobContext &job) {
      job.setProgress(-1, QStringLiteral("counting"));
      while (!release) QThread::msleep(1);
    });
    QTRY_VERIFY_WITH_TIMEOUT(status.text().contains(QStringLiteral("counting")), 10000);
    QCOMPARE(status.findChild<QProgressBar *>()->maximum(), 0); // busy indicator
    release = true;
    engine.wait(id, 5000);
  }
};

QTEST_MAIN(TestJobStatusWidget)
#include "tst_jobstatuswidget.moc"
