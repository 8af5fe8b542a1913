// The Scenes demo: same seed → byte-identical files; ground truth that holds (every phrase span
// inside its caption, every box inside its image, the relation a caption states true of the
// boxes of the phrases around it); order-sensitive captions whose distractor twin has the same
// bag of words; English with the right articles and plurals; the cache folder made once.

#include "data/loaddataset.h"
#include "data/scenes/scenesdemo.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
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
