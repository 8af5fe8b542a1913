// Concept detectors learned by multiple-instance learning on region features
// (vision/conceptdetectors.h): on synthetic bags where a concept is present exactly when one of the
// image's regions carries its planted direction, the head learns to rank images by the concept
// (held-out ROC AUC) and to point at the planted region, from image-level labels alone; with the
// labels shuffled it cannot. Started from the backbone's classifier (conceptprior.h), the start points
// along the classes a concept word names, helps when few images are labelled, and is overruled when
// it is wrong and the labels are many. The weight decay spares the biases, so a strong one keeps the
// concepts' prevalence. Bad input is refused with a message.

#include <torch/torch.h> // before any Qt header (`slots`)

#include "io/npy.h"
#include "runtime/residentmemory.h"
#include "text/imagenetclasses.h"
#include "vision/classhead.h"
#include "vision/conceptdetectors.h"
#include "vision/conceptprior.h"
#include "vision/detail/bagpooling.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

using namespace gs;

namespace {

constexpr int kDim = 16, kConcepts = 3, kRegions = 8;

// Bags of kRegions Gaussian regions; concept c is present in a bag with probability 0.3, and then
// one random region (its index kept in `planted`) gets 4 × direction c added; the best possible
// detector (that axis's maximum over the regions) reaches a ROC AUC of about 0.98.
struct PlantedBags {
  RegionBags bags;
  std::vector<char> labels;
  std::vector<int> planted; // bags × concepts: the planted region, -1 when absent
};

PlantedBags plantedBags(int count, unsigned seed) {
  std::mt19937 random(seed);
  std::normal_distribution<float> noise(0.0f, 1.0f);
  std::bernoulli_distribution present(0.3);
  std::uniform_int_distribution<int> region(0, kRegions - 1);
  PlantedBags out;
  out.bags.dim = kDim;
  for (int b = 0; b < count; ++b) {
    std::vector<float> rows(std::size_t(kRegions) * kDim);
    for (float &v : rows) v = noise(random);
    for (int c = 0; c < kConcepts; ++c) {
      const bool here = present(random);
      out.labels.push_back(here ? 1 : 0);
      out.planted.push_back(here ? region(random) : -1);
      if (here) rows[std::size_t(out.planted.back()) * kDim + std::size_t(c) * 5] += 4.0f; // direction c: axis 5c
    }
    out.bags.features.append(rows.data(), rows.data() + rows.size());
    out.bags.regionCounts.push_back(kRegions);
  }
  return out;
}

// `bags`' regions written to a .npy among rows of other images, the bags in reverse order, and read
// back through the file's mapping: the same bags as a window naming their rows, as a feature set's are.
RegionBags scatteredThroughFile(const RegionBags &bags, const QString &path) {
  std::vector<float> file(std::size_t(3) * kDim, 9.0f); // three rows of another image first
  std::vector<long> first(std::size_t(bags.bags()));
  const std::vector<long> starts = bags.starts();
  for (int b = bags.bags() - 1; b >= 0; --b) {
    first[std::size_t(b)] = long(file.size() / kDim);
    const float *from = bags.features.data() + std::size_t(starts[std::size_t(b)]) * kDim;
    file.insert(file.end(), from, from + std::size_t(bags.regionCounts[std::size_t(b)]) * kDim);
    file.insert(file.end(), std::size_t(kDim), -7.0f); // and one row of another image between bags
  }
  writeNpy(path, file.data(), long(file.size() / kDim), kDim);
  const NpyMatrix matrix = NpyMatrix::open(path);
  RegionBags scattered;
  scattered.dim = kDim;
  scattered.features = FloatRows::window(matrix, 0, file.size());
  scattered.regionCounts = bags.regionCounts;
  scattered.firstRegion = first;
  return scattered;
}

// ROC AUC of concept c's scores against its labels: the chance a present bag outscores an absent one.
double rocAuc(const std::vector<float> &scores, const std::vector<char> &labels, int c) {
  double wins = 0;
  long pairs = 0;
  for (std::size_t i = c; i < scores.size(); i += kConcepts)
    for (std::size_t j = c; j < scores.size(); j += kConcepts)
      if (labels[i] && !labels[j]) {
        wins += scores[i] > scores[j] ? 1.0 : scores[i] == scores[j] ? 0.5 : 0.0;
        ++pairs;
      }
  return pairs ? wins / pairs : 0.5;
}

double meanAuc(const ConceptDetectors &detectors, const PlantedBags &test) {
  const std::vector<float> scores = detectConcepts(detectors, test.bags);
  double sum = 0;
  for (int c = 0; c < kConcepts; ++c) sum += rocAuc(scores, test.labels, c);
  return sum / kConcepts;
}

// A start for each concept along axis `axis(c)`, `scale` long.
ConceptPrior axisPrior(int (*axis)(int), float scale) {
  ConceptPrior prior;
  prior.dim = kDim;
  prior.concepts = kConcepts;
  prior.weights.assign(std::size_t(kDim) * kConcepts, 0.0f);
  for (int c = 0; c < kConcepts; ++c) {
    prior.weights[std::size_t(c) * kDim + std::size_t(axis(c))] = scale;
    prior.classes.push_back({c});
  }
  return prior;
}

// One bag's logits [R, K] pooled into [K] as the header's formulas say, written out for one bag.
torch::Tensor poolOneBag(const torch::Tensor &logits, ConceptPooling pooling, double temperature) {
  if (pooling == ConceptPooling::Max) return std::get<0>(logits.max(0));
  if (pooling == ConceptPooling::NoisyOr) {
    const torch::Tensor none = torch::nn::functional::softplus(logits).sum(0).clamp_min(1e-6); // −log(1 − p)
    return torch::log(-torch::expm1(-none)) + none;
  }
  return (torch::logsumexp(temperature * logits, 0) - std::log(double(logits.size(0)))) / temperature;
}

// One data row per pooling, its ConceptPooling as an int in column "poolingIndex".
void addPoolingRows() {
  QTest::addColumn<int>("poolingIndex");
  QTest::newRow("lse") << int(ConceptPooling::LogSumExp);
  QTest::newRow("max") << int(ConceptPooling::Max);
  QTest::newRow("noisy-or") << int(ConceptPooling::NoisyOr);
}

}  // namespace

class TestConceptDetectors : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void learnPlantedConceptsFromImageLabels_data() { addPoolingRows(); }
  void learnPlantedConceptsFromImageLabels() {
    QFETCH(int, poolingIndex);
    const int pooling = poolingIndex;
    const PlantedBags train = plantedBags(300, 1), test = plantedBags(200, 2);
    ConceptDetectorOptions options;
    options.pooling = ConceptPooling(pooling);
    const ConceptDetectors detectors = trainConceptDetectors(train.bags, train.labels, kConcepts, options);
    std::vector<int> best;
    const std::vector<float> scores = detectConcepts(detectors, test.bags, &best);
    QCOMPARE(scores.size(), test.labels.size());
    int found = 0, present = 0;
    for (std::size_t i = 0; i < test.planted.size(); ++i)
      if (test.planted[i] >= 0) {
        ++present;
        found += best[i] == test.planted[i] ? 1 : 0;
      }
    for (int c = 0; c < kConcepts; ++c) {
      const double auc = rocAuc(scores, test.labels, c);
      qInfo("concept %d: held-out AUC %.3f", c, auc);
      QVERIFY2(auc > 0.93, qPrintable(QString::number(auc))); // the best possible ≈ 0.98, chance 0.5
    }
    qInfo("planted region found for %d of %d present concepts", found, present);
    QVERIFY(found > 0.9 * present);
  }

  // The same bags with each concept's labels shuffled across images: nothing to learn.
  void shuffledLabelsTeachNothing() {
    PlantedBags train = plantedBags(300, 1);
    const PlantedBags test = plantedBags(200, 2);
    std::vector<char> shuffled = train.labels;
    std::mt19937 random(5);
    for (int c = 0; c < kConcepts; ++c) {
      std::vector<char> column;
      for (std::size_t i = c; i < shuffled.size(); i += kConcepts) column.push_back(shuffled[i]);
      std::shuffle(column.begin(), column.end(), random);
      for (std::size_t i = c, k = 0; i < shuffled.size(); i += kConcepts, ++k) shuffled[i] = column[k];
    }
    const ConceptDetectors detectors = trainConceptDetectors(train.bags, shuffled, kConcepts);
    const std::vector<float> scores = detectConcepts(detectors, test.bags);
    for (int c = 0; c < kConcepts; ++c) QVERIFY(rocAuc(scores, test.labels, c) < 0.7);
  }

  // A classifier whose classes read axes 0, 5 and 10: "dogs" names the Labrador (axis 0), "cat" the
  // tiger cat (axis 5), "snow" no class. The start of "dogs" grows along axis 0 and falls along the
  // other classes' axes; "snow" starts from zero.
  void startPointsAlongTheNamedClasses() {
    const WordNet wordNet = WordNet::open(); // Debian's wordnet-base, which install-deps.sh installs
    const std::vector<ClassLabel> labels{{QStringLiteral("n02099712"), QStringLiteral("Labrador retriever")},
                                         {QStringLiteral("n02123159"), QStringLiteral("tiger cat")},
                                         {QStringLiteral("n01440764"), QStringLiteral("tench")}};
    const ClassCoverage coverage(wordNet, labels);
    ClassHead head;
    head.classes = 3;
    head.dim = kDim;
    head.weights.assign(std::size_t(3) * kDim, 0.0f);
    for (int c = 0; c < 3; ++c) head.weights[std::size_t(c) * kDim + std::size_t(c) * 5] = 2.0f;
    head.bias.assign(3, 0.0f);
    const PlantedBags bags = plantedBags(50, 7);
    const ConceptPrior prior = conceptPriorOf(head, coverage, {QStringLiteral("dogs"), QStringLiteral("cat"), QStringLiteral("snow")}, bags.bags);
    QCOMPARE(prior.covered(), 2);
    QCOMPARE(prior.classes[0], std::vector<int>{0});
    QCOMPARE(prior.classes[1], std::vector<int>{1});
    const float *dogs = prior.weights.data();
    qInfo("start of 'dogs' along axes 0, 5, 10: %.3f %.3f %.3f", dogs[0], dogs[5], dogs[10]);
    QVERIFY(dogs[0] > 0.5f);
    QVERIFY(dogs[5] < 0.0f && dogs[10] < 0.0f);
    QVERIFY(std::abs(dogs[0] + dogs[5] + dogs[10]) < 1e-4f); // E[q] sums to zero over the classes
    QVERIFY(prior.weights[std::size_t(1) * kDim + 5] > 0.5f);
    for (int d = 0; d < kDim; ++d) QCOMPARE(prior.weights[std::size_t(2) * kDim + std::size_t(d)], 0.0f);
    ClassHead narrow = head;
    narrow.dim = kDim - 1;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, conceptPriorOf(narrow, coverage, {QStringLiteral("dogs")}, bags.bags));
  }

  // Ten labelled images: from zero the head barely learns; started along the planted directions it
  // ranks held-out images almost as well as the best possible detector.
  void startHelpsWithFewLabels() {
    const PlantedBags train = plantedBags(10, 11), test = plantedBags(300, 12);
    const ConceptPrior right = axisPrior([](int c) { return c * 5; }, 1.0f);
    const double fromZero = meanAuc(trainConceptDetectors(train.bags, train.labels, kConcepts), test);
    const double fromStart = meanAuc(trainConceptDetectors(train.bags, train.labels, kConcepts, {}, nullptr, &right), test);
    qInfo("10 training images: held-out AUC %.3f from zero, %.3f from the start", fromZero, fromStart);
    QVERIFY2(fromStart > 0.9, qPrintable(QString::number(fromStart)));
    QVERIFY2(fromStart > fromZero + 0.03, qPrintable(QStringLiteral("%1 against %2").arg(fromStart).arg(fromZero)));
  }

  // A start along the wrong axes, with 300 labelled images: the labels overrule it.
  void wrongStartIsOverruled() {
    const PlantedBags train = plantedBags(300, 1), test = plantedBags(200, 2);
    const ConceptPrior wrong = axisPrior([](int c) { return c * 5 + 2; }, 1.0f);
    const double auc = meanAuc(trainConceptDetectors(train.bags, train.labels, kConcepts, {}, nullptr, &wrong), test);
    qInfo("300 training images, a wrong start: held-out AUC %.3f", auc);
    QVERIFY2(auc > 0.9, qPrintable(QString::number(auc)));
    ConceptPrior mismatched = wrong;
    mismatched.concepts = kConcepts - 1;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainConceptDetectors(train.bags, train.labels, kConcepts, {}, nullptr, &mismatched));
  }

  // A strong weight decay flattens the weights, but the biases are spared: the scores keep the
  // concepts' prevalence (0.3) instead of drifting towards ½.
  void strongDecaySparesThePrevalence() {
    const PlantedBags train = plantedBags(300, 1), test = plantedBags(200, 2);
    ConceptDetectorOptions options;
    options.weightDecay = 10.0;
    const std::vector<float> scores = detectConcepts(trainConceptDetectors(train.bags, train.labels, kConcepts, options), test.bags);
    const double mean = std::accumulate(scores.begin(), scores.end(), 0.0) / double(scores.size());
    qInfo("weight decay 10: mean score %.3f, prevalence 0.3", mean);
    QVERIFY2(std::abs(mean - 0.3) < 0.08, qPrintable(QString::number(mean)));
  }

  void badInputIsRefused() {
    PlantedBags bags = plantedBags(4, 3);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainConceptDetectors(bags.bags, {1, 0}, kConcepts));
    bags.bags.features[7] = std::numeric_limits<float>::quiet_NaN();
    try {
      trainConceptDetectors(bags.bags, bags.labels, kConcepts);
      QFAIL("a NaN feature was accepted");
    } catch (const std::invalid_argument &e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("NaN")), e.what());
    }
    bags = plantedBags(4, 3);
    bags.bags.regionCounts[1] = 0;
    bags.bags.regionCounts[0] += kRegions;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainConceptDetectors(bags.bags, bags.labels, kConcepts));
    const ConceptDetectors detectors = trainConceptDetectors(plantedBags(20, 4).bags, plantedBags(20, 4).labels, kConcepts);
    RegionBags narrow{kDim - 1, std::vector<float>(kDim - 1, 0.0f), {1}};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, detectConcepts(detectors, narrow));
  }

  // Bags that name their rows in a mapped file, scattered among other images' rows and in another
  // order, train the same detectors as the bags copied out one after another, and score the same.
  void bagsReadFromTheFileTrainAsCopiedBags() {
    const QTemporaryDir dir;
    const PlantedBags train = plantedBags(60, 5), test = plantedBags(30, 6);
    const RegionBags scattered = scatteredThroughFile(train.bags, dir.filePath(QStringLiteral("regions.npy")));
    QVERIFY(scattered.features.isWindow());
    ConceptDetectorOptions options;
    options.epochs = 5;
    const ConceptDetectors copied = trainConceptDetectors(train.bags, train.labels, kConcepts, options);
    const ConceptDetectors read = trainConceptDetectors(scattered, train.labels, kConcepts, options);
    QCOMPARE(read.mean, copied.mean);
    QCOMPARE(read.deviation, copied.deviation);
    QCOMPARE(read.weights, copied.weights);
    QCOMPARE(read.bias, copied.bias);
    QCOMPARE(detectConcepts(read, scattered), detectConcepts(copied, train.bags));
    RegionBags outside = scattered;
    outside.firstRegion.back() = long(scattered.features.size() / kDim) - 2;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainConceptDetectors(outside, train.labels, kConcepts, options));
  }

  // Training on bags read from a mapped file holds the labels and a minibatch, not a copy of the
  // features: 3,000 images of 20 regions of 1,280 floats (307 MB of file) add less than half of that
  // to the memory the process holds itself (a standardised copy alone would add all of it; what is
  // added is a minibatch, the standardisation's chunks and the allocator's arenas).
  void trainingHoldsNoCopyOfTheFeatures() {
    if (runtime::anonymousResidentBytes() == 0) QSKIP("no /proc/self/status here");
    constexpr int kImages = 3000, kRegionsEach = 20, kWide = 1280;
    const QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("regions.npy"));
    RegionBags bags;
    bags.dim = kWide;
    std::vector<char> labels(std::size_t(kImages) * kConcepts, 0);
    {
      std::mt19937 random(8);
      std::normal_distribution<float> noise(0.0f, 1.0f);
      std::vector<float> values(std::size_t(kImages) * kRegionsEach * kWide);
      for (float &v : values) v = noise(random);
      for (int b = 0; b < kImages; ++b) {
        labels[std::size_t(b) * kConcepts] = b % 3 == 0;
        if (b % 3 == 0) values[std::size_t(b) * kRegionsEach * kWide] += 4.0f; // concept 0 along axis 0
      }
      writeNpy(path, values.data(), long(kImages) * kRegionsEach, kWide);
    }
    const NpyMatrix matrix = NpyMatrix::open(path);
    const std::size_t fileBytes = std::size_t(matrix.rows()) * std::size_t(matrix.cols()) * sizeof(float);
    bags.features = FloatRows::window(matrix, 0, std::size_t(matrix.rows()) * std::size_t(matrix.cols()));
    bags.regionCounts.assign(kImages, kRegionsEach);
    runtime::releaseFreeMemory();
    const std::int64_t before = runtime::anonymousResidentBytes();
    runtime::AnonymousPeakSampler sampler;
    ConceptDetectorOptions options;
    options.epochs = 2;
    const ConceptDetectors detectors = trainConceptDetectors(bags, labels, kConcepts, options);
    const std::int64_t growth = sampler.stop() - before;
    qInfo("training on %.0f MB of mapped features: held memory grew by %.1f MB at its peak", fileBytes / 1e6, growth / 1e6);
    QVERIFY(bags.features.isWindow());
    QVERIFY2(growth < std::int64_t(fileBytes / 2), qPrintable(QStringLiteral("%1 MB held").arg(growth / 1e6)));
    QVERIFY(detectors.weights[0] > 0.0f); // concept 0 was learnt along its axis
  }

  // A minibatch of bags pools, and passes gradients back, exactly as each bag pooled alone by the
  // formulas (the form training used before): the padding adds nothing to any pool.
  void bagsPoolAsEachBagAlone_data() { addPoolingRows(); }
  void bagsPoolAsEachBagAlone() {
    QFETCH(int, poolingIndex);
    const auto pooling = ConceptPooling(poolingIndex);
    torch::manual_seed(3);
    const std::vector<long> sizes{1, 4, 20, 7, 2};
    const torch::Tensor base = 3 * torch::randn({34, 5});
    const torch::Tensor together = base.clone().requires_grad_(true), alone = base.clone().requires_grad_(true);
    const torch::Tensor batched = vision::poolBags(together, sizes, pooling, 5.0);
    std::vector<torch::Tensor> each;
    long row = 0;
    for (long n : sizes) {
      each.push_back(poolOneBag(alone.narrow(0, row, n), pooling, 5.0));
      row += n;
    }
    const torch::Tensor stacked = torch::stack(each);
    QVERIFY(torch::allclose(batched, stacked, 1e-5, 1e-6));
    const torch::Tensor weights = torch::randn({long(sizes.size()), 5});
    (batched * weights).sum().backward();
    (stacked * weights).sum().backward();
    QVERIFY(torch::allclose(together.grad(), alone.grad(), 1e-5, 1e-6));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, vision::poolBags(base, {30, 0, 4}, pooling, 5.0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, vision::poolBags(base, {3, 4}, pooling, 5.0));
  }
};

QTEST_GUILESS_MAIN(TestConceptDetectors)
#include "tst_conceptdetectors.moc"
