#include "inference/goldgrounding.h"

#include "data/boxes.h"
#include "engine/jobcontext.h"
#include "evaluation/entitiesgold.h"
#include "evaluation/grounding.h"
#include "text/tokenizer.h"
#include "vision/features.h"

#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <stdexcept>

namespace gs {

namespace {

// The caption's text: from `captions` by id when given, else the image's K-th caption in the data.
QString captionText(const TrainingData &data, int image, const GoldPhraseBox &gold, const CaptionTexts &captions, const QString &goldPath) {
  if (!captions.empty()) {
    const auto found = captions.find(gold.captionId);
    if (found != captions.end()) return found->second;
  } else {
    int k = 0;
    for (const TrainingCaption &c : data.captions)
      if (c.image == image && k++ == gold.captionIndex) return c.raw;
  }
  throw std::runtime_error(QStringLiteral("%1:%2: no caption %3 %4")
                               .arg(goldPath).arg(gold.line).arg(gold.captionId,
                                    captions.empty() ? QStringLiteral("among the image's captions in the run's data") : QStringLiteral("in the caption file"))
                               .toStdString());
}

// Scores one gold phrase against the run's phrases of its caption.
GoldGroundingRow scoreRow(const GoldPhraseBox &gold, const QString &caption, const std::vector<GroundedPhrase> &phrases,
                          const std::vector<ImageRegion> &regions, const QString &goldPath) {
  GoldGroundingRow row;
  row.gold = gold;
  row.caption = caption;
  row.phrase = goldPhraseText(gold, caption, goldPath);
  for (const ImageRegion &r : regions) {
    ++row.candidates;
    row.rightCandidates += intersectionOverUnion(r.box, gold.box) >= kGroundingIoU;
  }
  const int from = int(tokenize(caption.left(gold.from)).size()), to = int(tokenize(caption.left(gold.to)).size());
  const int match = to > from ? matchGoldPhrase(phrases, from, to) : -1;
  if (match < 0) return row;
  const GroundedPhrase &p = phrases[std::size_t(match)];
  row.matched = true;
  row.matchedText = p.text;
  row.matchedBegin = p.begin;
  row.matchedEnd = p.end;
  if (p.regions.empty()) return row;
  row.region = p.regions.front().region;
  row.chosen = p.regions.front().box;
  row.iou = intersectionOverUnion(row.chosen, gold.box);
  row.correct = row.iou >= kGroundingIoU;
  return row;
}

// Data row of each image by its file name without extension: the gold set names images that way,
// datasets by an id that may carry a folder and the extension ("images/X.jpg").
QHash<QString, int> rowsByStem(const TrainingData &data) {
  QHash<QString, int> rows;
  for (int i = 0; i < data.imageCount(); ++i) rows.insert(imageStem(data.imageIds[i]), i);
  return rows;
}

// The gold phrase of `row` with its image's regions and their features, for the baselines.
BaselinePhrase baselinePhraseOf(const TrainingData &data, const GoldGroundingRow &row) {
  BaselinePhrase phrase;
  phrase.gold = row.gold.box;
  phrase.headNoun = headNounOf(row.phrase);
  phrase.wholeImageIsCandidate = data.wholeImageCandidate;
  for (int r = data.regionOffsets[std::size_t(row.image)]; r < data.regionOffsets[std::size_t(row.image) + 1]; ++r) {
    phrase.regions.push_back(data.regionBoxes[std::size_t(r)]);
    phrase.features.push_back(data.regionFeatures.data() + std::size_t(r) * std::size_t(data.featureDim));
  }
  return phrase;
}

// The same from a feature set's row (GoldGroundingRow::image is then the set's row).
BaselinePhrase baselinePhraseOf(const FeatureSet &features, const GoldGroundingRow &row, bool wholeImageCandidate) {
  BaselinePhrase phrase;
  phrase.gold = row.gold.box;
  phrase.headNoun = headNounOf(row.phrase);
  phrase.wholeImageIsCandidate = wholeImageCandidate;
  for (const RegionFeature &region : features.regionsOf(row.image)) {
    phrase.regions.push_back(region.box);
    phrase.features.push_back(region.feature);
  }
  return phrase;
}

// The baselines on the scored rows (each with its BaselinePhrase), the label prior's choice of each
// row, and per-type accuracy.
void compareWithBaselines(GoldGrounding &result, const std::vector<BaselinePhrase> &phrases, const LabelPrior *prior) {
  for (std::size_t k = 0; k < result.rows.size(); ++k) {
    GoldGroundingRow &row = result.rows[k];
    if (!prior) continue;
    row.priorRegion = labelPriorChoice(phrases[k], *prior, &row.priorCovered);
    if (row.priorRegion >= 0) row.priorBox = phrases[k].regions[std::size_t(row.priorRegion)];
  }
  result.baselines = scoreBaselines(phrases, prior);
  std::map<QString, std::vector<double>> hitsByType;
  for (const GoldGroundingRow &row : result.rows)
    for (const QString &type : row.gold.types) hitsByType[type].push_back(row.correct ? 1.0 : 0.0);
  for (const auto &[type, hits] : hitsByType) {
    result.accuracyByType[type] = bootstrapProportion(hits);
    result.phrasesByType[type] = int(hits.size());
  }
}

// Counts the gold phrase's image (once), and its image as missing when the data lacks it, or the
// phrase as not visual; true when the phrase is to be scored.
bool countGoldPhrase(GoldGrounding &result, QSet<QString> &seen, QSet<QString> &missing, const GoldPhraseBox &g, bool imagePresent) {
  if (!seen.contains(g.imageId)) {
    seen.insert(g.imageId);
    ++result.goldImages;
  }
  if (!imagePresent) {
    if (!missing.contains(g.imageId)) result.missingImages << g.imageId;
    missing.insert(g.imageId);
    return false;
  }
  if (!g.visible) {
    ++result.notVisual;
    return false;
  }
  return true;
}

void summarise(GoldGrounding &result) {
  double hits = 0, hitsMatched = 0, reachable = 0, chance = 0;
  for (const GoldGroundingRow &row : result.rows) {
    hits += row.correct;
    result.matched += row.matched;
    hitsMatched += row.matched && row.correct;
    reachable += row.rightCandidates > 0;
    chance += row.candidates > 0 ? double(row.rightCandidates) / row.candidates : 0.0;
  }
  result.phrases = int(result.rows.size());
  if (result.phrases == 0) return;
  std::vector<double> correct;
  for (const GoldGroundingRow &row : result.rows) correct.push_back(row.correct ? 1.0 : 0.0);
  result.accuracyInterval = bootstrapProportion(correct);
  result.accuracy = 100.0 * hits / result.phrases;
  result.ceiling = 100.0 * reachable / result.phrases;
  result.chance = 100.0 * chance / result.phrases;
  if (result.matched > 0) result.accuracyMatched = 100.0 * hitsMatched / result.matched;
}

}  // namespace

GoldSource readGoldSource(const QString &spec, const QStringList &imageStems) {
  GoldSource source;
  const QLatin1String entities("entities:");
  if (spec.startsWith(entities)) {
    source.path = spec.mid(entities.size());
    EntitiesGold read = readEntitiesGold(source.path, imageStems);
    source.phrases = std::move(read.phrases);
    source.captions = std::move(read.captions);
    source.typed = true;
    return source;
  }
  source.path = spec;
  source.phrases = readPhraseBoxGold(spec);
  return source;
}

QString headNounOf(const QString &phrase) { return headNounOfWords(tokenize(phrase)); }

int matchGoldPhrase(const std::vector<GroundedPhrase> &phrases, int from, int to) {
  int best = -1;
  double bestOverlap = 0;
  for (std::size_t k = 0; k < phrases.size(); ++k) {
    const GroundedPhrase &p = phrases[k];
    if (p.begin > to - 1 || p.end <= to - 1) continue; // must hold the head word
    const int shared = std::min(p.end, to) - std::max(p.begin, from);
    const int joined = std::max(p.end, to) - std::min(p.begin, from);
    const double overlap = double(shared) / joined;
    if (overlap > bestOverlap) {
      bestOverlap = overlap;
      best = int(k);
    }
  }
  return best;
}

GoldGrounding groundGold(const RegionGrounder &grounder, const std::vector<GoldPhraseBox> &gold, const QString &goldPath,
                         const CaptionTexts &captions, JobContext *job, const LabelPrior *prior) {
  GoldGrounding result;
  const TrainingData &data = grounder.data();
  const QHash<QString, int> rowOf = rowsByStem(data);
  QSet<QString> seen, missing;
  QString groundedId;
  std::vector<GroundedPhrase> phrases;
  std::vector<ImageRegion> regions;
  for (std::size_t k = 0; k < gold.size(); ++k) {
    const GoldPhraseBox &g = gold[k];
    if (job) {
      job->checkpoint();
      job->setItemProgress(int(k), int(gold.size()), QStringLiteral("grounding the gold phrases"));
    }
    const int image = rowOf.value(g.imageId, -1);
    if (!countGoldPhrase(result, seen, missing, g, image >= 0)) continue;
    const QString caption = captionText(data, image, g, captions, goldPath);
    if (g.captionId != groundedId) {
      phrases = grounder.ground(data.imageIds[image], caption);
      regions = grounder.regionsOf(data.imageIds[image]);
      groundedId = g.captionId;
      result.phrasesOfCaption[groundedId] = phrases;
    }
    result.rows.push_back(scoreRow(g, caption, phrases, regions, goldPath));
    result.rows.back().image = image;
  }
  result.images = result.goldImages - int(result.missingImages.size());
  summarise(result);
  std::vector<BaselinePhrase> baselinePhrases;
  for (const GoldGroundingRow &row : result.rows) baselinePhrases.push_back(baselinePhraseOf(data, row));
  compareWithBaselines(result, baselinePhrases, prior);
  return result;
}

GoldGrounding groundGoldWithoutModel(const Dataset &dataset, const FeatureSet &features, const GoldSource &gold,
                                     bool wholeImageCandidate, const LabelPrior *prior, JobContext *job) {
  GoldGrounding result;
  QHash<QString, int> imageOf;
  for (int i = 0; i < int(dataset.images.size()); ++i) imageOf.insert(imageStem(dataset.images[std::size_t(i)].path), i);
  QSet<QString> seen, missing;
  std::vector<BaselinePhrase> phrases;
  for (std::size_t k = 0; k < gold.phrases.size(); ++k) {
    const GoldPhraseBox &g = gold.phrases[k];
    if (job) {
      job->checkpoint();
      job->setItemProgress(int(k), int(gold.phrases.size()), QStringLiteral("scoring the baselines"));
    }
    const int image = imageOf.value(g.imageId, -1);
    const int row = image < 0 ? -1 : features.rowOf(dataset.images[std::size_t(image)].id);
    if (!countGoldPhrase(result, seen, missing, g, row >= 0)) continue;
    QString caption;
    if (!gold.captions.empty()) {
      const auto found = gold.captions.find(g.captionId);
      if (found != gold.captions.end()) caption = found->second;
    } else if (g.captionIndex < int(dataset.images[std::size_t(image)].captions.size())) {
      caption = dataset.captions[std::size_t(dataset.images[std::size_t(image)].captions[std::size_t(g.captionIndex)])].raw;
    }
    if (caption.isEmpty())
      throw std::runtime_error(QStringLiteral("%1:%2: no caption %3 in the dataset").arg(gold.path).arg(g.line).arg(g.captionId).toStdString());
    GoldGroundingRow scored;
    scored.gold = g;
    scored.image = row;
    scored.caption = caption;
    scored.phrase = goldPhraseText(g, caption, gold.path);
    phrases.push_back(baselinePhraseOf(features, scored, wholeImageCandidate));
    for (int r = wholeImageCandidate ? 0 : 1; r < int(phrases.back().regions.size()); ++r) {
      ++scored.candidates;
      scored.rightCandidates += intersectionOverUnion(phrases.back().regions[std::size_t(r)], g.box) >= kGroundingIoU;
    }
    result.rows.push_back(scored);
  }
  result.images = result.goldImages - int(result.missingImages.size());
  summarise(result);
  compareWithBaselines(result, phrases, prior);
  return result;
}

std::vector<GroundedPhrase> withGoldTruth(std::vector<GroundedPhrase> phrases, const std::vector<GoldGroundingRow> &rows) {
  for (GroundedPhrase &p : phrases) {
    for (const GoldGroundingRow &row : rows) {
      if (!row.matched || row.caption != p.caption || row.matchedBegin != p.begin || row.matchedEnd != p.end) continue;
      p.hasTruth = true;
      p.truth = row.gold.box;
      p.hasPrior = row.priorRegion >= 0 && row.priorCovered; // an uncovered noun's whole image is a fallback, not a choice
      p.prior = row.priorBox;
      for (RankedRegion &r : p.regions) r.iou = intersectionOverUnion(r.box, p.truth);
      break;
    }
  }
  return phrases;
}

QJsonObject GoldGrounding::toJson() const {
  QJsonArray phraseRows;
  for (const GoldGroundingRow &row : rows) {
    const Box &b = row.gold.box, &c = row.chosen;
    QJsonObject json{{QStringLiteral("caption_id"), row.gold.captionId},
                     {QStringLiteral("phrase"), row.phrase},
                     {QStringLiteral("gold_box"), QJsonArray{b.x, b.y, b.width, b.height}},
                     {QStringLiteral("matched"), row.matched},
                     {QStringLiteral("right_candidates"), row.rightCandidates},
                     {QStringLiteral("candidates"), row.candidates}};
    if (row.matched) json.insert(QStringLiteral("run_phrase"), row.matchedText);
    if (row.priorRegion >= 0) {
      json.insert(QStringLiteral("prior_region"), row.priorRegion);
      json.insert(QStringLiteral("prior_box"), QJsonArray{row.priorBox.x, row.priorBox.y, row.priorBox.width, row.priorBox.height});
      json.insert(QStringLiteral("prior_covered"), row.priorCovered);
    }
    if (!row.gold.types.isEmpty()) json.insert(QStringLiteral("types"), QJsonArray::fromStringList(row.gold.types));
    if (row.region >= 0) {
      json.insert(QStringLiteral("region"), row.region);
      json.insert(QStringLiteral("box"), QJsonArray{c.x, c.y, c.width, c.height});
      json.insert(QStringLiteral("iou"), row.iou);
      json.insert(QStringLiteral("correct"), row.correct);
    }
    phraseRows.append(json);
  }
  QJsonObject typesJson;
  for (const auto &[type, interval] : accuracyByType)
    typesJson.insert(type, QJsonObject{{QStringLiteral("phrases"), phrasesByType.at(type)},
                                       {QStringLiteral("accuracy"), interval.percent},
                                       {QStringLiteral("low"), interval.low},
                                       {QStringLiteral("high"), interval.high}});
  return {{QStringLiteral("gold_images"), goldImages},
          {QStringLiteral("images"), images},
          {QStringLiteral("missing_images"), QJsonArray::fromStringList(missingImages)},
          {QStringLiteral("phrases"), phrases},
          {QStringLiteral("not_visual"), notVisual},
          {QStringLiteral("matched"), matched},
          {QStringLiteral("accuracy"), accuracy},
          {QStringLiteral("accuracy_matched"), accuracyMatched},
          {QStringLiteral("ceiling"), ceiling},
          {QStringLiteral("chance"), chance},
          {QStringLiteral("accuracy_interval"), QJsonArray{accuracyInterval.low, accuracyInterval.high}},
          {QStringLiteral("baselines"), baselines.toJson()},
          {QStringLiteral("by_type"), typesJson},
          {QStringLiteral("rows"), phraseRows}};
}

}  // namespace gs
