#pragma once
// Draws a list item's picture (a QPixmap in Qt::DecorationRole) straight onto the view, not through
// QIcon. QStyledItemDelegate wraps the pixmap in a QIcon on every paint, and QIcon's pixmap engine
// files every pixmap it draws in QPixmapCache under a string key made from the pixmap's serial
// number. Qt 6.4 drops such a key only when the same key is looked up again after its pixmap has
// left the cache, so each new thumbnail (every image of every dataset opened) left its keys behind
// for good: about 160 a cycle of the soak test, 10 KB. Laid out exactly as before (the decoration
// keeps its size); a selected item's picture is tinted with the highlight colour as QStyle tints a
// selected icon.

#include <QStyledItemDelegate>

namespace gs {

class ThumbnailDelegate : public QStyledItemDelegate {
  Q_OBJECT
public:
  using QStyledItemDelegate::QStyledItemDelegate;

  void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;

protected:
  // The option as QStyledItemDelegate fills it, with the decoration's room but no icon to draw.
  void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

}  // namespace gs
