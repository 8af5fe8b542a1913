#include "common/jobstatuswidget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>
#include <QToolButton>

namespace gs {

namespace {
constexpr int kBarResolution = 1000; // progress bar steps: fractions shown to 0.1 %
}

JobStatusWidget::JobStatusWidget(EngineBridge &bridge, QWidget *parent)
    : QWidget(parent), m_bridge(bridge), m_label(new QLabel(this)), m_bar(new QProgressBar(this)),
      m_cancel(new QToolButton(this)) {
  auto *layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_label);
  layout->addWidget(m_bar);
  layout->addWidget(m_cancel);
  m_bar->setRange(0, kBarResolution);
  m_bar->setMaximumWidth(220);
  m_bar->setTextVisible(true);
  m_cancel->setObjectName(QStringLiteral("cancelButton"));
  m_cancel->setIcon(style()->standardIcon(QStyle::SP_DialogCancelButton));
  m_cancel->setToolTip(tr("Cancel the running job"));
  m_cancel->setAutoRaise(true);
  setVisible(false);

  connect(m_cancel, &QToolButton::clicked, this, [this] {
    if (m_job) m_bridge.engine().cancel(m_job);
    m_label->setText(tr("%1: cancelling…").arg(m_name));
  });
  connect(&m_bridge, &EngineBridge::started, this, &JobStatusWidget::onStarted);
  connect(&m_bridge, &EngineBridge::progressChanged, this, &JobStatusWidget::onProgress);
  connect(&m_bridge, &EngineBridge::finished, this, &JobStatusWidget::onFinished);
}

int JobStatusWidget::progressValue() const { return m_bar->value(); }

QString JobStatusWidget::text() const { return m_label->text(); }

void JobStatusWidget::onStarted(JobId id, const QString &name) {
  m_job = id;
  m_name = name;
  m_label->setText(name);
  m_bar->setRange(0, 0); // busy until the first progress report says how far
  m_cancel->setEnabled(true);
  setVisible(true);
}

void JobStatusWidget::onProgress(JobId id, const JobProgress &progress) {
  if (id != m_job) return;
  if (progress.fraction < 0) {
    m_bar->setRange(0, 0);
  } else {
    m_bar->setRange(0, kBarResolution);
    m_bar->setValue(int(progress.fraction * kBarResolution + 0.5));
  }
  QString text = m_name;
  if (!progress.message.isEmpty()) text += QStringLiteral(": ") + progress.message;
  if (progress.itemsPerSecond > 0)
    text += QStringLiteral(" (") + tr("%1/s").arg(progress.itemsPerSecond, 0, 'f', 1) + QLatin1Char(')');
  m_label->setText(text);
}

void JobStatusWidget::onFinished(JobId id, const QString &, const JobOutcome &) {
  if (id != m_job) return;
  m_job = 0;
  m_name.clear();
  setVisible(false);
}

}  // namespace gs
