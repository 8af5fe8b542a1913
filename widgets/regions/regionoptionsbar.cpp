#include "regions/regionoptionsbar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

namespace gs {

RegionOptionsBar::RegionOptionsBar(QWidget *parent) : QWidget(parent) {
  createControls();
  arrangeRows();
  restore(); // before the connections: reading them back is no change
  for (QCheckBox *box : {m_showProposals, m_showTruth, m_showLearned}) connect(box, &QCheckBox::toggled, this, &RegionOptionsBar::save);
  connect(m_layout, &QComboBox::currentIndexChanged, this, &RegionOptionsBar::save);
  connect(m_topK, &QSpinBox::valueChanged, this, &RegionOptionsBar::save);
  connect(m_threshold, &QDoubleSpinBox::valueChanged, this, &RegionOptionsBar::save);
  connect(m_labelSize, &QSpinBox::valueChanged, this, &RegionOptionsBar::save);
  connect(m_opacity, &QSlider::valueChanged, this, &RegionOptionsBar::save);
  connect(m_showTruth, &QCheckBox::toggled, this, &RegionOptionsBar::truthToggled);
  connect(m_exportFigure, &QPushButton::clicked, this, &RegionOptionsBar::exportFigureRequested);
  connect(m_exportData, &QPushButton::clicked, this, &RegionOptionsBar::exportDataRequested);
}

QString RegionOptionsBar::settingsGroup() { return QStringLiteral("regions"); }

void RegionOptionsBar::createControls() {
  m_showProposals = new QCheckBox(tr("Proposals"), this);
  m_showProposals->setObjectName(QStringLiteral("proposalsCheck"));
  m_showProposals->setToolTip(tr("The image's selective-search boxes (numbered), as the features job stores them."));
  m_showTruth = new QCheckBox(tr("Ground truth"), this);
  m_showTruth->setObjectName(QStringLiteral("truthCheck"));
  m_showTruth->setToolTip(tr("Each noun phrase's box where the dataset has one (dashed)."));
  m_showLearned = new QCheckBox(tr("Learned"), this);
  m_showLearned->setObjectName(QStringLiteral("learnedCheck"));
  m_showLearned->setToolTip(tr("The region the run chose for each noun phrase, with its score s(v, h)."));
  m_layout = new QComboBox(this);
  m_layout->setObjectName(QStringLiteral("layoutCombo"));
  m_layout->addItems({tr("Overlay"), tr("Side by side")});
  m_layout->setToolTip(tr("Learned and ground-truth boxes on one photo, or on two photos side by side."));
  m_topK = new QSpinBox(this);
  m_topK->setObjectName(QStringLiteral("topKSpin"));
  m_topK->setRange(1, 10);
  m_topK->setPrefix(tr("top "));
  m_topK->setToolTip(tr("Regions drawn per phrase."));
  m_threshold = new QDoubleSpinBox(this);
  m_threshold->setObjectName(QStringLiteral("thresholdSpin"));
  m_threshold->setRange(-1.0, 1.0);
  m_threshold->setSingleStep(0.05);
  m_threshold->setDecimals(2);
  m_threshold->setPrefix(tr("score ≥ "));
  m_threshold->setToolTip(tr("Learned regions scoring below this are not drawn."));
  m_labelSize = new QSpinBox(this);
  m_labelSize->setObjectName(QStringLiteral("labelSpin"));
  m_labelSize->setRange(6, 40);
  m_labelSize->setSuffix(tr(" px"));
  m_labelSize->setToolTip(tr("Label size."));
  m_opacity = new QSlider(Qt::Horizontal, this);
  m_opacity->setObjectName(QStringLiteral("opacitySlider"));
  m_opacity->setRange(10, 100);
  m_opacity->setToolTip(tr("Opacity of the boxes."));
  m_exportFigure = new QPushButton(tr("Export figure…"), this);
  m_exportData = new QPushButton(tr("Export data…"), this);
}

// Two rows: what is drawn, then how; the exports at the right end of each.
void RegionOptionsBar::arrangeRows() {
  auto *what = new QHBoxLayout;
  for (QWidget *w : std::initializer_list<QWidget *>{m_showProposals, m_showTruth, m_showLearned, m_layout}) what->addWidget(w);
  what->addStretch(1);
  what->addWidget(m_exportFigure);
  auto *how = new QHBoxLayout;
  for (QWidget *w : std::initializer_list<QWidget *>{m_topK, m_threshold, m_labelSize}) how->addWidget(w);
  how->addWidget(new QLabel(tr("Opacity"), this));
  m_opacity->setMaximumWidth(160);
  how->addWidget(m_opacity);
  how->addStretch(1);
  how->addWidget(m_exportData);
  auto *rows = new QVBoxLayout(this);
  rows->setContentsMargins(0, 0, 0, 0);
  rows->addLayout(what);
  rows->addLayout(how);
}

void RegionOptionsBar::restore() {
  QSettings settings;
  settings.beginGroup(settingsGroup());
  m_showProposals->setChecked(settings.value(QStringLiteral("proposals"), false).toBool());
  m_showTruth->setChecked(settings.value(QStringLiteral("truth"), true).toBool());
  m_showLearned->setChecked(settings.value(QStringLiteral("learned"), true).toBool());
  m_layout->setCurrentIndex(settings.value(QStringLiteral("side_by_side"), false).toBool() ? 1 : 0);
  m_topK->setValue(settings.value(QStringLiteral("top_k"), 1).toInt());
  m_threshold->setValue(settings.value(QStringLiteral("score_threshold"), -1.0).toDouble());
  m_labelSize->setValue(settings.value(QStringLiteral("label_pixels"), 11).toInt());
  m_opacity->setValue(settings.value(QStringLiteral("opacity"), 100).toInt());
}

// Every change is saved, then drawn.
void RegionOptionsBar::save() {
  QSettings settings;
  settings.beginGroup(settingsGroup());
  settings.setValue(QStringLiteral("proposals"), m_showProposals->isChecked());
  settings.setValue(QStringLiteral("truth"), m_showTruth->isChecked());
  settings.setValue(QStringLiteral("learned"), m_showLearned->isChecked());
  settings.setValue(QStringLiteral("side_by_side"), m_layout->currentIndex() == 1);
  settings.setValue(QStringLiteral("top_k"), m_topK->value());
  settings.setValue(QStringLiteral("score_threshold"), m_threshold->value());
  settings.setValue(QStringLiteral("label_pixels"), m_labelSize->value());
  settings.setValue(QStringLiteral("opacity"), m_opacity->value());
  Q_EMIT changed();
}

bool RegionOptionsBar::proposalsShown() const { return m_showProposals->isChecked(); }

bool RegionOptionsBar::truthShown() const { return m_showTruth->isChecked(); }

PhraseFigureOptions RegionOptionsBar::phraseOptions(bool learnedAllowed) const {
  PhraseFigureOptions options;
  options.learned = m_showLearned->isChecked() && learnedAllowed;
  options.truth = m_showTruth->isChecked();
  options.sideBySide = m_layout->currentIndex() == 1;
  options.topK = m_topK->value();
  // The threshold at its minimum draws every region.
  options.scoreThreshold = m_threshold->value() <= m_threshold->minimum() ? -std::numeric_limits<double>::infinity() : m_threshold->value();
  return options;
}

FigureStyle RegionOptionsBar::style() const {
  FigureStyle style;
  style.labelPixels = m_labelSize->value();
  style.opacity = m_opacity->value() / 100.0;
  return style;
}

void RegionOptionsBar::setPhraseControlsEnabled(bool enabled) {
  for (QWidget *w : std::initializer_list<QWidget *>{m_exportData, m_showLearned, m_topK, m_threshold}) w->setEnabled(enabled);
}

}  // namespace gs
