// The run table's core: indexing run folders (settings, metrics, state, labels), the filter
// language, per-metric values (test, best, last, min, max), seed groups with mean ± std and a
// bootstrap interval, bands over several curves, time-weighted smoothing, the one-file export read
// back, and a recorded sample ranked at an epoch with the movers between two epochs. Synthetic runs
// written as the trainer writes them; known inputs, known answers.

#include "io/enumnames.h"
#include "training/runs/epochspace.h"
#include "training/runs/runcurves.h"
#include "training/runs/runexport.h"
#include "training/runs/runfilter.h"
#include "training/runs/runindex.h"
#include "training/runs/runtablemetrics.h"
#include "training/runs/seedgroups.h"
#include "training/trainconfig.h"

#include "syntheticruns.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace gs;
using gs::test::makeRun;
using gs::test::write;

namespace {

const RunRecord &byName(const std::vector<RunRecord> &runs, const QString &name) {
  for (const RunRecord &r : runs)
    if (r.folderName == name) return r;
  qFatal("no run %s", qPrintable(name));
}

}  // namespace

class RunTableTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void indexesSettingsStateAndLabels();
  void brokenRunIsListedWithItsFile();
  void metricValuesPickTestBestLastMinMax();
  void filterLanguage_data();
  void filterLanguage();
  void malformedFilterNamesItsColumn();
  void seedGroupsSummariseWithBootstrap();
  void bandOfSeriesInterpolates();
  void timeWeightedSmoothingMatchesAndIgnoresRate();
  void exportCsvReadsBack();
  void threeHundredRunsIndexFast();
  void epochSpaceRanksAndMovers();
};

void RunTableTest::indexesSettingsStateAndLabels() {
  QTemporaryDir root;
  makeRun(root.path(), QStringLiteral("bow-s1"), QStringLiteral("bow"), 1, 1.0, {300, 350}, true);
  const QString stopped = makeRun(root.path(), QStringLiteral("bow-s2"), QStringLiteral("bow"), 2, 1.0, {310}, false);
  makeRun(root.path() + QStringLiteral("/sweep"), QStringLiteral("dtrnn-s1"), QStringLiteral("dtrnn"), 1, 0.5, {200}, true);
  writeRunLabels(stopped, {QStringLiteral("my run"), {QStringLiteral("baseline"), QStringLiteral("keep")}});

  QStringList warnings;
  const std::vector<RunRecord> runs = indexRuns({root.path(), root.path()}, &warnings);
  QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join('\n')));
  QCOMPARE(int(runs.size()), 3); // two levels deep, each once although the folder was given twice
  const RunRecord &a = byName(runs, QStringLiteral("bow-s1"));
  const RunRecord &b = byName(runs, QStringLiteral("bow-s2"));
  QCOMPARE(a.state, RunState::Finished);
  QCOMPARE(b.state, RunState::Stopped);
  QCOMPARE(b.name, QStringLiteral("my run"));
  QCOMPARE(b.tags, (QStringList{QStringLiteral("baseline"), QStringLiteral("keep")}));
  QCOMPARE(a.dataset, QStringLiteral("scenes"));
  QCOMPARE(a.seed, quint64(1));
  QCOMPARE(a.wallSeconds, 4.0);
  QCOMPARE(a.epochsDone(), 2);
  QVERIFY(a.groupKey != b.groupKey); // the epochs planned differ
  const QStringList differing = differingSettings(runs);
  QVERIFY(differing.contains(QStringLiteral("seed")));
  QVERIFY(differing.contains(QStringLiteral("margin")));
  QVERIFY(differing.contains(QStringLiteral("model")));
  QVERIFY(!differing.contains(QStringLiteral("batch_size")));
  writeRunLabels(stopped, {});
  QVERIFY(!QFileInfo::exists(stopped + QStringLiteral("/labels.json")));
}

void RunTableTest::brokenRunIsListedWithItsFile() {
  QTemporaryDir root;
  const QString dir = makeRun(root.path(), QStringLiteral("bad"), QStringLiteral("bow"), 1, 1.0, {300}, true);
  write(dir + QStringLiteral("/metrics.json"), "{\"epochs\": [");
  QStringList warnings;
  const std::vector<RunRecord> runs = indexRuns({root.path()}, &warnings);
  QCOMPARE(int(runs.size()), 1);
  QCOMPARE(runs[0].state, RunState::Broken);
  QVERIFY2(runs[0].problem.contains(QStringLiteral("metrics.json")), qPrintable(runs[0].problem));
  QCOMPARE(warnings.size(), 1);
}

void RunTableTest::metricValuesPickTestBestLastMinMax() {
  QTemporaryDir root;
  makeRun(root.path(), QStringLiteral("r"), QStringLiteral("bow"), 1, 1.0, {300, 360, 330}, true);
  const RunRecord run = indexRuns({root.path()}).front();
  QCOMPARE(*metricValue(run, RunMetric::Rsum, MetricValue::Best), 360.0);
  QCOMPARE(*metricValue(run, RunMetric::Rsum, MetricValue::Last), 330.0);
  QCOMPARE(*metricValue(run, RunMetric::Rsum, MetricValue::Min), 300.0);
  QCOMPARE(*metricValue(run, RunMetric::Rsum, MetricValue::Max), 360.0);
  QCOMPARE(*metricValue(run, RunMetric::Rsum, MetricValue::Test), 320.0);
  // Lower is better for ranks and loss: best is the lowest.
  QCOMPARE(*metricValue(run, RunMetric::TextToImageMeanRank, MetricValue::Best), 64.0);
  QCOMPARE(*metricValue(run, RunMetric::TrainLoss, MetricValue::Best), 10.0 / 3);
  QVERIFY(!metricValue(run, RunMetric::TwinAccuracy, MetricValue::Best));
  QVERIFY(!metricValue(run, RunMetric::ContrastAccuracy, MetricValue::Test));
}

void RunTableTest::filterLanguage_data() {
  QTest::addColumn<QString>("expression");
  QTest::addColumn<QStringList>("expected");
  const QString a = QStringLiteral("bow-a"), b = QStringLiteral("bow-b"), c = QStringLiteral("dtrnn-c");
  QTest::newRow("model") << "model = bow" << QStringList{a, b};
  QTest::newRow("and setting") << "model = dtrnn and margin > 1" << QStringList{c};
  QTest::newRow("or, parentheses") << "(model = dtrnn or margin < 1) and not tag = old" << QStringList{c};
  QTest::newRow("metric default best") << "rsum >= 350" << QStringList{b, c};
  QTest::newRow("last metric") << "last.rsum < 350" << QStringList{a, b};
  QTest::newRow("contains, quoted") << "name ~ \"BOW\"" << QStringList{a, b};
  QTest::newRow("state") << "state = stopped" << QStringList{b};
  QTest::newRow("tag") << "tag = old" << QStringList{a};
  QTest::newRow("not equal tag") << "tag != old" << QStringList{b, c};
  QTest::newRow("absent test metric") << "test.rsum > 0" << QStringList{a, c};
  QTest::newRow("empty") << "  " << QStringList{a, b, c};
}

void RunTableTest::filterLanguage() {
  QFETCH(QString, expression);
  QFETCH(QStringList, expected);
  QTemporaryDir root;
  const QString a = makeRun(root.path(), QStringLiteral("bow-a"), QStringLiteral("bow"), 1, 0.5, {300, 340}, true);
  makeRun(root.path(), QStringLiteral("bow-b"), QStringLiteral("bow"), 2, 1.0, {360, 320}, false);
  makeRun(root.path(), QStringLiteral("dtrnn-c"), QStringLiteral("dtrnn"), 1, 2.0, {350}, true);
  writeRunLabels(a, {{}, {QStringLiteral("old")}});
  const RunFilter filter = RunFilter::parse(expression);
  QStringList matched;
  for (const RunRecord &run : indexRuns({root.path()}))
    if (filter.matches(run)) matched << run.folderName;
  QCOMPARE(matched, expected);
}

void RunTableTest::malformedFilterNamesItsColumn() {
  const struct {
    const char *expression;
    int column;
  } cases[] = {{"model =", 8}, {"colour = red", 1}, {"(model = bow", 13}, {"model = bow and", 16}, {"rsum >> 3", 7},
               {"name = \"open", 8}};
  for (const auto &c : cases) {
    try {
      RunFilter::parse(QString::fromUtf8(c.expression));
      QFAIL(c.expression);
    } catch (const RunFilterError &error) {
      QVERIFY2(error.column() == c.column, qPrintable(QStringLiteral("%1: %2").arg(QString::fromUtf8(c.expression), QString::fromUtf8(error.what()))));
    }
  }
}

void RunTableTest::seedGroupsSummariseWithBootstrap() {
  QTemporaryDir root;
  for (int seed = 1; seed <= 3; ++seed)
    makeRun(root.path(), QStringLiteral("bow-e2-s%1").arg(seed), QStringLiteral("bow"), quint64(seed), 1.0,
            {300, 300 + 10.0 * seed}, true);
  makeRun(root.path(), QStringLiteral("bow-m2-s1"), QStringLiteral("bow"), 1, 2.0, {300, 330}, true);
  const std::vector<RunRecord> runs = indexRuns({root.path()});
  const std::vector<RunGroup> groups = groupRuns(runs);
  QCOMPARE(int(groups.size()), 2);
  QCOMPARE(groups[0].label, QStringLiteral("bow-e2"));
  QCOMPARE(int(groups[0].runs.size()), 3);
  QCOMPARE(groups[0].seeds, (std::vector<quint64>{1, 2, 3}));
  const SampleSummary s = *groupMetric(runs, groups[0], RunMetric::Rsum, MetricValue::Last);
  QCOMPARE(s.n, 3);
  QCOMPARE(s.mean, 320.0);
  QCOMPARE(s.std, 10.0);
  QVERIFY(s.ciLow >= 310 && s.ciLow < 320 && s.ciHigh > 320 && s.ciHigh <= 330);
  const SampleSummary again = summariseSamples({310, 320, 330});
  QCOMPARE(again.ciLow, s.ciLow); // seeded: the same values give the same interval
  QCOMPARE(s.text(0), QStringLiteral("320 ± 10 [%1, %2] (n=3)").arg(s.ciLow, 0, 'f', 0).arg(s.ciHigh, 0, 'f', 0));
  QVERIFY(s.varies());
  // seeds of a closed-form model give one value (to rounding): no spread
  const SampleSummary same = summariseSamples({180.7, 180.7 + 1e-13, 180.7});
  QVERIFY(!same.varies());
  QCOMPARE(same.text(), QStringLiteral("180.7 ± 0.0 [180.7, 180.7] (n=3)"));
  const BandCurve band = groupEpochBand(runs, groups[0], RunMetric::Rsum, BandKind::MinMax);
  QCOMPARE(band.x, (std::vector<double>{1, 2}));
  QCOMPARE(band.lower[1], 310.0);
  QCOMPARE(band.upper[1], 330.0);
  QCOMPARE(band.n[1], 3);
  const BandCurve loss = groupLossBand(runs, groups[0], BandKind::StdDev);
  QCOMPARE(int(loss.x.size()), 8);
  QCOMPARE(loss.lower[0], loss.upper[0]); // the three seeds logged the same losses
}

void RunTableTest::bandOfSeriesInterpolates() {
  const BandCurve band = bandOf({Series{{0, 2}, {0, 4}}, Series{{1, 3}, {10, 10}}}, BandKind::StdDev);
  QCOMPARE(band.x, (std::vector<double>{0, 1, 2, 3}));
  QCOMPARE(band.n, (std::vector<int>{1, 2, 2, 1}));
  QCOMPARE(band.mean[1], 6.0); // (2 + 10) / 2: the first series interpolated at x = 1
  QCOMPARE(band.upper[1] - band.mean[1], std::sqrt(32.0));
}

void RunTableTest::timeWeightedSmoothingMatchesAndIgnoresRate() {
  const std::vector<double> values{5, 1, 4, 2, 8, 3};
  const std::vector<double> x{1, 2, 3, 4, 5, 6};
  const std::vector<double> plain = exponentialSmoothing(values, 0.6);
  const std::vector<double> timed = timeWeightedSmoothing(x, values, 0.6);
  for (std::size_t k = 0; k < values.size(); ++k) QVERIFY(std::abs(plain[k] - timed[k]) < 1e-12);
  // A run logged at every iteration and one logged at every other, of the same linear loss: at the
  // shared iterations the smoothed values agree far better than point-weighted smoothing allows.
  std::vector<double> xDense, yDense, xSparse, ySparse;
  for (int t = 1; t <= 40; ++t) {
    xDense.push_back(t);
    yDense.push_back(100 - t);
    if (t % 2 == 0) {
      xSparse.push_back(t);
      ySparse.push_back(100 - t);
    }
  }
  const std::vector<double> dense = timeWeightedSmoothing(xDense, yDense, 0.9);
  const std::vector<double> sparse = timeWeightedSmoothing(xSparse, ySparse, 0.9);
  const std::vector<double> sparsePlain = exponentialSmoothing(ySparse, 0.9);
  const double timedGap = std::abs(dense.back() - sparse.back());
  const double plainGap = std::abs(dense.back() - sparsePlain.back());
  QVERIFY2(timedGap < plainGap / 4, qPrintable(QStringLiteral("%1 vs %2").arg(timedGap).arg(plainGap)));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, timeWeightedSmoothing({2, 1}, {1, 1}, 0.5));
}

void RunTableTest::exportCsvReadsBack() {
  QTemporaryDir root;
  makeRun(root.path(), QStringLiteral("bow, \"quoted\""), QStringLiteral("bow"), 1, 1.0, {300, 350}, true);
  const std::vector<RunRecord> runs = indexRuns({root.path()});
  const QByteArray csv = runsToCsv(runs, {});
  const QList<QByteArray> lines = csv.split('\n');
  QCOMPARE(lines.first().trimmed(), QByteArray("run,name,model,dataset,group,seed,kind,key,x,value,smoothed"));
  QVERIFY(csv.contains("\"bow, \"\"quoted\"\"\""));
  QVERIFY(csv.contains(",setting,margin,,1,"));
  QVERIFY(csv.contains(",metric,best.rsum,,350,"));
  QVERIFY(csv.contains(",curve,loss,8,1.25,"));
  QVERIFY(csv.contains(",curve,val.rsum,2,350,"));
  const QJsonObject json = QJsonDocument::fromJson(runsToJson(runs, {})).object();
  const QJsonObject run = json.value(QStringLiteral("runs")).toArray().at(0).toObject();
  QCOMPARE(run.value(QStringLiteral("metrics")).toObject().value(QStringLiteral("last")).toObject().value(QStringLiteral("rsum")).toDouble(), 350.0);
  QCOMPARE(run.value(QStringLiteral("curves")).toObject().value(QStringLiteral("loss")).toObject().value(QStringLiteral("x")).toArray().size(), 8);
  QVERIFY(!runsToCsv(runs, {false, 0.6}).contains(",curve,"));
}

void RunTableTest::threeHundredRunsIndexFast() {
  QTemporaryDir root;
  for (int r = 0; r < 300; ++r)
    makeRun(root.path(), QStringLiteral("run-%1").arg(r, 3, 10, QLatin1Char('0')), r % 2 ? QStringLiteral("bow") : QStringLiteral("dtrnn"),
            quint64(r % 5 + 1), 0.5 * (r % 3 + 1), {300.0 + r % 7, 310.0}, r % 4 != 0);
  QElapsedTimer clock;
  clock.start();
  const std::vector<RunRecord> runs = indexRuns({root.path()});
  const qint64 ms = clock.elapsed();
  QCOMPARE(int(runs.size()), 300);
  qInfo("indexed 300 runs in %lld ms", ms);
  QVERIFY2(ms < 1000, qPrintable(QStringLiteral("indexing 300 runs took %1 ms").arg(ms))); // tens of ms when idle
  // Groups by model × margin × finished (which changes the epochs planned); every unfinished run
  // (r % 4 == 0) is a dtrnn run: 3 bow groups and 6 dtrnn groups.
  QCOMPARE(int(groupRuns(runs).size()), 9);
}

void RunTableTest::epochSpaceRanksAndMovers() {
  TrajectorySample sample;
  sample.imageIds = {QStringLiteral("a"), QStringLiteral("b")};
  sample.captions = {QStringLiteral("A dog."), QStringLiteral("a cat"), QStringLiteral("a bird")};
  sample.captionImage = {0, 1, 1};
  sample.dim = 2;
  // Epoch 1: image a points at captions 1 and 2, b at 0 (wrong). Epoch 2: right.
  const std::vector<float> early{0, 1, 1, 0, /*captions*/ 1, 0, 0, 1, 0, 0.9f};
  const std::vector<float> late{1, 0, 0, 1, /*captions*/ 1, 0, 0, 1, 0, 0.9f};
  const EpochSpace a(sample, early, ScoreKind::InnerProduct, 1), b(sample, late, ScoreKind::InnerProduct, 2);
  const auto ranked = a.rankCaptions(0);
  QCOMPARE(ranked[0].row, 1);
  QCOMPARE(ranked[1].row, 2);
  QCOMPARE(b.rankImages(0)[0].row, 0);
  QCOMPARE(a.captionRowOf(QStringLiteral("a DOG")), 0);
  QCOMPARE(a.captionRowOf(QStringLiteral("a horse")), -1);
  const std::vector<Mover> movers = neighbourhoodMovers(a, b, 1);
  QCOMPARE(int(movers.size()), 5);
  QCOMPARE(movers[0].change, 1.0);
  QVERIFY(movers.back().change <= movers.front().change);
  const auto image0 = std::find_if(movers.begin(), movers.end(), [](const Mover &m) { return m.isImage && m.row == 0; });
  QCOMPARE(image0->partnerRankA, 3); // its caption "A dog." scored below both others at epoch 1
  QCOMPARE(image0->partnerRankB, 1);
  TrajectorySample other = sample;
  other.captions[2] = QStringLiteral("a fish");
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           neighbourhoodMovers(a, EpochSpace(other, late, ScoreKind::InnerProduct, 2), 1));
}

QTEST_GUILESS_MAIN(RunTableTest)
#include "tst_runtable.moc"
