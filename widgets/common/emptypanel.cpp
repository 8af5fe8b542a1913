#include "common/emptypanel.h"

#include <QLabel>
#include <QVBoxLayout>

namespace gs {

EmptyPanel::EmptyPanel(const QString &title, const QString &hint, QWidget *parent) : QWidget(parent), m_hint(hint) {
  auto *layout = new QVBoxLayout(this);
  auto *heading = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()), this);
  auto *text = new QLabel(hint, this);
  text->setWordWrap(true);
  text->setStyleSheet(QStringLiteral("color: palette(mid);"));
  for (auto *label : {heading, text}) label->setAlignment(Qt::AlignCenter);
  layout->addStretch(1);
  layout->addWidget(heading);
  layout->addWidget(text);
  layout->addStretch(1);
}

}  // namespace gs
