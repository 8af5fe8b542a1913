#include "figures/maplasso.h"

#include "analysis/mapmodel.h"

namespace gs {

std::vector<int> itemsInPolygon(const MapModel &model, const QPolygonF &outline) {
  if (outline.size() < 3) return {};
  const QRectF bounds = outline.boundingRect();
  return model.itemsWhere([&](const QPointF &p) { return bounds.contains(p) && outline.containsPoint(p, Qt::OddEvenFill); });
}

}  // namespace gs
