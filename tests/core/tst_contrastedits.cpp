// The contrast-set generators on hand-made trees and on captions parsed by Link Grammar: what
// each edits and what it refuses; and on the Scenes demo, that swapping the roles of an
// order-sensitive caption gives the caption of its role-swapped distractor twin.

#include "data/scenes/scenesdemo.h"
#include "parse/captionparser.h"
#include "parse/contrastedits.h"
#include "text/tokenizer.h"
#include "io/atomicfile.h"
#include "inference/contrastpairsfile.h"
#include "inference/contrastsets.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace gs;

namespace {

// A parse in the style attachParses gives the tree models (collapsed Stanford dependencies).
ParsedCaption parsed(const QString &text) {
  static CaptionParser parser(ParserOptions{DependencyStyle::Collapsed, 3});
  return parser.parse(text);
}

// A caption made by hand: tokens, UPOS, heads (−1 root) and relations.
ParsedCaption handMade(const QStringList &tokens, const QStringList &upos, const std::vector<int> &heads, const QStringList &relations) {
  ParsedCaption caption;
  caption.tokens = tokens;
  caption.upos = upos;
  caption.text = tokens.join(QLatin1Char(' '));
  caption.dependency = Tree::dependency(tokens, upos, heads, relations);
  caption.style = DependencyStyle::Collapsed;
  return caption;
}

// "a dog chases a cat" with hand-made collapsed dependencies.
ParsedCaption dogChasesCat() {
  return handMade({QStringLiteral("a"), QStringLiteral("dog"), QStringLiteral("chases"), QStringLiteral("a"), QStringLiteral("cat")},
                  {QStringLiteral("DET"), QStringLiteral("NOUN"), QStringLiteral("VERB"), QStringLiteral("DET"), QStringLiteral("NOUN")},
                  {1, 2, -1, 4, 2},
                  {QStringLiteral("det"), QStringLiteral("nsubj"), QStringLiteral("root"), QStringLiteral("det"), QStringLiteral("dobj")});
}

QStringList words(const char *text) { return tokenize(QString::fromUtf8(text)); }

NounFrequencies someNouns() {
  QHash<QString, int> counts{{QStringLiteral("man"), 90},   {QStringLiteral("dog"), 80},  {QStringLiteral("woman"), 70},
                             {QStringLiteral("cat"), 60},   {QStringLiteral("horse"), 50}, {QStringLiteral("ball"), 40},
                             {QStringLiteral("beach"), 30}, {QStringLiteral("tree"), 20}, {QStringLiteral("kite"), 2},
                             {QStringLiteral("unicycle"), 1}};
  return NounFrequencies(counts);
}

}  // namespace

class TestContrastEdits : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void namesCrossTheBoundaryOnly() {
    QCOMPARE(enumNames<ContrastKind>(), (QStringList{QStringLiteral("swap"), QStringLiteral("drop"), QStringLiteral("replace"), QStringLiteral("shuffle")}));
    QCOMPARE(enumFromName<ContrastKind>(QStringLiteral("shuffle")), std::optional<ContrastKind>(ContrastKind::Shuffle));
    QCOMPARE(allContrastKinds().size(), std::size_t(4));
  }

  void swapExchangesSubjectAndObject() {
    const auto edit = swapEdit(dogChasesCat());
    QVERIFY(edit);
    QCOMPARE(edit->tokens, words("a cat chases a dog"));
    QCOMPARE(edit->change, QStringLiteral("a dog ↔ a cat"));
    // Whole phrases move, the sentence's capital with them.
    const auto phrases = swapEdit(parsed(QStringLiteral("A black dog chases a red ball.")));
    QVERIFY(phrases);
    QCOMPARE(phrases->text, QStringLiteral("A red ball chases a black dog."));
  }

  void swapUsesThePrepositionWithoutAnObject() {
    // Rule 2: the subject and the object of the head's preposition to its right.
    auto edit = swapEdit(parsed(QStringLiteral("A black dog is playing with a red ball.")));
    QVERIFY(edit);
    QCOMPARE(edit->text, QStringLiteral("A red ball is playing with a black dog."));
    edit = swapEdit(parsed(QStringLiteral("In this picture, two red circles are above a blue square.")));
    QVERIFY(edit);
    QCOMPARE(edit->text, QStringLiteral("In this picture, a blue square are above two red circles."));
    // A relational noun hands on to its prep_of object: "to the right of X".
    edit = swapEdit(parsed(QStringLiteral("A blue square is to the right of a red circle.")));
    QVERIFY(edit);
    QCOMPARE(edit->text, QStringLiteral("A red circle is to the right of a blue square."));
    // Rule 3: a noun and its preposition's object.
    edit = swapEdit(parsed(QStringLiteral("There is a red circle left of a blue square.")));
    QVERIFY(edit);
    QCOMPARE(edit->text, QStringLiteral("There is a blue square left of a red circle."));
  }

  void swapRefuses() {
    // No object and no preposition.
    QVERIFY(!swapEdit(parsed(QStringLiteral("A dog runs."))));
    // The two phrases read the same.
    QVERIFY(!swapEdit(parsed(QStringLiteral("A dog chases a dog."))));
    // One word.
    QVERIFY(!swapEdit(parsed(QStringLiteral("Dogs"))));
    // A flat fallback tree says nothing of roles.
    ParsedCaption fallback = dogChasesCat();
    fallback.quality = ParseQuality::Fallback;
    QVERIFY(!swapEdit(fallback));
  }

  void dropRemovesAModifier() {
    const auto edit = dropEdit(parsed(QStringLiteral("A man rides a horse on the beach.")), 1);
    QVERIFY(edit);
    QCOMPARE(edit->text, QStringLiteral("A man rides a horse."));
    QCOMPARE(edit->change, QStringLiteral("− on the beach"));
    // Two adjectives and a preposition: the seed chooses, every choice removes exactly one of them.
    const ParsedCaption caption = parsed(QStringLiteral("A black dog chases a red ball in the park."));
    QSet<QString> seen;
    for (quint64 seed = 0; seed < 40; ++seed) {
      const auto drop = dropEdit(caption, seed);
      QVERIFY(drop);
      QVERIFY2(drop->tokens.size() == 9 || drop->tokens.size() == 7, qPrintable(drop->text));
      seen << drop->text;
      QCOMPARE(dropEdit(caption, seed)->text, drop->text); // deterministic
    }
    QCOMPARE(seen, (QSet<QString>{QStringLiteral("A dog chases a red ball in the park."), QStringLiteral("A black dog chases a ball in the park."),
                                  QStringLiteral("A black dog chases a red ball.")}));
    QVERIFY(!dropEdit(dogChasesCat(), 1)); // nothing to drop
  }

  void replaceChangesOneNounForOneOfSimilarFrequency() {
    const NounFrequencies nouns = someNouns();
    QCOMPARE(nouns.neighbours(QStringLiteral("cat"), 2), (QStringList{QStringLiteral("woman"), QStringLiteral("horse")}));
    QCOMPARE(nouns.neighbours(QStringLiteral("man"), 2), (QStringList{QStringLiteral("dog"), QStringLiteral("woman")}));
    QCOMPARE(nouns.neighbours(QStringLiteral("zebra"), 1), QStringList{QStringLiteral("unicycle")}); // unseen: among the rarest
    const ParsedCaption caption = dogChasesCat();
    const QStringList before = caption.tokens;
    QSet<QString> replaced;
    for (quint64 seed = 0; seed < 30; ++seed) {
      const auto edit = replaceEdit(caption, nouns, seed);
      QVERIFY(edit);
      QCOMPARE(edit->tokens.size(), before.size());
      int changed = -1, count = 0;
      for (int t = 0; t < before.size(); ++t)
        if (edit->tokens[t] != before[t]) changed = t, ++count;
      QCOMPARE(count, 1);
      QVERIFY(changed == 1 || changed == 4); // the subject's or the object's noun
      const QString noun = edit->tokens[changed];
      QVERIFY(!before.contains(noun));
      // Within kReplaceNeighbours ranks of the noun it replaces (the table has 10 nouns: all of them, but never dog or cat).
      QVERIFY(nouns.count(noun) > 0);
      replaced << before[changed];
      QCOMPARE(replaceEdit(caption, nouns, seed)->text, edit->text);
    }
    QCOMPARE(replaced, (QSet<QString>{QStringLiteral("dog"), QStringLiteral("cat")}));
    // Frequency-matched: with a wide table the replacement is a rank neighbour.
    QHash<QString, int> wide;
    for (int i = 0; i < 100; ++i) wide.insert(QStringLiteral("noun%1").arg(i, 3, 10, QLatin1Char('0')), 1000 - i);
    wide.insert(QStringLiteral("dog"), 950); // between noun049 (951) and noun050 (950, ranked after dog alphabetically)
    wide.insert(QStringLiteral("cat"), 920);
    const NounFrequencies many(wide);
    for (quint64 seed = 0; seed < 10; ++seed) {
      const auto edit = replaceEdit(caption, many, seed);
      QVERIFY(edit);
      for (int t = 0; t < before.size(); ++t)
        if (edit->tokens[t] != before[t])
          QVERIFY2(std::abs(many.count(edit->tokens[t]) - many.count(before[t])) <= kReplaceNeighbours, qPrintable(edit->text));
    }
    QVERIFY(!replaceEdit(caption, NounFrequencies(), 1)); // no noun to choose from
    QVERIFY(!replaceEdit(parsed(QStringLiteral("It is raining.")), nouns, 1));
  }

  void shuffleIsAPermutation() {
    const ParsedCaption caption = parsed(QStringLiteral("A man rides a horse on the beach."));
    for (quint64 seed = 0; seed < 20; ++seed) {
      const auto edit = shuffleEdit(caption, seed);
      QVERIFY(edit);
      QStringList a = edit->tokens, b = words("A man rides a horse on the beach.");
      QVERIFY(a != b);
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      QCOMPARE(a, b);
      QVERIFY(edit->text.endsWith(QLatin1Char('.')));
      QVERIFY(edit->text.front().isUpper());
    }
    QVERIFY(!shuffleEdit(parsed(QStringLiteral("Dogs.")), 1));  // one word
    QVERIFY(!shuffleEdit(parsed(QStringLiteral("dog dog")), 1)); // every order the same
    QVERIFY(shuffleEdit(parsed(QStringLiteral("Two dogs")), 1)); // redrawn until it differs
  }

  // The demo's role-swapped twins ("a red circle is above a blue square" / "a blue square is above
  // a red circle") are exactly swaps: caption k of one image with the roles exchanged is caption k
  // of its twin. Colour- and shape-swapped twins exchange words inside phrases, which swap does not.
  void swapReproducesTheDemosRoleTwins() {
    QTemporaryDir dir;
    ScenesOptions options;
    options.images = 120;
    options.imageSize = 64;
    const Dataset demo = makeScenesDemo(dir.filePath(QStringLiteral("scenes")), options);
    QFile file(dir.filePath(QStringLiteral("scenes/dataset.json")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray images = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("images")).toArray();
    QCOMPARE(images.size(), int(demo.images.size()));
    int asked = 0, edited = 0, reproduced = 0;
    for (std::size_t i = 0; i < demo.images.size(); ++i) {
      const ImageRecord &image = demo.images[i];
      if (image.distractor < 0 || images.at(int(i)).toObject().value(QStringLiteral("swap")).toString() != QLatin1String("roles")) continue;
      const ImageRecord &twin = demo.images[std::size_t(image.distractor)];
      for (std::size_t k = 0; k < image.captions.size(); ++k) {
        const CaptionRecord &caption = demo.captions[std::size_t(image.captions[k])];
        if (!caption.orderSensitive) continue;
        ++asked;
        const auto edit = swapEdit(parsed(caption.raw));
        if (!edit) continue;
        ++edited;
        if (edit->tokens == demo.captions[std::size_t(twin.captions[k])].tokens) ++reproduced;
        else qInfo("not the twin: %s -> %s", qPrintable(caption.raw), qPrintable(edit->text));
      }
    }
    qInfo("role twins: %d order-sensitive captions, %d swapped, %d reproduce the twin's caption", asked, edited, reproduced);
    QVERIFY(asked >= 10);
    QVERIFY2(reproduced * 10 >= edited * 7, "most swaps of a role twin's captions are the twin's captions");
    QVERIFY(reproduced * 2 >= asked);
  }

  // The pairs file the export writes reads back the same, as CSV and as JSON; a damaged file
  // names its line.
  void pairsFileRoundTrips() {
    ContrastResult result;
    ContrastScore swap;
    swap.kind = ContrastKind::Swap;
    swap.pairs.push_back({7, QStringLiteral("img7"), QStringLiteral("A dog chases a cat, fast."),
                          QStringLiteral("A cat chases a dog, fast."), QStringLiteral("dog <-> cat"), 1.25, -0.5});
    swap.wins = 1;
    result.scores.push_back(swap);
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("pairs.csv")), json = dir.filePath(QStringLiteral("pairs.json"));
    writeFileAtomically(csv, contrastPairsCsv(result));
    writeFileAtomically(json, QJsonDocument(contrastPairsJson(result)).toJson());
    for (const QString &path : {csv, json}) {
      const std::vector<ContrastPairRecord> read = readContrastPairs(path);
      QCOMPARE(int(read.size()), 1);
      QCOMPARE(read[0].generator, QStringLiteral("swap"));
      QCOMPARE(read[0].caption, 7);
      QCOMPARE(read[0].imageId, QStringLiteral("img7"));
      QCOMPARE(read[0].original, QStringLiteral("A dog chases a cat, fast."));
      QCOMPARE(read[0].edited, QStringLiteral("A cat chases a dog, fast."));
      QCOMPARE(read[0].originalScore, 1.25);
      QCOMPARE(read[0].editedScore, -0.5);
      QCOMPARE(read[0].outcome, QStringLiteral("win"));
    }
    QFile broken(csv);
    QVERIFY(broken.open(QIODevice::Append));
    broken.write("swap,8,img8,only three fields\n");
    broken.close();
    try {
      readContrastPairs(csv);
      QFAIL("a damaged file was read");
    } catch (const std::runtime_error &error) {
      QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral("pairs.csv:3")), error.what());
    }
  }
};

QTEST_GUILESS_MAIN(TestContrastEdits)
#include "tst_contrastedits.moc"
