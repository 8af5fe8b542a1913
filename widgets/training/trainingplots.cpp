#include "training/trainingplots.h"

#include "common/canvaspalette.h"

#include <qcustomplot.h>

#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace gs {

namespace {
constexpr int kRawAlpha = 60;      // raw minibatch losses: faint, so the smoothed line reads on top
constexpr double kSmoothWidth = 2; // pixels

void setUpPlot(QCustomPlot *plot, const QString &xLabel, const QString &yLabel) {
  plot->xAxis->setLabel(xLabel);
  plot->yAxis->setLabel(yLabel);
  plot->legend->setVisible(true);
  plot->legend->setFont(QFont(plot->font().family(), 8));
  plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
  plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot->setMinimumHeight(120);
  plot->setNoAntialiasingOnDrag(true);
  followPalette(plot); // readable on a dark palette too
}

QVector<double> toVector(const std::vector<double> &v) { return QVector<double>(v.begin(), v.end()); }
} // namespace

TrainingPlots::TrainingPlots(QWidget *parent)
    : QWidget(parent), m_loss(new QCustomPlot(this)), m_validation(new QCustomPlot(this)) {
  setUpPlot(m_loss, tr("Minibatch"), tr("Loss"));
  setUpPlot(m_validation, tr("Epoch"), tr("Validation R@10 (%)"));
  m_loss->setObjectName(QStringLiteral("lossPlot"));
  m_validation->setObjectName(QStringLiteral("validationPlot"));
  // Epochs are whole numbers: ticks only there.
  QSharedPointer<QCPAxisTickerFixed> epochTicks(new QCPAxisTickerFixed);
  epochTicks->setTickStep(1);
  epochTicks->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
  m_validation->xAxis->setTicker(epochTicks);
  // Recall climbs towards the top: its legend goes below.
  m_validation->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);

  auto *splitter = new QSplitter(Qt::Vertical, this);
  splitter->addWidget(m_loss);
  splitter->addWidget(m_validation);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(splitter);
}

void TrainingPlots::setRun(int id, const QString &label, const QColor &colour, const RunCurves &curves) {
  auto it = m_runs.find(id);
  if (it == m_runs.end()) {
    Graphs g;
    g.raw = m_loss->addGraph();
    QColor faint = colour;
    faint.setAlpha(kRawAlpha);
    g.raw->setPen(QPen(faint));
    g.raw->removeFromLegend();
    g.smooth = m_loss->addGraph();
    g.smooth->setPen(QPen(colour, kSmoothWidth));
    g.imageToText = m_validation->addGraph();
    g.imageToText->setPen(QPen(colour, kSmoothWidth));
    g.imageToText->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    g.textToImage = m_validation->addGraph();
    g.textToImage->setPen(QPen(colour, kSmoothWidth, Qt::DashLine));
    g.textToImage->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, 5));
    it = m_runs.insert(id, g);
  }
  Graphs &g = *it;
  g.label = label;
  g.colour = colour;
  g.smooth->setName(label);
  g.rawLoss.clear();
  g.iterations.clear();
  g.rawLoss.reserve(curves.batches().size());
  g.iterations.reserve(curves.batches().size());
  for (const BatchEvent &p : curves.batches()) {
    g.iterations.push_back(double(p.iteration));
    g.rawLoss.push_back(p.loss);
  }
  g.raw->setData(toVector(g.iterations), toVector(g.rawLoss), true);
  fillSmooth(g);
  g.epochs = curves.epochs();
  fillValidation(g);
}

void TrainingPlots::fillSmooth(Graphs &g) {
  g.smooth->setData(toVector(g.iterations), toVector(exponentialSmoothing(g.rawLoss, m_smoothing)), true);
}

void TrainingPlots::fillValidation(Graphs &g) {
  QVector<double> x, a, b;
  for (const EpochEvent &e : g.epochs) {
    x << e.epoch;
    a << RunCurves::measure(e.validation, m_measure, true);
    b << RunCurves::measure(e.validation, m_measure, false);
  }
  g.imageToText->setData(x, a, true);
  if (m_measure == RecallMeasure::Rsum) {
    // rsum already sums both directions: one line.
    g.imageToText->setName(g.label);
    g.textToImage->data()->clear();
    g.textToImage->removeFromLegend();
  } else {
    g.imageToText->setName(tr("%1 image→text").arg(g.label));
    g.textToImage->setName(tr("%1 text→image").arg(g.label));
    g.textToImage->setData(x, b, true);
    if (g.textToImage->visible()) g.textToImage->addToLegend();
  }
}

void TrainingPlots::setRunVisible(int id, bool visible) {
  auto it = m_runs.find(id);
  if (it == m_runs.end()) return;
  for (QCPGraph *graph : {it->raw, it->smooth, it->imageToText, it->textToImage}) {
    graph->setVisible(visible);
    if (visible && graph != it->raw && !(graph == it->textToImage && m_measure == RecallMeasure::Rsum))
      graph->addToLegend();
    else
      graph->removeFromLegend();
  }
}

void TrainingPlots::removeRun(int id) {
  auto it = m_runs.find(id);
  if (it == m_runs.end()) return;
  m_loss->removeGraph(it->raw);
  m_loss->removeGraph(it->smooth);
  m_validation->removeGraph(it->imageToText);
  m_validation->removeGraph(it->textToImage);
  m_runs.erase(it);
}

void TrainingPlots::setLogScale(bool logarithmic) {
  m_loss->yAxis->setScaleType(logarithmic ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  if (logarithmic)
    m_loss->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
  else
    m_loss->yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
  m_loss->rescaleAxes(true);
  m_loss->replot();
}

bool TrainingPlots::logScale() const { return m_loss->yAxis->scaleType() == QCPAxis::stLogarithmic; }

void TrainingPlots::setSmoothing(double weight) {
  m_smoothing = std::clamp(weight, 0.0, 0.999);
  for (Graphs &g : m_runs) fillSmooth(g);
}

void TrainingPlots::setMeasure(RecallMeasure measure) {
  m_measure = measure;
  const QString name = measure == RecallMeasure::R1    ? tr("Validation R@1 (%)")
                       : measure == RecallMeasure::R5  ? tr("Validation R@5 (%)")
                       : measure == RecallMeasure::R10 ? tr("Validation R@10 (%)")
                                                       : tr("Validation rsum");
  m_validation->yAxis->setLabel(name);
  for (Graphs &g : m_runs) fillValidation(g);
}

void TrainingPlots::refresh() {
  // Ranges over the visible graphs only, so a hidden run does not squash the others.
  const auto visibleRange = [](QCustomPlot *plot, QCPRange *x, QCPRange *y) {
    bool any = false;
    for (int i = 0; i < plot->graphCount(); ++i) {
      QCPGraph *graph = plot->graph(i);
      if (!graph->visible() || graph->dataCount() == 0) continue;
      bool found = false;
      const QCPRange gx = graph->getKeyRange(found);
      const QCPRange gy = graph->getValueRange(found);
      *x = any ? QCPRange(std::min(x->lower, gx.lower), std::max(x->upper, gx.upper)) : gx;
      *y = any ? QCPRange(std::min(y->lower, gy.lower), std::max(y->upper, gy.upper)) : gy;
      any = true;
    }
    return any;
  };
  QCPRange x, y;
  if (visibleRange(m_loss, &x, &y)) {
    const double pad = std::max(y.size() * 0.05, 1e-3);
    m_loss->xAxis->setRange(x.lower, std::max(x.upper, x.lower + 1));
    m_loss->yAxis->setRange(y.lower - pad, y.upper + pad);
  } else {
    m_loss->xAxis->setRange(0, 1);
    m_loss->yAxis->setRange(0, 1);
  }
  // Recall from 0: how far from perfect is the point; the top follows the data (R@K ≤ 100, rsum ≤ 600).
  const double ceiling = m_measure == RecallMeasure::Rsum ? 600 : 100;
  if (visibleRange(m_validation, &x, &y)) {
    m_validation->xAxis->setRange(x.lower - 0.5, x.upper + 0.5);
    m_validation->yAxis->setRange(0, std::min(ceiling, y.upper) * 1.05 + 1e-9);
  } else {
    m_validation->xAxis->setRange(0.5, 1.5);
    m_validation->yAxis->setRange(0, ceiling);
  }
  m_loss->replot(QCustomPlot::rpQueuedReplot);
  m_validation->replot(QCustomPlot::rpQueuedReplot);
}

QSize TrainingPlots::askFigureSize(QWidget *parent, QSize initial) {
  QDialog dialog(parent);
  dialog.setWindowTitle(tr("Figure size"));
  auto *form = new QFormLayout(&dialog);
  auto *width = new QSpinBox(&dialog);
  auto *height = new QSpinBox(&dialog);
  for (QSpinBox *spin : {width, height}) spin->setRange(50, 10000);
  width->setValue(initial.width());
  height->setValue(initial.height());
  form->addRow(tr("Width (px for PNG, pt for SVG/PDF)"), width);
  form->addRow(tr("Height"), height);
  auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
  connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  form->addRow(buttons);
  if (dialog.exec() != QDialog::Accepted) return {};
  return {width->value(), height->value()};
}

int TrainingPlots::lossPointCount(int id) const {
  return m_runs.contains(id) ? m_runs.value(id).raw->dataCount() : 0;
}

int TrainingPlots::smoothedPointCount(int id) const {
  return m_runs.contains(id) ? m_runs.value(id).smooth->dataCount() : 0;
}

int TrainingPlots::validationPointCount(int id) const {
  return m_runs.contains(id) ? m_runs.value(id).imageToText->dataCount() : 0;
}

}  // namespace gs
