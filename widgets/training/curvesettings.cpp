#include "training/curvesettings.h"

#include "common/viewexport.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QToolButton>

namespace gs {

CurveSettings::CurveSettings(TrainingPlots &plots, QWidget *parent) : QWidget(parent), m_plots(plots) {
  auto *view = new QHBoxLayout(this);
  view->setContentsMargins(0, 0, 0, 0);
  view->addWidget(new QLabel(tr("Validation"), this));
  m_measure = new QComboBox(this);
  m_measure->addItem(tr("R@1"), int(RecallMeasure::R1));
  m_measure->addItem(tr("R@5"), int(RecallMeasure::R5));
  m_measure->addItem(tr("R@10"), int(RecallMeasure::R10));
  m_measure->addItem(tr("rsum"), int(RecallMeasure::Rsum));
  m_measure->setCurrentIndex(2);
  view->addWidget(m_measure);
  view->addWidget(new QLabel(tr("Smoothing"), this));
  m_smoothing = new QDoubleSpinBox(this);
  m_smoothing->setRange(0, 0.99);
  m_smoothing->setSingleStep(0.05);
  m_smoothing->setValue(0.9);
  m_smoothing->setToolTip(tr("Weight of the loss curve's moving average per minibatch, whatever rate a run logged at (0: raw)"));
  view->addWidget(m_smoothing);
  m_logScale = new QCheckBox(tr("Log scale"), this);
  m_logScale->setObjectName(QStringLiteral("logScaleBox"));
  m_logScale->setToolTip(tr("Show the loss on a logarithmic axis"));
  view->addWidget(m_logScale);
  view->addStretch();
  auto *openRun = new QPushButton(tr("Open run…"), this);
  connect(openRun, &QPushButton::clicked, this, &CurveSettings::openRunRequested);
  view->addWidget(openRun);
  auto *exportButton = new QToolButton(this);
  exportButton->setText(tr("Export"));
  exportButton->setPopupMode(QToolButton::InstantPopup);
  auto *exportMenu = new QMenu(exportButton);
  exportMenu->addAction(tr("Loss plot…"), this, [this] { chooseExport(TrainingPlots::Plot::Loss); });
  exportMenu->addAction(tr("Validation plot…"), this, [this] { chooseExport(TrainingPlots::Plot::Validation); });
  exportButton->setMenu(exportMenu);
  view->addWidget(exportButton);

  connect(m_measure, &QComboBox::currentIndexChanged, this, [this] {
    m_plots.setMeasure(RecallMeasure(m_measure->currentData().toInt()));
    m_plots.refresh();
  });
  connect(m_smoothing, &QDoubleSpinBox::valueChanged, this, [this](double w) {
    m_plots.setSmoothing(w);
    m_plots.refresh();
  });
  connect(m_logScale, &QCheckBox::toggled, this, [this](bool on) { m_plots.setLogScale(on); });
}

FigureExportResult CurveSettings::exportPlot(TrainingPlots::Plot which, const QString &path, QSize size) {
  QCustomPlot *plot = m_plots.plot(which);
  plot->replot(QCustomPlot::rpImmediateRefresh); // the file shows what the data is now
  return exportFigure(*plot, path, size);
}

void CurveSettings::chooseExport(TrainingPlots::Plot which) {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export plot"), {}, figureFileFilter());
  if (path.isEmpty()) return;
  const QSize size = TrainingPlots::askFigureSize(this, m_plots.plot(which)->size().expandedTo(QSize(800, 500)));
  if (size.isEmpty()) return;
  const FigureExportResult result = exportPlot(which, path, size);
  Q_EMIT message(result.ok ? tr("Exported %1").arg(QDir::toNativeSeparators(path)) : result.error);
}

}  // namespace gs
