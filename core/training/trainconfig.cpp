#include "training/trainconfig.h"

#include <QJsonArray>

#include <stdexcept>

namespace gs {

namespace {

const QStringList kModels = {QStringLiteral("bow"), QStringLiteral("rnn"), QStringLiteral("lstm"),
                             QStringLiteral("chargru"), QStringLiteral("charlstm"), QStringLiteral("cca"),
                             QStringLiteral("ctrnn"), QStringLiteral("dtrnn"), QStringLiteral("sdtrnn"),
                             QStringLiteral("dtlstm")};

[[noreturn]] void invalid(const QString &message) { throw std::invalid_argument(message.toStdString()); }

}  // namespace

QStringList TrainConfig::models() { return kModels; }

bool TrainConfig::needsTrees() const {
  return model == QLatin1String("ctrnn") || model == QLatin1String("dtrnn") || model == QLatin1String("sdtrnn") ||
         model == QLatin1String("dtlstm");
}

bool TrainConfig::needsConstituency() const { return model == QLatin1String("ctrnn"); }

TrainConfig TrainConfig::defaultsFor(const QString &model) {
  TrainConfig c;
  c.model = model;
  const bool socherFamily = model == QLatin1String("bow") || model == QLatin1String("rnn") || model == QLatin1String("cca") ||
                            model == QLatin1String("ctrnn") || model == QLatin1String("dtrnn") ||
                            model == QLatin1String("sdtrnn");
  if (socherFamily || model == QLatin1String("dtlstm")) {
    // Socher et al. 2014 §5–6: 50-d vectors, inner products, the margin loss of Eq. 5 with
    // λ‖θ‖², AdaGrad with its sums reset every 5 epochs. The paper's Δ = 3, λ = 0.08 and
    // lr = 1e-4 assume frozen pre-trained word vectors; we learn words from scratch by default,
    // so the defaults are the values that train on the demo (set them back in a config file).
    c.imageSide = QStringLiteral("linear");
    c.similarity = QStringLiteral("dot");
    c.embedDim = c.wordDim = c.hiddenDim = 50;
    c.loss = QStringLiteral("socher");
    c.margin = 1.0;
    c.regularisation = 1e-4;
    c.optimizer = QStringLiteral("adagrad");
    c.learningRate = 0.05;
    c.adagradResetEpochs = 5;
    c.schedule = QStringLiteral("constant");
    c.epochs = 15;
    c.batchSize = 100;
    if (model == QLatin1String("dtlstm")) {
      // DT-LSTM paper §3.2 and §4: the root's h goes through the twin network (leaky ReLU 0.01)
      // into the joint space. The paper trains with SGD + momentum and a ×0.95 step decay every
      // 2,500 iterations; on the small demo that barely moves in 15 epochs, so the default is the
      // optimiser that trains there (AdaGrad, as the Socher models above) with the paper's twin
      // image side and p = 3.
      c.imageSide = QStringLiteral("twin");
      c.lstmPositions = 3;
    }
  } else if (model == QLatin1String("lstm")) {
    // Huang et al. §3.1 and §3.4: last hidden state of an LSTM, cosine scores, bidirectional
    // hinge with margin m. Image side: a linear map with L2 normalisation.
    c.imageSide = QStringLiteral("merkx");
    c.similarity = QStringLiteral("cosine");
    c.embedDim = c.hiddenDim = 256;
    c.wordDim = 128;
    c.loss = QStringLiteral("hinge");
    c.margin = 0.2;
    c.optimizer = QStringLiteral("adam");
    c.learningRate = 2e-3;
    c.schedule = QStringLiteral("constant");
    c.epochs = 15;
    c.batchSize = 64;
  } else if (model == QLatin1String("chargru") || model == QLatin1String("charlstm")) {
    // Merkx & Frank 2019 §3.1–3.3: bidirectional GRU/LSTM over 20-d characters, attention with
    // 128 hidden units, L2-normalised embeddings of size 2n, hinge on cosine with α = 0.2, Adam
    // with the cyclic learning rate over 4 epochs and an ensemble of the best two snapshots.
    // n = 1024/2048 in the paper; 128 here so a demo run takes a minute on a laptop.
    c.imageSide = QStringLiteral("merkx");
    c.similarity = QStringLiteral("cosine");
    c.hiddenDim = 128;
    c.embedDim = 2 * c.hiddenDim;
    c.loss = QStringLiteral("hinge");
    c.margin = 0.2;
    c.optimizer = QStringLiteral("adam");
    c.schedule = QStringLiteral("cyclic");
    c.lrMin = 1e-6;
    c.lrMax = 3e-3; // paper: 1e-3 for Flickr8k; the small demo model takes a larger step
    c.cycleEpochs = 4;
    c.ensembleSnapshots = 2;
    c.epochs = 16;
    c.batchSize = 64;
  } else {
    invalid(QStringLiteral("unknown model '%1' (one of: %2)").arg(model, kModels.join(QStringLiteral(", "))));
  }
  return c;
}

QJsonObject TrainConfig::toJson() const {
  return {{QStringLiteral("model"), model},
          {QStringLiteral("image_side"), imageSide},
          {QStringLiteral("similarity"), similarity},
          {QStringLiteral("embed_dim"), embedDim},
          {QStringLiteral("word_dim"), wordDim},
          {QStringLiteral("hidden_dim"), hiddenDim},
          {QStringLiteral("char_dim"), charDim},
          {QStringLiteral("attention_hidden"), attentionHidden},
          {QStringLiteral("pooling"), pooling},
          {QStringLiteral("word_vectors"), wordVectors},
          {QStringLiteral("freeze_words"), freezeWords},
          {QStringLiteral("twin_batches"), twinBatches},
          {QStringLiteral("selection"), selection},
          {QStringLiteral("min_word_count"), minWordCount},
          {QStringLiteral("activation"), activation},
          {QStringLiteral("lstm_positions"), lstmPositions},
          {QStringLiteral("min_relation_count"), minRelationCount},
          {QStringLiteral("loss"), loss},
          {QStringLiteral("margin"), margin},
          {QStringLiteral("regularisation"), regularisation},
          {QStringLiteral("optimizer"), optimizer},
          {QStringLiteral("learning_rate"), learningRate},
          {QStringLiteral("adagrad_reset_epochs"), adagradResetEpochs},
          {QStringLiteral("schedule"), schedule},
          {QStringLiteral("lr_min"), lrMin},
          {QStringLiteral("lr_max"), lrMax},
          {QStringLiteral("cycle_epochs"), cycleEpochs},
          {QStringLiteral("ensemble_snapshots"), ensembleSnapshots},
          {QStringLiteral("epochs"), epochs},
          {QStringLiteral("batch_size"), batchSize},
          {QStringLiteral("seed"), QString::number(seed)},
          {QStringLiteral("cca_regularisation"), ccaRegularisation}};
}

TrainConfig TrainConfig::fromJson(const QJsonObject &json, const QString &source) {
  const QString where = source.isEmpty() ? QStringLiteral("config") : source;
  const QString model = json.value(QStringLiteral("model")).toString(QStringLiteral("bow"));
  TrainConfig c = defaultsFor(model);
  for (auto it = json.begin(); it != json.end(); ++it) {
    const QString key = it.key();
    const QJsonValue v = it.value();
    const auto need = [&](bool ok, const char *what) {
      if (!ok) invalid(QStringLiteral("%1: '%2' must be %3").arg(where, key, QLatin1String(what)));
    };
    const auto integer = [&]() {
      need(v.isDouble() && v.toDouble() == double(v.toInt()), "an integer");
      return v.toInt();
    };
    const auto number = [&]() {
      need(v.isDouble(), "a number");
      return v.toDouble();
    };
    const auto text = [&]() {
      need(v.isString(), "a string");
      return v.toString();
    };
    if (key == QLatin1String("model")) continue;
    else if (key == QLatin1String("image_side")) c.imageSide = text();
    else if (key == QLatin1String("similarity")) c.similarity = text();
    else if (key == QLatin1String("embed_dim")) c.embedDim = integer();
    else if (key == QLatin1String("word_dim")) c.wordDim = integer();
    else if (key == QLatin1String("hidden_dim")) c.hiddenDim = integer();
    else if (key == QLatin1String("char_dim")) c.charDim = integer();
    else if (key == QLatin1String("attention_hidden")) c.attentionHidden = integer();
    else if (key == QLatin1String("pooling")) c.pooling = text();
    else if (key == QLatin1String("word_vectors")) c.wordVectors = text();
    else if (key == QLatin1String("freeze_words")) { need(v.isBool(), "true or false"); c.freezeWords = v.toBool(); }
    else if (key == QLatin1String("twin_batches")) { need(v.isBool(), "true or false"); c.twinBatches = v.toBool(); }
    else if (key == QLatin1String("selection")) c.selection = text();
    else if (key == QLatin1String("min_word_count")) c.minWordCount = integer();
    else if (key == QLatin1String("activation")) c.activation = text();
    else if (key == QLatin1String("lstm_positions")) c.lstmPositions = integer();
    else if (key == QLatin1String("min_relation_count")) c.minRelationCount = integer();
    else if (key == QLatin1String("loss")) c.loss = text();
    else if (key == QLatin1String("margin")) c.margin = number();
    else if (key == QLatin1String("regularisation")) c.regularisation = number();
    else if (key == QLatin1String("optimizer")) c.optimizer = text();
    else if (key == QLatin1String("learning_rate")) c.learningRate = number();
    else if (key == QLatin1String("adagrad_reset_epochs")) c.adagradResetEpochs = integer();
    else if (key == QLatin1String("schedule")) c.schedule = text();
    else if (key == QLatin1String("lr_min")) c.lrMin = number();
    else if (key == QLatin1String("lr_max")) c.lrMax = number();
    else if (key == QLatin1String("cycle_epochs")) c.cycleEpochs = integer();
    else if (key == QLatin1String("ensemble_snapshots")) c.ensembleSnapshots = integer();
    else if (key == QLatin1String("epochs")) c.epochs = integer();
    else if (key == QLatin1String("batch_size")) c.batchSize = integer();
    else if (key == QLatin1String("seed")) {
      bool ok = v.isDouble();
      c.seed = ok ? quint64(v.toDouble()) : v.toString().toULongLong(&ok);
      need(ok, "a non-negative integer");
    } else if (key == QLatin1String("cca_regularisation")) c.ccaRegularisation = number();
    else invalid(QStringLiteral("%1: unknown key '%2'").arg(where, key));
  }
  if (c.model == QLatin1String("chargru") || c.model == QLatin1String("charlstm"))
    if (!json.contains(QStringLiteral("embed_dim"))) c.embedDim = 2 * c.hiddenDim;
  c.validate();
  return c;
}

void TrainConfig::validate() const {
  const auto oneOf = [](const QString &key, const QString &value, const QStringList &allowed) {
    if (!allowed.contains(value))
      invalid(QStringLiteral("%1 '%2' is not one of: %3").arg(key, value, allowed.join(QStringLiteral(", "))));
  };
  oneOf(QStringLiteral("model"), model, kModels);
  oneOf(QStringLiteral("image_side"), imageSide,
        {QStringLiteral("linear"), QStringLiteral("hmlstm"), QStringLiteral("twin"), QStringLiteral("merkx")});
  oneOf(QStringLiteral("similarity"), similarity, {QStringLiteral("dot"), QStringLiteral("cosine")});
  oneOf(QStringLiteral("activation"), activation,
        {QStringLiteral("tanh"), QStringLiteral("identity"), QStringLiteral("sigmoid"), QStringLiteral("relu")});
  oneOf(QStringLiteral("selection"), selection, {QStringLiteral("rsum"), QStringLiteral("twin"), QStringLiteral("last")});
  oneOf(QStringLiteral("pooling"), pooling, {QStringLiteral("attention"), QStringLiteral("max")});
  oneOf(QStringLiteral("loss"), loss,
        {QStringLiteral("socher"), QStringLiteral("hinge"), QStringLiteral("vsepp"), QStringLiteral("squared")});
  oneOf(QStringLiteral("optimizer"), optimizer, {QStringLiteral("adagrad"), QStringLiteral("adam"), QStringLiteral("sgd")});
  oneOf(QStringLiteral("schedule"), schedule, {QStringLiteral("constant"), QStringLiteral("cyclic"), QStringLiteral("step")});
  const auto positive = [](const QString &key, double value) {
    if (!(value > 0)) invalid(QStringLiteral("%1 must be positive (got %2)").arg(key).arg(value));
  };
  positive(QStringLiteral("embed_dim"), embedDim);
  positive(QStringLiteral("word_dim"), wordDim);
  positive(QStringLiteral("hidden_dim"), hiddenDim);
  positive(QStringLiteral("char_dim"), charDim);
  positive(QStringLiteral("attention_hidden"), attentionHidden);
  positive(QStringLiteral("learning_rate"), learningRate);
  positive(QStringLiteral("epochs"), epochs);
  positive(QStringLiteral("batch_size"), batchSize);
  positive(QStringLiteral("cycle_epochs"), cycleEpochs);
  positive(QStringLiteral("lstm_positions"), lstmPositions);
  positive(QStringLiteral("min_relation_count"), minRelationCount);
  if (model == QLatin1String("ctrnn") && wordDim != hiddenDim)
    invalid(QStringLiteral("ctrnn composes word vectors directly: word_dim must equal hidden_dim"));
  if (batchSize < 2) invalid(QStringLiteral("batch_size must be at least 2: the losses contrast pairs within a batch"));
  if (margin < 0) invalid(QStringLiteral("margin must not be negative"));
  if (regularisation < 0) invalid(QStringLiteral("regularisation must not be negative"));
  if (schedule == QLatin1String("cyclic") && !(lrMin > 0 && lrMin < lrMax))
    invalid(QStringLiteral("cyclic schedule needs 0 < lr_min < lr_max"));
  if ((model == QLatin1String("chargru") || model == QLatin1String("charlstm")) && embedDim != 2 * hiddenDim)
    invalid(QStringLiteral("embed_dim must be 2 × hidden_dim for %1 (a bidirectional encoder)").arg(model));
  if (loss == QLatin1String("squared") && similarity != QLatin1String("dot"))
    invalid(QStringLiteral("the squared loss compares raw vectors: use similarity 'dot'"));
}

const std::vector<ConfigField> &trainConfigSchema() {
  static const std::vector<ConfigField> schema = {
      {QStringLiteral("model"), QStringLiteral("choice"), kModels, QStringLiteral("Sentence encoder")},
      {QStringLiteral("image_side"), QStringLiteral("choice"),
       {QStringLiteral("linear"), QStringLiteral("hmlstm"), QStringLiteral("twin"), QStringLiteral("merkx")},
       QStringLiteral("Image branch: Socher's W_I, HM-LSTM's FC+BN+L2, DT-LSTM's twin column, Merkx & Frank's linear+L2")},
      {QStringLiteral("similarity"), QStringLiteral("choice"), {QStringLiteral("dot"), QStringLiteral("cosine")},
       QStringLiteral("Score of an image–sentence pair")},
      {QStringLiteral("embed_dim"), QStringLiteral("int"), {}, QStringLiteral("Joint space dimension")},
      {QStringLiteral("word_dim"), QStringLiteral("int"), {}, QStringLiteral("Word vector dimension")},
      {QStringLiteral("hidden_dim"), QStringLiteral("int"), {}, QStringLiteral("Recurrent state size")},
      {QStringLiteral("char_dim"), QStringLiteral("int"), {}, QStringLiteral("Character embedding size")},
      {QStringLiteral("attention_hidden"), QStringLiteral("int"), {}, QStringLiteral("Attention layer hidden units")},
      {QStringLiteral("pooling"), QStringLiteral("choice"), {QStringLiteral("attention"), QStringLiteral("max")},
       QStringLiteral("How character states become a sentence vector")},
      {QStringLiteral("word_vectors"), QStringLiteral("string"), {}, QStringLiteral("GloVe/word2vec text file (optional)")},
      {QStringLiteral("freeze_words"), QStringLiteral("bool"), {}, QStringLiteral("Keep pre-trained word vectors fixed")},
      {QStringLiteral("twin_batches"), QStringLiteral("bool"), {}, QStringLiteral("Put distractor twins in the same minibatch")},
      {QStringLiteral("selection"), QStringLiteral("choice"), {QStringLiteral("rsum"), QStringLiteral("twin"), QStringLiteral("last")},
       QStringLiteral("Which epoch's model is kept: best validation rsum, best validation twin accuracy, or the last")},
      {QStringLiteral("min_word_count"), QStringLiteral("int"), {}, QStringLiteral("Rarer words become <unk>")},
      {QStringLiteral("activation"), QStringLiteral("choice"),
       {QStringLiteral("tanh"), QStringLiteral("identity"), QStringLiteral("sigmoid"), QStringLiteral("relu")},
       QStringLiteral("Tree RNNs: nonlinearity f (Socher Eqs. 1–4)")},
      {QStringLiteral("lstm_positions"), QStringLiteral("int"), {}, QStringLiteral("DT-LSTM: p, child positions with their own parameters")},
      {QStringLiteral("min_relation_count"), QStringLiteral("int"), {}, QStringLiteral("SDT-RNN: rarer relations share a matrix")},
      {QStringLiteral("loss"), QStringLiteral("choice"),
       {QStringLiteral("socher"), QStringLiteral("hinge"), QStringLiteral("vsepp"), QStringLiteral("squared")},
       QStringLiteral("Socher Eq. 5, in-batch hinge, VSE++ hardest negative, squared error")},
      {QStringLiteral("margin"), QStringLiteral("double"), {}, QStringLiteral("Margin Δ / α")},
      {QStringLiteral("regularisation"), QStringLiteral("double"), {}, QStringLiteral("λ of λ‖θ‖²")},
      {QStringLiteral("optimizer"), QStringLiteral("choice"), {QStringLiteral("adagrad"), QStringLiteral("adam"), QStringLiteral("sgd")},
       QStringLiteral("Optimiser")},
      {QStringLiteral("learning_rate"), QStringLiteral("double"), {}, QStringLiteral("Learning rate (constant/step schedules)")},
      {QStringLiteral("adagrad_reset_epochs"), QStringLiteral("int"), {}, QStringLiteral("Reset AdaGrad sums every k epochs (0: never)")},
      {QStringLiteral("schedule"), QStringLiteral("choice"), {QStringLiteral("constant"), QStringLiteral("cyclic"), QStringLiteral("step")},
       QStringLiteral("Learning-rate schedule")},
      {QStringLiteral("lr_min"), QStringLiteral("double"), {}, QStringLiteral("Cyclic schedule: lower bound")},
      {QStringLiteral("lr_max"), QStringLiteral("double"), {}, QStringLiteral("Cyclic schedule: upper bound")},
      {QStringLiteral("cycle_epochs"), QStringLiteral("int"), {}, QStringLiteral("Epochs per learning-rate cycle")},
      {QStringLiteral("ensemble_snapshots"), QStringLiteral("int"), {}, QStringLiteral("Snapshots in the test ensemble")},
      {QStringLiteral("epochs"), QStringLiteral("int"), {}, QStringLiteral("Epochs")},
      {QStringLiteral("batch_size"), QStringLiteral("int"), {}, QStringLiteral("Minibatch size")},
      {QStringLiteral("seed"), QStringLiteral("int"), {}, QStringLiteral("Random seed")},
      {QStringLiteral("cca_regularisation"), QStringLiteral("double"), {}, QStringLiteral("CCA ridge term")},
  };
  return schema;
}

}  // namespace gs
