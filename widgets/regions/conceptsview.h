#pragma once
// A concepts run's reading of the shown image beside the figure: its top concepts as bars
// (ConceptBars), the first few in the colours of their boxes in the figure, and the gate t of the
// fused representation (Huang et al. Eq. 2: its mean, and a GateHistogram over its dimensions).
// Pointing at a bar lights up its box: the concept pointed at (here or in the figure) is kept here.
// Hidden without a concepts run.

#include "inference/conceptinspection.h"

#include <QGroupBox>

#include <optional>

class QLabel;

namespace gs {

class ConceptBars;
class GateHistogram;

class ConceptsView : public QGroupBox {
  Q_OBJECT
public:
  explicit ConceptsView(QWidget *parent = nullptr);

  // Shows `inspection` (none: hidden); the boxes' colours start at `colourOffset` of the palette.
  void setInspection(const std::optional<ConceptInspection> &inspection, int colourOffset);

  int highlighted() const { return m_highlighted; } // the concept pointed at, -1 none
  bool highlight(int index);                        // false when it already is

Q_SIGNALS:
  void barHovered(int index); // -1 when the pointer leaves the bars

private:
  void showGate(const ConceptInspection &inspection);

  ConceptBars *m_bars;
  QLabel *m_gateLabel;
  GateHistogram *m_gate;
  int m_highlighted = -1;
};

}  // namespace gs
