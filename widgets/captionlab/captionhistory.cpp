#include "captionlab/captionhistory.h"

#include <QHeaderView>

namespace gs {

namespace {
QTableWidgetItem *cell(const QString &text, const QVariant &sortValue = {}) {
  auto *item = new QTableWidgetItem(text);
  item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
  if (sortValue.isValid()) item->setData(Qt::UserRole, sortValue);
  return item;
}
}  // namespace

CaptionHistory::CaptionHistory(QWidget *parent) : QTableWidget(0, 5, parent) {
  setHorizontalHeaderLabels({tr("Caption"), tr("Image"), tr("Score"), tr("Rank"), tr("Δ to the first")});
  horizontalHeader()->setSectionResizeMode(CaptionColumn, QHeaderView::Stretch);
  for (int c = ImageColumn; c <= DeltaColumn; ++c) horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
  verticalHeader()->hide();
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setToolTip(tr("Every caption scored; double-click a row to load its caption again"));
  connect(this, &QTableWidget::cellDoubleClicked, this, [this](int row, int) { Q_EMIT captionChosen(item(row, CaptionColumn)->text()); });
}

void CaptionHistory::addEntry(const QString &caption, const QString &imageId, double score, int rank, int candidates) {
  const int last = rowCount() - 1;
  if (last >= 0 && item(last, CaptionColumn)->text() == caption && item(last, ImageColumn)->text() == imageId &&
      item(last, ScoreColumn)->data(Qt::UserRole).toDouble() == score)
    return;
  if (rowCount() == 0) m_first = score;
  const int row = rowCount();
  insertRow(row);
  setItem(row, CaptionColumn, cell(caption));
  setItem(row, ImageColumn, cell(imageId));
  setItem(row, ScoreColumn, cell(QString::number(score, 'f', 3), score));
  setItem(row, RankColumn, cell(tr("%1 of %2").arg(rank).arg(candidates), rank));
  const double delta = score - m_first;
  setItem(row, DeltaColumn, cell(QStringLiteral("%1%2").arg(delta >= 0 ? QStringLiteral("+") : QString()).arg(delta, 0, 'f', 3), delta));
  if (rowCount() > kKeptRows) removeRow(0); // the deltas stay measured from the first edit of the session
  scrollToBottom();
}

}  // namespace gs
