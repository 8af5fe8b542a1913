#pragma once
// The Training dashboard's two plots, one set of graphs per run so runs overlay for comparison:
// per-minibatch loss (the raw values faint, the smoothed curve on top) and validation recall per
// epoch (image→text solid, text→image dashed; or rsum). Runs that differ only in their seed can be
// drawn as one group: the mean curve with a translucent band (± one standard deviation or the
// min–max envelope) in place of the runs' own lines. A click or drag on either plot picks a point
// along x (pointPicked), and a vertical cursor marks the picked epoch on both plots. The plots only
// draw: the runs' numbers live in RunCurves, owned by the caller.

#include "training/runs/runcurves.h"
#include "training/runs/seedgroups.h"

#include <QColor>
#include <QHash>
#include <QWidget>

class QCPGraph;
class QCPItemStraightLine;
class QCustomPlot;
class QMouseEvent;

namespace gs {

class TrainingPlots : public QWidget {
  Q_OBJECT
public:
  explicit TrainingPlots(QWidget *parent = nullptr);

  // Creates the run's graphs on first use and replaces their data with `curves` (O(points)).
  void setRun(int id, const QString &label, const QColor &colour, const RunCurves &curves);
  void setRunColour(int id, const QColor &colour);
  QColor runColour(int id) const; // invalid for an unknown run
  void setRunVisible(int id, bool visible);
  void removeRun(int id);
  bool hasRun(int id) const { return m_runs.contains(id); }

  // Seed groups: each group's runs draw as one mean curve with a band, their own graphs hidden.
  // Replaces the groups drawn before; groups of fewer than two known runs are ignored.
  struct Group {
    QString label; // the legend's, e.g. "bow-e10 (N=3)"
    QColor colour;
    std::vector<int> runs;
  };
  void setGroups(const std::vector<Group> &groups);
  int groupCount() const { return int(m_groups.size()); }
  void setBandKind(BandKind kind); // recomputes every group's band
  BandKind bandKind() const { return m_band; }

  void setSmoothing(double weight); // [0, 1); recomputes every run's smoothed curve
  // The loss axis on a log scale (losses spanning decades: the first minibatches against the last).
  void setLogScale(bool logarithmic);
  bool logScale() const;
  double smoothing() const { return m_smoothing; }
  void setMeasure(RecallMeasure measure);
  RecallMeasure measure() const { return m_measure; }

  // The picked epoch's vertical line: at `epoch` on the validation plot and at `iteration` on the
  // loss plot; a value ≤ 0 hides that plot's line.
  void setCursor(double epoch, double iteration);
  double cursorEpoch() const;     // 0 when hidden
  double cursorIteration() const; // 0 when hidden

  // Rescales the axes to the visible graphs and repaints (queued: many calls, one paint).
  void refresh();

  // Asks for an export size (pixels for PNG, points for SVG/PDF); empty when cancelled.
  static QSize askFigureSize(QWidget *parent, QSize initial);

  enum class Plot { Loss, Validation };
  QCustomPlot *lossPlot() const { return m_loss; }
  QCustomPlot *validationPlot() const { return m_validation; }
  QCustomPlot *plot(Plot which) const { return which == Plot::Loss ? m_loss : m_validation; }
  // Points drawn for a run, for tests: raw loss points, smoothed points, validation points (i→t).
  int lossPointCount(int id) const;
  int smoothedPointCount(int id) const;
  int validationPointCount(int id) const;

Q_SIGNALS:
  // A left click or drag at plot coordinate x (iterations on the loss plot, epochs on the
  // validation plot); runId is the run whose curve lies nearest the pointer (a group's first run),
  // -1 when none lies within a few pixels.
  void pointPicked(bool lossPlot, int runId, double x);

private:
  struct Graphs {
    QString label;
    QColor colour;
    bool shown = true;   // the caller's setRunVisible
    bool grouped = false; // drawn by its group's band instead
    QCPGraph *raw = nullptr, *smooth = nullptr, *imageToText = nullptr, *textToImage = nullptr;
    std::vector<double> rawLoss; // kept to re-smooth when the weight changes
    std::vector<double> iterations;
    std::vector<double> smoothed; // the group bands average these
    std::vector<EpochEvent> epochs; // kept to redraw when the measure changes
  };
  // A mean line and the band around it: two invisible graphs with the fill between them.
  struct Band {
    QCPGraph *mean = nullptr, *lower = nullptr, *upper = nullptr;
  };
  struct GroupGraphs {
    Group group;
    Band loss, imageToText, textToImage;
  };
  void style(Graphs &g);
  void applyVisibility(Graphs &g);
  void showLegends(); // each plot's legend shown only while it has an entry
  void fillSmooth(Graphs &g);
  void fillValidation(Graphs &g);
  Band addBand(QCustomPlot *plot, const QColor &colour, Qt::PenStyle style);
  void removeBand(QCustomPlot *plot, const Band &band);
  void fillGroup(GroupGraphs &group);
  void clearGroups();
  void onMouse(QCustomPlot *plot, QMouseEvent *event);
  int runNear(QCustomPlot *plot, const QPointF &pixel) const;

  QCustomPlot *m_loss;
  QCustomPlot *m_validation;
  QCPItemStraightLine *m_lossCursor, *m_validationCursor;
  QHash<int, Graphs> m_runs;
  std::vector<GroupGraphs> m_groups;
  double m_smoothing = 0.9;
  RecallMeasure m_measure = RecallMeasure::R10;
  BandKind m_band = BandKind::StdDev;
};

}  // namespace gs
