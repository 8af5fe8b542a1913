#include "regions/regionrankingview.h"

#include "engine/jobcontext.h"
#include "inference/correspondencefile.h"
#include "regions/regionoptionsbar.h"

#include <QCheckBox>
#include <QLabel>
#include <QListWidget>
#include <QSettings>
#include <QVBoxLayout>

namespace gs {

namespace {
constexpr int kRegionsListed = 5;  // a phrase's top regions
constexpr int kPhrasesListed = 15; // phrases ranked for a region
const QString kAllPhrasesKey = QStringLiteral("all_test_phrases");
}  // namespace

RegionRankingView::RegionRankingView(EngineBridge &bridge, QWidget *parent) : QWidget(parent), m_job(bridge, this) {
  m_heading = new QLabel(this);
  m_heading->setWordWrap(true);
  m_allPhrases = new QCheckBox(tr("Rank all test phrases for a region"), this);
  m_allPhrases->setObjectName(QStringLiteral("allPhrasesCheck"));
  m_list = new QListWidget(this);
  m_list->setAccessibleName(tr("Ranked regions or phrases"));
  m_list->setObjectName(QStringLiteral("rankedList"));
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_heading);
  layout->addWidget(m_allPhrases);
  layout->addWidget(m_list, 1);

  QSettings settings;
  settings.beginGroup(RegionOptionsBar::settingsGroup());
  m_allPhrases->setChecked(settings.value(kAllPhrasesKey, false).toBool());
  connect(m_allPhrases, &QCheckBox::toggled, this, [this](bool all) {
    QSettings settings;
    settings.beginGroup(RegionOptionsBar::settingsGroup());
    settings.setValue(kAllPhrasesKey, all);
    Q_EMIT allPhrasesToggled();
  });
  connect(m_list, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
    const int region = item->data(Qt::UserRole).toInt();
    if (region > 0) Q_EMIT regionPicked(region);
  });
}

void RegionRankingView::setAllPhrasesEnabled(bool enabled) { m_allPhrases->setEnabled(enabled); }

void RegionRankingView::clear() {
  m_selection = {};
  m_rankedPhrases.clear();
  m_list->clear();
  m_heading->clear();
}

void RegionRankingView::selectPhrase(int index, const GroundedPhrase &p, bool runGrounds) {
  m_selection.phrase = index;
  m_selection.region = p.regions.empty() ? -1 : p.regions.front().region;
  m_selection.regionClicked = false; // its learned box is drawn emphasised already
  m_rankedPhrases.clear();
  m_list->clear();
  if (p.regions.empty()) {
    m_heading->setText(runGrounds ? tr("“%1”: the image has no candidate region.").arg(p.text)
                                  : tr("“%1”: ground truth %2. Open an HM-LSTM run to see the regions it chooses.").arg(p.text, boxText(p.truth)));
    return;
  }
  m_heading->setText(tr("Top regions for “%1” (click one to rank phrases for it):").arg(p.text));
  for (std::size_t k = 0; k < p.regions.size() && int(k) < kRegionsListed; ++k) {
    const RankedRegion &r = p.regions[k];
    QString text = tr("%1. region %2  %3  score %4").arg(k + 1).arg(r.region).arg(boxText(r.box)).arg(r.score, 0, 'f', 3);
    if (p.hasTruth) text += tr("  IoU %1 %2").arg(r.iou, 0, 'f', 2).arg(r.iou >= kCorrectIoU ? QStringLiteral("✓") : QStringLiteral("✗"));
    auto *item = new QListWidgetItem(text, m_list);
    item->setData(Qt::UserRole, r.region);
  }
}

void RegionRankingView::selectRegion(int region) {
  m_selection.region = region;
  m_selection.regionClicked = true;
  m_rankedPhrases.clear();
}

void RegionRankingView::rank(std::shared_ptr<const RegionGrounder> grounder, const QString &imageId) {
  const int region = m_selection.region;
  if (!grounder) {
    m_list->clear();
    m_heading->setText(tr("Region %1. Open an HM-LSTM run to rank phrases for it.").arg(region));
    Q_EMIT rankingShown();
    return;
  }
  const bool all = m_allPhrases->isChecked();
  m_heading->setText(tr("Ranking phrases for region %1…").arg(region));
  m_job.start(
      tr("Rank phrases for region %1").arg(region),
      [grounder = std::move(grounder), imageId, region, all](JobContext &) {
        return grounder->phrasesFor(imageId, region, all ? PhraseScope::Split : PhraseScope::Image);
      },
      [this, region, all, imageId](const std::vector<RankedPhrase> &phrases) { showRankedPhrases(region, all, imageId, phrases); },
      [this](const JobOutcome &outcome) {
        m_rankedPhrases.clear();
        m_list->clear();
        m_heading->setText(BackgroundJob::failureText(outcome));
        Q_EMIT rankingShown();
      });
}

void RegionRankingView::showRankedPhrases(int region, bool all, const QString &imageId, const std::vector<RankedPhrase> &phrases) {
  m_rankedPhrases = phrases;
  m_list->clear();
  m_heading->setText(all ? tr("Test phrases ranked for region %1 (★ this image's):").arg(region)
                         : tr("This image's phrases ranked for region %1:").arg(region));
  for (std::size_t k = 0; k < m_rankedPhrases.size() && int(k) < kPhrasesListed; ++k) {
    const RankedPhrase &p = m_rankedPhrases[k];
    const QString star = p.imageId == imageId && all ? QStringLiteral("★ ") : QString();
    auto *item = new QListWidgetItem(QStringLiteral("%1. %2%3  %4").arg(k + 1).arg(star, p.text).arg(p.score, 0, 'f', 3), m_list);
    item->setToolTip(QStringLiteral("%1: %2").arg(p.imageId, p.caption));
  }
  Q_EMIT rankingShown();
}

}  // namespace gs
