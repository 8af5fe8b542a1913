#include "workbenchstate.h"

#include "engine/jobcontext.h"

namespace gs {

WorkbenchState::WorkbenchState(QObject *parent) : QObject(parent) {}

void WorkbenchState::setDataset(std::shared_ptr<const Dataset> dataset, const QString &path) {
  m_dataset = std::move(dataset);
  m_datasetPath = path;
  m_imageIndex.clear();
  if (m_dataset)
    for (int i = 0; i < int(m_dataset->images.size()); ++i) m_imageIndex.insert(m_dataset->images[i].id, i);
  m_selectedImage = -1;
  m_selectedCaption = -1;
  Q_EMIT datasetChanged();
}

void WorkbenchState::openRun(EngineBridge &bridge, const QString &runDir) {
  m_runDir = runDir;
  m_jointSpace.reset();
  Q_EMIT runChanged(runDir);
  Q_EMIT jointSpaceChanged();
  if (runDir.isEmpty()) return;
  // The job fills the holder on the engine's thread; the GUI thread reads it once the job ended.
  auto holder = std::make_shared<std::shared_ptr<const JointSpace>>();
  const JobId id = bridge.submit(tr("Embed the test split"), [runDir, holder](JobContext &job) {
    *holder = JointSpace::open(runDir, Split::Test, &job);
  });
  auto *connection = new QMetaObject::Connection;
  *connection = connect(&bridge, &EngineBridge::finished, this,
                        [this, id, runDir, holder, connection](JobId done, const QString &, const JobOutcome &outcome) {
                          if (done != id) return;
                          disconnect(*connection);
                          delete connection;
                          if (runDir != m_runDir) return; // another run was opened meanwhile
                          if (outcome.status == JobStatus::Succeeded) setJointSpace(*holder);
                          else Q_EMIT runFailed(runDir, outcome.error);
                        });
}

void WorkbenchState::setJointSpace(std::shared_ptr<const JointSpace> space) {
  m_jointSpace = std::move(space);
  if (m_jointSpace) m_runDir = m_jointSpace->runDir();
  Q_EMIT jointSpaceChanged();
}

void WorkbenchState::selectImage(int datasetImage) {
  if (datasetImage == m_selectedImage) return;
  m_selectedImage = datasetImage;
  Q_EMIT imageSelected(datasetImage);
}

void WorkbenchState::selectCaption(int datasetCaption) {
  if (datasetCaption == m_selectedCaption) return;
  m_selectedCaption = datasetCaption;
  if (m_dataset && datasetCaption >= 0 && datasetCaption < int(m_dataset->captions.size()))
    selectImage(m_dataset->captions[datasetCaption].image);
  Q_EMIT captionSelected(datasetCaption);
}

}  // namespace gs
