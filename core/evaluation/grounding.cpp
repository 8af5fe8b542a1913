#include "evaluation/grounding.h"

#include "data/boxes.h"

#include <algorithm>

namespace gs {

QJsonObject CorrespondenceStats::toJson() const {
  QJsonObject json{{QStringLiteral("step"), step},
                   {QStringLiteral("epoch"), epoch},
                   {QStringLiteral("phrases"), phrases},
                   {QStringLiteral("with_ground_truth"), withGroundTruth},
                   {QStringLiteral("mean_confidence"), meanConfidence}};
  if (hasGroundTruth()) {
    json.insert(QStringLiteral("accuracy"), accuracy);
    json.insert(QStringLiteral("ceiling"), ceiling);
    json.insert(QStringLiteral("chance"), chance);
  }
  return json;
}

CorrespondenceStats CorrespondenceStats::fromJson(const QJsonObject &json) {
  CorrespondenceStats s;
  s.step = json.value(QStringLiteral("step")).toInt();
  s.epoch = json.value(QStringLiteral("epoch")).toInt();
  s.phrases = json.value(QStringLiteral("phrases")).toInt();
  s.withGroundTruth = json.value(QStringLiteral("with_ground_truth")).toInt();
  s.meanConfidence = json.value(QStringLiteral("mean_confidence")).toDouble();
  s.accuracy = json.value(QStringLiteral("accuracy")).toDouble(-1);
  s.ceiling = json.value(QStringLiteral("ceiling")).toDouble(-1);
  s.chance = json.value(QStringLiteral("chance")).toDouble(-1);
  return s;
}

int CorrespondenceTally::add(const PhraseCandidates &c) {
  if (c.scores.empty()) return -1;
  const int best = int(std::max_element(c.scores.begin(), c.scores.end()) - c.scores.begin());
  ++m_phrases;
  m_confidence += c.scores[std::size_t(best)];
  if (!c.hasTruth) return best;
  ++m_withGroundTruth;
  int right = 0;
  for (const Box &b : c.boxes) right += intersectionOverUnion(b, c.truth) >= kGroundingIoU;
  m_hits += intersectionOverUnion(c.boxes[std::size_t(best)], c.truth) >= kGroundingIoU;
  m_reachable += right > 0;
  m_chance += double(right) / double(c.boxes.size());
  return best;
}

CorrespondenceStats CorrespondenceTally::stats() const {
  CorrespondenceStats s;
  s.phrases = m_phrases;
  s.withGroundTruth = m_withGroundTruth;
  if (m_phrases > 0) s.meanConfidence = m_confidence / m_phrases;
  if (m_withGroundTruth > 0) {
    s.accuracy = 100.0 * m_hits / m_withGroundTruth;
    s.ceiling = 100.0 * m_reachable / m_withGroundTruth;
    s.chance = 100.0 * m_chance / m_withGroundTruth;
  }
  return s;
}

CorrespondenceStats correspondenceStats(const std::vector<PhraseCandidates> &phrases, std::vector<int> *chosen) {
  CorrespondenceTally tally;
  if (chosen) chosen->assign(phrases.size(), -1);
  for (std::size_t p = 0; p < phrases.size(); ++p) {
    const int best = tally.add(phrases[p]);
    if (chosen) (*chosen)[p] = best;
  }
  return tally.stats();
}

QJsonObject GroundingMetrics::toJson() const {
  if (!hasGroundTruth) return {{QStringLiteral("ground_truth"), false}, {QStringLiteral("phrases"), phrases}};
  return {{QStringLiteral("ground_truth"), true},
          {QStringLiteral("phrases"), phrases},
          {QStringLiteral("phrase_to_region"), phraseToRegion.toJson()},
          {QStringLiteral("phrase_queries"), phraseQueries},
          {QStringLiteral("region_to_phrase"), regionToPhrase.toJson()},
          {QStringLiteral("region_queries"), regionQueries}};
}

GroundingMetrics GroundingMetrics::fromJson(const QJsonObject &json) {
  GroundingMetrics m;
  m.hasGroundTruth = json.value(QStringLiteral("ground_truth")).toBool();
  m.phrases = json.value(QStringLiteral("phrases")).toInt();
  m.phraseToRegion = DirectionMetrics::fromJson(json.value(QStringLiteral("phrase_to_region")).toObject());
  m.phraseQueries = json.value(QStringLiteral("phrase_queries")).toInt();
  m.regionToPhrase = DirectionMetrics::fromJson(json.value(QStringLiteral("region_to_phrase")).toObject());
  m.regionQueries = json.value(QStringLiteral("region_queries")).toInt();
  return m;
}

int firstRightRank(const std::vector<float> &scores, const std::vector<char> &right) {
  float best = 0;
  bool any = false;
  for (std::size_t k = 0; k < scores.size(); ++k)
    if (right[k] && (!any || scores[k] > best)) best = scores[k], any = true;
  if (!any) return -1;
  int rank = 0;
  for (std::size_t k = 0; k < scores.size(); ++k) rank += !right[k] && scores[k] >= best; // no right item beats `best`
  return rank;
}

}  // namespace gs
