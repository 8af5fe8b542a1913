#include "training/detail/phrasegrounding.h"

#include "data/boxes.h"
#include "models/detail/textbatch.h"
#include "models/detail/treeencoders.h"
#include "training/detail/embedder.h"
#include "training/parallel/detail/collective.h"
#include "training/detail/losses.h"
#include "training/detail/phraseprior.h"

#include <QJsonArray>

#include <algorithm>
#include <map>
#include <tuple>

namespace gs::detail {

namespace {

TreeEncoderImpl &treeEncoderOf(JointModel &model) {
  auto *tree = dynamic_cast<TreeEncoderImpl *>(model->encoder.get());
  if (!tree) throw std::logic_error("HM-LSTM: the model's sentence encoder is not a tree encoder");
  return *tree;
}

// Restores a module's training mode when it goes out of scope.
struct EvalScope {
  explicit EvalScope(JointModel &m) : model(m), wasTraining(m->is_training()) { model->eval(); }
  ~EvalScope() {
    if (wasTraining) model->train();
  }
  JointModel &model;
  bool wasTraining;
};

// Row indices of image i's candidate regions (every region but the whole image, unless the data
// makes it a candidate: TrainingData::wholeImageCandidate).
std::pair<int, int> candidateRows(const TrainingData &data, int image) { return data.phraseCandidateRows(image); }

std::vector<float> toVector(const torch::Tensor &t) {
  const auto c = t.contiguous().to(torch::kFloat);
  return std::vector<float>(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
}

// Eq. 10's w_{d,k} = min(1, max(0, s_{d,k})) / K_d for the phrases with a region (see the header).
void assignWeights(Correspondences &c, const PhraseIndex &phrases) {
  std::map<int, int> pairsOfCaption;
  for (int p = 0; p < phrases.size(); ++p)
    if (c.region[std::size_t(p)] >= 0) ++pairsOfCaption[phrases.caption[std::size_t(p)]];
  c.weight.assign(c.region.size(), 0.f);
  for (int p = 0; p < phrases.size(); ++p)
    if (c.region[std::size_t(p)] >= 0)
      c.weight[std::size_t(p)] =
          std::clamp(c.score[std::size_t(p)], 0.f, 1.f) / float(pairsOfCaption[phrases.caption[std::size_t(p)]]);
}

// The joint-space vectors of some images' candidate regions (eval mode), and where each image's
// rows begin among them. Only those images' rows are embedded: a correspondence step over a whole
// dataset goes a chunk of phrases at a time, so that it never holds every region's vector (at
// MS-COCO's size, gigabytes).
struct EmbeddedRegions {
  torch::Tensor v;                      // [rows, d]
  std::map<int, std::int64_t> firstOf;  // image → its first row in v
  torch::Tensor of(const TrainingData &data, int image) const {
    const auto [first, last] = candidateRows(data, image);
    return v.narrow(0, firstOf.at(image), last - first);
  }
};

EmbeddedRegions embedCandidateRegions(JointModel &model, const TrainingData &data, const std::vector<int> &images) {
  EmbeddedRegions out;
  std::vector<std::int64_t> rows;
  for (int image : images) {
    if (out.firstOf.count(image)) continue;
    out.firstOf.emplace(image, std::int64_t(rows.size()));
    const auto [first, last] = candidateRows(data, image);
    for (int r = first; r < last; ++r) rows.push_back(r);
  }
  out.v = rows.empty() ? torch::zeros({0, 0})
                       : model->embedImages(regionFeatureTensor(data).index_select(0, torch::tensor(rows, torch::kInt64)));
  return out;
}

// Phrases scored per chunk by the correspondence step: bounds its memory at any dataset size.
constexpr std::size_t kPhraseChunk = 2048;

// One phrase's candidates at the correspondence step: its image's regions scored against it, with
// the label prior's term where it covers the phrase (phraseprior.h: π alone at the first step,
// s + λ·π after it).
PhraseCandidates scoredCandidates(JointModel &model, const TrainingData &data, const PhraseIndex &phrases, int p,
                                  const torch::Tensor &regions, const torch::Tensor &phrase, const PhrasePriors *priors,
                                  bool priorOnly) {
  PhraseCandidates c;
  // §3.3: s_ij = v_i · h_j for every candidate region i of the phrase's image.
  c.scores = toVector(model->similarity(regions, phrase.unsqueeze(0)).squeeze(1));
  if (priors && priors->covers(p)) {
    const std::vector<float> &mass = priors->mass[std::size_t(p)];
    for (std::size_t r = 0; r < mass.size(); ++r)
      c.scores[r] = priorOnly ? mass[r] : c.scores[r] + float(priors->weight) * mass[r];
  }
  const int image = data.captions[std::size_t(phrases.caption[std::size_t(p)])].image;
  const auto [first, last] = candidateRows(data, image);
  c.boxes.assign(data.regionBoxes.begin() + first, data.regionBoxes.begin() + last);
  c.hasTruth = phrases.hasTruth[std::size_t(p)];
  c.truth = phrases.truth[std::size_t(p)];
  return c;
}

}  // namespace

PhraseIndex indexPhrases(const TrainingData &data, const std::vector<EncodedCaption> &encoded) {
  PhraseIndex index;
  index.offset.assign(1, 0);
  for (std::size_t c = 0; c < encoded.size(); ++c) {
    const EncodedTree &tree = encoded[c].tree;
    for (int n = 0; n < tree.nodeCount(); ++n) {
      if (n == tree.root || std::size_t(n) >= tree.nounPhrase.size() || !tree.nounPhrase[std::size_t(n)]) continue;
      index.caption.push_back(int(c));
      index.node.push_back(n);
      index.spanBegin.push_back(tree.spanBegin[std::size_t(n)]);
      index.spanEnd.push_back(tree.spanEnd[std::size_t(n)]);
      Box truth;
      bool known = false;
      if (c < data.captions.size())
        for (const PhraseRegion &phrase : data.captions[c].phrases)
          if (phrase.begin == index.spanBegin.back() && phrase.end == index.spanEnd.back() && !phrase.boxes.empty()) {
            truth = enclosingBox(phrase.boxes);
            known = true;
            break;
          }
      index.hasTruth.push_back(known ? 1 : 0);
      index.truth.push_back(truth);
    }
    index.offset.push_back(index.size());
  }
  return index;
}

QJsonObject Correspondences::toJson() const {
  QJsonArray regions, scores;
  for (std::size_t p = 0; p < region.size(); ++p) {
    regions.append(region[p]);
    scores.append(double(score[p]));
  }
  return {{QStringLiteral("stats"), stats.toJson()}, {QStringLiteral("region"), regions}, {QStringLiteral("score"), scores}};
}

Correspondences Correspondences::fromJson(const QJsonObject &json, const PhraseIndex &index, const QString &where) {
  const int phrases = index.size();
  const QJsonArray regions = json.value(QStringLiteral("region")).toArray();
  const QJsonArray scores = json.value(QStringLiteral("score")).toArray();
  if (regions.size() != phrases || scores.size() != phrases)
    throw std::runtime_error(QStringLiteral("%1: holds %2 phrases, the run's captions have %3")
                                 .arg(where)
                                 .arg(regions.size())
                                 .arg(phrases)
                                 .toStdString());
  Correspondences c;
  c.stats = CorrespondenceStats::fromJson(json.value(QStringLiteral("stats")).toObject());
  for (int p = 0; p < phrases; ++p) {
    c.region.push_back(regions[p].toInt(-1));
    c.score.push_back(float(scores[p].toDouble()));
  }
  assignWeights(c, index);
  return c;
}

torch::Tensor regionFeatureTensor(const TrainingData &data) {
  if (!data.hasRegions()) return torch::zeros({0, data.featureDim});
  return torch::from_blob(const_cast<float *>(data.regionFeatures.data()),
                          {std::int64_t(data.regionBoxes.size()), data.featureDim}, torch::kFloat);
}

torch::Tensor embedPhrases(JointModel &model, const std::vector<EncodedCaption> &encoded, const PhraseIndex &phrases,
                           const std::vector<int> &phraseRows) {
  TreeEncoderImpl &encoder = treeEncoderOf(model);
  // Distinct captions in order of first appearance, encoded kEmbedChunk at a time.
  std::vector<int> captions;
  std::map<int, int> localOf;
  for (int p : phraseRows)
    if (localOf.emplace(phrases.caption[std::size_t(p)], int(captions.size())).second)
      captions.push_back(phrases.caption[std::size_t(p)]);
  std::vector<torch::Tensor> parts(phraseRows.size());
  for (std::size_t start = 0; start < captions.size(); start += kEmbedChunk) {
    const std::size_t end = std::min(captions.size(), start + kEmbedChunk);
    std::vector<const EncodedTree *> trees;
    for (std::size_t k = start; k < end; ++k) trees.push_back(&encoded[std::size_t(captions[k])].tree);
    const TreeStates states = encoder.encode(trees, /*batched=*/true);
    std::vector<std::int64_t> rows;
    std::vector<std::size_t> where;
    for (std::size_t q = 0; q < phraseRows.size(); ++q) {
      const int p = phraseRows[q];
      const int local = localOf[phrases.caption[std::size_t(p)]];
      if (local < int(start) || local >= int(end)) continue;
      rows.push_back(states.rowOf[std::size_t(local) - start][std::size_t(phrases.node[std::size_t(p)])]);
      where.push_back(q);
    }
    const torch::Tensor y = model->statesToJoint(states.h.index_select(0, torch::tensor(rows, torch::kInt64)));
    for (std::size_t k = 0; k < where.size(); ++k) parts[where[k]] = y[std::int64_t(k)];
  }
  if (parts.empty()) return torch::zeros({0, 0});
  return torch::stack(parts);
}

Correspondences findCorrespondences(JointModel &model, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                                    const PhraseIndex &phrases, const std::vector<int> &captionRows, const PhrasePriors *priors,
                                    bool priorOnly) {
  Correspondences out;
  out.region.assign(std::size_t(phrases.size()), -1);
  out.score.assign(out.region.size(), 0.f);
  out.weight.assign(out.region.size(), 0.f);
  std::vector<int> rows;
  for (int c : captionRows)
    for (int p = phrases.offset[std::size_t(c)]; p < phrases.offset[std::size_t(c) + 1]; ++p)
      if (data.regionCount(data.captions[std::size_t(c)].image) > 1) rows.push_back(p);
  if (rows.empty()) return out;
  EvalScope scope(model);
  torch::NoGradGuard noGrad;
  const auto imageOf = [&](int p) { return data.captions[std::size_t(phrases.caption[std::size_t(p)])].image; };
  CorrespondenceTally tally;
  for (std::size_t start = 0; start < rows.size(); start += kPhraseChunk) {
    const std::vector<int> chunk(rows.begin() + std::ptrdiff_t(start),
                                 rows.begin() + std::ptrdiff_t(std::min(rows.size(), start + kPhraseChunk)));
    std::vector<int> images;
    for (int p : chunk) images.push_back(imageOf(p));
    const torch::Tensor y = embedPhrases(model, encoded, phrases, chunk);
    const EmbeddedRegions regions = embedCandidateRegions(model, data, images);
    for (std::size_t q = 0; q < chunk.size(); ++q) {
      const int p = chunk[q];
      const PhraseCandidates candidates =
          scoredCandidates(model, data, phrases, p, regions.of(data, imageOf(p)), y[std::int64_t(q)], priors, priorOnly);
      const int chosen = tally.add(candidates);
      if (chosen < 0) continue;
      out.region[std::size_t(p)] = candidateRows(data, imageOf(p)).first + chosen;
      out.score[std::size_t(p)] = candidates.scores[std::size_t(chosen)];
    }
  }
  out.stats = tally.stats();
  assignWeights(out, phrases);
  return out;
}

torch::Tensor hmlstmLoss(JointModel &model, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                         const torch::Tensor &features, const torch::Tensor &regionFeatures, const PhraseIndex &phrases,
                         const Correspondences &correspondences, const std::vector<int> &captionRows, double margin,
                         int *phrasePairs, Collective *collective) {
  // The minibatch's distinct images and each caption's row among them (as trainStep).
  std::vector<std::int64_t> images, imageOf;
  for (int c : captionRows) {
    const std::int64_t image = data.captions[std::size_t(c)].image;
    auto it = std::find(images.begin(), images.end(), image);
    if (it == images.end()) it = images.insert(images.end(), image);
    imageOf.push_back(std::int64_t(it - images.begin()));
  }
  // Data-parallel: this rank runs the Tree-LSTM over its share [mine, mineEnd) of the
  // captions only; the roots and phrase states of the others are gathered below.
  std::int64_t mine = 0, mineEnd = std::int64_t(captionRows.size());
  if (collective) std::tie(mine, mineEnd) = collective->share(mineEnd);
  std::vector<const EncodedTree *> trees;
  for (std::int64_t b = mine; b < mineEnd; ++b) trees.push_back(&encoded[std::size_t(captionRows[std::size_t(b)])].tree);
  TreeStates states;
  if (!trees.empty()) states = treeEncoderOf(model).encode(trees, /*batched=*/true);

  // The phrase pairs (S_{d,k}, I_{d,k}) of the minibatch, k ≥ 1, with their weights.
  std::vector<std::int64_t> phraseRows, regionRows, regionOfPair;
  std::vector<float> weights;
  std::map<int, std::int64_t> localRegion;
  std::int64_t pairCount = 0; // over the whole minibatch (phraseRows: this rank's share)
  // Data-parallel: how many of the pairs each rank's captions hold (gatherRows' sizes).
  std::vector<std::int64_t> pairsOfRank(collective ? std::size_t(collective->worldSize()) : 0, 0);
  const auto rankOfCaption = [&](std::int64_t b) {
    int r = 0;
    while (collective->shareOf(std::int64_t(captionRows.size()), r).second <= b) ++r;
    return r;
  };
  if (!correspondences.empty())
    for (std::size_t b = 0; b < captionRows.size(); ++b)
      for (int p = phrases.offset[std::size_t(captionRows[b])]; p < phrases.offset[std::size_t(captionRows[b]) + 1]; ++p) {
        const int region = correspondences.region[std::size_t(p)];
        if (region < 0 || correspondences.weight[std::size_t(p)] <= 0) continue;
        if (std::int64_t(b) >= mine && std::int64_t(b) < mineEnd)
          phraseRows.push_back(states.rowOf[b - std::size_t(mine)][std::size_t(phrases.node[std::size_t(p)])]);
        ++pairCount;
        if (collective) ++pairsOfRank[std::size_t(rankOfCaption(std::int64_t(b)))];
        const auto [it, added] = localRegion.emplace(region, std::int64_t(regionRows.size()));
        if (added) regionRows.push_back(region);
        regionOfPair.push_back(it->second);
        weights.push_back(correspondences.weight[std::size_t(p)]);
      }
  if (phrasePairs) *phrasePairs = int(pairCount);
  const std::int64_t B = std::int64_t(captionRows.size()), U = std::int64_t(images.size());

  // One pass through each branch (FC → BN → L2), so batch normalisation sees the sentences and
  // phrases (text) and the images and regions (image) of the minibatch together.
  torch::Tensor roots = trees.empty() ? torch::Tensor() : states.roots();
  torch::Tensor phraseStates;
  if (!phraseRows.empty()) phraseStates = states.h.index_select(0, torch::tensor(phraseRows, torch::kInt64));
  if (collective) {
    // Shares are contiguous and phrase pairs are listed caption by caption: rank order is the
    // minibatch's order for both.
    roots = collective->gatherRows(roots, collective->shareSizes(std::int64_t(captionRows.size())));
    phraseStates = pairCount > 0 ? collective->gatherRows(phraseStates, pairsOfRank) : torch::Tensor();
  }
  torch::Tensor textIn = roots;
  torch::Tensor imageIn = features.index_select(0, torch::tensor(images, torch::kInt64));
  if (pairCount > 0) {
    textIn = torch::cat({textIn, phraseStates});
    imageIn = torch::cat({imageIn, regionFeatures.index_select(0, torch::tensor(regionRows, torch::kInt64))});
  }
  const torch::Tensor y = model->statesToJoint(textIn);
  const torch::Tensor v = model->embedImages(imageIn);
  // Eq. 9 for the root pairs (w_{d,0} = 1).
  torch::Tensor loss = contrastiveHinge(model->similarity(v.narrow(0, 0, U), y.narrow(0, 0, B)),
                                        torch::tensor(imageOf, torch::kInt64), margin, HingeNegatives::Sum);
  if (pairCount > 0) {
    // Eq. 9 for each phrase pair, regions in place of images; Eq. 10's weights.
    const std::int64_t P = pairCount, R = std::int64_t(regionRows.size());
    // A phrase pair has P − 1 + R − 1 contrastive terms, a root pair B − 1 + U − 1: scaled to the
    // root's count, so that w_{d,k} alone decides how much a phrase pair weighs against its root.
    const double scale = double(B + U - 2) / double(std::max<std::int64_t>(1, P + R - 2));
    loss = loss + scale * contrastiveHinge(model->similarity(v.narrow(0, U, R), y.narrow(0, B, P)),
                                           torch::tensor(regionOfPair, torch::kInt64), margin, HingeNegatives::Sum,
                                           torch::tensor(weights, torch::kFloat));
  }
  return loss;
}

GroundingMetrics evaluateGrounding(JointModel &model, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                                   const PhraseIndex &phrases, Split split) {
  GroundingMetrics m;
  std::vector<int> rows;
  for (int c : data.captionsIn(split))
    for (int p = phrases.offset[std::size_t(c)]; p < phrases.offset[std::size_t(c) + 1]; ++p) rows.push_back(p);
  m.phrases = int(rows.size());
  m.hasGroundTruth = data.hasRegions() && std::any_of(rows.begin(), rows.end(), [&](int p) { return phrases.hasTruth[std::size_t(p)]; });
  if (!m.hasGroundTruth) return m;
  EvalScope scope(model);
  torch::NoGradGuard noGrad;
  const torch::Tensor y = embedPhrases(model, encoded, phrases, rows);
  const std::vector<int> images = data.imagesIn(split);
  const EmbeddedRegions regions = embedCandidateRegions(model, data, images);
  const auto imageOfPhrase = [&](int p) { return data.captions[std::size_t(phrases.caption[std::size_t(p)])].image; };

  // Phrase → region: a phrase ranks its image's candidate regions.
  std::vector<int> ranks;
  for (std::size_t q = 0; q < rows.size(); ++q) {
    const int p = rows[q];
    if (!phrases.hasTruth[std::size_t(p)]) continue;
    const auto [first, last] = candidateRows(data, imageOfPhrase(p));
    if (last <= first) continue;
    const std::vector<float> scores =
        toVector(model->similarity(regions.of(data, imageOfPhrase(p)), y[std::int64_t(q)].unsqueeze(0)).squeeze(1));
    std::vector<char> right;
    for (int r = first; r < last; ++r)
      right.push_back(intersectionOverUnion(data.regionBoxes[std::size_t(r)], phrases.truth[std::size_t(p)]) >= kGroundingIoU);
    const int rank = firstRightRank(scores, right);
    if (rank >= 0) ranks.push_back(rank);
  }
  m.phraseQueries = int(ranks.size());
  m.phraseToRegion = summariseRanks(ranks);

  // Region → phrase: a region right for some phrase of its image ranks every phrase of the split.
  ranks.clear();
  for (int image : images) {
    const auto [first, last] = candidateRows(data, image);
    const torch::Tensor v = regions.of(data, image);
    for (int r = first; r < last; ++r) {
      std::vector<char> right(rows.size(), 0);
      bool any = false;
      for (std::size_t q = 0; q < rows.size(); ++q) {
        const int p = rows[q];
        right[q] = imageOfPhrase(p) == image && phrases.hasTruth[std::size_t(p)] &&
                   intersectionOverUnion(data.regionBoxes[std::size_t(r)], phrases.truth[std::size_t(p)]) >= kGroundingIoU;
        any = any || right[q];
      }
      if (!any) continue;
      ranks.push_back(firstRightRank(toVector(model->similarity(v.narrow(0, r - first, 1), y).squeeze(0)), right));
    }
  }
  m.regionQueries = int(ranks.size());
  m.regionToPhrase = summariseRanks(ranks);
  return m;
}

}  // namespace gs::detail
