#include "inference/detail/explainedsentence.h"

#include "text/tokenizer.h"
#include "training/detail/embedder.h"

#include <functional>
#include <optional>
#include <stdexcept>

namespace gs::detail {

namespace {

std::optional<ParsedCaption> expandedParse(const TrainingCaption &caption) {
  return caption.parse ? std::optional<ParsedCaption>(caption.parse->expand()) : std::nullopt;
}

// Each tree node's word token: through the parse tree it came from (punctuation has none), or,
// in a flat tree made for a caption without a usable parse, its own index.
std::vector<int> nodeTokens(const EncodedTree &tree, const TrainingCaption &caption, const TreeVocabulary &trees) {
  std::vector<int> out(std::size_t(tree.nodeCount()), -1);
  const std::optional<ParsedCaption> parse = expandedParse(caption);
  const Tree *source = parse ? (trees.constituency ? &parse->constituency : &parse->dependency) : nullptr;
  const std::vector<int> align = parse ? alignTokens(parse->tokens, caption.tokens) : std::vector<int>{};
  for (int n = 0; n < tree.nodeCount(); ++n) {
    if (tree.word[std::size_t(n)] < 0) continue;
    const int src = tree.sourceNode[std::size_t(n)];
    if (src < 0 || !source || source->isEmpty()) {
      out[std::size_t(n)] = n < caption.tokens.size() ? n : -1;
      continue;
    }
    const int token = source->node(src).token;
    out[std::size_t(n)] = token >= 0 && token < int(align.size()) ? align[std::size_t(token)] : -1;
  }
  return out;
}

std::vector<int> charactersToBytes(const QString &raw) {
  std::vector<int> out{0};
  for (int k = 0; k < raw.size(); ++k) {
    const bool surrogateHigh = raw.at(k).isHighSurrogate() && k + 1 < raw.size();
    const QString character = surrogateHigh ? raw.mid(k, 2) : raw.mid(k, 1);
    if (surrogateHigh) ++k;
    out.push_back(out.back() + int(character.toUtf8().size()));
  }
  return out;
}

std::vector<std::vector<int>> childrenOf(const EncodedTree &tree) {
  std::vector<std::vector<int>> children(std::size_t(tree.nodeCount()));
  for (int n = 0; n < tree.nodeCount(); ++n)
    if (tree.parent[std::size_t(n)] >= 0) children[std::size_t(tree.parent[std::size_t(n)])].push_back(n);
  return children;
}

}  // namespace

ExplainedSentence readSentence(const QString &text, const Vocabulary &vocabulary, const TreeVocabulary *trees,
                               SentenceUnitKind unit, const SentenceParser &parse) {
  ExplainedSentence s;
  s.caption.raw = text.trimmed();
  s.caption.tokens = tokenize(s.caption.raw);
  if (s.caption.tokens.isEmpty() && (unit != SentenceUnitKind::Character || s.caption.raw.isEmpty()))
    throw std::invalid_argument("the caption has no words");
  if (trees) s.caption.parse = parse(s.caption.raw);
  s.encoded = encodeCaptions(vocabulary, {s.caption}, trees).front();
  if (trees) s.nodeToken = nodeTokens(s.encoded.tree, s.caption, *trees);
  if (unit == SentenceUnitKind::Character) s.byteOfChar = charactersToBytes(s.caption.raw);
  return s;
}

std::vector<std::vector<int>> coveredPositions(const ExplainedSentence &s, SentenceUnitKind unit) {
  std::vector<std::vector<int>> covered;
  if (unit == SentenceUnitKind::Word)
    for (int t = 0; t < s.caption.tokens.size(); ++t) covered.push_back({t});
  if (unit == SentenceUnitKind::Character)
    for (std::size_t c = 0; c + 1 < s.byteOfChar.size(); ++c) covered.push_back({int(c)});
  if (unit != SentenceUnitKind::TreeNode) return covered;
  const EncodedTree &tree = s.encoded.tree;
  const auto children = childrenOf(tree);
  covered.resize(std::size_t(tree.nodeCount()));
  std::function<void(int, std::vector<int> &)> collect = [&](int n, std::vector<int> &into) {
    if (s.nodeToken[std::size_t(n)] >= 0) into.push_back(s.nodeToken[std::size_t(n)]);
    for (int c : children[std::size_t(n)]) collect(c, into);
  };
  for (int n = 0; n < tree.nodeCount(); ++n) {
    collect(n, covered[std::size_t(n)]);
    std::sort(covered[std::size_t(n)].begin(), covered[std::size_t(n)].end());
  }
  return covered;
}

std::vector<AttributedPart> partsOf(const ExplainedSentence &s, SentenceUnitKind unit, const TreeVocabulary *trees) {
  const auto covered = coveredPositions(s, unit);
  std::vector<AttributedPart> parts(covered.size());
  for (std::size_t k = 0; k < covered.size(); ++k) {
    AttributedPart &part = parts[k];
    QStringList words;
    for (int t : covered[k])
      words << (unit == SentenceUnitKind::Character ? QString() : s.caption.tokens.at(t));
    part.text = words.join(QLatin1Char(' '));
    if (!covered[k].empty()) part.begin = covered[k].front(), part.end = covered[k].back() + 1;
    if (unit == SentenceUnitKind::Word) part.word = part.text;
    if (unit != SentenceUnitKind::TreeNode) part.token = int(k);
  }
  if (unit == SentenceUnitKind::Character) {
    const QString &raw = s.caption.raw;
    for (std::size_t c = 0; c < parts.size(); ++c)
      parts[c].text = parts[c].word = QString::fromUtf8(raw.toUtf8().mid(s.byteOfChar[c], s.byteOfChar[c + 1] - s.byteOfChar[c]));
  }
  if (unit != SentenceUnitKind::TreeNode) return parts;
  const EncodedTree &tree = s.encoded.tree;
  const std::optional<ParsedCaption> parse = expandedParse(s.caption);
  const Tree *source = parse ? (trees->constituency ? &parse->constituency : &parse->dependency) : nullptr;
  for (int n = 0; n < tree.nodeCount(); ++n) {
    AttributedPart &part = parts[std::size_t(n)];
    const int src = tree.sourceNode[std::size_t(n)];
    if (src >= 0 && source && !source->isEmpty()) part.label = source->label(src);
    part.token = s.nodeToken[std::size_t(n)];
    if (part.token >= 0) part.word = s.caption.tokens.at(part.token);
    part.parent = tree.parent[std::size_t(n)];
    if (part.parent >= 0) parts[std::size_t(part.parent)].children.push_back(n);
    part.nounPhrase = std::size_t(n) < tree.nounPhrase.size() && tree.nounPhrase[std::size_t(n)];
  }
  return parts;
}

std::vector<TrainingCaption> removalEdits(const ExplainedSentence &s, SentenceUnitKind unit) {
  std::vector<TrainingCaption> edits;
  for (const std::vector<int> &covered : coveredPositions(s, unit)) {
    TrainingCaption edit;
    if (unit == SentenceUnitKind::Character) {
      const QByteArray bytes = s.caption.raw.toUtf8();
      const int c = covered.front();
      edit.raw = QString::fromUtf8(bytes.left(s.byteOfChar[std::size_t(c)]) + bytes.mid(s.byteOfChar[std::size_t(c) + 1]));
    } else {
      QStringList kept;
      for (int t = 0; t < s.caption.tokens.size(); ++t)
        if (!std::binary_search(covered.begin(), covered.end(), t)) kept << s.caption.tokens.at(t);
      edit.raw = kept.join(QLatin1Char(' '));
    }
    edit.tokens = tokenize(edit.raw);
    edits.push_back(std::move(edit));
  }
  return edits;
}

std::vector<EncodedCaption> unknownEdits(const ExplainedSentence &s, SentenceUnitKind unit) {
  if (unit == SentenceUnitKind::Character)
    throw std::invalid_argument("a character model reads every character and has no unknown word: occlude by removing");
  std::vector<EncodedCaption> edits;
  for (const std::vector<int> &covered : coveredPositions(s, unit)) {
    EncodedCaption edit = s.encoded;
    for (int t : covered)
      if (std::size_t(t) < edit.words.size()) edit.words[std::size_t(t)] = Vocabulary::kUnk;
    for (int n = 0; n < edit.tree.nodeCount(); ++n) {
      const int t = s.nodeToken[std::size_t(n)];
      if (t >= 0 && std::binary_search(covered.begin(), covered.end(), t)) edit.tree.word[std::size_t(n)] = Vocabulary::kUnk;
    }
    edits.push_back(std::move(edit));
  }
  return edits;
}

}  // namespace gs::detail
