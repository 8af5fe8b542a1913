#include "common/canvaspalette.h"

#include <QEvent>

#include <qcustomplot.h>

namespace gs {

namespace {

void style(QCustomPlot *plot) {
  const CanvasColours c = CanvasColours::of(plot->palette());
  plot->setBackground(c.background);
  for (QCPAxisRect *rect : plot->axisRects()) {
    rect->setBackground(c.background);
    for (QCPAxis *axis : rect->axes()) {
      axis->setBasePen(QPen(c.line));
      axis->setTickPen(QPen(c.line));
      axis->setSubTickPen(QPen(c.line));
      axis->setTickLabelColor(c.text);
      axis->setLabelColor(c.text);
      axis->grid()->setPen(QPen(c.grid, 0, Qt::DotLine));
      axis->grid()->setZeroLinePen(QPen(c.grid));
    }
  }
  if (plot->legend) {
    plot->legend->setBrush(c.background);
    plot->legend->setBorderPen(QPen(c.line));
    plot->legend->setTextColor(c.text);
  }
  for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
    if (auto *title = qobject_cast<QCPTextElement *>(plot->plotLayout()->elementAt(i))) title->setTextColor(c.text);
}

// Re-styles its plot when the palette changes.
class PaletteFollower : public QObject {
public:
  explicit PaletteFollower(QCustomPlot *plot) : QObject(plot), m_plot(plot) {}
  bool eventFilter(QObject *watched, QEvent *event) override {
    if (watched == m_plot && (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)) {
      style(m_plot);
      m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
    return false;
  }

private:
  QCustomPlot *m_plot;
};

}  // namespace

QColor blend(const QColor &a, const QColor &b, double t) {
  return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
                          float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

CanvasColours CanvasColours::of(const QPalette &palette) {
  CanvasColours c;
  c.background = palette.color(QPalette::Base);
  c.text = palette.color(QPalette::Text);
  c.dark = c.background.lightnessF() < 0.5;
  c.line = blend(c.background, c.text, 0.75);
  c.grid = blend(c.background, c.text, 0.25);
  c.faint = blend(c.background, c.text, 0.08);
  return c;
}

void followPalette(QCustomPlot *plot) {
  style(plot);
  plot->installEventFilter(new PaletteFollower(plot));
}

QPalette darkPalette() {
  QPalette p;
  const QColor window(45, 45, 48), base(30, 30, 32), text(228, 228, 228), disabled(130, 130, 130), highlight(42, 130, 218);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, base);
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::PlaceholderText, disabled);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, window);
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, Qt::red);
  p.setColor(QPalette::Link, highlight.lighter(130));
  p.setColor(QPalette::Highlight, highlight);
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Light, window.lighter(150));
  p.setColor(QPalette::Midlight, window.lighter(125));
  p.setColor(QPalette::Mid, window.lighter(110));
  p.setColor(QPalette::Dark, window.darker(150));
  p.setColor(QPalette::Shadow, Qt::black);
  for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
    p.setColor(QPalette::Disabled, role, disabled);
  return p;
}

}  // namespace gs
