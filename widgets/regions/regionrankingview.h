#pragma once
// The Regions dock's two directions of grounding, under the phrase list: a selected noun phrase's
// top regions (region, box, score s(v, h) and, against its ground truth, IoU with ✓/✗), or the
// phrases ranked for a clicked region — the caption's image's, or with "Rank all test phrases"
// every phrase of the test split. Ranking is an engine job on the interactive lane, where the run's
// model is used by one job at a time. It keeps what is selected: the phrase and the region.

#include "common/backgroundjob.h"
#include "inference/regiongrounding.h"
#include "regions/regionscene.h"

#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QLabel;
class QListWidget;

namespace gs {

class RegionRankingView : public QWidget {
  Q_OBJECT
public:
  RegionRankingView(EngineBridge &bridge, QWidget *parent = nullptr);

  const RegionSelection &selection() const { return m_selection; }
  const std::vector<RankedPhrase> &rankedPhrases() const { return m_rankedPhrases; }
  void setAllPhrasesEnabled(bool enabled); // ranking the split needs an HM-LSTM run

  void clear(); // another image: nothing selected or listed
  // Phrase `index` selected with its best region; its top regions listed, or why there are none
  // (`runGrounds`: an HM-LSTM run is open, so the image has no candidate region).
  void selectPhrase(int index, const GroundedPhrase &phrase, bool runGrounds);
  // Region `region` (1…) clicked: selected, drawn in gold. rank() then lists phrases for it.
  void selectRegion(int region);
  // Ranks phrases for the selected region in the image `imageId` with `grounder` (none: says an
  // HM-LSTM run is needed); rankingShown() follows.
  void rank(std::shared_ptr<const RegionGrounder> grounder, const QString &imageId);

Q_SIGNALS:
  void regionPicked(int region); // a listed region clicked
  void allPhrasesToggled();      // which phrases compete changed (and was saved)
  void rankingShown();

private:
  void showRankedPhrases(int region, bool all, const QString &imageId, const std::vector<RankedPhrase> &phrases);

  BackgroundJob m_job;
  RegionSelection m_selection;
  std::vector<RankedPhrase> m_rankedPhrases;
  QLabel *m_heading;
  QCheckBox *m_allPhrases;
  QListWidget *m_list;
};

}  // namespace gs
