#include "common/joblist.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace gs {

namespace {
enum Column { Name, Lane, State, Progress, Message, Columns };

QString laneName(JobLane lane) {
  switch (lane) {
  case JobLane::Long: return JobList::tr("long");
  case JobLane::Interactive: return JobList::tr("interactive");
  case JobLane::Query: return JobList::tr("query");
  }
  return {};
}

QString stateName(JobStatus status) {
  switch (status) {
  case JobStatus::Queued: return JobList::tr("queued");
  case JobStatus::Running: return JobList::tr("running");
  case JobStatus::Succeeded: return JobList::tr("finished");
  case JobStatus::Failed: return JobList::tr("failed");
  case JobStatus::Cancelled: return JobList::tr("cancelled");
  }
  return {};
}
}  // namespace

JobList::JobList(EngineBridge &bridge, QWidget *parent) : QWidget(parent), m_bridge(bridge) {
  m_tree = new QTreeWidget(this);
  m_tree->setObjectName(QStringLiteral("jobList"));
  m_tree->setAccessibleName(tr("Jobs"));
  m_tree->setColumnCount(Columns);
  m_tree->setHeaderLabels({tr("Job"), tr("Lane"), tr("State"), tr("Progress"), tr("Doing")});
  m_tree->setRootIsDecorated(false);
  m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
  m_tree->header()->setStretchLastSection(true);
  m_cancel = new QPushButton(tr("Cancel job"), this);
  m_cancel->setObjectName(QStringLiteral("cancelButton"));
  m_cancel->setToolTip(tr("Stop the selected job at its next checkpoint (a training run keeps its last checkpoint)"));
  m_cancelAll = new QPushButton(tr("Cancel all"), this);
  m_cancelAll->setToolTip(tr("Stop every queued and running job"));
  auto *buttons = new QHBoxLayout;
  buttons->addWidget(m_cancel);
  buttons->addWidget(m_cancelAll);
  buttons->addStretch();
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(m_tree, 1);
  layout->addLayout(buttons);

  connect(m_cancel, &QPushButton::clicked, this, [this] {
    if (QTreeWidgetItem *item = m_tree->currentItem()) m_bridge.engine().cancel(item->data(Name, Qt::UserRole).toULongLong());
  });
  connect(m_cancelAll, &QPushButton::clicked, &m_bridge, &EngineBridge::cancelAll);
  connect(&m_bridge, &EngineBridge::progressChanged, this, [this](JobId id, const JobProgress &progress) { m_progress.insert(id, progress); });
  // Queued jobs have no signal of their own, and progress comes often: the rows follow the
  // engine on a timer (and at once when a job starts or ends).
  m_timer = new QTimer(this);
  m_timer->setInterval(300);
  connect(m_timer, &QTimer::timeout, this, &JobList::refresh);
  m_timer->start();
  connect(&m_bridge, &EngineBridge::started, this, &JobList::refresh);
  connect(&m_bridge, &EngineBridge::finished, this, &JobList::refresh);
  refresh();
}

void JobList::refresh() {
  if (!isVisible() && m_tree->topLevelItemCount() > 0 && sender() == m_timer) return; // nothing to draw
  const JobId selected = m_tree->currentItem() ? m_tree->currentItem()->data(Name, Qt::UserRole).toULongLong() : 0;
  const std::vector<JobInfo> jobs = m_bridge.engine().jobs();
  m_tree->clear();
  for (const JobInfo &job : jobs) {
    auto *item = new QTreeWidgetItem(m_tree);
    item->setText(Name, job.name);
    item->setData(Name, Qt::UserRole, QVariant::fromValue<qulonglong>(job.id));
    item->setText(Lane, laneName(job.lane));
    item->setText(State, stateName(job.status));
    const JobProgress progress = m_progress.value(job.id);
    if (job.status == JobStatus::Running) {
      item->setText(Progress, progress.fraction >= 0 ? QStringLiteral("%1 %").arg(progress.fraction * 100, 0, 'f', 0) : tr("busy"));
      item->setText(Message, progress.message);
    } else if (job.status == JobStatus::Succeeded) {
      item->setText(Progress, QStringLiteral("100 %"));
    }
    if (job.id == selected) m_tree->setCurrentItem(item);
  }
  for (int c = 0; c < Message; ++c) m_tree->resizeColumnToContents(c);
  // Finished jobs forget their progress.
  for (auto it = m_progress.begin(); it != m_progress.end();) {
    const bool live = std::any_of(jobs.begin(), jobs.end(), [&](const JobInfo &j) { return j.id == it.key() && j.status == JobStatus::Running; });
    it = live ? std::next(it) : m_progress.erase(it);
  }
}

QString JobList::rowText(JobId id) const {
  for (int r = 0; r < m_tree->topLevelItemCount(); ++r) {
    const QTreeWidgetItem *item = m_tree->topLevelItem(r);
    if (item->data(Name, Qt::UserRole).toULongLong() != id) continue;
    QStringList parts;
    for (int c = 0; c < Columns; ++c) parts << item->text(c);
    return parts.join(QStringLiteral(" — "));
  }
  return {};
}

}  // namespace gs
