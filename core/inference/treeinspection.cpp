#include "inference/treeinspection.h"

#include "models/detail/hlstm.h"
#include "models/detail/treeencoders.h"
#include "parse/captionparser.h"
#include "text/tokenizer.h"
#include "inference/detail/singlejointmodel.h"
#include "training/detail/embedder.h"
#include "training/runs/runfolder.h"
#include "inference/trainedmodel.h"
#include "training/modelregistry.h"

#include <algorithm>
#include <mutex>

namespace gs {

using namespace detail;

struct TreeInspector::Impl : InspectedModel {
  std::shared_ptr<TreeEncoderImpl> encoder;
  int featureDim = 0;
  mutable std::mutex parserLock;
  mutable std::unique_ptr<CaptionParser> parser; // made on first use (loads Link Grammar's dictionary)
};

namespace {

void requireTreeModel(const TrainConfig &config, const QString &runDir) {
  if (!config.needsTrees())
    throw std::runtime_error(QStringLiteral("%1 holds a '%2' run; inspect needs a tree model (%3)")
                                 .arg(runDir, config.modelName(), treeModelNames().join(QStringLiteral(", ")))
                                 .toStdString());
}

// The run's configuration is checked before its model is opened: a run of another model is
// refused by name, not by whatever file it lacks.
TrainedModel openTreeRun(const QString &runDir) {
  requireTreeModel(RunFolder(runDir).config(), runDir);
  return TrainedModel::open(runDir);
}

}  // namespace

TreeInspector::TreeInspector(const QString &runDir) : TreeInspector(openTreeRun(runDir)) {}

TreeInspector::TreeInspector(const TrainedModel &opened) : m_impl(new Impl) {
  try {
    requireTreeModel(opened.config(), opened.runDir());
    static_cast<InspectedModel &>(*m_impl) = inspectedModel(opened);
    m_impl->featureDim = opened.featureDim();
    m_impl->encoder = std::dynamic_pointer_cast<TreeEncoderImpl>(m_impl->model->encoder);
    if (!m_impl->encoder) throw std::runtime_error(opened.runDir().toStdString() + ": the model has no tree encoder");
  } catch (...) {
    delete m_impl;
    throw;
  }
}

TreeInspector::~TreeInspector() { delete m_impl; }

namespace {
std::vector<float> rowOf(const torch::Tensor &t, std::int64_t r) {
  const auto c = t[r].contiguous().to(torch::kFloat);
  return std::vector<float>(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
}
}  // namespace

InspectedTree TreeInspector::inspect(const QString &caption, const std::vector<float> &imageFeatures,
                                     const QString &imageId) const {
  const QStringList tokens = tokenize(caption);
  if (tokens.isEmpty()) throw std::invalid_argument("TreeInspector::inspect: the caption has no words");
  if (!imageFeatures.empty() && int(imageFeatures.size()) != m_impl->featureDim)
    throw std::invalid_argument(QStringLiteral("TreeInspector::inspect: the run expects %1-d image features, got %2")
                                    .arg(m_impl->featureDim)
                                    .arg(imageFeatures.size())
                                    .toStdString());
  ParsedCaption parse;
  {
    std::lock_guard<std::mutex> lock(m_impl->parserLock);
    if (!m_impl->parser) m_impl->parser = std::make_unique<CaptionParser>(ParserOptions{DependencyStyle::Collapsed, 3});
    parse = m_impl->parser->parse(caption);
  }
  const TreeVocabulary &vocab = *m_impl->trees;
  const EncodedTree tree = encodeTree(&parse, tokens, m_impl->vocabulary, vocab.shape(),
                                      [&vocab](const QString &r) { return vocab.relationIndex(r); });
  torch::NoGradGuard noGrad;
  const TreeStates states = m_impl->encoder->encode({&tree}, /*batched=*/true);
  std::vector<std::int64_t> order(states.rowOf[0].begin(), states.rowOf[0].end());
  const auto rows = torch::tensor(order, torch::kInt64);
  const auto h = states.h.index_select(0, rows);                  // [nodes, H] in tree order
  const auto joint = m_impl->model->statesToJoint(h);
  torch::Tensor similarity;
  if (!imageFeatures.empty()) {
    const auto features = torch::tensor(imageFeatures, torch::kFloat).view({1, m_impl->featureDim});
    similarity = m_impl->model->similarity(m_impl->model->embedImages(features), joint)[0];
  }
  const Tree &source = vocab.constituency ? parse.constituency : parse.dependency;
  InspectedTree out;
  out.model = m_impl->config.modelName();
  out.caption = caption;
  out.tokens = tokens;
  out.root = tree.root;
  out.hasSimilarity = similarity.defined();
  out.imageId = imageId;
  if (states.gates.defined()) out.gateGroups = int(states.gates.size(1) / h.size(1));
  if (out.gateGroups > 0) out.gateNames = {QStringLiteral("i"), QStringLiteral("o"), QStringLiteral("u")};
  if (const auto *lstm = dynamic_cast<const TreeLstmImpl *>(m_impl->encoder.get())) {
    for (int k = 1; k <= lstm->m_p; ++k) out.gateNames << QStringLiteral("f l%1").arg(k);
    for (int k = 1; k <= lstm->m_p; ++k) out.gateNames << QStringLiteral("f r%1").arg(k);
  } else if (dynamic_cast<const HLstmImpl *>(m_impl->encoder.get())) {
    out.gateNames << QStringLiteral("f");
  }
  for (int n = 0; n < tree.nodeCount(); ++n) {
    InspectedNode node;
    const int src = tree.sourceNode[std::size_t(n)];
    const std::int64_t w = tree.word[std::size_t(n)];
    node.word = w >= 0 ? (src >= 0 && !source.isEmpty() ? source.word(src) : m_impl->vocabulary.words().value(int(w))) : QString();
    node.label = src >= 0 && !source.isEmpty() ? source.label(src) : QString();
    node.parent = tree.parent[std::size_t(n)];
    if (node.parent >= 0 && !vocab.constituency)
      node.position = QStringLiteral("%1%2").arg(tree.side[std::size_t(n)] ? QLatin1Char('r') : QLatin1Char('l')).arg(tree.rank[std::size_t(n)]);
    node.hidden = rowOf(h, n);
    if (states.gates.defined()) node.gates = rowOf(states.gates.index_select(0, rows), n);
    node.norm = h[n].norm().item<double>();
    node.joint = rowOf(joint, n);
    if (similarity.defined()) node.similarity = similarity[n].item<double>();
    node.wordCount = tree.size[std::size_t(n)];
    node.nounPhrase = std::size_t(n) < tree.nounPhrase.size() && tree.nounPhrase[std::size_t(n)];
    if (std::size_t(n) < tree.spanBegin.size()) {
      node.spanBegin = tree.spanBegin[std::size_t(n)];
      node.spanEnd = tree.spanEnd[std::size_t(n)];
    }
    out.nodes.push_back(std::move(node));
  }
  for (int n = 0; n < tree.nodeCount(); ++n)
    if (tree.parent[std::size_t(n)] >= 0) out.nodes[std::size_t(tree.parent[std::size_t(n)])].children.push_back(n);
  return out;
}

std::vector<TreeInspector::RelationNorm> TreeInspector::relationNorms() const {
  const auto *rnn = dynamic_cast<TreeRnnImpl *>(m_impl->encoder.get());
  if (!rnn || rnn->kind != TreeRnnKind::Relations)
    throw std::invalid_argument("TreeInspector::relationNorms: only SDT-RNN has relation matrices (this run is " +
                                m_impl->config.modelName().toStdString() + ")");
  torch::NoGradGuard noGrad;
  std::vector<RelationNorm> norms;
  for (int r = 0; r < rnn->numSlots(); ++r)
    norms.push_back({m_impl->trees->relations.value(r), rnn->wchild[r].norm().item<double>()});
  std::sort(norms.begin(), norms.end(), [](const RelationNorm &a, const RelationNorm &b) { return a.frobenius > b.frobenius; });
  return norms;
}

}  // namespace gs
