#include "training/runlist.h"

#include "common/workbenchstate.h"
#include "inference/sentencesimilarity.h"
#include "training/runs/runfolder.h"
#include "training/trainingplots.h"

#include <QCheckBox>
#include <QColorDialog>
#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QListWidget>
#include <QMenu>
#include <QUrl>
#include <QVBoxLayout>

namespace gs {

namespace {
QString cleanPath(const QString &dir) { return QDir::cleanPath(QFileInfo(dir).absoluteFilePath()); }

QString canonical(const QString &dir) {
  const QString path = QFileInfo(dir).canonicalFilePath();
  return path.isEmpty() ? cleanPath(dir) : path;
}
} // namespace

RunList::RunList(EngineBridge &bridge, WorkbenchState &state, TrainingPlots &plots, QWidget *parent)
    : QWidget(parent), m_bridge(bridge), m_state(state), m_plots(plots) {
  buildUi();
  connect(&m_state.runColours(), &RunColours::runColourChanged, this, &RunList::onColourChanged);
}

RunList::~RunList() = default;

// The list, a check box each, over the seed-group controls.
void RunList::buildUi() {
  m_list = new QListWidget(this);
  m_list->setObjectName(QStringLiteral("runList"));
  m_list->setAccessibleName(tr("Runs"));
  m_list->setToolTip(tr("Checked runs are drawn; selecting a finished run makes it the current run"));
  connect(m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
    m_plots.setRunVisible(item->data(Qt::UserRole).toInt(), item->checkState() == Qt::Checked);
    regroup(); // groups hold the checked runs
    Q_EMIT changed();
  });
  connect(m_list, &QListWidget::currentItemChanged, this, &RunList::onSelected);
  m_list->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(m_list, &QListWidget::customContextMenuRequested, this, &RunList::showMenu);
  m_groupSeeds = new QCheckBox(tr("Group seeds"), this);
  m_groupSeeds->setObjectName(QStringLiteral("groupSeedsBox"));
  m_groupSeeds->setToolTip(tr("Draw checked runs that differ only in their seed as one mean curve with a band"));
  m_band = new QComboBox(this);
  m_band->setObjectName(QStringLiteral("bandBox"));
  m_band->setAccessibleName(tr("Band around the mean"));
  m_band->addItem(tr("± std"), int(BandKind::StdDev));
  m_band->addItem(tr("min–max"), int(BandKind::MinMax));
  m_band->setToolTip(tr("The band: one standard deviation either side of the mean, or the runs' lowest to highest"));
  m_band->setEnabled(false);
  connect(m_groupSeeds, &QCheckBox::toggled, this, [this](bool on) {
    m_band->setEnabled(on);
    regroup();
  });
  connect(m_band, &QComboBox::currentIndexChanged, this, [this] {
    m_plots.setBandKind(BandKind(m_band->currentData().toInt()));
    m_plots.refresh();
  });
  auto *seeds = new QHBoxLayout;
  seeds->setContentsMargins(0, 0, 0, 0);
  seeds->addWidget(m_groupSeeds);
  seeds->addWidget(m_band);
  seeds->addStretch();
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(m_list, 1);
  layout->addLayout(seeds);
}

void RunList::showMenu(const QPoint &at) {
  QListWidgetItem *item = m_list->itemAt(at);
  if (!item) return;
  const int id = item->data(Qt::UserRole).toInt();
  const Entry *run = find(id);
  if (!run) return;
  QMenu menu(this);
  const QString dir = run->dir;
  menu.addAction(tr("Colour…"), this, [this, id] {
    const Entry *chosen = find(id);
    if (!chosen) return;
    const QColor colour = QColorDialog::getColor(chosen->colour, this, tr("Colour of %1").arg(chosen->label));
    if (colour.isValid()) m_state.runColours().setColour(chosen->dir, colour); // onColourChanged redraws
  });
  menu.addAction(tr("Show folder"), this, [dir] { QDesktopServices::openUrl(QUrl::fromLocalFile(dir)); });
  QAction *forget = menu.addAction(tr("Remove from list"), this, [this, id] { remove(id); });
  forget->setEnabled(id != m_training);
  menu.exec(m_list->viewport()->mapToGlobal(at));
}

// --- entries ----------------------------------------------------------------------------------

RunList::Entry &RunList::entryFor(const QString &runDir) {
  const QString dir = cleanPath(runDir);
  for (auto &run : m_entries)
    if (run->dir == dir) return *run;
  auto run = std::make_unique<Entry>();
  run->id = m_nextId++;
  run->dir = dir;
  run->label = QFileInfo(dir).fileName();
  run->colour = m_state.runColours().colourOf(dir);
  run->item = new QListWidgetItem(RunColours::swatch(run->colour), run->label);
  run->item->setData(Qt::UserRole, run->id);
  run->item->setToolTip(QDir::toNativeSeparators(dir));
  run->item->setFlags(run->item->flags() | Qt::ItemIsUserCheckable);
  {
    const QSignalBlocker block(m_list);
    run->item->setCheckState(Qt::Checked);
    m_list->addItem(run->item);
  }
  m_entries.push_back(std::move(run));
  return *m_entries.back();
}

RunList::Entry *RunList::entry(int id) {
  for (auto &run : m_entries)
    if (run->id == id) return run.get();
  return nullptr;
}

const RunList::Entry *RunList::find(int id) const {
  for (const auto &run : m_entries)
    if (run->id == id) return run.get();
  return nullptr;
}

int RunList::idOf(const QString &runDir) const {
  const QString dir = cleanPath(runDir);
  for (const auto &run : m_entries)
    if (run->dir == dir) return run->id;
  return -1;
}

int RunList::idAt(const QString &runDir) const {
  if (const int id = idOf(runDir); id >= 0) return id;
  const QString wanted = canonical(runDir);
  for (const auto &run : m_entries)
    if (canonical(run->dir) == wanted) return run->id;
  return -1;
}

const RunList::Entry *RunList::at(const QString &runDir) const { return find(idAt(runDir)); }

bool RunList::isChecked(const Entry &entry) const { return entry.item->checkState() == Qt::Checked; }

std::vector<const RunList::Entry *> RunList::checked() const {
  std::vector<const Entry *> runs;
  for (const auto &run : m_entries)
    if (isChecked(*run)) runs.push_back(run.get());
  return runs;
}

const RunList::Entry *RunList::pickTarget(int id) const {
  const auto drawn = [this](const Entry *run) {
    return run && isChecked(*run) && !(run->curves.batches().empty() && run->curves.epochs().empty());
  };
  if (const Entry *run = find(id); drawn(run)) return run;
  if (QListWidgetItem *item = m_list->currentItem())
    if (const Entry *run = find(item->data(Qt::UserRole).toInt()); drawn(run)) return run;
  for (const auto &run : m_entries)
    if (drawn(run.get()) && !run->curves.epochs().empty()) return run.get();
  return nullptr;
}

bool RunList::open(const QString &runDir, std::optional<TrainConfig> *config) {
  RunCurves curves;
  QString error;
  QStringList warnings;
  if (!curves.readRunFolder(runDir, &error, &warnings)) {
    Q_EMIT message(error);
    return false;
  }
  for (const QString &w : warnings) Q_EMIT message(w);
  Entry &run = entryFor(runDir);
  if (run.id == m_training) return true; // live curves win over a half-written file
  run.curves = curves;
  // config.json says how many epochs were planned, and lets Start resume a stopped run (*config).
  const RunFolder folder(run.dir);
  if (QFileInfo::exists(folder.configFile())) {
    try {
      const TrainConfig read = folder.config();
      run.epochsPlanned = read.epochs;
      if (config) *config = read;
    } catch (const RunFolderError &e) {
      Q_EMIT message(QString::fromUtf8(e.what()));
    }
  }
  readRecord(run);
  showCurves(run);
  regroup();
  Q_EMIT changed();
  Q_EMIT message(tr("Opened %1: %n epoch(s), ", nullptr, int(curves.epochs().size())).arg(QDir::toNativeSeparators(run.dir)) +
                 tr("%n minibatch(es)", nullptr, int(curves.batches().size())));
  return true;
}

bool RunList::remove(int id) {
  if (id == m_training) return false; // its curves are still arriving
  for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
    if ((*it)->id != id) continue;
    m_plots.removeRun(id);
    m_plots.refresh();
    {
      // Removing the selected run makes another current: that must not open it as the workbench's run.
      const QSignalBlocker block(m_list);
      delete (*it)->item; // the folder on disk is left alone
    }
    m_entries.erase(it);
    regroup();
    Q_EMIT changed();
    return true;
  }
  return false;
}

bool RunList::makeCurrent(int id) {
  const Entry *run = find(id);
  if (!run || run->id == m_training || !RunFolder(run->dir).hasModel()) return false;
  for (int row = 0; row < m_list->count(); ++row)
    if (m_list->item(row)->data(Qt::UserRole).toInt() == id) m_list->setCurrentRow(row);
  if (run->dir != cleanPath(m_state.runDir())) m_state.openRun(m_bridge, run->dir); // already selected: no signal
  return true;
}

void RunList::onSelected() {
  QListWidgetItem *item = m_list->currentItem();
  if (!item) return;
  const Entry *run = find(item->data(Qt::UserRole).toInt());
  if (!run || run->id == m_training) return; // the run being trained has no final model yet
  if (!RunFolder(run->dir).hasModel() || run->dir == cleanPath(m_state.runDir())) return;
  m_state.openRun(m_bridge, run->dir);
}

// --- drawing ----------------------------------------------------------------------------------

void RunList::showCurves(Entry &run) {
  m_plots.setRun(run.id, run.label, run.colour, run.curves);
  m_plots.setRunVisible(run.id, isChecked(run));
  updateItem(run);
  m_plots.refresh();
}

void RunList::updateItem(Entry &run) {
  QString text = run.label;
  const int epochs = run.curves.epochs().empty() ? 0 : run.curves.epochs().back().epoch;
  const bool finished = RunFolder(run.dir).isFinished();
  if (run.id == m_training) text += tr(" — training");
  else if (finished) text += tr(" — finished");
  else if (epochs > 0) text += tr(" — stopped");
  if (epochs > 0) {
    text += run.epochsPlanned > 0 ? tr(", epoch %1/%2").arg(epochs).arg(run.epochsPlanned) : tr(", epoch %1").arg(epochs);
    // The epoch the run keeps, by its own selection rule.
    const int kept = run.curves.bestEpoch();
    for (const EpochEvent &e : run.curves.epochs())
      if (e.epoch == kept) text += tr(", best epoch %1 (rsum %2)").arg(kept).arg(e.validation.rsum, 0, 'f', 1);
  }
  // Sentence similarity evaluated on the finished run (`similarity`, `compare --similarity`): ρ ×100.
  if (finished) {
    const QJsonObject similarity = RunFolder(run.dir).result().similarity;
    QStringList scores;
    for (auto it = similarity.begin(); it != similarity.end(); ++it) {
      const SimilarityResult s = SimilarityResult::fromJson(it.value().toObject());
      scores << tr("%1 ρ %2").arg(it.key().toUpper()).arg(s.all.spearman, 0, 'f', 1);
    }
    if (!scores.isEmpty()) text += QStringLiteral(", ") + scores.join(QStringLiteral(", "));
  }
  const QSignalBlocker block(m_list);
  run.item->setText(text);
}

void RunList::onColourChanged(const QString &runDir, const QColor &colour) {
  Entry *run = entry(idAt(runDir));
  if (!run) return;
  run->colour = colour;
  {
    const QSignalBlocker block(m_list);
    run->item->setIcon(RunColours::swatch(colour));
  }
  m_plots.setRunColour(run->id, colour);
  regroup(); // a group takes its first run's colour
  Q_EMIT changed();
}

// --- seed groups ------------------------------------------------------------------------------

void RunList::readRecord(Entry &run) {
  RunRecord record;
  run.hasRecord = readRunRecord(run.dir, record) && record.state != RunState::Broken;
  run.record = run.hasRecord ? record : RunRecord{};
}

void RunList::setSeedsGrouped(bool grouped) { m_groupSeeds->setChecked(grouped); }

void RunList::setBandKind(BandKind kind) { m_band->setCurrentIndex(m_band->findData(int(kind))); }

// The checked runs with a record, grouped by groupKey; groups of two or more draw as one band, in
// the colour of their first run (by seed). The run being trained stays alone: its curves still grow.
void RunList::regroup() {
  std::vector<TrainingPlots::Group> groups;
  if (m_groupSeeds->isChecked()) {
    std::vector<RunRecord> records;
    std::vector<const Entry *> owners;
    for (const auto &run : m_entries)
      if (run->hasRecord && isChecked(*run) && run->id != m_training) {
        records.push_back(run->record);
        owners.push_back(run.get());
      }
    for (const RunGroup &found : groupRuns(records)) {
      if (found.runs.size() < 2) continue;
      TrainingPlots::Group group;
      group.label = tr("%1 (N=%2)").arg(found.label).arg(found.runs.size());
      group.colour = owners[std::size_t(found.runs.front())]->colour;
      for (int r : found.runs) group.runs.push_back(owners[std::size_t(r)]->id);
      groups.push_back(std::move(group));
    }
  }
  m_plots.setGroups(groups);
  m_plots.refresh();
}

// --- the run trained live ---------------------------------------------------------------------

const RunList::Entry &RunList::beginTraining(const QString &runDir, const TrainConfig &config, bool resuming) {
  Entry &run = entryFor(runDir);
  run.epochsPlanned = config.epochs;
  if (resuming) run.curves.readRunFolder(run.dir); // the epochs done so far, before the live ones
  else run.curves.clear();
  run.curves.setSelection(config.selection, config.firstSelectableEpoch());
  m_training = run.id;
  regroup(); // a resumed run leaves its seed group while its curves grow
  showCurves(run);
  const QSignalBlocker block(m_list);
  m_list->setCurrentItem(run.item);
  return run;
}

void RunList::grow(const std::vector<BatchEvent> &batches, const std::vector<EpochEvent> &epochs) {
  Entry *run = entry(m_training);
  if (!run) return;
  for (const BatchEvent &b : batches) run->curves.addBatch(b);
  for (const EpochEvent &e : epochs) run->curves.addEpoch(e);
  if (!epochs.empty()) Q_EMIT changed();
  showCurves(*run);
}

void RunList::endTraining() {
  Entry *run = entry(m_training);
  m_training = 0;
  if (!run) return;
  updateItem(*run);
  readRecord(*run); // now complete on disk: it may join a seed group
  regroup();
}

}  // namespace gs
