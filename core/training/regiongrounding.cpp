#include "training/regiongrounding.h"

#include "data/boxes.h"
#include "parse/captionparser.h"
#include "text/tokenizer.h"
#include "training/detail/phrasegrounding.h"
#include "training/detail/runfiles.h"
#include "training/trainingsource.h"

#include <algorithm>
#include <mutex>
#include <numeric>

namespace gs {

using namespace detail;

struct RegionGrounder::Impl {
  TrainConfig config;
  TrainingData data;
  Vocabulary vocabulary;
  std::shared_ptr<TreeVocabulary> trees;
  std::shared_ptr<Embedder> embedder; // keeps the model alive
  JointModel model{nullptr};
  std::vector<EncodedCaption> encoded;
  PhraseIndex phrases;
  torch::Tensor regions; // every region in the joint space
  std::mutex parserLock;
  std::unique_ptr<CaptionParser> parser; // made on first use (loads Link Grammar's dictionary)

  std::vector<GroundedPhrase> rank(const std::vector<EncodedCaption> &captions, const PhraseIndex &index,
                                   const std::vector<int> &rows, int image, const QStringList &captionTexts) const;
};

RegionGrounder::RegionGrounder(const QString &runDir, JobContext *job) : m_impl(std::make_unique<Impl>()) {
  const RunFolder run(runDir);
  Impl &d = *m_impl;
  d.config = run.config();
  if (!d.config.needsRegions())
    throw std::runtime_error(QStringLiteral("%1 holds a '%2' run; region grounding needs a model that learns regions (hmlstm)")
                                 .arg(runDir, d.config.modelName())
                                 .toStdString());
  TrainingSource source = run.source();
  requestInputsOf(d.config, source);
  d.data = prepareTrainingData(source, job);
  d.vocabulary = readVocabulary(run);
  d.trees = readTreeVocabulary(run, d.config);
  d.embedder = openEmbedder(run, d.config, d.vocabulary, d.data.featureDim, d.trees.get());
  const auto *joint = dynamic_cast<JointEmbedder *>(d.embedder.get());
  if (!joint) throw std::runtime_error(runDir.toStdString() + ": not a joint-space run");
  d.model = joint->members().front();
  d.model->eval();
  d.encoded = encodeCaptions(d.vocabulary, d.data.captions, d.trees.get());
  d.phrases = indexPhrases(d.data, d.encoded);
  torch::NoGradGuard noGrad;
  d.regions = d.model->embedImages(regionFeatureTensor(d.data));
}

RegionGrounder::~RegionGrounder() = default;

const TrainingData &RegionGrounder::data() const { return m_impl->data; }

std::vector<GroundedPhrase> RegionGrounder::Impl::rank(const std::vector<EncodedCaption> &captions, const PhraseIndex &index,
                                                       const std::vector<int> &rows, int image,
                                                       const QStringList &captionTexts) const {
  std::vector<GroundedPhrase> out;
  if (rows.empty()) return out;
  torch::NoGradGuard noGrad;
  JointModel m = model;
  const torch::Tensor y = embedPhrases(m, captions, index, rows);
  const int first = data.regionOffsets[std::size_t(image)] + 1, last = data.regionOffsets[std::size_t(image) + 1];
  const torch::Tensor scores =
      last > first ? m->similarity(regions.narrow(0, first, last - first), y).t().contiguous() : torch::zeros({y.size(0), 0});
  for (std::size_t q = 0; q < rows.size(); ++q) {
    const int p = rows[q];
    GroundedPhrase g;
    const int c = index.caption[std::size_t(p)];
    g.caption = captionTexts.value(c);
    g.begin = index.spanBegin[std::size_t(p)];
    g.end = index.spanEnd[std::size_t(p)];
    g.hasTruth = index.hasTruth[std::size_t(p)];
    g.truth = index.truth[std::size_t(p)];
    for (int r = first; r < last; ++r) {
      RankedRegion region;
      region.region = r - first + 1;
      region.box = data.regionBoxes[std::size_t(r)];
      region.score = scores[std::int64_t(q)][r - first].item<double>();
      if (g.hasTruth) region.iou = intersectionOverUnion(region.box, g.truth);
      g.regions.push_back(region);
    }
    std::stable_sort(g.regions.begin(), g.regions.end(), [](const RankedRegion &a, const RankedRegion &b) { return a.score > b.score; });
    out.push_back(std::move(g));
  }
  return out;
}

std::vector<GroundedPhrase> RegionGrounder::ground(const QString &imageId, const QString &caption) const {
  Impl &d = *m_impl;
  const int image = int(d.data.imageIds.indexOf(imageId));
  if (image < 0)
    throw std::invalid_argument(QStringLiteral("unknown image '%1' (the run's data has %2 images)")
                                    .arg(imageId)
                                    .arg(d.data.imageCount())
                                    .toStdString());
  if (caption.isEmpty()) {
    std::vector<int> rows;
    QStringList texts;
    for (int c = 0; c < int(d.data.captions.size()); ++c) {
      texts << d.data.captions[std::size_t(c)].raw;
      if (d.data.captions[std::size_t(c)].image != image) continue;
      for (int p = d.phrases.offset[std::size_t(c)]; p < d.phrases.offset[std::size_t(c) + 1]; ++p) rows.push_back(p);
    }
    std::vector<GroundedPhrase> out = d.rank(d.encoded, d.phrases, rows, image, texts);
    for (std::size_t q = 0; q < out.size(); ++q) {
      const int c = d.phrases.caption[std::size_t(rows[q])];
      out[q].captionRow = c;
      out[q].text = d.data.captions[std::size_t(c)].tokens.mid(out[q].begin, out[q].end - out[q].begin).join(QLatin1Char(' '));
    }
    return out;
  }
  const QStringList tokens = tokenize(caption);
  if (tokens.isEmpty()) throw std::invalid_argument("RegionGrounder::ground: the caption has no words");
  ParsedCaption parse;
  {
    std::lock_guard<std::mutex> lock(d.parserLock);
    if (!d.parser) d.parser = std::make_unique<CaptionParser>(ParserOptions{DependencyStyle::Collapsed, 3});
    parse = d.parser->parse(caption);
  }
  TrainingCaption typed{caption, tokens, image, false, std::make_shared<const ParsedCaption>(parse)};
  const std::vector<EncodedCaption> encoded = encodeCaptions(d.vocabulary, {typed}, d.trees.get());
  const PhraseIndex index = indexPhrases(TrainingData{}, encoded);
  std::vector<int> rows(std::size_t(index.size()));
  std::iota(rows.begin(), rows.end(), 0);
  std::vector<GroundedPhrase> out = d.rank(encoded, index, rows, image, {caption});
  for (GroundedPhrase &g : out) g.text = tokens.mid(g.begin, g.end - g.begin).join(QLatin1Char(' '));
  return out;
}

}  // namespace gs
