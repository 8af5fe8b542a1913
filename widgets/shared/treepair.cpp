#include "shared/treepair.h"

#include "common/attributiontext.h"
#include "common/headinglabel.h"
#include "common/colourwidgets.h"
#include "common/explaineropener.h"
#include "common/workbenchstate.h"
#include "engine/jobcontext.h"
#include "shared/constituencytreeview.h"
#include "shared/contributioncolours.h"
#include "shared/dependencyarcview.h"

#include <QDialog>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include <cmath>

namespace gs {

namespace {
constexpr int kSwatch = 12;               // px, the run's colour beside its name
const QSize kWindowSize(1000, 560);       // fits a 1366×768 screen with its panels and title bar
}  // namespace

struct TreePair::Explained {
  std::shared_ptr<const ScoreExplainer> explainer;
  std::optional<SentenceAttribution> attribution;
};

TreePair::TreePair(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QWidget(parent), m_state(state), m_parseJob(bridge, this),
      m_explainJobs{{bridge, this}, {bridge, this}} {
  m_title = new QLabel(this);
  m_title->setWordWrap(true);
  m_title->setTextFormat(Qt::RichText);
  auto *splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(createColumn(m_sides[0]));
  splitter->addWidget(createColumn(m_sides[1]));
  m_legend = new ColourLegend(this);
  m_legend->setObjectName(QStringLiteral("legend"));
  m_legend->hide();
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(m_title);
  layout->addWidget(splitter, 1);
  layout->addWidget(m_legend, 0, Qt::AlignLeft);
  connect(&m_state.runColours(), &RunColours::runColourChanged, this, [this] {
    for (Side &side : m_sides) updateHeader(side);
  });
}

TreePair::~TreePair() = default;

// A run's column: its colour and name, its score and rank, both trees, scrolled.
QWidget *TreePair::createColumn(Side &side) {
  side.swatch = new QLabel;
  side.name = headingLabel({});
  side.note = new QLabel;
  side.note->setWordWrap(true);
  side.dependency = new DependencyArcView;
  side.constituency = new ConstituencyTreeView;
  const QString which = &side == &m_sides[0] ? QStringLiteral("A") : QStringLiteral("B");
  side.dependency->setObjectName(QStringLiteral("dependencyView") + which);
  side.constituency->setObjectName(QStringLiteral("constituencyView") + which);
  auto *figure = new QWidget;
  figure->setAutoFillBackground(true);
  figure->setBackgroundRole(QPalette::Base);
  auto *figureLayout = new QVBoxLayout(figure);
  figureLayout->addWidget(new QLabel(tr("Dependency tree")));
  figureLayout->addWidget(side.dependency, 0, Qt::AlignLeft);
  figureLayout->addWidget(new QLabel(tr("Constituency tree")));
  figureLayout->addWidget(side.constituency, 0, Qt::AlignLeft);
  figureLayout->addStretch(1);
  auto *scroll = new QScrollArea;
  scroll->setWidget(figure);
  scroll->setWidgetResizable(true);
  auto *nameRow = new QHBoxLayout;
  nameRow->addWidget(side.swatch);
  nameRow->addWidget(side.name, 1);
  auto *column = new QWidget;
  auto *layout = new QVBoxLayout(column);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(nameRow);
  layout->addWidget(side.note);
  layout->addWidget(scroll, 1);
  return column;
}

void TreePair::updateHeader(Side &side) {
  if (side.runDir.isEmpty()) return;
  side.swatch->setPixmap(RunColours::swatch(m_state.runColours().colourOf(side.runDir), kSwatch).pixmap(kSwatch, kSwatch));
  side.name->setText(QFileInfo(side.runDir).fileName());
  side.name->setToolTip(QDir::toNativeSeparators(side.runDir));
}

void TreePair::offerExplainer(const QString &runDir, std::shared_ptr<const ScoreExplainer> explainer) {
  if (explainer) m_offered.insert(runDir, std::move(explainer));
}

void TreePair::showCaption(const QString &caption, const QString &imageId, const QString &runA, const QString &runB) {
  // Starting the three jobs again drops what is still under way for an earlier caption.
  m_caption = caption.trimmed();
  m_imageId = imageId;
  m_parseError.clear();
  m_title->setText(tr("<i>%1</i> against image %2").arg(m_caption.toHtmlEscaped(), imageId.toHtmlEscaped()));
  m_sides[0].runDir = runA;
  m_sides[1].runDir = runB;
  for (Side &side : m_sides) {
    side.attribution.reset();
    side.error.clear();
    side.note->setText(tr("Computing the contributions…"));
    side.dependency->setTree({});
    side.constituency->setTree({});
    updateHeader(side);
  }
  m_legend->hide();
  m_pending = 3;
  m_parseJob.start(
      m_caption, [this](const ParsedCaption &parse) { onParsed(&parse, {}); },
      [this](const QString &error) { onParsed(nullptr, error); });
  explain(0);
  explain(1);
}

// The run's ScoreExplainer (the workbench's or an offered one, else opened now: seconds) and its
// occlusion attribution of the caption against the image, as an interactive-lane job.
void TreePair::explain(int side) {
  const QString run = m_sides[side].runDir;
  std::shared_ptr<const ScoreExplainer> known = m_state.explainer(run);
  if (!known) known = m_offered.value(run);
  m_explainJobs[side].start(
      tr("Trees for %1: contributions with %2").arg(side == 0 ? QStringLiteral("A") : QStringLiteral("B"), QFileInfo(run).fileName()),
      [known, run, dataset = m_state.dataset(), caption = m_caption, imageId = m_imageId](JobContext &job) {
        Explained out;
        out.explainer = known ? known : openScoreExplainer(run, dataset.get());
        job.checkpoint();
        const int row = out.explainer->imageRow(imageId);
        if (row < 0) throw std::invalid_argument(TreePair::tr("image %1 is not in the run's data").arg(imageId).toStdString());
        out.attribution = out.explainer->explainSentence(row, caption, AttributionMethod::Occlusion);
        return out;
      },
      [this, side](const Explained &out) { onExplained(side, out, {}); },
      [this, side](const JobOutcome &outcome) { onExplained(side, {}, BackgroundJob::failureText(outcome)); });
}

void TreePair::onParsed(const ParsedCaption *parsed, const QString &error) {
  m_parseError = error;
  if (parsed)
    for (Side &side : m_sides) {
      side.dependency->setTree(ViewTree::fromTree(parsed->dependency));
      side.constituency->setTree(ViewTree::fromTree(parsed->constituency));
    }
  finishOne();
}

void TreePair::onExplained(int index, const Explained &outcome, const QString &error) {
  Side &side = m_sides[index];
  if (outcome.explainer) {
    side.explainer = outcome.explainer;
    // The current run's explainer serves the other panels too.
    if (side.runDir == m_state.runDir()) side.explainer = m_state.shareExplainer(side.runDir, side.explainer);
  }
  side.attribution = outcome.attribution;
  side.error = error;
  finishOne();
}

void TreePair::finishOne() {
  if (--m_pending > 0) return;
  applyColours();
  Q_EMIT treesShown();
}

// Both sides on one scale: ±max|contribution| over both runs' parts.
void TreePair::applyColours() {
  std::vector<double> all;
  for (const Side &side : m_sides)
    if (side.attribution)
      for (const AttributedPart &p : side.attribution->parts) all.push_back(p.contribution);
  const ColourScale scale = contributionScale(all);
  for (Side &side : m_sides) {
    if (!m_parseError.isEmpty()) side.note->setText(tr("Parse: %1").arg(m_parseError));
    else if (!side.attribution) side.note->setText(tr("Contributions: %1").arg(side.error));
    else
      side.note->setText(tr("score %1, rank %2 of %3")
                             .arg(side.attribution->score, 0, 'f', 3)
                             .arg(side.attribution->rank)
                             .arg(side.attribution->candidates));
    if (!side.attribution) continue;
    for (TreeViewBase *view : {static_cast<TreeViewBase *>(side.dependency), static_cast<TreeViewBase *>(side.constituency)}) {
      NodeContributions shown = contributionsForTree(*side.attribution, view->tree());
      std::vector<QColor> colours;
      for (double v : shown.values) colours.push_back(std::isnan(v) ? QColor() : scale.colour(v));
      view->setNodeColours(std::move(colours));
      view->setNodeToolTips(std::move(shown.tips));
    }
  }
  m_legend->setScale(scale, contributionLegendTitle(AttributionMethod::Occlusion));
  m_legend->setVisible(!all.empty());
}

std::shared_ptr<const ScoreExplainer> TreePair::explainer(int side) const { return m_sides[side].explainer; }
const SentenceAttribution *TreePair::attribution(int side) const {
  return m_sides[side].attribution ? &*m_sides[side].attribution : nullptr;
}
QString TreePair::noteText(int side) const { return m_sides[side].note->text(); }
TreeViewBase *TreePair::dependencyView(int side) const { return m_sides[side].dependency; }
TreeViewBase *TreePair::constituencyView(int side) const { return m_sides[side].constituency; }

int TreePair::treeCount() const {
  int n = 0;
  for (const Side &side : m_sides) n += int(!side.dependency->tree().isEmpty()) + int(!side.constituency->tree().isEmpty());
  return n;
}

TreePair *openTreePairWindow(EngineBridge &bridge, WorkbenchState &state, QWidget *parent, const QString &caption, const QString &imageId,
                             const QString &runA, const QString &runB, std::shared_ptr<const ScoreExplainer> explainerB) {
  auto *window = new QDialog(parent);
  window->setAttribute(Qt::WA_DeleteOnClose);
  window->setWindowTitle(TreePair::tr("Trees for A and B"));
  window->resize(kWindowSize);
  auto *pair = new TreePair(bridge, state, window);
  pair->setObjectName(QStringLiteral("treePair"));
  (new QVBoxLayout(window))->addWidget(pair);
  pair->offerExplainer(runB, std::move(explainerB));
  pair->showCaption(caption, imageId, runA, runB);
  window->show();
  return pair;
}

}  // namespace gs
