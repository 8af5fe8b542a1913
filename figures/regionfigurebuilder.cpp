#include "figures/regionfigurebuilder.h"

#include "inference/correspondencefile.h"

#include <QFileInfo>
#include <QImageReader>

#include <algorithm>

namespace gs {

RegionFigure regionFigureFor(const QString &path, QSize recordedSize, int maxSide) {
  RegionFigure figure;
  figure.imageSize = recordedSize;
  if (!QFileInfo::exists(path)) {
    figure.placeholder = QObject::tr("image file missing:\n%1").arg(path);
    return figure;
  }
  QImageReader reader(path);
  reader.setAutoTransform(false); // boxes are in the stored pixel grid, as the features job read it
  const QSize size = reader.size();
  if (size.isValid()) {
    figure.imageSize = size;
    const int longer = std::max(size.width(), size.height());
    if (longer > maxSide) reader.setScaledSize(size.scaled(maxSide, maxSide, Qt::KeepAspectRatio));
  }
  QImage image = reader.read();
  if (image.isNull()) {
    figure.placeholder = QObject::tr("cannot read %1:\n%2").arg(path, reader.errorString());
    return figure;
  }
  if (!size.isValid()) figure.imageSize = image.size();
  figure.image = std::move(image);
  return figure;
}

namespace {
// The label prior's boxes: one neutral colour for every phrase, so they read as "not the model's".
const QColor kPriorColour(96, 96, 96);
}  // namespace

QString phraseLegendText(const GroundedPhrase &phrase) {
  QString text = phrase.text;
  if (phrase.regions.empty()) return text;
  const RankedRegion &best = phrase.regions.front();
  text += QStringLiteral(" — %1").arg(best.score, 0, 'f', 2);
  if (phrase.hasTruth)
    text += QObject::tr(", IoU %1 %2").arg(best.iou, 0, 'f', 2).arg(best.iou >= kCorrectIoU ? QStringLiteral("✓") : QStringLiteral("✗"));
  return text;
}

void addPhrases(RegionFigure &figure, const std::vector<GroundedPhrase> &phrases, const PhraseFigureOptions &options) {
  const bool split = options.sideBySide && options.learned && options.truth;
  if (split) {
    figure.panels.resize(2);
    figure.panels[0].title = QObject::tr("learned");
    figure.panels[1].title = QObject::tr("ground truth");
  }
  for (std::size_t k = 0; k < phrases.size(); ++k) {
    const GroundedPhrase &p = phrases[k];
    const QColor colour = figureColour(int(k));
    if (options.learned)
      for (std::size_t r = 0; r < p.regions.size() && int(r) < options.topK; ++r) {
        const RankedRegion &region = p.regions[r];
        if (region.score < options.scoreThreshold) continue;
        FigureBox box;
        box.kind = FigureBox::Learned;
        box.index = int(k);
        box.box = region.box;
        box.colour = colour;
        box.label = options.topK > 1 ? QStringLiteral("%1 #%2 %3").arg(p.text).arg(r + 1).arg(region.score, 0, 'f', 2)
                                     : QStringLiteral("%1 %2").arg(p.text).arg(region.score, 0, 'f', 2);
        addFigureBox(figure, 0, box);
      }
    if (options.truth && p.hasTruth) {
      FigureBox box;
      box.kind = FigureBox::Truth;
      box.index = int(k);
      box.box = p.truth;
      box.colour = colour;
      box.dashed = true;
      if (split || !options.learned) box.label = p.text;
      addFigureBox(figure, split ? 1 : 0, box);
    }
    if (options.truth && p.hasPrior) {
      FigureBox box;
      box.kind = FigureBox::Prior;
      box.index = int(k);
      box.box = p.prior;
      box.colour = kPriorColour;
      box.dashed = true;
      box.label = QObject::tr("prior: %1").arg(p.text);
      addFigureBox(figure, split ? 1 : 0, box);
    }
    figure.legend.push_back({colour, phraseLegendText(p), false});
  }
  if (options.truth && std::any_of(phrases.begin(), phrases.end(), [](const GroundedPhrase &p) { return p.hasTruth; }))
    figure.legend.push_back({QColor(Qt::darkGray), QObject::tr("ground truth (dashed)"), true});
  if (options.truth && std::any_of(phrases.begin(), phrases.end(), [](const GroundedPhrase &p) { return p.hasPrior; }))
    figure.legend.push_back({kPriorColour, QObject::tr("label prior's choice, no training (grey, dashed)"), true});
}

void addProposals(RegionFigure &figure, const std::vector<Box> &proposals, int panel) {
  for (std::size_t k = 0; k < proposals.size(); ++k) {
    FigureBox box;
    box.kind = FigureBox::Proposal;
    box.index = int(k) + 1;
    box.box = proposals[k];
    box.colour = QColor(200, 200, 200);
    box.label = QString::number(k + 1);
    addFigureBox(figure, panel, box);
  }
}

QString conceptsFigureTitle(const ConceptInspection &inspection) {
  return inspection.gated ? QObject::tr("%1: top concepts; gate t mean %2").arg(inspection.imageId).arg(inspection.meanGate, 0, 'f', 3)
                          : QObject::tr("%1: top concepts").arg(inspection.imageId);
}

void addConcepts(RegionFigure &figure, const std::vector<ScoredConcept> &concepts, int top, int firstColour) {
  for (std::size_t k = 0; k < concepts.size() && int(k) < top; ++k) {
    const ScoredConcept &c = concepts[k];
    FigureBox box;
    box.kind = FigureBox::Concept;
    box.index = int(k);
    box.box = c.box;
    box.colour = figureColour(firstColour + int(k));
    box.label = QStringLiteral("%1 %2").arg(c.name).arg(c.score, 0, 'f', 2);
    addFigureBox(figure, 0, box);
    figure.legend.push_back({box.colour, QObject::tr("%1 — p %2, region %3").arg(c.name).arg(c.score, 0, 'f', 2).arg(c.region), false});
  }
}

}  // namespace gs
