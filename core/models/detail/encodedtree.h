#pragma once
// A caption's tree as the tree encoders read it: one entry per node, word ids from the same
// vocabulary as the word-level encoders, the position (side, rank) or relation of each node under
// its parent, ℓ(i) and the height that orders the batched computation. Built once per caption
// from a ParsedCaption, so minibatches never go back to the Tree. Torch-free.
//
// Punctuation: Karpathy's tokens drop it, so punctuation tokens (alignTokens → -1) have no word
// vector; they are removed from the tree and any children they had are re-attached to their
// nearest kept ancestor (the parser attaches punctuation high, as leaves, so this rarely matters).

#include "models/detail/vocabulary.h"
#include "parse/compactparse.h"
#include "parse/parsedcaption.h"

#include <QJsonObject>

#include <functional>
#include <vector>

namespace gs::detail {

struct EncodedTree {
  std::vector<std::int64_t> word; // vocabulary id per node; -1 for a phrase node (CT-RNN inner nodes)
  std::vector<int> parent;        // -1 for the root
  std::vector<int> side;          // 0: left of its parent, 1: right (0 for the root)
  std::vector<int> rank;          // 1-based among same-side siblings, counted outward from the head; 0: root
  std::vector<int> relation;      // relation id (SDT-RNN; 0 = rare/unknown); 0 for the root
  std::vector<int> size;          // ℓ(i) of Socher Eq. 4: words under node i (itself included)
  std::vector<int> height;        // 0 for leaves
  std::vector<int> sourceNode;    // node of the parsed Tree it came from; -1 for binarisation nodes
  std::vector<int> order;         // each node's place in the sentence (a phrase's: its first word's), from
                                  // which side and rank were computed; what the TorchScript export reads
  // Phrase trees (TreeShape::Phrases, the H-LSTM) only, else empty: 1 for a noun-phrase node
  // (label NP), and every node's half-open span of the caption's word tokens [spanBegin, spanEnd).
  std::vector<char> nounPhrase;
  std::vector<int> spanBegin, spanEnd;
  int root = 0;
  int nodeCount() const { return int(word.size()); }
  bool isEmpty() const { return word.empty(); }
};

// Which tree a caption is encoded as:
//  - Dependency:  one node per word, the head above its dependents (DT-RNN, SDT-RNN, DT-LSTM);
//  - Binary:      constituency, binarised right-branching, unary phrases collapsed (CT-RNN, §3.4);
//  - Phrases:     constituency as parsed, n-ary, every phrase node kept with its label, so noun
//                 phrases can be told apart (the H-LSTM, HM-LSTM paper §3.2.1). Leaves are words.
enum class TreeShape { Dependency, Binary, Phrases };

// What the tree encoders learned from the training trees: how many left and right child
// positions have their own matrix (Socher §3.2: "determined by the data"), and the relations
// frequent enough for their own SDT-RNN matrix (§3.3: "most are very rare"; they share index 0).
struct TreeVocabulary {
  bool constituency = false; // CT-RNN, H-LSTM: constituency trees; otherwise dependency trees
  bool phrases = false;      // with constituency: n-ary phrase trees (H-LSTM) rather than binarised
  TreeShape shape() const { return !constituency ? TreeShape::Dependency : phrases ? TreeShape::Phrases : TreeShape::Binary; }
  int maxLeft = 0, maxRight = 0;
  QStringList relations;     // index → relation; index 0 is "<rare>"
  int relationIndex(const QString &relation) const; // 0 when rare or unseen

  QJsonObject toJson() const;
  static TreeVocabulary fromJson(const QJsonObject &json); // throws std::runtime_error when malformed
};

// The tree of one caption. `wordTokens` are the caption's Karpathy tokens (word ids come from
// them through alignTokens); Binary: right-branching (c1 (c2 (… cn))), unary phrase nodes
// collapsed, since CT-RNN composes exactly two children (Socher §3.4); Phrases: the parse's own
// phrase nodes, a phrase left without words (punctuation only) dropped. A caption without a usable
// parse gets a flat tree (its last word heads all others; no noun phrase). Never empty.
EncodedTree encodeTree(const ParsedCaption *parse, const QStringList &wordTokens, const Vocabulary &words,
                       TreeShape shape, const std::function<int(const QString &)> &relationId);
// The same from a caption's kept parse (expanded for the call; null: the flat tree).
EncodedTree encodeTree(const CompactParse *parse, const QStringList &wordTokens, const Vocabulary &words,
                       TreeShape shape, const std::function<int(const QString &)> &relationId);

// Completes a tree given word, parent, relation and root: side and rank of every child from
// `order` (each node's place in the sentence; binary: the first child by order is W_l1's, the second
// W_r1's), ℓ(i) and heights. Throws std::invalid_argument when a node is not under the root.
void finishEncodedTree(EncodedTree &tree, const std::vector<int> &order, bool binary);

// Built from the training captions' trees; minRelationCount: rarer relations share matrix 0.
TreeVocabulary buildTreeVocabulary(const std::vector<const CompactParse *> &parses,
                                   const std::vector<QStringList> &wordTokens, const Vocabulary &words,
                                   TreeShape shape, int minRelationCount);

}  // namespace gs::detail
