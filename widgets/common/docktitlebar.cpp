#include "common/docktitlebar.h"

#include <QDockWidget>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QStyle>
#include <QToolButton>

namespace gs {

namespace {
QToolButton *titleButton(QWidget *parent, const QString &name, const QString &tip) {
  auto *button = new QToolButton(parent);
  button->setObjectName(name);
  button->setToolTip(tip);
  button->setAccessibleName(tip);
  button->setAutoRaise(true);
  button->setFocusPolicy(Qt::NoFocus);
  return button;
}
}  // namespace

DockTitleBar::DockTitleBar(QDockWidget *dock) : QWidget(dock), m_dock(dock), m_title(new QLabel(dock->windowTitle(), this)) {
  auto *help = titleButton(this, QStringLiteral("dockHelp"), tr("Help on the %1 panel (F1)").arg(dock->windowTitle()));
  help->setText(QStringLiteral("?"));
  auto *floatButton = titleButton(this, QStringLiteral("dockFloat"), tr("Float or dock the panel"));
  floatButton->setIcon(style()->standardIcon(QStyle::SP_TitleBarNormalButton));
  auto *close = titleButton(this, QStringLiteral("dockClose"), tr("Close the panel (View menu brings it back)"));
  close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
  auto *layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 1, 2, 1);
  layout->setSpacing(1);
  layout->addWidget(m_title, 1);
  layout->addWidget(help);
  layout->addWidget(floatButton);
  layout->addWidget(close);
  connect(help, &QToolButton::clicked, this, &DockTitleBar::helpRequested);
  connect(floatButton, &QToolButton::clicked, this, [this] { m_dock->setFloating(!m_dock->isFloating()); });
  connect(close, &QToolButton::clicked, m_dock, &QDockWidget::close);
  connect(dock, &QDockWidget::windowTitleChanged, m_title, &QLabel::setText);
}

void DockTitleBar::mouseDoubleClickEvent(QMouseEvent *event) {
  if (event->button() == Qt::LeftButton) m_dock->setFloating(!m_dock->isFloating());
  else QWidget::mouseDoubleClickEvent(event);
}

}  // namespace gs
