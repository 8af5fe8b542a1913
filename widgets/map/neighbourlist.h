#pragma once
// The Map's list of the clicked item's nearest images and captions by the run's own score, in the
// joint space itself (not on the map), under an "Images" and a "Captions" heading; the map rings
// them too. The search reads vectors already in memory, so it runs on the engine's query lane: it
// answers each click in milliseconds even while a layout holds the interactive lane. A newer click
// drops the answer to an older one.

#include "common/backgroundjob.h"

#include <QListWidget>

#include <memory>

namespace gs {

class JointSpace;
class MapModel;
class MapView;

class NeighbourList : public QListWidget {
  Q_OBJECT
public:
  static constexpr int kItemRole = Qt::UserRole + 1; // an entry's map item (headings have none)

  // bridge, model and view (the map's) must outlive the list.
  NeighbourList(EngineBridge &bridge, const MapModel &model, MapView &view, QWidget *parent = nullptr);

  // Lists and rings the map item's k nearest images and captions in `space`; nothing when the map
  // does not show `space`'s items (tests and callers may set other data). neighboursShown follows.
  void showNeighbours(const std::shared_ptr<const JointSpace> &space, int item, int k);
  // New items on the map: the list, and any answer on its way, dropped. Not named reset(), which
  // would override QAbstractItemView::reset() and run again on the clear() it makes.
  void clearForNewData();

Q_SIGNALS:
  void neighboursShown(int item);
  void itemPicked(int item); // a listed neighbour activated

private:
  void addHeading(const QString &text);

  const MapModel &m_model;
  MapView &m_view;
  BackgroundJob m_job; // the neighbour search (query lane)
};

}  // namespace gs
