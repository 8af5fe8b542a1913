// The Scenes demo: same seed → byte-identical files; ground truth that holds (every phrase span
// inside its caption, every box inside its image, the relation a caption states true of the
// boxes of the phrases around it); order-sensitive captions whose distractor twin has the same
// bag of words; English with the right articles and plurals; the cache folder made once; the
// ground-truth layout features (one-hots where the objects are, errors that name the file).

#include "data/loaddataset.h"
#include "data/scenes/scenelayoutfeatures.h"
#include "data/scenes/scenesdemo.h"
#include "io/npy.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <stdexcept>

namespace {

QByteArray readAll(const QString &path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// name → sha256 of every file under `root`.
QMap<QString, QByteArray> digests(const QString &root) {
  QMap<QString, QByteArray> map;
  QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString path = it.next();
    map.insert(QDir(root).relativeFilePath(path), QCryptographicHash::hash(readAll(path), QCryptographicHash::Sha256));
  }
  return map;
}

QStringList bag(QStringList tokens) {
  tokens.sort();
  return tokens;
}

// PNG: width and height are the big-endian words at bytes 16 and 20 of the IHDR chunk.
QSize pngSize(const QByteArray &png) {
  if (!png.startsWith("\x89PNG\r\n\x1a\n") || png.size() < 24) return {};
  const auto word = [&](int at) {
    return int((uchar(png[at]) << 24) | (uchar(png[at + 1]) << 16) | (uchar(png[at + 2]) << 8) | uchar(png[at + 3]));
  };
  return {word(16), word(20)};
}

}  // namespace

class TestScenesDemo : public QObject {
  Q_OBJECT

  QTemporaryDir m_dir;
  gs::Dataset m_demo; // 200 images, seed 7: shared by the ground-truth tests

private Q_SLOTS:
  void initTestCase() {
    gs::ScenesOptions options;
    options.images = 200;
    options.seed = 7;
    m_demo = gs::makeScenesDemo(m_dir.filePath("demo"), options);
  }

  void sameSeedGivesIdenticalFiles() {
    QTemporaryDir a, b, c;
    gs::ScenesOptions options;
    options.images = 40;
    options.seed = 11;
    gs::makeScenesDemo(a.path(), options);
    gs::makeScenesDemo(b.path(), options);
    const auto first = digests(a.path()), second = digests(b.path());
    QCOMPARE(first.size(), 42); // 40 images, dataset.json, regions.json
    QCOMPARE(first, second);
    options.seed = 12;
    gs::makeScenesDemo(c.path(), options);
    QVERIFY(digests(c.path()).value("dataset.json") != first.value("dataset.json"));
  }

  void loadsAsADatasetWithSplits() {
    QCOMPARE(m_demo.format, QStringLiteral("scenes-demo"));
    QCOMPARE(gs::detectDatasetFormat(m_dir.filePath("demo")), QStringLiteral("karpathy-json"));
    QCOMPARE(int(m_demo.images.size()), 200);
    QCOMPARE(int(m_demo.captions.size()), 1000);
    QCOMPARE(m_demo.report.total(), 0);
    const gs::DatasetStats stats = m_demo.stats();
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Train)], 160);
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Val)], 20);
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Test)], 20);
    for (const gs::ImageRecord &image : m_demo.images) {
      QCOMPARE(int(image.captions.size()), 5);
      QCOMPARE(image.width, 128);
      QVERIFY(!image.concepts.isEmpty());
      QCOMPARE(pngSize(readAll(image.path)), QSize(128, 128));
    }
    // Real paraphrase variety: the five captions of an image differ.
    for (const gs::ImageRecord &image : m_demo.images) {
      QSet<QString> raws;
      for (int c : image.captions) raws.insert(m_demo.captions[c].raw);
      QCOMPARE(int(raws.size()), 5);
    }
  }

  void phraseSpansAndBoxesAreInside() {
    int phrases = 0;
    for (const gs::CaptionRecord &caption : m_demo.captions) {
      const gs::ImageRecord &image = m_demo.images[caption.image];
      QVERIFY2(!caption.phrases.empty(), qPrintable(caption.raw));
      for (const gs::PhraseRegion &phrase : caption.phrases) {
        QVERIFY2(phrase.begin >= 0 && phrase.begin < phrase.end && phrase.end <= caption.tokens.size(), qPrintable(caption.raw));
        QVERIFY2(!phrase.boxes.empty(), qPrintable(caption.raw));
        for (const gs::Box &box : phrase.boxes) {
          QVERIFY(box.x >= 0 && box.y >= 0 && box.width > 0 && box.height > 0);
          QVERIFY(box.x + box.width <= image.width && box.y + box.height <= image.height);
        }
        ++phrases;
      }
    }
    QVERIFY(phrases > 1500);
  }

  // The relation a caption states holds between the boxes of the noun phrases around it.
  void statedRelationsHoldForTheBoxes() {
    int checked = 0;
    for (const gs::CaptionRecord &caption : m_demo.captions) {
      const QStringList &t = caption.tokens;
      for (int i = 0; i < t.size(); ++i) {
        QString relation;
        int after = i + 1;
        if ((t[i] == "left" || t[i] == "right") && i + 1 < t.size() && t[i + 1] == "of") {
          relation = t[i];
          after = i + 2;
        } else if (t[i] == "above" || t[i] == "over") {
          relation = "above";
        } else if (t[i] == "below" || t[i] == "under" || t[i] == "beneath") {
          relation = "below";
        }
        if (relation.isEmpty()) continue;
        const gs::PhraseRegion *before = nullptr, *next = nullptr;
        for (const gs::PhraseRegion &p : caption.phrases) {
          if (p.end <= i) before = &p;
          if (!next && p.begin >= after) next = &p;
        }
        QVERIFY2(before && next, qPrintable(caption.raw));
        for (const gs::Box &a : before->boxes)
          for (const gs::Box &b : next->boxes) {
            bool holds = false;
            if (relation == "left") holds = a.x + a.width <= b.x;
            else if (relation == "right") holds = b.x + b.width <= a.x;
            else if (relation == "above") holds = a.y + a.height <= b.y;
            else holds = b.y + b.height <= a.y;
            QVERIFY2(holds, qPrintable(caption.raw));
          }
        ++checked;
      }
    }
    QVERIFY2(checked > 400, qPrintable(QString::number(checked)));
  }

  void orderSensitiveCaptionsHaveADistractorWithTheSameBag() {
    int twins = 0, sensitive = 0;
    for (int i = 0; i < int(m_demo.images.size()); ++i) {
      const gs::ImageRecord &image = m_demo.images[i];
      if (image.distractor < 0) continue;
      ++twins;
      const gs::ImageRecord &twin = m_demo.images[image.distractor];
      QCOMPARE(twin.distractor, i);
      QCOMPARE(twin.split, image.split);
      QVERIFY(readAll(image.path) != readAll(twin.path)); // they look different
      for (int c : image.captions) {
        const gs::CaptionRecord &caption = m_demo.captions[c];
        if (!caption.orderSensitive) continue;
        ++sensitive;
        bool sameBag = false, sameText = false;
        for (int o : twin.captions) {
          sameBag |= bag(m_demo.captions[o].tokens) == bag(caption.tokens);
          sameText |= m_demo.captions[o].tokens == caption.tokens;
        }
        QVERIFY2(sameBag, qPrintable(caption.raw));
        QVERIFY2(!sameText, qPrintable(caption.raw)); // only word order tells them apart
      }
    }
    for (const gs::CaptionRecord &caption : m_demo.captions)
      if (caption.orderSensitive) QVERIFY(m_demo.images[caption.image].distractor >= 0);
    // The lead asked for ~30–40% of images in twin pairs; most of their captions are order-sensitive.
    QVERIFY2(twins >= 50 && twins <= 90, qPrintable(QString::number(twins)));
    QVERIFY2(sensitive >= twins * 4, qPrintable(QString::number(sensitive)));
  }

  void captionsAreGrammatical() {
    static const QRegularExpression an(QStringLiteral("\\ban ([a-z]+)")), a(QStringLiteral("\\ba ([a-z]+)")),
        plural(QStringLiteral("\\b(two|three|four) (?:(?:small|large|red|green|blue|yellow|purple|orange|white) )*([a-z]+)"));
    for (const gs::CaptionRecord &caption : m_demo.captions) {
      const QString &raw = caption.raw;
      QVERIFY2(raw.front().isUpper() && raw.endsWith('.'), qPrintable(raw));
      const QString lower = raw.toLower();
      for (auto it = an.globalMatch(lower); it.hasNext();) QVERIFY2(QString("aeiou").contains(it.next().captured(1).front()), qPrintable(raw));
      for (auto it = a.globalMatch(lower); it.hasNext();) QVERIFY2(!QString("aeiou").contains(it.next().captured(1).front()), qPrintable(raw));
      for (auto it = plural.globalMatch(lower); it.hasNext();) QVERIFY2(it.next().captured(2).endsWith('s'), qPrintable(raw));
      if (lower.contains(QRegularExpression("\\b(two|three|four)\\b [a-z ]*\\b is\\b"))) {
        // "Two circles is" would be wrong; "Two circles ... with X is" does not occur.
        QVERIFY2(!lower.contains(QRegularExpression("^(two|three|four) [a-z ]+s is\\b")), qPrintable(raw));
      }
    }
  }

  // Without noise, each object sets exactly its colour, shape, coloured-shape and size entries in
  // the cell of its box centre, and nothing else is set; distractor twins get different vectors.
  void layoutFeaturesMarkEachObjectInItsCell() {
    gs::SceneLayoutOptions options;
    options.noise = 0;
    const gs::SceneLayoutFeatures f = gs::sceneLayoutFeatures(m_dir.filePath("demo"), options);
    const int C = int(f.colours.size()), S = int(f.shapes.size()), perCell = C + S + C * S + 2;
    QVERIFY(C >= 4 && S >= 4);
    QCOMPARE(f.dim, 9 * perCell);
    QCOMPARE(f.imageIds.size(), qsizetype(200));
    QCOMPARE(f.values.size(), std::size_t(200) * std::size_t(f.dim));
    QFile file(m_dir.filePath("demo/dataset.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray images = QJsonDocument::fromJson(file.readAll()).object().value("images").toArray();
    QHash<QString, int> rowOf;
    for (int i = 0; i < images.size(); ++i) {
      const QJsonObject image = images[i].toObject();
      QCOMPARE(f.imageIds[i], QFileInfo(image.value("filename").toString()).completeBaseName());
      rowOf.insert(f.imageIds[i], i);
      std::vector<float> expected(std::size_t(f.dim), 0.f);
      for (const QJsonValue &o : image.value("objects").toArray()) {
        const QJsonObject object = o.toObject();
        const QJsonArray box = object.value("box").toArray();
        const int cx = std::min(2, int(3 * (box[0].toDouble() + box[2].toDouble() / 2) / image.value("width").toDouble()));
        const int cy = std::min(2, int(3 * (box[1].toDouble() + box[3].toDouble() / 2) / image.value("height").toDouble()));
        const int colour = int(f.colours.indexOf(object.value("colour").toString()));
        const int shape = int(f.shapes.indexOf(object.value("shape").toString()));
        QVERIFY(colour >= 0 && shape >= 0);
        float *cell = expected.data() + (cy * 3 + cx) * perCell;
        cell[colour] = cell[C + shape] = cell[C + S + colour * S + shape] = 1.f;
        cell[C + S + C * S + (object.value("size").toString() == "large" ? 1 : 0)] = 1.f;
      }
      const std::vector<float> row(f.values.begin() + std::ptrdiff_t(i) * f.dim, f.values.begin() + std::ptrdiff_t(i + 1) * f.dim);
      QVERIFY2(row == expected, qPrintable(f.imageIds[i]));
    }
    int twins = 0;
    for (const QJsonValue &value : images) {
      const QJsonObject image = value.toObject();
      if (!image.contains("distractor")) continue;
      const int a = rowOf.value(QFileInfo(image.value("filename").toString()).completeBaseName());
      const int b = rowOf.value(image.value("distractor").toString(), -1);
      QVERIFY(b >= 0);
      QVERIFY(!std::equal(f.values.begin() + std::ptrdiff_t(a) * f.dim, f.values.begin() + std::ptrdiff_t(a + 1) * f.dim,
                          f.values.begin() + std::ptrdiff_t(b) * f.dim));
      ++twins;
    }
    QVERIFY(twins >= 20);
  }

  void layoutFeaturesWriteAnNpyBackbone() {
    const gs::SceneLayoutFeatures f = gs::sceneLayoutFeatures(m_dir.filePath("demo"));
    const QString npy = m_dir.filePath("layout.npy");
    QCOMPARE(gs::writeSceneLayoutFeatures(f, npy), "npy:" + npy);
    const gs::NpyMatrix matrix = gs::NpyMatrix::open(npy);
    QCOMPARE(matrix.rows(), std::int64_t(200));
    QCOMPARE(matrix.cols(), std::int64_t(f.dim));
    QVERIFY(std::equal(f.values.begin(), f.values.end(), matrix.data()));
    QCOMPARE(QString::fromUtf8(readAll(m_dir.filePath("layout.ids.txt"))).split('\n', Qt::SkipEmptyParts), f.imageIds);
    // Noise makes every row distinct but leaves the one-hots readable.
    QVERIFY(std::any_of(f.values.begin(), f.values.end(), [](float v) { return v != 0.f && v != 1.f; }));
  }

  void layoutFeaturesRejectBadInputNamingTheFile() {
    QTemporaryDir dir;
    const auto message = [](const QString &path) {
      try {
        gs::sceneLayoutFeatures(path);
      } catch (const std::runtime_error &error) {
        return QString::fromUtf8(error.what());
      }
      return QString();
    };
    QVERIFY(message(dir.filePath("absent")).contains("absent"));
    const auto write = [&](const QByteArray &text) {
      QFile file(dir.filePath("dataset.json"));
      QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
      file.write(text);
    };
    write("{\"images\": [\n  {\"filename\": \"a.png\",\n  oops}\n]}");
    QString text = message(dir.path());
    QVERIFY2(text.contains("dataset.json:3:"), qPrintable(text)); // file:line:column of the bad token
    // A real dataset without the demo's object annotations.
    write("{\"images\": [{\"filename\": \"a.jpg\", \"width\": 10, \"height\": 10, \"sentences\": []}]}");
    text = message(dir.path());
    QVERIFY2(text.contains("dataset.json") && text.contains("a.jpg") && text.contains("objects"), qPrintable(text));
    write("{\"images\": [{\"filename\": \"a.png\", \"width\": 10, \"height\": 10, \"objects\": [{\"box\": [1, 1, 2, 2], \"colour\": \"red\"}]}]}");
    text = message(dir.path());
    QVERIFY2(text.contains("object 0"), qPrintable(text));
  }

  void badOptionsAreRejected() {
    QTemporaryDir dir;
    gs::ScenesOptions options;
    options.images = 1;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gs::makeScenesDemo(dir.path(), options));
    options.images = 10;
    options.imageSize = 16;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gs::makeScenesDemo(dir.path(), options));
  }

  void ensureMakesTheCacheOnceAndReusesIt() {
    gs::ScenesOptions options;
    options.images = 30;
    options.seed = 5;
    const QString path = gs::ensureScenesDemo(options);
    QVERIFY2(path.contains("Groundscope/datasets/scenes-30-seed5"), qPrintable(path));
    const QString json = path + "/dataset.json";
    const QDateTime made = QFileInfo(json).lastModified();
    QTest::qWait(20);
    QCOMPARE(gs::ensureScenesDemo(options), path);
    QCOMPARE(QFileInfo(json).lastModified(), made); // reused, not rewritten
    // A damaged demo is made again.
    QFile::remove(path + "/images/scene_00003.png");
    QCOMPARE(gs::ensureScenesDemo(options), path);
    QVERIFY(QFileInfo::exists(path + "/images/scene_00003.png"));
  }
};

QTEST_GUILESS_MAIN(TestScenesDemo)
#include "tst_scenesdemo.moc"
