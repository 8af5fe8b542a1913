#pragma once
// Everything that defines a training run, with each paper's defaults, a JSON form (the run
// folder's config.json and the CLI's --config file) and a schema the GUI builds its form from.

#include <QJsonObject>
#include <QStringList>

#include <vector>

namespace gs {

struct TrainConfig {
  // What is trained.
  QString model = QStringLiteral("bow");           // bow | rnn | lstm | chargru | charlstm | cca | ctrnn | dtrnn | sdtrnn | dtlstm
  QString imageSide = QStringLiteral("linear");    // linear (Socher W_I) | hmlstm (FC+BN+L2) | twin (DT-LSTM) | merkx (linear+L2)
  QString similarity = QStringLiteral("dot");      // dot (Socher) | cosine (Merkx & Frank, Huang et al.)
  int embedDim = 50;       // joint-space size (Socher: 50); char models: 2 × hiddenDim
  int wordDim = 50;        // word vector size
  int hiddenDim = 50;      // recurrent state size (char models: per direction)
  int charDim = 20;        // Merkx & Frank §3.3: 20-d character embeddings
  int attentionHidden = 128; // Merkx & Frank §3.3: the attention layer has 128 hidden units
  QString pooling = QStringLiteral("attention");   // attention | max (char models)
  QString wordVectors;     // GloVe / word2vec text file to initialise from (empty: learn from scratch)
  bool freezeWords = false;
  // Keep each distractor-twin pair's captions (the Scenes demo's) in one minibatch, so the twin is
  // always among the negatives of the ranking loss (hard negatives by construction). Off by
  // default; no effect on data without twins. On the demo it decides whether a tree model learns
  // word order at all (see tst_treetraining).
  bool twinBatches = false;
  // Which epoch's weights the run keeps (best.pt, used for the test figures):
  //  rsum — the best validation rsum (default; what the papers report);
  //  twin — the best validation twin accuracy, rsum breaking ties (data without twins: rsum);
  //  last — the final epoch's, no selection at all.
  // On the Scenes demo, rsum peaks within a few epochs while twin accuracy keeps climbing for
  // tens more (tst_treetraining), so an rsum-selected model never shows what word order gained.
  QString selection = QStringLiteral("rsum");
  int minWordCount = 1;    // rarer training words map to <unk>
  // Tree models (issue 7).
  QString activation = QStringLiteral("tanh"); // f of Socher Eqs. 1–4: tanh | identity | sigmoid | relu
  int lstmPositions = 3;   // p of the DT-LSTM (appendix A): children p, p+1, … on a side share parameters
  int minRelationCount = 5; // SDT-RNN: relations rarer than this in training share one matrix (§3.3)

  // How it is trained.
  QString loss = QStringLiteral("socher");         // socher (Eq. 5) | hinge (in-batch, cosine) | vsepp (hardest negative) | squared
  double margin = 1.0;     // Δ (Socher) or α (Merkx & Frank: 0.2)
  double regularisation = 0.0; // λ of Socher's λ‖θ‖²
  QString optimizer = QStringLiteral("adagrad");   // adagrad | adam | sgd
  double learningRate = 0.01;
  int adagradResetEpochs = 5; // Socher §5: squared-gradient sums reset every 5 epochs (0: never)
  QString schedule = QStringLiteral("constant");   // constant | cyclic (Merkx & Frank) | step (DT-LSTM: ×0.95 every 2,500 iterations)
  double lrMin = 1e-6, lrMax = 1e-3; // cyclic bounds (Merkx & Frank, Flickr8k)
  int cycleEpochs = 4;     // one learning-rate cycle, one snapshot at its minimum
  int ensembleSnapshots = 2; // best snapshots averaged at test time (0/1: no ensemble)
  int epochs = 10;
  int batchSize = 100;
  quint64 seed = 1;
  double ccaRegularisation = 1e-3; // ridge added to CCA's covariances (model cca)

  static TrainConfig defaultsFor(const QString &model); // throws std::invalid_argument for an unknown model
  static QStringList models();
  bool needsTrees() const;         // ctrnn, dtrnn, sdtrnn, dtlstm
  bool needsConstituency() const;  // ctrnn

  QJsonObject toJson() const;
  // Starts from defaultsFor(json["model"] or base.model) and overrides what the JSON gives;
  // unknown keys and wrong types throw std::invalid_argument naming the key (and `source`).
  static TrainConfig fromJson(const QJsonObject &json, const QString &source = {});
  // Checks values and combinations; throws std::invalid_argument with a message naming the field.
  void validate() const;
};

// One form field per configurable value, for the GUI's training form.
struct ConfigField {
  QString key;          // JSON key
  QString kind;         // "int" | "double" | "string" | "bool" | "choice"
  QStringList choices;  // for "choice"
  QString description;
};
const std::vector<ConfigField> &trainConfigSchema();

}  // namespace gs
