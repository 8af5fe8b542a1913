#include "captionlab/wordchips.h"

#include "common/colourscale.h"

#include <QHBoxLayout>
#include <QLabel>

namespace gs {

WordChips::WordChips(QWidget *parent) : QWidget(parent), m_row(new QHBoxLayout(this)) {
  m_row->setContentsMargins(0, 0, 0, 0);
  m_row->setSpacing(4);
  m_row->addStretch(1);
}

void WordChips::setChips(const std::vector<Chip> &chips, bool compact) {
  m_row->setSpacing(compact ? 1 : 4);
  while (m_row->count() > 1) { // the stretch stays last
    QLayoutItem *item = m_row->takeAt(0);
    delete item->widget();
    delete item;
  }
  int at = 0;
  for (const Chip &chip : chips) {
    auto *label = new QLabel;
    label->setObjectName(QStringLiteral("chip%1").arg(at));
    label->setToolTip(chip.toolTip);
    label->setTextFormat(Qt::PlainText);
    label->setText(chip.text);
    // A stylesheet colours the chip whatever the style; the text stays readable on its fill.
    const QColor fill = chip.colour.isValid() ? chip.colour : palette().color(QPalette::Button);
    label->setStyleSheet(QStringLiteral("QLabel { background: %1; color: %2; border: 1px solid palette(mid); border-radius: 4px; "
                                        "padding: 2px %3px; }")
                             .arg(fill.name(), contrastingText(fill).name())
                             .arg(compact ? 2 : 6));
    m_row->insertWidget(at++, label);
  }
}

}  // namespace gs
