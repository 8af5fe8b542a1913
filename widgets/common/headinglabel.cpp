#include "common/headinglabel.h"

#include <QLabel>

namespace gs {

QLabel *headingLabel(const QString &text, QWidget *parent) {
  auto *label = new QLabel(text, parent);
  QFont font = label->font();
  font.setBold(true);
  label->setFont(font);
  return label;
}

}  // namespace gs
