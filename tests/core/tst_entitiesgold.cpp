// The Flickr30k Entities reader on a hand-made fixture in the dataset's format
// (tests/data/entities-fixture): captions without markup, phrase ranges, chains' union boxes,
// objects shared by chains, types, the image filter, and the errors for malformed folders.

#include "evaluation/entitiesgold.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <stdexcept>

using namespace gs;

namespace QTest {
template <> inline char *toString(const gs::Box &b) {
  return qstrdup(qPrintable(QStringLiteral("{%1, %2, %3, %4}").arg(b.x).arg(b.y).arg(b.width).arg(b.height)));
}
}  // namespace QTest

namespace {

QString fixture() { return QStringLiteral(GS_SOURCE_DIR "/tests/data/entities-fixture"); }

QString words(const EntitiesGold &gold, const GoldPhraseBox &phrase) {
  return gold.captions.at(phrase.captionId).mid(phrase.from, phrase.to - phrase.from);
}

// The phrase of caption `captionId` over `text`; fails the test when there is none.
GoldPhraseBox phraseOf(const EntitiesGold &gold, const QString &captionId, const QString &text) {
  const auto it = std::find_if(gold.phrases.begin(), gold.phrases.end(),
                               [&](const GoldPhraseBox &p) { return p.captionId == captionId && words(gold, p) == text; });
  if (it == gold.phrases.end()) throw std::runtime_error(QStringLiteral("no phrase '%1' in %2").arg(text, captionId).toStdString());
  return *it;
}

void writeFile(const QString &path, const QByteArray &text) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(text);
}

// The message readEntitiesGold throws on `folder`, or "" when it reads it.
QString errorOf(const QString &folder) {
  try {
    readEntitiesGold(folder);
  } catch (const std::runtime_error &e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

const QByteArray kGoodSentence = "[/EN#1/people A man] waves .\n";
const QByteArray kGoodAnnotation =
    "<annotation>\n<object>\n<name>1</name>\n<bndbox>\n<xmin>1</xmin>\n<ymin>1</ymin>\n<xmax>9</xmax>\n<ymax>9</ymax>\n</bndbox>\n</object>\n</annotation>\n";

}  // namespace

class TestEntitiesGold : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void counts();
  void captionText();
  void phraseRanges();
  void unionOfTwoBoxes();
  void objectWithSeveralNames();
  void twoTypes();
  void unscoredPhrases();
  void imageFilter();
  void scoredTypes();
  void badInput_data();
  void badInput();
  void notAnEntitiesFolder();
};

void TestEntitiesGold::counts() {
  const EntitiesGold gold = readEntitiesGold(fixture());
  QCOMPARE(gold.images, 2);
  QCOMPARE(int(gold.captions.size()), 9);
  QCOMPARE(int(gold.phrases.size()), 24);
  QCOMPARE(gold.notVisual, 2);
  QCOMPARE(gold.noBox, 5);
  QCOMPARE(int(std::count_if(gold.phrases.begin(), gold.phrases.end(), [](const GoldPhraseBox &p) { return p.visible; })), 17);
  QVERIFY(gold.missingAnnotations.isEmpty());
  // Images in name order, captions in line order.
  QCOMPARE(gold.phrases.front().captionId, QStringLiteral("1000092795.jpg#0"));
  QCOMPARE(gold.phrases.back().captionId, QStringLiteral("10002456.jpg#3"));
}

void TestEntitiesGold::captionText() {
  const EntitiesGold gold = readEntitiesGold(fixture());
  QCOMPARE(gold.captions.at(QStringLiteral("1000092795.jpg#0")), QStringLiteral("Two boys with wet hair wave their arms beside the lake ."));
  QCOMPARE(gold.captions.at(QStringLiteral("10002456.jpg#2")), QStringLiteral("Two cooks, wearing \"white aprons\", lean on a counter."));
}

void TestEntitiesGold::phraseRanges() {
  const EntitiesGold gold = readEntitiesGold(fixture());
  QStringList found;
  for (const GoldPhraseBox &p : gold.phrases) {
    if (p.captionId != QLatin1String("10002456.jpg#2")) continue;
    found << words(gold, p);
    QCOMPARE(p.imageId, QStringLiteral("10002456"));
    QCOMPARE(p.captionIndex, 2);
    QCOMPARE(p.line, 3);
  }
  QCOMPARE(found, (QStringList{QStringLiteral("Two cooks"), QStringLiteral("white aprons"), QStringLiteral("a counter")}));
  const GoldPhraseBox first = gold.phrases.front();
  QCOMPARE(first.from, 0);
  QCOMPARE(first.to, 8);
  QCOMPARE(words(gold, first), QStringLiteral("Two boys"));
}

void TestEntitiesGold::unionOfTwoBoxes() {
  const EntitiesGold gold = readEntitiesGold(fixture());
  // Chain 1: VOC boxes (12,40)-(210,370) and (230,25)-(420,375), 1-based inclusive.
  const GoldPhraseBox boys = phraseOf(gold, QStringLiteral("1000092795.jpg#0"), QStringLiteral("Two boys"));
  QVERIFY(boys.visible);
  QCOMPARE(boys.box, (Box{11, 24, 409, 351}));
  // Chain 12: (30,95)-(70,130) and (115,85)-(160,120).
  const GoldPhraseBox aprons = phraseOf(gold, QStringLiteral("10002456.jpg#0"), QStringLiteral("white aprons"));
  QCOMPARE(aprons.box, (Box{29, 84, 131, 46}));
}

void TestEntitiesGold::objectWithSeveralNames() {
  const EntitiesGold gold = readEntitiesGold(fixture());
  // The object named 11 and 14 is chain 14's only box and one of chain 11's two.
  QCOMPARE(phraseOf(gold, QStringLiteral("10002456.jpg#2"), QStringLiteral("Two cooks")).box, (Box{99, 89, 81, 221}));
  QCOMPARE(phraseOf(gold, QStringLiteral("10002456.jpg#0"), QStringLiteral("Three cooks")).box, (Box{19, 89, 161, 221}));
  // The object named 1, 6 and 7: chain 7's only box.
  QCOMPARE(phraseOf(gold, QStringLiteral("1000092795.jpg#3"), QStringLiteral("A boy")).box, (Box{11, 39, 199, 331}));
}

void TestEntitiesGold::twoTypes() {
  const EntitiesGold gold = readEntitiesGold(fixture());
  const GoldPhraseBox kids = phraseOf(gold, QStringLiteral("1000092795.jpg#2"), QStringLiteral("Two kids in red swimsuits"));
  QCOMPARE(kids.types, (QStringList{QStringLiteral("people"), QStringLiteral("other")}));
  QVERIFY(kids.visible);
  QCOMPARE(kids.box, (Box{11, 24, 409, 351}));
  QCOMPARE(phraseOf(gold, QStringLiteral("1000092795.jpg#3"), QStringLiteral("a striped towel")).types, QStringList{QStringLiteral("clothing")});
}

void TestEntitiesGold::unscoredPhrases() {
  const EntitiesGold gold = readEntitiesGold(fixture());
  const GoldPhraseBox summer = phraseOf(gold, QStringLiteral("1000092795.jpg#4"), QStringLiteral("summer"));
  QVERIFY(!summer.visible);
  QCOMPARE(summer.reason, QStringLiteral("notvisual"));
  QCOMPARE(summer.types, QStringList{QStringLiteral("notvisual")});
  // A scene chain marked <nobndbox>, and an "other" chain without a box.
  const GoldPhraseBox lake = phraseOf(gold, QStringLiteral("1000092795.jpg#0"), QStringLiteral("the lake"));
  QVERIFY(!lake.visible);
  QCOMPARE(lake.reason, QStringLiteral("no-box"));
  QCOMPARE(phraseOf(gold, QStringLiteral("10002456.jpg#2"), QStringLiteral("a counter")).reason, QStringLiteral("no-box"));
}

void TestEntitiesGold::imageFilter() {
  const EntitiesGold gold = readEntitiesGold(fixture(), {QStringLiteral("10002456"), QStringLiteral("999")});
  QCOMPARE(gold.images, 1);
  QCOMPARE(int(gold.phrases.size()), 11);
  QCOMPARE(int(gold.captions.size()), 4);
  QCOMPARE(gold.notVisual, 1);
  QCOMPARE(gold.noBox, 2);
  QCOMPARE(gold.missingAnnotations, QStringList{QStringLiteral("999")});
  for (const GoldPhraseBox &p : gold.phrases) QCOMPARE(p.imageId, QStringLiteral("10002456"));
}

void TestEntitiesGold::scoredTypes() {
  const QStringList types = entityTypes();
  QCOMPARE(types.size(), 8);
  QCOMPARE(types.front(), QStringLiteral("people"));
  QCOMPARE(types.back(), QStringLiteral("other"));
  QVERIFY(!types.contains(QStringLiteral("notvisual")));
}

void TestEntitiesGold::badInput_data() {
  QTest::addColumn<QByteArray>("sentences");
  QTest::addColumn<QByteArray>("annotation");
  QTest::addColumn<QString>("expected");
  QTest::newRow("unclosed [") << QByteArray(kGoodSentence + "[/EN#2/clothing a red hat and a coat .\n") << kGoodAnnotation
                              << QStringLiteral("/Sentences/1.txt:2: unclosed '[' phrase");
  QTest::newRow("nested [") << QByteArray("[/EN#1/people A man in [/EN#2/clothing a hat] .\n") << kGoodAnnotation
                            << QStringLiteral("/Sentences/1.txt:1: unclosed '[' phrase");
  QTest::newRow("bad header") << QByteArray("[/EN#x/people A man] waves .\n") << kGoodAnnotation
                              << QStringLiteral("/Sentences/1.txt:1: phrase header");
  QTest::newRow("stray ]") << QByteArray("A man] waves .\n") << kGoodAnnotation << QStringLiteral("/Sentences/1.txt:1: ']'");
  QByteArray badNumber = kGoodAnnotation;
  badNumber.replace("<ymin>1</ymin>", "<ymin>one</ymin>");
  QTest::newRow("bad number") << kGoodSentence << badNumber << QStringLiteral("/Annotations/1.xml:6: <ymin> is not a number");
  QTest::newRow("broken xml") << kGoodSentence << QByteArray("<annotation>\n<object>\n<name>1</nam>\n</object>\n</annotation>\n")
                              << QStringLiteral("/Annotations/1.xml:3:");
}

void TestEntitiesGold::badInput() {
  QFETCH(QByteArray, sentences);
  QFETCH(QByteArray, annotation);
  QFETCH(QString, expected);
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  writeFile(dir.filePath(QStringLiteral("Sentences/1.txt")), sentences);
  writeFile(dir.filePath(QStringLiteral("Annotations/1.xml")), annotation);
  const QString message = errorOf(dir.path());
  QVERIFY2(message.contains(expected), qPrintable(message));
}

void TestEntitiesGold::notAnEntitiesFolder() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  writeFile(dir.filePath(QStringLiteral("Annotations/1.xml")), kGoodAnnotation);
  const QString message = errorOf(dir.path());
  QVERIFY2(message.startsWith(dir.path() + QStringLiteral(": not a Flickr30k Entities folder")), qPrintable(message));
  QVERIFY2(message.contains(QStringLiteral("github.com/BryanPlummer/flickr30k_entities")), qPrintable(message));
}

QTEST_GUILESS_MAIN(TestEntitiesGold)
#include "tst_entitiesgold.moc"
