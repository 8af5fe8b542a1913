#include "inference/attribution.h"

#include "training/detail/embedder.h"
#include "inference/detail/explainedsentence.h"
#include "inference/detail/explainerstate.h"
#include "inference/detail/inputgradients.h"
#include "training/modelregistry.h"

#include <cmath>
#include <numeric>

namespace gs {

using namespace detail;

template <>
const std::vector<EnumName<AttributionMethod>> &enumTable<AttributionMethod>() {
  static const std::vector<EnumName<AttributionMethod>> table = {{AttributionMethod::Occlusion, QStringLiteral("occlusion")},
                                                                 {AttributionMethod::Gradient, QStringLiteral("gradient")},
                                                                 {AttributionMethod::IntegratedGradients, QStringLiteral("ig")}};
  return table;
}

template <>
const std::vector<EnumName<OcclusionKind>> &enumTable<OcclusionKind>() {
  static const std::vector<EnumName<OcclusionKind>> table = {{OcclusionKind::Remove, QStringLiteral("remove")},
                                                             {OcclusionKind::Unknown, QStringLiteral("unknown")}};
  return table;
}

template <>
const std::vector<EnumName<SentenceUnitKind>> &enumTable<SentenceUnitKind>() {
  static const std::vector<EnumName<SentenceUnitKind>> table = {{SentenceUnitKind::TreeNode, QStringLiteral("node")},
                                                                {SentenceUnitKind::Word, QStringLiteral("word")},
                                                                {SentenceUnitKind::Character, QStringLiteral("character")}};
  return table;
}

template <>
const std::vector<EnumName<ImageAreaKind>> &enumTable<ImageAreaKind>() {
  static const std::vector<EnumName<ImageAreaKind>> table = {{ImageAreaKind::Region, QStringLiteral("region")},
                                                             {ImageAreaKind::Concept, QStringLiteral("concept")},
                                                             {ImageAreaKind::GridCell, QStringLiteral("grid")}};
  return table;
}

QString attributionMethodName(AttributionMethod method) { return enumName(method); }
std::optional<AttributionMethod> attributionMethodNamed(const QString &name) { return enumFromName<AttributionMethod>(name); }
QStringList attributionMethodNames() { return enumNames<AttributionMethod>(); }

double SentenceAttribution::sum() const {
  double total = 0;
  for (const AttributedPart &part : parts)
    if (part.parent < 0) total += unit == SentenceUnitKind::TreeNode ? part.subtree : part.contribution;
  return total;
}

ScoreExplainer::ScoreExplainer(const QString &runDir, std::shared_ptr<const TrainingData> data, Split split)
    : m_impl(std::make_unique<Impl>(runDir, std::move(data), split)) {}

ScoreExplainer::~ScoreExplainer() = default;

const TrainingData &ScoreExplainer::data() const { return *m_impl->data; }
Split ScoreExplainer::split() const { return m_impl->split; }
QString ScoreExplainer::modelName() const { return m_impl->model.config().modelName(); }
SentenceUnitKind ScoreExplainer::unitKind() const { return m_impl->unit; }
bool ScoreExplainer::hasGradients() const { return !m_impl->members.empty(); }
int ScoreExplainer::imageRow(const QString &imageId) const { return m_impl->data->imageIds.indexOf(imageId); }

namespace {

// Tree nodes under the gradient methods: a phrase node carries its subtree's sum; every node's
// `subtree` is the sum over its subtree.
void sumSubtrees(std::vector<AttributedPart> &parts, int node) {
  AttributedPart &part = parts[std::size_t(node)];
  double below = 0;
  for (int c : part.children) {
    sumSubtrees(parts, c);
    below += parts[std::size_t(c)].subtree;
  }
  part.subtree = part.contribution + below;
}

void fillFromPositions(SentenceAttribution &out, const ExplainedSentence &sentence, const std::vector<double> &perPosition) {
  if (out.unit == SentenceUnitKind::Word)
    for (std::size_t t = 0; t < out.parts.size(); ++t) out.parts[t].contribution = out.parts[t].subtree = perPosition[t];
  if (out.unit == SentenceUnitKind::Character)
    for (std::size_t c = 0; c < out.parts.size(); ++c) {
      double total = 0;
      for (int b = sentence.byteOfChar[c]; b < sentence.byteOfChar[c + 1]; ++b) total += perPosition[std::size_t(b)];
      out.parts[c].contribution = out.parts[c].subtree = total;
    }
  if (out.unit != SentenceUnitKind::TreeNode) return;
  for (std::size_t n = 0; n < out.parts.size(); ++n) {
    const int t = sentence.nodeToken[n];
    out.parts[n].contribution = t >= 0 ? perPosition[std::size_t(t)] : 0;
  }
  sumSubtrees(out.parts, out.root);
  for (std::size_t n = 0; n < out.parts.size(); ++n)
    if (sentence.nodeToken[n] < 0) out.parts[n].contribution = out.parts[n].subtree;
}

}  // namespace

SentenceAttribution ScoreExplainer::explainSentence(int image, const QString &caption, AttributionMethod method,
                                                    OcclusionKind occlusion) const {
  Impl &d = *m_impl;
  d.checkImage(image);
  if (method != AttributionMethod::Occlusion && d.members.empty())
    throw std::invalid_argument(QStringLiteral("%1 is a closed-form model without gradients: explain it by occlusion")
                                    .arg(d.model.config().modelName())
                                    .toStdString());
  std::lock_guard<std::mutex> lock(d.mutex);
  const SingleThreadedTorch oneThread;
  const ExplainedSentence sentence = d.read(caption);
  if (!d.model.readsAnyWordOf(sentence.caption.tokens, sentence.caption.raw))
    throw std::invalid_argument(QStringLiteral("no word of \"%1\" is in the run's vocabulary: there is nothing to explain")
                                    .arg(sentence.caption.raw)
                                    .toStdString());
  SentenceAttribution out;
  out.model = d.model.config().modelName();
  out.caption = sentence.caption.raw;
  out.imageId = d.data->imageIds.at(image);
  out.method = method;
  out.occlusion = occlusion;
  out.unit = d.unit;
  out.tokens = sentence.caption.tokens;
  out.parts = partsOf(sentence, d.unit, d.model.trees().get());
  out.root = d.unit == SentenceUnitKind::TreeNode ? sentence.encoded.tree.root : -1;
  const RankedScores original = d.rank(image, {sentence.encoded});
  out.score = original.scores.front();
  out.rank = original.ranks.front();
  out.candidates = original.candidates;
  if (method == AttributionMethod::Occlusion) {
    d.occlude(image, sentence, occlusion, out);
    return out;
  }
  const InputGradients g = inputGradients(d.members, d.featureRow(image), sentence.encoded, sentence.nodeToken,
                                          d.unit == SentenceUnitKind::Character ? InputKind::Characters : InputKind::WordTokens,
                                          method == AttributionMethod::IntegratedGradients);
  fillFromPositions(out, sentence, g.perPosition);
  out.baselineScore = g.baselineScore;
  out.completenessGap = g.completenessGap;
  out.steps = g.steps;
  return out;
}

CaptionScore ScoreExplainer::scoreCaption(int image, const QString &caption, int top) const {
  Impl &d = *m_impl;
  d.checkImage(image);
  std::lock_guard<std::mutex> lock(d.mutex);
  const SingleThreadedTorch oneThread;
  const ExplainedSentence sentence = d.read(caption);
  CaptionScore out;
  out.readable = d.model.readsAnyWordOf(sentence.caption.tokens, sentence.caption.raw);
  const RankedScores ranked = d.rank(image, {sentence.encoded}, top);
  out.score = ranked.scores.front();
  out.rank = ranked.ranks.front();
  out.candidates = ranked.candidates;
  for (const auto &[row, score] : ranked.top) out.top.push_back({row, d.data->imageIds.at(row), score});
  return out;
}

}  // namespace gs
