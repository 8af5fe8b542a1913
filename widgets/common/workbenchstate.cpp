#include "common/workbenchstate.h"

#include "engine/jobcontext.h"
#include "inference/attribution.h"

namespace gs {

WorkbenchState::WorkbenchState(QObject *parent) : QObject(parent) {}

void WorkbenchState::setDataset(std::shared_ptr<const Dataset> dataset) {
  m_dataset = std::move(dataset);
  m_imageIndex.clear();
  if (m_dataset)
    for (int i = 0; i < int(m_dataset->images.size()); ++i) m_imageIndex.insert(m_dataset->images[i].id, i);
  m_selectedImage = -1;
  m_selectedCaption = -1;
  m_selectedPhrase = {};
  Q_EMIT datasetChanged();
}

void WorkbenchState::openRun(EngineBridge &bridge, const QString &runDir) {
  if (runDir != m_runDir) m_explainer.reset();
  m_runDir = runDir;
  m_jointSpace.reset();
  Q_EMIT runChanged(runDir);
  Q_EMIT jointSpaceChanged();
  if (runDir.isEmpty()) return;
  // The open dataset serves when it is the run's, so embedding does not read it again.
  const std::shared_ptr<const Dataset> dataset = m_dataset;
  bridge.submitInteractiveThen<std::shared_ptr<const JointSpace>>(
      this, tr("Embed the test split"),
      [runDir, dataset](JobContext &job) { return JointSpace::open(runDir, Split::Test, &job, dataset); },
      [this, runDir](const JobOutcome &outcome, std::optional<std::shared_ptr<const JointSpace>> space) {
        if (runDir != m_runDir) return; // another run was opened meanwhile
        if (space) setJointSpace(*space);
        else Q_EMIT runFailed(runDir, outcome.error);
      });
}

void WorkbenchState::setJointSpace(std::shared_ptr<const JointSpace> space) {
  m_jointSpace = std::move(space);
  if (m_jointSpace && m_jointSpace->runDir() != m_runDir) {
    m_explainer.reset();
    m_runDir = m_jointSpace->runDir();
  }
  Q_EMIT jointSpaceChanged();
}

std::shared_ptr<const ScoreExplainer> WorkbenchState::explainer(const QString &runDir) const {
  return !runDir.isEmpty() && runDir == m_runDir ? m_explainer : nullptr;
}

std::shared_ptr<const ScoreExplainer> WorkbenchState::shareExplainer(const QString &runDir,
                                                                     std::shared_ptr<const ScoreExplainer> explainer) {
  if (runDir.isEmpty() || runDir != m_runDir || !explainer) return explainer;
  if (m_explainer) return m_explainer;
  m_explainer = std::move(explainer);
  Q_EMIT explainerShared(runDir);
  return m_explainer;
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

void WorkbenchState::selectPhrase(const QString &caption, int begin, int end) {
  const Phrase phrase{caption.trimmed(), begin, end};
  if (phrase == m_selectedPhrase) return;
  m_selectedPhrase = phrase;
  Q_EMIT phraseSelected(phrase.caption, begin, end);
}

void WorkbenchState::pickEpoch(const QString &runDir, int epoch) {
  if (runDir == m_pickedRun && epoch == m_pickedEpoch) return;
  m_pickedRun = runDir;
  m_pickedEpoch = epoch;
  Q_EMIT epochPicked(runDir, epoch);
}

void WorkbenchState::showSlice(const QString &label, const QStringList &captions) {
  if (label == m_sliceLabel && captions == m_sliceCaptions) return;
  m_sliceLabel = label;
  m_sliceCaptions = captions;
  Q_EMIT sliceShown(label, captions);
}

}  // namespace gs
