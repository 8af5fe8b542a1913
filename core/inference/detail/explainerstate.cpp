#include "inference/detail/explainerstate.h"

#include "training/modelregistry.h"

#include <algorithm>
#include <cmath>

namespace gs {

using namespace detail;

namespace {

SentenceUnitKind unitOf(const TrainConfig &config) {
  if (config.needsTrees()) return SentenceUnitKind::TreeNode;
  const ModelKind kind = modelNamed(config.modelName()).kind;
  return kind == ModelKind::CharGru || kind == ModelKind::CharLstm ? SentenceUnitKind::Character : SentenceUnitKind::Word;
}

torch::Tensor rowsOf(const TrainingData &data, const std::vector<int> &rows) {
  auto out = torch::empty({std::int64_t(rows.size()), data.featureDim});
  for (std::size_t k = 0; k < rows.size(); ++k)
    out[std::int64_t(k)] = torch::from_blob(const_cast<float *>(data.imageFeatures.data()) + std::size_t(rows[k]) * data.featureDim,
                                            {data.featureDim}, torch::kFloat);
  return out;
}

}  // namespace

SingleThreadedTorch::SingleThreadedTorch() : m_previous(torch::get_num_threads()) {
  if (m_previous != 1) torch::set_num_threads(1);
}

SingleThreadedTorch::~SingleThreadedTorch() {
  if (torch::get_num_threads() != m_previous) torch::set_num_threads(m_previous);
}

ScoreExplainer::Impl::Impl(const QString &runDir, std::shared_ptr<const TrainingData> d, Split s)
    : model(TrainedModel::open(runDir)), data(std::move(d)), split(s) {
  if (!data) throw std::invalid_argument("ScoreExplainer: no data");
  if (data->featureDim != model.featureDim())
    throw std::invalid_argument(QStringLiteral("%1: the run expects %2-d image features, the data has %3")
                                    .arg(runDir).arg(model.featureDim()).arg(data->featureDim).toStdString());
  unit = unitOf(model.config());
  if (auto *joint = dynamic_cast<JointEmbedder *>(model.embedder().get())) members = joint->members();
  candidates = data->imagesIn(split);
  if (candidates.empty())
    throw std::invalid_argument(QStringLiteral("%1: the data has no image in the %2 split").arg(runDir, splitName(split)).toStdString());
  candidateEmbeddings = model.embedder()->images(rowsOf(*data, candidates));
}

void ScoreExplainer::Impl::checkImage(int image) const {
  if (image < 0 || image >= data->imageCount())
    throw std::invalid_argument(QStringLiteral("no image %1: the data has %2").arg(image).arg(data->imageCount()).toStdString());
}

ExplainedSentence ScoreExplainer::Impl::read(const QString &caption) const {
  return readSentence(caption, model.vocabulary(), model.trees().get(), unit, [this](const QString &text) { return parse(text); });
}

SharedParse ScoreExplainer::Impl::parse(const QString &text) const {
  std::lock_guard<std::mutex> lock(parserMutex);
  if (const auto known = parsed.constFind(text); known != parsed.constEnd()) return *known;
  // The options attachParses gives parseCaptions, so a sentence gets the tree training gave it.
  if (!parser) parser = std::make_unique<CaptionParser>(ParserOptions{DependencyStyle::Collapsed, ParserOptions{}.maxParseSeconds});
  auto result = std::make_shared<const CompactParse>(parser->parse(text));
  if (parsed.size() > 4096) parsed.clear();
  parsed.insert(text, result);
  return result;
}

torch::Tensor ScoreExplainer::Impl::featureRow(int image) const { return rowsOf(*data, {image}); }

RankedScores ScoreExplainer::Impl::rankAmongCandidates(int image, const torch::Tensor &others, const torch::Tensor &own) const {
  const auto at = std::find(candidates.begin(), candidates.end(), image);
  auto above = (others > own.unsqueeze(0)).to(torch::kInt64); // [I, K]: candidates scoring above the image
  if (at != candidates.end()) above[at - candidates.begin()] = 0; // the image itself, when it is a candidate
  const torch::Tensor ranks = 1 + above.sum(0);
  RankedScores out;
  out.candidates = int(candidates.size()) + (at == candidates.end() ? 1 : 0);
  for (std::int64_t k = 0; k < own.size(0); ++k) {
    out.scores.push_back(own[k].item<double>());
    out.ranks.push_back(int(ranks[k].item<std::int64_t>()));
  }
  return out;
}

RankedScores ScoreExplainer::Impl::rank(int image, const std::vector<EncodedCaption> &sentences, int top) const {
  Embedder &embedder = *model.embedder();
  std::vector<int> rows(sentences.size());
  std::iota(rows.begin(), rows.end(), 0);
  const torch::Tensor sentenceEmbeddings = embedder.captions(sentences, rows);
  const torch::Tensor others = embedder.score(candidateEmbeddings, sentenceEmbeddings).to(torch::kDouble);       // [I, C]
  const torch::Tensor own = embedder.score(embedder.images(featureRow(image)), sentenceEmbeddings).to(torch::kDouble)[0]; // [C]
  RankedScores out = rankAmongCandidates(image, others, own);
  if (top <= 0 || sentences.empty()) return out;
  std::vector<std::pair<int, double>> all;
  for (std::size_t i = 0; i < candidates.size(); ++i) all.emplace_back(candidates[i], others[std::int64_t(i)][0].item<double>());
  if (std::find(candidates.begin(), candidates.end(), image) == candidates.end()) all.emplace_back(image, out.scores.front());
  std::sort(all.begin(), all.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
  all.resize(std::min<std::size_t>(all.size(), std::size_t(top)));
  out.top = std::move(all);
  return out;
}

RankedScores ScoreExplainer::Impl::rankVersions(int image, const torch::Tensor &versions, const EncodedCaption &sentence) const {
  Embedder &embedder = *model.embedder();
  const torch::Tensor sentenceEmbedding = embedder.captions({sentence}, {0});
  const torch::Tensor others = embedder.score(candidateEmbeddings, sentenceEmbedding).to(torch::kDouble); // [I, 1]
  const torch::Tensor own = embedder.score(embedder.images(versions), sentenceEmbedding).to(torch::kDouble).select(1, 0); // [V]
  return rankAmongCandidates(image, others.expand({-1, own.size(0)}), own);
}

void ScoreExplainer::Impl::occlude(int image, const ExplainedSentence &sentence, OcclusionKind kind, SentenceAttribution &out) const {
  const TreeVocabulary *trees = model.trees().get();
  std::vector<EncodedCaption> encoded;
  std::vector<int> partOf; // each encoded edit's part
  if (kind == OcclusionKind::Unknown) {
    encoded = unknownEdits(sentence, unit);
    partOf.resize(encoded.size());
    std::iota(partOf.begin(), partOf.end(), 0);
    const auto covered = coveredPositions(sentence, unit);
    for (std::size_t k = 0; k < covered.size(); ++k) {
      QStringList words = sentence.caption.tokens;
      for (int t : covered[k]) words[t] = QStringLiteral("<unk>");
      out.parts[k].occludedCaption = words.join(QLatin1Char(' '));
    }
  } else {
    std::vector<TrainingCaption> edits = removalEdits(sentence, unit);
    std::vector<TrainingCaption> kept;
    for (std::size_t k = 0; k < edits.size(); ++k) {
      out.parts[k].occludedCaption = edits[k].raw;
      const bool nothingLeft = unit == SentenceUnitKind::Character ? edits[k].raw.isEmpty() : edits[k].tokens.isEmpty();
      if (nothingLeft) continue;
      kept.push_back(edits[k]);
      partOf.push_back(int(k));
    }
    if (trees)
      for (TrainingCaption &edit : kept) edit.parse = parse(edit.raw);
    encoded = encodeCaptions(model.vocabulary(), kept, trees);
  }
  if (encoded.empty()) return;
  const RankedScores ranked = rank(image, encoded);
  for (std::size_t e = 0; e < encoded.size(); ++e) {
    AttributedPart &part = out.parts[std::size_t(partOf[e])];
    part.occludedScore = ranked.scores[e];
    part.occludedRank = ranked.ranks[e];
    part.contribution = part.subtree = out.score - ranked.scores[e];
  }
}

}  // namespace gs
