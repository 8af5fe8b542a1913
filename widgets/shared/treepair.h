#pragma once
// One caption as two runs read it, side by side: for each run the caption's dependency and
// constituency trees (the parser's, the same on both sides) coloured by that run's occlusion
// contributions to s(image, caption) (inference/attribution.h), under each run's name and
// colour (runcolours.h). Both sides share one diverging scale, so a red node on the left means as
// much as a red node on the right. The Retrieval dock's "Trees for A and B" opens it in a window.
//
// The parse is a job on the engine's query lane (common/captionparsejob.h) and each side's
// attribution one on its interactive lane, so all three show in the Jobs tab and can be cancelled
// there. A run's ScoreExplainer comes from the WorkbenchState when it is the current run's, else
// from offerExplainer, else it is opened in its job (seconds).

#include "common/backgroundjob.h"
#include "common/captionparsejob.h"
#include "inference/attribution.h"

#include <QHash>
#include <QWidget>

#include <memory>
#include <optional>

class QLabel;

namespace gs {

class ColourLegend;
class ConstituencyTreeView;
class DependencyArcView;
class TreeViewBase;
class WorkbenchState;
struct ParsedCaption;

class TreePair : public QWidget {
  Q_OBJECT
public:
  TreePair(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);
  ~TreePair() override; // cancels the jobs under way without waiting

  // Parses `caption`, explains its score against image `imageId` with run A and run B, and shows
  // both; treesShown() follows.
  void showCaption(const QString &caption, const QString &imageId, const QString &runA, const QString &runB);
  // A ScoreExplainer already open for `runDir`, used instead of opening one.
  void offerExplainer(const QString &runDir, std::shared_ptr<const ScoreExplainer> explainer);

  // side 0: run A, 1: run B.
  std::shared_ptr<const ScoreExplainer> explainer(int side) const;
  const SentenceAttribution *attribution(int side) const;
  QString noteText(int side) const;
  TreeViewBase *dependencyView(int side) const;
  TreeViewBase *constituencyView(int side) const;
  int treeCount() const; // drawn trees that have nodes: 4 once both sides show both trees
  bool isBusy() const { return m_pending > 0; }

Q_SIGNALS:
  void treesShown(); // the parse and both attributions arrived (or their failures are noted)

private:
  struct Side {
    QString runDir;
    std::shared_ptr<const ScoreExplainer> explainer;
    std::optional<SentenceAttribution> attribution;
    QString error;
    QLabel *swatch = nullptr;
    QLabel *name = nullptr;
    QLabel *note = nullptr;
    DependencyArcView *dependency = nullptr;
    ConstituencyTreeView *constituency = nullptr;
  };
  struct Explained;
  QWidget *createColumn(Side &side);
  void explain(int side);
  void onParsed(const ParsedCaption *parsed, const QString &error); // parsed null: error says why
  void onExplained(int side, const Explained &outcome, const QString &error);
  void finishOne();
  void applyColours();
  void updateHeader(Side &side);

  WorkbenchState &m_state;
  CaptionParseJob m_parseJob;
  BackgroundJob m_explainJobs[2]; // one per side
  int m_pending = 0;
  QString m_caption, m_imageId;
  QString m_parseError;
  QHash<QString, std::shared_ptr<const ScoreExplainer>> m_offered;
  Side m_sides[2];
  QLabel *m_title = nullptr;
  ColourLegend *m_legend = nullptr;
};

// Opens a TreePair for the caption in a window of its own (deleted when closed) and returns it.
TreePair *openTreePairWindow(EngineBridge &bridge, WorkbenchState &state, QWidget *parent, const QString &caption, const QString &imageId,
                             const QString &runA, const QString &runB,
                             std::shared_ptr<const ScoreExplainer> explainerB = nullptr);

}  // namespace gs
