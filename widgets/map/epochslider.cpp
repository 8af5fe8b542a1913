#include "map/epochslider.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

namespace gs {

EpochSlider::EpochSlider(QWidget *parent)
    : QWidget(parent), m_slider(new QSlider(Qt::Horizontal, this)), m_label(new QLabel(this)), m_play(new QToolButton(this)),
      m_timer(new QTimer(this)) {
  m_slider->setObjectName(QStringLiteral("slider"));
  m_slider->setPageStep(1);
  m_slider->setTickPosition(QSlider::TicksBelow);
  m_slider->setToolTip(tr("The recorded epochs: each map starts from the previous epoch's, so items move only as their place in the joint space changed"));
  m_slider->setAccessibleName(tr("Epoch"));
  m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  m_play->setToolTip(tr("Replay the epochs in order"));
  m_play->setAccessibleName(tr("Play epochs"));
  m_timer->setInterval(kPlayIntervalMs);
  auto *layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_play);
  layout->addWidget(m_slider, 1);
  layout->addWidget(m_label);
  connect(m_slider, &QSlider::valueChanged, this, [this](int value) {
    updateLabel();
    Q_EMIT indexChanged(value);
  });
  connect(m_play, &QToolButton::clicked, this, [this] { playing() ? stop() : play(); });
  connect(m_timer, &QTimer::timeout, this, [this] {
    if (m_slider->value() >= m_slider->maximum()) return stop();
    m_slider->setValue(m_slider->value() + 1);
  });
  setEpochs({});
}

void EpochSlider::setEpochs(std::vector<int> epochs) {
  stop();
  m_epochs = std::move(epochs);
  const QSignalBlocker block(m_slider);
  m_slider->setRange(0, std::max(0, int(m_epochs.size()) - 1));
  m_slider->setValue(m_slider->maximum());
  setEnabled(!m_epochs.empty());
  updateLabel();
}

int EpochSlider::index() const { return m_epochs.empty() ? -1 : m_slider->value(); }

void EpochSlider::setIndex(int index) { m_slider->setValue(index); }

void EpochSlider::play() {
  if (m_epochs.size() < 2) return;
  if (m_slider->value() >= m_slider->maximum()) m_slider->setValue(0);
  m_play->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
  m_timer->start();
}

void EpochSlider::stop() {
  m_timer->stop();
  m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
}

bool EpochSlider::playing() const { return m_timer->isActive(); }

void EpochSlider::updateLabel() {
  m_label->setText(m_epochs.empty() ? tr("no recorded epochs")
                                    : tr("epoch %1 of %2").arg(m_epochs[std::size_t(m_slider->value())]).arg(m_epochs.back()));
}

}  // namespace gs
