// The joint-space losses and schedules against values computed by hand, the alternating squared
// loss's frozen side, and the CCA solver above single precision's LAPACK workspace limit.

#include "training/detail/losses.h"
#include "training/detail/cca.h"
#include "training/detail/modelbuilder.h"
#include "training/detail/optimisation.h"
#include "training/detail/trainstep.h"

#include <QTest>

using namespace gs;
using namespace gs::detail;

class TestLosses : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void socherEquation5ByHand() {
    // 2 images × 3 captions; captions 0,1 describe image 0, caption 2 image 1. Δ = 1.
    const auto s = torch::tensor({{2.0f, 1.5f, 0.5f},   //
                                  {1.0f, 2.2f, 3.0f}}); //
    const auto of = torch::tensor({0, 0, 1}, torch::kInt64);
    // Pair (0,0), s=2: caption negatives {2}: max(0, 1-2+0.5)=0; image negatives {1}: max(0,1-2+1.0)=0.
    // Pair (0,1), s=1.5: caption neg {2}: max(0,1-1.5+0.5)=0; image neg {1}: max(0,1-1.5+2.2)=1.7.
    // Pair (1,2), s=3: caption negs {0,1}: max(0,1-3+1.0)=0, max(0,1-3+2.2)=0.2; image neg {0}: max(0,1-3+0.5)=0.
    const auto loss = contrastiveHinge(s, of, 1.0, HingeNegatives::Sum);
    QVERIFY(std::abs(loss.item<double>() - 1.9) < 1e-6);
  }

  void hardestNegativeByHand() {
    const auto s = torch::tensor({{2.0f, 1.5f, 0.5f}, {1.0f, 2.2f, 3.0f}});
    const auto of = torch::tensor({0, 0, 1}, torch::kInt64);
    // Same costs, max per pair and direction: caption side max {0, 0, 0.2}, image side max {0, 1.7, 0}.
    QVERIFY(std::abs(contrastiveHinge(s, of, 1.0, HingeNegatives::Hardest).item<double>() - 1.9) < 1e-6);
    // A case where sum and max differ: 3 images, one caption each, Δ = 0.5.
    const auto s3 = torch::tensor({{1.0f, 0.8f, 0.9f}, {0.0f, 1.0f, 0.0f}, {0.0f, 0.0f, 1.0f}});
    const auto of3 = torch::tensor({0, 1, 2}, torch::kInt64);
    // Pair (0,0): caption negatives max(0,0.5-1+0.8)=0.3 and max(0,0.5-1+0.9)=0.4; image negatives 0.
    // Pair (1,1): caption negatives 0; image negative 0 gives max(0,0.5-1+0.8)=0.3.
    // Pair (2,2): caption negatives 0; image negative 0 gives max(0,0.5-1+0.9)=0.4.
    QVERIFY(std::abs(contrastiveHinge(s3, of3, 0.5, HingeNegatives::Sum).item<double>() - 1.4) < 1e-6);
    // Hardest: pair (0,0) keeps 0.4 only; (1,1) 0.3; (2,2) 0.4.
    QVERIFY(std::abs(contrastiveHinge(s3, of3, 0.5, HingeNegatives::Hardest).item<double>() - 1.1) < 1e-6);
  }

  void squaredErrorByHand() {
    const auto v = torch::tensor({{1.0f, 0.0f}, {0.0f, 2.0f}});
    const auto y = torch::tensor({{1.0f, 1.0f}, {0.0f, 0.0f}, {3.0f, 2.0f}});
    const auto of = torch::tensor({0, 1, 1}, torch::kInt64);
    // ‖(1,0)-(1,1)‖² = 1; ‖(0,2)-(0,0)‖² = 4; ‖(0,2)-(3,2)‖² = 9.
    QCOMPARE(squaredError(v, y, of).item<double>(), 14.0);
  }

  void l2PenaltyScalesWithBatchShare() {
    const auto p = torch::tensor({1.0f, 2.0f});
    QCOMPARE(l2Penalty({p}, 0.5, 0.1).item<double>(), 0.5 * 0.1 * 5.0);
    QCOMPARE(l2Penalty({p}, 0.0, 0.1).item<double>(), 0.0);
  }

  void cyclicScheduleHitsItsBounds() {
    // Merkx & Frank §3.3: lr_min at the start of a cycle, lr_max half-way, lr_min again at the end.
    QCOMPARE(cyclicLearningRate(1e-6, 1e-3, 0, 100), 1e-6);
    QVERIFY(std::abs(cyclicLearningRate(1e-6, 1e-3, 50, 100) - 1e-3) < 1e-12);
    QVERIFY(std::abs(cyclicLearningRate(1e-6, 1e-3, 100, 100) - 1e-6) < 1e-12);
    QVERIFY(cyclicLearningRate(1e-6, 1e-3, 25, 100) < cyclicLearningRate(1e-6, 1e-3, 40, 100));
  }

  void momentumRampsAndStepDecay() {
    QCOMPARE(momentumAt(0), 0.5);
    QVERIFY(momentumAt(1000) > 0.7 && momentumAt(1000) < 0.95);
    QVERIFY(std::abs(momentumAt(100000) - 0.95) < 1e-9);
    TrainConfig c = TrainConfig::defaultsFor(QStringLiteral("bow"));
    c.schedule = ScheduleKind::Step;
    c.learningRate = 1.0;
    QCOMPARE(learningRateAt(c, 2499, 10), 1.0);
    QCOMPARE(learningRateAt(c, 2500, 10), 0.95);
    QVERIFY(std::abs(learningRateAt(c, 5000, 10) - 0.9025) < 1e-12);
  }

  void adagradResetRestoresSums() {
    auto w = torch::ones({3}, torch::requires_grad());
    TrainConfig c = TrainConfig::defaultsFor(QStringLiteral("bow"));
    auto optimizer = makeOptimizer(c, {w});
    for (int i = 0; i < 3; ++i) {
      optimizer->zero_grad();
      (w * w).sum().backward();
      optimizer->step();
    }
    auto &state = static_cast<torch::optim::AdagradParamState &>(*optimizer->state().begin()->second);
    QVERIFY(state.sum().min().item<double>() > 1.0);
    resetAdagradSums(*optimizer);
    QCOMPARE(state.sum().max().item<double>(), 1.0);
  }

  // Socher §5's alternating squared loss: the side that rests must not move at all. With Adam a
  // zeroed gradient is not enough (the first moment from the previous epoch keeps moving it).
  void alternatingSquaredLossFreezesTheRestingSide() {
    torch::manual_seed(3);
    TrainConfig c = TrainConfig::defaultsFor(QStringLiteral("bow"));
    c.optimizer = OptimizerKind::Adam;
    c.learningRate = 0.01;
    JointModel model = makeJointModel(c, 20, 8);
    auto optimizer = makeOptimizer(c, model->parameters());
    const auto gradientsOfOne = [&] {
      for (auto &p : model->parameters()) p.mutable_grad() = torch::ones_like(p);
    };
    const auto snapshot = [](const std::vector<torch::Tensor> &ps) {
      std::vector<torch::Tensor> out;
      for (const auto &p : ps) out.push_back(p.detach().clone());
      return out;
    };
    const auto moved = [](const std::vector<torch::Tensor> &ps, const std::vector<torch::Tensor> &before) {
      double most = 0;
      for (std::size_t k = 0; k < ps.size(); ++k) most = std::max(most, (ps[k].detach() - before[k]).abs().max().item<double>());
      return most;
    };
    // Epoch 1: W_I learns, θ rests.
    auto encoder = snapshot(model->encoder->parameters());
    gradientsOfOne();
    freezeInactiveSide(model, 1);
    optimizer->step();
    QCOMPARE(moved(model->encoder->parameters(), encoder), 0.0);
    // Epoch 2: θ learns; W_I, which has Adam moments from epoch 1, rests exactly.
    const auto image = snapshot(model->imageSide->parameters());
    encoder = snapshot(model->encoder->parameters());
    gradientsOfOne();
    freezeInactiveSide(model, 2);
    optimizer->step();
    QCOMPARE(moved(model->imageSide->parameters(), image), 0.0);
    QVERIFY(moved(model->encoder->parameters(), encoder) > 1e-4);
  }

  // 2,950 dimensions: syevd's workspace (1 + 6n + 2n² = 17.4M elements) is past 2^24, where a float
  // workspace query loses it and LAPACK rejects the call; CCA on 1,000 Flickr8k photos' ~3,300-word
  // vocabulary hit exactly this. C = I + B Bᵀ (rank 4): R = C^{-1/2} must give R (R (C v)) = v.
  void ccaInverseSquareRootAboveTheFloatWorkspaceLimit() {
    torch::manual_seed(5);
    const std::int64_t n = 2950;
    const torch::Tensor b = torch::randn({n, 4});
    const torch::Tensor c = torch::eye(n) + torch::mm(b, b.t()) / 4.0; // float, as the features are
    const torch::Tensor r = inverseSquareRoot(c);
    QCOMPARE(r.scalar_type(), torch::kDouble);
    const torch::Tensor v = torch::randn({n, 3}, torch::kDouble);
    const torch::Tensor back = torch::mm(r, torch::mm(r, torch::mm(c.to(torch::kDouble), v)));
    QVERIFY2((back - v).abs().max().item<double>() < 1e-8, qPrintable(QString::number((back - v).abs().max().item<double>())));
  }
};

QTEST_GUILESS_MAIN(TestLosses)
#include "tst_losses.moc"
