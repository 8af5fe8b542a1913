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
#include <stdexcept>
#include <utility>

namespace gs {

namespace {
constexpr int kRawAlpha = 60;      // raw minibatch losses: faint, so the smoothed line reads on top
constexpr int kBandAlpha = 50;     // a group's band: the lines of other runs still show through it
constexpr double kSmoothWidth = 2; // pixels
constexpr double kPickRadius = 12; // pixels: a click this near a curve picks that curve's run
constexpr double kSmoothingUnit = 1; // iterations: runs logged at different rates smooth alike

void setUpPlot(QCustomPlot *plot, const QString &xLabel, const QString &yLabel) {
  plot->xAxis->setLabel(xLabel);
  plot->yAxis->setLabel(yLabel);
  plot->legend->setVisible(false); // shown once it has an entry (TrainingPlots::showLegends)
  plot->legend->setFont(QFont(plot->font().family(), 8));
  plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
  // A left drag picks epochs (pointPicked), so it does not pan; the wheel zooms around the pointer.
  plot->setInteractions(QCP::iRangeZoom);
  plot->setMinimumHeight(120);
  plot->setNoAntialiasingOnDrag(true);
  followPalette(plot); // readable on a dark palette too
}

// A mid grey reads on a light and on a dark palette; on a layer of its own above the curves.
QCPItemStraightLine *addCursor(QCustomPlot *plot) {
  plot->addLayer(QStringLiteral("cursor"), plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
  auto *line = new QCPItemStraightLine(plot);
  line->setLayer(QStringLiteral("cursor"));
  line->setPen(QPen(QColor(0x80, 0x80, 0x80), 1.5, Qt::DashLine));
  line->setSelectable(false);
  for (QCPItemPosition *point : {line->point1, line->point2}) {
    point->setAxisRect(plot->axisRect());
    point->setTypeY(QCPItemPosition::ptAxisRectRatio); // from the top of the plot to its bottom on any y scale
  }
  line->point1->setCoords(0, 0);
  line->point2->setCoords(0, 1);
  line->setVisible(false);
  return line;
}

void placeCursor(QCPItemStraightLine *line, double x) {
  line->setVisible(x > 0);
  if (x <= 0) return;
  line->point1->setCoords(x, 0);
  line->point2->setCoords(x, 1);
}

QVector<double> toVector(const std::vector<double> &v) { return QVector<double>(v.begin(), v.end()); }

// The smoothed loss by distance in iterations; a series the smoother refuses (x not ascending) is drawn raw.
std::vector<double> smoothLoss(const std::vector<double> &iterations, const std::vector<double> &loss, double weight) {
  try {
    return timeWeightedSmoothing(iterations, loss, weight, kSmoothingUnit);
  } catch (const std::invalid_argument &) {
    return loss;
  }
}
} // namespace

TrainingPlots::TrainingPlots(QWidget *parent)
    : QWidget(parent), m_loss(new QCustomPlot(this)), m_validation(new QCustomPlot(this)) {
  setUpPlot(m_loss, tr("Minibatch"), tr("Loss"));
  setUpPlot(m_validation, tr("Epoch"), tr("Validation R@10 (%)"));
  m_loss->setObjectName(QStringLiteral("lossPlot"));
  m_validation->setObjectName(QStringLiteral("validationPlot"));
  m_loss->setToolTip(tr("Click or drag to pick the epoch of a minibatch; the wheel zooms, a double click fits the curves"));
  m_validation->setToolTip(tr("Click or drag to pick an epoch; the wheel zooms, a double click fits the curves"));
  // Epochs are whole numbers: ticks only there.
  QSharedPointer<QCPAxisTickerFixed> epochTicks(new QCPAxisTickerFixed);
  epochTicks->setTickStep(1);
  epochTicks->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
  m_validation->xAxis->setTicker(epochTicks);
  // Recall climbs towards the top: its legend goes below.
  m_validation->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
  m_lossCursor = addCursor(m_loss);
  m_validationCursor = addCursor(m_validation);
  for (QCustomPlot *plot : {m_loss, m_validation}) {
    connect(plot, &QCustomPlot::mousePress, this, [this, plot](QMouseEvent *event) { onMouse(plot, event); });
    connect(plot, &QCustomPlot::mouseMove, this, [this, plot](QMouseEvent *event) { onMouse(plot, event); });
    connect(plot, &QCustomPlot::mouseDoubleClick, this, &TrainingPlots::refresh);
  }

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
    g.raw->removeFromLegend();
    g.smooth = m_loss->addGraph();
    g.imageToText = m_validation->addGraph();
    g.imageToText->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    g.textToImage = m_validation->addGraph();
    g.textToImage->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, 5));
    it = m_runs.insert(id, g);
  }
  Graphs &g = *it;
  g.label = label;
  g.colour = colour;
  style(g);
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
  applyVisibility(g);
  if (g.grouped)
    for (GroupGraphs &group : m_groups)
      if (std::find(group.group.runs.begin(), group.group.runs.end(), id) != group.group.runs.end()) fillGroup(group);
}

void TrainingPlots::style(Graphs &g) {
  QColor faint = g.colour;
  faint.setAlpha(kRawAlpha);
  g.raw->setPen(QPen(faint));
  g.smooth->setPen(QPen(g.colour, kSmoothWidth));
  g.imageToText->setPen(QPen(g.colour, kSmoothWidth));
  g.textToImage->setPen(QPen(g.colour, kSmoothWidth, Qt::DashLine));
}

void TrainingPlots::setRunColour(int id, const QColor &colour) {
  auto it = m_runs.find(id);
  if (it == m_runs.end()) return;
  it->colour = colour;
  style(*it);
}

QColor TrainingPlots::runColour(int id) const { return m_runs.contains(id) ? m_runs.value(id).smooth->pen().color() : QColor(); }

void TrainingPlots::fillSmooth(Graphs &g) {
  g.smoothed = smoothLoss(g.iterations, g.rawLoss, m_smoothing);
  g.smooth->setData(toVector(g.iterations), toVector(g.smoothed), true);
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
  } else {
    g.imageToText->setName(tr("%1 image→text").arg(g.label));
    g.textToImage->setName(tr("%1 text→image").arg(g.label));
    g.textToImage->setData(x, b, true);
  }
  applyVisibility(g);
}

// Drawn when the caller shows the run and no group draws it; in the legend when drawn (the raw
// loss never: its smoothed line stands for it; t→i not for rsum, which sums both directions).
void TrainingPlots::applyVisibility(Graphs &g) {
  const bool drawn = g.shown && !g.grouped;
  for (QCPGraph *graph : {g.raw, g.smooth, g.imageToText, g.textToImage}) {
    graph->setVisible(drawn);
    if (drawn && graph != g.raw && !(graph == g.textToImage && m_measure == RecallMeasure::Rsum))
      graph->addToLegend();
    else
      graph->removeFromLegend();
  }
  showLegends();
}

void TrainingPlots::setRunVisible(int id, bool visible) {
  auto it = m_runs.find(id);
  if (it == m_runs.end()) return;
  it->shown = visible;
  applyVisibility(*it);
}

void TrainingPlots::removeRun(int id) {
  auto it = m_runs.find(id);
  if (it == m_runs.end()) return;
  m_loss->removeGraph(it->raw);
  m_loss->removeGraph(it->smooth);
  m_validation->removeGraph(it->imageToText);
  m_validation->removeGraph(it->textToImage);
  m_runs.erase(it);
  for (GroupGraphs &group : m_groups) {
    auto &runs = group.group.runs;
    runs.erase(std::remove(runs.begin(), runs.end(), id), runs.end());
    fillGroup(group);
  }
  showLegends();
}

// --- seed groups ------------------------------------------------------------------------------

TrainingPlots::Band TrainingPlots::addBand(QCustomPlot *plot, const QColor &colour, Qt::PenStyle style) {
  Band band;
  band.lower = plot->addGraph();
  band.upper = plot->addGraph();
  band.mean = plot->addGraph();
  QColor fill = colour;
  fill.setAlpha(kBandAlpha);
  for (QCPGraph *edge : {band.lower, band.upper}) {
    edge->setPen(Qt::NoPen);
    edge->removeFromLegend();
  }
  band.upper->setBrush(fill);
  band.upper->setChannelFillGraph(band.lower);
  band.mean->setPen(QPen(colour, kSmoothWidth, style));
  return band;
}

void TrainingPlots::removeBand(QCustomPlot *plot, const Band &band) {
  for (QCPGraph *graph : {band.mean, band.upper, band.lower}) plot->removeGraph(graph);
}

void TrainingPlots::clearGroups() {
  for (const GroupGraphs &group : m_groups) {
    removeBand(m_loss, group.loss);
    removeBand(m_validation, group.imageToText);
    removeBand(m_validation, group.textToImage);
  }
  m_groups.clear();
  for (Graphs &g : m_runs)
    if (std::exchange(g.grouped, false)) applyVisibility(g);
}

void TrainingPlots::setGroups(const std::vector<Group> &groups) {
  clearGroups();
  for (const Group &requested : groups) {
    GroupGraphs group;
    group.group = requested;
    auto &runs = group.group.runs;
    runs.erase(std::remove_if(runs.begin(), runs.end(), [this](int id) { return !m_runs.contains(id); }), runs.end());
    if (runs.size() < 2) continue;
    group.loss = addBand(m_loss, requested.colour, Qt::SolidLine);
    group.imageToText = addBand(m_validation, requested.colour, Qt::SolidLine);
    group.textToImage = addBand(m_validation, requested.colour, Qt::DashLine);
    group.imageToText.mean->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    group.textToImage.mean->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, 5));
    for (int id : runs) {
      m_runs[id].grouped = true;
      applyVisibility(m_runs[id]);
    }
    fillGroup(group);
    m_groups.push_back(group);
  }
}

void TrainingPlots::setBandKind(BandKind kind) {
  m_band = kind;
  for (GroupGraphs &group : m_groups) fillGroup(group);
}

// The group's curves from its runs' own: the smoothed losses by iteration (the band then shows how
// the seeds differ, not the minibatch noise) and the chosen measure by epoch.
void TrainingPlots::fillGroup(GroupGraphs &group) {
  std::vector<Series> loss, imageToText, textToImage;
  for (int id : group.group.runs) {
    const auto it = m_runs.constFind(id);
    if (it == m_runs.constEnd()) continue;
    if (!it->iterations.empty()) loss.push_back({it->iterations, it->smoothed});
    Series a, b;
    for (const EpochEvent &e : it->epochs) {
      a.x.push_back(e.epoch);
      a.y.push_back(RunCurves::measure(e.validation, m_measure, true));
      b.y.push_back(RunCurves::measure(e.validation, m_measure, false));
    }
    b.x = a.x;
    if (!a.x.empty()) {
      imageToText.push_back(std::move(a));
      textToImage.push_back(std::move(b));
    }
  }
  const auto fill = [this](const Band &band, const std::vector<Series> &series) {
    const BandCurve curve = series.empty() ? BandCurve{} : bandOf(series, m_band);
    band.mean->setData(toVector(curve.x), toVector(curve.mean), true);
    band.lower->setData(toVector(curve.x), toVector(curve.lower), true);
    band.upper->setData(toVector(curve.x), toVector(curve.upper), true);
  };
  const QString &label = group.group.label;
  fill(group.loss, loss);
  group.loss.mean->setName(label);
  fill(group.imageToText, imageToText);
  if (m_measure == RecallMeasure::Rsum) {
    group.imageToText.mean->setName(label);
    fill(group.textToImage, {});
    group.textToImage.mean->removeFromLegend();
  } else {
    group.imageToText.mean->setName(tr("%1 image→text").arg(label));
    group.textToImage.mean->setName(tr("%1 text→image").arg(label));
    fill(group.textToImage, textToImage);
    group.textToImage.mean->addToLegend();
  }
}

// --- picking ----------------------------------------------------------------------------------

void TrainingPlots::onMouse(QCustomPlot *plot, QMouseEvent *event) {
  const bool left = event->type() == QEvent::MouseButtonPress ? event->button() == Qt::LeftButton
                                                               : bool(event->buttons() & Qt::LeftButton);
  if (!left || !plot->axisRect()->rect().contains(event->position().toPoint())) return;
  const double x = plot->xAxis->pixelToCoord(event->position().x());
  Q_EMIT pointPicked(plot == m_loss, runNear(plot, event->position()), x);
}

// The run whose drawn line (a run's smoothed loss or recall, or a group's mean) passes nearest the
// pixel, within kPickRadius.
int TrainingPlots::runNear(QCustomPlot *plot, const QPointF &pixel) const {
  int best = -1;
  double nearest = kPickRadius;
  const auto consider = [&](const QCPGraph *graph, int id) {
    if (!graph->visible() || graph->dataCount() == 0) return;
    const double distance = graph->selectTest(pixel, false);
    if (distance >= 0 && distance < nearest) {
      nearest = distance;
      best = id;
    }
  };
  for (auto it = m_runs.constBegin(); it != m_runs.constEnd(); ++it) {
    if (plot == m_loss) consider(it->smooth, it.key());
    else {
      consider(it->imageToText, it.key());
      consider(it->textToImage, it.key());
    }
  }
  for (const GroupGraphs &group : m_groups) {
    const int first = group.group.runs.empty() ? -1 : group.group.runs.front();
    if (plot == m_loss) consider(group.loss.mean, first);
    else {
      consider(group.imageToText.mean, first);
      consider(group.textToImage.mean, first);
    }
  }
  return best;
}

void TrainingPlots::setCursor(double epoch, double iteration) {
  placeCursor(m_validationCursor, epoch);
  placeCursor(m_lossCursor, iteration);
  m_loss->replot(QCustomPlot::rpQueuedReplot);
  m_validation->replot(QCustomPlot::rpQueuedReplot);
}

double TrainingPlots::cursorEpoch() const { return m_validationCursor->visible() ? m_validationCursor->point1->coords().x() : 0; }

double TrainingPlots::cursorIteration() const { return m_lossCursor->visible() ? m_lossCursor->point1->coords().x() : 0; }

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
  for (GroupGraphs &group : m_groups) fillGroup(group);
}

void TrainingPlots::setMeasure(RecallMeasure measure) {
  m_measure = measure;
  const QString name = measure == RecallMeasure::R1    ? tr("Validation R@1 (%)")
                       : measure == RecallMeasure::R5  ? tr("Validation R@5 (%)")
                       : measure == RecallMeasure::R10 ? tr("Validation R@10 (%)")
                                                       : tr("Validation rsum");
  m_validation->yAxis->setLabel(name);
  for (Graphs &g : m_runs) fillValidation(g);
  for (GroupGraphs &group : m_groups) fillGroup(group);
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
  showLegends();
  m_loss->replot(QCustomPlot::rpQueuedReplot);
  m_validation->replot(QCustomPlot::rpQueuedReplot);
}

// A legend without entries would draw an empty box over an empty plot.
void TrainingPlots::showLegends() {
  for (QCustomPlot *plot : {m_loss, m_validation}) plot->legend->setVisible(plot->legend->itemCount() > 0);
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
