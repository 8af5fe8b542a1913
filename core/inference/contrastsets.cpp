#include "inference/contrastsets.h"

#include "engine/jobcontext.h"
#include "io/atomicfile.h"
#include "io/csvfield.h"
#include "io/jsonfile.h"
#include "training/runs/runfolder.h"
#include "inference/trainedmodel.h"
#include "training/trainingsource.h"

#include <QFileInfo>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

namespace gs {

namespace {

// Captions scored per embedding call: a [k, k] score block of which the diagonal is kept.
constexpr int kScoreChunk = 128;

void checkOptions(const ContrastOptions &options) {
  if (options.kinds.empty()) throw std::invalid_argument("evaluateContrast: no generator requested");
  const std::set<ContrastKind> distinct(options.kinds.begin(), options.kinds.end());
  if (distinct.size() != options.kinds.size()) throw std::invalid_argument("evaluateContrast: a generator is requested twice");
  if (options.maxExamples < 0) throw std::invalid_argument("evaluateContrast: maxExamples must be 0 (all) or more");
  if (options.resamples < 1) throw std::invalid_argument("evaluateContrast: resamples must be at least 1");
}

// The first `count` of a seeded permutation of `rows` (partial Fisher–Yates), back in row order.
std::vector<int> sample(std::vector<int> rows, int count, quint64 seed) {
  if (count <= 0 || count >= int(rows.size())) return rows;
  for (int i = 0; i < count; ++i) {
    const int j = i + int(mixSeed(seed, quint64(i)) % quint64(rows.size() - std::size_t(i)));
    std::swap(rows[std::size_t(i)], rows[std::size_t(j)]);
  }
  rows.resize(std::size_t(count));
  std::sort(rows.begin(), rows.end());
  return rows;
}

// Copies of the captions of `rows`, each with its parse (parsed through the cache where missing).
std::vector<TrainingCaption> parsedCaptions(const TrainingData &data, const std::vector<int> &rows, JobContext *job) {
  TrainingData holder;
  for (int c : rows) holder.captions.push_back(data.captions[std::size_t(c)]);
  attachParses(holder, job);
  return std::move(holder.captions);
}

// Replace's noun table: the nouns of (a seeded sample of) the training captions.
NounFrequencies trainingNouns(const TrainingData &data, quint64 seed, JobContext *job) {
  const std::vector<int> rows = sample(data.captionsIn(Split::Train), kNounSampleCaptions, mixSeed(seed, 0x6e6f756e));
  QHash<QString, int> counts;
  for (const TrainingCaption &caption : parsedCaptions(data, rows, job)) countNouns(caption.parse->expand(), counts);
  return NounFrequencies(counts);
}

// Each caption scored against its own image, kScoreChunk captions per call.
std::vector<double> ownImageScores(const TrainedModel &model, const TrainingData &data, const std::vector<TrainingCaption> &captions,
                                   JobContext *job, qint64 *done, qint64 total) {
  std::vector<double> scores;
  for (std::size_t begin = 0; begin < captions.size(); begin += kScoreChunk) {
    if (job) {
      job->checkpoint();
      job->setItemProgress(*done, total, QStringLiteral("scoring contrast pairs"));
    }
    const std::size_t end = std::min(captions.size(), begin + kScoreChunk);
    const int k = int(end - begin);
    std::vector<float> features;
    for (std::size_t c = begin; c < end; ++c) {
      const auto row = data.imageFeatures.begin() + std::ptrdiff_t(captions[c].image) * data.featureDim;
      features.insert(features.end(), row, row + data.featureDim);
    }
    const std::vector<TrainingCaption> block(captions.begin() + std::ptrdiff_t(begin), captions.begin() + std::ptrdiff_t(end));
    const std::vector<float> s = model.score(model.embedImages(features, k), k, model.embedCaptions(block), k);
    for (int i = 0; i < k; ++i) scores.push_back(double(s[std::size_t(i) * std::size_t(k) + std::size_t(i)]));
    *done += k;
  }
  return scores;
}

// One generator's edits of the asked captions; `edits` gets them as captions of the same image.
ContrastScore makeEdits(ContrastKind kind, const TrainingData &data, const std::vector<int> &rows,
                        const std::vector<TrainingCaption> &parsed, const NounFrequencies &nouns, quint64 seed,
                        std::vector<std::size_t> *from, std::vector<TrainingCaption> *edits) {
  ContrastScore score;
  score.kind = kind;
  score.asked = int(rows.size());
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const TrainingCaption &caption = parsed[k];
    const std::optional<ContrastEdit> edit = contrastEdit(kind, caption.parse->expand(), nouns, mixSeed(seed, quint64(rows[k])));
    if (!edit) {
      ++score.refused;
      continue;
    }
    ContrastPair pair;
    pair.caption = rows[k];
    pair.imageId = data.imageIds.value(caption.image);
    pair.original = caption.raw;
    pair.edited = edit->text;
    pair.change = edit->change;
    score.pairs.push_back(pair);
    from->push_back(k);
    edits->push_back({edit->text, edit->tokens, caption.image, false, nullptr, {}});
  }
  return score;
}

QString outcomeName(int outcome) {
  return outcome > 0 ? QStringLiteral("win") : outcome == 0 ? QStringLiteral("tie") : QStringLiteral("loss");
}

}  // namespace

int ContrastPair::outcome() const {
  const double scale = std::max({1.0, std::abs(originalScore), std::abs(editedScore)});
  if (std::abs(originalScore - editedScore) <= kContrastTieTolerance * scale) return 0;
  return originalScore > editedScore ? 1 : -1;
}

void scoreContrast(ContrastScore &score, int resamples, quint64 seed) {
  score.wins = score.ties = score.losses = 0;
  std::vector<double> credit; // 1 win, ½ tie, 0 loss
  for (const ContrastPair &pair : score.pairs) {
    const int outcome = pair.outcome();
    (outcome > 0 ? score.wins : outcome == 0 ? score.ties : score.losses) += 1;
    credit.push_back(outcome > 0 ? 1.0 : outcome == 0 ? 0.5 : 0.0);
  }
  const std::size_t n = credit.size();
  if (n == 0) {
    score.accuracy = score.low = score.high = -1;
    return;
  }
  score.accuracy = (score.wins + 0.5 * score.ties) / double(n);
  std::vector<double> means(std::size_t(std::max(resamples, 1)));
  for (std::size_t r = 0; r < means.size(); ++r) {
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += credit[std::size_t(mixSeed(seed, quint64(r * n + i)) % n)];
    means[r] = sum / double(n);
  }
  std::sort(means.begin(), means.end());
  const auto at = [&](double q) { return means[std::size_t(std::lround(q * double(means.size() - 1)))]; };
  // The percentile interval can miss the point estimate by rounding on tiny sets: keep lo ≤ acc ≤ hi.
  score.low = std::min(at(0.025), score.accuracy);
  score.high = std::max(at(0.975), score.accuracy);
}

ContrastResult evaluateContrast(const TrainedModel &model, const TrainingData &data, const ContrastOptions &options, JobContext *job) {
  checkOptions(options);
  ContrastResult result;
  result.split = options.split;
  const std::vector<int> rows = sample(data.captionsIn(options.split), options.maxExamples, options.seed);
  result.captions = int(rows.size());
  const std::vector<TrainingCaption> parsed = parsedCaptions(data, rows, job);
  const bool replace = std::find(options.kinds.begin(), options.kinds.end(), ContrastKind::Replace) != options.kinds.end();
  const NounFrequencies nouns = replace ? trainingNouns(data, options.seed, job) : NounFrequencies();

  std::vector<std::vector<std::size_t>> from(options.kinds.size());
  std::vector<std::vector<TrainingCaption>> edits(options.kinds.size());
  qint64 total = qint64(rows.size());
  for (std::size_t g = 0; g < options.kinds.size(); ++g) {
    if (job) job->checkpoint();
    result.scores.push_back(makeEdits(options.kinds[g], data, rows, parsed, nouns, options.seed, &from[g], &edits[g]));
    total += qint64(edits[g].size());
  }
  qint64 done = 0;
  const std::vector<double> original = ownImageScores(model, data, parsed, job, &done, total);
  for (std::size_t g = 0; g < options.kinds.size(); ++g) {
    const std::vector<double> edited = ownImageScores(model, data, edits[g], job, &done, total);
    ContrastScore &score = result.scores[g];
    for (std::size_t p = 0; p < score.pairs.size(); ++p) {
      score.pairs[p].originalScore = original[from[g][p]];
      score.pairs[p].editedScore = edited[p];
    }
    scoreContrast(score, options.resamples, mixSeed(options.seed, 0xb007 + quint64(options.kinds[g])));
    if (job)
      job->log(QStringLiteral("%1: %2 pairs, %3 refused").arg(enumName(score.kind)).arg(score.pairCount()).arg(score.refused));
  }
  return result;
}

QJsonObject ContrastScore::toJson() const {
  const auto orNull = [&](double v) { return pairCount() > 0 ? QJsonValue(v) : QJsonValue(); };
  return {{QStringLiteral("generator"), enumName(kind)}, {QStringLiteral("asked"), asked},
          {QStringLiteral("refused"), refused},          {QStringLiteral("pairs"), pairCount()},
          {QStringLiteral("wins"), wins},                {QStringLiteral("ties"), ties},
          {QStringLiteral("losses"), losses},            {QStringLiteral("accuracy"), orNull(accuracy)},
          {QStringLiteral("ci_low"), orNull(low)},       {QStringLiteral("ci_high"), orNull(high)}};
}

QJsonArray ContrastResult::toJson() const {
  QJsonArray records;
  for (const ContrastScore &score : scores) {
    QJsonObject record = score.toJson();
    record.insert(QStringLiteral("split"), splitName(split));
    record.insert(QStringLiteral("captions"), captions);
    records.append(record);
  }
  return records;
}

void recordContrast(const QString &runDir, const ContrastResult &result) {
  const QString file = RunFolder(runDir).resultFile();
  if (!QFileInfo::exists(file)) throw std::runtime_error(QStringLiteral("%1: no result yet (the run has not finished)").arg(file).toStdString());
  QJsonObject json = readJsonObjectFile(file);
  json.insert(QStringLiteral("contrast"), result.toJson());
  writeFileAtomically(file, QJsonDocument(json).toJson(QJsonDocument::Indented));
}

const ContrastScore *ContrastResult::find(ContrastKind kind) const {
  for (const ContrastScore &score : scores)
    if (score.kind == kind) return &score;
  return nullptr;
}

QJsonArray contrastPairsJson(const ContrastResult &result) {
  QJsonArray records;
  for (const ContrastScore &score : result.scores)
    for (const ContrastPair &pair : score.pairs)
      records.append(QJsonObject{{QStringLiteral("generator"), enumName(score.kind)},
                                 {QStringLiteral("caption"), pair.caption},
                                 {QStringLiteral("image"), pair.imageId},
                                 {QStringLiteral("original"), pair.original},
                                 {QStringLiteral("edited"), pair.edited},
                                 {QStringLiteral("change"), pair.change},
                                 {QStringLiteral("original_score"), pair.originalScore},
                                 {QStringLiteral("edited_score"), pair.editedScore},
                                 {QStringLiteral("outcome"), outcomeName(pair.outcome())}});
  return records;
}

QByteArray contrastPairsCsv(const ContrastResult &result) {
  QByteArray csv = "generator,caption,image,original,edited,change,original_score,edited_score,outcome\n";
  for (const ContrastScore &score : result.scores)
    for (const ContrastPair &pair : score.pairs) {
      const QList<QByteArray> fields{csvField(enumName(score.kind)),
                                     QByteArray::number(pair.caption),
                                     csvField(pair.imageId),
                                     csvField(pair.original),
                                     csvField(pair.edited),
                                     csvField(pair.change),
                                     QByteArray::number(pair.originalScore, 'g', 9),
                                     QByteArray::number(pair.editedScore, 'g', 9),
                                     csvField(outcomeName(pair.outcome()))};
      csv += fields.join(',') + '\n';
    }
  return csv;
}

}  // namespace gs
