#include "regions/regionattributionview.h"

#include "common/attributiontext.h"
#include "common/colourwidgets.h"
#include "common/explaineropener.h"
#include "common/workbenchstate.h"
#include "engine/jobcontext.h"
#include "regions/regionscene.h"

#include <QHBoxLayout>
#include <QPushButton>

#include <stdexcept>

namespace gs {

namespace {
constexpr int kGridCells = 7;   // rows and columns of the occlusion map (Zeiler & Fergus use a sliding square)
constexpr int kGridAlpha = 150; // the map's cells over the photo: translucent
constexpr int kPartAlpha = 90;  // regions and concepts overlap: lighter
}  // namespace

struct RegionAttributionView::Outcome {
  std::shared_ptr<const ScoreExplainer> explainer;
  ImageAttribution attribution;
};

RegionAttributionView::RegionAttributionView(EngineBridge &bridge, WorkbenchState &state, const RegionScene &scene, QWidget *parent)
    : QWidget(parent), m_state(state), m_scene(scene), m_job(bridge, this) {
  m_occlusionMap = new QPushButton(tr("Occlusion map"), this);
  m_occlusionMap->setObjectName(QStringLiteral("occlusionMapButton"));
  m_occlusionMap->setToolTip(tr("Grey out a %1 × %1 grid of the photo one cell at a time and score the caption again: "
                                "red cells raise the score, blue ones lower it (runs the run's backbone; a background job)")
                                 .arg(kGridCells));
  m_partContributions = new QPushButton(tr("Part contributions"), this);
  m_partContributions->setObjectName(QStringLiteral("partContributionsButton"));
  m_partContributions->setToolTip(tr("Take away each region (HM-LSTM) or concept (concepts model) and score the caption again"));
  m_export = new QPushButton(tr("Export contributions…"), this);
  m_export->setObjectName(QStringLiteral("exportImageContributionsButton"));
  m_export->setEnabled(false);
  m_legend = new ColourLegend(this);
  m_legend->setObjectName(QStringLiteral("heatLegend"));
  m_legend->hide();
  connect(m_occlusionMap, &QPushButton::clicked, this, [this] { start(true); });
  connect(m_partContributions, &QPushButton::clicked, this, [this] { start(false); });
  connect(m_export, &QPushButton::clicked, this, &RegionAttributionView::exportClicked);
  auto *row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(m_occlusionMap);
  row->addWidget(m_partContributions);
  row->addWidget(m_legend);
  row->addStretch(1);
  row->addWidget(m_export);
}

// What can be explained is said in the note rather than refused by a disabled button.
QString RegionAttributionView::refusal() const {
  if (m_state.runDir().isEmpty()) return tr("Contributions need a trained run: open one.");
  if (!m_state.dataset() || m_scene.image() < 0) return tr("Select an image and a caption first.");
  if (m_scene.caption().isEmpty()) return tr("Select a caption: the map explains its score against the image.");
  return {};
}

void RegionAttributionView::start(bool grid) {
  m_message = refusal();
  if (!m_message.isEmpty()) {
    Q_EMIT messageChanged();
    Q_EMIT contributionsShown();
    return;
  }
  if (m_explainerRun != m_state.runDir()) m_explainer.reset();
  m_explainerRun = m_state.runDir();
  if (!m_explainer) m_explainer = m_state.explainer(m_explainerRun); // another panel's, when one opened it
  m_message = grid ? tr("Computing the occlusion map…") : tr("Computing the parts' contributions…");
  Q_EMIT messageChanged();
  const QString id = m_scene.imageId();
  m_job.start(
      grid ? tr("Occlusion map of %1").arg(id) : tr("Contributions of %1's parts").arg(id),
      [run = m_explainerRun, explainer = m_explainer, dataset = m_state.dataset(), id, caption = m_scene.caption(), grid](JobContext &job) {
        Outcome out{explainer ? explainer : openScoreExplainer(run, dataset.get(), job), {}};
        const int row = out.explainer->imageRow(id);
        if (row < 0) throw std::invalid_argument("image " + id.toStdString() + " is not in the run's data");
        out.attribution = grid ? out.explainer->explainGrid(row, caption, *dataset, kGridCells, kGridCells, &job)
                               : out.explainer->explainImageParts(row, caption);
        return out;
      },
      [this, run = m_explainerRun](const Outcome &outcome) {
        m_explainer = m_state.shareExplainer(run, outcome.explainer);
        onAttribution(outcome.attribution);
      },
      [this](const JobOutcome &outcome) { onFailed(tr("No contributions: %1").arg(BackgroundJob::failureText(outcome))); });
}

void RegionAttributionView::onAttribution(const ImageAttribution &attribution) {
  m_attribution = attribution;
  m_message.clear();
  Q_EMIT attributionReady();
  Q_EMIT messageChanged();
  Q_EMIT contributionsShown();
}

void RegionAttributionView::onFailed(const QString &message) {
  m_message = message;
  Q_EMIT messageChanged();
  Q_EMIT contributionsShown();
}

void RegionAttributionView::follow(const QString &imageId, const QString &caption) {
  // What the note says about contributions (an error, "computing…") is about the image and caption
  // it was asked for: another selection drops it, and the job still computing for the old one.
  if (imageId != m_scene.imageId() || caption != m_caption) {
    m_job.cancel();
    m_message.clear();
  }
  m_caption = caption;
}

// Only the shown image and caption's attribution is drawn; another selection hides it.
bool RegionAttributionView::isCurrent() const {
  return m_attribution && m_attribution->imageId == m_scene.imageId() && m_attribution->caption == m_scene.caption();
}

void RegionAttributionView::addHeat(RegionFigure &figure) {
  const bool current = isCurrent();
  m_legend->setVisible(current);
  m_export->setEnabled(current);
  if (!current) return;
  const ImageAttribution &a = *m_attribution;
  std::vector<double> values;
  for (const AttributedArea &area : a.areas) values.push_back(area.contribution);
  const ColourScale scale = contributionScale(values);
  const int alpha = a.kind == ImageAreaKind::GridCell ? kGridAlpha : kPartAlpha;
  for (const AttributedArea &area : a.areas) {
    QColor colour = scale.colour(area.contribution);
    colour.setAlpha(alpha);
    figure.heat.push_back({area.box, colour});
  }
  const QString title = a.kind == ImageAreaKind::GridCell ? tr("what the cell adds to the score (the score minus the score with the cell grey)")
                        : a.kind == ImageAreaKind::Region ? tr("what the region adds to the phrase–region match")
                                                          : tr("what the concept adds to the score (the score minus the score with it set to 0)");
  m_legend->setScale(scale, title);
  // The exported figure carries its own legend: the two ends of the scale.
  figure.legend.push_back({scale.colour(scale.lo()), tr("lowers the score (Δ %1)").arg(scale.lo(), 0, 'f', 3)});
  figure.legend.push_back({scale.colour(scale.hi()), tr("raises the score (Δ +%1)").arg(scale.hi(), 0, 'f', 3)});
}

void RegionAttributionView::exportClicked() {
  if (!isCurrent()) return;
  exportAttributionAsked(this, *m_attribution);
}

}  // namespace gs
