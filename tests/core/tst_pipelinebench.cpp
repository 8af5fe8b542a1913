// The pipeline bench: its synthetic Flickr-like data (Flickr's photo sizes and caption lengths,
// the same bytes for the same seed, Karpathy's split shape), the projection from two measured
// sizes (straight line, the superlinear power, memory above each size's base, the full runs and
// the dominant stage) and one end-to-end run at a tiny size.

#include "data/synthetic/flickrlike.h"
#include "io/npy.h"
#include "runtime/residentmemory.h"
#include "experiments/bench/pipelinebench.h"
#include "training/trainconfig.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <cmath>
#include <map>

using namespace gs;

namespace {

QMap<QString, QByteArray> digests(const QString &root) {
  QMap<QString, QByteArray> map;
  QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString path = it.next();
    QFile file(path);
    if (file.open(QIODevice::ReadOnly)) map.insert(QDir(root).relativeFilePath(path), QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256));
  }
  return map;
}

StageMeasure at(int images, double seconds, double peakMb, double baseMb = 100) {
  StageMeasure m;
  m.images = images;
  m.seconds = seconds;
  m.baseBytes = std::int64_t(baseMb * 1048576);
  m.startBytes = m.baseBytes;
  m.peakBytes = std::int64_t(peakMb * 1048576);
  return m;
}

double mb(std::int64_t bytes) { return double(bytes) / 1048576.0; }

}  // namespace

class TestPipelineBench : public QObject {
  Q_OBJECT

private slots:
  void captionsHaveFlickrsLength() {
    double tokens = 0;
    int shortest = 100, longest = 0;
    const int n = 5000;
    for (int i = 0; i < n; ++i) {
      const QStringList caption = flickrLikeCaption(1, i / 5, i % 5);
      tokens += caption.size();
      shortest = std::min(shortest, int(caption.size()));
      longest = std::max(longest, int(caption.size()));
    }
    const double mean = tokens / n;
    QVERIFY2(mean > 11.3 && mean < 13.3, qPrintable(QString::number(mean))); // Flickr30k: 12.3
    QVERIFY(shortest <= 6);
    QVERIFY(longest >= 20);
    QCOMPARE(flickrLikeCaption(1, 7, 2), flickrLikeCaption(1, 7, 2));
    QVERIFY(flickrLikeCaption(1, 7, 2) != flickrLikeCaption(2, 7, 2));
  }

  // The tail's nouns follow Zipf's law, so the vocabulary keeps growing with the captions as a real
  // one does, to COCO's size at COCO's 123,287 images: Karpathy's training split has about 25,000
  // distinct words, some 9,500 of them seen five times or more (the counting takes two seconds).
  void captionsHaveCocosVocabulary() {
    FlickrLikeOptions options;
    options.images = 8000;
    const std::map<QString, int> small = flickrLikeTrainingWordCounts(options);
    options.images = 123287;
    const std::map<QString, int> coco = flickrLikeTrainingWordCounts(options);
    const auto seenAtLeast = [](const std::map<QString, int> &counts, int times) {
      return int(std::count_if(counts.cbegin(), counts.cend(), [times](const auto &word) { return word.second >= times; }));
    };
    qInfo("distinct training words: %d at 8,000 images, %d at 123,287 (%d seen five times or more)", int(small.size()),
          int(coco.size()), seenAtLeast(coco, 5));
    QVERIFY2(coco.size() > 20000 && coco.size() < 30000, qPrintable(QString::number(coco.size())));
    QVERIFY2(seenAtLeast(coco, 5) > 8000 && seenAtLeast(coco, 5) < 12000, qPrintable(QString::number(seenAtLeast(coco, 5))));
    QVERIFY(small.size() * 2 < coco.size());
    // The grammar's words stay the head: "a" is the commonest word.
    const auto commonest = std::max_element(coco.cbegin(), coco.cend(), [](const auto &x, const auto &y) { return x.second < y.second; });
    QCOMPARE(commonest->first, QStringLiteral("a"));
    // Only the training split is counted: 123,287 images less 2 × 3.2 % for validation and test.
    long long words = 0;
    for (const auto &word : coco) words += word.second;
    QVERIFY2(words > 5LL * 115000 * 11 && words < 5LL * 116000 * 13, qPrintable(QString::number(words)));
  }

  void datasetHasFlickrsShape() {
    QTemporaryDir a, b;
    FlickrLikeOptions options;
    options.images = 40;
    options.valFraction = options.testFraction = 0.1;
    const Dataset dataset = makeFlickrLikeDataset(a.path(), options);
    QCOMPARE(int(dataset.images.size()), 40);
    QCOMPARE(int(dataset.captions.size()), 200);
    QCOMPARE(int(dataset.imagesIn(Split::Test).size()), 4);
    QCOMPARE(int(dataset.imagesIn(Split::Val).size()), 4);
    QCOMPARE(int(dataset.imagesIn(Split::Train).size()), 32);
    int portrait = 0;
    for (const ImageRecord &image : dataset.images) {
      const cv::Mat pixels = cv::imread(image.path.toStdString());
      const QSize size(pixels.cols, pixels.rows);
      QVERIFY2(size == QSize(500, 375) || size == QSize(375, 500), qPrintable(image.id));
      portrait += size.height() > size.width();
      QVERIFY(QFileInfo(image.path).size() > 20000); // textured, not flat: JPEG spends bytes on it
    }
    QVERIFY(portrait > 0 && portrait < 40);
    makeFlickrLikeDataset(b.path(), options);
    QCOMPARE(digests(a.path()), digests(b.path()));
  }

  void badOptionsAreRefused() {
    QTemporaryDir dir;
    FlickrLikeOptions options;
    options.images = 2;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, makeFlickrLikeDataset(dir.path(), options));
    PipelineBenchOptions bench;
    bench.measuredImages = 8;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runPipelineBench(bench));
    bench.measuredImages = 2000;
    bench.images = 1000;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runPipelineBench(bench));
    bench.images = 31000;
    bench.models = {ModelKind::Cca};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runPipelineBench(bench));
  }

  void linearStagesFollowTheStraightLine() {
    // 2 s of fixed cost plus 10 ms an image: 4.5 s at 250, 12 s at 1,000, 312 s at 31,000.
    const PipelineStage stage = projectStage(QStringLiteral("features"), at(250, 4.5, 300), at(1000, 12, 600), 31000);
    QVERIFY(!stage.superlinear);
    QVERIFY(stage.exponent < 1);
    QCOMPARE(stage.projectedSeconds, 312.0);
    // 0.4 MB an image above the base: 600 + 0.4 × 30,000 MB.
    QCOMPARE(mb(stage.projectedPeakBytes), 12600.0);
  }

  void quadraticStagesAreFlaggedAndProjectedByTheirPower() {
    const PipelineStage stage = projectStage(QStringLiteral("map"), at(250, 2, 300), at(1000, 32, 300), 31000);
    QVERIFY(stage.superlinear);
    QVERIFY(std::abs(stage.exponent - 2) < 1e-9);
    QVERIFY(std::abs(stage.projectedSeconds - 32 * 31.0 * 31.0) < 1e-6);
    // A quadratic stage under a second is timer noise, not growth.
    QVERIFY(!projectStage(QStringLiteral("load"), at(250, 0.01, 300), at(1000, 0.16, 300), 31000).superlinear);
  }

  void memoryIsMeasuredAboveEachSizesBase() {
    // The second size starts with 80 MB more loaded (libraries, allocator): not growth.
    const PipelineStage stage = projectStage(QStringLiteral("load"), at(250, 1, 200, 180), at(1000, 4, 280, 260), 31000);
    QCOMPARE(mb(stage.projectedPeakBytes), 280.0);
    // Anonymous memory is projected the same way, on its own bases: 20 MB above the base at 250
    // images, 50 MB at 1,000, so 0.04 MB an image more.
    StageMeasure small = at(250, 1, 200, 180), large = at(1000, 4, 280, 260);
    small.baseAnonymousBytes = 100 * 1048576;
    small.peakAnonymousBytes = 120 * 1048576;
    large.baseAnonymousBytes = 150 * 1048576;
    large.peakAnonymousBytes = 200 * 1048576;
    const PipelineStage anonymous = projectStage(QStringLiteral("data"), small, large, 2000);
    QCOMPARE(mb(anonymous.projectedAnonymousPeakBytes), 240.0);
  }

  // Pages of a mapped file count in the resident size but not in the anonymous one; memory the
  // process allocates counts in both.
  void anonymousMemoryLeavesMappedFilesOut() {
    if (runtime::anonymousResidentBytes() <= 0) QSKIP("no /proc/self/status RssAnon here");
    QTemporaryDir dir;
    const std::int64_t rows = 4096, cols = 4096; // 64 MB
    {
      std::vector<float> values(std::size_t(rows * cols), 0.5f);
      writeNpy(dir.filePath(QStringLiteral("big.npy")), values.data(), rows, cols);
    }
    runtime::releaseFreeMemory();
    const NpyMatrix mapped = NpyMatrix::open(dir.filePath(QStringLiteral("big.npy")));
    QVERIFY(mapped.isMapped());
    const std::int64_t residentBefore = runtime::residentBytes();
    runtime::AnonymousPeakSampler reading(1);
    double sum = 0;
    for (std::int64_t k = 0; k < rows * cols; k += 1024) sum += mapped.data()[k]; // every page
    const std::int64_t readingPeak = reading.stop();
    QCOMPARE(sum, 0.5 * double(rows * cols / 1024));
    QVERIFY2(runtime::residentBytes() - residentBefore > 48 * 1048576, "the file's pages are resident");
    const std::int64_t anonymousBefore = runtime::anonymousResidentBytes();
    QVERIFY2(readingPeak < anonymousBefore + 16 * 1048576, "reading a mapped file holds no anonymous memory");
    runtime::AnonymousPeakSampler holding(1);
    {
      std::vector<float> held(std::size_t(rows * cols), 1.0f);
      QTest::qWait(20); // a few samples while it is held
      QCOMPARE(held.back(), 1.0f);
    }
    QVERIFY2(holding.stop() > anonymousBefore + 48 * 1048576, "an allocation is anonymous memory");
  }

  void fullRunsCountEveryEpoch() {
    PipelineBenchResult result;
    result.options.models = {ModelKind::Bow, ModelKind::HmLstm};
    for (const char *name : {"load", "parse", "features", "features + regions", "data bow", "epoch bow", "data hmlstm", "epoch hmlstm",
                             "epoch hmlstm (phrases)", "embed test", "map"}) {
      PipelineStage stage;
      stage.name = QString::fromLatin1(name);
      stage.projectedSeconds = 36;
      result.stages.push_back(stage);
    }
    result.stages[8].projectedSeconds = 360; // an epoch with every loss, after a correspondence step
    projectFullRuns(result);
    QCOMPARE(int(result.fullRuns.size()), 2);
    const TrainConfig bow = TrainConfig::defaultsFor(ModelKind::Bow), hm = TrainConfig::defaultsFor(ModelKind::HmLstm);
    QVERIFY(hasPhraseEpochs(hm));
    QVERIFY(!hasPhraseEpochs(bow));
    // bow: load, features, data, its epochs, half the embedding; hmlstm: parse and region features
    // too, its root-only epochs at one cost and the rest at the other.
    QCOMPARE(result.fullRuns[0].hours, (36.0 * 3 + 36.0 * bow.epochs + 18) / 3600);
    QCOMPARE(result.fullRuns[1].hours, (36.0 * 4 + 36.0 * hm.rootEpochs + 360.0 * (hm.epochs - hm.rootEpochs) + 18) / 3600);
    QCOMPARE(result.dominantStage, QStringLiteral("epoch hmlstm (phrases)"));
    QVERIFY(result.fullRuns[0].dataParallel.empty()); // no epoch measured: nothing to project from
  }

  // The concepts model's data stage extracts its own context crops, so its full run counts no
  // centre-crop features; the data stage's speed-up is the paper's way over the configured one, the
  // epoch's the reference recurrences' epoch over the model's own. Neither baseline counts in the run.
  void conceptsRunsReadTheirOwnCrops() {
    PipelineBenchResult result;
    result.options.models = {ModelKind::Concepts};
    for (const char *name : {"load", "features", "data concepts, the paper's ten crops", "data concepts",
                             "epoch concepts, LibTorch's LSTM, generation a step at a time", "epoch concepts", "embed test"}) {
      PipelineStage stage;
      stage.name = QString::fromLatin1(name);
      stage.projectedSeconds = 36;
      stage.large.seconds = 10;
      result.stages.push_back(stage);
    }
    result.stages[2].large.seconds = 55;
    result.stages[3].projectedSeconds = 72;
    result.stages[4].large.seconds = 21;
    result.stages[4].projectedSeconds = 99;
    projectFullRuns(result);
    const TrainConfig concepts = TrainConfig::defaultsFor(ModelKind::Concepts);
    QCOMPARE(concepts.crops, 10);
    // load, the data, the epochs and the embedding; neither the features nor the paper's data.
    QCOMPARE(result.fullRuns[0].hours, (36.0 + 72.0 + 36.0 * concepts.epochs + 36) / 3600);
    QCOMPARE(result.conceptDataSpeedup, 5.5);
    QCOMPARE(result.conceptEpochSpeedup, 2.1);
    QCOMPARE(referenceConceptEpochStageName(), result.stages[4].name);
  }

  // Over N machines an epoch is its compute over N plus one ring all-reduce a step: 2 (N − 1) / N of
  // the gradients over the link; the stages before the epochs are not divided.
  void dataParallelRunsAddTheAllReduce() {
    QCOMPARE(ringAllReduceSeconds(125'000'000, 2, 1), 1.0); // 125 MB, 2 machines, 1 Gb/s: one 125 MB/s transfer
    QCOMPARE(ringAllReduceSeconds(125'000'000, 4, 10), 0.15);
    QCOMPARE(ringAllReduceSeconds(125'000'000, 1, 10), 0.0);
    PipelineBenchResult result;
    result.options.models = {ModelKind::Bow};
    result.options.measuredImages = 1000;
    result.options.images = 4000;
    for (const char *name : {"load", "features", "data bow", "epoch bow", "embed test"}) {
      PipelineStage stage;
      stage.name = QString::fromLatin1(name);
      stage.projectedSeconds = 360;
      result.stages.push_back(stage);
    }
    result.epochs.push_back({ModelKind::Bow, 12'500'000, 10}); // 12.5 MB a step, 10 steps at 1,000 images
    projectFullRuns(result);
    const FullRunProjection &run = result.fullRuns.front();
    const int epochs = TrainConfig::defaultsFor(ModelKind::Bow).epochs;
    QCOMPARE(run.stepsPerEpoch, 40.0);
    QCOMPARE(run.epochHours, 0.1 * epochs);
    QCOMPARE(run.hours, 0.4 + 0.1 * epochs); // load, features, data and the embedding: 0.4 h
    QCOMPARE(int(run.dataParallel.size()), int(std::size(kProjectedMachines) * std::size(kProjectedLinksGbps)));
    const DataParallelProjection &two = run.dataParallel.front(); // 2 machines, 1 Gb/s
    QCOMPARE(two.machines, 2);
    QCOMPARE(two.gigabitsPerSecond, 1.0);
    const double communication = epochs * 40 * 0.1; // 12.5 MB at 125 MB/s
    QVERIFY(qFuzzyCompare(two.hours, 0.4 + (0.1 * epochs * 3600 / 2 + communication) / 3600));
    QVERIFY(qFuzzyCompare(two.communicationShare, communication / (0.1 * epochs * 3600 / 2 + communication)));
    for (const DataParallelProjection &p : run.dataParallel) QVERIFY(p.hours > 0.4 && p.hours < run.hours);
  }

  // --no-ratios: the concepts model's run without its two references, and so without the ratios.
  void conceptsWithoutRatiosLeaveTheReferencesOut() {
    QTemporaryDir work;
    PipelineBenchOptions options;
    options.images = 1000;
    options.measuredImages = 48; // the concept CNN needs concepts in three training images at the small size
    options.models = {ModelKind::Concepts};
    options.conceptReferences = false;
    options.workDir = work.path();
    const PipelineBenchResult result = runPipelineBench(options);
    QStringList names;
    for (const PipelineStage &stage : result.stages) names << stage.name;
    QCOMPARE(names, QStringList({"load", "parse", "features", "features + regions", "data concepts", "epoch concepts", "embed test", "map"}));
    QCOMPARE(result.conceptEpochSpeedup, 0.0);
    QCOMPARE(result.conceptDataSpeedup, 0.0);
    QVERIFY(!QDir(work.filePath(QStringLiteral("large/runs/concepts-reference"))).exists());
  }

  void theWholePipelineRunsAtATinySize() {
    QTemporaryDir work;
    PipelineBenchOptions options;
    options.images = 1000;
    options.measuredImages = 16;
    options.models = {ModelKind::DtRnn, ModelKind::HmLstm};
    options.workDir = work.path();
    const PipelineBenchResult result = runPipelineBench(options);
    QStringList names;
    for (const PipelineStage &stage : result.stages) {
      names << stage.name;
      QCOMPARE(stage.small.images, 4);
      QCOMPARE(stage.large.images, 16);
      QVERIFY(stage.large.seconds >= 0);
      QVERIFY(stage.projectedSeconds >= stage.large.seconds);
      if (runtime::peakResidentBytes() > 0) QVERIFY(stage.large.peakBytes >= stage.large.startBytes && stage.large.peakBytes > 0);
    }
    QCOMPARE(names, QStringList({"load", "parse", "features", "features + regions", "data dtrnn", "epoch dtrnn", "data hmlstm",
                                 "epoch hmlstm", "epoch hmlstm (phrases)", "embed test", "map"}));
    QCOMPARE(result.measuredCaptions, 80);
    QCOMPARE(int(result.fullRuns.size()), 2);
    QVERIFY(result.fullRuns[1].hours > 0);
    QVERIFY(!result.dominantStage.isEmpty());
    // Each epoch stage measured what a step's all-reduce would move: every trainable parameter.
    QCOMPARE(int(result.epochs.size()), 2);
    for (const FullRunProjection &run : result.fullRuns) {
      QVERIFY(run.gradientBytes > 100'000 && run.gradientBytes % 4 == 0);
      QVERIFY(run.stepsPerEpoch > 0);
      QVERIFY(!run.dataParallel.empty());
    }
    // Every run read the vocabulary of the projected size's training captions, not the 16 images' own.
    FlickrLikeOptions projected;
    projected.images = options.images;
    const int projectedWords = int(flickrLikeTrainingWordCounts(projected).size());
    QCOMPARE(result.vocabularyWords, projectedWords);
    for (const char *run : {"large/runs/dtrnn", "small/runs/hmlstm", "large/runs/hmlstm-phrases"}) {
      QFile file(work.filePath(QString::fromLatin1(run) + QStringLiteral("/vocabulary.json")));
      QVERIFY2(file.open(QIODevice::ReadOnly), run);
      const int words = int(QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("words")).toArray().size());
      QCOMPARE(words, projectedWords + 2); // <pad> and <unk>; min_word_count 1
    }
    // Its caches stayed in its own folder.
    QVERIFY(QDir(work.filePath(QStringLiteral("large/cache/Groundscope/features"))).exists());
    QVERIFY(QDir(work.filePath(QStringLiteral("large/cache/Groundscope/parses"))).exists());
  }
};

QTEST_GUILESS_MAIN(TestPipelineBench)
#include "tst_pipelinebench.moc"
