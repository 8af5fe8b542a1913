// The engine facade: jobs run off the caller's thread, in order, report progress in order,
// stop promptly when cancelled, pause and resume, and turn exceptions into error outcomes.

#include "engine/enginebridge.h"
#include "engine/jobcontext.h"

#include <QSignalSpy>
#include "testprinters.h"

#include <QTest>
#include <QThread>

#include <atomic>
#include <mutex>
#include <thread>

using namespace gs;

namespace {

// Records everything the engine reports, from the worker thread.
class Recorder : public JobObserver {
public:
  void jobStarted(JobId id, const QString &name) override {
    std::lock_guard lock(mutex);
    started.push_back(id);
    names << name;
  }
  void jobProgress(JobId, const JobProgress &progress) override {
    std::lock_guard lock(mutex);
    fractions.push_back(progress.fraction);
    rates.push_back(progress.itemsPerSecond);
  }
  void jobLog(JobId, LogLevel level, const QString &line) override {
    std::lock_guard lock(mutex);
    logs << line;
    levels.push_back(level);
  }
  void jobFinished(JobId id, const QString &, const JobOutcome &outcome) override {
    std::lock_guard lock(mutex);
    finished.push_back(id);
    statuses.push_back(outcome.status);
  }
  std::mutex mutex;
  std::vector<JobId> started, finished;
  QStringList names, logs;
  std::vector<double> fractions, rates;
  std::vector<LogLevel> levels;
  std::vector<JobStatus> statuses;
};

// A job that would run for a minute unless cancelled; counts its steps.
JobFunction longJob(std::atomic<int> &steps) {
  return [&steps](JobContext &job) {
    for (int i = 0; i < 60000; ++i) {
      job.checkpoint();
      ++steps;
      QThread::msleep(1);
    }
  };
}

}  // namespace

class TestEngine : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void jobRunsOffCallerThread() {
    Engine engine;
    std::thread::id jobThread;
    const JobId id = engine.submit(QStringLiteral("where"), [&](JobContext &) { jobThread = std::this_thread::get_id(); });
    const auto outcome = engine.wait(id, 10000);
    QVERIFY(outcome);
    QCOMPARE(outcome->status, JobStatus::Succeeded);
    QVERIFY(jobThread != std::thread::id());
    QVERIFY(jobThread != std::this_thread::get_id());
  }

  void progressArrivesInOrder() {
    Engine engine;
    engine.setProgressInterval(0);
    Recorder recorder;
    engine.addObserver(&recorder);
    const JobId id = engine.submit(QStringLiteral("count"), [](JobContext &job) {
      for (int i = 1; i <= 100; ++i) job.setItemProgress(i, 100, QStringLiteral("item %1").arg(i));
    });
    QCOMPARE(engine.wait(id, 10000)->status, JobStatus::Succeeded);
    engine.removeObserver(&recorder);
    QCOMPARE(recorder.fractions.size(), std::size_t(100));
    for (std::size_t i = 0; i < recorder.fractions.size(); ++i)
      QCOMPARE(recorder.fractions[i], double(i + 1) / 100.0);
    QVERIFY(recorder.rates.back() > 0); // items/s measured
  }

  void progressIsRateLimitedButFinalReportAlwaysArrives() {
    Engine engine;
    engine.setProgressInterval(60000); // nothing but the first and the final report gets through
    Recorder recorder;
    engine.addObserver(&recorder);
    const JobId id = engine.submit(QStringLiteral("many"), [](JobContext &job) {
      for (int i = 1; i <= 1000; ++i) job.setProgress(i / 1000.0, QString());
    });
    engine.wait(id, 10000);
    engine.removeObserver(&recorder);
    QCOMPARE(recorder.fractions.size(), std::size_t(2));
    QCOMPARE(recorder.fractions.front(), 0.001);
    QCOMPARE(recorder.fractions.back(), 1.0);
  }

  void cancelStopsRunningJobPromptly() {
    Engine engine;
    std::atomic<int> steps{0};
    const JobId id = engine.submit(QStringLiteral("long"), longJob(steps));
    QTRY_VERIFY_WITH_TIMEOUT(steps.load() > 5, 10000);
    engine.cancel(id);
    // Generous bound: the job checks every millisecond; a minute would mean it ignored us.
    const auto outcome = engine.wait(id, 5000);
    QVERIFY2(outcome, "job did not stop within 5 s of cancel");
    QCOMPARE(outcome->status, JobStatus::Cancelled);
    QVERIFY(steps.load() < 60000);
  }

  void cancelledQueuedJobNeverRuns() {
    Engine engine;
    std::atomic<int> steps{0};
    std::atomic<bool> secondRan{false};
    const JobId first = engine.submit(QStringLiteral("long"), longJob(steps));
    const JobId second = engine.submit(QStringLiteral("queued"), [&](JobContext &) { secondRan = true; });
    engine.cancel(second);
    engine.cancel(first);
    QCOMPARE(engine.wait(second, 5000)->status, JobStatus::Cancelled);
    QVERIFY(!secondRan);
  }

  void exceptionBecomesFailedOutcome() {
    Engine engine;
    Recorder recorder;
    engine.addObserver(&recorder);
    const JobId bad = engine.submit(QStringLiteral("bad"), [](JobContext &) {
      throw std::runtime_error("features.npy: wrong dimensions (expected 4096, got 512)");
    });
    const JobId odd = engine.submit(QStringLiteral("odd"), [](JobContext &) { throw 42; });
    const JobId good = engine.submit(QStringLiteral("good"), [](JobContext &) {});
    const auto badOutcome = engine.wait(bad, 5000);
    QCOMPARE(badOutcome->status, JobStatus::Failed);
    QCOMPARE(badOutcome->error, QStringLiteral("features.npy: wrong dimensions (expected 4096, got 512)"));
    QCOMPARE(engine.wait(odd, 5000)->status, JobStatus::Failed);
    QVERIFY(!engine.wait(odd, 5000)->error.isEmpty());
    // The engine survives and runs the next job.
    QCOMPARE(engine.wait(good, 5000)->status, JobStatus::Succeeded);
    engine.removeObserver(&recorder);
  }

  void jobsRunInSubmissionOrder() {
    Engine engine;
    std::mutex mutex;
    std::vector<int> order;
    std::vector<JobId> ids;
    for (int i = 0; i < 8; ++i) {
      ids.push_back(engine.submit(QStringLiteral("job %1").arg(i), [&, i](JobContext &) {
        QThread::msleep(2);
        std::lock_guard lock(mutex);
        order.push_back(i);
      }));
    }
    QVERIFY(engine.waitForIdle(10000));
    QCOMPARE(order, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    QVERIFY(ids.front() < ids.back());
  }

  // The two lanes: while a long job (a training run) holds its worker, an interactive job (a t-SNE
  // map) queued after it starts and finishes; the job list shows both with their lanes and states.
  void interactiveJobRunsWhileALongJobDoes() {
    Engine engine;
    std::atomic<bool> release{false};
    std::atomic<bool> longRunning{false};
    const JobId training = engine.submit(QStringLiteral("Train dtrnn"), [&](JobContext &job) {
      longRunning = true;
      while (!release) {
        job.checkpoint();
        QThread::msleep(2);
      }
    });
    const JobId queuedBehind = engine.submit(QStringLiteral("Extract features"), [](JobContext &) {});
    QTRY_VERIFY_WITH_TIMEOUT(longRunning.load(), 5000);
    std::atomic<bool> mapped{false};
    const JobId tsne = engine.submit(QStringLiteral("t-SNE map"), [&](JobContext &) { mapped = true; }, JobLane::Interactive);
    const std::optional<JobOutcome> outcome = engine.wait(tsne, 5000);
    QVERIFY(outcome);
    QCOMPARE(outcome->status, JobStatus::Succeeded);
    QVERIFY(mapped.load());
    const std::vector<JobInfo> jobs = engine.jobs();
    QCOMPARE(jobs.size(), std::size_t(3));
    QCOMPARE(jobs[0].id, training);
    QCOMPARE(jobs[0].status, JobStatus::Running);
    QCOMPARE(jobs[1].id, queuedBehind); // the long lane's queue waits its turn
    QCOMPARE(jobs[1].status, JobStatus::Queued);
    QCOMPARE(jobs[2].id, tsne);
    QCOMPARE(jobs[2].lane, JobLane::Interactive);
    QCOMPARE(jobs[2].status, JobStatus::Succeeded);
    QCOMPARE(engine.jobs(0).size(), std::size_t(2)); // pending only
    release = true;
    QVERIFY(engine.waitForIdle(5000));
    QCOMPARE(engine.wait(queuedBehind, 0)->status, JobStatus::Succeeded);
  }

  void pauseHoldsJobUntilResumed() {
    Engine engine;
    std::atomic<int> steps{0};
    const JobId id = engine.submit(QStringLiteral("pausable"), longJob(steps));
    QTRY_VERIFY_WITH_TIMEOUT(steps.load() > 3, 10000);
    engine.pause(id);
    QThread::msleep(50);
    const int held = steps.load();
    QThread::msleep(200);
    QVERIFY(engine.isPaused(id));
    QVERIFY2(steps.load() <= held + 1, "job kept running while paused");
    engine.resume(id);
    QTRY_VERIFY_WITH_TIMEOUT(steps.load() > held + 5, 10000);
    engine.pause(id);
    engine.cancel(id); // cancelling a paused job wakes it and stops it
    QCOMPARE(engine.wait(id, 5000)->status, JobStatus::Cancelled);
  }

  void contextReportsSummaryAndLogs() {
    Engine engine;
    Recorder recorder;
    engine.addObserver(&recorder);
    const JobId id = engine.submit(QStringLiteral("summary"), [](JobContext &job) {
      job.log(QStringLiteral("hello"));
      job.warn(QStringLiteral("careful"));
      job.setSummary({{QStringLiteral("answer"), 42}});
    });
    const auto outcome = engine.wait(id, 5000);
    engine.removeObserver(&recorder);
    QCOMPARE(outcome->summary.value(QStringLiteral("answer")).toInt(), 42);
    QCOMPARE(recorder.logs, (QStringList{QStringLiteral("hello"), QStringLiteral("careful")}));
    QCOMPARE(recorder.levels[1], LogLevel::Warning);
    QCOMPARE(recorder.names, QStringList{QStringLiteral("summary")});
  }

  void destructorCancelsRunningJob() {
    std::atomic<int> steps{0};
    QElapsedTimer clock;
    {
      Engine engine;
      engine.submit(QStringLiteral("long"), longJob(steps));
      QTRY_VERIFY_WITH_TIMEOUT(steps.load() > 2, 10000);
      clock.start();
    }
    QVERIFY2(clock.elapsed() < 5000, "engine destructor waited for the job instead of cancelling it");
  }

  void bridgeEmitsSignalsOnOwnerThread() {
    Engine engine;
    engine.setProgressInterval(0);
    EngineBridge bridge(engine);
    QSignalSpy started(&bridge, &EngineBridge::started);
    QSignalSpy progress(&bridge, &EngineBridge::progressChanged);
    QSignalSpy finished(&bridge, &EngineBridge::finished);
    QThread *receivedOn = nullptr;
    connect(&bridge, &EngineBridge::finished, this, [&] { receivedOn = QThread::currentThread(); });
    bridge.submit(QStringLiteral("bridged"), [](JobContext &job) {
      job.setProgress(0.5, QStringLiteral("half"));
      job.setProgress(1.0, QStringLiteral("done"));
    });
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    QCOMPARE(started.size(), 1);
    QCOMPARE(started.at(0).at(1).toString(), QStringLiteral("bridged"));
    QCOMPARE(progress.size(), 2);
    QCOMPARE(progress.at(1).at(1).value<JobProgress>().message, QStringLiteral("done"));
    QCOMPARE(finished.at(0).at(2).value<JobOutcome>().status, JobStatus::Succeeded);
    QCOMPARE(receivedOn, QThread::currentThread());
  }
};

QTEST_GUILESS_MAIN(TestEngine)
#include "tst_engine.moc"
