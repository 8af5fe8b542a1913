// The concepts model's inspection (Huang et al. 2018):
//  `groundscope-cli inspect RUN_DIR --image ID [--top N]`: the image's top concepts with their scores
//   and the box that gave each, the gate t of Eq. 2 for the image and its distribution over the test
//   images, the nearest captions;
//  `groundscope-cli generate RUN_DIR --image ID`: the caption the generator decodes greedily from the
//   image's v, printed as the diagnostic it is (nothing is generated at test time, §3.3.2).

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "evaluation/correlation.h"
#include "inference/conceptinspection.h"
#include "training/trainingsource.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <optional>

namespace gs::cli {

namespace {

QString boxText(const Box &b) { return QStringLiteral("(%1, %2, %3×%4)").arg(b.x).arg(b.y).arg(b.width).arg(b.height); }

QJsonArray boxJson(const Box &b) { return {b.x, b.y, b.width, b.height}; }

// Min, quartiles and max of the mean gates, and a 10-bin histogram over [0, 1].
QString gateDistribution(std::vector<double> gates) {
  std::sort(gates.begin(), gates.end());
  const auto at = [&](double q) { return gates[std::size_t(q * double(gates.size() - 1) + 0.5)]; };
  std::vector<int> bins(10, 0);
  for (double g : gates) ++bins[std::size_t(std::clamp(int(g * 10), 0, 9))];
  QStringList counts;
  for (int b : bins) counts << QString::number(b);
  return QStringLiteral("min %1, quartiles %2 / %3 / %4, max %5; per 0.1 from 0: %6")
      .arg(gates.front(), 0, 'f', 3)
      .arg(at(0.25), 0, 'f', 3)
      .arg(at(0.5), 0, 'f', 3)
      .arg(at(0.75), 0, 'f', 3)
      .arg(gates.back(), 0, 'f', 3)
      .arg(counts.join(QLatin1Char(' ')));
}

// How the test images' mean gates follow the number of concepts their captions mention: Spearman's
// ρ, and the mean gate of the images below and above the median count.
QString gateAgainstConcepts(const std::vector<double> &gates, const std::vector<int> &counts) {
  std::vector<double> mentioned(counts.begin(), counts.end());
  std::vector<int> sorted = counts;
  std::sort(sorted.begin(), sorted.end());
  const int median = sorted[sorted.size() / 2];
  double low = 0, high = 0;
  int lows = 0, highs = 0;
  for (std::size_t i = 0; i < gates.size(); ++i) {
    if (counts[i] < median) {
      low += gates[i];
      ++lows;
    } else {
      high += gates[i];
      ++highs;
    }
  }
  return QStringLiteral("Spearman ρ %1 against the concepts their captions mention (median %2); mean t %3 below it (%4 images), %5 from it up (%6)")
      .arg(spearman(gates, mentioned), 0, 'f', 3)
      .arg(median)
      .arg(lows ? low / lows : 0.0, 0, 'f', 3)
      .arg(lows)
      .arg(highs ? high / highs : 0.0, 0, 'f', 3)
      .arg(highs);
}

}  // namespace

int inspectConcepts(const QString &runDir, const Arguments &args) {
  const ConceptInspector inspector(runDir);
  const QString image = args.value(QStringLiteral("image"));
  const int top = args.intValue(QStringLiteral("top"), 10, 1, 100000);
  const ConceptInspection inspection = inspector.inspect(image, top, 5);
  const Split testSplit = inspector.data().imagesIn(Split::Test).empty() ? Split::Val : Split::Test;
  const std::vector<double> gates = inspector.meanGates(testSplit);
  if (args.isSet(QStringLiteral("json"))) {
    QJsonArray concepts, nearest, testGates;
    for (const ScoredConcept &c : inspection.concepts)
      concepts.append(QJsonObject{{QStringLiteral("concept"), c.name}, {QStringLiteral("score"), c.score},
                                  {QStringLiteral("region"), c.region}, {QStringLiteral("box"), boxJson(c.box)}});
    for (const NearCaption &n : inspection.nearest)
      nearest.append(QJsonObject{{QStringLiteral("caption"), n.text}, {QStringLiteral("score"), n.score}, {QStringLiteral("matched"), n.matched}});
    for (double g : gates) testGates.append(g);
    QJsonArray testMentioned;
    for (int n : mentionedConceptCounts(inspector.data(), testSplit)) testMentioned.append(n);
    QJsonObject o{{QStringLiteral("image"), image}, {QStringLiteral("concepts"), concepts}, {QStringLiteral("nearest"), nearest}};
    if (inspection.gated) {
      o.insert(QStringLiteral("mean_gate"), inspection.meanGate);
      o.insert(QStringLiteral("test_mean_gates"), testGates);
      o.insert(QStringLiteral("test_mentioned_concepts"), testMentioned);
    }
    out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  out() << QStringLiteral("concepts of image %1 (score p, and the box that gave it; region 0 is the whole image):\n").arg(image);
  int rank = 0;
  for (const ScoredConcept &c : inspection.concepts)
    out() << QStringLiteral("  %1. %2 %3  region %4 %5\n").arg(++rank, 3).arg(c.name, -14).arg(c.score, 0, 'f', 3).arg(c.region, 2).arg(boxText(c.box));
  if (inspection.gated) {
    out() << QStringLiteral("gate t (Eq. 2; 1 = concepts, 0 = context): mean %1 for this image\n").arg(inspection.meanGate, 0, 'f', 3);
    if (!gates.empty()) {
      out() << QStringLiteral("  over the %1 %2 images: %3\n").arg(gates.size()).arg(testSplit == Split::Test ? QStringLiteral("test") : QStringLiteral("validation"), gateDistribution(gates));
      if (gates.size() > 2) out() << QStringLiteral("  %1\n").arg(gateAgainstConcepts(gates, mentionedConceptCounts(inspector.data(), testSplit)));
    }
  } else {
    out() << QStringLiteral("gate: none (this run's image side does not use the gated fusion)\n");
  }
  out() << QStringLiteral("nearest captions (✓ describes the image):\n");
  for (const NearCaption &n : inspection.nearest)
    out() << QStringLiteral("  %1 %2 %3\n").arg(n.score, 6, 'f', 3).arg(n.matched ? QStringLiteral("✓") : QStringLiteral(" "), n.text);
  return kExitOk;
}

namespace {

// The reliability diagram as text: per score bin, the share of present concepts drawn as a bar
// against the bin's mean score (a calibrated model's bars reach its marker).
void printReliability(const Calibration &c) {
  out() << QStringLiteral("  score bin     pairs   mean score  present  (bar: present share, | at the mean score)\n");
  for (const ReliabilityBin &b : c.bins) {
    if (b.count == 0) continue;
    constexpr int kWidth = 40;
    QString bar(kWidth, QLatin1Char(' '));
    const int filled = int(std::lround(b.frequency * kWidth)), marker = std::min(kWidth - 1, int(b.confidence * kWidth));
    for (int k = 0; k < filled; ++k) bar[k] = QLatin1Char('#');
    bar[marker] = QLatin1Char('|');
    out() << QStringLiteral("  %1–%2 %3 %4 %5  %6\n")
                 .arg(b.from, 0, 'f', 1).arg(b.to, 0, 'f', 1).arg(b.count, 10).arg(b.confidence, 10, 'f', 3).arg(b.frequency, 8, 'f', 3).arg(bar);
  }
}

}  // namespace

int inspectCalibration(const QString &runDir, const Arguments &args) {
  const std::optional<Split> split = splitFromName(args.value(QStringLiteral("split")));
  if (!split || *split == Split::Train) throw UsageError("--split: expected val or test (held-out images)");
  const ConceptInspector inspector(runDir);
  const Calibration c = conceptCalibration(inspector.data(), *split);
  const ConceptDetector detector = sourceFromRunJson(inspector.data().source).conceptDetector;
  if (args.isSet(QStringLiteral("json"))) {
    QJsonObject o = c.toJson();
    o.insert(QStringLiteral("split"), args.value(QStringLiteral("split")));
    o.insert(QStringLiteral("detector"), enumName(detector));
    o.insert(QStringLiteral("concepts"), inspector.data().conceptCount());
    out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  out() << QStringLiteral("concept scores (%1) on the %2 %3 images against the concepts their captions mention (%4 concepts):\n")
               .arg(detector == ConceptDetector::Backbone ? QStringLiteral("detectors on the backbone's regions") : QStringLiteral("the concept CNN"))
               .arg(inspector.data().imagesIn(*split).size()).arg(args.value(QStringLiteral("split"))).arg(inspector.data().conceptCount());
  out() << QStringLiteral("  mean score of present concepts %1, of absent ones %2\n").arg(c.meanPresent, 0, 'f', 3).arg(c.meanAbsent, 0, 'f', 3);
  out() << QStringLiteral("  expected calibration error %1 (%2 pairs, %3 present)\n").arg(c.ece, 0, 'f', 3).arg(c.pairs).arg(c.positives);
  printReliability(c);
  return kExitOk;
}

Command generateCommand() {
  Command command;
  command.name = QStringLiteral("generate");
  command.summary = QStringLiteral("diagnostic: the caption a concepts run's generator decodes from an image");
  command.syntax = {QStringLiteral("RUN_DIR"), 1, 1,
                    {{QStringLiteral("image"), QStringLiteral("ID"), QStringLiteral("Image id."), {}, true},
                     {QStringLiteral("max-words"), QStringLiteral("N"), QStringLiteral("Longest caption."), QStringLiteral("50")},
                     {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}}};
  command.notes = QStringLiteral("Huang et al. §3.3.2 train the generator only to teach the image representation the order of "
                                 "its concepts; nothing is generated at test time. This greedy decoding shows what it learned.");
  command.run = [](const Arguments &args) {
    const ConceptInspector inspector(args.positional().first());
    const QString image = args.value(QStringLiteral("image"));
    const QString caption = inspector.generate(image, args.intValue(QStringLiteral("max-words"), 50, 1, 1000));
    const TrainingData &data = inspector.data();
    QStringList truth;
    const int row = int(data.imageIds.indexOf(image));
    for (const TrainingCaption &c : data.captions)
      if (c.image == row) truth << c.raw;
    if (args.isSet(QStringLiteral("json"))) {
      out() << QJsonDocument(QJsonObject{{QStringLiteral("image"), image},
                                         {QStringLiteral("generated"), caption},
                                         {QStringLiteral("diagnostic"), true},
                                         {QStringLiteral("captions"), QJsonArray::fromStringList(truth)}})
                   .toJson(QJsonDocument::Indented);
      return kExitOk;
    }
    out() << QStringLiteral("diagnostic only: the concepts model generates nothing at test time (Huang et al. §3.3.2);\n"
                            "greedy decoding from image %1's representation v:\n  %2\n")
                 .arg(image, caption.isEmpty() ? QStringLiteral("(the end straight away)") : caption);
    out() << QStringLiteral("its captions:\n");
    for (const QString &t : truth) out() << QStringLiteral("  %1\n").arg(t);
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
