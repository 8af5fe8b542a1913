#pragma once
// The Training dashboard's two plots, one set of graphs per run so runs overlay for comparison:
// per-minibatch loss (the raw values faint, the exponentially smoothed curve on top) and
// validation recall per epoch (image→text solid, text→image dashed; or rsum). The plots only
// draw: the runs' numbers live in RunCurves, owned by the caller.

#include "training/runs/runcurves.h"

#include <QColor>
#include <QHash>
#include <QWidget>

class QCPGraph;
class QCustomPlot;

namespace gs {

class TrainingPlots : public QWidget {
  Q_OBJECT
public:
  explicit TrainingPlots(QWidget *parent = nullptr);

  // Creates the run's graphs on first use and replaces their data with `curves` (O(points)).
  void setRun(int id, const QString &label, const QColor &colour, const RunCurves &curves);
  void setRunVisible(int id, bool visible);
  void removeRun(int id);
  bool hasRun(int id) const { return m_runs.contains(id); }

  void setSmoothing(double weight); // [0, 1); recomputes every run's smoothed curve
  // The loss axis on a log scale (losses spanning decades: the first minibatches against the last).
  void setLogScale(bool logarithmic);
  bool logScale() const;
  double smoothing() const { return m_smoothing; }
  void setMeasure(RecallMeasure measure);
  RecallMeasure measure() const { return m_measure; }

  // Rescales the axes to the visible graphs and repaints (queued: many calls, one paint).
  void refresh();

  // Asks for an export size (pixels for PNG, points for SVG/PDF); empty when cancelled.
  static QSize askFigureSize(QWidget *parent, QSize initial);

  QCustomPlot *lossPlot() const { return m_loss; }
  QCustomPlot *validationPlot() const { return m_validation; }
  // Points drawn for a run, for tests: raw loss points, smoothed points, validation points (i→t).
  int lossPointCount(int id) const;
  int smoothedPointCount(int id) const;
  int validationPointCount(int id) const;

private:
  struct Graphs {
    QString label;
    QColor colour;
    QCPGraph *raw = nullptr, *smooth = nullptr, *imageToText = nullptr, *textToImage = nullptr;
    std::vector<double> rawLoss; // kept to re-smooth when the weight changes
    std::vector<double> iterations;
    std::vector<EpochEvent> epochs; // kept to redraw when the measure changes
  };
  void fillSmooth(Graphs &g);
  void fillValidation(Graphs &g);

  QCustomPlot *m_loss;
  QCustomPlot *m_validation;
  QHash<int, Graphs> m_runs;
  double m_smoothing = 0.9;
  RecallMeasure m_measure = RecallMeasure::R10;
};

}  // namespace gs
