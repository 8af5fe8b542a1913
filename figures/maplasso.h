#pragma once
// The Map's lasso: which items a drawn outline encloses. Kept beside the figures because the
// outline is a QPolygonF (Qt Gui), which the engine's map model does not link.

#include <QPolygonF>

#include <vector>

namespace gs {

class MapModel;

// Visible items whose position lies inside the closed `outline` (plot coordinates, odd-even fill),
// ascending; none for an outline of fewer than three points or a model without positions.
std::vector<int> itemsInPolygon(const MapModel &model, const QPolygonF &outline);

}  // namespace gs
