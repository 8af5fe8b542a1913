// The concepts model's parts (Huang et al. 2018): the gated fusion of Eq. 2 against values computed
// by hand, the ablations' image sides, region max-pooling that keeps the arg-max region (§3.2), the
// generation loss of Eq. 3 / §3.4 against a step-by-step computation of the LSTM equations on a
// 3-word caption with fixed weights, gradients from L_gen into W_l, W_g, U_l, U_g, the mismatched
// pairs drawn beyond the minibatch for L_mat, and scheduled sampling's ε; the calibration of
// concept scores (reliability bins and the expected calibration error) against hand counts.

#include <torch/torch.h> // before any Qt header (`slots`)

#include "models/detail/captiongenerator.h"
#include "models/detail/conceptfusion.h"
#include "models/detail/imageside.h"
#include "training/detail/conceptsloss.h"
#include "training/detail/losses.h"
#include "evaluation/calibration.h"
#include "vision/conceptscores.h"

#include <QTest>

#include <cmath>
#include <set>

using namespace gs;
using namespace gs::detail;

namespace {

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

void setWeight(torch::nn::Linear &layer, std::vector<float> values) {
  torch::NoGradGuard noGrad;
  layer->weight.copy_(torch::tensor(values).reshape(layer->weight.sizes()));
}

}  // namespace

class TestConcepts : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // Eq. 2 with I = K = H = 2: p̂ = ‖W_l p‖, x̂ = ‖W_g x‖, t = σ(U_l p + U_g x), v = t p̂ + (1 − t) x̂.
  void gatedFusionMatchesEquation2() {
    ConceptFusion fusion(2, 2, 2, ImageInputKind::Both, ConceptFusionKind::Gate);
    setWeight(fusion->wl, {1, 0, 0, 2});    // W_l p = (p1, 2 p2)
    setWeight(fusion->wg, {0, 1, 1, 0});    // W_g x = (x2, x1)
    setWeight(fusion->ul, {1, 1, 0, 0});    // U_l p = (p1 + p2, 0)
    setWeight(fusion->ug, {0, 0, 1, -1});   // U_g x = (0, x1 − x2)
    const auto x = torch::tensor({0.6f, 0.8f}).reshape({1, 2}), p = torch::tensor({0.5f, 0.25f}).reshape({1, 2});
    torch::Tensor gate;
    const auto v = fusion(x, p, &gate);
    // By hand: W_l p = (0.5, 0.5) → p̂ = (0.70711, 0.70711); W_g x = (0.8, 0.6) → x̂ = (0.8, 0.6);
    // t = (σ(0.75), σ(−0.2)).
    const double t0 = sigmoid(0.75), t1 = sigmoid(-0.2), r = std::sqrt(0.5);
    QVERIFY(std::abs(gate[0][0].item<double>() - t0) < 1e-6);
    QVERIFY(std::abs(gate[0][1].item<double>() - t1) < 1e-6);
    QVERIFY(std::abs(v[0][0].item<double>() - (t0 * r + (1 - t0) * 0.8)) < 1e-6);
    QVERIFY(std::abs(v[0][1].item<double>() - (t1 * r + (1 - t1) * 0.6)) < 1e-6);

    // The ablations on the same weights: the sum, the concepts alone, the context alone.
    ConceptFusion sum(2, 2, 2, ImageInputKind::Both, ConceptFusionKind::Sum);
    setWeight(sum->wl, {1, 0, 0, 2});
    setWeight(sum->wg, {0, 1, 1, 0});
    QVERIFY(!sum->ul);
    const auto s = sum(x, p);
    QVERIFY(std::abs(s[0][0].item<double>() - (r + 0.8)) < 1e-6);
    QVERIFY(std::abs(s[0][1].item<double>() - (r + 0.6)) < 1e-6);
    ConceptFusion concepts(2, 2, 2, ImageInputKind::Concepts, ConceptFusionKind::Gate);
    QVERIFY(!concepts->wg && !concepts->ug);
    setWeight(concepts->wl, {1, 0, 0, 2});
    QVERIFY(std::abs(concepts(x, p)[0][1].item<double>() - r) < 1e-6);
    ConceptFusion context(2, 2, 2, ImageInputKind::Context, ConceptFusionKind::Gate);
    QVERIFY(!context->wl);
    setWeight(context->wg, {0, 1, 1, 0});
    QVERIFY(std::abs(context(x, p)[0][0].item<double>() - 0.8) < 1e-6);
  }

  // The image side splits a feature row [x | p] at K from the end.
  void imageSideSplitsContextAndConcepts() {
    ImageSideOptions o{ImageSideKind::Concepts, 5, 4};
    o.conceptDim = 2;
    ImageSide side(o);
    const auto features = torch::rand({3, 5});
    const auto v = side(features);
    const auto expected = side->fusion(features.narrow(1, 0, 3), features.narrow(1, 3, 2));
    QCOMPARE(v.sizes(), (std::vector<std::int64_t>{3, 4}));
    QVERIFY(torch::allclose(v, expected));
    QCOMPARE(side->gateOf(features).sizes(), (std::vector<std::int64_t>{3, 4}));
  }

  // §3.2: the element-wise max over regions, and which region gave it (the first on ties).
  // Ten pairs in two bins: 0.05 ×4 (one present), 0.95 ×6 (three present). ECE =
  // 0.4·|0.05 − 0.25| + 0.6·|0.95 − 0.5| = 0.08 + 0.27 = 0.35.
  void calibrationAgainstHandCounts() {
    const std::vector<float> scores{0.05f, 0.05f, 0.05f, 0.05f, 0.95f, 0.95f, 0.95f, 0.95f, 0.95f, 0.95f};
    const std::vector<char> present{1, 0, 0, 0, 1, 1, 1, 0, 0, 0};
    const Calibration c = calibrate(scores, present, 10);
    QCOMPARE(c.pairs, 10LL);
    QCOMPARE(c.positives, 4LL);
    QCOMPARE(c.bins.size(), std::size_t(10));
    QCOMPARE(c.bins[0].count, 4LL);
    QCOMPARE(c.bins[9].count, 6LL);
    QVERIFY(std::abs(c.bins[0].frequency - 0.25) < 1e-12);
    QVERIFY(std::abs(c.bins[9].frequency - 0.5) < 1e-12);
    QVERIFY(std::abs(c.ece - 0.35) < 1e-6);
    QVERIFY(std::abs(c.meanPresent - (0.05 + 3 * 0.95) / 4) < 1e-6);
    QVERIFY(std::abs(c.meanAbsent - (3 * 0.05 + 3 * 0.95) / 6) < 1e-6);
    // Scores equal to their bin's present share: calibrated; a score of exactly 1 falls in the last bin.
    const Calibration perfect = calibrate({0.5f, 0.5f, 1.0f}, {1, 0, 1}, 2);
    QVERIFY(perfect.ece < 1e-9);
    QCOMPARE(perfect.bins[1].count, 3LL);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, calibrate({0.5f}, {}, 10));
  }

  // Two regions with logits 0 and 2: max σ(2) = 0.880797; noisy-OR 1 − 0.5 · 0.119203 = 0.940399;
  // log-sum-exp (T = 1) σ(log((1 + e²) / 2)) = σ(1.433781) = 0.807480; all name region 1.
  void regionPoolingsByHand() {
    const float logits[] = {0.0f, 2.0f};
    const std::vector<std::pair<ConceptPooling, double>> expected{
        {ConceptPooling::Max, 0.880797}, {ConceptPooling::NoisyOr, 0.940399}, {ConceptPooling::LogSumExp, 0.807480}};
    for (const auto &[pooling, value] : expected) {
      float p = 0;
      int best = -1;
      poolRegions(logits, 2, 1, pooling, 1.0, &p, &best);
      QVERIFY2(std::abs(p - value) < 1e-5, qPrintable(enumName(pooling)));
      QCOMPARE(best, 1);
    }
    // Twenty lukewarm regions (σ = 0.2) do not add up under log-sum-exp; noisy-OR makes them certain.
    const std::vector<float> lukewarm(20, float(std::log(0.2 / 0.8)));
    float lse = 0, noisy = 0;
    int best = 0;
    poolRegions(lukewarm.data(), 20, 1, ConceptPooling::LogSumExp, 1.0, &lse, &best);
    poolRegions(lukewarm.data(), 20, 1, ConceptPooling::NoisyOr, 1.0, &noisy, &best);
    QVERIFY(std::abs(lse - 0.2f) < 1e-5);
    QVERIFY(noisy > 0.98f);
  }

  void regionMaxPoolingKeepsTheArgMaxRegion() {
    const std::vector<float> scores = {0.1f, 0.9f, 0.3f,   // region 0: the whole image
                                       0.7f, 0.2f, 0.3f,   // region 1
                                       0.4f, 0.95f, 0.1f}; // region 2
    std::vector<float> p(3);
    std::vector<int> best(3);
    maxPoolRegions(scores.data(), 3, 3, p.data(), best.data());
    QCOMPARE(p, (std::vector<float>{0.7f, 0.95f, 0.3f}));
    QCOMPARE(best, (std::vector<int>{1, 2, 0}));
  }

  // Eq. 3 and L_gen on "w2 w3 w4" with fixed weights, against the LSTM equations written out.
  void generationLossIsTheSummedNegativeLogLikelihood() {
    torch::manual_seed(3);
    const std::int64_t vocabulary = 6, wordDim = 3, stateDim = 4;
    CaptionGenerator generator(vocabulary, wordDim, stateDim);
    {
      torch::NoGradGuard noGrad;
      for (auto &p : generator->parameters()) p.copy_(torch::linspace(-0.5, 0.7, p.numel()).reshape(p.sizes()));
      generator->embedding->weight[0].zero_(); // the padding row
    }
    const auto v = torch::tensor({0.3f, -0.2f, 0.5f, 0.1f}).reshape({1, 4});
    const auto words = torch::tensor({2L, 3L, 4L}).reshape({1, 3});
    const auto lengths = torch::tensor({3L});
    const double loss = generator->loss(v, words, lengths).item<double>();

    // By the equations: gates in LibTorch's order (i, f, ĉ, o), h₀ = v, c₀ = 0, input w₀ = start.
    const auto &wi = generator->cell->weight_ih, &wh = generator->cell->weight_hh;
    const auto &bi = generator->cell->bias_ih, &bh = generator->cell->bias_hh;
    torch::Tensor h = v[0], c = torch::zeros({stateDim}), input = generator->start;
    double expected = 0;
    const std::vector<std::int64_t> targets = {2, 3, 4, 0}; // the words, then the end (the padding id)
    for (std::size_t t = 0; t < targets.size(); ++t) {
      const auto z = torch::mv(wi, input) + bi + torch::mv(wh, h) + bh;
      const auto i = torch::sigmoid(z.narrow(0, 0, 4)), f = torch::sigmoid(z.narrow(0, 4, 4));
      const auto g = torch::tanh(z.narrow(0, 8, 4)), o = torch::sigmoid(z.narrow(0, 12, 4));
      c = f * c + i * g;
      h = o * torch::tanh(c);
      const auto q = torch::softmax(torch::mv(generator->output->weight, h) + generator->output->bias, 0);
      expected -= std::log(q[targets[t]].item<double>());
      if (targets[t] != 0) input = generator->embedding->weight[targets[t]];
    }
    QVERIFY2(std::abs(loss - expected) < 1e-5, qPrintable(QStringLiteral("%1 vs %2").arg(loss).arg(expected)));

    // Padding beyond a caption's length adds nothing.
    const auto padded = torch::tensor({2L, 3L, 4L, 0L, 0L}).reshape({1, 5});
    QVERIFY(std::abs(generator->loss(v, padded, lengths).item<double>() - loss) < 1e-5);
  }

  // Teacher forcing runs the whole sequence in one LSTM call; the step-by-step loop (which scheduled
  // sampling needs) is the reference: the same loss and the same gradients for every parameter and v.
  void teacherForcingEqualsTheStepwiseLoss() {
    torch::manual_seed(5);
    CaptionGenerator generator(40, 6, 9);
    const auto v = torch::randn({5, 9});
    const auto words = torch::randint(1, 40, {5, 7});
    const auto lengths = torch::tensor({7L, 3L, 1L, 5L, 6L});
    const auto padded = words * (torch::arange(7).unsqueeze(0) < lengths.unsqueeze(1)).to(torch::kLong);
    const auto run = [&](bool sequence) {
      generator->zero_grad();
      const auto input = v.clone().requires_grad_(true);
      const auto loss = sequence ? generator->teacherForcedLoss(input, padded, lengths) : generator->stepwiseLoss(input, padded, lengths);
      loss.backward();
      std::vector<torch::Tensor> grads = {loss.detach(), input.grad()};
      for (const auto &p : generator->parameters()) grads.push_back(p.grad().clone());
      return grads;
    };
    const auto sequence = run(true), stepwise = run(false);
    QCOMPARE(sequence.size(), stepwise.size());
    for (std::size_t k = 0; k < sequence.size(); ++k)
      QVERIFY2(torch::allclose(sequence[k], stepwise[k], 1e-4, 1e-5), qPrintable(QStringLiteral("tensor %1 differs").arg(k)));
    QVERIFY(sequence[0].item<double>() > 0);
  }

  // Eq. 4: L_gen moves the fusion's W_l, W_g, U_l, U_g (the image representation learns order).
  void generationGradientReachesTheFusion() {
    torch::manual_seed(1);
    ImageSideOptions o{ImageSideKind::Concepts, 7, 8};
    o.conceptDim = 3;
    ImageSide side(o);
    CaptionGenerator generator(10, 5, 8);
    const auto v = side(torch::rand({2, 7}));
    const auto loss = generator->loss(v, torch::tensor({2L, 5L, 7L, 3L, 9L, 0L}).reshape({2, 3}), torch::tensor({3L, 2L}));
    loss.backward();
    for (torch::nn::Linear layer : {side->fusion->wl, side->fusion->wg, side->fusion->ul, side->fusion->ug}) {
      QVERIFY(layer->weight.grad().defined());
      QVERIFY(layer->weight.grad().abs().sum().item<double>() > 0);
    }
  }

  // L_mat's mismatched pairs beyond the minibatch: as many as make up the number, none from the
  // minibatch, none twice; and they only ever act as negatives.
  void extraNegativesMakeUpTheNumber() {
    std::vector<int> pool(200);
    for (int k = 0; k < 200; ++k) pool[std::size_t(k)] = k;
    const std::vector<int> batch = {5, 6, 7, 8};
    const std::vector<int> extra = extraNegatives(batch, pool, 10, 42);
    QCOMPARE(int(extra.size()), 10 - 3);
    const std::set<int> unique(extra.begin(), extra.end());
    QCOMPARE(int(unique.size()), 7);
    for (int c : extra) QVERIFY(c < 5 || c > 8);
    QCOMPARE(extraNegatives(batch, pool, 10, 42), extra); // the same step draws the same
    QVERIFY(extraNegatives(batch, pool, 3, 42).empty());  // the minibatch has enough

    // Two anchor pairs and one extra caption of a third image: the extra one adds only negatives.
    const auto scores = torch::tensor({0.9f, 0.1f, 0.5f, 0.2f, 0.8f, 0.3f, 0.4f, 0.6f, 0.7f}).reshape({3, 3});
    const auto imageOf = torch::tensor({0L, 1L, 2L});
    const double m = 0.2;
    const double got = contrastiveHinge(scores, imageOf, m, HingeNegatives::Sum, {}, 2).item<double>();
    const auto hinge = [m](double matched, double other) { return std::max(0.0, m - matched + other); };
    const double expected = hinge(0.9, 0.1) + hinge(0.9, 0.5) + hinge(0.9, 0.2) + hinge(0.9, 0.4) // pair (0,0)
                            + hinge(0.8, 0.2) + hinge(0.8, 0.3) + hinge(0.8, 0.1) + hinge(0.8, 0.6); // pair (1,1)
    QVERIFY(std::abs(got - expected) < 1e-6);
  }

  // Bengio et al.'s inverse sigmoid decay: near 1 at the start, 1/2 at the end, never rising.
  void scheduledSamplingDecays() {
    QVERIFY(scheduledSamplingTruth(0, 1000) > 0.98);
    QVERIFY(std::abs(scheduledSamplingTruth(1000, 1000) - 0.5) < 1e-6);
    double last = 1;
    for (int i = 0; i <= 1000; i += 50) {
      const double e = scheduledSamplingTruth(i, 1000);
      QVERIFY(e <= last);
      last = e;
    }
  }
};

QTEST_GUILESS_MAIN(TestConcepts)
#include "tst_concepts.moc"
