#include "common/thumbnaildelegate.h"

#include <QApplication>
#include <QPainter>
#include <QPixmap>

namespace gs {

void ThumbnailDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const {
  QStyledItemDelegate::initStyleOption(option, index);
  option->icon = QIcon(); // features and decorationSize stay: the text is placed as before
}

void ThumbnailDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const {
  QStyleOptionViewItem opt = option;
  initStyleOption(&opt, index);
  const QWidget *widget = opt.widget;
  QStyle *style = widget ? widget->style() : QApplication::style();
  style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
  const QPixmap pixmap = qvariant_cast<QPixmap>(index.data(Qt::DecorationRole));
  if (pixmap.isNull()) return;
  const QRect room = style->subElementRect(QStyle::SE_ItemViewItemDecoration, &opt, widget);
  QSize size = pixmap.deviceIndependentSize().toSize();
  if (size.width() > room.width() || size.height() > room.height()) size.scale(room.size(), Qt::KeepAspectRatio);
  const QRect target = QStyle::alignedRect(opt.direction, opt.decorationAlignment, size, room);
  painter->save();
  painter->setRenderHint(QPainter::SmoothPixmapTransform);
  painter->drawPixmap(target, pixmap);
  if (opt.state & QStyle::State_Selected) {
    QColor tint = opt.palette.color(QPalette::Normal, QPalette::Highlight);
    tint.setAlphaF(0.3f);
    painter->fillRect(target, tint);
  }
  painter->restore();
}

}  // namespace gs
