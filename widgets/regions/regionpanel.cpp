#include "regions/regionpanel.h"

#include "regions/conceptbars.h"
#include "engine/jobcontext.h"
#include "regions/gatehistogram.h"
#include "figures/regionfigurebuilder.h"
#include "training/inspect/goldgrounding.h"
#include "training/runs/correspondencefile.h"
#include "training/inspect/trainedmodel.h"
#include "training/runs/runfolder.h"
#include "vision/imageregions.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace gs {

namespace {

constexpr int kRegionsListed = 5;   // a phrase's top regions (the top-5)
constexpr int kPhrasesListed = 15;  // phrases ranked for a region
constexpr int kConceptBars = 10;    // concepts as bars
constexpr int kConceptBoxes = 5;    // of which drawn as boxes
const QString kGroup = QStringLiteral("regions");

QString boxText(const Box &b) {
  return QStringLiteral("%1,%2 %3×%4").arg(b.x, 0, 'f', 0).arg(b.y, 0, 'f', 0).arg(b.width, 0, 'f', 0).arg(b.height, 0, 'f', 0);
}

QIcon swatch(const QColor &colour) {
  QPixmap pixmap(14, 14);
  pixmap.fill(Qt::transparent);
  QPainter painter(&pixmap);
  painter.setPen(colour.darker(130));
  painter.setBrush(colour);
  painter.drawRect(1, 1, 11, 11);
  return QIcon(pixmap);
}

// The dataset's own phrase boxes of a caption, as phrases without regions (no run needed).
std::vector<GroundedPhrase> truthPhrases(const Dataset &dataset, int caption) {
  std::vector<GroundedPhrase> out;
  const CaptionRecord &record = dataset.captions[std::size_t(caption)];
  for (const PhraseRegion &phrase : record.phrases) {
    if (phrase.boxes.empty()) continue;
    GroundedPhrase g;
    g.imageId = dataset.images[std::size_t(record.image)].id;
    g.caption = record.raw;
    g.begin = phrase.begin;
    g.end = phrase.end;
    g.text = record.tokens.mid(phrase.begin, phrase.end - phrase.begin).join(QLatin1Char(' '));
    g.hasTruth = true;
    g.truth = enclosingBox(phrase.boxes);
    out.push_back(std::move(g));
  }
  return out;
}

}  // namespace

struct RegionPanel::RunOutcome {
  RunKind kind = RunKind::None;
  QString model, error;
  std::shared_ptr<const RegionGrounder> grounder;
  std::shared_ptr<const ConceptInspector> inspector;
};

struct RegionPanel::ImageOutcome {
  RegionFigure base;
  std::vector<Box> proposals;
  std::vector<ImageRegion> regionInfo;
  std::vector<GroundedPhrase> phrases;
  std::optional<ConceptInspection> concepts;
  QString error;
};

RegionPanel::RegionPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QWidget(parent), m_bridge(bridge), m_state(state), m_runJob(bridge, this), m_imageJob(bridge, this), m_rankJob(bridge, this),
      m_attributionJob(bridge, this), m_goldJob(bridge, this) {
  setObjectName(QStringLiteral("regionPanel"));
  buildUi();
  restoreOptions();
  connect(&m_state, &WorkbenchState::runChanged, this, &RegionPanel::onRunChanged);
  connect(&m_state, &WorkbenchState::imageSelected, this, &RegionPanel::onImageSelected);
  connect(&m_state, &WorkbenchState::captionSelected, this, &RegionPanel::onCaptionSelected);
  connect(&m_state, &WorkbenchState::phraseSelected, this, &RegionPanel::onPhraseSelected);
  connect(&m_state, &WorkbenchState::datasetChanged, this, [this] {
    m_image = -1;
    m_imageId.clear();
    m_caption.clear();
    m_phrases.clear();
    m_concepts.reset();
    m_base = RegionFigure{};
    rebuildFigure();
    fillPhraseList();
    updateNote();
  });
  onRunChanged();
  updateNote();
}

void RegionPanel::buildUi() {
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  createOptionControls();
  layout->addLayout(arrangeOptionRows());
  layout->addLayout(createAttributionRow());

  m_note = new QLabel(this);
  m_note->setWordWrap(true);
  m_note->setObjectName(QStringLiteral("regionNote"));
  layout->addWidget(m_note);

  auto *split = new QSplitter(Qt::Horizontal, this);
  m_view = new RegionImageView(split);
  m_view->setToolTipProvider([this](const FigureBox &box) { return toolTipOf(box); });
  split->addWidget(m_view);
  split->addWidget(createSidePane(split));
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  layout->addWidget(split, 1);

  connectOptions();
  connectPicking();
}

// Display options: what is drawn, how, and the exports.
void RegionPanel::createOptionControls() {
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
QLayout *RegionPanel::arrangeOptionRows() {
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
  auto *options = new QVBoxLayout;
  options->addLayout(what);
  options->addLayout(how);
  return options;
}

// Beside the figure: the noun phrases, the ranked regions or phrases, and the concepts.
QWidget *RegionPanel::createSidePane(QWidget *parent) {
  auto *side = new QWidget(parent);
  auto *sideLayout = new QVBoxLayout(side);
  sideLayout->setContentsMargins(0, 0, 0, 0);
  sideLayout->addLayout(createPhraseHeading(side));
  m_phraseList = new QListWidget(side);
  m_phraseList->setAccessibleName(tr("Noun phrases and their regions"));
  m_phraseList->setObjectName(QStringLiteral("phraseList"));
  sideLayout->addWidget(m_phraseList, 2);
  sideLayout->addWidget(createGoldLabel(side));
  m_rankedHeading = new QLabel(side);
  m_rankedHeading->setWordWrap(true);
  sideLayout->addWidget(m_rankedHeading);
  m_allPhrases = new QCheckBox(tr("Rank all test phrases for a region"), side);
  m_allPhrases->setObjectName(QStringLiteral("allPhrasesCheck"));
  sideLayout->addWidget(m_allPhrases);
  m_rankedList = new QListWidget(side);
  m_rankedList->setAccessibleName(tr("Ranked regions or phrases"));
  m_rankedList->setObjectName(QStringLiteral("rankedList"));
  sideLayout->addWidget(m_rankedList, 2);
  sideLayout->addWidget(createConceptsBox(side), 3);
  return side;
}

// A concepts run's top concepts as bars, and its gate t.
QWidget *RegionPanel::createConceptsBox(QWidget *parent) {
  m_conceptsBox = new QGroupBox(tr("Concepts"), parent);
  auto *conceptsLayout = new QVBoxLayout(m_conceptsBox);
  m_conceptBars = new ConceptBars(m_conceptsBox);
  conceptsLayout->addWidget(m_conceptBars);
  m_gateLabel = new QLabel(m_conceptsBox);
  m_gateLabel->setWordWrap(true);
  conceptsLayout->addWidget(m_gateLabel);
  m_gate = new GateHistogram(m_conceptsBox);
  conceptsLayout->addWidget(m_gate);
  return m_conceptsBox;
}

// A changed option is saved and the figure drawn again.
void RegionPanel::connectOptions() {
  const auto redraw = [this] {
    saveOptions();
    rebuildFigure();
  };
  for (QCheckBox *box : {m_showProposals, m_showTruth, m_showLearned}) connect(box, &QCheckBox::toggled, this, redraw);
  connect(m_showTruth, &QCheckBox::toggled, this, &RegionPanel::fillConcepts);
  connect(m_layout, &QComboBox::currentIndexChanged, this, redraw);
  connect(m_topK, &QSpinBox::valueChanged, this, redraw);
  connect(m_threshold, &QDoubleSpinBox::valueChanged, this, redraw);
  connect(m_labelSize, &QSpinBox::valueChanged, this, redraw);
  connect(m_opacity, &QSlider::valueChanged, this, redraw);
  connect(m_allPhrases, &QCheckBox::toggled, this, [this] {
    saveOptions();
    if (m_selectedRegion > 0) selectRegion(m_selectedRegion);
  });
  connect(m_exportFigure, &QPushButton::clicked, this, &RegionPanel::exportFigureClicked);
  connect(m_exportData, &QPushButton::clicked, this, &RegionPanel::exportDataClicked);
}

// Clicks and pointing on the figure, the lists and the concept bars.
void RegionPanel::connectPicking() {
  connect(m_view, &RegionImageView::boxClicked, this, &RegionPanel::onBoxClicked);
  connect(m_view, &RegionImageView::boxHovered, this, [this](int kind, int index) {
    if (kind == FigureBox::Concept || (kind < 0 && m_highlightedConcept >= 0)) highlightConcept(kind < 0 ? -1 : index);
  });
  connect(m_phraseList, &QListWidget::currentRowChanged, this, [this](int row) {
    if (row >= 0 && row != m_selectedPhrase) selectPhrase(row);
  });
  connect(m_rankedList, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
    const int region = item->data(Qt::UserRole).toInt();
    if (region > 0) selectRegion(region);
  });
  connect(m_conceptBars, &ConceptBars::barHovered, this, &RegionPanel::highlightConcept);
}

void RegionPanel::restoreOptions() {
  QSettings settings;
  settings.beginGroup(kGroup);
  const QList<QWidget *> all = {m_showProposals, m_showTruth, m_showLearned, m_layout, m_topK, m_threshold, m_labelSize, m_opacity, m_allPhrases};
  for (QWidget *w : all) w->blockSignals(true);
  m_showProposals->setChecked(settings.value(QStringLiteral("proposals"), false).toBool());
  m_showTruth->setChecked(settings.value(QStringLiteral("truth"), true).toBool());
  m_showLearned->setChecked(settings.value(QStringLiteral("learned"), true).toBool());
  m_layout->setCurrentIndex(settings.value(QStringLiteral("side_by_side"), false).toBool() ? 1 : 0);
  m_topK->setValue(settings.value(QStringLiteral("top_k"), 1).toInt());
  m_threshold->setValue(settings.value(QStringLiteral("score_threshold"), -1.0).toDouble());
  m_labelSize->setValue(settings.value(QStringLiteral("label_pixels"), 11).toInt());
  m_opacity->setValue(settings.value(QStringLiteral("opacity"), 100).toInt());
  m_allPhrases->setChecked(settings.value(QStringLiteral("all_test_phrases"), false).toBool());
  for (QWidget *w : all) w->blockSignals(false);
}

void RegionPanel::saveOptions() {
  QSettings settings;
  settings.beginGroup(kGroup);
  settings.setValue(QStringLiteral("proposals"), m_showProposals->isChecked());
  settings.setValue(QStringLiteral("truth"), m_showTruth->isChecked());
  settings.setValue(QStringLiteral("learned"), m_showLearned->isChecked());
  settings.setValue(QStringLiteral("side_by_side"), m_layout->currentIndex() == 1);
  settings.setValue(QStringLiteral("top_k"), m_topK->value());
  settings.setValue(QStringLiteral("score_threshold"), m_threshold->value());
  settings.setValue(QStringLiteral("label_pixels"), m_labelSize->value());
  settings.setValue(QStringLiteral("opacity"), m_opacity->value());
  settings.setValue(QStringLiteral("all_test_phrases"), m_allPhrases->isChecked());
}

void RegionPanel::onRunChanged() {
  const QString run = m_state.runDir();
  if (m_runSeen && run == m_run) return;
  m_runSeen = true;
  m_run = run;
  m_grounder.reset();
  m_inspector.reset();
  m_goldJob.cancel();
  m_gold.reset(); // scored against the previous run
  showGoldText({});
  m_kind = RunKind::None;
  m_runError.clear();
  m_runModel.clear();
  m_loadingRun = !run.isEmpty();
  updateNote();
  if (run.isEmpty()) {
    m_runJob.cancel(); // the previous run's model is no longer wanted
    scheduleRefresh();
    Q_EMIT runReady();
    return;
  }
  // Opening a run prepares its data (through the feature cache; the dataset the workbench holds
  // serves when it is the run's) and loads its model: seconds. The model is then used by the image
  // and ranking jobs on the same lane, never by two at once.
  m_runJob.start(
      tr("Open the run's regions model"),
      [run, dataset = m_state.dataset()](JobContext &job) {
        RunOutcome out;
        const TrainConfig config = RunFolder(run).config();
        out.model = config.modelName();
        if (config.needsRegions()) {
          out.kind = RunKind::Phrases;
          const TrainedModel model = TrainedModel::open(run);
          out.grounder = std::make_shared<const RegionGrounder>(model, model.prepareData(dataset.get(), &job));
        } else if (config.readsConcepts()) {
          out.kind = RunKind::Concepts;
          out.inspector = std::make_shared<const ConceptInspector>(run);
        } else {
          out.kind = RunKind::NoRegions;
        }
        return out;
      },
      [this](const RunOutcome &out) { onRunOpened(out); },
      [this](const JobOutcome &outcome) {
        RunOutcome out;
        out.error = BackgroundJob::failureText(outcome);
        onRunOpened(out);
      });
}

void RegionPanel::onRunOpened(const RunOutcome &out) {
  m_loadingRun = false;
  m_kind = out.kind;
  m_runModel = out.model;
  m_runError = out.error;
  m_grounder = out.grounder;
  m_inspector = out.inspector;
  updateNote();
  Q_EMIT runReady();
  refresh();
}

void RegionPanel::onImageSelected(int image) {
  const auto dataset = m_state.dataset();
  if (!dataset || image < 0 || image >= int(dataset->images.size())) return;
  m_image = image;
  // The selected caption when it describes this image, else the image's first.
  const int caption = m_state.selectedCaption();
  const ImageRecord &record = dataset->images[std::size_t(image)];
  if (caption >= 0 && caption < int(dataset->captions.size()) && dataset->captions[std::size_t(caption)].image == image)
    m_caption = dataset->captions[std::size_t(caption)].raw;
  else
    m_caption = record.captions.empty() ? QString() : dataset->captions[std::size_t(record.captions.front())].raw;
  scheduleRefresh();
}

void RegionPanel::onCaptionSelected(int caption) {
  const auto dataset = m_state.dataset();
  if (!dataset || caption < 0 || caption >= int(dataset->captions.size())) return;
  m_image = dataset->captions[std::size_t(caption)].image;
  m_caption = dataset->captions[std::size_t(caption)].raw;
  scheduleRefresh();
}

void RegionPanel::onPhraseSelected(const QString &caption, int begin, int end) {
  m_pendingPhrase = {caption, begin, end};
  if (caption != m_caption.trimmed() || m_working) return; // applied when this caption's phrases arrive
  for (int k = 0; k < int(m_phrases.size()); ++k)
    if (m_phrases[std::size_t(k)].begin == begin && m_phrases[std::size_t(k)].end == end) {
      if (k != m_selectedPhrase) selectPhrase(k);
      return;
    }
}

void RegionPanel::scheduleRefresh() {
  // An image and a caption selected together (selectCaption selects both) make one piece of work.
  if (m_refreshPending) return;
  m_refreshPending = true;
  QTimer::singleShot(0, this, [this] {
    m_refreshPending = false;
    refresh();
  });
}

void RegionPanel::refresh() {
  const auto dataset = m_state.dataset();
  if (!dataset || m_image < 0 || m_image >= int(dataset->images.size()) || m_loadingRun) {
    updateNote();
    return;
  }
  const ImageRecord &record = dataset->images[std::size_t(m_image)];
  // What the note says about contributions (an error, "computing…") is about the image and caption
  // it was asked for: another selection drops it, and the job still computing for the old one.
  if (record.id != m_imageId || m_caption != m_attributionCaption) {
    m_attributionJob.cancel();
    m_attributionMessage.clear();
  }
  m_imageId = record.id;
  m_attributionCaption = m_caption;
  int captionIndex = -1;
  for (int c : record.captions)
    if (dataset->captions[std::size_t(c)].raw == m_caption) captionIndex = c;
  std::vector<GroundedPhrase> truth = captionIndex >= 0 ? truthPhrases(*dataset, captionIndex) : std::vector<GroundedPhrase>{};
  m_working = true;
  updateNote();
  // A newer image or caption cancels this job and drops what it returns.
  m_imageJob.start(
      tr("Regions of %1").arg(record.id),
      [path = record.path, size = QSize(record.width, record.height), id = record.id, caption = m_caption, truth,
       grounder = m_grounder, inspector = m_inspector, gold = m_gold](JobContext &) {
        return workImage(path, size, id, caption, truth, grounder, inspector, gold);
      },
      [this](const ImageOutcome &out) { onImageWorked(out); },
      [this](const JobOutcome &outcome) {
        m_working = false;
        m_imageError = tr("Cannot show the image's regions: %1").arg(BackgroundJob::failureText(outcome));
        updateNote();
      });
}

// The photo, its proposals and the caption's phrases grounded by the run (or a concepts run's
// inspection), on the engine's thread; what fails is reported in the outcome beside what worked.
RegionPanel::ImageOutcome RegionPanel::workImage(const QString &path, QSize size, const QString &id, const QString &caption,
                                                 const std::vector<GroundedPhrase> &truth,
                                                 const std::shared_ptr<const RegionGrounder> &grounder,
                                                 const std::shared_ptr<const ConceptInspector> &inspector,
                                                 const std::shared_ptr<const GoldGrounding> &gold) {
  ImageOutcome out;
  out.base = regionFigureFor(path, size);
  out.phrases = truth;
  try {
    if (grounder) {
      out.regionInfo = grounder->regionsOf(id, caption);
      for (const ImageRegion &r : out.regionInfo) out.proposals.push_back(r.box);
      if (!caption.isEmpty()) out.phrases = grounder->ground(id, caption);
      if (gold) out.phrases = withGoldTruth(std::move(out.phrases), gold->rows);
      return out;
    }
    if (inspector) out.concepts = inspector->inspect(id, kConceptBars, 0);
  } catch (const std::exception &e) {
    out.error = QString::fromStdString(e.what()); // e.g. an image the run's data skipped
  }
  // Without an HM-LSTM run the proposals are computed as the features job computes them.
  if (!out.base.image.isNull()) {
    try {
      out.proposals = proposeImageRegions(path);
    } catch (const std::exception &e) {
      if (out.error.isEmpty()) out.error = QString::fromStdString(e.what());
    }
  }
  return out;
}

void RegionPanel::onImageWorked(const ImageOutcome &out) {
  m_working = false;
  m_base = out.base;
  m_proposals = out.proposals;
  m_regionInfo = out.regionInfo;
  m_phrases = out.phrases;
  m_concepts = out.concepts;
  m_imageError = out.error;
  m_rankedPhrases.clear();
  m_selectedPhrase = -1;
  m_selectedRegion = -1;
  m_regionClicked = false;
  m_highlightedConcept = -1;
  m_clippedReported = -1;
  fillPhraseList();
  fillConcepts();
  m_rankedList->clear();
  m_rankedHeading->clear();
  rebuildFigure();
  updateNote();
  // A phrase chosen in the Trees panel for this caption.
  if (m_pendingPhrase.begin >= 0 && m_pendingPhrase.caption == m_caption.trimmed())
    for (int k = 0; k < int(m_phrases.size()); ++k)
      if (m_phrases[std::size_t(k)].begin == m_pendingPhrase.begin && m_phrases[std::size_t(k)].end == m_pendingPhrase.end) {
        selectPhrase(k);
        break;
      }
  Q_EMIT imageShown();
}

void RegionPanel::rebuildFigure() {
  RegionFigure figure = m_base;
  figure.title = m_concepts ? conceptsFigureTitle(*m_concepts) : m_caption; // drawn, and exported, with the figure
  if (m_showProposals->isChecked()) addProposals(figure, m_proposals);
  PhraseFigureOptions options;
  options.learned = m_showLearned->isChecked() && m_kind == RunKind::Phrases && m_grounder;
  options.truth = m_showTruth->isChecked();
  options.sideBySide = m_layout->currentIndex() == 1;
  options.topK = m_topK->value();
  options.scoreThreshold = m_threshold->value() <= m_threshold->minimum() ? -std::numeric_limits<double>::infinity() : m_threshold->value();
  if (options.learned || options.truth) addPhrases(figure, m_phrases, options);
  if (m_concepts) addConcepts(figure, m_concepts->concepts, kConceptBoxes, conceptColourOffset());
  // The clicked region, drawn even when the proposals are hidden.
  if (m_regionClicked && m_selectedRegion > 0 && !m_showProposals->isChecked() && m_selectedRegion <= int(m_proposals.size())) {
    FigureBox box;
    box.kind = FigureBox::Proposal;
    box.index = m_selectedRegion;
    box.box = m_proposals[std::size_t(m_selectedRegion - 1)];
    box.colour = QColor(255, 255, 255);
    box.label = QString::number(m_selectedRegion);
    addFigureBox(figure, 0, box);
  }
  for (FigurePanel &panel : figure.panels)
    for (FigureBox &box : panel.boxes) {
      if ((box.kind == FigureBox::Learned || box.kind == FigureBox::Truth) && box.index == m_selectedPhrase) box.emphasised = true;
      if (box.kind == FigureBox::Concept && box.index == m_highlightedConcept) box.emphasised = true;
      if (box.kind == FigureBox::Proposal && box.index == m_selectedRegion && m_regionClicked) {
        box.emphasised = true;
        box.colour = QColor(255, 215, 0);
      }
    }
  if (figure.clippedBoxes > 0 && figure.clippedBoxes != m_clippedReported) {
    m_clippedReported = figure.clippedBoxes;
    qInfo("Regions: %d box(es) of image %s reached outside the image and were clipped", figure.clippedBoxes, qPrintable(m_imageId));
  }
  FigureStyle style;
  style.labelPixels = m_labelSize->value();
  style.opacity = m_opacity->value() / 100.0;
  m_view->setStyle(style);
  addAttributionHeat(figure);
  m_view->setFigure(std::move(figure));
  if (m_clippedReported > 0) updateNote();
}

void RegionPanel::fillPhraseList() {
  m_phraseList->blockSignals(true);
  m_phraseList->clear();
  for (std::size_t k = 0; k < m_phrases.size(); ++k) {
    const GroundedPhrase &p = m_phrases[k];
    auto *item = new QListWidgetItem(swatch(figureColour(int(k))), p.regions.empty() ? p.text : phraseLegendText(p), m_phraseList);
    QFont font = item->font();
    font.setBold(true);
    item->setFont(font);
    item->setForeground(figureColour(int(k)).darker(115));
    item->setToolTip(tr("words %1–%2 of “%3”").arg(p.begin + 1).arg(p.end).arg(p.caption));
  }
  m_phraseList->setCurrentRow(m_selectedPhrase);
  m_phraseList->blockSignals(false);
}

void RegionPanel::fillConcepts() {
  m_conceptsBox->setVisible(m_concepts.has_value());
  if (!m_concepts) return;
  std::vector<ConceptBars::Bar> bars;
  for (std::size_t k = 0; k < m_concepts->concepts.size(); ++k) {
    const ScoredConcept &c = m_concepts->concepts[k];
    bars.push_back({c.name, c.score, int(k) < kConceptBoxes ? figureColour(conceptColourOffset() + int(k)) : QColor(Qt::gray),
                    tr("%1: p = %2, maximum in region %3 (%4)").arg(c.name).arg(c.score, 0, 'f', 3).arg(c.region).arg(boxText(c.box))});
  }
  m_conceptBars->setBars(std::move(bars));
  if (m_concepts->gated) {
    m_gateLabel->setText(tr("Gate t (Eq. 2): mean %1 over its %2 dimensions — 1 leans on the concepts, 0 on the global context.")
                             .arg(m_concepts->meanGate, 0, 'f', 3)
                             .arg(m_concepts->gate.size()));
    m_gate->setGate(m_concepts->gate);
  } else {
    m_gateLabel->setText(tr("This run's image side has no gate (it does not fuse concepts and context with Eq. 2)."));
    m_gate->setGate({});
  }
  m_gate->setVisible(m_concepts->gated);
}

int RegionPanel::conceptColourOffset() const {
  // After the phrases' colours when their true boxes are drawn too (the palette has ten).
  return m_showTruth->isChecked() ? int(m_phrases.size()) : 0;
}

void RegionPanel::selectPhrase(int index) {
  if (index < 0 || index >= int(m_phrases.size())) return;
  m_selectedPhrase = index;
  const GroundedPhrase &p = m_phrases[std::size_t(index)];
  m_selectedRegion = p.regions.empty() ? -1 : p.regions.front().region;
  m_regionClicked = false; // its learned box is drawn emphasised already
  m_rankedPhrases.clear();
  m_phraseList->blockSignals(true);
  m_phraseList->setCurrentRow(index);
  m_phraseList->blockSignals(false);
  fillRankedRegions();
  rebuildFigure();
  m_state.selectPhrase(p.caption, p.begin, p.end);
}

void RegionPanel::fillRankedRegions() {
  m_rankedList->clear();
  if (m_selectedPhrase < 0) return;
  const GroundedPhrase &p = m_phrases[std::size_t(m_selectedPhrase)];
  if (p.regions.empty()) {
    m_rankedHeading->setText(m_kind == RunKind::Phrases ? tr("“%1”: the image has no candidate region.").arg(p.text)
                                                        : tr("“%1”: ground truth %2. Open an HM-LSTM run to see the regions it chooses.")
                                                              .arg(p.text, boxText(p.truth)));
    return;
  }
  m_rankedHeading->setText(tr("Top regions for “%1” (click one to rank phrases for it):").arg(p.text));
  for (std::size_t k = 0; k < p.regions.size() && int(k) < kRegionsListed; ++k) {
    const RankedRegion &r = p.regions[k];
    QString text = tr("%1. region %2  %3  score %4").arg(k + 1).arg(r.region).arg(boxText(r.box)).arg(r.score, 0, 'f', 3);
    if (p.hasTruth) text += tr("  IoU %1 %2").arg(r.iou, 0, 'f', 2).arg(r.iou >= kCorrectIoU ? QStringLiteral("✓") : QStringLiteral("✗"));
    auto *item = new QListWidgetItem(text, m_rankedList);
    item->setData(Qt::UserRole, r.region);
  }
}

void RegionPanel::selectRegion(int region) {
  m_selectedRegion = region;
  m_regionClicked = true;
  m_rankedPhrases.clear();
  rebuildFigure();
  if (!m_grounder) {
    m_rankedList->clear();
    m_rankedHeading->setText(tr("Region %1. Open an HM-LSTM run to rank phrases for it.").arg(region));
    Q_EMIT rankingShown();
    return;
  }
  const bool all = m_allPhrases->isChecked();
  m_rankedHeading->setText(tr("Ranking phrases for region %1…").arg(region));
  m_rankJob.start(
      tr("Rank phrases for region %1").arg(region),
      [grounder = m_grounder, id = m_imageId, region, all](JobContext &) {
        return grounder->phrasesFor(id, region, all ? PhraseScope::Split : PhraseScope::Image);
      },
      [this, region, all](const std::vector<RankedPhrase> &phrases) { showRankedPhrases(region, all, phrases); },
      [this](const JobOutcome &outcome) {
        m_rankedPhrases.clear();
        m_rankedList->clear();
        m_rankedHeading->setText(BackgroundJob::failureText(outcome));
        Q_EMIT rankingShown();
      });
}

void RegionPanel::showRankedPhrases(int region, bool all, const std::vector<RankedPhrase> &phrases) {
  m_rankedPhrases = phrases;
  m_rankedList->clear();
  m_rankedHeading->setText(all ? tr("Test phrases ranked for region %1 (★ this image's):").arg(region)
                               : tr("This image's phrases ranked for region %1:").arg(region));
  for (std::size_t k = 0; k < m_rankedPhrases.size() && int(k) < kPhrasesListed; ++k) {
    const RankedPhrase &p = m_rankedPhrases[k];
    auto *item = new QListWidgetItem(QStringLiteral("%1. %2%3  %4").arg(k + 1).arg(p.imageId == m_imageId && all ? QStringLiteral("★ ") : QString(), p.text).arg(p.score, 0, 'f', 3),
                                     m_rankedList);
    item->setToolTip(QStringLiteral("%1: %2").arg(p.imageId, p.caption));
  }
  Q_EMIT rankingShown();
}

void RegionPanel::highlightConcept(int index) {
  if (index == m_highlightedConcept) return;
  m_highlightedConcept = index;
  rebuildFigure();
}

void RegionPanel::onBoxClicked(int kind, int index) {
  if (kind == FigureBox::Learned || kind == FigureBox::Truth) selectPhrase(index);
  else if (kind == FigureBox::Proposal) selectRegion(index);
}

QString RegionPanel::toolTipOf(const FigureBox &box) const {
  switch (box.kind) {
  case FigureBox::Proposal: {
    QString text = tr("region %1: %2").arg(box.index).arg(boxText(box.box));
    if (box.index >= 1 && box.index <= int(m_regionInfo.size())) {
      const ImageRegion &r = m_regionInfo[std::size_t(box.index - 1)];
      text += tr("\nfeature norm ‖x‖ = %1").arg(r.featureNorm, 0, 'f', 2);
      if (r.hasCaptionScore) text += tr("\nscore against the caption s(v, y) = %1").arg(r.captionScore, 0, 'f', 3);
    }
    return text;
  }
  case FigureBox::Learned:
  case FigureBox::Truth:
    if (box.index >= 0 && box.index < int(m_phrases.size()))
      return (box.kind == FigureBox::Truth ? tr("ground truth of “%1”: %2") : tr("learned for “%1”: %2"))
          .arg(m_phrases[std::size_t(box.index)].text, boxText(box.box));
    return {};
  case FigureBox::Concept:
    if (m_concepts && box.index >= 0 && box.index < int(m_concepts->concepts.size())) {
      const ScoredConcept &c = m_concepts->concepts[std::size_t(box.index)];
      return tr("%1: p = %2 (its maximum, in region %3)").arg(c.name).arg(c.score, 0, 'f', 3).arg(c.region);
    }
    return {};
  }
  return {};
}

QString RegionPanel::showcaseProblem() const {
  if (m_kind != RunKind::Phrases && m_kind != RunKind::Concepts)
    return tr("the run (%1) learns no regions").arg(m_runModel.isEmpty() ? tr("none open") : m_runModel);
  int learned = 0, concepts = 0;
  for (const FigurePanel &panel : m_view->figure().panels)
    for (const FigureBox &box : panel.boxes) {
      learned += box.kind == FigureBox::Learned;
      concepts += box.kind == FigureBox::Concept;
    }
  // The legend names each phrase's box with its IoU against the truth and ✓ or ✗.
  const std::vector<LegendEntry> &legend = m_view->figure().legend;
  const auto right = std::count_if(legend.begin(), legend.end(), [](const LegendEntry &e) { return e.text.contains(QStringLiteral("✓")); });
  if (m_kind == RunKind::Concepts) return concepts > 0 ? QString() : tr("no concept box is shown");
  if (learned == 0) return tr("no learned box is shown");
  if (right == 0) return tr("no learned box matches its ground truth (IoU ≥ 0.5)");
  return {};
}

void RegionPanel::updateNote() {
  QStringList lines;
  if (!m_state.dataset()) lines << tr("Open a dataset, then select an image or a caption.");
  else if (m_image < 0) lines << tr("Select an image or a caption to see its regions.");
  if (m_loadingRun) lines << tr("Opening the run's model…");
  else if (!m_runError.isEmpty()) lines << tr("The run's regions cannot be shown: %1").arg(m_runError);
  else if (m_run.isEmpty())
    lines << tr("No run open: the image's proposals and the dataset's ground truth. Open an HM-LSTM run for the region it "
                "chooses for each noun phrase, or a concepts run for its concepts by region.");
  else if (m_kind == RunKind::NoRegions)
    lines << tr("This run (%1) learns no regions: train the HM-LSTM (its regions come from the features job's --regions "
                "option: `groundscope-cli features DATASET --regions`) or the concepts model. Proposals and ground truth are shown.")
                 .arg(m_runModel);
  else if (m_kind == RunKind::Phrases || m_kind == RunKind::Concepts)
    lines << tr("Run: %1 (%2)").arg(m_runModel, QFileInfo(m_run).fileName()); // which run made the figure
  if (m_working) lines << tr("Scoring the image's regions…");
  if (!m_imageError.isEmpty()) lines << m_imageError;
  if (!m_attributionMessage.isEmpty()) lines << m_attributionMessage;
  if (m_base.image.isNull() && !m_base.placeholder.isEmpty()) lines << m_base.placeholder.simplified();
  if (m_clippedReported > 0) lines << tr("%n box(es) reached outside the image and were clipped.", nullptr, m_clippedReported);
  if (!m_working && m_image >= 0 && m_phrases.empty() && m_kind != RunKind::Concepts)
    lines << (m_kind == RunKind::Phrases ? tr("The caption has no noun phrase to ground.") : tr("The dataset has no phrase boxes for this caption."));
  m_note->setText(lines.join(QLatin1Char('\n')));
  m_note->setVisible(!lines.isEmpty());
  // What only an HM-LSTM run draws or writes.
  const bool phrases = m_kind == RunKind::Phrases && m_grounder;
  m_exportData->setEnabled(phrases);
  for (QWidget *w : std::initializer_list<QWidget *>{m_showLearned, m_topK, m_threshold, m_allPhrases}) w->setEnabled(phrases);
}

QString RegionPanel::exportFigure(const QString &path, QSize size, qreal devicePixelRatio) {
  try {
    exportRegionFigure(m_view->figure(), m_view->figureStyle(), path, size, devicePixelRatio);
  } catch (const std::exception &e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

QString RegionPanel::exportImageData(const QString &path) {
  if (!m_grounder) return tr("%1: the correspondences need an HM-LSTM run").arg(path);
  try {
    writeCorrespondences(path, m_grounder->ground(m_imageId), 1);
  } catch (const std::exception &e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

void RegionPanel::exportSplitData(const QString &path) {
  if (!m_grounder) {
    Q_EMIT dataExported(path, tr("%1: the correspondences need an HM-LSTM run").arg(path));
    return;
  }
  m_bridge.submitInteractiveThen<bool>(
      this, tr("Export correspondences"),
      [grounder = m_grounder, path](JobContext &job) {
        writeCorrespondences(path, grounder->groundSplit(Split::Test, &job), 1);
        return true;
      },
      [this, path](const JobOutcome &outcome, std::optional<bool> done) {
        Q_EMIT dataExported(path, done ? QString() : outcome.error);
      });
}

void RegionPanel::exportFigureClicked() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export the regions figure"), QString(),
                                                    tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
  if (path.isEmpty()) return;
  const QSize natural = naturalFigureSize(m_view->figure(), m_view->figureStyle());
  bool ok = false;
  const int width = QInputDialog::getInt(this, tr("Export the regions figure"), tr("Width (pixels for PNG, points for SVG/PDF):"),
                                         natural.width(), 100, 20000, 50, &ok);
  if (!ok) return;
  qreal ratio = 1;
  if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
    ratio = QInputDialog::getDouble(this, tr("Export the regions figure"), tr("Device pixel ratio:"), 2.0, 0.5, 4.0, 1, &ok);
    if (!ok) return;
  }
  const QString error = exportFigure(path, QSize(width, int(double(width) * natural.height() / std::max(1, natural.width()))), ratio);
  if (!error.isEmpty()) QMessageBox::warning(this, tr("Export the regions figure"), error);
}

void RegionPanel::exportDataClicked() {
  bool ok = false;
  const QStringList scopes = {tr("This image's captions"), tr("The whole test split")};
  const QString scope = QInputDialog::getItem(this, tr("Export correspondences"), tr("Which phrases:"), scopes, 0, false, &ok);
  if (!ok) return;
  const QString path = QFileDialog::getSaveFileName(this, tr("Export correspondences"), QString(), tr("CSV table (*.csv);;JSON (*.json)"));
  if (path.isEmpty()) return;
  if (scope == scopes.first()) {
    const QString error = exportImageData(path);
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Export correspondences"), error);
    return;
  }
  connect(this, &RegionPanel::dataExported, this, [this](const QString &, const QString &error) {
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Export correspondences"), error);
  }, Qt::SingleShotConnection);
  exportSplitData(path);
}

}  // namespace gs
