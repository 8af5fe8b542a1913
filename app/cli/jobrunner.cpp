#include "jobrunner.h"

#include "clioutput.h"

#include <QElapsedTimer>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <mutex>
#include <optional>
#include <unistd.h>

namespace gs::cli {

namespace {

std::atomic<int> g_interrupts{0};
std::atomic<bool> g_stoppedByInterrupt{false}; // a job of this process was cancelled by Ctrl-C

void onInterrupt(int) {
  if (g_interrupts.fetch_add(1) >= 1) std::_Exit(130); // second Ctrl-C: leave now
}

// Prints the job's progress on stderr: one rewritten line on a terminal, plain lines
// (at most one per second) when stderr is a file or pipe.
class StderrObserver : public JobObserver {
public:
  // GS_LOG_PREFIX (set by `launch` for each worker, "[rank 1] ") starts every line.
  StderrObserver() : m_tty(isatty(fileno(stderr)) != 0), m_prefix(QString::fromLocal8Bit(qgetenv("GS_LOG_PREFIX"))) {}

  void jobProgress(JobId, const JobProgress &progress) override {
    std::lock_guard lock(m_mutex);
    QString line = m_prefix;
    if (progress.fraction >= 0) line += QStringLiteral("[%1%] ").arg(progress.fraction * 100, 5, 'f', 1);
    line += progress.message;
    if (progress.itemsPerSecond > 0) line += QStringLiteral(" (%1/s)").arg(progress.itemsPerSecond, 0, 'f', 1);
    if (m_tty) {
      err() << '\r' << line << QStringLiteral("\x1b[K");
      m_open = true;
    } else if (m_clock.isValid() && m_clock.elapsed() < 1000 && progress.fraction < 1.0) {
      return;
    } else {
      err() << line << '\n';
      m_clock.start();
    }
    err().flush();
  }

  void jobLog(JobId, LogLevel level, const QString &text) override {
    std::lock_guard lock(m_mutex);
    closeLine();
    err() << m_prefix;
    if (level == LogLevel::Warning) err() << "warning: ";
    if (level == LogLevel::Error) err() << "error: ";
    err() << text << '\n';
    err().flush();
  }

  void jobFinished(JobId, const QString &, const JobOutcome &) override {
    std::lock_guard lock(m_mutex);
    closeLine();
    err().flush();
  }

private:
  void closeLine() {
    if (m_open) err() << '\n';
    m_open = false;
  }

  std::mutex m_mutex;
  bool m_tty;
  QString m_prefix;
  bool m_open = false;
  QElapsedTimer m_clock;
};

}  // namespace

JobOutcome runJob(Engine &engine, const QString &name, JobFunction function) {
  StderrObserver observer;
  engine.addObserver(&observer);
  g_interrupts = 0;
  auto previous = std::signal(SIGINT, onInterrupt);
  const JobId id = engine.submit(name, std::move(function));
  std::optional<JobOutcome> outcome;
  while (!(outcome = engine.wait(id, 100))) {
    if (g_interrupts.load() > 0) engine.cancel(id);
  }
  std::signal(SIGINT, previous);
  engine.removeObserver(&observer);
  if (g_interrupts.load() > 0) g_stoppedByInterrupt = true;
  return *outcome;
}

bool stoppedByInterrupt() { return g_stoppedByInterrupt.load(); }

void requireSuccess(const JobOutcome &outcome) {
  if (outcome.status == JobStatus::Cancelled) throw std::runtime_error("cancelled");
  if (outcome.status != JobStatus::Succeeded) throw std::runtime_error(outcome.error.toStdString());
}

}  // namespace gs::cli
