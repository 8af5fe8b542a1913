// A joint space made elsewhere, brought in with importSpace: a trained run's own vectors imported
// again score as the run (to rounding, every query ranked alike but where rounding decides a tie),
// analyze gives the run's figures to 1e-6, and each kind of bad input is refused with a message
// naming its file.

#include "analysis/jointspace.h"
#include "analysis/runanalysis.h"
#include "data/loaddataset.h"
#include "evaluation/retrieval.h"
#include "data/scenes/scenesdemo.h"
#include "demofeatures.h"
#include "inference/trainedmodel.h"
#include "io/atomicfile.h"
#include "io/npy.h"
#include "modeltestthreads.h"
#include "training/importedspace.h"
#include "training/modelregistry.h"
#include "training/runs/runfolder.h"
#include "training/runs/runindex.h"
#include "training/runs/runtrajectory.h"
#include "training/trainer.h"
#include "training/trainingsource.h"

#include <QDir>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

using namespace gs;

namespace {

constexpr int kImages = 40;

// Every number of `a` equals `b`'s to `tolerance`, strings and shapes exactly; `skip` keys are not compared.
bool sameJson(const QJsonValue &a, const QJsonValue &b, const QString &path, QString *where, const QStringList &skip = {}) {
  if (a.type() != b.type()) return *where = path + QStringLiteral(": types differ"), false;
  if (a.isDouble()) {
    const double x = a.toDouble(), y = b.toDouble();
    if (std::abs(x - y) <= 1e-6 * std::max(1.0, std::abs(x))) return true;
    return *where = QStringLiteral("%1: %2 against %3").arg(path).arg(x, 0, 'g', 10).arg(y, 0, 'g', 10), false;
  }
  if (a.isArray()) {
    const QJsonArray x = a.toArray(), y = b.toArray();
    if (x.size() != y.size()) return *where = path + QStringLiteral(": lengths differ"), false;
    for (int k = 0; k < x.size(); ++k)
      if (!sameJson(x[k], y[k], QStringLiteral("%1[%2]").arg(path).arg(k), where, skip)) return false;
    return true;
  }
  if (a.isObject()) {
    const QJsonObject x = a.toObject(), y = b.toObject();
    if (x.keys() != y.keys()) return *where = path + QStringLiteral(": keys differ"), false;
    for (const QString &key : x.keys())
      if (!skip.contains(key) && !sameJson(x[key], y[key], path + QLatin1Char('.') + key, where, skip)) return false;
    return true;
  }
  if (a != b) return *where = path + QStringLiteral(": values differ"), false;
  return true;
}

// A space's scores on one split: images × captions, and the row of each caption's image.
struct SplitScores {
  std::vector<float> scores;
  int images = 0, captions = 0;
  std::vector<int> captionImage;
  float at(int image, int caption) const { return scores[std::size_t(image) * std::size_t(captions) + std::size_t(caption)]; }
};

SplitScores splitScores(const TrainedModel &model, Split split) {
  const TrainingData data = model.prepareData();
  SplitScores out;
  std::vector<int> local(std::size_t(data.imageCount()), -1);
  std::vector<float> features;
  for (int row : data.imagesIn(split)) {
    local[std::size_t(row)] = out.images++;
    const float *first = data.imageFeatures.data() + std::size_t(row) * std::size_t(data.featureDim);
    features.insert(features.end(), first, first + data.featureDim);
  }
  std::vector<TrainingCaption> captions;
  for (int c : data.captionsIn(split)) {
    captions.push_back(data.captions[std::size_t(c)]);
    out.captionImage.push_back(local[std::size_t(data.captions[std::size_t(c)].image)]);
  }
  out.captions = int(captions.size());
  out.scores = model.score(model.embedImages(features, out.images), out.images, model.embedCaptions(captions), out.captions);
  return out;
}

// Two computations of one space's scores (a batch of every caption, or a split's) round apart by
// a few units in the last place; this is far above that and far below any real difference.
constexpr float kRounding = 1e-5f;

// One query of `x`: its candidates' scores and the indices of its truths (an image's own captions,
// or a caption's image).
struct Query {
  std::vector<float> scores;
  std::vector<int> truths;
};

std::vector<Query> queriesOf(const SplitScores &x) {
  std::vector<Query> queries(std::size_t(x.images + x.captions));
  for (int i = 0; i < x.images; ++i)
    for (int c = 0; c < x.captions; ++c) queries[std::size_t(i)].scores.push_back(x.at(i, c));
  for (int c = 0; c < x.captions; ++c) {
    queries[std::size_t(x.captionImage[std::size_t(c)])].truths.push_back(c);
    Query &q = queries[std::size_t(x.images + c)];
    for (int i = 0; i < x.images; ++i) q.scores.push_back(x.at(i, c));
    q.truths.push_back(x.captionImage[std::size_t(c)]);
  }
  return queries;
}

// The 0-based rank of the query's best truth by the one tie rule, as evaluateRetrieval counts it,
// and how many other candidates score within kRounding of that truth (ties rounding may decide).
std::pair<int, int> rankAndTies(const Query &q) {
  int best = q.truths.front();
  for (int t : q.truths)
    if (ranksAbove(q.scores[std::size_t(t)], t, q.scores[std::size_t(best)], best)) best = t;
  int above = 0, ties = 0;
  for (int k = 0; k < int(q.scores.size()); ++k) {
    above += ranksAbove(q.scores[std::size_t(k)], k, q.scores[std::size_t(best)], best);
    ties += k != best && std::abs(q.scores[std::size_t(k)] - q.scores[std::size_t(best)]) <= kRounding;
  }
  return {above, ties};
}

// `a` and `b` score alike to rounding, and every query's rank is the same in both except where
// candidates tie with its truth to rounding (a bag of words scores two captions with the same
// words alike; which comes first is then the last bit's choice).
bool sameRanksButTies(const SplitScores &a, const SplitScores &b, QString *where) {
  if (a.images != b.images || a.captions != b.captions || a.captionImage != b.captionImage)
    return *where = QStringLiteral("the splits differ"), false;
  for (std::size_t k = 0; k < a.scores.size(); ++k)
    if (!(std::abs(a.scores[k] - b.scores[k]) <= kRounding))
      return *where = QStringLiteral("score %1: %2 against %3").arg(k).arg(a.scores[k]).arg(b.scores[k]), false;
  const std::vector<Query> qa = queriesOf(a), qb = queriesOf(b);
  for (std::size_t q = 0; q < qa.size(); ++q) {
    const auto [rankA, tiesA] = rankAndTies(qa[q]);
    const auto [rankB, tiesB] = rankAndTies(qb[q]);
    if (std::abs(rankA - rankB) > std::max(tiesA, tiesB))
      return *where = QStringLiteral("query %1: rank %2 against %3 with %4 ties").arg(q).arg(rankA).arg(rankB).arg(std::max(tiesA, tiesB)), false;
  }
  return true;
}

struct Exported {
  QString images, imageIds, captions, captionIds;
};

// What `embed --split all` writes: every image and caption of the run's data in the joint space.
Exported exportRun(const QString &runDir, const QString &folder) {
  const TrainedModel model = TrainedModel::open(runDir);
  const TrainingData data = model.prepareData();
  const std::vector<float> v = model.embedImages(data.imageFeatures.toVector(), data.imageCount());
  const std::vector<float> y = model.embedCaptions(data.captions);
  const QDir dir(folder);
  QDir().mkpath(folder);
  Exported files{dir.filePath(QStringLiteral("images.npy")), dir.filePath(QStringLiteral("images.txt")),
                 dir.filePath(QStringLiteral("captions.npy")), dir.filePath(QStringLiteral("captions.tsv"))};
  writeNpy(files.images, v.data(), data.imageCount(), model.dim());
  writeNpy(files.captions, y.data(), std::int64_t(data.captions.size()), model.dim());
  QByteArray ids, captions = "image\tcaption\n";
  for (const QString &id : data.imageIds) ids += id.toUtf8() + '\n';
  for (const TrainingCaption &c : data.captions) captions += (data.imageIds[c.image] + QLatin1Char('\t') + c.raw).toUtf8() + '\n';
  writeFileAtomically(files.imageIds, ids);
  writeFileAtomically(files.captionIds, captions);
  return files;
}

}  // namespace

class TestImportedSpace : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  QString m_dataset, m_run;
  Exported m_exported;

  ImportSpaceRequest request(const QString &out) const {
    ImportSpaceRequest r;
    r.datasetPath = m_dataset;
    r.imagesFile = m_exported.images;
    r.captionsFile = m_exported.captions;
    r.imageIdsFile = m_exported.imageIds;
    r.captionIdsFile = m_exported.captionIds;
    r.similarity = SimilarityKind::Cosine;
    r.outDir = m_dir.filePath(out);
    return r;
  }

  // The message importSpace refuses `r` with ("" when it does not).
  static QString refusal(const ImportSpaceRequest &r) {
    try {
      importSpace(r);
    } catch (const std::exception &e) {
      return QString::fromUtf8(e.what());
    }
    return {};
  }

  static QByteArray readAll(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
  }

  QString writeText(const QString &name, const QByteArray &text) const {
    const QString path = m_dir.filePath(name);
    writeFileAtomically(path, text);
    return path;
  }

private Q_SLOTS:
  // A cosine bag-of-words run on the demo with fixed features, and its vectors as embed writes them.
  void initTestCase() {
    test::fixModelTestThreads();
    QVERIFY(m_dir.isValid());
    ScenesOptions scenes;
    scenes.images = kImages;
    scenes.imageSize = 64;
    m_dataset = m_dir.filePath(QStringLiteral("scenes"));
    makeScenesDemo(m_dataset, scenes);
    TrainingSource source;
    source.datasetPath = m_dataset;
    source.backbone = QStringLiteral("npy:") + test::writeDemoFeatures(m_dir, kImages);
    TrainConfig config = TrainConfig::defaultsFor(QStringLiteral("bow"));
    config.similarity = SimilarityKind::Cosine;
    config.epochs = 2;
    m_run = m_dir.filePath(QStringLiteral("bow"));
    train(prepareTrainingData(source), config, m_run);
    m_exported = exportRun(m_run, m_dir.filePath(QStringLiteral("embedded")));
  }

  // The import records what its space scores, and that is the run's ranking: the same scores to
  // rounding, each query's rank the same but where rounding decides a tie.
  void theImportedRunScoresAsTheRun() {
    ImportSpaceRequest r = request(QStringLiteral("imported"));
    r.name = QStringLiteral("bow again");
    const TrainResult imported = importSpace(r);
    QCOMPARE(imported.test.images, kImages / 10);
    const TrainedModel reopened = TrainedModel::open(r.outDir);
    QCOMPARE(reopened.config().modelName(), modelEntry(ModelKind::Imported).name);
    const TrainedModel::EvaluatedSplit recorded = reopened.evaluateWithIntervals(reopened.prepareData(), Split::Test);
    QString where;
    QVERIFY2(sameJson(imported.test.toJson(), recorded.metrics.toJson(), QStringLiteral("test"), &where), qPrintable(where));
    QVERIFY2(sameJson(imported.testIntervals.toJson(), recorded.intervals.toJson(), QStringLiteral("intervals"), &where), qPrintable(where));

    const TrainedModel run = TrainedModel::open(m_run);
    for (const Split split : {Split::Val, Split::Test})
      QVERIFY2(sameRanksButTies(splitScores(reopened, split), splitScores(run, split), &where),
               qPrintable(splitName(split) + QStringLiteral(": ") + where));
    QCOMPARE(readRunLabels(r.outDir).name, QStringLiteral("bow again"));
    RunRecord record;
    QVERIFY(readRunRecord(r.outDir, record));
    QVERIFY2(record.problem.isEmpty(), qPrintable(record.problem));
  }

  void analyzeGivesTheRunsFigures() {
    const ImportSpaceRequest r = request(QStringLiteral("analyzed"));
    importSpace(r);
    const QJsonObject imported = analyzeRun(r.outDir).toJson();
    const QJsonObject original = analyzeRun(m_run).toJson();
    QString where;
    QVERIFY2(sameJson(imported, original, QStringLiteral("analysis"), &where, {QStringLiteral("run"), QStringLiteral("gap_by_epoch")}),
             qPrintable(where));
  }

  // The space ranks its own captions; a sentence it has no vector for is refused by name.
  void aSpaceWithoutTextEncoderRanksItsOwnCaptionsOnly() {
    const ImportSpaceRequest r = request(QStringLiteral("queried"));
    importSpace(r);
    const auto space = JointSpace::open(r.outDir);
    const QString own = space->captions().front();
    QCOMPARE(space->rankImagesForSentence(own).size(), std::size_t(space->imageCount()));
    try {
      space->rankImagesForSentence(QStringLiteral("a sentence nobody embedded"));
      QFAIL("an unknown sentence was embedded");
    } catch (const std::invalid_argument &e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("no text encoder")), e.what());
    }
  }

  // Epochs of the training that made the space: the trajectory the Map replays, with the sample a
  // trained run records (the same images and captions), each epoch's rows found through the main
  // files' alignment.
  void epochsReplayOnTheMap() {
    const QDir epochs(m_dir.filePath(QStringLiteral("epochs")));
    QVERIFY(epochs.mkpath(QStringLiteral("epoch-0")) && epochs.mkpath(QStringLiteral("epoch-5")));
    for (const QString &side : {QStringLiteral("images"), QStringLiteral("captions")}) {
      const NpyMatrix m = NpyMatrix::open(side == QStringLiteral("images") ? m_exported.images : m_exported.captions);
      std::vector<float> doubled(m.data(), m.data() + m.rows() * m.cols());
      for (float &v : doubled) v *= 2;
      writeNpy(epochs.filePath(QStringLiteral("epoch-0/") + side + QStringLiteral(".npy")), doubled.data(), m.rows(), m.cols());
      writeNpy(epochs.filePath(QStringLiteral("epoch-5/") + side + QStringLiteral(".npy")), m.data(), m.rows(), m.cols());
    }
    ImportSpaceRequest r = request(QStringLiteral("replayed"));
    r.epochsFolder = epochs.path();
    importSpace(r);
    QVERIFY(RunTrajectory::exists(r.outDir));
    const RunTrajectory imported = RunTrajectory::open(r.outDir), trained = RunTrajectory::open(m_run);
    QCOMPARE(imported.epochs(), (std::vector<int>{0, 5}));
    QCOMPARE(imported.sample().imageIds, trained.sample().imageIds);
    QCOMPARE(imported.sample().captions, trained.sample().captions);
    QCOMPARE(imported.sample().captionImage, trained.sample().captionImage);
    const std::vector<float> first = imported.embeddings(0), last = imported.embeddings(5);
    for (std::size_t k = 0; k < last.size(); ++k) QVERIFY(std::abs(first[k] - 2 * last[k]) <= 2e-3f * std::max(1.f, std::abs(first[k])));
    // The first sample image's row is its row of the exported file (float16 in the trajectory).
    const NpyMatrix images = NpyMatrix::open(m_exported.images);
    const int row = QString::fromUtf8(readAll(m_exported.imageIds)).split(QLatin1Char('\n')).indexOf(imported.sample().imageIds.front());
    QVERIFY(row >= 0);
    for (int d = 0; d < imported.sample().dim; ++d) QVERIFY(std::abs(last[std::size_t(d)] - images.row(row)[d]) <= 1e-3f * std::max(1.f, std::abs(images.row(row)[d])));
    // Epochs need vectors to replay towards.
    r.outDir = m_dir.filePath(QStringLiteral("replayed-bad"));
    r.epochsFolder = m_dir.filePath(QStringLiteral("nowhere"));
    QVERIFY(refusal(r).contains(QStringLiteral("nowhere: no such folder")));
  }

  void alignedByOrder() {
    ImportSpaceRequest r = request(QStringLiteral("ordered"));
    r.imageIdsFile.clear();
    r.captionIdsFile.clear();
    const TrainResult imported = importSpace(r); // embed's rows follow the dataset's order
    QString where;
    QVERIFY2(sameJson(imported.test.toJson(), RunFolder(m_run).result().test.toJson(), QStringLiteral("test"), &where), qPrintable(where));
    r.outDir = m_dir.filePath(QStringLiteral("ordered-test"));
    r.split = Split::Test;
    QVERIFY(refusal(r).contains(QStringLiteral("images of the test split")));
  }

  void badInputNamesTheFile() {
    ImportSpaceRequest r = request(QStringLiteral("bad"));
    // ids the dataset lacks, and one given twice
    const QByteArray ids = readAll(m_exported.imageIds);
    QByteArray unknown = ids;
    unknown.replace("scene_00003", "nowhere_7");
    r.imageIdsFile = writeText(QStringLiteral("unknown.txt"), unknown);
    QString message = refusal(r);
    QVERIFY2(message.contains(QStringLiteral("unknown.txt:4:")) && message.contains(QStringLiteral("nowhere_7")), qPrintable(message));
    QByteArray twice = ids;
    twice.replace("scene_00003", "scene_00002");
    r.imageIdsFile = writeText(QStringLiteral("twice.txt"), twice);
    message = refusal(r);
    QVERIFY2(message.contains(QStringLiteral("twice.txt:4:")) && message.contains(QStringLiteral("first on line 3")), qPrintable(message));
    // rows that do not match the ids
    r.imageIdsFile = writeText(QStringLiteral("short.txt"), ids.left(ids.lastIndexOf('\n', ids.size() - 2) + 1));
    QVERIFY(refusal(r).contains(QStringLiteral("short.txt: 39 ids for the 40 rows")));
    r.imageIdsFile = m_exported.imageIds;

    // NaN or infinite values, with the row
    NpyMatrix images = NpyMatrix::open(m_exported.images);
    const std::vector<float> clean(images.data(), images.data() + images.rows() * images.cols());
    std::vector<float> values = clean;
    values[std::size_t(5 * images.cols() + 1)] = std::numeric_limits<float>::infinity();
    r.imagesFile = m_dir.filePath(QStringLiteral("infinite.npy"));
    writeNpy(r.imagesFile, values.data(), images.rows(), images.cols());
    message = refusal(r);
    QVERIFY2(message.contains(QStringLiteral("infinite.npy: row 5")), qPrintable(message));

    // dimensions that differ
    r.imagesFile = m_dir.filePath(QStringLiteral("narrow.npy"));
    writeNpy(r.imagesFile, clean.data(), images.rows(), images.cols() - 1);
    message = refusal(r);
    QVERIFY2(message.contains(QStringLiteral("narrow.npy")) && message.contains(QStringLiteral("one dimension")), qPrintable(message));

    // a ragged TSV line, and a value that is not a number
    r.imagesFile = writeText(QStringLiteral("ragged.tsv"), "1\t2\t3\n4\t5\n");
    QVERIFY(refusal(r).contains(QStringLiteral("ragged.tsv:2: 2 values")));
    r.imagesFile = writeText(QStringLiteral("word.tsv"), "1\t2\n4\tfive\n");
    QVERIFY(refusal(r).contains(QStringLiteral("word.tsv:2: value 2")));
    r.imagesFile = m_exported.images;

    // a caption the dataset lacks, and captions of imported images left without a vector
    r.captionIdsFile = writeText(QStringLiteral("captions.tsv"), "image\tcaption\nscene_00000\tnot a caption of it\n");
    QVERIFY(refusal(r).contains(QStringLiteral("captions.tsv: 1 captions for the")));
    QList<QByteArray> lines = readAll(m_exported.captionIds).split('\n');
    QList<QByteArray> wrong = lines;
    wrong[2] = "scene_00000\tnot a caption of it";
    r.captionIdsFile = writeText(QStringLiteral("wrong.tsv"), wrong.join('\n'));
    message = refusal(r);
    QVERIFY2(message.contains(QStringLiteral("wrong.tsv:3: image 'scene_00000' has no caption 'not a caption of it'")), qPrintable(message));
    // Leave out a caption whose text no other caption has (row k of the matrix is line k + 1).
    int unique = -1;
    for (int line = 1; line < lines.size() && unique < 0; ++line) {
      const QByteArray text = lines[line].mid(lines[line].indexOf('\t') + 1);
      int count = 0;
      for (const QByteArray &other : lines) count += other.mid(other.indexOf('\t') + 1) == text;
      if (count == 1 && !text.isEmpty()) unique = line;
    }
    QVERIFY(unique > 0);
    const NpyMatrix captions = NpyMatrix::open(m_exported.captions);
    std::vector<float> kept(captions.data(), captions.data() + captions.rows() * captions.cols());
    kept.erase(kept.begin() + std::ptrdiff_t(unique - 1) * captions.cols(), kept.begin() + std::ptrdiff_t(unique) * captions.cols());
    r.captionsFile = m_dir.filePath(QStringLiteral("fewer.npy"));
    writeNpy(r.captionsFile, kept.data(), captions.rows() - 1, captions.cols());
    lines.removeAt(unique);
    r.captionIdsFile = writeText(QStringLiteral("fewer.tsv"), lines.join('\n'));
    message = refusal(r);
    QVERIFY2(message.contains(QStringLiteral("fewer.npy: 1 captions of the imported images have no vector")), qPrintable(message));

    // a folder that already holds something
    r = request(QStringLiteral("bad"));
    r.outDir = m_run;
    QVERIFY(refusal(r).contains(QStringLiteral("not empty")));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("bad/config.json"))));
  }

  // An imported space is not trained: train() refuses its model by name.
  void importedIsNotTrained() {
    QVERIFY(!modelNames().contains(modelEntry(ModelKind::Imported).name));
    QVERIFY(findModel(QStringLiteral("imported")));
    TrainConfig config = TrainConfig::defaultsFor(ModelKind::Imported);
    TrainingSource source = RunFolder(m_run).source();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, train(prepareTrainingData(source), config, m_dir.filePath(QStringLiteral("never"))));
  }
};

QTEST_GUILESS_MAIN(TestImportedSpace)
#include "tst_importedspace.moc"
