#pragma once
// The Regions dock's run: what the current run can say about regions, opened as an engine job on
// the interactive lane. An HM-LSTM run opens its model with its data (through the feature cache; the
// dataset the workbench holds serves when it is the run's) as a RegionGrounder, a concepts run as a
// ConceptInspector, any other run only says that it learns no regions. The grounder and inspector
// are then used by the dock's image, ranking, gold and export jobs on the same lane, never by two
// at once.

#include "common/backgroundjob.h"
#include "data/dataset.h"
#include "inference/conceptinspection.h"
#include "inference/regiongrounding.h"

#include <QObject>

#include <memory>

namespace gs {

// What a run draws in the dock: phrases' regions (HM-LSTM), concepts by region, or no regions.
enum class RegionRunKind { None, Phrases, Concepts, NoRegions };

class RegionRun : public QObject {
  Q_OBJECT
public:
  RegionRun(EngineBridge &bridge, QObject *parent = nullptr);

  // Makes `runDir` the run and opens its model (opened() follows); "" closes it. The run open or
  // opening already changes nothing: returns false then.
  bool open(const QString &runDir, std::shared_ptr<const Dataset> dataset);

  QString dir() const { return m_dir; }
  RegionRunKind kind() const { return m_kind; }
  QString model() const { return m_model; } // the run's model name ("" before it is read)
  QString error() const { return m_error; } // why it could not be opened
  bool isLoading() const { return m_loading; }
  std::shared_ptr<const RegionGrounder> grounder() const { return m_grounder; }
  std::shared_ptr<const ConceptInspector> inspector() const { return m_inspector; }
  // An HM-LSTM run whose grounder is open: the phrases' learned regions can be drawn and written.
  bool groundsPhrases() const { return m_kind == RegionRunKind::Phrases && m_grounder; }

Q_SIGNALS:
  void opened(); // the model is open, or error() says why not

private:
  struct Outcome;
  static Outcome openModel(const QString &runDir, const Dataset *dataset, JobContext &job);
  void onOpened(const Outcome &outcome);

  BackgroundJob m_job;
  QString m_dir;
  bool m_seen = false; // open() was called at least once (the first call opens even "")
  bool m_loading = false;
  RegionRunKind m_kind = RegionRunKind::None;
  QString m_model, m_error;
  std::shared_ptr<const RegionGrounder> m_grounder;
  std::shared_ptr<const ConceptInspector> m_inspector;
};

}  // namespace gs
