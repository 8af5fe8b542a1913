#pragma once
// Looking inside a trained tree model: every node of a caption's tree with its hidden vector (and
// the DT-LSTM's gates), its norm, its projection into the joint space and, given an image, its
// similarity to that image; and SDT-RNN's relation matrices ranked by Frobenius norm (Socher et
// al. 2014 §6.7). For `groundscope-cli inspect` and the GUI's tree inspector. Torch-free.

#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

class TrainedModel;

struct InspectedNode {
  QString word;               // the node's word ("" for a CT-RNN phrase node)
  QString label;              // dependency relation to its parent, or the phrase label
  int parent = -1;            // index into InspectedTree::nodes, -1 for the root
  std::vector<int> children;  // in sentence order
  QString position;           // "l1", "r2", … (dependency models), "" for the root
  std::vector<float> hidden;  // h
  std::vector<float> gates;   // LSTM models: InspectedTree::gateNames.size() groups of H values
  bool nounPhrase = false;    // H-LSTM: a noun-phrase node (its children are composed with Û, not Ū)
  double norm = 0;            // ‖h‖₂
  std::vector<float> joint;   // h mapped into the joint space (as the root would be)
  double similarity = 0;      // score of `joint` against the image, when one was given
  int wordCount = 0;          // ℓ(i)
  // Half-open span of InspectedTree::tokens the node covers (phrase-tree models; -1 otherwise):
  // how the region inspector finds a noun-phrase node's phrase and back.
  int spanBegin = -1, spanEnd = -1;
};

struct InspectedTree {
  QString model;
  QString caption;
  QStringList tokens;
  std::vector<InspectedNode> nodes;
  int root = 0;
  bool hasSimilarity = false;
  QString imageId;
  int gateGroups = 0;         // groups of H values in each node's `gates`; 0 for models without gates
  // One name per gate group: DT-LSTM "i", "o", "u", "f l1"…"f lp", "f r1"…"f rp" (the node's
  // forget gates for its children in each slot); H-LSTM "i", "o", "u", "f" (the forget gate its
  // parent applied to it: Û^(f) for a noun phrase, Ū^(f) otherwise, Eqs. 3–4).
  QStringList gateNames;
};

class TreeInspector {
public:
  // Opens the run's best single model (not an ensemble). Throws std::runtime_error naming the
  // folder when it is not a finished tree-model run.
  explicit TreeInspector(const QString &runDir);
  // The same for a run already opened (throws likewise when it is not a tree model).
  explicit TreeInspector(const TrainedModel &model);
  ~TreeInspector();
  TreeInspector(const TreeInspector &) = delete;
  TreeInspector &operator=(const TreeInspector &) = delete;

  // Parses and encodes the caption. imageFeatures: one feature row of the run's dimension (empty:
  // no similarity). Throws std::invalid_argument for an empty caption or a wrong feature size.
  InspectedTree inspect(const QString &caption, const std::vector<float> &imageFeatures = {},
                        const QString &imageId = {}) const;

  struct RelationNorm {
    QString relation;
    double frobenius = 0;
  };
  // SDT-RNN only (throws std::invalid_argument otherwise): largest first.
  std::vector<RelationNorm> relationNorms() const;

private:
  struct Impl;
  Impl *m_impl = nullptr;
};

}  // namespace gs
