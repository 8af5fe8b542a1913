#include "training/runcontrols.h"

#include <QAction>
#include <QHBoxLayout>
#include <QPushButton>
#include <QToolButton>

namespace gs {

RunControls::RunControls(QWidget *parent)
    : QWidget(parent), m_start(new QPushButton(tr("Start"), this)), m_pause(new QPushButton(tr("Pause"), this)),
      m_resume(new QPushButton(tr("Resume"), this)), m_stop(new QPushButton(tr("Stop"), this)) {
  m_start->setObjectName(QStringLiteral("startButton"));
  m_pause->setObjectName(QStringLiteral("pauseButton"));
  m_resume->setObjectName(QStringLiteral("resumeButton"));
  m_stop->setObjectName(QStringLiteral("stopButton"));
  m_stop->setToolTip(tr("Stop after the current minibatch; the last epoch's checkpoint is kept"));
  connect(m_start, &QPushButton::clicked, this, &RunControls::startClicked);
  connect(m_pause, &QPushButton::clicked, this, &RunControls::pauseClicked);
  connect(m_resume, &QPushButton::clicked, this, &RunControls::resumeClicked);
  connect(m_stop, &QPushButton::clicked, this, &RunControls::stopClicked);
  m_seedsAction = new QAction(tr("Train over seeds…"), this);
  m_seedsAction->setIconText(tr("Seeds…")); // the button's text, short: the dock is often narrow
  m_seedsAction->setObjectName(QStringLiteral("trainOverSeedsAction"));
  m_seedsAction->setToolTip(tr("Train this configuration once per seed, one after the other, and draw the runs as one group"));
  connect(m_seedsAction, &QAction::triggered, this, &RunControls::seedsTriggered);
  m_seedsButton = new QToolButton(this);
  m_seedsButton->setObjectName(QStringLiteral("seedsButton"));
  m_seedsButton->setDefaultAction(m_seedsAction);
  auto *settings = new QToolButton(this);
  settings->setText(tr("Settings"));
  settings->setCheckable(true);
  settings->setChecked(true);
  settings->setToolTip(tr("Show or hide the model and hyperparameter settings"));
  connect(settings, &QToolButton::toggled, this, &RunControls::settingsToggled);
  auto *row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(settings);
  row->addWidget(m_start);
  row->addWidget(m_seedsButton);
  for (QPushButton *b : {m_pause, m_resume, m_stop}) row->addWidget(b);
  row->addStretch();
}

void RunControls::setState(bool running, bool paused, bool haveData, bool haveDataset) {
  m_start->setEnabled(!running && haveData);
  m_seedsAction->setEnabled(!running && haveDataset);
  m_start->setToolTip(haveData ? tr("Train the model in the output folder (resumes a stopped run there)")
                               : tr("Open a dataset first, or choose the folder of a stopped run"));
  m_pause->setEnabled(running && !paused);
  m_resume->setEnabled(running && paused);
  m_stop->setEnabled(running);
}

}  // namespace gs
