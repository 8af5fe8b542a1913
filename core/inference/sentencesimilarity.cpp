#include "inference/sentencesimilarity.h"

#include "engine/jobcontext.h"
#include "evaluation/correlation.h"
#include "parse/parsedcaption.h"
#include "text/tokenizer.h"
#include "io/atomicfile.h"
#include "io/jsonfile.h"
#include "training/runs/runfolder.h"
#include "inference/trainedmodel.h"
#include "training/trainingsource.h"

#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonArray>

#include <cmath>
#include <limits>
#include <map>

namespace gs {

namespace {

constexpr int kChunk = 256; // sentences embedded per call: progress and cancel between chunks

SimilarityScore scoreOf(const QString &name, const std::vector<double> &predicted, const std::vector<double> &gold) {
  const CorrelationInterval r = correlationInterval(predicted, gold, CorrelationKind::Pearson);
  const CorrelationInterval rho = correlationInterval(predicted, gold, CorrelationKind::Spearman);
  return {name, int(predicted.size()), 100.0 * pearson(predicted, gold), 100.0 * spearman(predicted, gold),
          100.0 * r.low, 100.0 * r.high, 100.0 * rho.low, 100.0 * rho.high};
}

QJsonValue number(double v) { return std::isfinite(v) ? QJsonValue(v) : QJsonValue(); }

QJsonObject scoreJson(const SimilarityScore &s) {
  QJsonObject o{{QStringLiteral("pairs"), s.pairs},
                {QStringLiteral("pearson"), number(s.pearson)},
                {QStringLiteral("spearman"), number(s.spearman)},
                {QStringLiteral("pearson_low"), number(s.pearsonLow)},
                {QStringLiteral("pearson_high"), number(s.pearsonHigh)},
                {QStringLiteral("spearman_low"), number(s.spearmanLow)},
                {QStringLiteral("spearman_high"), number(s.spearmanHigh)}};
  if (!s.name.isEmpty()) o.insert(QStringLiteral("subset"), s.name);
  return o;
}

SimilarityScore scoreFromJson(const QJsonObject &o) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  return {o.value(QStringLiteral("subset")).toString(),        o.value(QStringLiteral("pairs")).toInt(),
          o.value(QStringLiteral("pearson")).toDouble(nan),      o.value(QStringLiteral("spearman")).toDouble(nan),
          o.value(QStringLiteral("pearson_low")).toDouble(nan),  o.value(QStringLiteral("pearson_high")).toDouble(nan),
          o.value(QStringLiteral("spearman_low")).toDouble(nan), o.value(QStringLiteral("spearman_high")).toDouble(nan)};
}

double cosine(const float *a, const float *b, int dim) {
  double ab = 0, aa = 0, bb = 0;
  for (int k = 0; k < dim; ++k) {
    ab += double(a[k]) * b[k];
    aa += double(a[k]) * a[k];
    bb += double(b[k]) * b[k];
  }
  return aa > 0 && bb > 0 ? ab / std::sqrt(aa * bb) : 0.0;
}

}  // namespace

QJsonObject SimilarityResult::toJson() const {
  QJsonObject o = scoreJson(all);
  o.insert(QStringLiteral("benchmark"), benchmark);
  o.insert(QStringLiteral("split"), splitName(split));
  o.insert(QStringLiteral("skipped_unknown_words"), skippedUnknown);
  o.insert(QStringLiteral("malformed_lines"), malformedLines);
  o.insert(QStringLiteral("fallback_parses"), fallbackParses);
  if (!subsets.empty()) {
    QJsonArray list;
    for (const SimilarityScore &s : subsets) list.append(scoreJson(s));
    o.insert(QStringLiteral("subsets"), list);
  }
  return o;
}

SimilarityResult SimilarityResult::fromJson(const QJsonObject &o) {
  SimilarityResult r;
  r.benchmark = o.value(QStringLiteral("benchmark")).toString();
  r.split = splitFromName(o.value(QStringLiteral("split")).toString()).value_or(Split::Test);
  r.all = scoreFromJson(o);
  r.all.name.clear();
  r.skippedUnknown = o.value(QStringLiteral("skipped_unknown_words")).toInt();
  r.malformedLines = o.value(QStringLiteral("malformed_lines")).toInt();
  r.fallbackParses = o.value(QStringLiteral("fallback_parses")).toInt();
  for (const QJsonValue &v : o.value(QStringLiteral("subsets")).toArray()) r.subsets.push_back(scoreFromJson(v.toObject()));
  return r;
}

QString SimilarityResult::summary() const {
  // " [58.0, 64.1]": the bootstrap interval, where there is one.
  const auto interval = [](double low, double high) {
    return std::isfinite(low) && std::isfinite(high) ? QStringLiteral(" [%1, %2]").arg(low, 0, 'f', 1).arg(high, 0, 'f', 1) : QString();
  };
  return QStringLiteral("%1 %2: r %3%4, ρ %5%6 (%7 pairs; %8 skipped for unknown words)")
      .arg(benchmark, splitName(split))
      .arg(all.pearson, 0, 'f', 1)
      .arg(interval(all.pearsonLow, all.pearsonHigh))
      .arg(all.spearman, 0, 'f', 1)
      .arg(interval(all.spearmanLow, all.spearmanHigh))
      .arg(all.pairs)
      .arg(skippedUnknown);
}

QString similarityKey(const QString &benchmark, Split split) {
  return split == Split::Test ? benchmark : QStringLiteral("%1/%2").arg(benchmark, splitName(split));
}

void recordSimilarity(const QString &runDir, const SimilarityResult &result) {
  const QString file = RunFolder(runDir).resultFile();
  if (!QFileInfo::exists(file)) throw std::runtime_error(QStringLiteral("%1: no result yet (the run has not finished)").arg(file).toStdString());
  QJsonObject json = readJsonObjectFile(file);
  QJsonObject similarity = json.value(QStringLiteral("similarity")).toObject();
  similarity.insert(similarityKey(result.benchmark, result.split), result.toJson());
  json.insert(QStringLiteral("similarity"), similarity);
  writeFileAtomically(file, QJsonDocument(json).toJson(QJsonDocument::Indented));
}

SimilarityResult evaluateSimilarity(const TrainedModel &model, const SentencePairs &pairs, JobContext *job) {
  SimilarityResult result;
  result.benchmark = pairs.benchmark;
  result.split = pairs.split;
  result.malformedLines = pairs.report.count(QStringLiteral("malformed line"));

  // Distinct sentences (SICK repeats many), and the pairs whose both sentences the model can read.
  QHash<QString, int> index;
  std::vector<TrainingCaption> sentences;
  std::vector<std::pair<int, int>> usable;
  std::vector<const SentencePair *> kept;
  const auto sentenceOf = [&](const QString &text) {
    auto it = index.find(text);
    if (it != index.end()) return *it;
    TrainingCaption caption;
    caption.raw = text;
    caption.tokens = tokenize(text);
    sentences.push_back(caption);
    return *index.insert(text, int(sentences.size()) - 1);
  };
  for (const SentencePair &pair : pairs.pairs) {
    const QStringList a = tokenize(pair.a), b = tokenize(pair.b);
    if (!model.readsAnyWordOf(a, pair.a) || !model.readsAnyWordOf(b, pair.b)) {
      ++result.skippedUnknown;
      continue;
    }
    usable.push_back({sentenceOf(pair.a), sentenceOf(pair.b)});
    kept.push_back(&pair);
  }
  if (usable.empty())
    throw std::runtime_error(QStringLiteral("%1: no pair the run can read (%2 pairs; %3 with a sentence of unknown words only)")
                                 .arg(pairs.benchmark)
                                 .arg(pairs.pairs.size())
                                 .arg(result.skippedUnknown)
                                 .toStdString());

  // Tree models: parsed here (through the parse cache, with progress), so the fallbacks are counted
  // and embedCaptions finds every parse attached.
  if (model.config().needsTrees()) {
    TrainingData holder;
    holder.captions = std::move(sentences);
    attachParses(holder, job);
    sentences = std::move(holder.captions);
    for (const TrainingCaption &s : sentences) result.fallbackParses += s.parse && s.parse->quality() == ParseQuality::Fallback;
  }
  std::vector<float> vectors;
  for (std::size_t start = 0; start < sentences.size(); start += kChunk) {
    if (job) {
      job->checkpoint();
      job->setItemProgress(qint64(start), qint64(sentences.size()), QStringLiteral("embedding sentences"));
    }
    const std::vector<TrainingCaption> chunk(sentences.begin() + std::ptrdiff_t(start),
                                             sentences.begin() + std::ptrdiff_t(std::min(sentences.size(), start + kChunk)));
    const std::vector<float> part = model.embedCaptions(chunk);
    vectors.insert(vectors.end(), part.begin(), part.end());
  }
  const int dim = model.dim();

  std::vector<double> predicted, gold;
  std::map<QString, std::pair<std::vector<double>, std::vector<double>>> bySubset;
  const bool yearly = pairs.benchmark.startsWith(QLatin1String("sts1"));
  for (std::size_t k = 0; k < usable.size(); ++k) {
    const double s = cosine(vectors.data() + std::size_t(usable[k].first) * dim, vectors.data() + std::size_t(usable[k].second) * dim, dim);
    predicted.push_back(s);
    gold.push_back(kept[k]->gold);
    if (yearly) {
      bySubset[kept[k]->subset].first.push_back(s);
      bySubset[kept[k]->subset].second.push_back(kept[k]->gold);
    }
  }
  result.all = scoreOf(QString(), predicted, gold);
  if (yearly) {
    // SentEval's headline for the yearly tasks: the subsets' correlations weighted by their sizes.
    double r = 0, rho = 0;
    int n = 0;
    for (const auto &[name, values] : bySubset) {
      result.subsets.push_back(scoreOf(name, values.first, values.second));
      const SimilarityScore &s = result.subsets.back();
      if (!std::isfinite(s.pearson) || !std::isfinite(s.spearman)) continue;
      r += s.pearson * s.pairs;
      rho += s.spearman * s.pairs;
      n += s.pairs;
    }
    if (n > 0) {
      const double nan = std::numeric_limits<double>::quiet_NaN();
      result.all = {QString(), result.all.pairs, r / n, rho / n, nan, nan, nan, nan};
    }
  }
  if (job) job->setItemProgress(qint64(sentences.size()), qint64(sentences.size()), QStringLiteral("done"));
  return result;
}

}  // namespace gs
