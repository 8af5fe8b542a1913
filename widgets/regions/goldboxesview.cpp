#include "regions/goldboxesview.h"

#include "engine/jobcontext.h"
#include "inference/goldgrounding.h"
#include "regions/regionrun.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>

namespace gs {

GoldBoxesView::GoldBoxesView(EngineBridge &bridge, const RegionRun &run, QWidget *parent)
    : QObject(parent), m_run(run), m_job(bridge, this) {
  m_button = new QPushButton(tr("Gold boxes…"), parent);
  m_button->setObjectName(QStringLiteral("goldButton"));
  m_button->setToolTip(tr("Score the run's phrase → region choices against a file of hand-drawn phrase boxes "
                          "(tests/data/flickr8k-phrase-boxes.tsv in the sources; format in the manual). Its boxes are then "
                          "drawn as the ground truth of the captions it covers."));
  connect(m_button, &QPushButton::clicked, this, &GoldBoxesView::openClicked);
  m_label = new QLabel(parent);
  m_label->setObjectName(QStringLiteral("goldLabel"));
  m_label->setWordWrap(true);
  m_label->hide();
}

void GoldBoxesView::openClicked() {
  const QString path = QFileDialog::getOpenFileName(m_button->parentWidget(), tr("Gold phrase boxes"), m_path,
                                                    tr("Phrase boxes (*.tsv *.txt);;All files (*)"));
  if (!path.isEmpty()) load(path);
}

void GoldBoxesView::load(const QString &path) {
  m_path = path;
  m_gold.reset();
  if (m_run.kind() != RegionRunKind::Phrases || !m_run.grounder()) {
    showText(tr("Gold boxes score an HM-LSTM run's choices: open one first."));
    Q_EMIT goldScored();
    return;
  }
  showText(tr("Scoring %1…").arg(QFileInfo(path).fileName()));
  m_job.start(
      tr("Score the gold phrase boxes"),
      [path, grounder = m_run.grounder()](JobContext &job) {
        return std::make_shared<const GoldGrounding>(groundGold(*grounder, readPhraseBoxGold(path), path, {}, &job));
      },
      [this](const std::shared_ptr<const GoldGrounding> &gold) {
        m_gold = gold;
        showText(summary());
        Q_EMIT goldScored();
        Q_EMIT goldChanged();
      },
      [this](const JobOutcome &outcome) {
        showText(tr("Cannot score the gold boxes: %1").arg(BackgroundJob::failureText(outcome)));
        Q_EMIT goldScored();
      });
}

void GoldBoxesView::clear() {
  m_job.cancel();
  m_gold.reset();
  showText({});
}

QString GoldBoxesView::summary() const {
  if (!m_gold) return {};
  const GoldGrounding &g = *m_gold;
  if (g.images == 0) return tr("None of the gold set's %1 images is in the run's data.").arg(g.goldImages);
  return tr("Gold set %1: %2 phrases on %3 of its %4 images. Phrase → region accuracy (IoU ≥ 0.5) %5 %, "
            "ceiling of the proposals %6 %, chance %7 %.")
      .arg(QFileInfo(m_path).fileName())
      .arg(g.phrases)
      .arg(g.images)
      .arg(g.goldImages)
      .arg(g.accuracy, 0, 'f', 1)
      .arg(g.ceiling, 0, 'f', 1)
      .arg(g.chance, 0, 'f', 1);
}

void GoldBoxesView::showText(const QString &text) {
  m_label->setText(text);
  m_label->setVisible(!text.isEmpty());
}

}  // namespace gs
