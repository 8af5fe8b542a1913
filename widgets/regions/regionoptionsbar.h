#pragma once
// The Regions dock's display options, in two rows: what is drawn (proposals, ground truth, learned
// boxes; overlaid or side by side), then how (top k regions per phrase, a score threshold, label
// size, opacity); the figure and data exports at the right end of each row. The options persist in
// QSettings group settingsGroup() and are read back when a dock is made.

#include "figures/regionfigurebuilder.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QPushButton;
class QSlider;
class QSpinBox;

namespace gs {

class RegionOptionsBar : public QWidget {
  Q_OBJECT
public:
  explicit RegionOptionsBar(QWidget *parent = nullptr);

  static QString settingsGroup(); // the Regions dock's QSettings group

  bool proposalsShown() const;
  bool truthShown() const;
  // How the phrases are drawn; learned boxes only where `learnedAllowed` (an HM-LSTM run is open).
  PhraseFigureOptions phraseOptions(bool learnedAllowed) const;
  FigureStyle style() const;
  // What only an HM-LSTM run draws or writes: its learned boxes and the correspondences.
  void setPhraseControlsEnabled(bool enabled);

Q_SIGNALS:
  void changed();      // an option changed (and was saved): the figure is drawn again
  void truthToggled(); // after changed(): the concepts' colours follow the truth's
  void exportFigureRequested();
  void exportDataRequested();

private:
  void createControls();
  void arrangeRows();
  void restore();
  void save();

  QCheckBox *m_showProposals, *m_showTruth, *m_showLearned;
  QComboBox *m_layout;
  QSpinBox *m_topK, *m_labelSize;
  QDoubleSpinBox *m_threshold;
  QSlider *m_opacity;
  QPushButton *m_exportFigure, *m_exportData;
};

}  // namespace gs
