// The Retrieval panel's epoch mode (retrievalpanel.h): an epoch picked on a training curve opens the
// run's recorded sample at that epoch (EpochSpace) as an interactive-lane job, and both query tabs rank
// that sample until epoch 0 is picked or the banner's button leads back to the kept model.
#include "retrieval/retrievalpanel.h"

#include "retrieval/retrievalsource.h"
#include "common/workbenchstate.h"

#include "analysis/jointspace.h"
#include "training/runs/epochspace.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace gs {

QWidget *RetrievalPanel::createEpochBanner() {
  m_epochBanner = new QWidget(this);
  m_epochBanner->setObjectName(QStringLiteral("epochBanner"));
  m_epochBanner->setAutoFillBackground(true);
  m_epochBanner->setBackgroundRole(QPalette::ToolTipBase); // stands out from the lists: not the kept model
  m_epochBanner->setForegroundRole(QPalette::ToolTipText);
  m_epochLabel = new QLabel(m_epochBanner);
  m_epochLabel->setObjectName(QStringLiteral("epochLabel"));
  m_epochLabel->setWordWrap(true);
  auto *back = new QPushButton(tr("Back to the kept model"), m_epochBanner);
  back->setObjectName(QStringLiteral("keptModelButton"));
  back->setToolTip(tr("Rank the whole test split with the model the run kept (every panel returns to it)"));
  // Through the state, so the Map and the Training dock leave the epoch too; onEpochPicked follows.
  connect(back, &QPushButton::clicked, this, [this] {
    const QString run = m_state.runDir();
    if (m_state.pickedEpochRun() == run && m_state.pickedEpoch() != 0) m_state.pickEpoch(run, 0);
    else leaveEpoch();
  });
  auto *layout = new QHBoxLayout(m_epochBanner);
  layout->setContentsMargins(6, 4, 6, 4);
  layout->addWidget(m_epochLabel, 1);
  layout->addWidget(back, 0, Qt::AlignTop);
  m_epochBanner->hide();
  return m_epochBanner;
}

int RetrievalPanel::shownEpoch() const { return m_source ? m_source->epoch() : 0; }
QString RetrievalPanel::epochBannerText() const { return m_epochBanner->isHidden() ? QString() : m_epochLabel->text(); }

void RetrievalPanel::onEpochPicked(const QString &runDir, int epoch) {
  if (runDir.isEmpty() || runDir != m_state.runDir()) return; // another run's curve
  if (epoch <= 0) return leaveEpoch();
  const int generation = ++m_epochGeneration;
  m_epochLabel->setText(tr("Opening epoch %1…").arg(epoch));
  m_epochBanner->show();
  // Reads one .npy of the sample's vectors: quick, but a file read all the same, so off the GUI thread.
  m_epochJob.start(
      tr("Open epoch %1").arg(epoch),
      [runDir, epoch](JobContext &) { return std::make_shared<const EpochSpace>(EpochSpace::open(runDir, epoch)); },
      [this, generation, runDir](std::shared_ptr<const EpochSpace> opened) {
        if (generation != m_epochGeneration || runDir != m_state.runDir()) return;
        showEpoch(runDir, std::move(opened));
      },
      [this, generation, runDir, epoch](const JobOutcome &outcome) {
        if (generation != m_epochGeneration || runDir != m_state.runDir()) return;
        const QString error = BackgroundJob::failureText(outcome);
        m_epochLabel->setText(tr("Epoch %1 could not be opened: %2").arg(epoch).arg(error));
        Q_EMIT rankingFailed(error);
      });
}

// The sample's thumbnails come from the open dataset, else from the kept model's split.
void RetrievalPanel::showEpoch(const QString &runDir, std::shared_ptr<const EpochSpace> epoch) {
  const auto dataset = m_state.dataset();
  QStringList paths;
  for (const QString &id : epoch->sample().imageIds) {
    const int image = m_state.imageIndexOf(id);
    const int row = m_space ? m_space->imageRowOf(id) : -1;
    paths << (dataset && image >= 0 ? dataset->images[std::size_t(image)].path : row >= 0 ? m_space->imagePaths().value(row) : QString());
  }
  m_epochSource = std::make_shared<const RetrievalSource>(std::move(epoch), runDir, paths);
  setSource(m_epochSource);
  Q_EMIT epochShown(m_epochSource->epoch());
}

void RetrievalPanel::leaveEpoch() {
  ++m_epochGeneration; // an epoch still opening
  m_epochJob.cancel();
  const bool wasShown = m_epochSource != nullptr;
  m_epochSource.reset();
  m_epochBanner->hide();
  if (!wasShown) return;
  setSource(m_space ? std::make_shared<const RetrievalSource>(m_space) : nullptr);
  Q_EMIT epochShown(0);
}

// The banner says which space the tabs rank; the line under the sentence says what a sentence can
// be there.
void RetrievalPanel::updateEpochBanner() {
  const bool epoch = m_source && m_source->epoch() > 0;
  m_sentence->setPlaceholderText(epoch ? tr("Pick one of the sample's captions and press Enter") : tr("Type a sentence and press Enter"));
  if (!epoch) {
    m_epochBanner->hide();
    return;
  }
  m_epochLabel->setText(tr("<b>Epoch %1</b> — the recorded sample of %2 images").arg(m_source->epoch()).arg(m_source->imageCount()));
  m_epochBanner->show();
  m_imageRanking->setText(tr("At an epoch only the sample's own captions can be ranked: the recorded vectors cannot embed new text."));
}

}  // namespace gs
