// The Regions dock's image attribution (regionpanel.h): the occlusion map over the photo and the
// regions' or concepts' contributions on their boxes, as engine jobs; drawn into the figure, so
// the dock and the figure export show the same heat map; the values exported as CSV/JSON.
#include "regions/regionpanel.h"

#include "training/inspect/attributionfile.h"
#include "common/attributiontext.h"
#include "common/colourwidgets.h"
#include "common/explaineropener.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QMessageBox>
#include <QPushButton>

#include <stdexcept>

namespace gs {

namespace {
constexpr int kGridCells = 7;      // rows and columns of the occlusion map (Zeiler & Fergus use a sliding square)
constexpr int kGridAlpha = 150;    // the map's cells over the photo: translucent
constexpr int kPartAlpha = 90;     // regions and concepts overlap: lighter
}  // namespace

struct RegionPanel::AttributionOutcome {
  std::shared_ptr<const ScoreExplainer> explainer;
  ImageAttribution attribution;
};

QLayout *RegionPanel::createAttributionRow() {
  m_occlusionMap = new QPushButton(tr("Occlusion map"), this);
  m_occlusionMap->setObjectName(QStringLiteral("occlusionMapButton"));
  m_occlusionMap->setToolTip(tr("Grey out a %1 × %1 grid of the photo one cell at a time and score the caption again: "
                                "red cells raise the score, blue ones lower it (runs the run's backbone; a background job)")
                                 .arg(kGridCells));
  m_partContributions = new QPushButton(tr("Part contributions"), this);
  m_partContributions->setObjectName(QStringLiteral("partContributionsButton"));
  m_partContributions->setToolTip(tr("Take away each region (HM-LSTM) or concept (concepts model) and score the caption again"));
  m_exportContributions = new QPushButton(tr("Export contributions…"), this);
  m_exportContributions->setObjectName(QStringLiteral("exportImageContributionsButton"));
  m_exportContributions->setEnabled(false);
  m_heatLegend = new ColourLegend(this);
  m_heatLegend->setObjectName(QStringLiteral("heatLegend"));
  m_heatLegend->hide();
  connect(m_occlusionMap, &QPushButton::clicked, this, [this] { startImageAttribution(true); });
  connect(m_partContributions, &QPushButton::clicked, this, [this] { startImageAttribution(false); });
  connect(m_exportContributions, &QPushButton::clicked, this, &RegionPanel::exportContributionsClicked);
  auto *row = new QHBoxLayout;
  row->addWidget(m_occlusionMap);
  row->addWidget(m_partContributions);
  row->addWidget(m_heatLegend);
  row->addStretch(1);
  row->addWidget(m_exportContributions);
  return row;
}

// What can be explained is said in the note rather than refused by a disabled button.
void RegionPanel::startImageAttribution(bool grid) {
  const auto dataset = m_state.dataset();
  m_attributionMessage.clear();
  if (m_state.runDir().isEmpty()) m_attributionMessage = tr("Contributions need a trained run: open one.");
  else if (!dataset || m_image < 0) m_attributionMessage = tr("Select an image and a caption first.");
  else if (m_caption.isEmpty()) m_attributionMessage = tr("Select a caption: the map explains its score against the image.");
  if (!m_attributionMessage.isEmpty()) {
    updateNote();
    Q_EMIT contributionsShown();
    return;
  }
  if (m_explainerRun != m_state.runDir()) m_explainer.reset();
  m_explainerRun = m_state.runDir();
  if (!m_explainer) m_explainer = m_state.explainer(m_explainerRun); // another panel's, when one opened it
  m_attributionMessage = grid ? tr("Computing the occlusion map…") : tr("Computing the parts' contributions…");
  updateNote();
  m_attributionJob.start(
      grid ? tr("Occlusion map of %1").arg(m_imageId) : tr("Contributions of %1's parts").arg(m_imageId),
      [run = m_explainerRun, explainer = m_explainer, dataset, id = m_imageId, caption = m_caption, grid](JobContext &job) {
        AttributionOutcome out{explainer ? explainer : openScoreExplainer(run, dataset.get(), job), {}};
        const int row = out.explainer->imageRow(id);
        if (row < 0) throw std::invalid_argument("image " + id.toStdString() + " is not in the run's data");
        out.attribution = grid ? out.explainer->explainGrid(row, caption, *dataset, kGridCells, kGridCells, &job)
                               : out.explainer->explainImageParts(row, caption);
        return out;
      },
      [this, run = m_explainerRun](const AttributionOutcome &outcome) {
        m_explainer = m_state.shareExplainer(run, outcome.explainer);
        onImageAttribution(outcome);
      },
      [this](const JobOutcome &outcome) {
        m_attributionMessage = tr("No contributions: %1").arg(BackgroundJob::failureText(outcome));
        updateNote();
        Q_EMIT contributionsShown();
      });
}

void RegionPanel::onImageAttribution(const AttributionOutcome &outcome) {
  m_imageAttribution = outcome.attribution;
  m_attributionMessage.clear();
  rebuildFigure();
  updateNote();
  Q_EMIT contributionsShown();
}

// Only the shown image and caption's attribution is drawn; another selection hides it.
bool RegionPanel::attributionIsCurrent() const {
  return m_imageAttribution && m_imageAttribution->imageId == m_imageId && m_imageAttribution->caption == m_caption;
}

void RegionPanel::addAttributionHeat(RegionFigure &figure) const {
  const bool current = attributionIsCurrent();
  m_heatLegend->setVisible(current);
  m_exportContributions->setEnabled(current);
  if (!current) return;
  const ImageAttribution &a = *m_imageAttribution;
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
  m_heatLegend->setScale(scale, title);
  // The exported figure carries its own legend: the two ends of the scale.
  figure.legend.push_back({scale.colour(scale.lo()), tr("lowers the score (Δ %1)").arg(scale.lo(), 0, 'f', 3)});
  figure.legend.push_back({scale.colour(scale.hi()), tr("raises the score (Δ +%1)").arg(scale.hi(), 0, 'f', 3)});
}

void RegionPanel::exportContributionsClicked() {
  if (!attributionIsCurrent()) return;
  const QString path = QFileDialog::getSaveFileName(this, tr("Export the contributions"), QString(), attributionFileFilter());
  if (path.isEmpty()) return;
  try {
    writeAttribution(path, *m_imageAttribution);
  } catch (const std::exception &e) {
    QMessageBox::warning(this, tr("Export the contributions"), QString::fromStdString(e.what()));
  }
}

}  // namespace gs
