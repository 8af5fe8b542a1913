#include "inference/regiongrounding.h"

#include "data/boxes.h"
#include "parse/captionparser.h"
#include "text/tokenizer.h"
#include "engine/jobcontext.h"
#include "training/detail/phrasegrounding.h"
#include "inference/detail/singlejointmodel.h"
#include "training/detail/embedder.h"
#include "training/runs/runfolder.h"
#include "inference/trainedmodel.h"
#include "training/trainingsource.h"
#include "training/datalabelprior.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <mutex>
#include <numeric>

namespace gs {

using namespace detail;

struct RegionGrounder::Impl : InspectedModel {
  TrainingData data;
  std::vector<EncodedCaption> encoded;
  PhraseIndex phrases;
  torch::Tensor regions; // every region in the joint space
  mutable std::mutex splitPhrasesLock;
  mutable std::map<int, torch::Tensor> splitPhrases; // phrasesFor(…, Split): each split's phrase vectors
  mutable std::mutex parserLock;
  mutable std::unique_ptr<CaptionParser> parser; // made on first use (loads Link Grammar's dictionary)
  // A run trained with correspondence_prior λ > 0 scores s(v, h) + λ·π: the label prior it read.
  std::unique_ptr<LabelPriorSource> prior;
  double priorWeight = 0;
  mutable std::mutex priorLock; // ClassCoverage caches its answers without a lock

  // The label prior's two halves, each computed once per phrase or region and combined by
  // priorTerm: the classes under the head noun of the phrase whose words are `words`, and the
  // classifier's probabilities on region row r; both empty without a prior.
  std::vector<int> priorClasses(const QStringList &words) const;
  std::vector<float> priorProbabilities(int r) const;
  // λ·π: 0 without a prior or for a noun that covers no class.
  double priorTerm(const std::vector<float> &probabilities, const std::vector<int> &classes) const {
    return priorWeight * LabelPrior::massIn(probabilities, classes);
  }

  // `captionTokens`: the words of each caption `index` counts, for the label prior's head nouns.
  std::vector<GroundedPhrase> rank(const std::vector<EncodedCaption> &captions, const PhraseIndex &index,
                                   const std::vector<int> &rows, int image, const QStringList &captionTexts,
                                   const std::vector<QStringList> &captionTokens) const;
  int imageRow(const QString &imageId) const; // throws std::invalid_argument when unknown
  int captionRow(int image, const QString &caption) const; // the data's caption of the image with this text; -1
  // A caption typed in: parsed (one parser, made on first use), encoded and its phrases indexed.
  struct Typed {
    QStringList tokens;
    std::vector<EncodedCaption> encoded;
    PhraseIndex index;
  };
  Typed typed(int image, const QString &caption) const;
  std::vector<GroundedPhrase> groundRows(int image, const std::vector<int> &captionRows) const;
};

namespace {

void requireRegionModel(const TrainConfig &config, const QString &runDir) {
  if (!config.needsRegions())
    throw std::runtime_error(QStringLiteral("%1 holds a '%2' run; region grounding needs a model that learns regions (hmlstm)")
                                 .arg(runDir, config.modelName())
                                 .toStdString());
}

}  // namespace

RegionGrounder::RegionGrounder(const QString &runDir, JobContext *job) : m_impl(std::make_unique<Impl>()) {
  requireRegionModel(RunFolder(runDir).config(), runDir);
  const TrainedModel model = TrainedModel::open(runDir);
  open(model, model.prepareData(nullptr, job));
}

RegionGrounder::RegionGrounder(const TrainedModel &model, TrainingData data) : m_impl(std::make_unique<Impl>()) {
  requireRegionModel(model.config(), model.runDir());
  if (!data.hasRegions())
    throw std::invalid_argument(model.runDir().toStdString() + ": region grounding needs the run's data with its regions");
  open(model, std::move(data));
}

void RegionGrounder::open(const TrainedModel &model, TrainingData data) {
  Impl &d = *m_impl;
  static_cast<InspectedModel &>(d) = inspectedModel(model);
  d.data = std::move(data);
  d.encoded = encodeCaptions(d.vocabulary, d.data.captions, d.trees.get());
  d.phrases = indexPhrases(d.data, d.encoded);
  d.priorWeight = model.config().correspondencePrior;
  if (d.priorWeight > 0) d.prior = openLabelPrior(d.data);
  torch::NoGradGuard noGrad;
  d.regions = d.model->embedImages(regionFeatureTensor(d.data));
}

RegionGrounder::~RegionGrounder() = default;

std::vector<int> RegionGrounder::Impl::priorClasses(const QStringList &words) const {
  if (!prior) return {};
  std::lock_guard<std::mutex> lock(priorLock);
  return prior->prior().coverage->classesOf(headNounOfWords(words));
}

std::vector<float> RegionGrounder::Impl::priorProbabilities(int r) const {
  if (!prior) return {};
  return prior->head().probabilities(data.regionFeatures.data() + std::size_t(r) * std::size_t(data.featureDim));
}

const TrainingData &RegionGrounder::data() const { return m_impl->data; }

std::vector<GroundedPhrase> RegionGrounder::Impl::rank(const std::vector<EncodedCaption> &captions, const PhraseIndex &index,
                                                       const std::vector<int> &rows, int image, const QStringList &captionTexts,
                                                       const std::vector<QStringList> &captionTokens) const {
  std::vector<GroundedPhrase> out;
  if (rows.empty()) return out;
  torch::NoGradGuard noGrad;
  JointModel m = model;
  const torch::Tensor y = embedPhrases(m, captions, index, rows);
  const auto [first, last] = data.phraseCandidateRows(image);
  const int base = data.regionOffsets[std::size_t(image)];
  const torch::Tensor scores =
      last > first ? m->similarity(regions.narrow(0, first, last - first), y).t().contiguous() : torch::zeros({y.size(0), 0});
  std::vector<std::vector<float>> probabilities; // of each candidate, for the label prior's term
  for (int r = first; r < last; ++r) probabilities.push_back(priorProbabilities(r));
  for (std::size_t q = 0; q < rows.size(); ++q) {
    const int p = rows[q];
    GroundedPhrase g;
    const int c = index.caption[std::size_t(p)];
    g.caption = captionTexts.value(c);
    g.begin = index.spanBegin[std::size_t(p)];
    g.end = index.spanEnd[std::size_t(p)];
    g.hasTruth = index.hasTruth[std::size_t(p)];
    g.truth = index.truth[std::size_t(p)];
    const std::vector<int> classes = priorClasses(captionTokens[std::size_t(c)].mid(g.begin, g.end - g.begin));
    for (int r = first; r < last; ++r) {
      RankedRegion region;
      region.region = r - base;
      region.box = data.regionBoxes[std::size_t(r)];
      region.score = scores[std::int64_t(q)][r - first].item<double>() + priorTerm(probabilities[std::size_t(r - first)], classes);
      if (g.hasTruth) region.iou = intersectionOverUnion(region.box, g.truth);
      g.regions.push_back(region);
    }
    std::stable_sort(g.regions.begin(), g.regions.end(), [](const RankedRegion &a, const RankedRegion &b) { return a.score > b.score; });
    out.push_back(std::move(g));
  }
  return out;
}

int RegionGrounder::Impl::imageRow(const QString &imageId) const {
  const int image = int(data.imageIds.indexOf(imageId));
  if (image < 0)
    throw std::invalid_argument(QStringLiteral("unknown image '%1' (the run's data has %2 images)")
                                    .arg(imageId)
                                    .arg(data.imageCount())
                                    .toStdString());
  return image;
}

int RegionGrounder::Impl::captionRow(int image, const QString &caption) const {
  const QString wanted = caption.trimmed();
  for (int c = 0; c < int(data.captions.size()); ++c)
    if (data.captions[std::size_t(c)].image == image && data.captions[std::size_t(c)].raw.trimmed() == wanted) return c;
  return -1;
}

RegionGrounder::Impl::Typed RegionGrounder::Impl::typed(int image, const QString &caption) const {
  Typed t;
  t.tokens = tokenize(caption);
  if (t.tokens.isEmpty()) throw std::invalid_argument("RegionGrounder: the caption has no words");
  ParsedCaption parse;
  {
    std::lock_guard<std::mutex> lock(parserLock);
    if (!parser) parser = std::make_unique<CaptionParser>(ParserOptions{DependencyStyle::Collapsed, 3});
    parse = parser->parse(caption);
  }
  TrainingCaption typedCaption{caption, t.tokens, image, false, std::make_shared<const CompactParse>(parse)};
  t.encoded = encodeCaptions(vocabulary, {typedCaption}, trees.get());
  t.index = indexPhrases(TrainingData{}, t.encoded);
  return t;
}

std::vector<GroundedPhrase> RegionGrounder::Impl::groundRows(int image, const std::vector<int> &captionRows) const {
  std::vector<int> rows;
  QStringList texts;
  std::vector<QStringList> tokens;
  for (const TrainingCaption &c : data.captions) {
    texts << c.raw;
    tokens.push_back(c.tokens);
  }
  for (int c : captionRows)
    for (int p = phrases.offset[std::size_t(c)]; p < phrases.offset[std::size_t(c) + 1]; ++p) rows.push_back(p);
  std::vector<GroundedPhrase> out = rank(encoded, phrases, rows, image, texts, tokens);
  for (std::size_t q = 0; q < out.size(); ++q) {
    const int c = phrases.caption[std::size_t(rows[q])];
    out[q].imageId = data.imageIds[image];
    out[q].captionRow = c;
    out[q].text = data.captions[std::size_t(c)].tokens.mid(out[q].begin, out[q].end - out[q].begin).join(QLatin1Char(' '));
  }
  return out;
}

std::vector<GroundedPhrase> RegionGrounder::ground(const QString &imageId, const QString &caption) const {
  Impl &d = *m_impl;
  const int image = d.imageRow(imageId);
  if (caption.isEmpty()) {
    std::vector<int> captions;
    for (int c = 0; c < int(d.data.captions.size()); ++c)
      if (d.data.captions[std::size_t(c)].image == image) captions.push_back(c);
    return d.groundRows(image, captions);
  }
  // One of the data's own captions: its training parse, as the correspondences saw it.
  const int row = d.captionRow(image, caption);
  if (row >= 0) return d.groundRows(image, {row});
  const Impl::Typed t = d.typed(image, caption);
  std::vector<int> rows(std::size_t(t.index.size()));
  std::iota(rows.begin(), rows.end(), 0);
  std::vector<GroundedPhrase> out = d.rank(t.encoded, t.index, rows, image, {caption}, {t.tokens});
  for (GroundedPhrase &g : out) {
    g.imageId = imageId;
    g.text = t.tokens.mid(g.begin, g.end - g.begin).join(QLatin1Char(' '));
  }
  return out;
}

std::vector<ImageRegion> RegionGrounder::regionsOf(const QString &imageId, const QString &caption) const {
  const Impl &d = *m_impl;
  const int image = d.imageRow(imageId);
  const auto [first, last] = d.data.phraseCandidateRows(image);
  const int base = d.data.regionOffsets[std::size_t(image)];
  std::vector<ImageRegion> out;
  for (int r = first; r < last; ++r) {
    ImageRegion region;
    region.region = r - base;
    region.box = d.data.regionBoxes[std::size_t(r)];
    const float *x = d.data.regionFeatures.data() + std::size_t(r) * std::size_t(d.data.featureDim);
    double sum = 0;
    for (int k = 0; k < d.data.featureDim; ++k) sum += double(x[k]) * double(x[k]);
    region.featureNorm = std::sqrt(sum);
    out.push_back(region);
  }
  if (caption.trimmed().isEmpty() || out.empty()) return out;
  // The sentence vector is the root's, mapped into the joint space as the phrases are (§3.2.2).
  torch::NoGradGuard noGrad;
  JointModel m = d.model;
  const int row = d.captionRow(image, caption);
  PhraseIndex root;
  torch::Tensor y;
  if (row >= 0) {
    root.caption = {row};
    root.node = {d.encoded[std::size_t(row)].tree.root};
    y = embedPhrases(m, d.encoded, root, {0});
  } else {
    const Impl::Typed t = d.typed(image, caption);
    root.caption = {0};
    root.node = {t.encoded.front().tree.root};
    y = embedPhrases(m, t.encoded, root, {0});
  }
  const torch::Tensor scores = m->similarity(d.regions.narrow(0, first, last - first), y).squeeze(1);
  for (std::size_t k = 0; k < out.size(); ++k) {
    out[k].hasCaptionScore = true;
    out[k].captionScore = scores[std::int64_t(k)].item<double>();
  }
  return out;
}

std::vector<RankedPhrase> RegionGrounder::phrasesFor(const QString &imageId, int region, PhraseScope scope) const {
  const Impl &d = *m_impl;
  const int image = d.imageRow(imageId);
  const int lowest = d.data.wholeImageCandidate ? 0 : 1;
  if (region < lowest || region >= d.data.regionCount(image))
    throw std::invalid_argument(QStringLiteral("image '%1' has no candidate region %2 (it has %3…%4)")
                                    .arg(imageId)
                                    .arg(region)
                                    .arg(lowest)
                                    .arg(d.data.regionCount(image) - 1)
                                    .toStdString());
  std::vector<int> rows;
  const Split split = d.data.imageSplits[std::size_t(image)];
  for (int p = 0; p < d.phrases.size(); ++p) {
    const int owner = d.data.captions[std::size_t(d.phrases.caption[std::size_t(p)])].image;
    if (scope == PhraseScope::Image ? owner == image : d.data.imageSplits[std::size_t(owner)] == split) rows.push_back(p);
  }
  std::vector<RankedPhrase> out;
  if (rows.empty()) return out;
  torch::NoGradGuard noGrad;
  JointModel m = d.model;
  torch::Tensor y;
  if (scope == PhraseScope::Split) {
    // Every phrase of the split: embedded once per split and kept (the dock asks region after region).
    std::lock_guard<std::mutex> lock(d.splitPhrasesLock);
    torch::Tensor &cached = d.splitPhrases[int(split)];
    if (!cached.defined()) cached = embedPhrases(m, d.encoded, d.phrases, rows);
    y = cached;
  } else {
    y = embedPhrases(m, d.encoded, d.phrases, rows);
  }
  const int r = d.data.regionOffsets[std::size_t(image)] + region;
  const torch::Tensor scores = m->similarity(d.regions.narrow(0, r, 1), y).squeeze(0);
  const std::vector<float> probabilities = d.priorProbabilities(r);
  for (std::size_t q = 0; q < rows.size(); ++q) {
    const int p = rows[q];
    const TrainingCaption &c = d.data.captions[std::size_t(d.phrases.caption[std::size_t(p)])];
    RankedPhrase ranked;
    ranked.imageId = d.data.imageIds[c.image];
    ranked.caption = c.raw;
    ranked.begin = d.phrases.spanBegin[std::size_t(p)];
    ranked.end = d.phrases.spanEnd[std::size_t(p)];
    ranked.text = c.tokens.mid(ranked.begin, ranked.end - ranked.begin).join(QLatin1Char(' '));
    ranked.score = scores[std::int64_t(q)].item<double>() +
                   d.priorTerm(probabilities, d.priorClasses(c.tokens.mid(ranked.begin, ranked.end - ranked.begin)));
    out.push_back(ranked);
  }
  std::stable_sort(out.begin(), out.end(), [](const RankedPhrase &a, const RankedPhrase &b) { return a.score > b.score; });
  return out;
}

std::vector<GroundedPhrase> RegionGrounder::groundSplit(Split split, JobContext *job) const {
  const Impl &d = *m_impl;
  std::vector<std::vector<int>> captionsOf(std::size_t(d.data.imageCount()));
  for (int c = 0; c < int(d.data.captions.size()); ++c) captionsOf[std::size_t(d.data.captions[std::size_t(c)].image)].push_back(c);
  const std::vector<int> images = d.data.imagesIn(split);
  std::vector<GroundedPhrase> out;
  for (std::size_t k = 0; k < images.size(); ++k) {
    if (job) {
      job->checkpoint();
      job->setItemProgress(qint64(k), qint64(images.size()), QStringLiteral("grounding phrases"));
    }
    std::vector<GroundedPhrase> part = d.groundRows(images[k], captionsOf[std::size_t(images[k])]);
    std::move(part.begin(), part.end(), std::back_inserter(out));
  }
  return out;
}

}  // namespace gs
