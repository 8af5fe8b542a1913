// `groundscope-cli inspect RUN_DIR --caption "…" [--image ID]`: a caption's tree as a trained tree
// model composes it, one line per node: position or relation, word, ℓ(i), ‖h‖, the similarity of
// the node's joint-space projection to an image (and the DT-LSTM's mean gate values).
// `inspect RUN_DIR --relations`: SDT-RNN's relation matrices ranked by Frobenius norm (Socher §6.7).
// `inspect RUN_DIR --image ID` of a concepts run: see conceptscommands.cpp.

#include "arguments.h"
#include "data/imagelookup.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "training/trainingsource.h"
#include "training/runs/runfolder.h"
#include "inference/treeinspection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <functional>
#include <numeric>

namespace gs::cli {

namespace {

QJsonArray toArray(const std::vector<float> &v) {
  QJsonArray a;
  for (float x : v) a.append(double(x));
  return a;
}

QString gateSummary(const InspectedTree &tree, const InspectedNode &node) {
  if (tree.gateGroups == 0 || node.gates.empty()) return {};
  const std::size_t h = node.gates.size() / std::size_t(tree.gateGroups);
  QStringList parts;
  for (int g = 0; g < tree.gateGroups; ++g) {
    const QString name = tree.gateNames.value(g).replace(QLatin1Char(' '), QLatin1Char('_'));
    const double mean = std::accumulate(node.gates.begin() + std::ptrdiff_t(g * h), node.gates.begin() + std::ptrdiff_t((g + 1) * h), 0.0) / double(h);
    parts << QStringLiteral("%1=%2").arg(name).arg(mean, 0, 'f', 2);
  }
  return parts.join(QLatin1Char(' '));
}

}  // namespace

Command inspectCommand() {
  Command command;
  command.name = QStringLiteral("inspect");
  command.summary = QStringLiteral("per-node activations of a tree model for a caption; SDT-RNN relation matrices");
  command.syntax = {QStringLiteral("RUN_DIR"), 1, 1,
                    {{QStringLiteral("caption"), QStringLiteral("TEXT"), QStringLiteral("Caption to inspect.")},
                     {QStringLiteral("image"), QStringLiteral("ID"), QStringLiteral("Image id to score every node against.")},
                     {QStringLiteral("relations"), {}, QStringLiteral("Rank SDT-RNN's relation matrices by Frobenius norm.")},
                     {QStringLiteral("top"), QStringLiteral("N"), QStringLiteral("Concepts run: how many top concepts."), QStringLiteral("10")},
                     {QStringLiteral("calibration"), {}, QStringLiteral("Concepts run: how well its concept scores are calibrated on held-out images (mean score of present and absent concepts, expected calibration error, reliability diagram).")},
                     {QStringLiteral("split"), QStringLiteral("SPLIT"), QStringLiteral("With --calibration: the images (val or test)."), QStringLiteral("val")},
                     {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}}};
  command.notes = QStringLiteral("Give either --caption TEXT (with --image ID to score the nodes) or --relations; for a "
                                 "concepts run, --image ID alone shows its concepts, gate and nearest captions, --calibration "
                                 "how well its concept scores are calibrated.");
  command.run = [](const Arguments &args) {
    const QString runDir = args.positional().first();
    const bool json = args.isSet(QStringLiteral("json"));
    if (args.isSet(QStringLiteral("calibration"))) return inspectCalibration(runDir, args);
    // A concepts run's image: its concepts, gate and nearest captions.
    if (!args.isSet(QStringLiteral("relations")) && !args.isSet(QStringLiteral("caption")) && args.isSet(QStringLiteral("image")))
      return inspectConcepts(runDir, args);
    if (args.isSet(QStringLiteral("relations")) == args.isSet(QStringLiteral("caption")))
      throw UsageError("give either --caption TEXT or --relations (or, for a concepts run, --image ID alone)");
    const TreeInspector inspector(runDir);
    if (args.isSet(QStringLiteral("relations"))) {
      const auto norms = inspector.relationNorms();
      if (json) {
        QJsonArray a;
        for (const auto &n : norms) a.append(QJsonObject{{QStringLiteral("relation"), n.relation}, {QStringLiteral("frobenius"), n.frobenius}});
        out() << QJsonDocument(a).toJson(QJsonDocument::Indented);
        return kExitOk;
      }
      out() << QStringLiteral("SDT-RNN relation matrices by Frobenius norm (<rare> is shared by the rare relations):\n");
      int rank = 0;
      for (const auto &n : norms) out() << QStringLiteral("  %1. %2 %3\n").arg(++rank, 3).arg(n.relation, -14).arg(n.frobenius, 0, 'f', 3);
      return kExitOk;
    }
    std::vector<float> features;
    QString imageId;
    if (args.isSet(QStringLiteral("image"))) {
      const TrainingData data = prepareTrainingData(RunFolder(runDir).source());
      int row = -1;
      try {
        row = findImage(data.imageIds, args.value(QStringLiteral("image")));
      } catch (const std::invalid_argument &e) {
        throw std::runtime_error(std::string("--image: ") + e.what());
      }
      imageId = data.imageIds[row];
      features.assign(data.imageFeatures.begin() + std::ptrdiff_t(row) * data.featureDim,
                      data.imageFeatures.begin() + std::ptrdiff_t(row + 1) * data.featureDim);
    }
    const InspectedTree tree = inspector.inspect(args.value(QStringLiteral("caption")), features, imageId);
    if (json) {
      QJsonArray nodes;
      for (const InspectedNode &n : tree.nodes) {
        QJsonObject o{{QStringLiteral("word"), n.word},           {QStringLiteral("label"), n.label},
                      {QStringLiteral("parent"), n.parent},       {QStringLiteral("position"), n.position},
                      {QStringLiteral("words_under"), n.wordCount}, {QStringLiteral("norm"), n.norm},
                      {QStringLiteral("hidden"), toArray(n.hidden)}, {QStringLiteral("joint"), toArray(n.joint)}};
        if (!n.gates.empty()) o.insert(QStringLiteral("gates"), toArray(n.gates));
        if (n.nounPhrase) o.insert(QStringLiteral("noun_phrase"), true);
        if (tree.hasSimilarity) o.insert(QStringLiteral("similarity"), n.similarity);
        nodes.append(o);
      }
      out() << QJsonDocument(QJsonObject{{QStringLiteral("model"), tree.model}, {QStringLiteral("caption"), tree.caption},
                                         {QStringLiteral("root"), tree.root}, {QStringLiteral("image"), tree.imageId},
                                         {QStringLiteral("gate_names"), QJsonArray::fromStringList(tree.gateNames)},
                                         {QStringLiteral("nodes"), nodes}})
                   .toJson(QJsonDocument::Indented);
      return kExitOk;
    }
    out() << QStringLiteral("%1: \"%2\"%3\n")
                 .arg(tree.model, tree.caption, tree.hasSimilarity ? QStringLiteral(" against image %1").arg(tree.imageId) : QString());
    std::function<void(int, int)> print = [&](int n, int depth) {
      const InspectedNode &node = tree.nodes[std::size_t(n)];
      QString line = QString(depth * 2, QLatin1Char(' ')) + (node.word.isEmpty() ? QStringLiteral("(%1)").arg(node.label) : node.word);
      if (!node.label.isEmpty() && !node.word.isEmpty()) line += QStringLiteral(" [%1]").arg(node.label);
      if (!node.position.isEmpty()) line += QStringLiteral(" %1").arg(node.position);
      out() << QStringLiteral("%1 ℓ=%2 ‖h‖=%3%4%5\n")
                   .arg(line, -40)
                   .arg(node.wordCount)
                   .arg(node.norm, 0, 'f', 3)
                   .arg(tree.hasSimilarity ? QStringLiteral(" sim=%1").arg(node.similarity, 0, 'f', 3) : QString())
                   .arg(tree.gateGroups ? QStringLiteral("  ") + gateSummary(tree, node) : QString());
      for (int c : node.children) print(c, depth + 1);
    };
    print(tree.root, 0);
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
