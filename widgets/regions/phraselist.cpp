#include "regions/phraselist.h"

#include "figures/regionfigurebuilder.h"

#include <QPainter>
#include <QSignalBlocker>

namespace gs {

namespace {

QIcon swatch(const QColor &colour) {
  QPixmap pixmap(14, 14);
  pixmap.fill(Qt::transparent);
  QPainter painter(&pixmap);
  painter.setPen(colour.darker(130));
  painter.setBrush(colour);
  painter.drawRect(1, 1, 11, 11);
  return QIcon(pixmap);
}

}  // namespace

PhraseList::PhraseList(QWidget *parent) : QListWidget(parent) {
  setAccessibleName(tr("Noun phrases and their regions"));
  setObjectName(QStringLiteral("phraseList"));
}

void PhraseList::setPhrases(const std::vector<GroundedPhrase> &phrases, int selected) {
  const QSignalBlocker blocker(this);
  clear();
  for (std::size_t k = 0; k < phrases.size(); ++k) {
    const GroundedPhrase &p = phrases[k];
    auto *item = new QListWidgetItem(swatch(figureColour(int(k))), p.regions.empty() ? p.text : phraseLegendText(p), this);
    QFont font = item->font();
    font.setBold(true);
    item->setFont(font);
    item->setForeground(figureColour(int(k)).darker(115));
    item->setToolTip(tr("words %1–%2 of “%3”").arg(p.begin + 1).arg(p.end).arg(p.caption));
  }
  setCurrentRow(selected);
}

void PhraseList::setSelectedRow(int row) {
  const QSignalBlocker blocker(this);
  setCurrentRow(row);
}

}  // namespace gs
