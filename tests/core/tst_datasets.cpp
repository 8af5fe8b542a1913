// The dataset loaders on fixtures made here: every format, format detection, the bad-input
// cases (missing files, malformed JSON with file:line:column, duplicate ids, non-UTF-8
// text, empty captions, images referenced twice), and Flickr8k from ../shared/data when present.

#include "data/dataset.h"
#include "data/imagelookup.h"
#include "data/imagesearch.h"
#include "data/datasetsummary.h"
#include "data/loaddataset.h"
#include "data/outsidepaths.h"
#include "data/sentencepairs.h"
#include "data/protocols.h"
#include "engine/engine.h"
#include "engine/jobcontext.h"
#include "text/tokenizer.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <stdexcept>

namespace {

void writeFile(const QString &path, const QByteArray &data) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile file(path);
  QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(path));
  file.write(data);
}

// Loaders only check that image files exist; a few bytes stand in for a JPEG.
void touchImage(const QString &path) { writeFile(path, QByteArrayLiteral("\xff\xd8\xff\xe0 fixture")); }

QString errorOf(const QString &path) {
  try {
    gs::loadDataset(path);
  } catch (const std::runtime_error &error) {
    return QString::fromStdString(error.what());
  }
  return {};
}

QJsonObject karpathyImage(int imgid, const QString &file, const QString &split, const QStringList &captions) {
  QJsonArray sentences, sentids;
  for (int k = 0; k < captions.size(); ++k) {
    const int sentid = imgid * 10 + k;
    sentences.append(QJsonObject{{QStringLiteral("raw"), captions[k]},
                                 {QStringLiteral("tokens"), QJsonArray::fromStringList(gs::tokenize(captions[k]))},
                                 {QStringLiteral("imgid"), imgid},
                                 {QStringLiteral("sentid"), sentid}});
    sentids.append(sentid);
  }
  return {{QStringLiteral("filename"), file}, {QStringLiteral("imgid"), imgid}, {QStringLiteral("split"), split},
          {QStringLiteral("sentids"), sentids}, {QStringLiteral("sentences"), sentences}};
}

QByteArray json(const QJsonObject &object) { return QJsonDocument(object).toJson(QJsonDocument::Indented); }

// The Dataset dock's search by brute force: every query word in the image id, or at the start of a
// word of one of its captions (tokens, or the raw text split at spaces), case-insensitively.
std::vector<char> scannedMatches(const gs::Dataset &dataset, const QString &query) {
  const QStringList words = query.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
  std::vector<char> shown;
  for (const gs::ImageRecord &image : dataset.images) {
    bool all = true;
    for (const QString &word : words) {
      bool found = image.id.contains(word, Qt::CaseInsensitive);
      for (int c : image.captions) {
        const gs::CaptionRecord &caption = dataset.captions[std::size_t(c)];
        const QStringList tokens = caption.tokens.isEmpty() ? caption.raw.split(QLatin1Char(' '), Qt::SkipEmptyParts) : caption.tokens;
        for (const QString &token : tokens) found = found || token.toLower().startsWith(word);
      }
      all = all && found;
    }
    shown.push_back(all ? 1 : 0);
  }
  return shown;
}

}  // namespace

class TestDatasets : public QObject {
  Q_OBJECT
private Q_SLOTS:
  // The search index shows what a scan of every caption shows: on a small dataset with ids,
  // raw-only captions and mixed case, and on the Flickr8k captions when they are here.
  void imageSearchIndexMatchesTheScan() {
    gs::Dataset small;
    const QStringList raw{QStringLiteral("A Dog runs on the Grass"), QStringLiteral("two dogs play"), QStringLiteral("a hot-dog stand"),
                          QStringLiteral("Red ball"), QStringLiteral("the red BALLOON"), QStringLiteral("dogma")};
    for (int i = 0; i < 6; ++i) {
      gs::ImageRecord image;
      image.id = QStringLiteral("IMG_%1_red").arg(i);
      image.captions = {i};
      small.images.push_back(image);
      gs::CaptionRecord caption;
      caption.image = i;
      caption.raw = raw[i];
      if (i % 2 == 0) caption.tokens = gs::tokenize(raw[i]);
      small.captions.push_back(caption);
    }
    const gs::ImageSearchIndex index = gs::ImageSearchIndex::build(small);
    for (const QString &query : {QStringLiteral("dog"), QStringLiteral("DOG ball"), QStringLiteral("red"), QStringLiteral("img_3"),
                                 QStringLiteral("ball"), QStringLiteral("balloon red"), QStringLiteral("  "), QStringLiteral("stand hot"),
                                 QStringLiteral("zebra")})
      QCOMPARE(index.matches(query), scannedMatches(small, query));
    QCOMPARE(index.matches(QStringLiteral("dog")), (std::vector<char>{1, 1, 0, 0, 0, 1})); // "hot-dog" is one word
    QCOMPARE(index.matches(QStringLiteral("zebra")), std::vector<char>(6, 0));

    const QString flickr = QStringLiteral(GS_SHARED_DATA "/flickr8k");
    if (!QDir(flickr).exists()) QSKIP("../shared/data/flickr8k is absent");
    const gs::Dataset dataset = gs::loadDataset(flickr);
    const gs::ImageSearchIndex large = gs::ImageSearchIndex::build(dataset);
    for (const QString &query : {QStringLiteral("dog"), QStringLiteral("a"), QStringLiteral("red ball"), QStringLiteral("wom run"),
                                 QStringLiteral("1000268201")}) {
      const std::vector<char> shown = large.matches(query);
      QCOMPARE(shown, scannedMatches(dataset, query));
      QVERIFY(std::count(shown.begin(), shown.end(), 1) > 0);
    }
  }

  void tokenizeLikeKarpathy_data() {
    QTest::addColumn<QString>("caption");
    QTest::addColumn<QStringList>("tokens");
    QTest::newRow("sentence") << "A dog runs." << QStringList{"a", "dog", "runs"};
    QTest::newRow("hyphen and number") << "Two men in T-shirts, 2.5 m apart!" << QStringList{"two", "men", "in", "t-shirts", "2.5", "m", "apart"};
    QTest::newRow("apostrophe") << "The man's hat" << QStringList{"the", "mans", "hat"};
    QTest::newRow("spaced punctuation") << "a girl , going into a building ." << QStringList{"a", "girl", "going", "into", "a", "building"};
    QTest::newRow("dangling hyphen") << "well - lit room" << QStringList{"well", "lit", "room"};
    QTest::newRow("punctuation only") << " . , !" << QStringList{};
  }
  // An image as a user names it: its id, or its file name without folder and extension.
  void imagesAreFoundByTheirFileName() {
    const QStringList ids{QStringLiteral("images/1022454428_b6b660a67b.jpg"), QStringLiteral("images/23445819_3a458716c1.jpg"),
                          QStringLiteral("a/dup.jpg"), QStringLiteral("b/dup.png")};
    QCOMPARE(gs::findImage(ids, QStringLiteral("images/23445819_3a458716c1.jpg")), 1);
    QCOMPARE(gs::findImage(ids, QStringLiteral("1022454428_b6b660a67b")), 0);
    QCOMPARE(gs::findImage(ids, QStringLiteral("1022454428_b6b660a67b.jpg")), 0);
    const auto error = [&](const QString &name) {
      try {
        gs::findImage(ids, name);
      } catch (const std::invalid_argument &e) {
        return QString::fromUtf8(e.what());
      }
      return QString();
    };
    QCOMPARE(error(QStringLiteral("dup")), QStringLiteral("'dup' names 2 images: a/dup.jpg, b/dup.png; give the whole id"));
    QCOMPARE(error(QStringLiteral("nope")),
             QStringLiteral("no image 'nope' among the 4 images (ids look like 'images/1022454428_b6b660a67b.jpg')"));
    QCOMPARE(gs::findImage(ids, QStringLiteral("a/dup.jpg")), 2);
  }

  void tokenizeLikeKarpathy() {
    QFETCH(QString, caption);
    QFETCH(QStringList, tokens);
    QCOMPARE(gs::tokenize(caption), tokens);
  }

  void karpathyJsonLoads() {
    QTemporaryDir dir;
    const QString root = dir.path();
    QJsonArray images;
    images.append(karpathyImage(0, "a.jpg", "train", {"A dog runs.", "A brown dog runs on grass."}));
    images.append(karpathyImage(1, "b.jpg", "restval", {"Two cats sleep."}));
    images.append(karpathyImage(2, "c.jpg", "val", {"A man rides a bike."}));
    images.append(karpathyImage(3, "d.jpg", "test", {"Children play in the snow."}));
    writeFile(root + "/dataset_flickr8k.json", json({{"dataset", "flickr8k"}, {"images", images}}));
    for (const char *name : {"a.jpg", "b.jpg", "c.jpg", "d.jpg"}) touchImage(root + "/images/" + name);

    QCOMPARE(gs::detectDatasetFormat(root), QStringLiteral("karpathy-json"));
    QCOMPARE(gs::detectDatasetFormat(root + "/dataset_flickr8k.json"), QStringLiteral("karpathy-json"));
    const gs::Dataset d = gs::loadDataset(root);
    QCOMPARE(d.format, QStringLiteral("karpathy-json"));
    QCOMPARE(d.name, QStringLiteral("flickr8k"));
    QCOMPARE(int(d.images.size()), 4);
    QCOMPARE(int(d.captions.size()), 5);
    QCOMPARE(d.report.total(), 0);
    const gs::DatasetStats stats = d.stats();
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Train)], 2); // restval counts as train
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Val)], 1);
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Test)], 1);
    QCOMPARE(d.images[0].id, QStringLiteral("a"));
    QCOMPARE(d.images[0].path, QDir(root).absoluteFilePath("images/a.jpg"));
    QCOMPARE(d.images[0].captions.size(), size_t(2));
    QCOMPARE(d.captions[1].tokens, (QStringList{"a", "brown", "dog", "runs", "on", "grass"}));
    QCOMPARE(d.captions[1].image, 0);
    QCOMPARE(d.captions[1].id, QStringLiteral("1"));
    // From the file as well as the folder.
    QCOMPARE(int(gs::loadDataset(root + "/dataset_flickr8k.json").captions.size()), 5);
  }

  // Hostile paths: "../../", an absolute path, and a symlink inside images/ that leads out
  // are refused and listed; a file the layout itself puts beside the folder (Karpathy's "..") and a
  // symlink that stays inside load; with the user's permission everything loads.
  void pathsOutsideTheDatasetAreRefused() {
    QTemporaryDir dir;
    const QString outside = dir.path() + "/secret";
    const QString root = dir.path() + "/downloads/dataset";
    touchImage(outside + "/passwd.jpg");
    touchImage(root + "/images/a.jpg");
    touchImage(root + "/images/real.jpg");
    QVERIFY(QFile::link(outside + "/passwd.jpg", root + "/images/link-out.jpg"));
    QVERIFY(QFile::link(root + "/images/real.jpg", root + "/images/link-in.jpg"));
    QJsonArray images;
    images.append(karpathyImage(0, "a.jpg", "train", {"A dog runs."}));
    QJsonObject up = karpathyImage(1, "passwd.jpg", "train", {"A secret."});
    up.insert(QStringLiteral("filepath"), QStringLiteral("../../../secret"));
    images.append(up);
    QJsonObject absolute = karpathyImage(2, "passwd.jpg", "val", {"Another secret."});
    absolute.insert(QStringLiteral("filepath"), outside);
    images.append(absolute);
    images.append(karpathyImage(3, "link-out.jpg", "test", {"A link out."}));
    images.append(karpathyImage(4, "link-in.jpg", "test", {"A link that stays."}));
    writeFile(root + "/dataset_x.json", json({{"images", images}}));

    const gs::Dataset d = gs::loadDataset(root);
    QCOMPARE(int(d.images.size()), 2);
    QCOMPARE(d.images[0].id, QStringLiteral("a"));
    QCOMPARE(d.images[1].id, QStringLiteral("link-in"));
    const QString text = d.report.toText();
    // The absolute filepath is joined under the image folder (Karpathy's filepath is relative), so
    // it names a missing file inside the dataset rather than the outside one.
    QCOMPARE(d.report.count("path outside the dataset folder"), 2);
    QCOMPARE(d.report.count("missing image"), 1);
    QVERIFY2(text.contains("dataset_x.json: images[1]") && text.contains("dataset_x.json: images[3]"), qPrintable(text));
    QVERIFY2(text.contains("resolves to " + QFileInfo(outside + "/passwd.jpg").canonicalFilePath()), qPrintable(text));
    QVERIFY2(text.contains("--allow-outside-paths"), qPrintable(text));

    // A CSV of absolute paths: refused unless allowed. Allowed, everything but the missing one loads.
    writeFile(dir.path() + "/downloads/list/pairs.csv", (outside + "/passwd.jpg,A caption.\n").toUtf8());
    QVERIFY(errorOf(dir.path() + "/downloads/list/pairs.csv").contains("path outside the dataset folder"));
    gs::setOutsidePathsAllowed(true);
    const gs::Dataset allowed = gs::loadDataset(root);
    QCOMPARE(int(allowed.images.size()), 4);
    QCOMPARE(allowed.report.count("path outside the dataset folder"), 0);
    QCOMPARE(int(gs::loadDataset(dir.path() + "/downloads/list/pairs.csv").images.size()), 1);
    gs::setOutsidePathsAllowed(false);
    QVERIFY(!gs::outsidePathsAllowed());
  }

  // dataset_coco.json beside COCO's own folders: filepath + filename, Karpathy's 5K test split,
  // and the 1K-fold protocol on it (here folds of 2 on a test split of 4).
  void karpathyCocoLayout() {
    QTemporaryDir dir;
    const QString root = dir.path();
    QJsonArray images;
    for (int i = 0; i < 6; ++i) {
      const QString part = i < 2 ? "train2014" : "val2014";
      QJsonObject image = karpathyImage(i, QStringLiteral("COCO_%1_%2.jpg").arg(part).arg(i), i < 1 ? "train" : i < 2 ? "restval" : "test",
                                        {"A plate of food.", "A bus on a street."});
      image.insert("filepath", part);
      image.insert("cocoid", 1000 + i);
      images.append(image);
      touchImage(QStringLiteral("%1/images/%2/COCO_%2_%3.jpg").arg(root, part).arg(i));
    }
    writeFile(root + "/dataset_coco.json", json({{"dataset", "coco"}, {"images", images}}));
    const gs::Dataset d = gs::loadDataset(root);
    QCOMPARE(d.report.total(), 0);
    QCOMPARE(int(d.images.size()), 6);
    QCOMPARE(d.stats().imagesPerSplit[int(gs::Split::Train)], 2);
    QCOMPARE(d.stats().imagesPerSplit[int(gs::Split::Test)], 4);
    QCOMPARE(d.images[3].path, QDir(root).absoluteFilePath("images/val2014/COCO_val2014_3.jpg"));
    const auto folds = gs::testFolds(d, 2);
    QCOMPARE(int(folds.size()), 2);
    QCOMPARE(folds[1], (std::vector<int>{4, 5}));
  }

  void karpathyBadInputIsReported() {
    QTemporaryDir dir;
    const QString root = dir.path();
    QJsonArray images;
    images.append(karpathyImage(0, "a.jpg", "train", {"A dog runs.", "  ...  "}));   // one empty caption
    images.append(karpathyImage(0, "b.jpg", "train", {"Duplicate imgid."}));         // duplicate id
    images.append(karpathyImage(2, "a.jpg", "train", {"The same file again."}));     // referenced twice
    images.append(karpathyImage(3, "missing.jpg", "test", {"No file on disk."}));    // missing image
    images.append(karpathyImage(4, "c.jpg", "holdout", {"A cat on a mat."}));        // unknown split
    writeFile(root + "/dataset_coco.json", json({{"images", images}}));
    touchImage(root + "/images/a.jpg");
    touchImage(root + "/images/b.jpg");
    touchImage(root + "/c.jpg"); // beside the JSON works too
    const gs::Dataset d = gs::loadDataset(root);
    QCOMPARE(int(d.images.size()), 2);
    QCOMPARE(int(d.captions.size()), 2);
    QCOMPARE(d.report.count("empty caption"), 1);
    QCOMPARE(d.report.count("duplicate id"), 1);
    QCOMPARE(d.report.count("image referenced twice"), 1);
    QCOMPARE(d.report.count("missing image"), 1);
    QCOMPARE(d.report.count("unknown split"), 1);
    QCOMPARE(d.stats().missingImages, 1);
    QVERIFY(d.report.toText().contains("missing.jpg"));
    QCOMPARE(d.images[1].split, gs::Split::Unassigned);
  }

  void malformedJsonNamesFileLineAndColumn() {
    QTemporaryDir dir;
    const QString file = dir.path() + "/dataset_flickr30k.json";
    writeFile(file, "{\"images\": [\n  {\"filename\": \"a.jpg\", \"sentences\": []},\n  {\"filename\": \"b.jpg\" \"split\": \"train\"}\n]}\n");
    const QString message = errorOf(dir.path());
    QVERIFY2(message.contains(file + ":3:"), qPrintable(message));
    QVERIFY2(message.contains("malformed JSON"), qPrintable(message));
    QVERIFY2(message.contains("no usable image–caption pairs"), qPrintable(message));
  }

  void nonUtf8JsonIsReportedAndTheRestLoads() {
    QTemporaryDir dir;
    const QString root = dir.path();
    QJsonArray images;
    images.append(karpathyImage(0, "a.jpg", "train", {"A red cafe sign."}));
    QByteArray data = json({{"images", images}});
    data.replace("cafe", "caf\xe9"); // Latin-1 é: invalid UTF-8
    writeFile(root + "/dataset_x.json", data);
    touchImage(root + "/images/a.jpg");
    const gs::Dataset d = gs::loadDataset(root);
    QCOMPARE(int(d.captions.size()), 1);
    QCOMPARE(d.report.count("non-UTF-8 text"), 1);
    QVERIFY2(d.report.issues.front().examples.front().contains("dataset_x.json:"), qPrintable(d.report.toText()));
  }

  void regionsFileIsPickedUp() {
    QTemporaryDir dir;
    const QString root = dir.path();
    QJsonArray images;
    QJsonObject image = karpathyImage(0, "a.png", "train", {"A red circle is left of a blue square."});
    image.insert("width", 100);
    image.insert("height", 80);
    image.insert("concepts", QJsonArray{"circle", "red"});
    images.append(image);
    writeFile(root + "/dataset.json", json({{"images", images}}));
    touchImage(root + "/images/a.png");
    // One box per phrase, appended: QJsonArray{QJsonArray{…}} is a copy under clang (one-element
    // brace initialisation), not a nested array as under gcc.
    const auto oneBox = [](const QJsonArray &box) {
      QJsonArray boxes;
      boxes.append(box);
      return boxes;
    };
    const QJsonArray phrases{QJsonObject{{"begin", 0}, {"end", 3}, {"boxes", oneBox({1, 2, 30, 30})}},
                             QJsonObject{{"begin", 6}, {"end", 9}, {"boxes", oneBox({60, 2, 50, 30})}}, // outside
                             QJsonObject{{"begin", 7}, {"end", 12}, {"boxes", QJsonArray{}}}};                         // span too long
    writeFile(root + "/regions.json", json({{"captions", QJsonArray{QJsonObject{{"sentid", 0}, {"phrases", phrases}}}}}));
    const gs::Dataset d = gs::loadDataset(root);
    QCOMPARE(d.images[0].width, 100);
    QCOMPARE(d.images[0].concepts, (QStringList{"circle", "red"}));
    QCOMPARE(int(d.captions[0].phrases.size()), 2);
    QCOMPARE(d.captions[0].phrases[0].boxes.size(), size_t(1));
    QCOMPARE(d.captions[0].phrases[0].boxes[0], (gs::Box{1, 2, 30, 30}));
    QVERIFY(d.captions[0].phrases[1].boxes.empty());
    QCOMPARE(d.report.count("bad region"), 2);
  }

  void flickr8kNativeLoads() {
    QTemporaryDir dir;
    const QString root = dir.path();
    QByteArray tokens;
    for (const char *image : {"100_a.jpg", "200_b.jpg", "300_c.jpg", "400_d.jpg"})
      for (int k = 0; k < 5; ++k) tokens += QByteArray(image) + "#" + QByteArray::number(k) + "\tA caption number " + QByteArray::number(k) + " .\n";
    tokens += "500_e.jpg.1#0\tAn id that names no image file .\n";        // Flickr8k's known anomaly
    tokens += "this line has no tab\n";                                     // malformed
    tokens += "100_a.jpg#0\tA second caption with a taken id .\n";          // duplicate id
    tokens += "200_b.jpg#5\t .\n";                                          // empty caption
    tokens += "300_c.jpg#5\tA caf\xe9 in Latin-1 .\n";                      // non-UTF-8
    tokens += "900_z.jpg#0\tAn image that is not on disk .\n";              // missing image
    writeFile(root + "/Flickr8k.token.txt", tokens);
    writeFile(root + "/Flickr_8k.trainImages.txt", "100_a.jpg\n200_b.jpg\n");
    writeFile(root + "/Flickr_8k.devImages.txt", "300_c.jpg\n100_a.jpg\n"); // 100_a again: referenced twice
    writeFile(root + "/Flickr_8k.testImages.txt", "900_z.jpg\n");
    for (const char *image : {"100_a.jpg", "200_b.jpg", "300_c.jpg", "400_d.jpg"}) touchImage(root + "/images/" + image);

    QCOMPARE(gs::detectDatasetFormat(root), QStringLiteral("flickr8k-native"));
    QCOMPARE(gs::detectDatasetFormat(root + "/Flickr8k.token.txt"), QStringLiteral("flickr8k-native"));
    const gs::Dataset d = gs::loadDataset(root + "/Flickr8k.token.txt");
    QCOMPARE(d.format, QStringLiteral("flickr8k-native"));
    QCOMPARE(int(d.images.size()), 4);
    QCOMPARE(int(d.captions.size()), 21);
    const gs::DatasetStats stats = d.stats();
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Train)], 2);
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Val)], 1);
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Unassigned)], 1);
    QCOMPARE(d.report.count("not an image file name"), 1);
    QCOMPARE(d.report.count("malformed line"), 1);
    QCOMPARE(d.report.count("duplicate id"), 1);
    QCOMPARE(d.report.count("empty caption"), 1);
    QCOMPARE(d.report.count("non-UTF-8 text"), 1);
    QCOMPARE(d.report.count("missing image"), 1);
    QCOMPARE(d.report.count("image referenced twice"), 1);
    QVERIFY2(d.report.toText().contains("Flickr8k.token.txt:22"), qPrintable(d.report.toText())); // the malformed line
    const gs::CaptionRecord &latin1 = d.captions.back();
    QCOMPARE(latin1.raw, QString::fromUtf8("A caf\xc3\xa9 in Latin-1 ."));
    QCOMPARE(latin1.tokens, QStringList({"a", QString::fromUtf8("caf\xc3\xa9"), "in", "latin-1"}));
  }

  void cocoCaptionsLoad() {
    QTemporaryDir dir;
    const QString root = dir.path();
    const auto cocoFile = [](const QJsonArray &images, const QJsonArray &annotations) {
      return json({{"info", QJsonObject{{"year", 2014}}}, {"images", images}, {"annotations", annotations}});
    };
    writeFile(root + "/annotations/captions_train2014.json",
              cocoFile({QJsonObject{{"id", 1}, {"file_name", "COCO_train2014_1.jpg"}, {"width", 640}, {"height", 480}},
                        QJsonObject{{"id", 2}, {"file_name", "COCO_train2014_2.jpg"}},
                        QJsonObject{{"id", 2}, {"file_name", "COCO_train2014_3.jpg"}}}, // duplicate id
                       {QJsonObject{{"id", 10}, {"image_id", 1}, {"caption", "A plate of food."}},
                        QJsonObject{{"id", 11}, {"image_id", 1}, {"caption", "Some food on a table."}},
                        QJsonObject{{"id", 12}, {"image_id", 2}, {"caption", "A bus on a street."}},
                        QJsonObject{{"id", 13}, {"image_id", 99}, {"caption", "Nobody's image."}}}));
    writeFile(root + "/annotations/captions_val2014.json",
              cocoFile({QJsonObject{{"id", 5}, {"file_name", "COCO_val2014_5.jpg"}},
                        QJsonObject{{"id", 6}, {"file_name", "COCO_val2014_6.jpg"}}}, // missing file
                       {QJsonObject{{"id", 20}, {"image_id", 5}, {"caption", "A giraffe."}},
                        QJsonObject{{"id", 21}, {"image_id", 6}, {"caption", "A zebra."}}}));
    writeFile(root + "/annotations/captions_test2014.json", "{\"images\": [,]}"); // malformed
    touchImage(root + "/train2014/COCO_train2014_1.jpg");
    touchImage(root + "/train2014/COCO_train2014_2.jpg");
    touchImage(root + "/images/val2014/COCO_val2014_5.jpg");

    QCOMPARE(gs::detectDatasetFormat(root), QStringLiteral("coco-captions"));
    QCOMPARE(gs::detectDatasetFormat(root + "/annotations/captions_val2014.json"), QStringLiteral("coco-captions"));
    const gs::Dataset d = gs::loadDataset(root);
    QCOMPARE(d.format, QStringLiteral("coco-captions"));
    QCOMPARE(int(d.images.size()), 3);
    QCOMPARE(int(d.captions.size()), 4);
    QCOMPARE(d.images[0].width, 640);
    QCOMPARE(d.stats().imagesPerSplit[int(gs::Split::Train)], 2);
    QCOMPARE(d.stats().imagesPerSplit[int(gs::Split::Val)], 1);
    QCOMPARE(d.report.count("duplicate id"), 1);
    QCOMPARE(d.report.count("caption of unknown image"), 1);
    QCOMPARE(d.report.count("missing image"), 1);
    QCOMPARE(d.report.count("malformed JSON"), 1);
    QVERIFY2(d.report.toText().contains("captions_test2014.json:1:"), qPrintable(d.report.toText()));
    // One file alone.
    QCOMPARE(int(gs::loadDataset(root + "/annotations/captions_val2014.json").images.size()), 1);
  }

  void cocoOneKFolds() {
    gs::Dataset d;
    for (int i = 0; i < 5300; ++i) {
      gs::ImageRecord image;
      image.id = QString::number(i);
      image.split = i < 300 ? gs::Split::Train : gs::Split::Test;
      d.images.push_back(image);
    }
    const auto folds = gs::testFolds(d);
    QCOMPARE(int(folds.size()), 5);
    QCOMPARE(int(folds[0].size()), 1000);
    QCOMPARE(folds[0].front(), 300);
    QCOMPARE(folds[4].back(), 5299);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gs::testFolds(d, 0));
  }

  void pascalSentencesLoad() {
    QTemporaryDir dir;
    const QString root = dir.path();
    for (const char *category : {"aeroplane", "bird"})
      for (int i = 0; i < 10; ++i) {
        const QString stem = QStringLiteral("2008_%1").arg(i, 6, 10, QLatin1Char('0'));
        writeFile(QStringLiteral("%1/sentence/%2/%3.txt").arg(root, category, stem),
                  "A picture of something.\nIt is a thing.\n  An object here.\nSomething else.\nThe last one.\n");
        if (!(QLatin1String(category) == QLatin1String("bird") && i == 9))
          touchImage(QStringLiteral("%1/dataset/%2/%3.jpg").arg(root, category, stem));
      }
    QCOMPARE(gs::detectDatasetFormat(root), QStringLiteral("pascal-sentences"));
    const gs::Dataset d = gs::loadDataset(root);
    QCOMPARE(int(d.images.size()), 19);
    QCOMPARE(int(d.captions.size()), 95);
    QCOMPARE(d.report.count("missing image"), 1);
    const gs::DatasetStats stats = d.stats();
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Train)], 16); // 8 per category
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Val)], 2);
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Test)], 1);   // bird's test image is the missing one
    QCOMPARE(d.images[0].id, QStringLiteral("aeroplane/2008_000000"));
    QCOMPARE(d.captions[2].raw, QStringLiteral("An object here."));
  }

  void csvAndTsvLoad() {
    QTemporaryDir dir;
    const QString root = dir.path();
    for (const char *name : {"img/1.jpg", "img/2.jpg", "img/3.jpg"}) touchImage(root + "/" + name);
    writeFile(root + "/captions.csv",
              "image,caption,split\n"
              "img/1.jpg,\"A dog, running.\",train\n"
              "img/1.jpg,A dog outside.,train\n"
              "img/2.jpg,\"He said \"\"hi\"\".\",test\n"
              "img/3.jpg,\"unterminated,val\n"
              "img/4.jpg,A missing image.,val\n"
              "img/3.jpg,,val\n");
    QCOMPARE(gs::detectDatasetFormat(root), QStringLiteral("csv"));
    const gs::Dataset d = gs::loadDataset(root + "/captions.csv");
    QCOMPARE(d.format, QStringLiteral("csv"));
    QCOMPARE(int(d.images.size()), 2);
    QCOMPARE(int(d.captions.size()), 3);
    QCOMPARE(d.captions[0].raw, QStringLiteral("A dog, running."));
    QCOMPARE(d.captions[2].raw, QStringLiteral("He said \"hi\"."));
    QCOMPARE(d.images[1].split, gs::Split::Test);
    QCOMPARE(d.report.count("malformed line"), 1);
    QCOMPARE(d.report.count("missing image"), 1);
    QCOMPARE(d.report.count("empty caption"), 1);
    QCOMPARE(d.report.count("image without captions"), 1); // img/3.jpg: its only captions were bad

    QTemporaryDir tsvDir;
    for (int i = 0; i < 10; ++i) touchImage(QStringLiteral("%1/%2.png").arg(tsvDir.path()).arg(i));
    QByteArray tsv;
    for (int i = 0; i < 10; ++i) tsv += QByteArray::number(i) + ".png\tA shape number " + QByteArray::number(i) + ".\n";
    writeFile(tsvDir.path() + "/pairs.tsv", tsv);
    const gs::Dataset t = gs::loadDataset(tsvDir.path());
    QCOMPARE(int(t.images.size()), 10);
    QCOMPARE(t.stats().imagesPerSplit[int(gs::Split::Train)], 8); // no split column: 80/10/10
    QCOMPARE(t.stats().imagesPerSplit[int(gs::Split::Test)], 1);
    QVERIFY(t.images[0].metadata.isEmpty()); // no header, so no column names to keep
  }

  // One row per caption repeats the image's columns: kept once per image, empty cells left out,
  // and a row that contradicts an earlier one reported with both lines.
  void csvExtraColumnsAreImageMetadata() {
    QTemporaryDir dir;
    const QString root = dir.path();
    for (const char *name : {"img/1.jpg", "img/2.jpg", "img/3.jpg", "img/4.jpg"}) touchImage(root + "/" + name);
    writeFile(root + "/captions.csv",
              "image,caption,split,scene,photographer,\n"
              "img/1.jpg,A dog runs.,train,park,Ann,\n"
              "img/1.jpg,A dog outside.,train,park,,\n"
              "img/2.jpg,A cat sleeps.,test,,Bob\n"
              "img/2.jpg,A cat on a sofa.,test,,Bob\n"
              "img/3.jpg,A bird.,val,beach,Cy\n"
              "img/3.jpg,A bird flies.,val,forest,Cy\n"
              "img/4.jpg,A short row.,val\n"
              "img/4.jpg,\"A street, busy.\",val,\"street, busy\",Di\n");
    const gs::Dataset d = gs::loadDataset(root + "/captions.csv");
    QCOMPARE(int(d.images.size()), 4);
    QCOMPARE(int(d.captions.size()), 8);
    using Metadata = QHash<QString, QString>;
    QCOMPARE(d.images[0].metadata, (Metadata{{"scene", "park"}, {"photographer", "Ann"}}));
    QCOMPARE(d.images[1].metadata, (Metadata{{"photographer", "Bob"}})); // empty scene: missing
    QCOMPARE(d.images[2].metadata, (Metadata{{"scene", "beach"}, {"photographer", "Cy"}})); // the first value wins
    QCOMPARE(d.images[3].metadata, (Metadata{{"scene", "street, busy"}, {"photographer", "Di"}})); // a later row fills in
    QCOMPARE(d.images[1].split, gs::Split::Test); // the known columns are not metadata
    QCOMPARE(d.report.count("inconsistent metadata"), 1);
    const gs::LoadIssue &issue = *std::find_if(d.report.issues.begin(), d.report.issues.end(),
                                               [](const gs::LoadIssue &i) { return i.kind == "inconsistent metadata"; });
    QCOMPARE(issue.examples, QStringList{root + "/captions.csv:7: column 'scene' is 'forest' here but 'beach' on line 6"});
    QCOMPARE(d.report.total(), 1);
  }

  void unusableDatasetsThrowNamingThePath() {
    QTemporaryDir dir;
    QCOMPARE(gs::detectDatasetFormat(dir.path()), QString());
    QString message = errorOf(dir.path());
    QVERIFY2(message.contains(dir.path()) && message.contains("no dataset format recognised"), qPrintable(message));
    message = errorOf(dir.path() + "/nothing-here");
    QVERIFY2(message.contains("no such file or folder"), qPrintable(message));

    QJsonArray images;
    images.append(karpathyImage(0, "gone.jpg", "train", {"A dog."}));
    writeFile(dir.path() + "/dataset_flickr8k.json", json({{"images", images}}));
    message = errorOf(dir.path());
    QVERIFY2(message.contains(dir.path()) && message.contains("no usable image–caption pairs"), qPrintable(message));
    QVERIFY2(message.contains("missing image: 1"), qPrintable(message));
  }

  void loadsAsAnEngineJob() {
    QTemporaryDir dir;
    QByteArray tsv;
    for (int i = 0; i < 3000; ++i) {
      touchImage(QStringLiteral("%1/%2.jpg").arg(dir.path()).arg(i));
      tsv += QByteArray::number(i) + ".jpg\tCaption " + QByteArray::number(i) + "\n";
    }
    writeFile(dir.path() + "/pairs.tsv", tsv);
    gs::Engine engine;
    int images = 0;
    const gs::JobId id = engine.submit("load", [&](gs::JobContext &job) { images = int(gs::loadDataset(dir.path(), &job).images.size()); });
    const auto outcome = engine.wait(id, 60000);
    QVERIFY(outcome);
    QCOMPARE(outcome->status, gs::JobStatus::Succeeded);
    QCOMPARE(images, 3000);
  }

  void summaryHasCountsAndReport() {
    gs::Dataset d;
    d.name = "x";
    d.format = "csv";
    d.images.push_back({"a", "/a.jpg", 0, 0, gs::Split::Train, {0}, {}, -1});
    d.captions.push_back({"0", 0, "A dog.", {"a", "dog"}, {}, false});
    d.report.add("missing image", "/b.jpg");
    const QJsonObject s = gs::datasetSummary(d);
    QCOMPARE(s["images"].toObject()["train"].toInt(), 1);
    QCOMPARE(s["vocabulary"].toInt(), 2);
    QCOMPARE(s["missing_images"].toInt(), 1);
    QCOMPARE(s["report"].toArray().first().toObject()["kind"].toString(), QStringLiteral("missing image"));
    QVERIFY(gs::describeDataset(d).contains("missing image: 1"));
  }

  // Sentence-similarity benchmarks: STS-B and SICK from ../shared/data with their pair counts, and
  // the yearly STS format on a folder made here (an unscored pair, a malformed line, two subsets).
  void sentencePairsLoad() {
    QTemporaryDir dir;
    const auto write = [&](const QString &name, const QByteArray &text) {
      QFile f(dir.filePath(name));
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(text);
    };
    write(QStringLiteral("STS.input.news.txt"), "A man runs.\tA man is running.\nTwo dogs.\tA cat.\nNo tab here\nUnscored one.\tUnscored two.\n");
    write(QStringLiteral("STS.gs.news.txt"), "4.8\n0.5\n3.0\n\n");
    write(QStringLiteral("STS.input.forum.txt"), "It rains.\tIt is raining.\r\n");
    write(QStringLiteral("STS.gs.forum.txt"), "5\r\n");
    const gs::SentencePairs sts = gs::loadSentencePairs(QStringLiteral("sts14"), dir.path());
    QCOMPARE(int(sts.pairs.size()), 3); // the malformed line reported, the unscored pair not used
    QCOMPARE(sts.report.count(QStringLiteral("malformed line")), 1);
    QVERIFY(sts.report.toText().contains(QStringLiteral("STS.input.news.txt:3")));
    QCOMPARE(sts.pairs.front().subset, QStringLiteral("forum"));
    QCOMPARE(sts.pairs.back().gold, 0.5);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gs::loadSentencePairs(QStringLiteral("sts14"), dir.path(), gs::Split::Train));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gs::loadSentencePairs(QStringLiteral("sts99"), dir.path()));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, gs::loadSentencePairs(QStringLiteral("sts-b"), dir.path())); // no sts-test.csv

    const QString stsb = QStringLiteral(GS_SHARED_DATA "/sts-benchmark");
    const QString sick = QStringLiteral(GS_SHARED_DATA "/sick");
    if (!QFileInfo::exists(stsb + "/sts-test.csv") || !QFileInfo::exists(sick + "/SICK.txt")) QSKIP("../shared/data/sts-benchmark or sick is absent");
    const gs::SentencePairs test = gs::loadSentencePairs(QStringLiteral("sts-b"), stsb);
    QCOMPARE(int(test.pairs.size()), 1379);
    QCOMPARE(test.report.total(), 0);
    QCOMPARE(test.pairs.front().gold, 2.5);
    QCOMPARE(test.pairs.front().a, QStringLiteral("A girl is styling her hair."));
    QCOMPARE(int(gs::loadSentencePairs(QStringLiteral("sts-b"), stsb, gs::Split::Train).pairs.size()), 5749);
    QCOMPARE(int(gs::loadSentencePairs(QStringLiteral("sts-b"), stsb, gs::Split::Val).pairs.size()), 1500);
    // SICK.txt's SemEval_set column: TRAIN 4439, TRIAL 495, TEST 4906.
    QCOMPARE(int(gs::loadSentencePairs(QStringLiteral("sick-r"), sick + "/SICK.txt").pairs.size()), 4906);
    QCOMPARE(int(gs::loadSentencePairs(QStringLiteral("sick-r"), sick + "/SICK.txt", gs::Split::Train).pairs.size()), 4439);
    // The SemEval-2014 task files concatenated: blocks of 4,500 / 500 / 4,927 (SentEval's splits).
    const QString semeval = sick + "/SICK_semeval2014_train_trial_test.txt";
    QCOMPARE(int(gs::loadSentencePairs(QStringLiteral("sick-r"), semeval).pairs.size()), 4927);
    QCOMPARE(int(gs::loadSentencePairs(QStringLiteral("sick-r"), semeval, gs::Split::Val).pairs.size()), 500);
    QCOMPARE(int(gs::loadSentencePairs(QStringLiteral("sick-r"), semeval, gs::Split::Train).pairs.size()), 4500);
  }

  void flickr8kSharedData() {
    const QString folder = QStringLiteral(GS_SHARED_DATA "/flickr8k");
    if (!QFileInfo::exists(folder + "/Flickr8k.token.txt")) QSKIP("../shared/data/flickr8k is absent");
    QCOMPARE(gs::detectDatasetFormat(folder), QStringLiteral("flickr8k-native"));
    const gs::Dataset d = gs::loadDataset(folder);
    QCOMPARE(int(d.images.size()), 1000);
    QCOMPARE(int(d.captions.size()), 5000);
    QCOMPARE(d.report.count("missing image"), 7091);
    QCOMPARE(d.report.count("not an image file name"), 1); // 2258277193_586949ec62.jpg.1
    const gs::DatasetStats stats = d.stats();
    QCOMPARE(stats.missingImages, 7091);
    // subset_images.tsv: train 753 / dev 113 / test 125 / none 9.
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Train)], 753);
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Val)], 113);
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Test)], 125);
    QCOMPARE(stats.imagesPerSplit[int(gs::Split::Unassigned)], 9);
    for (const gs::ImageRecord &image : d.images) QCOMPARE(int(image.captions.size()), 5);
    QCOMPARE(d.images.front().id, QStringLiteral("1000268201_693b08cb0e"));
  }
};

QTEST_GUILESS_MAIN(TestDatasets)
#include "tst_datasets.moc"
