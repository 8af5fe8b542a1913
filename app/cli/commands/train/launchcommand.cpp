// `groundscope-cli launch --nproc N -- train ARGS…`: starts N local workers of one data-parallel
// training job, each `train ARGS… --world-size N --rank R --rendezvous file://…` with
// its share of the cores, and watches them. Rank 0's output is the job's; the others' log lines
// carry "[rank R]". When a worker dies the others notice at once (their Gloo connections close)
// and stop with a message naming it; the launcher reports which one went and, should any still
// run after --grace seconds, stops them.

#include "clioutput.h"
#include "commands/commands.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>

#include <atomic>
#include <csignal>
#include <memory>

namespace gs::cli {

namespace {

std::atomic<int> g_launchInterrupts{0};

// Ctrl-C reaches the workers too (one terminal, one process group): they cancel and keep their
// last checkpoint. The launcher itself waits for them instead of dying first. A handler, not
// SIG_IGN, so the workers (exec'd) get the default disposition back.
void onLaunchInterrupt(int) { g_launchInterrupts.fetch_add(1); }

struct Worker {
  int rank = 0;
  std::unique_ptr<QProcess> process;
  qint64 pid = 0;
  bool done = false;
};

// The workers' command line: `train …` after --, without the options the launcher sets.
QStringList trainArgumentsOf(const Arguments &args) {
  const QStringList train = args.positional();
  if (train.value(0) != QLatin1String("train"))
    throw UsageError("launch: give the workers' command after --: launch --nproc N -- train --dataset ... --model ... --out ...");
  for (const QString &a : train)
    for (const char *own : {"--world-size", "--rank", "--rendezvous"})
      if (a == QLatin1String(own) || a.startsWith(QLatin1String(own) + QLatin1Char('=')))
        throw UsageError(QStringLiteral("launch: %1 is the launcher's to set; leave it out of the train command").arg(QLatin1String(own)).toStdString());
  return train;
}

// What every worker is started with.
struct Launch {
  int workers = 2;
  QStringList train;  // the `train …` command line
  QString rendezvous; // URL
  int threads = 1;    // GS_THREADS of each worker
};

// Starts rank r: rank 0's output is the job's, the others' stdout is dropped and their log lines
// carry "[rank r]".
void startWorker(Worker &w, int r, const Launch &launch) {
  w.rank = r;
  w.process = std::make_unique<QProcess>();
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert(QStringLiteral("GS_THREADS"), QString::number(launch.threads));
  env.insert(QStringLiteral("GS_LOG_PREFIX"), QStringLiteral("[rank %1] ").arg(r));
  w.process->setProcessEnvironment(env);
  if (r == 0) {
    w.process->setProcessChannelMode(QProcess::ForwardedChannels);
  } else {
    w.process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    w.process->setStandardOutputFile(QProcess::nullDevice());
  }
  w.process->setInputChannelMode(QProcess::ForwardedInputChannel);
  QStringList arguments = launch.train;
  arguments << QStringLiteral("--world-size") << QString::number(launch.workers) << QStringLiteral("--rank") << QString::number(r)
            << QStringLiteral("--rendezvous") << launch.rendezvous;
  w.process->start(QCoreApplication::applicationFilePath(), arguments);
  if (!w.process->waitForStarted(30000))
    throw std::runtime_error(QStringLiteral("launch: cannot start worker rank %1: %2").arg(r).arg(w.process->errorString()).toStdString());
  w.pid = w.process->processId();
  err() << QStringLiteral("launch: rank %1 is pid %2 (%3 threads), rendezvous %4\n").arg(r).arg(w.pid).arg(launch.threads).arg(launch.rendezvous);
  err().flush();
}

// Watches the workers until all have ended. The first failure sets the exit code and gives the
// others `grace` seconds to stop by themselves; after that they are stopped.
class WorkerWatch {
public:
  WorkerWatch(std::vector<Worker> &workers, int grace) : m_workers(workers), m_grace(grace), m_running(int(workers.size())) {}

  int run() {
    while (m_running > 0) {
      for (Worker &w : m_workers)
        if (!w.done) reap(w);
      if (m_running > 0 && m_stopBy.hasExpired()) stopTheRest();
    }
    return m_exitCode;
  }

private:
  // Notes a worker that ended (waiting up to 50 ms for it), and reports a failure.
  void reap(Worker &w) {
    if (!w.process->waitForFinished(50) && w.process->state() != QProcess::NotRunning) return;
    w.done = true;
    --m_running;
    const bool crashed = w.process->exitStatus() == QProcess::CrashExit;
    const int code = w.process->exitCode();
    if (!crashed && code == 0) return;
    err() << QStringLiteral("launch: worker rank %1 (pid %2) %3\n")
                 .arg(w.rank)
                 .arg(w.pid)
                 .arg(crashed ? QStringLiteral("was killed or crashed") : QStringLiteral("exited with code %1").arg(code));
    err().flush();
    if (m_exitCode == kExitOk) {
      m_exitCode = crashed ? kExitFailure : code;
      m_stopBy = QDeadlineTimer(std::chrono::seconds(m_grace));
    }
  }

  void stopTheRest() {
    for (Worker &w : m_workers)
      if (!w.done) {
        err() << QStringLiteral("launch: stopping worker rank %1 (pid %2), still running %3 s after another failed\n")
                     .arg(w.rank)
                     .arg(w.pid)
                     .arg(m_grace);
        w.process->terminate();
        if (!w.process->waitForFinished(10000)) w.process->kill();
      }
    m_stopBy = QDeadlineTimer(QDeadlineTimer::Forever);
  }

  std::vector<Worker> &m_workers;
  int m_grace;
  int m_running;
  int m_exitCode = kExitOk;
  QDeadlineTimer m_stopBy{QDeadlineTimer::Forever};
};

int runLaunch(const Arguments &args) {
  Launch launch;
  launch.workers = args.intValue(QStringLiteral("nproc"), 2, 2, 64);
  launch.train = trainArgumentsOf(args);
  QTemporaryDir meeting(QDir::temp().filePath(QStringLiteral("groundscope-launch-XXXXXX")));
  if (!meeting.isValid()) throw std::runtime_error("launch: cannot create a temporary folder for the rendezvous");
  launch.rendezvous = args.isSet(QStringLiteral("rendezvous")) ? args.value(QStringLiteral("rendezvous"))
                                                               : QStringLiteral("file://") + meeting.filePath(QStringLiteral("rendezvous"));
  const int cores = std::max(1, QThread::idealThreadCount());
  launch.threads = args.isSet(QStringLiteral("threads")) ? args.intValue(QStringLiteral("threads"), 1, 1, 1024) : std::max(1, cores / launch.workers);
  const int grace = args.intValue(QStringLiteral("grace"), 60, 0, 24 * 3600);

  std::signal(SIGINT, onLaunchInterrupt);
  std::signal(SIGTERM, onLaunchInterrupt);
  std::vector<Worker> workers(static_cast<std::size_t>(launch.workers));
  for (int r = 0; r < launch.workers; ++r) startWorker(workers[std::size_t(r)], r, launch);
  const int exitCode = WorkerWatch(workers, grace).run();
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  if (g_launchInterrupts.load() > 0 && exitCode != kExitOk) return 130;
  return exitCode;
}

}  // namespace

Command launchCommand() {
  Command command;
  command.name = QStringLiteral("launch");
  command.summary = QStringLiteral("start N local workers of one data-parallel training job (launch --nproc N -- train …)");
  command.syntax.positionals = QStringLiteral("-- train ARGS...");
  command.syntax.minPositional = 1;
  command.syntax.maxPositional = -1;
  command.syntax.options = {
      {QStringLiteral("nproc"), QStringLiteral("N"), QStringLiteral("Workers to start (2 to 64)."), {}, true},
      {QStringLiteral("threads"), QStringLiteral("T"),
       QStringLiteral("Compute threads per worker (GS_THREADS); default: the cores divided among the workers, at least 1.")},
      {QStringLiteral("rendezvous"), QStringLiteral("URL"),
       QStringLiteral("Where the workers meet (default: a file in a new temporary folder).")},
      {QStringLiteral("grace"), QStringLiteral("SECONDS"),
       QStringLiteral("After a worker fails, how long the others get to stop by themselves before they are stopped."),
       QStringLiteral("60")}};
  command.notes = QStringLiteral(
      "Everything after -- is one `train` command line, given to every worker with --world-size, --rank and\n"
      "--rendezvous added. Rank 0 prints the result; exit code 0 when every worker succeeded, else the first\n"
      "failure's. Across machines, start `train ... --world-size N --rank R --rendezvous tcp://HOST:PORT`\n"
      "on each instead (the manual: docs/performance.md, \"Data-parallel training\").");
  command.run = runLaunch;
  return command;
}

}  // namespace gs::cli
