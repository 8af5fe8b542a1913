#pragma once
// The Map's second run, side by side with the first: another run's map of the same split (e.g.
// bow beside dtlstm), its own plot, laid out with the first map's method — started from the first
// map's layout when both hold the same items, so an item sits where it sat on the first map unless
// the two runs place it differently — and linked: what is selected on one map is ringed on the
// other (items matched by image id and caption text). Opening the run (embedding its split) and the
// layout are jobs on the engine's interactive lane: the Jobs tab lists them and can cancel them.
// Its heading has a swatch of the run's colour (RunColours), so the map reads as that run's.

#include "analysis/layoutsequence.h"
#include "data/dataset.h"
#include "common/backgroundjob.h"
#include "engine/job.h"
#include "analysis/mapmodel.h"

#include <QColor>
#include <QWidget>

#include <memory>
#include <optional>

class QToolButton;

namespace gs {

class EngineBridge;
class JointSpace;
class MapView;
class RunColours;
class RunHeading;

class ComparedMap : public QWidget {
  Q_OBJECT
public:
  // bridge and colours must outlive the map.
  ComparedMap(EngineBridge &bridge, RunColours &colours, QWidget *parent = nullptr);
  ~ComparedMap() override; // cancels its layout job without waiting

  // Embeds the run's split (every split when empty) as an engine job (the dataset's metadata joined
  // when given); opened follows, also when the job fails or is cancelled from the Jobs tab.
  void open(const QString &runDir, std::optional<Split> split, std::shared_ptr<const Dataset> dataset);
  // Lays the items out as `reference` (the first map) was: its method and settings, started from
  // its positions when the items are the same; laidOut follows. Returns the job id (0: nothing to do).
  JobId layOut(const LayoutSequenceOptions &options, const MapModel &reference);
  // Rings this map's counterparts of `items` of `source` as its selection.
  void showMatching(const MapModel &source, const std::vector<int> &items);
  void setColouring(const QString &key); // as the first map's, where this run's data allows
  void setSizing(const QString &key);    // likewise ("" for one size)

  const MapModel &model() const { return m_model; }
  QString runDir() const { return m_runDir; }
  QString title() const;
  QColor runColour() const; // the swatch's: the run's colour, following a change of it
  bool startedFromReference() const { return m_fromReference; }

Q_SIGNALS:
  void opened(bool ok, const QString &message);
  void laidOut(bool ok, const QString &message);
  void itemsPicked(const std::vector<int> &items); // a rubber band or click on this map (its own items)
  void closeRequested();

private:
  void cancel();
  void showOpened(MapData data, const QString &model); // the opened run's items, not laid out yet
  void refuseOpening(const QString &why);

  EngineBridge &m_bridge;
  MapModel m_model;
  MapView *m_view;
  RunHeading *m_heading;
  QToolButton *m_close;
  QString m_runDir, m_modelName;
  JobId m_jobId = 0;
  int m_token = 0;
  bool m_fromReference = false;
  QString m_sizingKey; // applied again when new items arrive
  BackgroundJob m_openJob;           // embeds the run's split
  std::shared_ptr<QObject> m_relay; // posts from the jobs land here (see MapPanel)
};

}  // namespace gs
