#include "experiments/runcomparison.h"

#include "engine/jobcontext.h"
#include "io/paths.h"
#include "inference/trainedmodel.h"
#include "training/modelregistry.h"
#include "training/trainer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include <cmath>
#include <map>
#include <numeric>
#include <random>

namespace gs {

namespace {

// The data sets a comparison prepares (planSources), and which of them each row trains on. The
// feature folder the request names holds one feature set, the plain one, which rows of several crops
// cannot read.
SourcePlan planData(const ComparisonRequest &request, const std::vector<TrainConfig> &configs) {
  SourcePlan plan = planSources(request.source, configs);
  for (TrainingSource &source : plan.sources)
    if (source.crops == 1) source.featuresDir = request.featuresDir;
  return plan;
}

// Where a benchmark's files are under `root`: its own folder there, or root itself.
QString benchmarkPath(const QString &root, const QString &benchmark) {
  const QString folder = benchmark == QLatin1String("sts-b")    ? QStringLiteral("sts-benchmark")
                         : benchmark == QLatin1String("sick-r") ? QStringLiteral("sick")
                                                                : benchmark;
  return QFileInfo(QDir(root).filePath(folder)).isDir() ? QDir(root).filePath(folder) : root;
}

std::vector<SentencePairs> loadBenchmarks(const ComparisonRequest &request) {
  std::vector<SentencePairs> pairSets;
  for (const QString &b : request.similarityBenchmarks)
    pairSets.push_back(loadSentencePairs(b, benchmarkPath(request.similarityData, b), Split::Test));
  return pairSets;
}

// Each benchmark on the trained run, kept in its result.json; a benchmark that fails is logged
// and left empty, the others still run.
std::vector<std::optional<SimilarityResult>> scoreSimilarity(const ComparisonResult &row, const std::vector<SentencePairs> &pairSets,
                                                             JobContext &job) {
  std::vector<std::optional<SimilarityResult>> scores;
  if (pairSets.empty()) return scores;
  const TrainedModel trained = TrainedModel::open(row.runDir);
  for (const SentencePairs &pairs : pairSets) {
    try {
      const SimilarityResult s = evaluateSimilarity(trained, pairs, &job);
      recordSimilarity(row.runDir, s);
      scores.emplace_back(s);
    } catch (const JobCancelled &) {
      throw;
    } catch (const std::exception &error) {
      job.warn(QStringLiteral("%1 on %2: %3").arg(row.row.name, pairs.benchmark, QString::fromUtf8(error.what())));
      scores.emplace_back();
    }
  }
  return scores;
}

// The request's contrast sets on the trained run; a failure is logged and left empty.
std::optional<ContrastResult> contrastOf(const ComparisonResult &row, const TrainingData &data, const ContrastOptions &options,
                                         JobContext &job) {
  try {
    ContrastResult result = evaluateContrast(TrainedModel::open(row.runDir), data, options, &job);
    for (ContrastScore &score : result.scores) score.pairs.clear();
    recordContrast(row.runDir, result);
    return result;
  } catch (const JobCancelled &) {
    throw;
  } catch (const std::exception &error) {
    job.warn(QStringLiteral("%1: contrast sets: %2").arg(row.row.name, QString::fromUtf8(error.what())));
    return std::nullopt;
  }
}

}  // namespace

namespace {

quint64 seedOf(const ComparisonRequest &request, const ComparisonRow &row) { return row.seed != 0 ? row.seed : request.seed; }

const ConfigField *fieldOf(const QString &key) {
  for (const ConfigField &field : trainConfigSchema())
    if (field.key == key) return &field;
  return nullptr;
}

// "0.5" → 0.5, "true" → true, "adam" → "adam": each value as the config's JSON holds it.
QJsonValue sweepValue(const QString &text) {
  bool number = false;
  const double value = text.toDouble(&number);
  if (number) return value;
  if (text == QLatin1String("true") || text == QLatin1String("false")) return text == QLatin1String("true");
  return text;
}

// The axis's value at `unit` ∈ [0, 1): that fraction of the way through its range (in log space
// for :log), or of its list of values.
QJsonValue valueAt(const SweepAxis &axis, double unit) {
  if (!axis.values.empty())
    return axis.values[std::min(axis.values.size() - 1, std::size_t(unit * double(axis.values.size())))];
  double value = axis.logScale ? std::exp(std::log(axis.low) + unit * (std::log(axis.high) - std::log(axis.low)))
                               : axis.low + unit * (axis.high - axis.low);
  if (axis.integer) return double(std::llround(value));
  return QString::number(value, 'g', 3).toDouble(); // three digits: a label a person can read
}

QString valueText(const QJsonValue &value) {
  if (value.isDouble()) return QString::number(value.toDouble(), 'g', 6);
  if (value.isBool()) return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
  return value.toString();
}

// A random search's points as a Latin hypercube: each axis's range is cut into `trials` equal
// strata, every stratum is used by exactly one trial (in a random order per axis), with a uniform
// draw inside it. A few trials then cover every part of every range, where independent draws may
// bunch (six draws from one seed put five sizes within a tenth of their range).
std::vector<QJsonObject> latinHypercube(const SweepRequest &sweep) {
  std::mt19937_64 random(sweep.seed);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<QJsonObject> points(std::size_t(sweep.trials));
  for (const SweepAxis &axis : sweep.axes) {
    std::vector<int> strata(std::size_t(sweep.trials));
    std::iota(strata.begin(), strata.end(), 0);
    std::shuffle(strata.begin(), strata.end(), random);
    for (int t = 0; t < sweep.trials; ++t) {
      const QJsonValue value = valueAt(axis, (strata[std::size_t(t)] + unit(random)) / sweep.trials);
      for (const QString &key : QStringList{axis.key} + axis.tiedKeys) points[std::size_t(t)].insert(key, value);
    }
  }
  return points;
}

}  // namespace

SweepAxis parseSweepAxis(const QString &text) {
  const int equals = int(text.indexOf(QLatin1Char('=')));
  const auto bad = [&](const QString &why) {
    return std::invalid_argument(QStringLiteral("'%1': %2").arg(text, why).toStdString());
  };
  if (equals <= 0) throw bad(QStringLiteral("expected KEY=V1,V2,… or KEY=LOW..HIGH"));
  SweepAxis axis;
  const QStringList keys = text.left(equals).split(QLatin1Char('+'));
  axis.key = keys.front().trimmed();
  const ConfigField *field = fieldOf(axis.key);
  for (const QString &name : keys) {
    const QString key = name.trimmed();
    const ConfigField *f = fieldOf(key);
    if (!f || key == QLatin1String("model") || key == QLatin1String("seed"))
      throw bad(QStringLiteral("'%1' is not a setting a sweep can vary").arg(key));
    if (f->kind != field->kind) throw bad(QStringLiteral("'%1' and '%2' are settings of different kinds: they cannot share values").arg(axis.key, key));
    if (key != axis.key && !axis.tiedKeys.contains(key)) axis.tiedKeys << key;
  }
  axis.integer = field->kind == QLatin1String("int");
  QString values = text.mid(equals + 1).trimmed();
  if (values.contains(QStringLiteral(".."))) {
    axis.logScale = values.endsWith(QStringLiteral(":log"));
    if (axis.logScale) values.chop(4);
    const QStringList bounds = values.split(QStringLiteral(".."));
    bool lowOk = false, highOk = false;
    axis.low = bounds.value(0).toDouble(&lowOk);
    axis.high = bounds.value(1).toDouble(&highOk);
    if (bounds.size() != 2 || !lowOk || !highOk || !(axis.low < axis.high) || (axis.logScale && axis.low <= 0))
      throw bad(QStringLiteral("a range needs two numbers LOW < HIGH (both > 0 with :log)"));
    return axis;
  }
  for (const QString &value : values.split(QLatin1Char(','), Qt::SkipEmptyParts)) axis.values.push_back(sweepValue(value.trimmed()));
  if (axis.values.empty()) throw bad(QStringLiteral("no values"));
  return axis;
}

std::vector<QJsonObject> sweepPoints(const SweepRequest &sweep) {
  if (sweep.axes.empty()) return {QJsonObject{}};
  std::vector<QJsonObject> points;
  if (sweep.trials > 0) return latinHypercube(sweep);
  points.push_back(QJsonObject{});
  for (const SweepAxis &axis : sweep.axes) {
    if (axis.values.empty())
      throw std::invalid_argument(QStringLiteral("the range of '%1' needs --trials N (random search)").arg(axis.key).toStdString());
    std::vector<QJsonObject> next;
    for (const QJsonObject &point : points)
      for (const QJsonValue &value : axis.values) {
        QJsonObject extended = point;
        for (const QString &key : QStringList{axis.key} + axis.tiedKeys) extended.insert(key, value);
        next.push_back(extended);
      }
    points = std::move(next);
  }
  return points;
}

QString sweepLabel(const QJsonObject &settings) {
  QStringList parts;
  for (auto it = settings.begin(); it != settings.end(); ++it) parts << it.key() + QLatin1Char('=') + valueText(it.value());
  return parts.join(QLatin1Char(' '));
}

QString sweepFolderPart(const QJsonObject &settings) {
  QStringList parts;
  for (auto it = settings.begin(); it != settings.end(); ++it) parts << it.key() + valueText(it.value());
  return parts.join(QLatin1Char('-'));
}

std::vector<ComparisonRow> expandRows(const std::vector<ComparisonRow> &rows, const std::vector<QJsonObject> &points,
                                      const std::vector<quint64> &seeds) {
  std::vector<ComparisonRow> expanded;
  for (const ComparisonRow &row : rows)
    for (const QJsonObject &point : points)
      for (quint64 seed : seeds) {
        ComparisonRow r = row;
        r.sweep = point;
        r.seed = seed;
        if (!point.isEmpty()) {
          r.name += QLatin1Char('-') + sweepFolderPart(point);
          r.label += QLatin1Char(' ') + sweepLabel(point);
        }
        expanded.push_back(r);
      }
  return expanded;
}

ComparisonRow modelRow(const ModelEntry &model, const ModelPreset *preset) {
  if (!preset) return {model.name, model.name, model.name, {}, {}, 0};
  return {model.name + QLatin1Char('-') + preset->name, model.name, model.name, preset->settings, {}, 0};
}

ComparisonRow ablationRow(const ModelEntry &model, const ModelPreset &preset) {
  return {model.name + QLatin1Char('-') + preset.name, preset.label, model.name, preset.settings, {}, 0};
}

QString defaultComparisonRoot(const QString &datasetPath) {
  return userCacheDir(QStringLiteral("runs/compare-%1").arg(QFileInfo(datasetPath).fileName()));
}

QString comparisonRunDir(const ComparisonRequest &request, const ComparisonRow &row, const TrainConfig &config) {
  return QDir(request.outputRoot).filePath(QStringLiteral("%1-e%2-s%3").arg(row.name).arg(config.epochs).arg(seedOf(request, row)));
}

std::vector<TrainConfig> comparisonConfigs(const ComparisonRequest &request) {
  std::vector<TrainConfig> configs;
  for (const ComparisonRow &row : request.rows) {
    QJsonObject json = row.preset;
    for (auto it = request.shared.begin(); it != request.shared.end(); ++it) json.insert(it.key(), it.value());
    for (auto it = row.sweep.begin(); it != row.sweep.end(); ++it) json.insert(it.key(), it.value());
    json.insert(QStringLiteral("model"), row.model);
    if (request.epochs > 0) json.insert(QStringLiteral("epochs"), request.epochs);
    json.insert(QStringLiteral("seed"), QString::number(seedOf(request, row))); // 64-bit: JSON numbers are doubles
    configs.push_back(TrainConfig::fromJson(json, request.sharedSource));
  }
  return configs;
}

std::vector<ComparisonResult> runComparison(const ComparisonRequest &request, JobContext &job) {
  const std::vector<TrainConfig> configs = comparisonConfigs(request);
  const SourcePlan plan = planData(request, configs);
  const std::vector<SentencePairs> pairSets = loadBenchmarks(request);
  std::map<std::size_t, TrainingData> prepared; // by index into plan.sources, when first needed
  std::vector<ComparisonResult> results;
  for (std::size_t r = 0; r < configs.size(); ++r) {
    ComparisonResult row;
    row.row = request.rows[r];
    row.runDir = comparisonRunDir(request, row.row, configs[r]);
    QElapsedTimer clock;
    clock.start();
    // A failing row keeps its reason and the others train; a cancel stops them all.
    try {
      auto data = prepared.find(plan.sourceOf[r]);
      if (data == prepared.end()) data = prepared.emplace(plan.sourceOf[r], prepareTrainingData(plan.sources[plan.sourceOf[r]], &job)).first;
      job.log(QStringLiteral("training %1 into %2").arg(row.row.label, row.runDir));
      row.result = train(data->second, configs[r], row.runDir, &job);
    } catch (const JobCancelled &) {
      throw;
    } catch (const std::exception &error) {
      row.failure = QString::fromStdString(error.what());
      job.warn(QStringLiteral("%1 failed: %2").arg(row.row.label, row.failure));
      results.push_back(row);
      continue;
    }
    row.seconds = clock.elapsed() / 1000.0;
    row.similarity = scoreSimilarity(row, pairSets, job);
    if (request.contrast) row.contrast = contrastOf(row, prepared.at(plan.sourceOf[r]), request.contrastOptions, job);
    results.push_back(row);
  }
  return results;
}

}  // namespace gs
