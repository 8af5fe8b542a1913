// The word LSTM's own packed recurrence (packedLstmFinalState, used by the LSTM sentence encoder of
// the lstm and concepts models) against LibTorch's packed LSTM on the same module: the final states,
// and the gradients of every parameter and of the word vectors, on captions of mixed lengths given
// out of length order; the refusal of an LSTM it does not implement; and the concepts model built
// with the reference recurrences `bench pipeline` times its epoch against: the same sentence vectors
// and generation loss as the model's own ways.

#include <torch/torch.h> // before any Qt header (`slots`)

#include "models/detail/packedlstm.h"
#include "models/detail/sentenceencoders.h"
#include "training/detail/modelbuilder.h"
#include "training/trainconfig.h"

#include <QTest>

using namespace gs;
using namespace gs::detail;

Q_DECLARE_METATYPE(std::vector<std::int64_t>)

namespace {

// Captions of the given lengths, random word ids past the padding id, 0-padded to the longest.
TextBatch captionsOf(const std::vector<std::int64_t> &lengths, std::int64_t vocabulary) {
  const auto length = torch::tensor(lengths, torch::kInt64);
  const std::int64_t longest = length.max().item<std::int64_t>();
  const auto words = torch::randint(1, vocabulary, {std::int64_t(lengths.size()), longest}, torch::kInt64);
  TextBatch batch;
  batch.words = words * (torch::arange(longest).unsqueeze(0) < length.unsqueeze(1)).to(torch::kInt64);
  batch.wordLengths = length;
  return batch;
}

// Each parameter's gradient after backward of Σ_b w_b · h_b, with fixed random w.
std::vector<torch::Tensor> gradientsOf(WordRnn &rnn, const torch::Tensor &state, const torch::Tensor &weights) {
  rnn->zero_grad();
  (state * weights).sum().backward();
  std::vector<torch::Tensor> gradients;
  for (const auto &p : rnn->parameters()) gradients.push_back(p.grad().clone());
  return gradients;
}

double largestRelativeDifference(const torch::Tensor &a, const torch::Tensor &b) {
  return ((a - b).abs().max() / b.abs().max().clamp_min(1e-12)).item<double>();
}

}  // namespace

class TestSentenceEncoders : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { torch::manual_seed(7); }

  void ownRecurrenceEqualsLibTorchs_data() {
    QTest::addColumn<std::vector<std::int64_t>>("lengths");
    QTest::newRow("mixed, out of order") << std::vector<std::int64_t>{3, 9, 1, 9, 5, 2, 7};
    QTest::newRow("one caption") << std::vector<std::int64_t>{6};
    QTest::newRow("equal lengths") << std::vector<std::int64_t>{4, 4, 4};
  }

  void ownRecurrenceEqualsLibTorchs() {
    QFETCH(std::vector<std::int64_t>, lengths);
    WordRnn rnn(WordRnnCell::Lstm, /*vocabulary=*/40, /*wordDim=*/6, /*hiddenDim=*/5);
    const auto batch = captionsOf(lengths, 40);
    const auto own = rnn->forward(batch), libTorch = rnn->libTorchForward(batch);
    QCOMPARE(own.sizes(), libTorch.sizes());
    QVERIFY2(largestRelativeDifference(own, libTorch) < 1e-5, "final states differ");

    const auto weights = torch::randn(own.sizes());
    const auto ownGradients = gradientsOf(rnn, rnn->forward(batch), weights);
    const auto libTorchGradients = gradientsOf(rnn, rnn->libTorchForward(batch), weights);
    QCOMPARE(ownGradients.size(), std::size_t(5)); // the embedding, W_i, W_h, b_i, b_h
    for (std::size_t p = 0; p < ownGradients.size(); ++p) {
      QVERIFY2(libTorchGradients[p].abs().max().item<double>() > 0, "a gradient is zero: the check would be empty");
      QVERIFY2(largestRelativeDifference(ownGradients[p], libTorchGradients[p]) < 1e-5,
               qPrintable(QStringLiteral("gradient of parameter %1 differs").arg(p)));
    }
  }

  void withoutGradientsTheStatesAreTheSame() {
    WordRnn rnn(WordRnnCell::Lstm, 40, 6, 5);
    const auto batch = captionsOf({2, 8, 3}, 40);
    const auto withGraph = rnn->forward(batch);
    torch::NoGradGuard noGrad;
    QVERIFY(largestRelativeDifference(rnn->forward(batch), withGraph) < 1e-7);
  }

  void theElmanChainKeepsLibTorchs() {
    WordRnn rnn(WordRnnCell::Elman, 40, 6, 5);
    const auto batch = captionsOf({2, 5}, 40);
    QVERIFY(torch::equal(rnn->forward(batch), rnn->libTorchForward(batch)));
    rnn->libTorchRecurrence = true; // the bench's switch on a chain: LibTorch's path, as before
    QVERIFY(torch::equal(rnn->forward(batch), rnn->libTorchForward(batch)));
  }

  void refusesALayerItDoesNotImplement() {
    torch::nn::LSTM bidirectional(torch::nn::LSTMOptions(4, 3).bidirectional(true));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, lstmWeightsOf(*bidirectional));
    torch::nn::LSTM twoLayers(torch::nn::LSTMOptions(4, 3).num_layers(2));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, lstmWeightsOf(*twoLayers));
  }

  void theBenchsReferenceIsTheSameConceptsModel() {
    TrainConfig config = TrainConfig::defaultsFor(ModelKind::Concepts);
    config.wordDim = 8;
    config.hiddenDim = config.embedDim = 6;
    config.conceptCount = 4;
    const std::int64_t vocabulary = 30, featureDim = 10 + config.conceptCount;
    JointModel own = makeJointModel(config, vocabulary, featureDim, nullptr);
    config.referenceRecurrences = true;
    JointModel reference = makeJointModel(config, vocabulary, featureDim, nullptr);
    {
      torch::NoGradGuard noGrad;
      const auto ownParameters = own->named_parameters();
      for (auto &parameter : reference->named_parameters()) parameter.value().copy_(ownParameters[parameter.key()]);
    }
    auto *ownWords = dynamic_cast<WordRnnImpl *>(own->encoder.get());
    auto *referenceWords = dynamic_cast<WordRnnImpl *>(reference->encoder.get());
    QVERIFY(ownWords && referenceWords && own->generator && reference->generator);
    QVERIFY(!ownWords->libTorchRecurrence && !own->generator->stepwiseOnly);
    QVERIFY(referenceWords->libTorchRecurrence && reference->generator->stepwiseOnly);

    const auto batch = captionsOf({3, 7, 2, 5}, vocabulary);
    QVERIFY(largestRelativeDifference(own->embedCaptions(batch), reference->embedCaptions(batch)) < 1e-5);
    const auto v = torch::randn({4, config.embedDim});
    const auto ownLoss = own->generator->loss(v, batch.words, batch.wordLengths);
    const auto referenceLoss = reference->generator->loss(v, batch.words, batch.wordLengths);
    QVERIFY(std::abs(ownLoss.item<double>() - referenceLoss.item<double>()) < 1e-5 * referenceLoss.item<double>());
  }
};

QTEST_GUILESS_MAIN(TestSentenceEncoders)
#include "tst_sentenceencoders.moc"
