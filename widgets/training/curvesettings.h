#pragma once
// The bar over the Training dock's plots: what they show (the validation measure, the loss
// curve's smoothing and scale), "Open run…" to add a run folder to them, and the export of either
// plot as a figure (PNG, SVG or PDF, at a size the user chooses).

#include "training/trainingplots.h"

#include <QSize>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;

namespace gs {

struct FigureExportResult;

class CurveSettings : public QWidget {
  Q_OBJECT
public:
  CurveSettings(TrainingPlots &plots, QWidget *parent = nullptr);

  // Writes the plot as it is drawn now; the format follows the file's suffix.
  FigureExportResult exportPlot(TrainingPlots::Plot which, const QString &path, QSize size = {});

Q_SIGNALS:
  void openRunRequested(); // "Open run…": the dock asks for the folder
  void message(const QString &line); // for the dock's log

private:
  void chooseExport(TrainingPlots::Plot which);

  TrainingPlots &m_plots;
  QComboBox *m_measure;
  QDoubleSpinBox *m_smoothing;
  QCheckBox *m_logScale;
};

}  // namespace gs
