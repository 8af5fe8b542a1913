#include "analysis/analysispanel.h"

#include "common/workbenchstate.h"
#include "engine/jobcontext.h"

#include <QCoreApplication>
#include <QDir>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPalette>
#include <QPushButton>
#include <QTableWidget>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace gs {

namespace {

constexpr int kFieldRole = Qt::UserRole;     // a slice row's field ("length")
constexpr int kValueRole = Qt::UserRole + 1; // and its value ("13-16")
constexpr int kTopHubs = 3;                  // hubs named per row, as the command prints

// A read-only table whose columns share the dock's width: the dock must not scroll sideways.
QTableWidget *makeTable(const QString &name, const QStringList &headers, QWidget *parent) {
  auto *table = new QTableWidget(0, int(headers.size()), parent);
  table->setAccessibleName(name);
  table->setHorizontalHeaderLabels(headers);
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->setSelectionMode(QAbstractItemView::SingleSelection);
  table->verticalHeader()->hide();
  table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
  table->horizontalHeader()->setStretchLastSection(true);
  table->setMinimumSize(120, 80);
  return table;
}

void appendRow(QTableWidget *table, const QStringList &cells, bool grey = false) {
  const int row = table->rowCount();
  table->insertRow(row);
  for (int c = 0; c < int(cells.size()); ++c) {
    auto *item = new QTableWidgetItem(cells.at(c));
    item->setToolTip(cells.at(c));
    if (grey) item->setForeground(table->palette().brush(QPalette::Disabled, QPalette::Text));
    table->setItem(row, c, item);
  }
}

QString withInterval(double value, double low, double high) {
  return QStringLiteral("%1 [%2, %3]").arg(value, 0, 'f', 1).arg(low, 0, 'f', 1).arg(high, 0, 'f', 1);
}

QString number(double value, int decimals = 1) { return QString::number(value, 'f', decimals); }

QLabel *makeNote(QWidget *parent) {
  auto *label = new QLabel(parent);
  label->setWordWrap(true);
  label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  return label;
}

}  // namespace

AnalysisPanel::AnalysisPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QWidget(parent), m_bridge(bridge), m_state(state), m_job(bridge, this) {
  m_analyze = new QPushButton(tr("Analyze"), this);
  m_analyze->setObjectName(QStringLiteral("analyzeButton"));
  m_analyze->setToolTip(tr("Slices, retrieval with intervals, hubs, the modality gap and plausible matches of the run's test split"));
  connect(m_analyze, &QPushButton::clicked, this, &AnalysisPanel::analyze);
  m_cancel = new QPushButton(tr("Cancel"), this);
  connect(m_cancel, &QPushButton::clicked, this, &AnalysisPanel::cancel);
  m_status = makeNote(this);
  m_status->setObjectName(QStringLiteral("analysisStatus"));
  auto *controls = new QHBoxLayout;
  controls->addWidget(m_analyze);
  controls->addWidget(m_cancel);
  controls->addWidget(m_status, 1);

  m_tabs = new QTabWidget(this);
  m_tabs->setObjectName(QStringLiteral("analysisTabs"));
  m_tabs->addTab(createSlicesTab(), tr("Slices"));
  m_retrieval = makeTable(tr("Retrieval with intervals"),
                          {tr("Direction"), tr("Queries"), tr("R@1"), tr("R@5"), tr("R@10"), tr("Median rank"), tr("Mean rank")}, this);
  m_retrieval->setToolTip(tr("95 % bootstrap intervals over the queries"));
  m_tabs->addTab(m_retrieval, tr("Retrieval"));
  m_tabs->addTab(createHubsTab(), tr("Hubs"));
  m_tabs->addTab(createGapTab(), tr("Gap"));
  auto *plausibleTab = new QWidget(this);
  auto *plausibleLayout = new QVBoxLayout(plausibleTab);
  m_plausibleNote = makeNote(plausibleTab);
  m_plausible = makeTable(tr("Plausible matches"),
                          {tr("Direction"), tr("PMRP"), tr("Plausible R@1"), tr("R@5"), tr("R@10"), tr("Plausible items per query")}, plausibleTab);
  plausibleLayout->addWidget(m_plausibleNote);
  plausibleLayout->addWidget(m_plausible, 1);
  m_tabs->addTab(plausibleTab, tr("Plausible"));

  auto *layout = new QVBoxLayout(this);
  layout->addLayout(controls);
  layout->addWidget(m_tabs, 1);
  connect(&m_state, &WorkbenchState::runChanged, this, &AnalysisPanel::onRunChanged);
  connect(&m_state, &WorkbenchState::jointSpaceChanged, this, &AnalysisPanel::onRunChanged);
  connect(&m_state, &WorkbenchState::sliceShown, this, &AnalysisPanel::updateControls);
  clear();
  updateControls();
}

// The slices of every field together, worst first, and the button that shows the whole split again.
QWidget *AnalysisPanel::createSlicesTab() {
  auto *tab = new QWidget(this);
  auto *layout = new QVBoxLayout(tab);
  m_slices = makeTable(tr("Slices"),
                       {tr("Slice"), tr("Queries"), tr("R@1"), tr("R@10 [95 %]"), tr("Δ R@10"), tr("Mean rank [95 %]")}, tab);
  m_slices->setObjectName(QStringLiteral("slicesTable"));
  m_slices->setToolTip(tr("Queries by caption and image features, worst first; grey, at the end: fewer than 5 queries. "
                          "Select a slice to show its captions on the Map and in the Retrieval dock."));
  m_sliceDirection = new QComboBox(tab);
  m_sliceDirection->setObjectName(QStringLiteral("sliceDirection"));
  m_sliceDirection->addItem(tr("Text→image queries"), int(QueryDirection::TextToImage));
  m_sliceDirection->addItem(tr("Image→text queries"), int(QueryDirection::ImageToText));
  m_sliceDirection->setToolTip(tr("Captions searching for their image, sliced by caption and image features; or images searching "
                                  "for their captions, sliced by image features (an image slice shows its images' captions)"));
  connect(m_sliceDirection, &QComboBox::currentIndexChanged, this, [this] {
    showSliceRow(-1);
    if (m_analysis) fillSlices();
  });
  connect(m_slices, &QTableWidget::itemSelectionChanged, this, [this] {
    const QList<QTableWidgetSelectionRange> ranges = m_slices->selectedRanges();
    if (!ranges.isEmpty()) showSliceRow(ranges.front().topRow());
  });
  m_clearSlice = new QPushButton(tr("Show every caption"), tab);
  m_clearSlice->setObjectName(QStringLiteral("clearSliceButton"));
  connect(m_clearSlice, &QPushButton::clicked, this, [this] { showSliceRow(-1); });
  auto *row = new QHBoxLayout;
  row->addWidget(m_sliceDirection);
  row->addStretch();
  row->addWidget(m_clearSlice);
  layout->addWidget(m_slices, 1);
  layout->addLayout(row);
  return tab;
}

// k-occurrence per side, then plain ranking beside CSLS and inverted softmax.
QWidget *AnalysisPanel::createHubsTab() {
  auto *tab = new QWidget(this);
  auto *layout = new QVBoxLayout(tab);
  m_hubs = makeTable(tr("Hubs"), {tr("Side"), tr("k"), tr("Skewness of N_k"), tr("Largest N_k"), tr("Top hubs")}, tab);
  m_hubs->setToolTip(tr("N_k: how often an item is among the other side's top k"));
  m_reranking = makeNote(tab);
  m_reranking->setObjectName(QStringLiteral("rerankingNote"));
  layout->addWidget(m_hubs, 1);
  layout->addWidget(m_reranking);
  return tab;
}

QWidget *AnalysisPanel::createGapTab() {
  auto *tab = new QWidget(this);
  auto *layout = new QVBoxLayout(tab);
  m_gap = makeNote(tab);
  m_gap->setObjectName(QStringLiteral("gapNote"));
  m_gap->setFrameShape(QFrame::StyledPanel);
  m_gapEpochs = makeTable(tr("Modality gap per epoch"),
                          {tr("Epoch"), tr("Centroid distance"), tr("Cross-modal share %"), tr("rsum"), tr("rsum centred")}, tab);
  layout->addWidget(m_gap);
  layout->addWidget(m_gapEpochs, 1);
  return tab;
}

void AnalysisPanel::analyze() {
  const QString runDir = m_state.runDir();
  if (runDir.isEmpty()) return;
  if (runDir != m_shownRun) clear();
  m_job.start(
      tr("Analyze %1").arg(QDir(runDir).dirName()), [runDir](JobContext &job) { return analyzeRun(runDir, {}, &job); },
      [this](RunAnalysis analysis) { showAnalysis(std::move(analysis)); },
      [this](const JobOutcome &outcome) {
        m_status->setText(tr("Cannot analyze the run: %1").arg(BackgroundJob::failureText(outcome)));
        updateControls();
        Q_EMIT failed(BackgroundJob::failureText(outcome));
      });
  m_status->setText(tr("Analyzing the test split…"));
  updateControls();
}

void AnalysisPanel::cancel() {
  m_job.cancel();
  m_status->setText(tr("Analysis cancelled."));
  updateControls();
}

QString AnalysisPanel::statusText() const { return m_status->text(); }

void AnalysisPanel::updateControls() {
  m_analyze->setEnabled(!m_state.runDir().isEmpty() && !m_job.isRunning());
  m_cancel->setEnabled(m_job.isRunning());
  m_clearSlice->setEnabled(!m_state.sliceLabel().isEmpty());
}

// Another run (opened, or embedded by the Training dock): the shown numbers are the previous
// one's, and so is a slice picked from them.
void AnalysisPanel::onRunChanged() {
  if (m_state.runDir() != m_shownRun) clear();
  updateControls();
}

void AnalysisPanel::clear() {
  m_job.cancel();
  if (m_analysis) showSliceRow(-1);
  m_analysis.reset();
  m_shownRun = m_state.runDir();
  for (QTableWidget *table : {m_slices, m_retrieval, m_hubs, m_gapEpochs, m_plausible}) table->setRowCount(0);
  m_reranking->clear();
  m_gap->clear();
  m_plausibleNote->clear();
  m_status->setText(m_shownRun.isEmpty() ? tr("Train a model or open a run, then analyze it.")
                                         : tr("Analyze the run to see where its joint space fails."));
}

void AnalysisPanel::showAnalysis(RunAnalysis analysis) {
  m_analysis = std::move(analysis);
  m_status->setText(tr("%1 images, %2 captions of the test split.").arg(m_analysis->images).arg(m_analysis->captions));
  fillSlices();
  fillRetrieval();
  fillHubs();
  fillGap();
  fillPlausible();
  updateControls();
  Q_EMIT analyzed();
}

void AnalysisPanel::showSliceRow(int row) {
  QTableWidgetItem *item = row >= 0 ? m_slices->item(row, 0) : nullptr;
  if (!item || !m_analysis) {
    m_slices->clearSelection();
    m_state.showSlice({}, {});
  } else {
    const QString field = item->data(kFieldRole).toString(), value = item->data(kValueRole).toString();
    m_state.showSlice(item->text(), sliceCaptions(*m_analysis, field, value, sliceDirection()));
    if (m_slices->currentRow() != row) m_slices->selectRow(row);
  }
  updateControls();
}

QueryDirection AnalysisPanel::sliceDirection() const { return QueryDirection(m_sliceDirection->currentData().toInt()); }

// Every slice of every field of the chosen direction, worst first by R@10 then mean rank, as the
// command orders them; slices too small to read go last, greyed, so the top rows are the findings.
void AnalysisPanel::fillSlices() {
  std::vector<SliceStats> all;
  const bool images = sliceDirection() == QueryDirection::ImageToText;
  for (const SliceReport &report : images ? m_analysis->imageSlices : m_analysis->captionSlices)
    all.insert(all.end(), report.slices.begin(), report.slices.end());
  std::stable_sort(all.begin(), all.end(), [](const SliceStats &x, const SliceStats &y) {
    if (x.small != y.small) return y.small;
    return x.r10 < y.r10 || (x.r10 == y.r10 && x.meanRank > y.meanRank);
  });
  const QSignalBlocker block(m_slices);
  m_slices->setRowCount(0);
  for (const SliceStats &x : all) {
    appendRow(m_slices,
              {x.field + QLatin1Char('=') + x.value, QString::number(x.count), number(x.r1), withInterval(x.r10, x.r10Low, x.r10High),
               number(x.deltaR10), withInterval(x.meanRank, x.meanRankLow, x.meanRankHigh)},
              x.small);
    QTableWidgetItem *first = m_slices->item(m_slices->rowCount() - 1, 0);
    first->setData(kFieldRole, x.field);
    first->setData(kValueRole, x.value);
  }
  for (int column = 0; column + 1 < m_slices->columnCount(); ++column) m_slices->resizeColumnToContents(column);
}

void AnalysisPanel::fillRetrieval() {
  m_retrieval->setRowCount(0);
  const auto add = [this](const QString &direction, const DirectionIntervals &d) {
    appendRow(m_retrieval, {direction, QString::number(d.queries), withInterval(d.point.r1, d.r1.low, d.r1.high),
                            withInterval(d.point.r5, d.r5.low, d.r5.high), withInterval(d.point.r10, d.r10.low, d.r10.high),
                            withInterval(d.point.medianRank, d.medianRank.low, d.medianRank.high),
                            withInterval(d.point.meanRank, d.meanRank.low, d.meanRank.high)});
  };
  add(tr("image→text"), m_analysis->intervals.imageToText);
  add(tr("text→image"), m_analysis->intervals.textToImage);
}

void AnalysisPanel::fillHubs() {
  m_hubs->setRowCount(0);
  const auto add = [this](const QString &side, const std::vector<KOccurrence> &list, const QStringList &names) {
    for (const KOccurrence &o : list) {
      QStringList hubs;
      for (std::size_t h = 0; h < std::min<std::size_t>(kTopHubs, o.hubs.size()); ++h)
        hubs << QStringLiteral("%1 (%2)").arg(names.value(o.hubs[h].index)).arg(o.hubs[h].count);
      appendRow(m_hubs, {side, QString::number(o.k), number(o.skewness, 2),
                         o.hubs.empty() ? QStringLiteral("-") : QString::number(o.hubs.front().count), hubs.join(QStringLiteral("; "))});
    }
  };
  add(tr("images"), m_analysis->hubs.images, m_analysis->imageIds);
  add(tr("captions"), m_analysis->hubs.captions, m_analysis->captionTexts);
  const HubReducedRetrieval &r = m_analysis->reranked;
  const QString line = tr("%1: rsum %2 (R@1 %3 / %4, image→text / text→image)");
  const auto describe = [&line](const QString &name, const RetrievalMetrics &m) {
    return line.arg(name, number(m.rsum), number(m.imageToText.r1), number(m.textToImage.r1));
  };
  m_reranking->setText(tr("Hub-reducing re-ranking, beside plain ranking:") + QLatin1Char('\n') + describe(tr("plain"), r.plain) +
                       QLatin1Char('\n') + describe(tr("CSLS (k=%1)").arg(r.options.cslsK), r.csls) + QLatin1Char('\n') +
                       describe(tr("inverted softmax (β=%1)").arg(r.options.beta), r.invertedSoftmax));
}

void AnalysisPanel::fillGap() {
  const ModalityGap &g = m_analysis->gap;
  m_gap->setText(tr("Centroid distance %1 (normalised vectors), %2 (raw)\n"
                    "Other-modality share of the %3 nearest items: images %4 %, captions %5 %\n"
                    "rsum %6 plain, %7 with each modality centred")
                     .arg(number(g.centroidDistance, 3), number(g.rawCentroidDistance, 3))
                     .arg(g.k)
                     .arg(number(100 * g.imageCrossShare), number(100 * g.captionCrossShare), number(g.plain.rsum), number(g.centred.rsum)));
  m_gapEpochs->setRowCount(0);
  for (const GapEpoch &e : m_analysis->gapByEpoch)
    appendRow(m_gapEpochs, {QString::number(e.epoch), number(e.gap.centroidDistance, 3),
                            number(50 * (e.gap.imageCrossShare + e.gap.captionCrossShare)), number(e.gap.plain.rsum), number(e.gap.centred.rsum)});
  m_gapEpochs->setVisible(!m_analysis->gapByEpoch.empty());
}

void AnalysisPanel::fillPlausible() {
  m_plausible->setRowCount(0);
  m_plausible->setVisible(m_analysis->hasConcepts());
  if (!m_analysis->hasConcepts()) {
    m_plausibleNote->setText(tr("The images have no concepts (ground truth, a concepts run's, or nouns their captions agree on): no plausible matches."));
    return;
  }
  m_plausibleNote->setText(tr("An image with the same concepts as the query's counts as right. Concepts: %1.").arg(QCoreApplication::translate("ConceptSource", conceptSourceDescription(m_analysis->conceptSource))));
  const auto add = [this](const QString &name, const PlausibleMetrics &m) {
    appendRow(m_plausible, {name, number(m.pmrp), number(m.r1), number(m.r5), number(m.r10), number(m.meanRelevant)});
  };
  add(tr("text→image"), m_analysis->plausible.textToImage);
  add(tr("image→text"), m_analysis->plausible.imageToText);
}

}  // namespace gs
