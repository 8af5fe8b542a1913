// A dual encoder made elsewhere, brought in with its two towers and its tokenizer (WordPiece, and
// CLIP-style BPE): it retrieves by colour on the Scenes demo, typed sentences go through its text
// tower, occlusion explains its words and its image grid, contrast sets score it, and broken towers
// are refused with a message naming the file.

#include "analysis/jointspace.h"
#include "data/loaddataset.h"
#include "data/scenes/scenesdemo.h"
#include "dualencoder.h"
#include "inference/attribution.h"
#include "inference/contrastsets.h"
#include "inference/sentencesimilarity.h"
#include "inference/trainedmodel.h"
#include "modeltestthreads.h"
#include "text/tokenizer.h"
#include "training/importedspace.h"
#include "training/runs/runfolder.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace gs;

namespace {

constexpr int kImages = 200;

QString messageOf(const std::function<void()> &run) {
  try {
    run();
  } catch (const std::exception &e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

}  // namespace

class TestImportedEncoders : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  QString m_dataset;
  QHash<int, QString> m_runs; // by TokenizerKind
  QHash<int, test::DualEncoderFiles> m_towers;

  ImportSpaceRequest request(const test::DualEncoderFiles &towers, const QString &out) const {
    ImportSpaceRequest r;
    r.datasetPath = m_dataset;
    r.imageEncoder = towers.imageEncoder;
    r.textEncoder = towers.textEncoder;
    r.tokenizer = towers.tokenizer;
    r.similarity = SimilarityKind::Cosine;
    r.outDir = m_dir.filePath(out);
    return r;
  }

private Q_SLOTS:
  void initTestCase() {
    test::fixModelTestThreads();
    QVERIFY(m_dir.isValid());
    ScenesOptions scenes;
    scenes.images = kImages;
    scenes.imageSize = 64;
    m_dataset = m_dir.filePath(QStringLiteral("scenes"));
    makeScenesDemo(m_dataset, scenes);
    for (const TokenizerKind kind : {TokenizerKind::WordPiece, TokenizerKind::ClipBpe}) {
      const QString name = enumName(kind);
      QVERIFY(QDir(m_dir.path()).mkpath(name));
      m_towers[int(kind)] = test::writeDualEncoder(QDir(m_dir.filePath(name)), kind);
      m_runs[int(kind)] = m_dir.filePath(name + QStringLiteral("-run"));
      importSpace(request(m_towers[int(kind)], name + QStringLiteral("-run")));
    }
  }

  // Colour alone finds a caption's image well above chance, through either tokenizer. (They differ
  // a little: byte-level BPE spells a word the vocabulary lacks in pieces, and a word ending in a
  // colour's pieces, such as "coloured", then carries that colour; WordPiece makes it [UNK].)
  void retrievesByColour_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("wordpiece") << int(TokenizerKind::WordPiece);
    QTest::newRow("clip-bpe") << int(TokenizerKind::ClipBpe);
  }
  void retrievesByColour() {
    QFETCH(int, kind);
    const TrainResult result = RunFolder(m_runs[kind]).result();
    const double chance = (result.test.images + 1) / 2.0;
    qInfo("%s: test text→image mean rank %.2f (chance %.1f), R@1 %.1f, image→text R@1 %.1f", qPrintable(enumName(TokenizerKind(kind))),
          result.test.textToImage.meanRank, chance, result.test.textToImage.r1, result.test.imageToText.r1);
    QVERIFY(result.test.textToImage.meanRank < 0.6 * chance);
    QVERIFY(result.test.imageToText.r1 > 100.0 / result.test.images * 2); // twice chance at least
  }

  // A typed sentence goes through the text tower; a dataset caption comes from the table the import
  // wrote with the same tower, so both give the same scores.
  void typedSentencesGoThroughTheTextTower() {
    const auto space = JointSpace::open(m_runs[int(TokenizerKind::ClipBpe)]);
    const QString own = space->captions().front();
    const auto fromTable = space->rankImagesForSentence(own);
    const auto fromTower = space->rankImagesForSentence(own + QStringLiteral("  ")); // not in the table
    QCOMPARE(fromTower.size(), fromTable.size());
    for (std::size_t k = 0; k < fromTable.size(); ++k) {
      QCOMPARE(fromTower[k].row, fromTable[k].row);
      QVERIFY(std::abs(fromTower[k].score - fromTable[k].score) < 1e-6f);
    }
    const auto red = space->rankImagesForSentence(QStringLiteral("something red"));
    QVERIFY(red.front().score > 0.9f); // a red object's chroma points where "red" does
  }

  // Occlusion of words: a colour word carries the score, a word the tower gives no vector carries none.
  void occlusionExplainsWordsAndTheImage() {
    const std::string run = m_runs[int(TokenizerKind::WordPiece)].toStdString();
    const TrainedModel model = TrainedModel::open(QString::fromStdString(run));
    auto data = std::make_shared<const TrainingData>(model.prepareData());
    const ScoreExplainer explainer(QString::fromStdString(run), data, Split::Test);
    QVERIFY(!explainer.hasGradients());
    const int image = data->imagesIn(Split::Test).front();
    const SentenceAttribution words = explainer.explainSentence(image, QStringLiteral("a red circle"), AttributionMethod::Occlusion);
    QCOMPARE(words.parts.size(), std::size_t(3));
    QCOMPARE(words.parts[2].text, QStringLiteral("circle"));
    QCOMPARE(words.parts[2].contribution, 0.0);
    QVERIFY(std::abs(words.parts[1].contribution) > 0.01);
    QVERIFY(std::isnan(words.parts[1].occludedScore) || words.parts[1].occludedCaption == QStringLiteral("a circle"));

    const Dataset dataset = loadDataset(m_dataset);
    const ImageAttribution grid = explainer.explainGrid(image, QStringLiteral("a red circle"), dataset, 4, 4);
    QCOMPARE(grid.areas.size(), std::size_t(16));
    double moved = 0;
    for (const AttributedArea &area : grid.areas) moved = std::max(moved, std::abs(area.contribution));
    QVERIFY(moved > 1e-4); // greying a cell changes the image tower's colour
  }

  // Contrast sets: the text tower sums word vectors, so an edit with the same words in another order ties.
  void contrastSetsScoreIt() {
    const TrainedModel model = TrainedModel::open(m_runs[int(TokenizerKind::WordPiece)]);
    const TrainingData data = model.prepareData();
    ContrastOptions options;
    const ContrastResult result = evaluateContrast(model, data, options);
    QVERIFY(!result.scores.empty());
    int swaps = 0;
    const auto bag = [](const QString &text) {
      QStringList words = tokenize(text);
      words.sort();
      return words;
    };
    for (const ContrastScore &score : result.scores)
      for (const ContrastPair &pair : score.pairs)
        if (bag(pair.original) == bag(pair.edited)) {
          ++swaps;
          QVERIFY2(std::abs(pair.originalScore - pair.editedScore) < 1e-5, qPrintable(pair.original + QStringLiteral(" / ") + pair.edited));
        }
    QVERIFY(swaps > 0);
  }

  // Sentence similarity (STS-style pairs, as `similarity` reads STS-B and SICK-R) through the text
  // tower: pairs that share a colour are judged alike, pairs of other colours less so.
  void sentenceSimilarityReadsThroughTheTower() {
    const TrainedModel model = TrainedModel::open(m_runs[int(TokenizerKind::ClipBpe)]);
    SentencePairs pairs;
    pairs.benchmark = QStringLiteral("hand-made");
    const auto add = [&](const char *a, const char *b, double gold) {
      pairs.pairs.push_back({QString::fromUtf8(a), QString::fromUtf8(b), gold, {}, QStringLiteral("here:%1").arg(pairs.pairs.size() + 1)});
    };
    add("a red circle", "a red square", 5);
    add("a red circle", "two red stars", 4.5);
    add("a blue square", "a blue ring", 5);
    add("a blue square", "a yellow ring", 1);
    add("a green star", "an orange cross", 0.5);
    add("a purple diamond", "a red diamond", 2.5);
    add("a yellow circle", "a green circle", 1.5);
    const SimilarityResult result = evaluateSimilarity(model, pairs);
    qInfo("%s", qPrintable(result.summary()));
    QCOMPARE(result.all.pairs, 7);
    QVERIFY(result.all.spearman > 80);
  }

  void brokenTowersAreNamed() {
    const test::DualEncoderFiles towers = m_towers[int(TokenizerKind::WordPiece)];
    // a truncated module file
    QFile whole(towers.textEncoder);
    QVERIFY(whole.open(QIODevice::ReadOnly));
    const QByteArray bytes = whole.readAll();
    // writes a damaged module under the test folder and returns its path
    const auto writeModule = [&](const QString &name, const QByteArray &content) {
      const QString path = m_dir.filePath(name);
      QFile file(path);
      if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size()) return QString();
      return path;
    };
    const QString truncated = writeModule(QStringLiteral("truncated.pt"), bytes.left(bytes.size() / 2));
    QVERIFY(!truncated.isEmpty());
    ImportSpaceRequest r = request(towers, QStringLiteral("broken"));
    r.textEncoder = truncated;
    QString message = messageOf([&] { importSpace(r); });
    QVERIFY2(message.startsWith(truncated) && message.contains(QStringLiteral("damaged or truncated")), qPrintable(message));
    QVERIFY(!QFileInfo::exists(r.outDir));
    // one byte changed in the module's pickle (LibTorch's own loader would parse it, and may crash)
    QByteArray flipped = bytes;
    const qsizetype code = flipped.indexOf("TextTower"); // first in data.pkl, a stored entry
    QVERIFY(code > 0);
    flipped[code + 5] = char(flipped[code + 5] ^ 0x04);
    r.textEncoder = writeModule(QStringLiteral("flipped.pt"), flipped);
    QVERIFY(!r.textEncoder.isEmpty());
    message = messageOf([&] { importSpace(r); });
    QVERIFY2(message.startsWith(r.textEncoder) && message.contains(QStringLiteral("damaged")), qPrintable(message));
    // a deflated entry whose directory entry claims 4 GB (LibTorch's loader would allocate that much)
    QByteArray oversized = bytes;
    bool claimed = false;
    for (qsizetype at = oversized.indexOf("PK\x01\x02"); at >= 0 && !claimed; at = oversized.indexOf("PK\x01\x02", at + 4))
      if (oversized[at + 10] == 8) { // compression method: deflate
        for (int k = 0; k < 4; ++k) oversized[at + 24 + k] = char(k == 3 ? 0xF0 : 0x00);
        claimed = true;
      }
    QVERIFY(claimed);
    r.textEncoder = writeModule(QStringLiteral("oversized.pt"), oversized);
    QVERIFY(!r.textEncoder.isEmpty());
    message = messageOf([&] { importSpace(r); });
    QVERIFY2(message.startsWith(r.textEncoder) && message.contains(QStringLiteral("its directory entry says 4026531840")), qPrintable(message));
    // a file that is no archive at all
    r.textEncoder = m_dir.filePath(QStringLiteral("vocab-as-module.pt"));
    QVERIFY(QFile::copy(towers.tokenizer.vocabularyFile, r.textEncoder));
    message = messageOf([&] { importSpace(r); });
    QVERIFY2(message.contains(QStringLiteral("not a ZIP archive")), qPrintable(message));

    // forward with one input, and forward returning one number per caption
    const auto save = [&](const QString &name, const std::string &source) {
      const QString path = m_dir.filePath(name);
      test::writeScriptModule(path, source);
      return path;
    };
    r.textEncoder = save(QStringLiteral("one-input.pt"), "def forward(self, ids):\n    return ids.float()\n");
    message = messageOf([&] { importSpace(r); });
    QVERIFY2(message.contains(QStringLiteral("one-input.pt")) && message.contains(QStringLiteral("takes 1 inputs")), qPrintable(message));
    r.textEncoder = save(QStringLiteral("flat.pt"), "def forward(self, ids, mask):\n    return mask.sum(1).float()\n");
    message = messageOf([&] { importSpace(r); });
    QVERIFY2(message.contains(QStringLiteral("flat.pt")) && message.contains(QStringLiteral("returned shape [1]")), qPrintable(message));
    // a text tower of another dimension than the image tower
    r.textEncoder = save(QStringLiteral("wide.pt"), "def forward(self, ids, mask):\n    return mask[:, :4].float()\n");
    message = messageOf([&] { importSpace(r); });
    QVERIFY2(message.contains(QStringLiteral("wide.pt 4-d")), qPrintable(message));
    // a malformed vocabulary
    r.textEncoder = towers.textEncoder;
    r.tokenizer.vocabularyFile = m_dir.filePath(QStringLiteral("empty-vocab.txt"));
    QFile empty(r.tokenizer.vocabularyFile);
    QVERIFY(empty.open(QIODevice::WriteOnly));
    empty.close();
    message = messageOf([&] { importSpace(r); });
    QVERIFY2(message.startsWith(r.tokenizer.vocabularyFile), qPrintable(message));
  }
};

QTEST_GUILESS_MAIN(TestImportedEncoders)
#include "tst_importedencoders.moc"
