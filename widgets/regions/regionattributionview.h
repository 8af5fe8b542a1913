#pragma once
// The Regions dock's image attribution: why the run scores the shown caption against the image as
// it does. "Occlusion map" greys out a grid of cells one at a time and runs the run's backbone again,
// "Part contributions" takes away each HM-LSTM region or concept; both are engine jobs on the
// interactive lane (with progress), using the run's ScoreExplainer shared through the
// WorkbenchState. Each cell or box is filled by its Δscore on the diverging scale centred at 0,
// translucent over the photo — drawn into the figure, so the dock and its export show the same heat
// map — and the values export as CSV/JSON. This is the row of its buttons and legend; what it
// cannot do, or is doing, it says in the dock's note (message()).

#include "common/backgroundjob.h"
#include "figures/regionfigure.h"
#include "inference/attribution.h"

#include <QWidget>

#include <memory>
#include <optional>

class QPushButton;

namespace gs {

class ColourLegend;
class RegionScene;
class WorkbenchState;

class RegionAttributionView : public QWidget {
  Q_OBJECT
public:
  // `scene` (the shown image and caption) and `state` must outlive this.
  RegionAttributionView(EngineBridge &bridge, WorkbenchState &state, const RegionScene &scene, QWidget *parent = nullptr);

  // Explains the shown caption's score: an occlusion `grid`, else the parts' contributions.
  void start(bool grid);
  // The scene is about to score `imageId` with `caption`: a message or a job about another image or
  // caption is dropped. Call it before the scene scores.
  void follow(const QString &imageId, const QString &caption);
  QString message() const { return m_message; } // for the note: why not, or "computing…"
  // Draws the shown image and caption's attribution into `figure` (and shows its legend); another
  // selection's is not drawn.
  void addHeat(RegionFigure &figure);
  std::shared_ptr<const ScoreExplainer> explainer() const { return m_explainer; }

Q_SIGNALS:
  void messageChanged();
  void attributionReady(); // an attribution arrived: the figure is drawn again
  void contributionsShown(); // an image attribution is drawn over the photo, or the message says why not

private:
  struct Outcome;
  QString refusal() const;
  void onAttribution(const ImageAttribution &attribution);
  void onFailed(const QString &message);
  bool isCurrent() const;
  void exportClicked();

  WorkbenchState &m_state;
  const RegionScene &m_scene;
  BackgroundJob m_job;
  QString m_explainerRun;
  std::shared_ptr<const ScoreExplainer> m_explainer; // the WorkbenchState's, or opened by the first attribution of a run
  std::optional<ImageAttribution> m_attribution;
  QString m_message;
  QString m_caption; // the caption the scene was last asked for
  QPushButton *m_occlusionMap, *m_partContributions, *m_export;
  ColourLegend *m_legend;
};

}  // namespace gs
