#pragma once
// The Map's second run beside the first: the "Compare with run…" button, the compared map
// (ComparedMap) in the panel's splitter — created on first use, removed on close — laid out with
// the first map's method after each of its layouts, selections linked both ways, and the first
// map's heading in its run's colour, shown only while a second run is compared (each map's swatch
// then says whose it is). ComparedMap runs its own jobs; this wires it to the first map.

#include "analysis/layoutsequence.h"

#include <QObject>

#include <memory>
#include <vector>

class QPushButton;
class QSplitter;
class QWidget;

namespace gs {

class ComparedMap;
class EngineBridge;
class JointSpace;
class MapModel;
class RunHeading;
class WorkbenchState;

class MapComparison : public QObject {
  Q_OBJECT
public:
  // bridge, state, model (the first map's items) and splitter must outlive the comparison. Its
  // button and heading are children of `parent`, where the panel places them.
  MapComparison(EngineBridge &bridge, WorkbenchState &state, const MapModel &model, QSplitter &splitter, QWidget *parent);

  QPushButton *button() const { return m_button; }
  RunHeading *heading() const { return m_heading; } // the first map's
  ComparedMap *comparedMap() const { return m_compared; }

  // The first map's joint space (null: none): its heading, the compared run's same split.
  void setSpace(std::shared_ptr<const JointSpace> space);
  // Opens `runDir` beside the first map; shown follows (or statusChanged says why not).
  void compareWith(const QString &runDir);
  void close();
  // Lays the compared map out as the first map was laid out (nothing when there is none).
  void layOut(const LayoutSequenceOptions &options);
  // The first map's colouring, sizing and selection, where the compared run's data allows.
  void follow(const QString &colouring, const QString &sizing);
  void setColouring(const QString &key);
  void setSizing(const QString &key);
  void showMatching(const std::vector<int> &items); // the first map's items, ringed on the compared map

Q_SIGNALS:
  void opened();                                   // the compared run is open: lay it out (layOut)
  void shown(bool ok, const QString &message);     // after each layout of the compared map, or why none
  void itemsPicked(const std::vector<int> &items); // on the compared map, as the first map's items
  void statusChanged(const QString &text);

private:
  void create();
  void showHeading();

  EngineBridge &m_bridge;
  WorkbenchState &m_state;
  const MapModel &m_model;
  QSplitter &m_splitter;
  QPushButton *m_button;
  RunHeading *m_heading;
  ComparedMap *m_compared = nullptr;
  std::shared_ptr<const JointSpace> m_space;
};

}  // namespace gs
