// The Regions dock's gold set (regionpanel.h): a file of hand-drawn phrase boxes on photos
// (evaluation/phraseboxgold.h) scored against the open HM-LSTM run as an engine job. The summary
// gives phrase → region accuracy beside the best proposal's ceiling and chance. Every shown caption
// that the gold set covers then draws its gold boxes as the phrases' ground truth, with the IoU of
// each learned box.
#include "regions/regionpanel.h"

#include "training/inspect/goldgrounding.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace gs {

QLayout *RegionPanel::createPhraseHeading(QWidget *side) {
  m_goldButton = new QPushButton(tr("Gold boxes…"), side);
  m_goldButton->setObjectName(QStringLiteral("goldButton"));
  m_goldButton->setToolTip(tr("Score the run's phrase → region choices against a file of hand-drawn phrase boxes "
                              "(tests/data/flickr8k-phrase-boxes.tsv in the sources; format in the manual). Its boxes are then "
                              "drawn as the ground truth of the captions it covers."));
  connect(m_goldButton, &QPushButton::clicked, this, &RegionPanel::openGoldClicked);
  auto *row = new QHBoxLayout;
  row->addWidget(new QLabel(tr("Noun phrases"), side));
  row->addStretch(1);
  row->addWidget(m_goldButton);
  return row;
}

QLabel *RegionPanel::createGoldLabel(QWidget *side) {
  m_goldLabel = new QLabel(side);
  m_goldLabel->setObjectName(QStringLiteral("goldLabel"));
  m_goldLabel->setWordWrap(true);
  m_goldLabel->hide();
  return m_goldLabel;
}

void RegionPanel::openGoldClicked() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Gold phrase boxes"), m_goldPath, tr("Phrase boxes (*.tsv *.txt);;All files (*)"));
  if (!path.isEmpty()) loadGold(path);
}

void RegionPanel::loadGold(const QString &path) {
  m_goldPath = path;
  m_gold.reset();
  if (m_kind != RunKind::Phrases || !m_grounder) {
    showGoldText(tr("Gold boxes score an HM-LSTM run's choices: open one first."));
    Q_EMIT goldScored();
    return;
  }
  showGoldText(tr("Scoring %1…").arg(QFileInfo(path).fileName()));
  m_goldJob.start(
      tr("Score the gold phrase boxes"),
      [path, grounder = m_grounder](JobContext &job) {
        return std::make_shared<const GoldGrounding>(groundGold(*grounder, readPhraseBoxGold(path), path, {}, &job));
      },
      [this](const std::shared_ptr<const GoldGrounding> &gold) {
        m_gold = gold;
        showGoldText(goldSummary());
        Q_EMIT goldScored();
        refresh(); // the shown caption's gold boxes
      },
      [this](const JobOutcome &outcome) {
        showGoldText(tr("Cannot score the gold boxes: %1").arg(BackgroundJob::failureText(outcome)));
        Q_EMIT goldScored();
      });
}

QString RegionPanel::goldSummary() const {
  if (!m_gold) return {};
  const GoldGrounding &g = *m_gold;
  if (g.images == 0) return tr("None of the gold set's %1 images is in the run's data.").arg(g.goldImages);
  return tr("Gold set %1: %2 phrases on %3 of its %4 images. Phrase → region accuracy (IoU ≥ 0.5) %5 %, "
            "ceiling of the proposals %6 %, chance %7 %.")
      .arg(QFileInfo(m_goldPath).fileName())
      .arg(g.phrases)
      .arg(g.images)
      .arg(g.goldImages)
      .arg(g.accuracy, 0, 'f', 1)
      .arg(g.ceiling, 0, 'f', 1)
      .arg(g.chance, 0, 'f', 1);
}

void RegionPanel::showGoldText(const QString &text) {
  m_goldLabel->setText(text);
  m_goldLabel->setVisible(!text.isEmpty());
}

}  // namespace gs
