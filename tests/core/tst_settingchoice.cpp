// A sweep's setting is chosen on validation figures alone: the best mean over seeds wins, test
// figures cannot change the choice, mean ranks count lower as better, settings that failed on a
// seed and rows that are not swept are not chosen, a best on the grid's edge is named, and a
// metric without validation values is refused. Sweeps may tie settings that must stay equal, and
// a random search covers every part of every range.

#include "experiments/settingchoice.h"

#include <QMap>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <stdexcept>

using namespace gs;

namespace {

RetrievalMetrics metrics(double rsum, double meanRank) {
  RetrievalMetrics m;
  m.rsum = rsum;
  m.textToImage.meanRank = meanRank;
  m.images = 100;
  m.captions = 500;
  return m;
}

// One run of `model` at `sweep` and `seed`, with its kept epoch's validation figures and its test figures.
ComparisonResult run(const QString &model, const QJsonObject &sweep, quint64 seed, double validationRsum, double testRsum,
                     double validationMeanRank = 10) {
  ComparisonResult r;
  r.row.model = model;
  r.row.sweep = sweep;
  r.row.seed = seed;
  r.row.name = model + QLatin1Char('-') + sweepFolderPart(sweep);
  r.row.label = model + QLatin1Char(' ') + sweepLabel(sweep);
  r.result.validation = metrics(validationRsum, validationMeanRank);
  r.result.test = metrics(testRsum, 20);
  return r;
}

QJsonObject margin(double value) { return {{QStringLiteral("margin"), value}}; }

// dtrnn over margins 0.2, 1, 3 (three seeds each): margin 1 leads on validation (mean 200), margin
// 3 on test; bow over two margins; and a plain cca row.
std::vector<ComparisonResult> sweep() {
  std::vector<ComparisonResult> runs;
  const double validation[3][3] = {{150, 160, 155}, {205, 195, 200}, {190, 185, 180}};
  const double test[3][3] = {{140, 150, 145}, {170, 175, 180}, {230, 240, 250}};
  const double margins[3] = {0.2, 1, 3};
  for (int m = 0; m < 3; ++m)
    for (int s = 0; s < 3; ++s) runs.push_back(run(QStringLiteral("dtrnn"), margin(margins[m]), quint64(s + 1), validation[m][s], test[m][s]));
  runs.push_back(run(QStringLiteral("bow"), margin(0.5), 1, 170, 300, 12));
  runs.push_back(run(QStringLiteral("bow"), margin(2), 1, 180, 100, 8));
  runs.push_back(run(QStringLiteral("cca"), {}, 1, 400, 400));
  return runs;
}

QString chosenName(const std::vector<ComparisonResult> &runs, const QString &model, RunMetric rankBy = RunMetric::Rsum) {
  const std::vector<SeedGroupRows> groups = seedGroupsOf(runs);
  for (const SettingChoice &choice : chooseSettings(groups, rankBy))
    if (choice.group->model == model) return choice.group->name;
  return {};
}

}  // namespace

class TestSettingChoice : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void theBestValidationMeanIsChosen() {
    const std::vector<ComparisonResult> runs = sweep();
    const std::vector<SeedGroupRows> groups = seedGroupsOf(runs);
    QCOMPARE(int(groups.size()), 6);
    const std::vector<SettingChoice> choices = chooseSettings(groups, RunMetric::Rsum);
    QCOMPARE(int(choices.size()), 2); // cca has no sweep
    QCOMPARE(choices[0].group->name, QStringLiteral("dtrnn-margin1"));
    QCOMPARE(choices[0].settings, 3);
    QCOMPARE(choices[0].validation.n, 3);
    QCOMPARE(choices[0].validation.mean, 200.0);
    QVERIFY(choices[0].edges.isEmpty());
    QCOMPARE(choices[1].group->name, QStringLiteral("bow-margin2"));
    QCOMPARE(choices[1].edges, QStringList{QStringLiteral("margin = 2, the largest tried")});
  }

  // Whatever the test split says, the choice stays: test figures are reported, never used to choose.
  void testScoresDoNotChangeTheChoice() {
    std::vector<ComparisonResult> runs = sweep();
    const QString before = chosenName(runs, QStringLiteral("dtrnn"));
    QCOMPARE(before, QStringLiteral("dtrnn-margin1"));
    for (ComparisonResult &r : runs) {
      r.result.test = metrics(r.row.sweep.value(QStringLiteral("margin")).toDouble() == 1 ? 0 : 600, 1);
      r.result.testIntervals = {};
    }
    QCOMPARE(chosenName(runs, QStringLiteral("dtrnn")), before);
    QCOMPARE(chosenName(runs, QStringLiteral("dtrnn"), RunMetric::TextToImageMeanRank), chosenName(sweep(), QStringLiteral("dtrnn"), RunMetric::TextToImageMeanRank));
    // while a change on validation does change it
    for (ComparisonResult &r : runs)
      if (r.row.model == QLatin1String("dtrnn") && r.row.sweep.value(QStringLiteral("margin")).toDouble() == 3) r.result.validation.rsum += 50;
    QCOMPARE(chosenName(runs, QStringLiteral("dtrnn")), QStringLiteral("dtrnn-margin3"));
  }

  void meanRanksCountLowerAsBetter() {
    QCOMPARE(chosenName(sweep(), QStringLiteral("bow"), RunMetric::TextToImageMeanRank), QStringLiteral("bow-margin2"));
    std::vector<ComparisonResult> runs = sweep();
    runs[9].result.validation.textToImage.meanRank = 5; // bow margin 0.5
    QCOMPARE(chosenName(runs, QStringLiteral("bow"), RunMetric::TextToImageMeanRank), QStringLiteral("bow-margin0.5"));
  }

  void failedRunsTakeNoPart() {
    std::vector<ComparisonResult> runs = sweep();
    runs.push_back(run(QStringLiteral("dtrnn"), margin(3), 4, 999, 999));
    runs.back().failure = QStringLiteral("out of memory");
    QCOMPARE(chosenName(runs, QStringLiteral("dtrnn")), QStringLiteral("dtrnn-margin1"));
    // a setting whose other seeds diverged is not chosen, however well its one good seed did
    runs.push_back(run(QStringLiteral("dtrnn"), margin(5), 1, 500, 500));
    runs.push_back(run(QStringLiteral("dtrnn"), margin(5), 2, 0, 0));
    runs.back().failure = QStringLiteral("training diverged");
    QCOMPARE(chosenName(runs, QStringLiteral("dtrnn")), QStringLiteral("dtrnn-margin1"));
    QCOMPARE(chooseSettings(seedGroupsOf(runs), RunMetric::Rsum).front().settings, 4); // tried, all the same
    // a model with one swept setting has nothing to choose from
    std::vector<ComparisonResult> one{run(QStringLiteral("bow"), margin(1), 1, 100, 100)};
    QVERIFY(chooseSettings(seedGroupsOf(one), RunMetric::Rsum).empty());
  }

  // KEY+OTHER=…: sizes a model needs equal move together, on a grid and in a random search.
  void tiedSettingsShareEachValue() {
    SweepRequest grid;
    grid.axes = {parseSweepAxis(QStringLiteral("word_dim+hidden_dim=50,100")), parseSweepAxis(QStringLiteral("margin=1,3"))};
    QCOMPARE(grid.axes[0].tiedKeys, QStringList{QStringLiteral("hidden_dim")});
    const std::vector<QJsonObject> points = sweepPoints(grid);
    QCOMPARE(int(points.size()), 4);
    for (const QJsonObject &point : points) {
      QCOMPARE(point.size(), 3);
      QCOMPARE(point.value(QStringLiteral("word_dim")), point.value(QStringLiteral("hidden_dim")));
    }
    SweepRequest random;
    random.trials = 5;
    random.axes = {parseSweepAxis(QStringLiteral("embed_dim+hidden_dim=32..256:log"))};
    for (const QJsonObject &point : sweepPoints(random)) {
      const double size = point.value(QStringLiteral("embed_dim")).toDouble();
      QCOMPARE(point.value(QStringLiteral("hidden_dim")).toDouble(), size);
      QVERIFY(size >= 32 && size <= 256 && size == std::round(size));
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseSweepAxis(QStringLiteral("margin+epochs=1,2"))); // a number and an integer
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseSweepAxis(QStringLiteral("hidden_dim+colour=1,2")));
  }

  // A random search is a Latin hypercube: each sixth of each range holds one of six trials, and
  // a list's values are used equally often.
  void randomSearchesCoverEveryRange() {
    SweepRequest search;
    search.trials = 6;
    search.axes = {parseSweepAxis(QStringLiteral("learning_rate=0.001..0.1:log")), parseSweepAxis(QStringLiteral("margin=0..6")),
                   parseSweepAxis(QStringLiteral("optimizer=adam,adagrad,sgd"))};
    const std::vector<QJsonObject> points = sweepPoints(search);
    QCOMPARE(int(points.size()), 6);
    std::vector<int> rates(6, 0), margins(6, 0);
    QMap<QString, int> optimisers;
    for (const QJsonObject &point : points) {
      const double u = std::log(point.value(QStringLiteral("learning_rate")).toDouble() / 0.001) / std::log(100.0);
      ++rates[std::size_t(std::clamp(int(u * 6), 0, 5))];
      ++margins[std::size_t(std::clamp(int(point.value(QStringLiteral("margin")).toDouble()), 0, 5))];
      ++optimisers[point.value(QStringLiteral("optimizer")).toString()];
    }
    QCOMPARE(rates, std::vector<int>(6, 1));
    QCOMPARE(margins, std::vector<int>(6, 1));
    QCOMPARE(optimisers.value(QStringLiteral("adam")), 2);
    QCOMPARE(optimisers.value(QStringLiteral("sgd")), 2);
    QCOMPARE(sweepPoints(search), points); // the same seed, the same points
  }

  void metricsWithoutValidationValuesAreRefused() {
    QVERIFY(hasValidationValue(RunMetric::Rsum));
    QVERIFY(hasValidationValue(RunMetric::ImageToTextMeanRank));
    QVERIFY(!hasValidationValue(RunMetric::TwinAccuracy));
    QVERIFY(!hasValidationValue(RunMetric::Similarity));
    const std::vector<ComparisonResult> runs = sweep();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, chooseSettings(seedGroupsOf(runs), RunMetric::TwinAccuracy));
    // a run's figures by split
    QCOMPARE(*runMetric(runs[0], RunMetric::Rsum, Split::Val), 150.0);
    QCOMPARE(*runMetric(runs[0], RunMetric::Rsum, Split::Test), 140.0);
    QVERIFY(!runMetric(ComparisonResult{}, RunMetric::Rsum, Split::Val)); // never evaluated
  }
};

QTEST_GUILESS_MAIN(TestSettingChoice)
#include "tst_settingchoice.moc"
