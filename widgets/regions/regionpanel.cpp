#include "regions/regionpanel.h"

#include "regions/conceptsview.h"
#include "regions/goldboxesview.h"
#include "regions/phraselist.h"
#include "regions/regionattributionview.h"
#include "regions/regionexport.h"
#include "regions/regionoptionsbar.h"
#include "regions/regionrankingview.h"
#include "regions/regionscene.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace gs {

RegionPanel::RegionPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QWidget(parent), m_state(state), m_run(new RegionRun(bridge, this)), m_scene(new RegionScene(bridge, this)) {
  setObjectName(QStringLiteral("regionPanel"));
  buildUi(bridge);
  m_export = new RegionExport(bridge, *m_view, *m_run, *m_scene, this);
  connectState();
  connectViews();
  connectPicking();
  onRunChanged();
  updateNote();
}

void RegionPanel::buildUi(EngineBridge &bridge) {
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  m_options = new RegionOptionsBar(this);
  layout->addWidget(m_options);
  m_attribution = new RegionAttributionView(bridge, m_state, *m_scene, this);
  layout->addWidget(m_attribution);

  m_note = new QLabel(this);
  m_note->setWordWrap(true);
  m_note->setObjectName(QStringLiteral("regionNote"));
  layout->addWidget(m_note);

  auto *split = new QSplitter(Qt::Horizontal, this);
  m_view = new RegionImageView(split);
  m_view->setToolTipProvider([this](const FigureBox &box) { return m_scene->toolTip(box); });
  split->addWidget(m_view);
  split->addWidget(createSidePane(bridge, split));
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  layout->addWidget(split, 1);
}

// Beside the figure: the noun phrases (with the gold set's button and summary), the ranked regions
// or phrases, and the concepts.
QWidget *RegionPanel::createSidePane(EngineBridge &bridge, QWidget *parent) {
  auto *side = new QWidget(parent);
  auto *layout = new QVBoxLayout(side);
  layout->setContentsMargins(0, 0, 0, 0);
  m_gold = new GoldBoxesView(bridge, *m_run, side);
  auto *heading = new QHBoxLayout;
  heading->addWidget(new QLabel(tr("Noun phrases"), side));
  heading->addStretch(1);
  heading->addWidget(m_gold->button());
  layout->addLayout(heading);
  m_phraseList = new PhraseList(side);
  layout->addWidget(m_phraseList, 2);
  layout->addWidget(m_gold->label());
  m_ranking = new RegionRankingView(bridge, side);
  layout->addWidget(m_ranking, 2);
  m_concepts = new ConceptsView(side);
  layout->addWidget(m_concepts, 3);
  return side;
}

void RegionPanel::connectState() {
  connect(&m_state, &WorkbenchState::runChanged, this, &RegionPanel::onRunChanged);
  connect(&m_state, &WorkbenchState::imageSelected, this, [this](int image) {
    const auto dataset = m_state.dataset();
    if (dataset && m_scene->selectImage(*dataset, image, m_state.selectedCaption())) scheduleRefresh();
  });
  connect(&m_state, &WorkbenchState::captionSelected, this, [this](int caption) {
    const auto dataset = m_state.dataset();
    if (dataset && m_scene->selectCaption(*dataset, caption)) scheduleRefresh();
  });
  connect(&m_state, &WorkbenchState::phraseSelected, this, &RegionPanel::onPhraseSelected);
  connect(&m_state, &WorkbenchState::datasetChanged, this, &RegionPanel::onDatasetChanged);
}

// What the views report: the panel draws the figure again, updates the note, or passes it on.
void RegionPanel::connectViews() {
  connect(m_run, &RegionRun::opened, this, &RegionPanel::onRunOpened);
  connect(m_scene, &RegionScene::scored, this, &RegionPanel::onImageScored);
  connect(m_scene, &RegionScene::failed, this, &RegionPanel::updateNote);
  connect(m_options, &RegionOptionsBar::changed, this, &RegionPanel::rebuildFigure);
  connect(m_options, &RegionOptionsBar::truthToggled, this, &RegionPanel::fillConcepts);
  connect(m_options, &RegionOptionsBar::exportFigureRequested, m_export, &RegionExport::exportFigureClicked);
  connect(m_options, &RegionOptionsBar::exportDataRequested, m_export, &RegionExport::exportDataClicked);
  connect(m_export, &RegionExport::dataExported, this, &RegionPanel::dataExported);
  connect(m_attribution, &RegionAttributionView::attributionReady, this, &RegionPanel::rebuildFigure);
  connect(m_attribution, &RegionAttributionView::messageChanged, this, &RegionPanel::updateNote);
  connect(m_attribution, &RegionAttributionView::contributionsShown, this, &RegionPanel::contributionsShown);
  connect(m_gold, &GoldBoxesView::goldScored, this, &RegionPanel::goldScored);
  connect(m_gold, &GoldBoxesView::goldChanged, this, &RegionPanel::refresh); // the shown caption's gold boxes
  connect(m_ranking, &RegionRankingView::rankingShown, this, &RegionPanel::rankingShown);
}

// Clicks and pointing on the figure, the lists and the concept bars.
void RegionPanel::connectPicking() {
  connect(m_view, &RegionImageView::boxClicked, this, &RegionPanel::onBoxClicked);
  connect(m_view, &RegionImageView::boxHovered, this, [this](int kind, int index) {
    if (kind == FigureBox::Concept || (kind < 0 && m_concepts->highlighted() >= 0)) highlightConcept(kind < 0 ? -1 : index);
  });
  connect(m_phraseList, &QListWidget::currentRowChanged, this, [this](int row) {
    if (row >= 0 && row != m_ranking->selection().phrase) selectPhrase(row);
  });
  connect(m_ranking, &RegionRankingView::regionPicked, this, &RegionPanel::selectRegion);
  connect(m_ranking, &RegionRankingView::allPhrasesToggled, this, [this] {
    if (m_ranking->selection().region > 0) selectRegion(m_ranking->selection().region);
  });
  connect(m_concepts, &ConceptsView::barHovered, this, &RegionPanel::highlightConcept);
}

RegionPanel::RunKind RegionPanel::runKind() const { return m_run->kind(); }
bool RegionPanel::isBusy() const { return m_run->isLoading() || m_scene->isWorking(); }
QString RegionPanel::imageId() const { return m_scene->imageId(); }
QString RegionPanel::caption() const { return m_scene->caption(); }
const std::vector<GroundedPhrase> &RegionPanel::phrases() const { return m_scene->phrases(); }
int RegionPanel::selectedPhrase() const { return m_ranking->selection().phrase; }
int RegionPanel::selectedRegion() const { return m_ranking->selection().region; }
const std::optional<ConceptInspection> &RegionPanel::concepts() const { return m_scene->concepts(); }
const std::vector<RankedPhrase> &RegionPanel::rankedPhrases() const { return m_ranking->rankedPhrases(); }
std::shared_ptr<const ScoreExplainer> RegionPanel::explainer() const { return m_attribution->explainer(); }
const std::shared_ptr<const GoldGrounding> &RegionPanel::gold() const { return m_gold->gold(); }
QString RegionPanel::goldSummary() const { return m_gold->summary(); }
void RegionPanel::loadGold(const QString &path) { m_gold->load(path); }

QString RegionPanel::exportFigure(const QString &path, QSize size, qreal devicePixelRatio) {
  return m_export->exportFigure(path, size, devicePixelRatio);
}
QString RegionPanel::exportImageData(const QString &path) { return m_export->exportImageData(path); }
void RegionPanel::exportSplitData(const QString &path) { m_export->exportSplitData(path); }

void RegionPanel::onRunChanged() {
  if (!m_run->open(m_state.runDir(), m_state.dataset())) return;
  m_gold->clear(); // scored against the previous run
  updateNote();
  if (!m_run->dir().isEmpty()) return; // onRunOpened follows
  scheduleRefresh();
  Q_EMIT runReady();
}

void RegionPanel::onRunOpened() {
  updateNote();
  Q_EMIT runReady();
  refresh();
}

void RegionPanel::onDatasetChanged() {
  m_scene->clear();
  rebuildFigure();
  m_phraseList->setPhrases(m_scene->phrases(), m_ranking->selection().phrase);
  updateNote();
}

void RegionPanel::onPhraseSelected(const QString &caption, int begin, int end) {
  m_pendingPhrase = {caption, begin, end};
  if (caption != m_scene->caption().trimmed() || m_scene->isWorking()) return; // applied when this caption's phrases arrive
  const int k = m_scene->phraseIndex(begin, end);
  if (k >= 0 && k != m_ranking->selection().phrase) selectPhrase(k);
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

// Scores the selected image and caption with the open run; a newer selection cancels it.
void RegionPanel::refresh() {
  const auto dataset = m_state.dataset();
  if (!dataset || !m_scene->hasImage(*dataset) || m_run->isLoading()) {
    updateNote();
    return;
  }
  m_attribution->follow(dataset->images[std::size_t(m_scene->image())].id, m_scene->caption());
  m_scene->score(*dataset, m_run->grounder(), m_run->inspector(), m_gold->gold());
  updateNote();
}

void RegionPanel::onImageScored() {
  m_ranking->clear();
  m_concepts->highlight(-1);
  m_clippedReported = -1;
  m_phraseList->setPhrases(m_scene->phrases(), -1);
  fillConcepts();
  rebuildFigure();
  updateNote();
  // A phrase chosen in the Trees panel for this caption.
  if (m_pendingPhrase.begin >= 0 && m_pendingPhrase.caption == m_scene->caption().trimmed()) {
    const int k = m_scene->phraseIndex(m_pendingPhrase.begin, m_pendingPhrase.end);
    if (k >= 0) selectPhrase(k);
  }
  Q_EMIT imageShown();
}

void RegionPanel::rebuildFigure() {
  RegionFigure figure = m_scene->figure(m_options->proposalsShown(), m_options->phraseOptions(m_run->groundsPhrases()),
                                        m_ranking->selection(), m_concepts->highlighted());
  if (figure.clippedBoxes > 0 && figure.clippedBoxes != m_clippedReported) {
    m_clippedReported = figure.clippedBoxes;
    qInfo("Regions: %d box(es) of image %s reached outside the image and were clipped", figure.clippedBoxes,
          qPrintable(m_scene->imageId()));
  }
  m_view->setStyle(m_options->style());
  m_attribution->addHeat(figure);
  m_view->setFigure(std::move(figure));
  if (m_clippedReported > 0) updateNote();
}

void RegionPanel::fillConcepts() {
  m_concepts->setInspection(m_scene->concepts(), m_scene->conceptColourOffset(m_options->truthShown()));
}

void RegionPanel::selectPhrase(int index) {
  if (index < 0 || index >= int(m_scene->phrases().size())) return;
  const GroundedPhrase &p = m_scene->phrases()[std::size_t(index)];
  m_ranking->selectPhrase(index, p, m_run->kind() == RunKind::Phrases);
  m_phraseList->setSelectedRow(index);
  rebuildFigure();
  m_state.selectPhrase(p.caption, p.begin, p.end);
}

void RegionPanel::selectRegion(int region) {
  m_ranking->selectRegion(region);
  rebuildFigure();
  m_ranking->rank(m_run->grounder(), m_scene->imageId());
}

void RegionPanel::highlightConcept(int index) {
  if (m_concepts->highlight(index)) rebuildFigure();
}

void RegionPanel::onBoxClicked(int kind, int index) {
  if (kind == FigureBox::Learned || kind == FigureBox::Truth) selectPhrase(index);
  else if (kind == FigureBox::Proposal) selectRegion(index);
}

QString RegionPanel::showcaseProblem() const {
  const RunKind kind = m_run->kind();
  if (kind != RunKind::Phrases && kind != RunKind::Concepts)
    return tr("the run (%1) learns no regions").arg(m_run->model().isEmpty() ? tr("none open") : m_run->model());
  int learned = 0, concepts = 0;
  for (const FigurePanel &panel : m_view->figure().panels)
    for (const FigureBox &box : panel.boxes) {
      learned += box.kind == FigureBox::Learned;
      concepts += box.kind == FigureBox::Concept;
    }
  // The legend names each phrase's box with its IoU against the truth and ✓ or ✗.
  const std::vector<LegendEntry> &legend = m_view->figure().legend;
  const auto right = std::count_if(legend.begin(), legend.end(), [](const LegendEntry &e) { return e.text.contains(QStringLiteral("✓")); });
  if (kind == RunKind::Concepts) return concepts > 0 ? QString() : tr("no concept box is shown");
  if (learned == 0) return tr("no learned box is shown");
  if (right == 0) return tr("no learned box matches its ground truth (IoU ≥ 0.5)");
  return {};
}

QStringList RegionPanel::noteLines() const {
  QStringList lines;
  const RunKind kind = m_run->kind();
  if (!m_state.dataset()) lines << tr("Open a dataset, then select an image or a caption.");
  else if (m_scene->image() < 0) lines << tr("Select an image or a caption to see its regions.");
  if (m_run->isLoading()) lines << tr("Opening the run's model…");
  else if (!m_run->error().isEmpty()) lines << tr("The run's regions cannot be shown: %1").arg(m_run->error());
  else if (m_run->dir().isEmpty())
    lines << tr("No run open: the image's proposals and the dataset's ground truth. Open an HM-LSTM run for the region it "
                "chooses for each noun phrase, or a concepts run for its concepts by region.");
  else if (kind == RunKind::NoRegions)
    lines << tr("This run (%1) learns no regions: train the HM-LSTM (its regions come from the features job's --regions "
                "option: `groundscope-cli features DATASET --regions`) or the concepts model. Proposals and ground truth are shown.")
                 .arg(m_run->model());
  else if (kind == RunKind::Phrases || kind == RunKind::Concepts)
    lines << tr("Run: %1 (%2)").arg(m_run->model(), QFileInfo(m_run->dir()).fileName()); // which run made the figure
  if (m_scene->isWorking()) lines << tr("Scoring the image's regions…");
  if (!m_scene->error().isEmpty()) lines << m_scene->error();
  if (!m_attribution->message().isEmpty()) lines << m_attribution->message();
  const RegionFigure &base = m_scene->base();
  if (base.image.isNull() && !base.placeholder.isEmpty()) lines << base.placeholder.simplified();
  if (m_clippedReported > 0) lines << tr("%n box(es) reached outside the image and were clipped.", nullptr, m_clippedReported);
  if (!m_scene->isWorking() && m_scene->image() >= 0 && m_scene->phrases().empty() && kind != RunKind::Concepts)
    lines << (kind == RunKind::Phrases ? tr("The caption has no noun phrase to ground.") : tr("The dataset has no phrase boxes for this caption."));
  return lines;
}

void RegionPanel::updateNote() {
  const QStringList lines = noteLines();
  m_note->setText(lines.join(QLatin1Char('\n')));
  m_note->setVisible(!lines.isEmpty());
  // What only an HM-LSTM run draws or writes.
  const bool phrases = m_run->groundsPhrases();
  m_options->setPhraseControlsEnabled(phrases);
  m_ranking->setAllPhrasesEnabled(phrases);
}

}  // namespace gs
