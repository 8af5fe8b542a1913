#include "help/welcomeview.h"

#include "common/headinglabel.h"

#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace gs {

namespace {
constexpr int kPathRole = Qt::UserRole;
}  // namespace

WelcomeView::WelcomeView(QWidget *parent) : QWidget(parent), m_datasets(new QListWidget(this)), m_runs(new QListWidget(this)) {
  setObjectName(QStringLiteral("welcomeView"));
  auto *title = new QLabel(tr("<h2>Welcome to Groundscope</h2>"), this);
  auto *about = new QLabel(tr("Groundscope learns a joint space where images and the sentences that describe them lie close, "
                              "and shows why: the parse tree of a caption, the region each phrase picked, a map of the space "
                              "and the ranked lists. Start with the built-in demo — 1,000 drawn scenes with captions, made "
                              "on this machine in a few seconds — or open a dataset of your own."),
                           this);
  about->setWordWrap(true);
  auto *demo = new QPushButton(tr("Open the demo"), this);
  demo->setObjectName(QStringLiteral("welcome.demo"));
  demo->setDefault(true);
  auto *open = new QPushButton(tr("Open a dataset…"), this);
  open->setObjectName(QStringLiteral("welcome.open"));
  auto *walk = new QPushButton(tr("Getting started (10 minutes)"), this);
  walk->setObjectName(QStringLiteral("welcome.gettingStarted"));
  auto *manual = new QPushButton(tr("User manual"), this);
  manual->setObjectName(QStringLiteral("welcome.manual"));
  m_datasets->setObjectName(QStringLiteral("welcome.recentDatasets"));
  m_datasets->setAccessibleName(tr("Recent datasets"));
  m_runs->setAccessibleName(tr("Recent runs"));
  m_runs->setObjectName(QStringLiteral("welcome.recentRuns"));
  for (QListWidget *list : {m_datasets, m_runs}) list->setMaximumHeight(140);

  auto *buttons = new QGridLayout;
  buttons->addWidget(demo, 0, 0);
  buttons->addWidget(open, 0, 1);
  buttons->addWidget(walk, 1, 0);
  buttons->addWidget(manual, 1, 1);
  auto *column = new QVBoxLayout;
  column->addWidget(title);
  column->addWidget(about);
  column->addLayout(buttons);
  column->addWidget(headingLabel(tr("Recent datasets"), this));
  column->addWidget(m_datasets);
  column->addWidget(headingLabel(tr("Recent runs"), this));
  column->addWidget(m_runs);
  column->addStretch(1);
  // A readable column in the middle of a wide window.
  auto *centred = new QHBoxLayout(this);
  centred->addStretch(1);
  centred->addLayout(column, 6);
  centred->addStretch(1);

  connect(demo, &QPushButton::clicked, this, &WelcomeView::demoRequested);
  connect(open, &QPushButton::clicked, this, &WelcomeView::openDatasetRequested);
  connect(walk, &QPushButton::clicked, this, [this] { Q_EMIT manualRequested(QStringLiteral("getting-started.md")); });
  connect(manual, &QPushButton::clicked, this, [this] { Q_EMIT manualRequested(QStringLiteral("index.md")); });
  connect(m_datasets, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
    if (item->data(kPathRole).isValid()) Q_EMIT datasetChosen(item->data(kPathRole).toString());
  });
  connect(m_runs, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
    if (item->data(kPathRole).isValid()) Q_EMIT runChosen(item->data(kPathRole).toString());
  });
  setRecentDatasets({});
  setRecentRuns({});
}

void WelcomeView::setRecentDatasets(const QStringList &paths) { fill(m_datasets, paths, tr("No dataset opened yet.")); }

void WelcomeView::setRecentRuns(const QStringList &runDirs) { fill(m_runs, runDirs, tr("No run trained or opened yet.")); }

void WelcomeView::fill(QListWidget *list, const QStringList &paths, const QString &none) {
  list->clear();
  for (const QString &path : paths) {
    auto *item = new QListWidgetItem(QStringLiteral("%1 — %2").arg(QFileInfo(path).fileName(), QDir::toNativeSeparators(path)), list);
    item->setData(kPathRole, path);
    item->setToolTip(tr("Double-click or press Enter to open"));
  }
  if (paths.isEmpty()) {
    auto *item = new QListWidgetItem(none, list);
    item->setFlags(Qt::NoItemFlags);
  }
}

}  // namespace gs
