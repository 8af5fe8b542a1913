// The Training dock's "Train over seeds…": the form's configuration trained once per seed as one
// engine job (core's runComparison with one row per seed, so the data is prepared once), the runs
// opened in the list as they finish and drawn as one seed group.

#include "training/trainingpanel.h"

#include "common/workbenchstate.h"
#include "training/compare/runcomparison.h"
#include "training/runs/runfolder.h"
#include "training/seedsdialog.h"
#include "training/trainconfigform.h"

#include <QDir>
#include <QLabel>
#include <QLineEdit>

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

QString TrainingPanel::seedsFolder() const {
  const QString output = outputFolder();
  return output.isEmpty() ? QString() : QDir::cleanPath(output) + QStringLiteral("-seeds");
}

void TrainingPanel::askSeeds() {
  SeedsDialog dialog(this);
  if (dialog.exec() == QDialog::Accepted) trainOverSeeds(dialog.seeds());
}

bool TrainingPanel::trainOverSeeds(const std::vector<quint64> &seeds) {
  if (m_job != 0) return false;
  const auto refuse = [this](const QString &why) {
    appendLog(tr("Cannot train over seeds: %1").arg(why));
    return false;
  };
  if (seeds.size() < 2 || std::set<quint64>(seeds.begin(), seeds.end()).size() != seeds.size() ||
      std::find(seeds.begin(), seeds.end(), quint64(0)) != seeds.end())
    return refuse(tr("give at least two different positive seeds"));
  TrainConfig config;
  QString error;
  if (!m_form->config(&config, &error)) return refuse(error);
  if (m_state.datasetPath().isEmpty()) return refuse(tr("open a dataset first"));
  if (outputFolder().isEmpty()) return refuse(tr("choose an output folder"));
  const ComparisonRequest request = seedRequest(config, seeds, dataSource(), seedsFolder());
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
  m_seedRuns = dirs;
  m_seedRunsPending = dirs;
  m_jobRun = 0; // no run of the list trains live: each joins it when it finishes
  m_job = m_bridge.submit(tr("Train %1 over %n seed(s)", nullptr, int(seeds.size())).arg(config.modelName()),
                          [request](JobContext &job) { runComparison(request, job); });
  m_paused = false;
  m_jobStarted = false;
  m_liveBatches = false;
  m_rate.reset();
  m_clock.start();
  appendLog(tr("Training %1 over %n seed(s) into %2", nullptr, int(seeds.size()))
                .arg(config.modelName(), QDir::toNativeSeparators(request.outputRoot)));
  m_status->setText(tr("Waiting for the engine…"));
  setSeedsGrouped(true);
  updateButtons();
  return true;
}

// Runs train one after the other and each writes its result.json last, atomically: a folder that
// has one is complete.
void TrainingPanel::openFinishedSeedRuns() {
  for (auto it = m_seedRunsPending.begin(); it != m_seedRunsPending.end();) {
    if (!RunFolder(*it).isFinished()) {
      ++it;
      continue;
    }
    loadRun(*it, false); // logs why when it cannot; not tried again
    it = m_seedRunsPending.erase(it);
  }
}

void TrainingPanel::finishSeedJob(const JobOutcome &outcome) {
  m_job = 0;
  m_paused = false;
  openFinishedSeedRuns();
  int trained = 0;
  for (const QString &dir : std::as_const(m_seedRuns)) trained += RunFolder(dir).isFinished();
  const QString counted = tr("%1 of %n seed(s) trained", nullptr, int(m_seedRuns.size())).arg(trained);
  switch (outcome.status) {
  case JobStatus::Succeeded:
    m_status->setText(tr("Finished in %1: %2").arg(RateEstimator::formatDuration(m_clock.elapsed() / 1000.0), counted));
    appendLog(tr("Finished: %1").arg(counted));
    if (m_outputIsAuto) m_output->setText(freshOutputFolder()); // the next seeds go elsewhere
    break;
  case JobStatus::Cancelled:
    m_status->setText(tr("Stopped: %1").arg(counted));
    appendLog(tr("Stopped: %1").arg(counted));
    break;
  default:
    m_status->setText(tr("Failed: %1").arg(outcome.error));
    appendLog(tr("Failed: %1 (%2)").arg(outcome.error, counted));
    break;
  }
  m_seedRuns.clear();
  m_seedRunsPending.clear();
  regroup();
  updateButtons();
}

}  // namespace gs
