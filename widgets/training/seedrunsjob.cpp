#include "training/seedrunsjob.h"

#include "common/workbenchstate.h"
#include "experiments/runcomparison.h"
#include "training/runlist.h"
#include "training/runs/runfolder.h"
#include "training/trainconfigform.h"
#include "training/trainingsetup.h"

#include <QDir>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace gs {

namespace {
// One comparison row per seed, each with the form's settings (its model and seed come from the row).
ComparisonRequest seedRequest(const TrainConfig &config, const std::vector<quint64> &seeds, const TrainingSource &source,
                              const QString &root) {
  ComparisonRow row = modelRow(config.entry());
  row.preset = config.toJson();
  row.preset.remove(QStringLiteral("model"));
  row.preset.remove(QStringLiteral("seed"));
  ComparisonRequest request;
  request.rows = expandRows({row}, {QJsonObject{}}, seeds);
  for (ComparisonRow &r : request.rows) r.label = QStringLiteral("%1 seed %2").arg(r.label).arg(r.seed);
  request.source = source;
  request.outputRoot = root;
  return request;
}
} // namespace

SeedRunsJob::SeedRunsJob(EngineBridge &bridge, const TrainingSetup &setup, const WorkbenchState &state, RunList &runs,
                         QObject *parent)
    : RunJob(bridge, parent), m_setup(setup), m_state(state), m_runs(runs) {}

QString SeedRunsJob::seedsFolder() const {
  const QString output = m_setup.outputFolder();
  return output.isEmpty() ? QString() : QDir::cleanPath(output) + QStringLiteral("-seeds");
}

bool SeedRunsJob::start(const std::vector<quint64> &seeds) {
  if (isRunning()) return false;
  const auto refuse = [this](const QString &why) {
    Q_EMIT message(tr("Cannot train over seeds: %1").arg(why));
    return false;
  };
  if (seeds.size() < 2 || std::set<quint64>(seeds.begin(), seeds.end()).size() != seeds.size() ||
      std::find(seeds.begin(), seeds.end(), quint64(0)) != seeds.end())
    return refuse(tr("give at least two different positive seeds"));
  TrainConfig config;
  QString error;
  if (!m_setup.form()->config(&config, &error)) return refuse(error);
  if (m_state.datasetPath().isEmpty()) return refuse(tr("open a dataset first"));
  if (m_setup.outputFolder().isEmpty()) return refuse(tr("choose an output folder"));
  const ComparisonRequest request = seedRequest(config, seeds, m_setup.dataSource(), seedsFolder());
  try {
    comparisonConfigs(request); // a bad setting fails here, before anything trains
  } catch (const std::invalid_argument &e) {
    return refuse(QString::fromUtf8(e.what()));
  }
  // The folders runComparison trains into.
  QStringList dirs;
  for (const ComparisonRow &row : request.rows) {
    dirs << comparisonRunDir(request, row, config);
    if (RunFolder(dirs.back()).isRun())
      return refuse(tr("%1 already holds a run; choose another output folder").arg(QDir::toNativeSeparators(dirs.back())));
  }
  m_runDirs = dirs;
  m_pending = dirs;
  submit(tr("Train %1 over %n seed(s)", nullptr, int(seeds.size())).arg(config.modelName()),
         [request](JobContext &job) { runComparison(request, job); });
  Q_EMIT message(tr("Training %1 over %n seed(s) into %2", nullptr, int(seeds.size()))
                     .arg(config.modelName(), QDir::toNativeSeparators(request.outputRoot)));
  Q_EMIT status(tr("Waiting for the engine…"));
  m_runs.setSeedsGrouped(true);
  Q_EMIT stateChanged();
  return true;
}

void SeedRunsJob::onProgress(const JobProgress &progress) {
  openFinishedRuns();
  const int done = int(m_runDirs.size() - m_pending.size());
  Q_EMIT status(tr("Seeds: %1 of %2 trained · %3").arg(done).arg(m_runDirs.size()).arg(progress.message));
}

// Runs train one after the other and each writes its result.json last, atomically: a folder that
// has one is complete.
void SeedRunsJob::openFinishedRuns() {
  for (auto it = m_pending.begin(); it != m_pending.end();) {
    if (!RunFolder(*it).isFinished()) {
      ++it;
      continue;
    }
    m_runs.open(*it); // logs why when it cannot; not tried again
    it = m_pending.erase(it);
  }
}

void SeedRunsJob::onFinished(const JobOutcome &outcome) {
  finish();
  openFinishedRuns();
  logOutcome(outcome);
  m_runDirs.clear();
  m_pending.clear();
  Q_EMIT ended(outcome.status);
}

void SeedRunsJob::logOutcome(const JobOutcome &outcome) {
  int trained = 0;
  for (const QString &dir : std::as_const(m_runDirs)) trained += RunFolder(dir).isFinished();
  const QString counted = tr("%1 of %n seed(s) trained", nullptr, int(m_runDirs.size())).arg(trained);
  switch (outcome.status) {
  case JobStatus::Succeeded:
    Q_EMIT status(tr("Finished in %1: %2").arg(elapsed(), counted));
    Q_EMIT message(tr("Finished: %1").arg(counted));
    break;
  case JobStatus::Cancelled:
    Q_EMIT status(tr("Stopped: %1").arg(counted));
    Q_EMIT message(tr("Stopped: %1").arg(counted));
    break;
  default:
    Q_EMIT status(tr("Failed: %1").arg(outcome.error));
    Q_EMIT message(tr("Failed: %1 (%2)").arg(outcome.error, counted));
    break;
  }
}

}  // namespace gs
