#include "runs/runspanel.h"

#include "common/backgroundjob.h"
#include "common/runcolours.h"
#include "common/workbenchstate.h"
#include "io/enumnames.h"
#include "runs/runsortfiltermodel.h"
#include "runs/runtablemodel.h"

#include <QActionGroup>
#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

namespace gs {

namespace {
const QString kFoldersKey = QStringLiteral("runs/folders");
const QString kValuesKey = QStringLiteral("runs/metricValues"); // "rsum=last", one per chosen metric
constexpr int kSizingRows = 40;     // rows a column's width is measured over: 300 would cost a frame
constexpr int kMaxColumnWidth = 260; // a long name or tag list scrolls rather than widening its column
const QList<MetricValue> kValues = {MetricValue::Test, MetricValue::Best, MetricValue::Last, MetricValue::Min, MetricValue::Max};

struct Indexed {
  std::vector<RunRecord> runs;
  QStringList warnings;
};
}  // namespace

RunsPanel::RunsPanel(EngineBridge &bridge, WorkbenchState &state, QSettings &settings, QWidget *parent)
    : QWidget(parent), m_bridge(bridge), m_state(state), m_settings(settings),
      m_model(new RunTableModel(state.runColours(), this)), m_shown(new RunSortFilterModel(*m_model, this)),
      m_indexJob(std::make_unique<BackgroundJob>(bridge, this)), m_exportJob(std::make_unique<BackgroundJob>(bridge, this)) {
  setObjectName(QStringLiteral("runsPanel"));
  restoreMetricValues();
  m_filter = new QLineEdit(this);
  m_filter->setObjectName(QStringLiteral("runFilter"));
  m_filter->setAccessibleName(tr("Filter runs"));
  m_filter->setClearButtonEnabled(true);
  m_filter->setPlaceholderText(tr("Filter: model = bow and margin > 1"));
  m_filter->setToolTip(tr("Comparisons FIELD OP VALUE (= != < <= > >= ~) joined with and, or, not and parentheses; "
                          "a column's header tooltip names its field"));
  m_groupSeeds = new QCheckBox(tr("Group seeds"), this);
  m_groupSeeds->setObjectName(QStringLiteral("groupSeeds"));
  m_groupSeeds->setToolTip(tr("One row per group of runs that differ only in their seed: each metric as mean ± standard deviation"));
  m_filterError = new QLabel(this);
  m_filterError->setObjectName(QStringLiteral("filterError"));
  m_filterError->setWordWrap(true);
  m_filterError->setStyleSheet(QStringLiteral("color: #c62828;"));
  m_filterError->hide();
  m_status = new QLabel(this);
  m_status->setObjectName(QStringLiteral("runsStatus"));
  m_status->setWordWrap(true);
  createView();

  auto *filterRow = new QHBoxLayout;
  filterRow->addWidget(m_filter, 1);
  filterRow->addWidget(m_groupSeeds);
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(createFolderBox());
  layout->addLayout(filterRow);
  layout->addWidget(m_filterError);
  layout->addWidget(createToolBar());
  layout->addWidget(m_view, 1);
  layout->addWidget(m_status);
  connectSignals();
  rebuildFolderList();
  updateStatus();
  updateActions();
}

RunsPanel::~RunsPanel() = default;

QStringList RunsPanel::defaultFolders() { return defaultRunFolders(); }

QStringList RunsPanel::folders() const {
  QStringList all = defaultFolders();
  for (const QString &folder : m_settings.value(kFoldersKey).toStringList())
    if (!all.contains(folder)) all << folder;
  return all;
}

void RunsPanel::addFolder(const QString &folder) {
  const QString path = QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
  if (folders().contains(path)) return;
  QStringList added = m_settings.value(kFoldersKey).toStringList();
  added << path;
  m_settings.setValue(kFoldersKey, added);
  rebuildFolderList();
  refresh();
}

void RunsPanel::removeFolder(const QString &folder) {
  QStringList added = m_settings.value(kFoldersKey).toStringList();
  if (!added.removeAll(folder)) return;
  m_settings.setValue(kFoldersKey, added);
  rebuildFolderList();
  refresh();
}

void RunsPanel::rebuildFolderList() {
  m_folders->clear();
  const QStringList defaults = defaultFolders();
  for (const QString &folder : folders()) {
    auto *item = new QListWidgetItem(QDir::toNativeSeparators(folder), m_folders);
    item->setData(Qt::UserRole, folder);
    const bool isDefault = defaults.contains(folder);
    const bool exists = QFileInfo(folder).isDir();
    item->setToolTip(isDefault ? tr("A default folder: runs trained here without another output folder")
                               : exists ? tr("Added by you") : tr("Added by you; the folder does not exist now"));
    if (isDefault) {
      QFont font = item->font();
      font.setItalic(true);
      item->setFont(font);
    }
    if (!exists) item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
  }
}

QWidget *RunsPanel::createFolderBox() {
  auto *box = new QWidget(this);
  m_folders = new QListWidget(box);
  m_folders->setObjectName(QStringLiteral("runFolders"));
  m_folders->setAccessibleName(tr("Run folders"));
  // A few lines (never below the least a list view draws in): the folders are few, the table below
  // needs the height.
  m_folders->setFixedHeight(std::max(m_folders->fontMetrics().height() * 3 + 8, m_folders->minimumSizeHint().height()));
  auto *add = new QPushButton(tr("Add folder…"), box);
  add->setObjectName(QStringLiteral("addFolderButton"));
  add->setToolTip(tr("Also list the runs in another folder (searched two levels deep)"));
  connect(add, &QPushButton::clicked, this, &RunsPanel::chooseFolder);
  auto *remove = new QPushButton(tr("Remove"), box);
  remove->setObjectName(QStringLiteral("removeFolderButton"));
  remove->setToolTip(tr("Stop listing the selected folder's runs (its files stay)"));
  remove->setEnabled(false);
  connect(remove, &QPushButton::clicked, this, [this] {
    if (QListWidgetItem *item = m_folders->currentItem()) removeFolder(item->data(Qt::UserRole).toString());
  });
  connect(m_folders, &QListWidget::currentItemChanged, remove, [this, remove](QListWidgetItem *item) {
    remove->setEnabled(item && !defaultFolders().contains(item->data(Qt::UserRole).toString()));
  });
  auto *buttons = new QVBoxLayout;
  buttons->addWidget(add);
  buttons->addWidget(remove);
  buttons->addStretch();
  auto *layout = new QHBoxLayout(box);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_folders, 1);
  layout->addLayout(buttons);
  return box;
}

QToolBar *RunsPanel::createToolBar() {
  auto *bar = new QToolBar(this);
  bar->setObjectName(QStringLiteral("runsToolBar"));
  bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  const auto add = [this, bar](const QString &text, const QString &tip, const char *name, void (RunsPanel::*slot)()) {
    QAction *action = bar->addAction(text, this, slot);
    action->setToolTip(tip);
    action->setObjectName(QLatin1String(name));
    return action;
  };
  add(tr("Refresh"), tr("Read the folders again"), "action.runs.refresh", &RunsPanel::refresh);
  bar->addSeparator();
  m_open = bar->addAction(tr("Open"), this, [this] { openRuns(selectedRunDirs()); });
  m_open->setObjectName(QStringLiteral("action.runs.open"));
  m_open->setToolTip(tr("Make the run current and add its curves to the Training dock (double-click does the same)"));
  m_rename = add(tr("Rename…"), tr("Give the run another name (kept in its labels.json)"), "action.runs.rename", &RunsPanel::askRename);
  m_tags = add(tr("Tags…"), tr("Tag the selected runs (kept in each run's labels.json)"), "action.runs.tags", &RunsPanel::askTags);
  m_colour = add(tr("Colour…"), tr("The colour every view draws the selected runs in"), "action.runs.colour", &RunsPanel::askColour);
  m_trash = add(tr("Move to trash…"), tr("Move the selected run folders to the system's trash"), "action.runs.trash",
                &RunsPanel::askMoveToTrash);
  m_export = add(tr("Export…"), tr("The selected runs, or every shown run, as CSV or JSON"), "action.runs.export", &RunsPanel::askExport);
  return bar;
}

void RunsPanel::createView() {
  m_view = new QTableView(this);
  m_view->setObjectName(QStringLiteral("runsTable"));
  m_view->setAccessibleName(tr("Runs"));
  m_view->setModel(m_shown);
  m_view->setSortingEnabled(true);
  m_view->sortByColumn(0, Qt::AscendingOrder);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
  m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_view->setAlternatingRowColors(true);
  m_view->setWordWrap(false);
  m_view->verticalHeader()->hide();
  m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
  m_view->horizontalHeader()->setResizeContentsPrecision(kSizingRows);
  m_view->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
  m_view->setContextMenuPolicy(Qt::CustomContextMenu);
  // The table scrolls: a modest minimum keeps the dock beside the others on a laptop screen.
  m_view->setMinimumSize(200, 120);
}

void RunsPanel::connectSignals() {
  connect(m_filter, &QLineEdit::textChanged, this, &RunsPanel::setFilterText);
  connect(m_groupSeeds, &QCheckBox::toggled, this, &RunsPanel::setGroupSeeds);
  connect(m_view->horizontalHeader(), &QHeaderView::customContextMenuRequested, this, &RunsPanel::showHeaderMenu);
  connect(m_view, &QTableView::customContextMenuRequested, this, &RunsPanel::showRowMenu);
  connect(m_view, &QTableView::doubleClicked, this,
          [this](const QModelIndex &index) { openRuns(index.data(RunTableModel::RunDirsRole).toStringList()); });
  connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &RunsPanel::updateActions);
  connect(m_shown, &QAbstractItemModel::rowsInserted, this, &RunsPanel::updateStatus);
  connect(m_shown, &QAbstractItemModel::rowsRemoved, this, &RunsPanel::updateStatus);
  connect(m_shown, &QAbstractItemModel::modelReset, this, &RunsPanel::updateStatus);
  connect(&m_state.runColours(), &RunColours::runColourChanged, m_model, [this](const QString &dir) { m_model->colourChanged(dir); });
  // A run made current that the table does not list is new (trained just now, or opened elsewhere).
  connect(&m_state, &WorkbenchState::runChanged, this, [this](const QString &dir) {
    if (!dir.isEmpty() && !m_model->runByDir(QFileInfo(dir).canonicalFilePath())) runsChanged();
  });
}

void RunsPanel::runsChanged() {
  if (isVisible()) refresh();
  else m_indexed = false;
}

void RunsPanel::showEvent(QShowEvent *event) {
  QWidget::showEvent(event);
  if (!m_indexed) refresh();
}

bool RunsPanel::isIndexing() const { return m_indexJob->isRunning(); }

void RunsPanel::refresh() {
  m_indexed = true;
  QStringList existing;
  for (const QString &folder : folders())
    if (QFileInfo(folder).isDir()) existing << folder;
  m_status->setText(tr("Reading the runs in %n folder(s)…", nullptr, int(existing.size())));
  m_indexJob->start(
      tr("Index runs"),
      [existing](JobContext &) {
        Indexed indexed;
        indexed.runs = indexRuns(existing, &indexed.warnings);
        return indexed;
      },
      [this](Indexed indexed) { showRuns(std::move(indexed.runs), indexed.warnings); },
      [this](const JobOutcome &outcome) { m_status->setText(tr("Could not read the runs: %1").arg(BackgroundJob::failureText(outcome))); });
}

// New records in the table, the selection kept where its runs still are.
void RunsPanel::showRuns(std::vector<RunRecord> runs, const QStringList &warnings) {
  const QStringList selected = selectedRunDirs();
  m_warnings = warnings;
  m_model->setRuns(std::move(runs));
  m_view->resizeColumnsToContents();
  for (int column = 0; column < m_model->columnCount(); ++column)
    if (m_view->columnWidth(column) > kMaxColumnWidth) m_view->setColumnWidth(column, kMaxColumnWidth);
  selectRuns(selected);
  updateStatus();
  updateActions();
  Q_EMIT runsIndexed();
}

bool RunsPanel::setFilterText(const QString &expression) {
  if (m_filter->text() != expression) {
    const QSignalBlocker quiet(m_filter);
    m_filter->setText(expression);
  }
  try {
    m_shown->setFilter(RunFilter::parse(expression));
  } catch (const RunFilterError &e) {
    // The last valid filter stays: the table does not empty while an expression is being typed.
    m_filterError->setText(QString::fromUtf8(e.what()));
    m_filterError->show();
    return false;
  }
  m_filterError->clear();
  m_filterError->hide();
  updateStatus();
  return true;
}

QString RunsPanel::filterError() const { return m_filterError->text(); }

void RunsPanel::setGroupSeeds(bool grouped) {
  if (m_groupSeeds->isChecked() != grouped) {
    const QSignalBlocker quiet(m_groupSeeds);
    m_groupSeeds->setChecked(grouped);
  }
  const QStringList selected = selectedRunDirs();
  m_shown->setGroupSeeds(grouped);
  selectRuns(selected);
  updateStatus();
}

void RunsPanel::updateStatus() {
  if (!m_status) return;
  const int total = int(m_model->runs().size());
  const int shown = m_shown->shownRunCount();
  QString text = m_model->groupSeeds() ? tr("%n run(s) (%1 shown in %2 groups)", nullptr, total).arg(shown).arg(m_shown->rowCount())
                                       : tr("%n run(s) (%1 shown)", nullptr, total).arg(shown);
  if (total == 0 && m_indexed && !isIndexing())
    text = tr("No runs in these folders yet: train one in the Training dock, or add the folder that holds yours.");
  if (!m_warnings.isEmpty()) text += QLatin1Char(' ') + tr("%n folder(s) could not be read.", nullptr, int(m_warnings.size()));
  m_status->setText(text);
  m_status->setToolTip(m_warnings.join(QLatin1Char('\n')));
}

QString RunsPanel::statusText() const { return m_status->text(); }

void RunsPanel::updateActions() {
  const QStringList selected = selectedRunDirs();
  const bool one = selected.size() == 1;
  m_open->setEnabled(!selected.isEmpty());
  m_rename->setEnabled(one);
  m_tags->setEnabled(!selected.isEmpty());
  m_colour->setEnabled(!selected.isEmpty());
  m_trash->setEnabled(!selected.isEmpty());
  m_export->setEnabled(m_shown->rowCount() > 0);
}

QStringList RunsPanel::selectedRunDirs() const {
  QModelIndexList rows = m_view->selectionModel()->selectedRows();
  std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
  QStringList dirs;
  for (const QModelIndex &row : rows) dirs << row.data(RunTableModel::RunDirsRole).toStringList();
  return dirs;
}

void RunsPanel::selectRuns(const QStringList &dirs) {
  QItemSelection selection;
  for (const QString &dir : dirs) {
    const int row = m_model->rowOfDir(dir);
    if (row < 0) continue;
    const QModelIndex shown = m_shown->mapFromSource(m_model->index(row, 0));
    if (shown.isValid()) selection.select(shown, shown);
  }
  m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

QStringList RunsPanel::actionRuns() const {
  const QStringList selected = selectedRunDirs();
  return selected.isEmpty() ? m_shown->shownRunDirs() : selected;
}

// A metric column's header: which of the run's values it shows, for this column or every one.
void RunsPanel::showHeaderMenu(const QPoint &pos) {
  const int column = m_view->horizontalHeader()->logicalIndexAt(pos);
  if (column < 0 || column >= m_model->columnCount()) return;
  const RunTableModel::Column &shown = m_model->columns()[std::size_t(column)];
  if (shown.kind != RunTableModel::ColumnKind::Metric) return;
  QMenu menu(this);
  auto *choices = new QActionGroup(&menu);
  for (MetricValue which : kValues) {
    QAction *action = menu.addAction(RunTableModel::valueName(which), this, [this, metric = shown.metric, which] {
      m_model->setMetricValue(metric, which);
      saveMetricValues();
    });
    action->setCheckable(true);
    action->setChecked(m_model->metricValueOf(shown.metric) == which);
    choices->addAction(action);
  }
  menu.addSeparator();
  QMenu *every = menu.addMenu(tr("Every metric column"));
  for (MetricValue which : kValues)
    every->addAction(RunTableModel::valueName(which), this, [this, which] {
      for (RunMetric metric : allRunMetrics()) m_model->setMetricValue(metric, which);
      saveMetricValues();
    });
  menu.exec(m_view->horizontalHeader()->viewport()->mapToGlobal(pos));
}

void RunsPanel::showRowMenu(const QPoint &pos) {
  if (!m_view->indexAt(pos).isValid()) return;
  QMenu menu(this);
  menu.addActions({m_open, m_rename, m_tags, m_colour});
  menu.addSeparator();
  menu.addActions({m_export, m_trash});
  menu.exec(m_view->viewport()->mapToGlobal(pos));
}

void RunsPanel::saveMetricValues() const {
  QStringList values;
  for (RunMetric metric : allRunMetrics())
    if (m_model->metricValueOf(metric) != MetricValue::Best)
      values << enumName(metric) + QLatin1Char('=') + enumName(m_model->metricValueOf(metric));
  m_settings.setValue(kValuesKey, values);
}

void RunsPanel::restoreMetricValues() {
  for (const QString &entry : m_settings.value(kValuesKey).toStringList()) {
    const std::optional<RunMetric> metric = enumFromName<RunMetric>(entry.section(QLatin1Char('='), 0, 0));
    const std::optional<MetricValue> which = enumFromName<MetricValue>(entry.section(QLatin1Char('='), 1));
    if (metric && which) m_model->setMetricValue(*metric, *which);
  }
}

}  // namespace gs
