#include "regions/conceptsview.h"

#include "figures/regionfigure.h"
#include "regions/conceptbars.h"
#include "regions/gatehistogram.h"
#include "regions/regionscene.h"

#include <QLabel>
#include <QVBoxLayout>

namespace gs {

ConceptsView::ConceptsView(QWidget *parent) : QGroupBox(tr("Concepts"), parent) {
  auto *layout = new QVBoxLayout(this);
  m_bars = new ConceptBars(this);
  layout->addWidget(m_bars);
  m_gateLabel = new QLabel(this);
  m_gateLabel->setWordWrap(true);
  layout->addWidget(m_gateLabel);
  m_gate = new GateHistogram(this);
  layout->addWidget(m_gate);
  connect(m_bars, &ConceptBars::barHovered, this, &ConceptsView::barHovered);
}

void ConceptsView::setInspection(const std::optional<ConceptInspection> &inspection, int colourOffset) {
  setVisible(inspection.has_value());
  if (!inspection) return;
  std::vector<ConceptBars::Bar> bars;
  for (std::size_t k = 0; k < inspection->concepts.size(); ++k) {
    const ScoredConcept &c = inspection->concepts[k];
    const bool boxed = int(k) < RegionScene::kConceptBoxes;
    bars.push_back({c.name, c.score, boxed ? figureColour(colourOffset + int(k)) : QColor(Qt::gray),
                    tr("%1: p = %2, maximum in region %3 (%4)").arg(c.name).arg(c.score, 0, 'f', 3).arg(c.region).arg(boxText(c.box))});
  }
  m_bars->setBars(std::move(bars));
  showGate(*inspection);
}

void ConceptsView::showGate(const ConceptInspection &inspection) {
  if (inspection.gated) {
    m_gateLabel->setText(tr("Gate t (Eq. 2): mean %1 over its %2 dimensions — 1 leans on the concepts, 0 on the global context.")
                             .arg(inspection.meanGate, 0, 'f', 3)
                             .arg(inspection.gate.size()));
    m_gate->setGate(inspection.gate);
  } else {
    m_gateLabel->setText(tr("This run's image side has no gate (it does not fuse concepts and context with Eq. 2)."));
    m_gate->setGate({});
  }
  m_gate->setVisible(inspection.gated);
}

bool ConceptsView::highlight(int index) {
  if (index == m_highlighted) return false;
  m_highlighted = index;
  return true;
}

}  // namespace gs
