// Image features end to end on small images the test draws: every backbone kind that needs no
// torch in the test (ONNX, precomputed .npy, the concept CNN), crops, region proposals, the cache
// (reuse and resume after a cancelled run) and every kind of bad input.

#include "engine/engine.h"
#include "engine/jobcontext.h"
#include "io/floatrows.h"
#include "io/npy.h"
#include "vision/detail/decodedcache.h"
#include "vision/detail/imageinput.h"
#include "io/paths.h"
#include "experiments/bench/featurebench.h"
#include "training/trainingsource.h"
#include "vision/features.h"
#include "vision/occlusiongrid.h"
#include "vision/torchscriptexample.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace gs;

namespace {

const QStringList kColours{QStringLiteral("red"), QStringLiteral("green"), QStringLiteral("blue")};
const cv::Scalar kBgr[] = {{40, 40, 220}, {40, 200, 40}, {220, 60, 40}};

// A dataset of n 96×80 images: one shape (circle or square) of one colour each, two captions.
Dataset drawDataset(const QString &dir, int n) {
  Dataset dataset;
  dataset.name = QStringLiteral("drawn");
  dataset.root = dir;
  for (int i = 0; i < n; ++i) {
    cv::Mat image(80, 96, CV_8UC3, cv::Scalar(200, 200, 200));
    const int colour = i % 3;
    const bool circle = (i / 3) % 2 == 0;
    const cv::Point centre(20 + (i * 7) % 50, 25 + (i * 5) % 30);
    if (circle)
      cv::circle(image, centre, 14, kBgr[colour], cv::FILLED);
    else
      cv::rectangle(image, cv::Rect(centre.x - 12, centre.y - 12, 24, 24), kBgr[colour], cv::FILLED);
    ImageRecord record;
    record.id = QStringLiteral("img%1").arg(i);
    record.path = QDir(dir).filePath(record.id + QStringLiteral(".png"));
    cv::imwrite(record.path.toStdString(), image);
    record.split = i % 5 == 4 ? Split::Test : Split::Train;
    const QString shape = circle ? QStringLiteral("circle") : QStringLiteral("square");
    for (const QString &caption : {QStringLiteral("a %1 %2").arg(kColours[colour], shape),
                                   QStringLiteral("there is one %1 %2s").arg(kColours[colour], shape)}) {
      CaptionRecord c;
      c.id = QStringLiteral("%1#%2").arg(record.id).arg(dataset.captions.size());
      c.image = i;
      c.raw = caption;
      c.tokens = caption.split(QLatin1Char(' '));
      record.captions.push_back(static_cast<int>(dataset.captions.size()));
      dataset.captions.push_back(c);
    }
    dataset.images.push_back(record);
  }
  return dataset;
}

BackboneSpec tinyConceptCnn() {
  BackboneSpec spec = BackboneSpec::parse(QStringLiteral("concept-cnn"));
  spec.concept.inputSize = 32;
  spec.concept.featureDim = 24;
  spec.concept.epochs = 2;
  spec.concept.minImages = 1;
  spec.concept.batchSize = 8;
  return spec;
}

// The tiny concept CNN's features (and with `regions`, its region features) of `dataset`, written
// into dir/out.
FeatureSet extractTiny(const Dataset &dataset, const QTemporaryDir &dir, bool regions) {
  ExtractOptions options;
  options.outDir = dir.filePath(QStringLiteral("out"));
  options.regions = regions;
  return extractFeatures(dataset, tinyConceptCnn(), options);
}

QString errorOf(const std::function<void()> &call) {
  try {
    call();
  } catch (const std::exception &error) {
    return QString::fromUtf8(error.what());
  }
  return {};
}

std::vector<float> rowsOf(const FeatureSet &set) {
  std::vector<float> all;
  for (int i = 0; i < set.size(); ++i) all.insert(all.end(), set.row(i), set.row(i) + set.dim());
  return all;
}

QString onnxModel() { return QStringLiteral(GS_SHARED_DATA "/imagenet-cnn/mobilenetv2-12-int8.onnx"); }

}  // namespace

class TestFeatures : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void tenCropsAreCornersCentreAndMirrors() {
    cv::Mat image(300, 400, CV_8UC3);
    cv::randu(image, 0, 255);
    InputSpec input; // 256 / 224
    const std::vector<cv::Mat> one = vision::makeCrops(image, input, CropMode::Center);
    QCOMPARE(one.size(), std::size_t(1));
    QCOMPARE(one[0].cols, 224);
    const std::vector<cv::Mat> ten = vision::makeCrops(image, input, CropMode::TenCrop);
    QCOMPARE(ten.size(), std::size_t(10));
    QCOMPARE(cv::norm(one[0], ten[0]), 0.0);
    for (int i = 0; i < 5; ++i) {
      cv::Mat flipped;
      cv::flip(ten[i], flipped, 1);
      QCOMPARE(cv::norm(flipped, ten[i + 5]), 0.0);
      QCOMPARE(ten[i].rows, 224);
    }
    QVERIFY(cv::norm(ten[1], ten[4]) > 0); // different corners
    const cv::Mat blob = vision::makeBlob(ten, input);
    QCOMPARE(blob.size[0], 10);
    QCOMPARE(blob.size[1], 3);
    // The values are the ones every cached feature set was made with, to the bit: the 3-channel
    // image scaled, split, then each plane normalised.
    {
      cv::Mat scaled;
      ten[2].convertTo(scaled, CV_32FC3, input.scale);
      std::vector<cv::Mat> bgr;
      cv::split(scaled, bgr);
      for (int c = 0; c < 3; ++c) {
        cv::Mat expected;
        bgr[std::size_t(2 - c)].convertTo(expected, CV_32F, 1.0 / input.std[std::size_t(c)], -input.mean[std::size_t(c)] / input.std[std::size_t(c)]);
        QCOMPARE(cv::norm(expected, cv::Mat(224, 224, CV_32F, const_cast<float *>(blob.ptr<float>(2, c))), cv::NORM_INF), 0.0);
      }
    }
    // Each value is (v · scale − mean) / std of the network's channel: RGB reverses OpenCV's BGR.
    for (const bool rgb : {true, false}) {
      input.rgb = rgb;
      const cv::Mat b = vision::makeBlob(ten, input);
      for (const auto &[crop, y, x] : {std::tuple{0, 0, 0}, std::tuple{3, 17, 200}, std::tuple{9, 223, 5}}) {
        const cv::Vec3b bgr = ten[std::size_t(crop)].at<cv::Vec3b>(y, x);
        for (int c = 0; c < 3; ++c) {
          const double v = bgr[rgb ? 2 - c : c] * input.scale;
          const double expected = (v - input.mean[std::size_t(c)]) / input.std[std::size_t(c)];
          QVERIFY(std::abs(b.ptr<float>(crop, c)[y * 224 + x] - expected) < 1e-5);
        }
      }
    }
  }

  void mobileNetTop1AndFeature() {
    if (!QFileInfo::exists(onnxModel())) QSKIP("../shared/data/imagenet-cnn is absent");
    QTemporaryDir dir;
    Dataset dataset;
    dataset.name = QStringLiteral("photos");
    for (const char *name : {"cat.jpg", "bald_eagle.jpeg", "pelican.jpeg"}) {
      ImageRecord record;
      record.id = QFileInfo(QString::fromLatin1(name)).completeBaseName();
      record.path = QStringLiteral(GS_SHARED_DATA "/imagenet-cnn/") + QString::fromLatin1(name);
      dataset.images.push_back(record);
    }
    // The classifier's output: top-1 as PROVENANCE.md measured it.
    BackboneSpec spec = BackboneSpec::parse(QStringLiteral("onnx:") + onnxModel());
    QCOMPARE(spec.presetName, QStringLiteral("mobilenetv2-int8"));
    BackboneSpec logits = spec;
    logits.layer = QStringLiteral("output");
    ExtractOptions options;
    options.outDir = dir.filePath(QStringLiteral("logits"));
    const FeatureSet scores = extractFeatures(dataset, logits, options);
    QCOMPARE(scores.dim(), 1000);
    const int expected[] = {282, 22, 144}; // tiger cat, bald eagle, pelican
    for (int i = 0; i < 3; ++i) {
      const float *row = scores.row(scores.rowOf(dataset.images[i].id));
      QCOMPARE(int(std::max_element(row, row + 1000) - row), expected[i]);
    }
    // The preset's feature: the pooled 1280×7×7 map.
    options.outDir = dir.filePath(QStringLiteral("features"));
    const FeatureSet features = extractFeatures(dataset, spec, options);
    QCOMPARE(features.dim(), 1280);
    QCOMPARE(features.size(), 3);
    double norm = 0;
    for (int d = 0; d < 1280; ++d) norm += features.row(0)[d] * features.row(0)[d];
    QVERIFY(norm > 1.0);
    // 10-crop averaging keeps the cat a tiger cat.
    options.outDir = dir.filePath(QStringLiteral("logits10"));
    options.crops = CropMode::TenCrop;
    const FeatureSet ten = extractFeatures(dataset, logits, options);
    const float *cat = ten.row(0);
    QCOMPARE(int(std::max_element(cat, cat + 1000) - cat), 282);
  }

  // The occlusion grid sends the photo through the same network as extraction: its first row is
  // the extracted feature; the other rows are the photo with one cell grey. Greying the whole photo
  // (a 1 × 1 grid) takes the tiger cat's logit down.
  void occlusionGridRerunsTheBackbone() {
    if (!QFileInfo::exists(onnxModel())) QSKIP("../shared/data/imagenet-cnn is absent");
    QTemporaryDir dir;
    Dataset dataset;
    dataset.name = QStringLiteral("photos");
    ImageRecord record;
    record.id = QStringLiteral("cat");
    record.path = QStringLiteral(GS_SHARED_DATA "/imagenet-cnn/cat.jpg");
    dataset.images.push_back(record);
    BackboneSpec logits = BackboneSpec::parse(QStringLiteral("onnx:") + onnxModel());
    logits.layer = QStringLiteral("output");
    ExtractOptions options;
    options.outDir = dir.filePath(QStringLiteral("logits"));
    const FeatureSet extracted = extractFeatures(dataset, logits, options);
    const OccludedFeatures grid = extractOccludedFeatures(dataset, record.path, logits, options.outDir, CropMode::Center, 3, 4);
    QCOMPARE(grid.dim, 1000);
    QCOMPARE(int(grid.cells.size()), 12);
    QCOMPARE(int(grid.features.size()), 13 * 1000);
    double worst = 0;
    for (int d = 0; d < 1000; ++d) worst = std::max(worst, double(std::abs(grid.features[std::size_t(d)] - extracted.row(0)[d])));
    QVERIFY2(worst < 1e-3, qPrintable(QString::number(worst)));
    const OccludedFeatures whole = extractOccludedFeatures(dataset, record.path, logits, options.outDir, CropMode::Center, 1, 1);
    QVERIFY(whole.features[1000 + 282] < whole.features[282] - 1.0f);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, extractOccludedFeatures(dataset, record.path, logits, options.outDir, CropMode::Center, 0, 4));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, extractOccludedFeatures(dataset, dir.filePath(QStringLiteral("none.jpg")), logits,
                                                                         options.outDir, CropMode::Center, 2, 2));
  }

  void onnxErrorsNameTheFileAndReason() {
    QTemporaryDir dir;
    const Dataset dataset = drawDataset(dir.path(), 2);
    const QString garbage = dir.filePath(QStringLiteral("broken.onnx"));
    QFile file(garbage);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("this is not a protobuf");
    file.close();
    ExtractOptions options;
    options.outDir = dir.filePath(QStringLiteral("out"));
    QString error = errorOf([&] { extractFeatures(dataset, BackboneSpec::parse(QStringLiteral("onnx:") + garbage), options); });
    QVERIFY2(error.startsWith(garbage + QStringLiteral(": cannot load ONNX network")), qPrintable(error));
    error = errorOf([&] { extractFeatures(dataset, BackboneSpec::parse(QStringLiteral("onnx:") + dir.filePath(QStringLiteral("none.onnx"))), options); });
    QVERIFY2(error.contains(QStringLiteral("none.onnx: backbone file not found")), qPrintable(error));
    if (!QFileInfo::exists(onnxModel())) QSKIP("../shared/data/imagenet-cnn is absent");
    BackboneSpec spec = BackboneSpec::parse(QStringLiteral("onnx:") + onnxModel());
    spec.layer = QStringLiteral("no_such_layer");
    error = errorOf([&] { extractFeatures(dataset, spec, options); });
    QVERIFY2(error.startsWith(onnxModel() + QStringLiteral(": no layer named 'no_such_layer'")), qPrintable(error));
  }

  // `bench features --dataset`: every pipeline configuration gives the features of batch 1 inline,
  // and each stage is measured; the large example CNN (the bench's ResNet-50-cost network) loads.
  void featureBenchComparesLikeWithLike() {
    QTemporaryDir dir;
    const Dataset dataset = drawDataset(dir.path(), 6);
    const QString small = dir.filePath(QStringLiteral("small.pt")), large = dir.filePath(QStringLiteral("large.pt"));
    saveExampleTorchScript(small, 8);
    const FeatureBenchResult r = benchFeaturePipeline(dataset, BackboneSpec::parse(QStringLiteral("torchscript:") + small), {1, 4}, nullptr, 1, 0);
    QCOMPARE(r.images, 6);
    QCOMPARE(int(r.networkOnly.size()), 2);
    QCOMPARE(int(r.pipelines.size()), 2 + 3); // batch 1 inline, each batch ahead, the largest inline, the best on 2 threads
    for (const auto &p : r.pipelines) {
      QVERIFY(p.imagesPerSecond > 0);
      QVERIFY2(p.maxDifference <= 1e-4, qPrintable(QString::number(p.maxDifference)));
    }
    QCOMPARE(r.pipelines.back().prepareThreads, 2);
    QVERIFY(r.decodeMs > 0 && r.networkMs > 0);
    QCOMPARE(r.cachedReadMs, 0.0); // 224 px: no decoded-image cache
    // The concept CNN (32 px here) is also timed with the decoded-image cache cold and warm: the
    // same features as decoding every image.
    const FeatureBenchResult c = benchFeaturePipeline(dataset, tinyConceptCnn(), {1, 4}, nullptr, 1, 0);
    QCOMPARE(int(c.pipelines.size()), 2 + 3 + 3);
    QCOMPARE(int(c.pipelines[5].decoded), int(FeatureBenchResult::Decoded::CacheCold));
    QCOMPARE(int(c.pipelines[6].decoded), int(FeatureBenchResult::Decoded::CacheWarm));
    QCOMPARE(c.pipelines[7].prepareThreads, 0);
    QCOMPARE(int(c.pipelines[7].decoded), int(FeatureBenchResult::Decoded::CacheWarm));
    for (const auto &p : c.pipelines) QVERIFY2(p.maxDifference <= 1e-4, qPrintable(QString::number(p.maxDifference)));
    QVERIFY(c.cachedReadMs > 0 && c.cachedPrepareMs > 0);
    saveLargeExampleTorchScript(large);
    BackboneSpec spec = BackboneSpec::parse(QStringLiteral("torchscript:") + large);
    spec.layer = QStringLiteral("pooled");
    ExtractOptions options;
    options.outDir = dir.filePath(QStringLiteral("large"));
    QCOMPARE(extractFeatures(dataset, spec, options).dim(), 512);
  }

  void torchScriptBackbone() {
    QTemporaryDir dir;
    const Dataset dataset = drawDataset(dir.path(), 4);
    const QString model = dir.filePath(QStringLiteral("net.pt"));
    saveExampleTorchScript(model, 8); // defined with torch::jit::Module::define
    BackboneSpec spec = BackboneSpec::parse(QStringLiteral("torchscript:") + model);
    ExtractOptions options;
    options.outDir = dir.filePath(QStringLiteral("forward"));
    const FeatureSet mapped = extractFeatures(dataset, spec, options); // N×8×56×56 map, averaged
    QCOMPARE(mapped.dim(), 8);
    QCOMPARE(mapped.size(), 4);
    spec.layer = QStringLiteral("pooled");
    options.outDir = dir.filePath(QStringLiteral("pooled"));
    const FeatureSet pooled = extractFeatures(dataset, spec, options);
    for (int d = 0; d < 8; ++d) QVERIFY(std::abs(pooled.row(2)[d] - mapped.row(2)[d]) < 1e-4f);
    QVERIFY(rowsOf(pooled) != std::vector<float>(32, 0.0f));
    spec.layer = QStringLiteral("nope");
    options.outDir = dir.filePath(QStringLiteral("nope"));
    QString error = errorOf([&] { extractFeatures(dataset, spec, options); });
    QVERIFY2(error.startsWith(model + QStringLiteral(": the module has no method 'nope'")), qPrintable(error));
    const QString broken = dir.filePath(QStringLiteral("broken.pt"));
    QFile file(broken);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not a zip archive");
    file.close();
    error = errorOf([&] { extractFeatures(dataset, BackboneSpec::parse(QStringLiteral("torchscript:") + broken), options); });
    QVERIFY2(error.startsWith(broken + QStringLiteral(": cannot load TorchScript module")), qPrintable(error));
  }

  // Images prepared ahead on helper threads and forwarded in batches give the features
  // (and region features) of the plain one-image-at-a-time path, to 1e-4; a bad image in the middle
  // of a batch is skipped without shifting the rows after it.
  void preparedAheadAndBatchedEqualsOneByOne() {
    QTemporaryDir dir;
    Dataset dataset = drawDataset(dir.path(), 11);
    const QString bad = dir.filePath(QStringLiteral("broken.png"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not an image");
    file.close();
    dataset.images[4].path = bad;
    const QString model = dir.filePath(QStringLiteral("net.pt"));
    saveExampleTorchScript(model, 8);
    const BackboneSpec spec = BackboneSpec::parse(QStringLiteral("torchscript:") + model);
    const auto extract = [&](int threads, int batch, bool regions, const QString &name) {
      ExtractOptions options;
      options.prepareThreads = threads;
      options.batchSize = batch;
      options.chunkImages = 5; // chunks end mid-batch
      options.regions = regions;
      options.maxRegions = 3;
      options.outDir = dir.filePath(name);
      return extractFeatures(dataset, spec, options);
    };
    const FeatureSet reference = extract(0, 1, true, QStringLiteral("inline"));
    QCOMPARE(reference.size(), 10);
    QCOMPARE(int(reference.skipped().size()), 1);
    for (const auto &[threads, batch] : std::vector<std::pair<int, int>>{{1, 4}, {2, 3}, {2, 1}}) {
      const FeatureSet set = extract(threads, batch, true, QStringLiteral("t%1b%2").arg(threads).arg(batch));
      QCOMPARE(set.imageIds(), reference.imageIds());
      const std::vector<float> a = rowsOf(set), b = rowsOf(reference);
      QCOMPARE(a.size(), b.size());
      for (std::size_t k = 0; k < a.size(); ++k) QVERIFY2(std::abs(a[k] - b[k]) < 1e-4f, qPrintable(QString::number(k)));
      QCOMPARE(set.regionCount(), reference.regionCount());
      for (int i = 0; i < set.size(); ++i) {
        const auto ra = set.regionsOf(i), rb = reference.regionsOf(i);
        QCOMPARE(ra.size(), rb.size());
        for (std::size_t r = 0; r < ra.size(); ++r)
          for (int d = 0; d < set.dim(); ++d) QVERIFY(std::abs(ra[r].feature[d] - rb[r].feature[d]) < 1e-4f);
      }
    }
    // The ONNX MobileNetV2 (fixed at batch 1 inside) gives the same features at batch 8.
    if (!QFileInfo::exists(onnxModel())) return;
    const BackboneSpec onnx = BackboneSpec::parse(QStringLiteral("onnx:") + onnxModel());
    ExtractOptions one, eight;
    one.prepareThreads = 0;
    one.batchSize = 1;
    one.outDir = dir.filePath(QStringLiteral("onnx1"));
    eight.batchSize = 8;
    eight.prepareThreads = 2;
    eight.outDir = dir.filePath(QStringLiteral("onnx8"));
    const std::vector<float> a = rowsOf(extractFeatures(dataset, onnx, one)), b = rowsOf(extractFeatures(dataset, onnx, eight));
    QCOMPARE(a.size(), b.size());
    for (std::size_t k = 0; k < a.size(); ++k) QVERIFY(std::abs(a[k] - b[k]) < 1e-4f);
  }

  void precomputedNpyFeaturesMatchById() {
    QTemporaryDir dir;
    const Dataset dataset = drawDataset(dir.path(), 4);
    // Rows in another order than the dataset, float16, one image missing, ids as file names.
    const std::vector<float> values{3, 3.5, 0, 0.25, 1, 1.5};
    writeNpy(dir.filePath(QStringLiteral("pre.npy")), values.data(), 3, 2, NpyDtype::Float16);
    QFile ids(dir.filePath(QStringLiteral("pre.txt")));
    QVERIFY(ids.open(QIODevice::WriteOnly));
    ids.write("img3.png\nimg0.png\nimg1.png\n");
    ids.close();
    ExtractOptions options;
    options.outDir = dir.filePath(QStringLiteral("out"));
    const FeatureSet set = extractFeatures(dataset, BackboneSpec::parse(QStringLiteral("npy:") + dir.filePath(QStringLiteral("pre.npy"))), options);
    QCOMPARE(set.dim(), 2);
    QCOMPARE(set.size(), 3);
    QCOMPARE(set.row(set.rowOf(QStringLiteral("img0")))[1], 0.25f);
    QCOMPARE(set.row(set.rowOf(QStringLiteral("img3")))[0], 3.0f);
    QCOMPARE(set.rowOf(QStringLiteral("img2")), -1);
    QCOMPARE(set.skipped().size(), std::size_t(1));
    QCOMPARE(set.skipped()[0].id, QStringLiteral("img2"));
    // Regions need pixels.
    options.regions = true;
    const QString error = errorOf([&] { extractFeatures(dataset, BackboneSpec::parse(QStringLiteral("npy:") + dir.filePath(QStringLiteral("pre.npy"))), options); });
    QVERIFY2(error.contains(QStringLiteral("--regions needs an image backbone")), qPrintable(error));
  }

  void conceptCnnFeaturesAndCacheReuse() {
    QTemporaryDir dir;
    const Dataset dataset = drawDataset(dir.path(), 12);
    ExtractOptions options;
    options.outDir = dir.filePath(QStringLiteral("out"));
    const FeatureSet first = extractFeatures(dataset, tinyConceptCnn(), options);
    QCOMPARE(first.size(), 12);
    QCOMPARE(first.dim(), 24);
    QVERIFY(first.isMapped());
    QVERIFY(!first.reused());
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("out/conceptcnn.pt"))));
    QVERIFY(first.manifest().value(QStringLiteral("concept_cnn")).toObject().value(QStringLiteral("concepts")).toInt() >= 6);
    const QDateTime written = QFileInfo(dir.filePath(QStringLiteral("out/features.npy"))).lastModified();
    const FeatureSet second = extractFeatures(dataset, tinyConceptCnn(), options);
    QVERIFY(second.reused());
    QCOMPARE(QFileInfo(dir.filePath(QStringLiteral("out/features.npy"))).lastModified(), written);
    QCOMPARE(rowsOf(second), rowsOf(first));
    const FeatureSet loaded = loadFeatures(options.outDir);
    QCOMPARE(loaded.imageIds(), first.imageIds());
    // Another crop mode is another key: extracted again, into the same folder, replacing it.
    options.crops = CropMode::TenCrop;
    const FeatureSet ten = extractFeatures(dataset, tinyConceptCnn(), options);
    QVERIFY(!ten.reused());
    QCOMPARE(ten.manifest().value(QStringLiteral("crops")).toInt(), 10);
    // The default folder lives in the user's cache and is found again.
    ExtractOptions cached;
    const FeatureSet a = extractFeatures(dataset, tinyConceptCnn(), cached);
    QVERIFY(a.folder().contains(QStringLiteral("Groundscope/features/drawn-concept-cnn-")));
    QVERIFY(extractFeatures(dataset, tinyConceptCnn(), cached).reused());
  }

  // The decoded-image cache changes where pixels come from, never the features: training
  // and extraction with it cold (decoding, storing) and warm (reading) equal decoding every image;
  // damaged entries and edited images are decoded again; a cache that cannot be written is skipped.
  void decodedCacheGivesTheSameFeatures() {
    QTemporaryDir dir;
    Dataset dataset = drawDataset(dir.path(), 12); // images 4 and 9 are the test split
    const QString cache = dir.filePath(QStringLiteral("decoded"));
    int run = 0;
    const auto extract = [&](bool reuse, const QString &folder = {}) {
      QDir(userCacheDir(QStringLiteral("concept-cnn"))).removeRecursively(); // train again each time
      ExtractOptions options;
      options.outDir = dir.filePath(QStringLiteral("run%1").arg(run++));
      options.reuseDecoded = reuse;
      options.decodedCacheDir = folder.isEmpty() ? cache : folder;
      return extractFeatures(dataset, tinyConceptCnn(), options);
    };
    const auto counts = [](const FeatureSet &set) {
      const QJsonObject o = set.manifest().value(QStringLiteral("decoded_cache")).toObject();
      return std::vector<int>{o.value(QStringLiteral("read")).toInt(-1), o.value(QStringLiteral("stored")).toInt(-1),
                              o.value(QStringLiteral("not_stored")).toInt(-1)};
    };
    const FeatureSet decoding = extract(false);
    QVERIFY(!decoding.manifest().contains(QStringLiteral("decoded_cache")));
    QVERIFY(!QDir(cache).exists());
    const std::vector<float> reference = rowsOf(decoding);

    // Cold: training stores its 10 images, extraction reads them and stores the 2 test images.
    const FeatureSet cold = extract(true);
    QCOMPARE(counts(cold), (std::vector<int>{10, 12, 0}));
    QCOMPARE(rowsOf(cold), reference);
    // Warm: training and extraction read every image.
    const FeatureSet warm = extract(true);
    QCOMPARE(counts(warm), (std::vector<int>{22, 0, 0}));
    QCOMPARE(rowsOf(warm), reference);

    // A truncated entry and one with a changed byte are decoded again and replaced.
    QStringList entries;
    for (QDirIterator it(cache, {QStringLiteral("*.bgr")}, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) entries << it.next();
    QCOMPARE(entries.size(), 12);
    QVERIFY(QFile::resize(entries[0], QFileInfo(entries[0]).size() - 5));
    QFile flipped(entries[1]);
    QVERIFY(flipped.open(QIODevice::ReadWrite));
    flipped.seek(flipped.size() / 2);
    const char byte = flipped.peek(1).at(0);
    flipped.write(QByteArray(1, char(byte ^ 0x40)));
    flipped.close();
    const FeatureSet repaired = extract(true);
    QCOMPARE(counts(repaired)[1], 2);
    QCOMPARE(rowsOf(repaired), reference);

    // An edited image is a new entry: its new pixels are used, not the stored ones.
    cv::Mat edited(80, 96, CV_8UC3, cv::Scalar(20, 20, 20));
    cv::imwrite(dataset.images[9].path.toStdString(), edited);
    const FeatureSet afterEdit = extract(true);
    // Training reads its 10 images, extraction 11; the edited one is decoded and stored.
    QCOMPARE(counts(afterEdit), (std::vector<int>{21, 1, 0}));
    const int row = afterEdit.rowOf(dataset.images[9].id);
    QVERIFY(!std::equal(afterEdit.row(row), afterEdit.row(row) + afterEdit.dim(), decoding.row(decoding.rowOf(dataset.images[9].id))));

    // A cache folder that cannot be made: every image is decoded, counted as not stored, and
    // the features are those of decoding.
    QFile blocker(dir.filePath(QStringLiteral("a-file")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    dataset = drawDataset(dir.path(), 12); // the original images again
    const FeatureSet unwritable = extract(true, blocker.fileName());
    QCOMPARE(counts(unwritable), (std::vector<int>{0, 0, 22}));
    QCOMPARE(rowsOf(unwritable), reference);

    // A 224-px network is not cached: the network outweighs decoding.
    QVERIFY(!vision::DecodedImageCache(cache, InputSpec{}).enabled());
  }

  void cancelledRunResumes() {
    QTemporaryDir dir;
    const Dataset dataset = drawDataset(dir.path(), 12);
    ExtractOptions options;
    options.outDir = dir.filePath(QStringLiteral("out"));
    options.chunkImages = 3;
    Engine engine;
    engine.setProgressInterval(0);
    // Cancel once the first chunk is written (its progress report says 3 of 12).
    struct Canceller : JobObserver {
      Engine *engine = nullptr;
      void jobProgress(JobId id, const JobProgress &progress) override {
        if (progress.message.startsWith(QLatin1String("extracting")) && progress.fraction >= 0.25) engine->cancel(id);
      }
    } canceller;
    canceller.engine = &engine;
    engine.addObserver(&canceller);
    const JobId id = engine.submit(QStringLiteral("features"), [&](JobContext &job) { extractFeatures(dataset, tinyConceptCnn(), options, &job); });
    const auto outcome = engine.wait(id, 60000);
    engine.removeObserver(&canceller);
    QVERIFY(outcome);
    QCOMPARE(outcome->status, JobStatus::Cancelled);
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("out/manifest.json"))));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("out/partial/chunk-00000.json"))));
    const FeatureSet resumed = extractFeatures(dataset, tinyConceptCnn(), options);
    QVERIFY(resumed.manifest().value(QStringLiteral("resumed_chunks")).toInt() >= 1);
    QCOMPARE(resumed.size(), 12);
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("out/partial"))));
    // Same features as a run that never stopped.
    options.outDir = dir.filePath(QStringLiteral("clean"));
    QCOMPARE(rowsOf(extractFeatures(dataset, tinyConceptCnn(), options)), rowsOf(resumed));
  }

  void regionsAreInsideTheImageAndIncludeIt() {
    QTemporaryDir dir;
    const Dataset dataset = drawDataset(dir.path(), 6);
    ExtractOptions options;
    options.outDir = dir.filePath(QStringLiteral("out"));
    options.regions = true;
    const FeatureSet set = extractFeatures(dataset, tinyConceptCnn(), options);
    QVERIFY(set.hasRegions());
    QCOMPARE(set.size(), 6);
    int proposals = 0;
    for (int i = 0; i < set.size(); ++i) {
      const std::vector<RegionFeature> regions = set.regionsOf(i);
      QVERIFY(!regions.empty());
      QVERIFY(regions.size() <= 20);
      QCOMPARE(regions[0].box, (Box{0, 0, 96, 80}));
      proposals += static_cast<int>(regions.size()) - 1;
      for (const RegionFeature &region : regions) {
        QVERIFY(region.box.x >= 0 && region.box.y >= 0 && region.box.width > 0 && region.box.height > 0);
        QVERIFY(region.box.x + region.box.width <= 96 && region.box.y + region.box.height <= 80);
        QVERIFY(std::isfinite(region.feature[0]));
      }
    }
    QVERIFY2(proposals >= set.size(), "selective search found no region beyond the whole image");
    QCOMPARE(loadFeatures(options.outDir).regionCount(), set.regionCount());
  }

  // Training data reads the regions through the feature file's mapping when they lie in one run of
  // rows, and copies them otherwise; every row, and so every minibatch gathered from them, is the
  // copy's.
  void trainingRegionsAreReadThroughTheMapping() {
    QTemporaryDir dir;
    const FeatureSet set = extractTiny(drawDataset(dir.path(), 6), dir, /*regions=*/true);
    QVERIFY(set.isMapped());
    const auto regionsIn = [&](const QStringList &ids) {
      TrainingData data;
      data.featureDim = set.dim();
      data.imageIds = ids;
      attachRegions(data, set);
      return data;
    };
    const auto copiedRows = [&](const QStringList &ids) { // the copy training data used to hold
      std::vector<float> rows;
      for (const QString &id : ids)
        for (const RegionFeature &r : set.regionsOf(set.rowOf(id))) rows.insert(rows.end(), r.feature, r.feature + set.dim());
      return rows;
    };
    const auto rowsOf = [](const FloatRows &rows) { return std::vector<float>(rows.data(), rows.data() + rows.size()); };
    const TrainingData all = regionsIn(set.imageIds());
    QVERIFY(all.regionFeatures.isWindow());
    QCOMPARE(all.regionFeatures.data(), set.regionMatrix().data());
    QCOMPARE(rowsOf(all.regionFeatures), copiedRows(set.imageIds()));
    QCOMPARE(all.regionOffsets.back(), set.regionCount());
    // A run of images in the middle is still one window.
    const QStringList middle = set.imageIds().mid(2, 3);
    const TrainingData some = regionsIn(middle);
    QVERIFY(some.regionFeatures.isWindow());
    QCOMPARE(rowsOf(some.regionFeatures), copiedRows(middle));
    // Another order is a copy, in that order.
    const QStringList reversed{set.imageIds()[4], set.imageIds()[1], set.imageIds()[0]};
    const TrainingData shuffled = regionsIn(reversed);
    QVERIFY(!shuffled.regionFeatures.isWindow());
    QCOMPARE(rowsOf(shuffled.regionFeatures), copiedRows(reversed));
    // Writing to a window copies it first; the file is never written.
    TrainingData edited = all;
    const float first = all.regionFeatures[0];
    edited.regionFeatures[0] = first + 1;
    QVERIFY(!edited.regionFeatures.isWindow());
    QCOMPARE(all.regionFeatures[0], first);
    QCOMPARE(edited.regionFeatures[0], first + 1);
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, FloatRows::window(set.regionMatrix(), 1, std::size_t(set.regionCount()) * set.dim()));
  }

  // So are the images' features: a window when the kept images' rows are one run in order, a copy
  // in the dataset's order otherwise.
  void trainingImagesAreReadThroughTheMapping() {
    QTemporaryDir dir;
    const Dataset dataset = drawDataset(dir.path(), 6);
    const FeatureSet set = extractTiny(dataset, dir, /*regions=*/false);
    QVERIFY(set.isMapped());
    const std::size_t dim = std::size_t(set.dim());
    const FloatRows file = FloatRows::window(set.matrix(), 0, std::size_t(set.size()) * dim);
    std::vector<int> rowOfImage;
    for (const ImageRecord &image : dataset.images) rowOfImage.push_back(set.rowOf(image.id));
    const auto copiedRows = [&](const std::vector<int> &rows) { // the copy training data used to hold
      std::vector<float> values;
      for (int row : rows)
        if (row >= 0) values.insert(values.end(), set.row(row), set.row(row) + dim);
      return values;
    };
    const TrainingData all = makeTrainingData(dataset, file, set.dim(), rowOfImage);
    QVERIFY(all.imageFeatures.isWindow());
    QCOMPARE(all.imageFeatures.data(), set.matrix().data());
    QCOMPARE(all.imageFeatures.toVector(), copiedRows(rowOfImage));
    // Images without features at either end leave one run in the middle: still a window.
    std::vector<int> middle = rowOfImage;
    middle.front() = middle.back() = -1;
    const TrainingData some = makeTrainingData(dataset, file, set.dim(), middle);
    QVERIFY(some.imageFeatures.isWindow());
    QCOMPARE(some.imageFeatures.toVector(), copiedRows(middle));
    // A gap, or another order, is a copy of the kept rows in the dataset's order.
    std::vector<int> gap = rowOfImage;
    gap[2] = -1;
    const TrainingData holed = makeTrainingData(dataset, file, set.dim(), gap);
    QVERIFY(!holed.imageFeatures.isWindow());
    QCOMPARE(holed.imageFeatures.toVector(), copiedRows(gap));
    const std::vector<int> reversed(rowOfImage.rbegin(), rowOfImage.rend());
    const TrainingData backwards = makeTrainingData(dataset, file, set.dim(), reversed);
    QVERIFY(!backwards.imageFeatures.isWindow());
    QCOMPARE(backwards.imageFeatures.toVector(), copiedRows(reversed));
    QCOMPARE(all.captions.size(), dataset.captions.size());
  }

  void badImagesAreSkippedAndReported() {
    QTemporaryDir dir;
    Dataset dataset = drawDataset(dir.path(), 6);
    const auto add = [&](const QString &id, const QString &path) {
      ImageRecord record = dataset.images[0];
      record.id = id;
      record.path = path;
      dataset.images.push_back(record);
    };
    cv::Mat photo(60, 80, CV_8UC3, cv::Scalar(10, 120, 240));
    cv::circle(photo, {40, 30}, 20, cv::Scalar(255, 255, 255), cv::FILLED);
    // Truncated JPEG: the first half of a good one.
    const QString jpeg = dir.filePath(QStringLiteral("whole.jpg"));
    cv::imwrite(jpeg.toStdString(), photo);
    QFile whole(jpeg);
    QVERIFY(whole.open(QIODevice::ReadOnly));
    const QByteArray bytes = whole.readAll();
    QFile cut(dir.filePath(QStringLiteral("truncated.jpg")));
    QVERIFY(cut.open(QIODevice::WriteOnly));
    cut.write(bytes.left(bytes.size() / 2));
    cut.close();
    add(QStringLiteral("truncated"), cut.fileName());
    add(QStringLiteral("cmyk"), QStringLiteral(GS_TEST_DATA "/images/cmyk.jpg"));
    cv::Mat gray;
    cv::cvtColor(photo, gray, cv::COLOR_BGR2GRAY);
    cv::imwrite(dir.filePath(QStringLiteral("gray.png")).toStdString(), gray);
    add(QStringLiteral("gray"), dir.filePath(QStringLiteral("gray.png")));
    cv::Mat deep;
    photo.convertTo(deep, CV_16UC3, 257.0);
    cv::imwrite(dir.filePath(QStringLiteral("deep.png")).toStdString(), deep);
    add(QStringLiteral("deep"), dir.filePath(QStringLiteral("deep.png")));
    cv::Mat rgba;
    cv::cvtColor(photo, rgba, cv::COLOR_BGR2BGRA);
    cv::imwrite(dir.filePath(QStringLiteral("alpha.png")).toStdString(), rgba);
    add(QStringLiteral("alpha"), dir.filePath(QStringLiteral("alpha.png")));
    cv::imwrite(dir.filePath(QStringLiteral("tiny.png")).toStdString(), cv::Mat(3, 3, CV_8UC3, cv::Scalar(1, 2, 3)));
    add(QStringLiteral("tiny"), dir.filePath(QStringLiteral("tiny.png")));
    add(QStringLiteral("missing"), dir.filePath(QStringLiteral("missing.jpg")));
    QFile text(dir.filePath(QStringLiteral("text.jpg")));
    QVERIFY(text.open(QIODevice::WriteOnly));
    text.write("not an image at all");
    text.close();
    add(QStringLiteral("corrupt"), text.fileName());

    ExtractOptions options;
    options.outDir = dir.filePath(QStringLiteral("out"));
    const FeatureSet set = extractFeatures(dataset, tinyConceptCnn(), options);
    for (const char *converted : {"cmyk", "gray", "deep", "alpha"})
      QVERIFY2(set.rowOf(QLatin1String(converted)) >= 0, converted);
    QCOMPARE(set.size(), 10);
    const QHash<QString, QString> expected{{QStringLiteral("truncated"), QStringLiteral("truncated JPEG")},
                                           {QStringLiteral("tiny"), QStringLiteral("image too small (3×3 px")},
                                           {QStringLiteral("missing"), QStringLiteral("missing file")},
                                           {QStringLiteral("corrupt"), QStringLiteral("not a decodable image")}};
    QCOMPARE(set.skipped().size(), std::size_t(expected.size()));
    for (const SkippedImage &skipped : set.skipped()) {
      QVERIFY2(expected.contains(skipped.id), qPrintable(skipped.id));
      QVERIFY2(skipped.reason.startsWith(expected[skipped.id]), qPrintable(skipped.reason));
      QVERIFY(skipped.path.endsWith(QStringLiteral(".jpg")) || skipped.path.endsWith(QStringLiteral(".png")));
    }
    // The report survives in the manifest.
    QCOMPARE(loadFeatures(options.outDir).skipped().size(), std::size_t(4));
  }

  // The dataset folder changes after it was read: an image deleted and another replaced
  // by something that is not an image. The extraction names both and goes on with the rest.
  void imagesChangedAfterLoadingAreReported() {
    QTemporaryDir dir;
    const Dataset dataset = drawDataset(dir.path(), 6);
    QVERIFY(QFile::remove(dataset.images[1].path));
    QFile replaced(dataset.images[4].path);
    QVERIFY(replaced.open(QIODevice::WriteOnly | QIODevice::Truncate));
    replaced.write("replaced while the dataset was open");
    replaced.close();
    ExtractOptions options;
    options.outDir = dir.filePath(QStringLiteral("out"));
    const FeatureSet set = extractFeatures(dataset, tinyConceptCnn(), options);
    QCOMPARE(set.size(), 4);
    QCOMPARE(set.skipped().size(), std::size_t(2));
    QCOMPARE(set.skipped()[0].id, dataset.images[1].id);
    QVERIFY2(set.skipped()[0].reason.startsWith(QStringLiteral("missing file")), qPrintable(set.skipped()[0].reason));
    QCOMPARE(set.skipped()[1].id, dataset.images[4].id);
    QVERIFY2(set.skipped()[1].reason.startsWith(QStringLiteral("not a decodable image")), qPrintable(set.skipped()[1].reason));
  }

  void damagedCacheIsNamed() {
    QTemporaryDir dir;
    QFile manifest(dir.filePath(QStringLiteral("manifest.json")));
    QVERIFY(manifest.open(QIODevice::WriteOnly));
    manifest.write("{ not json");
    manifest.close();
    const QString error = errorOf([&] { loadFeatures(dir.path()); });
    QVERIFY2(error.startsWith(manifest.fileName() + QStringLiteral(": malformed JSON")), qPrintable(error));
  }
};

QTEST_GUILESS_MAIN(TestFeatures)
#include "tst_features.moc"
