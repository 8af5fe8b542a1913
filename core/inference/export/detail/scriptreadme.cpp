#include "inference/export/detail/scriptreadme.h"

#include "training/modelregistry.h"

namespace gs::detail {

namespace {

QString scoreSentence(const QString &score) {
  if (score == QLatin1String("cosine")) return QStringLiteral("the cosine of the two embeddings");
  if (score == QLatin1String("negative_squared_l2"))
    return QStringLiteral("−‖v − y‖², the negative squared distance (the run trained with the squared-error loss)");
  return QStringLiteral("the inner product vᵀy of the two embeddings");
}

// What the tree encoders read: one node per word or phrase, as Groundscope builds them.
QString treeSection(const ModelEntry &entry) {
  QString text = QStringLiteral(
      "`sentence(words, parents, positions, labels)`: four lists with one int64 tensor of shape [N] per sentence, "
      "N being that sentence's node count:\n\n"
      "- `words`: the node's word id from `vocabulary.txt`, −1 for a phrase node that has no word;\n"
      "- `parents`: the index of the node's parent in the same tensor, −1 for the root (exactly one);\n"
      "- `positions`: the node's place in the sentence (the word's index; a phrase node's is that of its first "
      "word). Which side of its parent a child is on, and how far out, comes from these;\n"
      "- `labels`: ");
  if (entry.settings.testFlag(SettingGroup::Relations))
    text += QStringLiteral("the relation of the node to its parent, as an id from `relations.txt` (line k: id k; "
                           "0 is `<rare>`, for relations not listed). The root's is 0.\n\n");
  else if (entry.tree == TreeInput::Phrases)
    text += QStringLiteral("1 for a noun-phrase node (label NP), 0 for any other node.\n\n");
  else
    text += QStringLiteral("not read by this model (pass zeros).\n\n");
  if (entry.tree == TreeInput::Constituency)
    text += QStringLiteral(
        "The tree is the caption's constituency tree binarised right-branching, (c1 (c2 (… cn))), with unary "
        "phrases collapsed: leaves are words, every inner node has exactly two children and no word. Its first "
        "child (same position as itself) is composed with W_l1, the second with W_r1 (Socher et al. 2014 §3.4).\n");
  else if (entry.tree == TreeInput::Phrases)
    text += QStringLiteral("The tree is the caption's constituency tree as parsed (n-ary, phrase nodes kept): leaves "
                           "are words, phrase nodes have no word (HM-LSTM §3.2.1).\n");
  else
    text += QStringLiteral("The tree is the caption's dependency tree, one node per word, punctuation left out (a "
                           "punctuation token's dependents hang from its nearest kept ancestor); a word is the "
                           "parent of its dependents.\n");
  text += QStringLiteral(
      "\nGroundscope parses captions with Link Grammar into collapsed Stanford dependencies and a constituency tree; "
      "`groundscope-cli parse \"a dog runs\" --style collapsed --format both` prints both. A caption "
      "without a usable parse is a flat tree: its last word heads all the others. `examples.json` holds "
      "worked examples in exactly this form.\n");
  return text;
}

}  // namespace

QString scriptReadme(const QJsonObject &manifest, const TrainConfig &config) {
  const ModelEntry &entry = modelNamed(manifest.value(QStringLiteral("model")).toString());
  const QString input = manifest.value(QStringLiteral("input")).toString();
  const int dim = manifest.value(QStringLiteral("dim")).toInt();
  const int featureDim = manifest.value(QStringLiteral("feature_dim")).toInt();
  const int members = manifest.value(QStringLiteral("members")).toInt();
  QString text = QStringLiteral("# %1 encoders exported from Groundscope\n\n").arg(entry.title);
  text += QStringLiteral(
              "Exported by Groundscope %1 from the run `%2`. Two TorchScript modules map captions and images into the "
              "same %3-dimensional joint space, where an image v and a caption y are scored by %4 (higher is closer). "
              "Neither needs Groundscope: only PyTorch or LibTorch (1.13 or later).\n\n")
              .arg(manifest.value(QStringLiteral("groundscope")).toString(), manifest.value(QStringLiteral("run")).toString())
              .arg(dim)
              .arg(scoreSentence(manifest.value(QStringLiteral("score")).toString()));
  text += QStringLiteral("```python\nimport torch\nsentence = torch.jit.load(\"sentence_encoder.pt\")\n"
                         "image = torch.jit.load(\"image_encoder.pt\")\n```\n\n"
                         "In C++: `torch::jit::load(\"sentence_encoder.pt\")`, then `module.forward({...})`. Both "
                         "modules compute in float32 on the CPU, in evaluation mode (batch normalisation uses its "
                         "running statistics). Their weights are ordinary parameters that can be fine-tuned, except a "
                         "recurrent layer's, which torch.gru / torch.lstm take as one list attribute, `rnn_params`.\n\n");

  text += QStringLiteral("## Image encoder\n\n`image(features)`: a float32 tensor [N, %1] of image features → [N, %2].\n\n")
              .arg(featureDim)
              .arg(dim);
  const QString backbone = manifest.value(QStringLiteral("backbone")).toString();
  text += backbone.isEmpty() ? QStringLiteral("The features are those the run was trained on (the run does not record "
                                              "their backbone); the network itself is not part of this export.")
                             : QStringLiteral("The features are those the run was trained on, from the backbone `%1` "
                                              "(`groundscope-cli features --backbone %1` computes them); the network "
                                              "itself is not part of this export.")
                                   .arg(backbone);
  if (config.readsConcepts())
    text += QStringLiteral(" Each row is [x / ‖x‖ | p]: the normalised global context, then the concept scores p ∈ [0, 1]^K "
                           "of the multi-regional concept CNN (Huang et al. 2018 §3.2; the last K values).");
  text += QStringLiteral("\n\n## Sentence encoder\n\n");
  if (input == QLatin1String("tree")) {
    text += treeSection(entry);
  } else if (input == QLatin1String("characters")) {
    text += QStringLiteral(
        "`sentence(tokens)`: a list with one int64 tensor [T] per sentence: the caption's UTF-8 bytes as written "
        "(case and punctuation kept), each plus 1 (0 pads and never occurs). In Python: "
        "`torch.tensor([b + 1 for b in caption.encode(\"utf-8\")])`.\n");
  } else {
    text += QStringLiteral(
        "`sentence(tokens)`: a list with one int64 tensor [T] per sentence: its word ids from `vocabulary.txt` (line k "
        "holds word k; 0 pads and never occurs, 1 is `<unk>`, for every word not in the file). Words are the "
        "caption lower-cased with punctuation dropped, as Karpathy's tokenisation splits them; an empty caption is "
        "`[1]`.\n");
  }
  text += QStringLiteral("\nIt returns a float32 tensor [B, %1], one row per sentence.\n\n").arg(dim);
  if (members > 1)
    text += QStringLiteral(
                "## Snapshot ensemble\n\nBoth modules hold the run's %1 best snapshots (Merkx & Frank 2019 §3.3): each "
                "member's embedding is L2-normalised and the %1 are concatenated with weight 1/√%1, so the inner product "
                "of two such embeddings is the mean of the members' cosines.\n\n")
                .arg(members);
  text += QStringLiteral(
      "## Checking the export\n\n`examples.json` holds captions and image feature rows with their inputs in the form "
      "above and the embeddings Groundscope's own model gives them; the modules reproduce them to about 1e-6. "
      "`encoders.json` records what this README says in machine-readable form.\n");
  return text;
}

}  // namespace gs::detail
