#include "regions/regionscene.h"

#include "engine/jobcontext.h"
#include "inference/goldgrounding.h"
#include "vision/imageregions.h"

#include <QSize>

#include <limits>

namespace gs {

namespace {

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

QString boxText(const Box &b) {
  return QStringLiteral("%1,%2 %3×%4").arg(b.x, 0, 'f', 0).arg(b.y, 0, 'f', 0).arg(b.width, 0, 'f', 0).arg(b.height, 0, 'f', 0);
}

struct RegionScene::Request {
  QString path;
  QSize size;
  QString id, caption;
  std::vector<GroundedPhrase> truth;
  std::shared_ptr<const RegionGrounder> grounder;
  std::shared_ptr<const ConceptInspector> inspector;
  std::shared_ptr<const GoldGrounding> gold;
};

struct RegionScene::Outcome {
  RegionFigure base;
  std::vector<Box> proposals;
  std::vector<ImageRegion> regionInfo;
  std::vector<GroundedPhrase> phrases;
  std::optional<ConceptInspection> concepts;
  QString error;
};

RegionScene::RegionScene(EngineBridge &bridge, QObject *parent) : QObject(parent), m_job(bridge, this) {}

bool RegionScene::selectImage(const Dataset &dataset, int image, int caption) {
  if (image < 0 || image >= int(dataset.images.size())) return false;
  m_image = image;
  const ImageRecord &record = dataset.images[std::size_t(image)];
  if (caption >= 0 && caption < int(dataset.captions.size()) && dataset.captions[std::size_t(caption)].image == image)
    m_caption = dataset.captions[std::size_t(caption)].raw;
  else
    m_caption = record.captions.empty() ? QString() : dataset.captions[std::size_t(record.captions.front())].raw;
  return true;
}

bool RegionScene::selectCaption(const Dataset &dataset, int caption) {
  if (caption < 0 || caption >= int(dataset.captions.size())) return false;
  m_image = dataset.captions[std::size_t(caption)].image;
  m_caption = dataset.captions[std::size_t(caption)].raw;
  return true;
}

void RegionScene::clear() {
  m_image = -1;
  m_imageId.clear();
  m_caption.clear();
  m_phrases.clear();
  m_concepts.reset();
  m_base = RegionFigure{};
}

void RegionScene::score(const Dataset &dataset, std::shared_ptr<const RegionGrounder> grounder,
                        std::shared_ptr<const ConceptInspector> inspector, std::shared_ptr<const GoldGrounding> gold) {
  const ImageRecord &record = dataset.images[std::size_t(m_image)];
  m_imageId = record.id;
  int captionIndex = -1;
  for (int c : record.captions)
    if (dataset.captions[std::size_t(c)].raw == m_caption) captionIndex = c;
  Request request{record.path, QSize(record.width, record.height), record.id, m_caption,
                  captionIndex >= 0 ? truthPhrases(dataset, captionIndex) : std::vector<GroundedPhrase>{},
                  std::move(grounder), std::move(inspector), std::move(gold)};
  m_working = true;
  m_job.start(
      tr("Regions of %1").arg(record.id), [request = std::move(request)](JobContext &) { return work(request); },
      [this](const Outcome &out) { onScored(out); },
      [this](const JobOutcome &outcome) {
        m_working = false;
        m_error = tr("Cannot show the image's regions: %1").arg(BackgroundJob::failureText(outcome));
        Q_EMIT failed();
      });
}

// The photo, its proposals and the caption's phrases grounded by the run (or a concepts run's
// inspection), on the engine's thread; what fails is reported in the outcome beside what worked.
RegionScene::Outcome RegionScene::work(const Request &request) {
  Outcome out;
  out.base = regionFigureFor(request.path, request.size);
  out.phrases = request.truth;
  try {
    if (request.grounder) {
      // The numbered proposals are the boxes 1…; the whole image (region 0, a candidate with scored
      // proposals) is the photo itself.
      for (const ImageRegion &r : request.grounder->regionsOf(request.id, request.caption))
        if (r.region > 0) {
          out.regionInfo.push_back(r);
          out.proposals.push_back(r.box);
        }
      if (!request.caption.isEmpty()) out.phrases = request.grounder->ground(request.id, request.caption);
      if (request.gold) out.phrases = withGoldTruth(std::move(out.phrases), request.gold->rows);
      return out;
    }
    if (request.inspector) out.concepts = request.inspector->inspect(request.id, kConceptBars, 0);
  } catch (const std::exception &e) {
    out.error = QString::fromStdString(e.what()); // e.g. an image the run's data skipped
  }
  proposeRegions(out, request.path);
  return out;
}

// Without an HM-LSTM run the proposals are computed as the features job computes them.
void RegionScene::proposeRegions(Outcome &out, const QString &path) {
  if (out.base.image.isNull()) return;
  try {
    out.proposals = proposeImageRegions(path);
  } catch (const std::exception &e) {
    if (out.error.isEmpty()) out.error = QString::fromStdString(e.what());
  }
}

void RegionScene::onScored(const Outcome &out) {
  m_working = false;
  m_base = out.base;
  m_proposals = out.proposals;
  m_regionInfo = out.regionInfo;
  m_phrases = out.phrases;
  m_concepts = out.concepts;
  m_error = out.error;
  Q_EMIT scored();
}

int RegionScene::phraseIndex(int begin, int end) const {
  for (int k = 0; k < int(m_phrases.size()); ++k)
    if (m_phrases[std::size_t(k)].begin == begin && m_phrases[std::size_t(k)].end == end) return k;
  return -1;
}

RegionFigure RegionScene::figure(bool proposals, const PhraseFigureOptions &options, const RegionSelection &selection,
                                 int highlightedConcept) const {
  RegionFigure figure = m_base;
  figure.title = m_concepts ? conceptsFigureTitle(*m_concepts) : m_caption; // drawn, and exported, with the figure
  if (proposals) addProposals(figure, m_proposals);
  if (options.learned || options.truth) addPhrases(figure, m_phrases, options);
  if (m_concepts) addConcepts(figure, m_concepts->concepts, kConceptBoxes, conceptColourOffset(options.truth));
  // The clicked region, drawn even when the proposals are hidden.
  const int region = selection.region;
  if (selection.regionClicked && region > 0 && !proposals && region <= int(m_proposals.size())) {
    FigureBox box;
    box.kind = FigureBox::Proposal;
    box.index = region;
    box.box = m_proposals[std::size_t(region - 1)];
    box.colour = QColor(255, 255, 255);
    box.label = QString::number(region);
    addFigureBox(figure, 0, box);
  }
  for (FigurePanel &panel : figure.panels)
    for (FigureBox &box : panel.boxes) {
      if ((box.kind == FigureBox::Learned || box.kind == FigureBox::Truth || box.kind == FigureBox::Prior) && box.index == selection.phrase)
        box.emphasised = true;
      if (box.kind == FigureBox::Concept && box.index == highlightedConcept) box.emphasised = true;
      if (box.kind == FigureBox::Proposal && box.index == region && selection.regionClicked) {
        box.emphasised = true;
        box.colour = QColor(255, 215, 0);
      }
    }
  return figure;
}

int RegionScene::conceptColourOffset(bool truthShown) const {
  // The palette has ten colours: the concepts take the next ones after the phrases' true boxes.
  return truthShown ? int(m_phrases.size()) : 0;
}

QString RegionScene::toolTip(const FigureBox &box) const {
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
  case FigureBox::Prior:
    if (box.index >= 0 && box.index < int(m_phrases.size()))
      return (box.kind == FigureBox::Truth   ? tr("ground truth of “%1”: %2")
              : box.kind == FigureBox::Prior ? tr("the label prior's choice for “%1” (no training: its head noun's ImageNet classes): %2")
                                             : tr("learned for “%1”: %2"))
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

}  // namespace gs
