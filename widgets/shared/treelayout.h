#pragma once
// Geometry of the tree views, apart from painting so it can be tested: a caption's tree as the
// views draw it (from the parser's Tree or from a trained model's InspectedTree, node indices
// kept), the dependency arc layout (words in a row, arcs above from head to dependent, nested
// arcs lower than the arcs around them, as in Socher et al. 2014 Fig. 1), and the constituency
// layout (leaves in sentence order on the bottom row, each phrase above its children).

#include "parse/tree.h"
#include "inference/attribution.h"
#include "inference/treeinspection.h"

#include <QFont>
#include <QRectF>
#include <QString>

#include <vector>

namespace gs {

struct ViewTree {
  struct Node {
    QString word;               // "" for a phrase node
    QString label;              // dependency relation, or phrase label
    int parent = -1;
    std::vector<int> children;  // in sentence order
    int order = -1;             // sentence position among the drawn words (-1 for phrase nodes)
    bool nounPhrase = false;    // H-LSTM: drawn with its own outline (its children use Û, not Ū)
  };
  std::vector<Node> nodes;
  int root = -1;
  TreeKind kind = TreeKind::Dependency;

  bool isEmpty() const { return nodes.empty(); }
  int wordCount() const;
  // Node indices of the words, in sentence order.
  std::vector<int> wordNodes() const;

  static ViewTree fromTree(const Tree &tree);
  // Dependency models: one node per word, in sentence order (the inspector keeps token order and
  // drops punctuation). CT-RNN: leaves in index order are the words in sentence order (the
  // inspector builds the binarised tree depth-first, left to right).
  static ViewTree fromInspected(const InspectedTree &tree, TreeKind kind);
  // A tree model's attribution (parts are tree nodes, indices kept): a node's word is the token
  // its span covers and its children's spans do not (phrase nodes have none). Empty for parts
  // that are words or characters.
  static ViewTree fromAttribution(const SentenceAttribution &attribution, TreeKind kind);
};

// Which tree a run's model composes over.
TreeKind treeKindOfModel(const QString &model); // the tree the model composes over (model registry)

struct ArcLayout {
  struct Word {
    int node = -1;
    QString text;
    QRectF box;       // the word's text box (also the hover/click target)
  };
  struct Arc {
    int head = -1, dependent = -1; // node indices
    int from = 0, to = 0;          // word positions (sentence order) of head and dependent
    int level = 1;                 // 1 for arcs over adjacent-only spans, +1 per nesting
    double x1 = 0, x2 = 0;         // x of the head end and of the dependent end
    double top = 0;                // y of the arc's horizontal top
    double baseline = 0;           // y where the arc meets the words
    QString label;
    QRectF labelBox;               // centred on the arc's top
  };
  std::vector<Word> words;         // sentence order
  std::vector<Arc> arcs;
  int rootNode = -1;
  double rootX = 0, rootTop = 0;   // the root marker: a vertical arrow down to the root word
  QRectF rootLabelBox;
  QSizeF size;
};

// Cost: O(n²) for n words (nesting levels), fine for captions.
ArcLayout layoutArcs(const ViewTree &tree, const QFont &font);

struct ConstituencyLayout {
  struct Node {
    int node = -1;
    QString text;
    QRectF box;  // text box (hover/click target)
    bool leaf = false;
    int depth = 0;
  };
  std::vector<Node> nodes; // indexed like ViewTree::nodes
  QSizeF size;
};

// Leaves in sentence order along the bottom row; a phrase centred over its children, one row per
// depth. O(n).
ConstituencyLayout layoutConstituency(const ViewTree &tree, const QFont &font);

}  // namespace gs
