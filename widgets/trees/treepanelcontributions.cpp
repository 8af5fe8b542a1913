// The Trees panel's colouring by contribution to the score (treepanel.h): the method choice, the
// run's ScoreExplainer and the attribution of the shown caption as interactive-lane jobs, the
// colours laid over whichever trees are drawn, and the contributions' export.
#include "trees/treepanel.h"

#include "common/attributiontext.h"
#include "common/colourwidgets.h"
#include "common/explaineropener.h"
#include "shared/constituencytreeview.h"
#include "shared/contributioncolours.h"
#include "shared/dependencyarcview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStandardItemModel>

#include <cmath>

namespace gs {

QLayout *TreePanel::createContributionControls() {
  m_method = new QComboBox;
  m_method->setObjectName(QStringLiteral("methodCombo"));
  m_method->setAccessibleName(tr("Attribution method"));
  for (AttributionMethod method : {AttributionMethod::Occlusion, AttributionMethod::Gradient, AttributionMethod::IntegratedGradients})
    m_method->addItem(attributionMethodTitle(method), int(method));
  m_method->setToolTip(tr("Occlusion: the score without the part; gradient × input and integrated gradients: the "
                          "part's share of the score by the network's gradient"));
  m_method->hide();
  m_exportContributions = new QPushButton(tr("Export contributions…"));
  m_exportContributions->setObjectName(QStringLiteral("exportContributionsButton"));
  m_exportContributions->setToolTip(tr("Write each part's contribution as a CSV or JSON table"));
  m_exportContributions->hide();
  connect(m_method, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
    resetAttribution();
    requestAttribution();
  });
  connect(m_colourBy, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] { requestAttribution(); });
  connect(m_exportContributions, &QPushButton::clicked, this, &TreePanel::exportContributionsClicked);
  auto *row = new QHBoxLayout;
  row->addWidget(m_method);
  row->addWidget(m_exportContributions);
  return row;
}

void TreePanel::resetAttribution() {
  m_attributionJob.cancel();
  m_attribution.reset();
  m_attributionError.clear();
}

int TreePanel::explainedImage() const { return m_imageIndex >= 0 ? m_imageIndex : m_state.selectedImage(); }

// Opening the run for attribution loads its model and data (seconds): an engine job, shared with the
// other panels through the WorkbenchState.
void TreePanel::openExplainer() {
  const QString run = m_state.runDir();
  m_explainerRun = run;
  m_explainerLoading = true;
  m_explainerJob.start(
      tr("Open the run for attribution"),
      [run, dataset = m_state.dataset()](JobContext &job) { return openScoreExplainer(run, dataset.get(), job); },
      [this, run](const std::shared_ptr<const ScoreExplainer> &explainer) {
        m_explainerLoading = false;
        m_explainer = m_state.shareExplainer(run, explainer);
        requestAttribution();
      },
      [this](const JobOutcome &outcome) {
        m_explainerLoading = false;
        m_attributionError = BackgroundJob::failureText(outcome);
        applyColouring();
        updateNote();
        Q_EMIT contributionsShown();
      });
}

// Another panel opened the run's explainer while this one was opening its own: take that one.
void TreePanel::onExplainerShared(const QString &runDir) {
  if (m_explainer || !m_explainerLoading || runDir != m_explainerRun) return;
  m_explainerJob.cancel();
  m_explainerLoading = false;
  m_explainer = m_state.explainer(runDir);
  requestAttribution();
}

void TreePanel::requestAttribution() {
  if (m_colourBy->currentIndex() != ByContribution || m_caption.isEmpty() || m_state.runDir().isEmpty() || m_attribution ||
      m_attributionJob.isRunning()) {
    updateNote();
    return;
  }
  if (!m_explainer && (m_explainer = m_state.explainer(m_state.runDir()))) m_explainerRun = m_state.runDir(); // another panel's
  if (!m_explainer) {
    if (!m_explainerLoading || m_explainerRun != m_state.runDir()) openExplainer();
    updateNote();
    return;
  }
  const auto method = AttributionMethod(m_method->currentData().toInt());
  const auto dataset = m_state.dataset();
  const int image = explainedImage();
  const int row = dataset && image >= 0 && image < int(dataset->images.size())
                      ? m_explainer->imageRow(dataset->images[std::size_t(image)].id) : -1;
  const QString unavailable = attributionMethodUnavailable(*m_explainer, method);
  if (!unavailable.isEmpty() || row < 0) {
    m_attributionError = !unavailable.isEmpty() ? unavailable
                                                : tr("select an image of the run's data to explain the caption's score against it");
    applyColouring();
    updateNote();
    Q_EMIT contributionsShown();
    return;
  }
  m_attributionJob.start(
      tr("Explain the caption's score"),
      [explainer = m_explainer, row, text = m_caption, method](JobContext &) { return explainer->explainSentence(row, text, method); },
      [this](const SentenceAttribution &attribution) {
        m_attribution = attribution;
        applyColouring();
        updateNote();
        Q_EMIT contributionsShown();
      },
      [this](const JobOutcome &outcome) {
        m_attributionError = BackgroundJob::failureText(outcome);
        applyColouring();
        updateNote();
        Q_EMIT contributionsShown();
      });
  updateNote();
}

// Both drawn trees take the colours their nodes match; the legend spans ±max|contribution|.
void TreePanel::applyContributionColouring() {
  m_exportContributions->setEnabled(m_attribution.has_value());
  if (m_explainer) {
    auto *model = qobject_cast<QStandardItemModel *>(m_method->model());
    for (int i = 0; model && i < m_method->count(); ++i) {
      const QString why = attributionMethodUnavailable(*m_explainer, AttributionMethod(m_method->itemData(i).toInt()));
      model->item(i)->setEnabled(why.isEmpty());
      model->item(i)->setToolTip(why);
    }
  }
  if (!m_attribution) {
    m_legend->hide();
    return;
  }
  std::vector<double> all;
  for (const AttributedPart &p : m_attribution->parts) all.push_back(p.contribution);
  const ColourScale scale = contributionScale(all);
  for (TreeViewBase *view : {static_cast<TreeViewBase *>(m_dependency), static_cast<TreeViewBase *>(m_constituency)}) {
    NodeContributions shown = contributionsForTree(*m_attribution, view->tree());
    std::vector<QColor> colours;
    for (double v : shown.values) colours.push_back(std::isnan(v) ? QColor() : scale.colour(v));
    view->setNodeColours(std::move(colours));
    view->setNodeToolTips(std::move(shown.tips));
  }
  m_legend->setScale(scale, contributionLegendTitle(m_attribution->method) + QStringLiteral(" — ") +
                                tr("score %1, rank %2 of %3").arg(m_attribution->score, 0, 'f', 3).arg(m_attribution->rank).arg(m_attribution->candidates));
  m_legend->show();
}

void TreePanel::exportContributionsClicked() {
  if (!m_attribution) return;
  exportAttributionAsked(this, *m_attribution);
}

}  // namespace gs
