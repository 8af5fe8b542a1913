#include "inference/groundingbaselines.h"

#include "data/boxes.h"
#include "evaluation/grounding.h"
#include "evaluation/quantile.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace gs {

template <> const std::vector<EnumName<GroundingBaseline>> &enumTable<GroundingBaseline>() {
  static const std::vector<EnumName<GroundingBaseline>> table = {
      {GroundingBaseline::Chance, QStringLiteral("chance")},           {GroundingBaseline::WholeImage, QStringLiteral("whole-image")},
      {GroundingBaseline::Largest, QStringLiteral("largest")},         {GroundingBaseline::MostCentral, QStringLiteral("most-central")},
      {GroundingBaseline::LabelPrior, QStringLiteral("label-prior")}, {GroundingBaseline::Ceiling, QStringLiteral("ceiling")}};
  return table;
}

namespace {

// The candidates of a phrase: every region but the whole image, and the whole image too when it
// competes.
std::vector<int> candidatesOf(const BaselinePhrase &p) {
  std::vector<int> candidates;
  for (int r = p.wholeImageIsCandidate ? 0 : 1; r < int(p.regions.size()); ++r) candidates.push_back(r);
  return candidates;
}

bool hit(const BaselinePhrase &p, int region) {
  return region >= 0 && region < int(p.regions.size()) && intersectionOverUnion(p.regions[std::size_t(region)], p.gold) >= kGroundingIoU;
}

int largestRegion(const BaselinePhrase &p) {
  int best = -1;
  for (int r = 1; r < int(p.regions.size()); ++r)
    if (best < 0 || p.regions[std::size_t(r)].width * p.regions[std::size_t(r)].height >
                        p.regions[std::size_t(best)].width * p.regions[std::size_t(best)].height)
      best = r;
  return best;
}

// The region whose centre lies nearest the image's centre (the larger one on a tie).
int mostCentralRegion(const BaselinePhrase &p) {
  if (p.regions.empty()) return -1;
  const Box &whole = p.regions.front();
  const double cx = whole.x + whole.width / 2, cy = whole.y + whole.height / 2;
  int best = -1;
  double bestDistance = std::numeric_limits<double>::max();
  for (int r = 1; r < int(p.regions.size()); ++r) {
    const Box &b = p.regions[std::size_t(r)];
    const double distance = std::hypot(b.x + b.width / 2 - cx, b.y + b.height / 2 - cy);
    if (distance < bestDistance - 1e-9 ||
        (std::abs(distance - bestDistance) <= 1e-9 && b.width * b.height > p.regions[std::size_t(best)].width * p.regions[std::size_t(best)].height)) {
      best = r;
      bestDistance = distance;
    }
  }
  return best;
}

// One phrase's contribution to each baseline's accuracy (0…1; chance is fractional).
double outcome(GroundingBaseline baseline, const BaselinePhrase &p, const LabelPrior *prior) {
  const std::vector<int> candidates = candidatesOf(p);
  switch (baseline) {
  case GroundingBaseline::Chance: {
    if (candidates.empty()) return 0;
    double right = 0;
    for (int r : candidates) right += hit(p, r);
    return right / double(candidates.size());
  }
  case GroundingBaseline::WholeImage: return hit(p, 0);
  case GroundingBaseline::Largest: return hit(p, largestRegion(p));
  case GroundingBaseline::MostCentral: return hit(p, mostCentralRegion(p));
  case GroundingBaseline::LabelPrior: return prior ? hit(p, labelPriorChoice(p, *prior)) : 0.0;
  case GroundingBaseline::Ceiling:
    return std::any_of(candidates.begin(), candidates.end(), [&](int r) { return hit(p, r); });
  }
  return 0;
}

}  // namespace

std::vector<double> labelPriorScores(const BaselinePhrase &phrase, const LabelPrior &prior) {
  const std::vector<int> classes = prior.coverage->classesOf(phrase.headNoun);
  if (classes.empty() || phrase.features.size() != phrase.regions.size()) return {};
  std::vector<double> scores;
  for (const float *feature : phrase.features) scores.push_back(prior.massOn(feature, classes));
  return scores;
}

int labelPriorChoice(const BaselinePhrase &phrase, const LabelPrior &prior, bool *covered) {
  const std::vector<double> scores = labelPriorScores(phrase, prior);
  if (covered) *covered = !scores.empty();
  if (scores.empty()) return phrase.regions.empty() ? -1 : 0;
  int best = -1;
  for (int r : candidatesOf(phrase))
    if (best < 0 || scores[std::size_t(r)] > scores[std::size_t(best)]) best = r;
  return best;
}

ProportionInterval bootstrapProportion(const std::vector<double> &hits) {
  ProportionInterval interval;
  if (hits.empty()) return interval;
  double total = 0;
  for (double h : hits) total += h;
  interval.percent = 100.0 * total / double(hits.size());
  constexpr int kResamples = 2000;
  std::mt19937 random(20140101u);
  std::uniform_int_distribution<std::size_t> pick(0, hits.size() - 1);
  std::vector<double> means;
  means.reserve(kResamples);
  for (int s = 0; s < kResamples; ++s) {
    double sum = 0;
    for (std::size_t k = 0; k < hits.size(); ++k) sum += hits[pick(random)];
    means.push_back(100.0 * sum / double(hits.size()));
  }
  std::sort(means.begin(), means.end());
  interval.low = quantileOfSorted(means, 0.025);
  interval.high = quantileOfSorted(means, 0.975);
  return interval;
}

double GroundingBaselines::accuracyOf(GroundingBaseline baseline) const {
  for (const BaselineRow &row : rows)
    if (row.baseline == baseline) return row.accuracy.percent;
  return std::numeric_limits<double>::quiet_NaN();
}

QJsonObject GroundingBaselines::toJson() const {
  QJsonObject json{{QStringLiteral("phrases"), phrases}};
  for (const BaselineRow &row : rows)
    json.insert(enumName(row.baseline), QJsonObject{{QStringLiteral("accuracy"), row.accuracy.percent},
                                                    {QStringLiteral("low"), row.accuracy.low},
                                                    {QStringLiteral("high"), row.accuracy.high}});
  if (accuracyOf(GroundingBaseline::LabelPrior) == accuracyOf(GroundingBaseline::LabelPrior)) {
    json.insert(QStringLiteral("label_prior_covered"), covered);
    json.insert(QStringLiteral("uncovered_nouns"), QJsonArray::fromStringList(uncoveredNouns));
  }
  return json;
}

GroundingBaselines scoreBaselines(const std::vector<BaselinePhrase> &phrases, const LabelPrior *prior) {
  GroundingBaselines result;
  result.phrases = int(phrases.size());
  for (const auto &entry : enumTable<GroundingBaseline>()) {
    if (entry.value == GroundingBaseline::LabelPrior && !prior) continue;
    std::vector<double> hits;
    for (const BaselinePhrase &p : phrases) hits.push_back(outcome(entry.value, p, prior));
    result.rows.push_back({entry.value, bootstrapProportion(hits)});
  }
  if (!prior) return result;
  QStringList headNouns;
  for (const BaselinePhrase &p : phrases) headNouns << p.headNoun;
  const NounCoverage coverage = nounCoverage(*prior->coverage, headNouns, 12);
  result.covered = coverage.covered;
  result.uncoveredNouns = coverage.uncovered;
  return result;
}

}  // namespace gs
