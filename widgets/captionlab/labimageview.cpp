#include "captionlab/labimageview.h"

#include "engine/jobcontext.h"
#include "figures/regionfigurebuilder.h"
#include "shared/regionimageview.h"
#include "inference/trainedmodel.h"
#include "training/runs/runfolder.h"

#include <QLabel>
#include <QVBoxLayout>

namespace gs {

namespace {
constexpr int kConceptsShown = 5; // top concepts listed and boxed
constexpr int kMaxPhotoSide = 512; // the view is small: no need to decode more
const QSize kViewMinimum(180, 140);
}  // namespace

LabImageTools openLabImageTools(const QString &runDir, const TrainingData &data, JobContext &job) {
  LabImageTools tools;
  try {
    const TrainConfig config = RunFolder(runDir).config();
    if (config.needsRegions()) {
      const TrainedModel model = TrainedModel::open(runDir);
      tools.grounder = std::make_shared<const RegionGrounder>(model, data);
    } else if (config.readsConcepts()) {
      tools.inspector = std::make_shared<const ConceptInspector>(runDir, &job);
    }
  } catch (const std::exception &e) {
    tools.error = QString::fromStdString(e.what());
  }
  return tools;
}

LabImageResult groundOnImage(const LabImageTools &tools, const ImageRecord &image, const QString &caption) {
  LabImageResult out;
  out.figure = regionFigureFor(image.path, QSize(image.width, image.height), kMaxPhotoSide);
  try {
    if (tools.grounder) {
      out.phrases = tools.grounder->ground(image.id, caption);
      PhraseFigureOptions options;
      options.truth = false; // a typed caption has no ground-truth boxes
      addPhrases(out.figure, out.phrases, options);
    } else if (tools.inspector) {
      out.concepts = tools.inspector->inspect(image.id, kConceptsShown, 0);
      addConcepts(out.figure, out.concepts->concepts, kConceptsShown);
      out.figure.title = conceptsFigureTitle(*out.concepts);
    }
  } catch (const std::exception &e) {
    out.error = QString::fromStdString(e.what()); // an image the run's data skipped, a caption without words
  }
  return out;
}

LabImageView::LabImageView(QWidget *parent) : QGroupBox(tr("On the image"), parent) {
  m_view = new RegionImageView;
  m_view->setObjectName(QStringLiteral("labImageView"));
  m_view->setMinimumSize(kViewMinimum);
  m_view->setAccessibleName(tr("The selected image with the caption's phrase boxes or the image's concepts"));
  m_summary = new QLabel;
  m_summary->setObjectName(QStringLiteral("labImageSummary"));
  m_summary->setWordWrap(true);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(m_view, 1);
  layout->addWidget(m_summary);
  hide();
}

namespace {
// One line per phrase: its words and the region it picks, with s(v, h).
QString phrasesText(const std::vector<GroundedPhrase> &phrases) {
  if (phrases.empty()) return LabImageView::tr("The caption has no noun phrase to ground.");
  QStringList lines;
  for (const GroundedPhrase &p : phrases)
    lines << (p.regions.empty() ? LabImageView::tr("“%1”: no region").arg(p.text)
                                : LabImageView::tr("“%1” → region %2 (s = %3)").arg(p.text).arg(p.regions.front().region).arg(p.regions.front().score, 0, 'f', 3));
  return lines.join(QLatin1Char('\n'));
}

// The gate's mean read as a share, then the top concepts with p_c.
QString conceptsText(const ConceptInspection &c) {
  QStringList names;
  for (const ScoredConcept &concept : c.concepts) names << QStringLiteral("%1 %2").arg(concept.name).arg(concept.score, 0, 'f', 2);
  const QString top = LabImageView::tr("Top concepts: %1").arg(names.join(QStringLiteral(", ")));
  if (!c.gated) return LabImageView::tr("This run sums concepts and context (no gate).") + QLatin1Char('\n') + top;
  return LabImageView::tr("Gate t = %1: the image's vector takes %2 % from its concepts, %3 % from the global context (Eq. 2).")
             .arg(c.meanGate, 0, 'f', 3)
             .arg(c.meanGate * 100, 0, 'f', 0)
             .arg((1 - c.meanGate) * 100, 0, 'f', 0) +
         QLatin1Char('\n') + top;
}
}  // namespace

void LabImageView::setResult(const LabImageResult &result) {
  m_view->setFigure(result.figure);
  if (!result.error.isEmpty()) m_summary->setText(result.error);
  else if (result.concepts) m_summary->setText(conceptsText(*result.concepts));
  else m_summary->setText(phrasesText(result.phrases));
  setTitle(result.concepts ? tr("On the image: gate and concepts") : tr("On the image: phrase boxes"));
  show();
}

void LabImageView::clear() {
  m_view->setFigure({});
  m_summary->clear();
  hide();
}

QString LabImageView::summary() const { return m_summary->text(); }
const RegionFigure &LabImageView::figure() const { return m_view->figure(); }

}  // namespace gs
