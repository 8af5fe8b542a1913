// WordNet's noun reader and the ImageNet classes a noun covers. A hand-made three-synset
// database in WordNet's own format tests the reader everywhere; the installed WordNet 3.0
// (GS_WORDNET_DIR or /usr/share/wordnet) and the ILSVRC-2012 class list check the senses and
// classes captions meet, and are skipped where they are absent.

#include "text/imagenetclasses.h"
#include "text/wordnet.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <optional>
#include <stdexcept>

using namespace gs;

namespace {

// Made-up offsets in WordNet 3.0's layout: "entity" above "dog" (a hyponym) and above "frank,
// hotdog, dog" (an instance hyponym), so "dog" has two senses, the sausage the rarer one. The
// "+" pointers lead to a verb and must be ignored.
const char kIndex[] =
    "  1 A made-up fixture in WordNet 3.0's format.  \n"
    "dog n 2 3 @ ~ + 2 1 00002000 00003000  \n"
    "domestic_dog n 1 1 @ 1 0 00002000  \n"
    "entity n 1 1 ~ 1 1 00001000  \n"
    "frank n 1 1 @ 1 0 00003000  \n"
    "hotdog n 1 1 @ 1 0 00003000  \n";
const char kData[] =
    "  1 A made-up fixture in WordNet 3.0's format.  \n"
    "00001000 03 n 01 entity 0 002 ~ 00002000 n 0000 ~i 00003000 n 0000 | that which exists  \n"
    "00002000 05 n 02 dog 0 domestic_dog 0 002 @ 00001000 n 0000 + 01234567 v 0101 | a canid  \n"
    "00003000 13 n 03 frank 0 hotdog 0 dog 1 001 @i 00001000 n 0000 | a sausage  \n";
const char kExceptions[] = "doggies dog\n";
// "dog" the animal 40 times, the sausage 5 times; "dog%1:13:00" names no synset (the sausage's
// "dog" has lex_id 1) and must be left out although its sense number says 2; verbs are skipped.
const char kCounts[] =
    "dog%1:05:00:: 1 40\n"
    "dog%1:13:01:: 2 5\n"
    "dog%1:13:00:: 2 30\n"
    "entity%1:03:00:: 1 9\n"
    "dog%2:38:00:: 1 3\n";

const int kEntity = 1000;
const int kDog = 2000;
const int kFrank = 3000;

void writeFile(const QString &path, const QByteArray &bytes) {
  QFile file(path);
  QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(path));
  file.write(bytes);
}

// The fixture in `dir`, with `data` for data.noun and no cntlist.rev when `counts` is null.
void writeFixture(const QTemporaryDir &dir, const QByteArray &data = kData, const char *counts = kCounts) {
  writeFile(dir.filePath(QStringLiteral("index.noun")), kIndex);
  writeFile(dir.filePath(QStringLiteral("data.noun")), data);
  writeFile(dir.filePath(QStringLiteral("noun.exc")), kExceptions);
  if (counts) writeFile(dir.filePath(QStringLiteral("cntlist.rev")), counts);
}

// The fixture's data.noun with line `number` (1-based) replaced.
QByteArray dataWithLine(int number, const QByteArray &line) {
  QList<QByteArray> lines = QByteArray(kData).split('\n');
  lines[number - 1] = line;
  return lines.join('\n');
}

template <typename F>
QString errorOf(F run) {
  try {
    run();
  } catch (const std::exception &error) {
    return QString::fromStdString(error.what());
  }
  return {};
}

QList<int> list(const std::vector<int> &values) { return QList<int>(values.begin(), values.end()); }

QString realFolder() {
  const QString fromEnvironment = qEnvironmentVariable("GS_WORDNET_DIR");
  return fromEnvironment.isEmpty() ? QStringLiteral("/usr/share/wordnet") : fromEnvironment;
}

QString labelFile() { return QStringLiteral(GS_SHARED_DATA "/imagenet-cnn/imagenet_synsets.txt"); }

int classIndex(const std::vector<ClassLabel> &labels, const char *wnid) {
  const auto found = std::find_if(labels.begin(), labels.end(),
                                  [&](const ClassLabel &label) { return label.wnid == QLatin1String(wnid); });
  return found == labels.end() ? -1 : int(found - labels.begin());
}

QStringList names(const std::vector<ClassLabel> &labels, const std::vector<int> &classes) {
  QStringList result;
  for (int c : classes) result << labels[std::size_t(c)].name;
  return result;
}

}  // namespace

class TestWordNet : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void initTestCase() {
    if (!QFile::exists(QDir(realFolder()).filePath(QStringLiteral("index.noun")))) return;
    QElapsedTimer timer;
    timer.start();
    m_real = WordNet::open(realFolder());
    qInfo("WordNet %s: %d noun synsets read in %lld ms", qPrintable(realFolder()), m_real->synsetCount(),
          timer.elapsed());
    if (QFile::exists(labelFile())) m_labels = readClassLabels(labelFile());
  }

  // The hand-made database: the reader's logic without an installed WordNet.

  void fixtureReadsSynsetsAndIndex() {
    QTemporaryDir dir;
    writeFixture(dir);
    const WordNet wordNet = WordNet::open(dir.path());
    QCOMPARE(wordNet.synsetCount(), 3);
    QCOMPARE(list(wordNet.nounSenses(QStringLiteral("dog"))), QList<int>({kDog, kFrank}));
    QCOMPARE(wordNet.words(kDog), QStringList({QStringLiteral("dog"), QStringLiteral("domestic dog")}));
    QCOMPARE(wordNet.words(kFrank).size(), 3);
    QCOMPARE(list(wordNet.hypernyms(kFrank)), QList<int>({kEntity}));
    QVERIFY(wordNet.hypernyms(kEntity).empty());
    QVERIFY(wordNet.nounSenses(QStringLiteral("cat")).empty());
  }

  void fixtureLemmas() {
    QTemporaryDir dir;
    writeFixture(dir);
    const WordNet wordNet = WordNet::open(dir.path());
    QCOMPARE(wordNet.lemmas(QStringLiteral("Dogs")), QStringList({QStringLiteral("dog")}));
    QCOMPARE(wordNet.lemmas(QStringLiteral("dog")), QStringList({QStringLiteral("dog")}));
    QCOMPARE(wordNet.lemmas(QStringLiteral("doggies")), QStringList({QStringLiteral("dog")}));
    QCOMPARE(wordNet.lemmas(QStringLiteral("domestic dogs")), QStringList({QStringLiteral("domestic_dog")}));
    QVERIFY(wordNet.lemmas(QStringLiteral("cats")).isEmpty());
    QVERIFY(wordNet.lemmas(QString()).isEmpty());
  }

  void fixtureFrequentSenses() {
    QTemporaryDir dir;
    writeFixture(dir);
    QCOMPARE(list(WordNet::open(dir.path()).frequentSenses(QStringLiteral("dogs"))), QList<int>({kDog}));

    QTemporaryDir common;  // the sausage tagged a quarter as often as the animal: kept
    writeFixture(common, kData, "dog%1:05:00:: 1 40\ndog%1:13:01:: 2 10\n");
    QCOMPARE(list(WordNet::open(common.path()).frequentSenses(QStringLiteral("dog"))), QList<int>({kDog, kFrank}));

    QTemporaryDir uncounted;
    writeFixture(uncounted, kData, nullptr);
    QCOMPARE(list(WordNet::open(uncounted.path()).frequentSenses(QStringLiteral("dog"))), QList<int>({kDog}));
    QVERIFY(WordNet::open(uncounted.path()).frequentSenses(QStringLiteral("cat")).empty());
  }

  void fixtureHyponymClosure() {
    QTemporaryDir dir;
    writeFixture(dir);
    const WordNet wordNet = WordNet::open(dir.path());
    QCOMPARE(list(wordNet.hyponymClosure(kEntity)), QList<int>({kEntity, kDog, kFrank}));
    QCOMPARE(list(wordNet.hyponymClosure(kDog)), QList<int>({kDog}));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, wordNet.hyponymClosure(42));
    QVERIFY(errorOf([&] { wordNet.words(42); }).contains(QLatin1String("WordNet::words")));
  }

  void wnids() {
    QCOMPARE(WordNet::wnid(2084071), QStringLiteral("n02084071"));
    QCOMPARE(WordNet::offsetOfWnid(QStringLiteral("n02084071")), 2084071);
    for (const char *bad : {"", "n0208407", "n020840711", "x02084071", "n0208407a", "n-2084071"})
      QCOMPARE(WordNet::offsetOfWnid(QLatin1String(bad)), -1);
  }

  void environmentChoosesTheFolder() {
    QTemporaryDir dir;
    writeFixture(dir);
    const QByteArray saved = qgetenv("GS_WORDNET_DIR");
    const bool wasSet = qEnvironmentVariableIsSet("GS_WORDNET_DIR");
    qputenv("GS_WORDNET_DIR", QFile::encodeName(dir.path()));
    int synsets = 0;
    const QString error = errorOf([&] { synsets = WordNet::open().synsetCount(); });
    if (wasSet)
      qputenv("GS_WORDNET_DIR", saved);
    else
      qunsetenv("GS_WORDNET_DIR");
    QCOMPARE(error, QString());
    QCOMPARE(synsets, 3);
  }

  void fixtureCoverage() {
    QTemporaryDir dir;
    writeFixture(dir);
    const WordNet wordNet = WordNet::open(dir.path());
    const std::vector<ClassLabel> labels{{QStringLiteral("n00002000"), QStringLiteral("dog")},
                                         {QStringLiteral("n00003000"), QStringLiteral("hotdog")}};
    const ClassCoverage coverage(wordNet, labels);
    QCOMPARE(coverage.classCount(), 2);
    QCOMPARE(list(coverage.classesOf(QStringLiteral("dogs"))), QList<int>({0}));
    QCOMPARE(list(coverage.classesOf(QStringLiteral("dog"))), QList<int>({0}));
    QCOMPARE(list(coverage.classesOf(QStringLiteral("entity"))), QList<int>({0, 1}));
    QCOMPARE(list(coverage.classesOf(QStringLiteral("hotdog"))), QList<int>({1}));
    QVERIFY(coverage.classesOf(QStringLiteral("cat")).empty());

    const std::vector<ClassLabel> foreign{{QStringLiteral("n00009999"), QStringLiteral("unicorn")}};
    const QString error = errorOf([&] { const ClassCoverage unused(wordNet, foreign); });
    QVERIFY2(error.contains(QLatin1String("n00009999")), qPrintable(error));
  }

  // Bad input: every error names the file, and the line where there is one.

  void badDataLineNamesFileAndLine_data() {
    QTest::addColumn<QByteArray>("line");
    QTest::newRow("truncated pointer") << QByteArray("00002000 05 n 02 dog 0 domestic_dog 0 002 @ 00001000");
    QTest::newRow("missing words") << QByteArray("00002000 05 n 02 dog 0");
    QTest::newRow("word count not hex") << QByteArray("00002000 05 n zz dog 0 001 @ 00001000 n 0000 | a canid");
    QTest::newRow("short offset") << QByteArray("0002000 05 n 01 dog 0 001 @ 00001000 n 0000 | a canid");
    QTest::newRow("not a noun") << QByteArray("00002000 05 v 01 dog 0 001 @ 00001000 n 0000 | a canid");
    QTest::newRow("no gloss bar") << QByteArray("00002000 05 n 01 dog 0 001 @ 00001000 n 0000 a canid");
    QTest::newRow("unknown target") << QByteArray("00002000 05 n 01 dog 0 001 @ 00009999 n 0000 | a canid");
    QTest::newRow("listed twice") << QByteArray("00001000 05 n 01 dog 0 000 | a canid");
  }

  void badDataLineNamesFileAndLine() {
    QFETCH(QByteArray, line);
    QTemporaryDir dir;
    writeFixture(dir, dataWithLine(3, line));
    const QString error = errorOf([&] { WordNet::open(dir.path()); });
    const QString where = dir.filePath(QStringLiteral("data.noun")) + QStringLiteral(":3: ");
    QVERIFY2(error.startsWith(where), qPrintable(error));
  }

  void badIndexLineNamesFileAndLine() {
    QTemporaryDir dir;
    writeFixture(dir);
    writeFile(dir.filePath(QStringLiteral("index.noun")), "dog n 1 0 1 1 00002000\ncat n 1 0 1 1 00004000\n");
    const QString error = errorOf([&] { WordNet::open(dir.path()); });
    QVERIFY2(error.startsWith(dir.filePath(QStringLiteral("index.noun")) + QStringLiteral(":2: ")), qPrintable(error));
  }

  void missingFilesAreNamed() {
    const QString missing = errorOf([] { WordNet::open(QStringLiteral("/nonexistent/wordnet")); });
    QVERIFY2(missing.startsWith(QLatin1String("/nonexistent/wordnet/index.noun: ")), qPrintable(missing));
    QVERIFY2(missing.contains(QLatin1String("GS_WORDNET_DIR")), qPrintable(missing));

    QTemporaryDir dir;
    writeFixture(dir);
    QVERIFY(QFile::remove(dir.filePath(QStringLiteral("data.noun"))));
    const QString noData = errorOf([&] { WordNet::open(dir.path()); });
    QVERIFY2(noData.startsWith(dir.filePath(QStringLiteral("data.noun")) + QStringLiteral(": ")), qPrintable(noData));
  }

  void classLabels() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("synsets.txt"));
    writeFile(path, "n01440764 tench, Tinca tinca\r\nn01443537 goldfish, Carassius auratus\n\n\n");
    const std::vector<ClassLabel> labels = readClassLabels(path);
    QCOMPARE(int(labels.size()), 2);
    QCOMPARE(labels[1].wnid, QStringLiteral("n01443537"));
    QCOMPARE(labels[0].name, QStringLiteral("tench, Tinca tinca"));
  }

  void badClassLabelsNameFileAndLine_data() {
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<int>("line");
    QTest::newRow("short wnid") << QByteArray("n01440764 tench\nn0144353 goldfish\n") << 2;
    QTest::newRow("no name") << QByteArray("n01440764 tench\nn01443537\n") << 2;
    QTest::newRow("listed twice") << QByteArray("n01440764 tench\nn01443537 goldfish\nn01440764 tench\n") << 3;
    QTest::newRow("blank inside") << QByteArray("n01440764 tench\n\nn01443537 goldfish\n") << 2;
  }

  void badClassLabelsNameFileAndLine() {
    QFETCH(QByteArray, contents);
    QFETCH(int, line);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("synsets.txt"));
    writeFile(path, contents);
    const QString error = errorOf([&] { readClassLabels(path); });
    QVERIFY2(error.startsWith(QStringLiteral("%1:%2: ").arg(path).arg(line)), qPrintable(error));
  }

  void emptyOrMissingClassListIsNamed() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("synsets.txt"));
    writeFile(path, "\n\n");
    QVERIFY(errorOf([&] { readClassLabels(path); }).startsWith(path));
    const QString missing = dir.filePath(QStringLiteral("absent.txt"));
    QVERIFY(errorOf([&] { readClassLabels(missing); }).startsWith(missing));
  }

  // Tagged counts first ("dog": 40 + 5, the 30 of a key naming no synset left out), then the number
  // of senses, then the alphabet; "domestic_dog" is no single word.
  void fixtureNounsByUse() {
    QTemporaryDir dir;
    writeFixture(dir);
    const QStringList expected{QStringLiteral("dog"), QStringLiteral("entity"), QStringLiteral("frank"), QStringLiteral("hotdog")};
    QCOMPARE(WordNet::open(dir.path()).nounsByUse(), expected);
    QTemporaryDir entityFirst;  // "entity" tagged 90 times, "dog" never: dog's two senses still put it before frank
    writeFixture(entityFirst, kData, "entity%1:03:00:: 1 90\n");
    const QStringList reordered{QStringLiteral("entity"), QStringLiteral("dog"), QStringLiteral("frank"), QStringLiteral("hotdog")};
    QCOMPARE(WordNet::open(entityFirst.path()).nounsByUse(), reordered);
  }

  // The installed WordNet 3.0.

  void realNounsByUse() {
    if (!m_real) QSKIP("WordNet is not installed (Debian's wordnet-base, or set GS_WORDNET_DIR)");
    const QStringList nouns = m_real->nounsByUse();
    QVERIFY2(nouns.size() > 40000, qPrintable(QString::number(nouns.size())));
    QCOMPARE(QSet<QString>(nouns.cbegin(), nouns.cend()).size(), nouns.size());
    const QRegularExpression word(QStringLiteral("^[a-z]+$"));
    QVERIFY(std::all_of(nouns.cbegin(), nouns.cend(), [&](const QString &noun) { return word.match(noun).hasMatch(); }));
    QVERIFY(nouns.indexOf(QStringLiteral("man")) < 100);
    QVERIFY(nouns.indexOf(QStringLiteral("dog")) < nouns.indexOf(QStringLiteral("aardvark")));
  }

  void realLemmas() {
    if (!m_real) QSKIP("WordNet is not installed (Debian's wordnet-base, or set GS_WORDNET_DIR)");
    QCOMPARE(m_real->synsetCount(), 82115);
    QCOMPARE(m_real->lemmas(QStringLiteral("dogs")).value(0), QStringLiteral("dog"));
    QCOMPARE(m_real->lemmas(QStringLiteral("children")).value(0), QStringLiteral("child"));
    // "men" is also a noun of its own in WordNet (the enlisted men), so it comes first.
    QVERIFY(m_real->lemmas(QStringLiteral("men")).contains(QStringLiteral("man")));
  }

  void realSensesAndHierarchy() {
    if (!m_real) QSKIP("WordNet is not installed (Debian's wordnet-base, or set GS_WORDNET_DIR)");
    const std::vector<int> senses = m_real->nounSenses(QStringLiteral("dog"));
    QVERIFY(!senses.empty());
    QCOMPARE(WordNet::wnid(senses.front()), QStringLiteral("n02084071"));
    QCOMPARE(list(m_real->frequentSenses(QStringLiteral("dog"))), QList<int>({senses.front()}));
    const std::vector<int> dogs = m_real->hyponymClosure(senses.front());
    const auto has = [&](const char *wnid) {
      return std::find(dogs.begin(), dogs.end(), WordNet::offsetOfWnid(QLatin1String(wnid))) != dogs.end();
    };
    QVERIFY(has("n02099712"));  // Labrador retriever
    QVERIFY(!has("n02123045"));  // tabby cat
    QVERIFY(m_real->words(WordNet::offsetOfWnid(QStringLiteral("n02099712"))).contains(QStringLiteral("Labrador retriever")));
  }

  void realDogCoversDogBreedsOnly() {
    if (!m_real) QSKIP("WordNet is not installed (Debian's wordnet-base, or set GS_WORDNET_DIR)");
    if (m_labels.empty()) QSKIP("no ImageNet class list in the shared data");
    const ClassCoverage coverage(*m_real, m_labels);
    const std::vector<int> dogs = coverage.classesOf(QStringLiteral("dog"));
    QVERIFY(dogs.size() > 100);
    qInfo("classesOf(dog): %d classes, %d to %d", int(dogs.size()), dogs.front(), dogs.back());
    // ILSVRC-2012 orders its classes by wnid, and the dog breeds are one subtree: one block.
    QCOMPARE(dogs.back() - dogs.front() + 1, int(dogs.size()));
    const auto covers = [&](const char *wnid) {
      return std::binary_search(dogs.begin(), dogs.end(), classIndex(m_labels, wnid));
    };
    QVERIFY(covers("n02099712"));   // Labrador retriever
    QVERIFY(!covers("n02123045"));  // tabby
    QVERIFY(!covers("n02123159"));  // tiger cat
    QVERIFY(!covers("n02124075"));  // Egyptian cat
    QVERIFY(!covers("n07697537"));  // hotdog: "dog" sense 5 is rare
    QCOMPARE(list(coverage.classesOf(QStringLiteral("dogs"))), list(dogs));

    const std::vector<int> cats = coverage.classesOf(QStringLiteral("cat"));
    qInfo("classesOf(cat): %s", qPrintable(names(m_labels, cats).join(QLatin1String(" | "))));
    QVERIFY(std::binary_search(cats.begin(), cats.end(), classIndex(m_labels, "n02123159")));
    for (int c : cats) QVERIFY(!std::binary_search(dogs.begin(), dogs.end(), c));
  }

  void realPeopleAndScenesCoverLittle() {
    if (!m_real) QSKIP("WordNet is not installed (Debian's wordnet-base, or set GS_WORDNET_DIR)");
    if (m_labels.empty()) QSKIP("no ImageNet class list in the shared data");
    const ClassCoverage coverage(*m_real, m_labels);
    const std::vector<int> man = coverage.classesOf(QStringLiteral("man"));
    const std::vector<int> snow = coverage.classesOf(QStringLiteral("snow"));
    qInfo("classesOf(man): [%s]", qPrintable(names(m_labels, man).join(QLatin1String(" | "))));
    qInfo("classesOf(snow): [%s]", qPrintable(names(m_labels, snow).join(QLatin1String(" | "))));
    QVERIFY(man.size() <= 3);
    QVERIFY(snow.size() <= 2);
  }

private:
  std::optional<WordNet> m_real;
  std::vector<ClassLabel> m_labels;
};

QTEST_GUILESS_MAIN(TestWordNet)
#include "tst_wordnet.moc"
