// `groundscope-cli explain RUN_DIR --image ID --caption TEXT|--caption-id N`: why the run scores
// the image and the sentence as it does. Sentence side (--method occlusion|gradient|ig): every tree
// node, word or character with its contribution to s(image, sentence) and, for occlusion, the
// score and the image's rank without it. Image side: --image-parts (the concepts model's concepts,
// the HM-LSTM's regions) or --grid RxC (cells of the photo greyed out, features from the run's own
// backbone). As text, JSON or CSV (one row per part), and --figure FILE.png|svg|pdf.

#include "arguments.h"
#include "data/imagelookup.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "data/loaddataset.h"
#include "engine/jobcontext.h"
#include "figures/attributionfigure.h"
#include "jobrunner.h"
#include "inference/attribution.h"
#include "inference/attributionfile.h"
#include "inference/trainedmodel.h"
#include "training/runs/runfolder.h"

#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <functional>

namespace gs::cli {

namespace {

void printSentence(const SentenceAttribution &a) {
  out() << QStringLiteral("%1, %2: \"%3\" with image %4: score %5, rank %6 of %7\n")
               .arg(a.model, enumName(a.method), a.caption, a.imageId)
               .arg(a.score, 0, 'f', 4).arg(a.rank).arg(a.candidates);
  const bool occlusion = a.method == AttributionMethod::Occlusion;
  const auto line = [&](const AttributedPart &p, int depth) {
    QString name = QString(depth * 2, QLatin1Char(' ')) + (p.word.isEmpty() ? QStringLiteral("(%1)").arg(p.label) : p.word);
    if (!p.label.isEmpty() && !p.word.isEmpty() && a.unit == SentenceUnitKind::TreeNode) name += QStringLiteral(" [%1]").arg(p.label);
    out() << QStringLiteral("%1 %2").arg(name, -44).arg(p.contribution, 9, 'f', 4);
    if (occlusion && p.occludedRank > 0) out() << QStringLiteral("  → score %1, rank %2").arg(p.occludedScore, 0, 'f', 4).arg(p.occludedRank);
    out() << QLatin1Char('\n');
  };
  if (a.unit == SentenceUnitKind::TreeNode) {
    std::function<void(int, int)> walk = [&](int n, int depth) {
      line(a.parts[std::size_t(n)], depth);
      for (int c : a.parts[std::size_t(n)].children) walk(c, depth + 1);
    };
    walk(a.root, 0);
  } else {
    for (const AttributedPart &p : a.parts) line(p, 0);
  }
  if (a.method == AttributionMethod::IntegratedGradients)
    out() << QStringLiteral("integrated gradients: %1 steps; the parts sum to %2, s − s(0) = %3 (gap %4 %)\n")
                 .arg(a.steps).arg(a.sum(), 0, 'f', 4).arg(a.score - a.baselineScore, 0, 'f', 4).arg(100 * a.completenessGap, 0, 'f', 2);
}

void printImage(const ImageAttribution &a) {
  out() << QStringLiteral("%1, %2 occlusion: \"%3\" with image %4: %5 %6%7\n")
               .arg(a.model, enumName(a.kind), a.caption, a.imageId, a.scoreName)
               .arg(a.score, 0, 'f', 4)
               .arg(a.rank > 0 ? QStringLiteral(", rank %1 of %2").arg(a.rank).arg(a.candidates) : QString());
  for (const AttributedArea &area : a.areas) {
    out() << QStringLiteral("  %1 %2").arg(area.name, -24).arg(area.contribution, 9, 'f', 4);
    if (area.occludedRank > 0) out() << QStringLiteral("  → rank %1").arg(area.occludedRank);
    out() << QLatin1Char('\n');
  }
}

struct Request {
  QString runDir, imageId, caption;
  int image = -1;
};

// The image and the caption: --caption TEXT with --image ID, or --caption-id N (its own image
// unless --image names another).
Request requestOf(const Arguments &args, const TrainingData &data) {
  Request r;
  r.runDir = args.positional().first();
  if (args.isSet(QStringLiteral("caption")) == args.isSet(QStringLiteral("caption-id")))
    throw UsageError("give either --caption TEXT or --caption-id N");
  if (args.isSet(QStringLiteral("caption-id"))) {
    const int row = args.intValue(QStringLiteral("caption-id"), 0, 0, int(data.captions.size()) - 1);
    r.caption = data.captions[std::size_t(row)].raw;
    r.image = data.captions[std::size_t(row)].image;
  } else {
    r.caption = args.value(QStringLiteral("caption"));
  }
  if (args.isSet(QStringLiteral("image"))) {
    try {
      r.image = findImage(data.imageIds, args.value(QStringLiteral("image")));
    } catch (const std::invalid_argument &e) {
      throw std::runtime_error(std::string("--image: ") + e.what());
    }
  }
  if (r.image < 0) throw UsageError("--image: required with --caption");
  r.imageId = data.imageIds.at(r.image);
  return r;
}

std::pair<int, int> gridOf(const QString &text) {
  const QStringList parts = text.toLower().split(QLatin1Char('x'));
  bool rowsOk = false, columnsOk = false;
  const int rows = parts.value(0).toInt(&rowsOk), columns = parts.value(1).toInt(&columnsOk);
  if (parts.size() != 2 || !rowsOk || !columnsOk || rows < 1 || columns < 1 || rows > 32 || columns > 32)
    throw UsageError("--grid: expected ROWSxCOLUMNS, 1 to 32 each (e.g. 7x7)");
  return {rows, columns};
}

template <typename Attribution>
void writeResult(const Arguments &args, const Attribution &attribution) {
  const QString format = args.value(QStringLiteral("format"));
  if (format == QLatin1String("json")) out() << QJsonDocument(attributionToJson(attribution)).toJson(QJsonDocument::Indented);
  else if (format == QLatin1String("csv")) out() << QString::fromUtf8(attributionToCsv(attribution));
}

int runExplain(const Arguments &args) {
  const QString format = args.value(QStringLiteral("format"));
  if (format != QLatin1String("text") && format != QLatin1String("json") && format != QLatin1String("csv"))
    throw UsageError("--format: expected text, json or csv");
  const auto method = enumFromName<AttributionMethod>(args.value(QStringLiteral("method")));
  if (!method) throw UsageError(QStringLiteral("--method: expected %1").arg(attributionMethodNames().join(QStringLiteral(", "))).toStdString());
  const auto occlusion = enumFromName<OcclusionKind>(args.value(QStringLiteral("occlude")));
  if (!occlusion) throw UsageError("--occlude: expected remove or unknown");
  const auto split = splitFromName(args.value(QStringLiteral("split")));
  if (!split) throw UsageError("--split: expected train, val or test");
  if (args.isSet(QStringLiteral("grid")) && args.isSet(QStringLiteral("image-parts"))) throw UsageError("give --grid or --image-parts, not both");
  const QString figure = args.value(QStringLiteral("figure"));
  if (!figure.isEmpty() && !qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
    throw std::runtime_error("--figure: text rendering needs the GUI application object (run groundscope-cli itself)");
  const QString runDir = args.positional().first();
  Engine engine;
  requireSuccess(runJob(engine, QStringLiteral("Explain a score"), [&](JobContext &job) {
    auto data = std::make_shared<const TrainingData>(TrainedModel::open(runDir).prepareData(nullptr, &job));
    const Request request = requestOf(args, *data);
    const ScoreExplainer explainer(runDir, data, *split);
    if (args.isSet(QStringLiteral("grid")) || args.isSet(QStringLiteral("image-parts"))) {
      ImageAttribution a;
      if (args.isSet(QStringLiteral("grid"))) {
        const auto [rows, columns] = gridOf(args.value(QStringLiteral("grid")));
        const Dataset dataset = loadDataset(RunFolder(runDir).source().datasetPath, &job);
        a = explainer.explainGrid(request.image, request.caption, dataset, rows, columns, &job);
      } else {
        a = explainer.explainImageParts(request.image, request.caption);
      }
      if (format == QLatin1String("text")) printImage(a);
      writeResult(args, a);
      if (!figure.isEmpty()) writeImageAttributionFigure(figure, a, data->imagePaths.value(request.image));
      return;
    }
    const SentenceAttribution a = explainer.explainSentence(request.image, request.caption, *method, *occlusion);
    if (format == QLatin1String("text")) printSentence(a);
    writeResult(args, a);
    if (!figure.isEmpty()) writeSentenceAttributionFigure(figure, a);
  }));
  if (!figure.isEmpty()) err() << QStringLiteral("wrote %1\n").arg(figure);
  return kExitOk;
}

}  // namespace

Command explainCommand() {
  Command command;
  command.name = QStringLiteral("explain");
  command.summary = QStringLiteral("why a run scores an image and a sentence as it does: contributions of tree nodes, words, characters, regions or cells of the photo");
  command.syntax = {QStringLiteral("RUN_DIR"), 1, 1,
                    {{QStringLiteral("image"), QStringLiteral("ID"), QStringLiteral("Image of the run's data (default with --caption-id: the caption's own).")},
                     {QStringLiteral("caption"), QStringLiteral("TEXT"), QStringLiteral("The sentence, as typed.")},
                     {QStringLiteral("caption-id"), QStringLiteral("N"), QStringLiteral("The run's caption N (0-based, in the data's order).")},
                     {QStringLiteral("method"), QStringLiteral("METHOD"), QStringLiteral("occlusion, gradient (gradient × input) or ig (integrated gradients)."), QStringLiteral("occlusion")},
                     {QStringLiteral("occlude"), QStringLiteral("HOW"), QStringLiteral("Occlusion: remove the part's words, or replace them by the unknown word."), QStringLiteral("remove")},
                     {QStringLiteral("split"), QStringLiteral("SPLIT"), QStringLiteral("The images the rank is among."), QStringLiteral("test")},
                     {QStringLiteral("image-parts"), {}, QStringLiteral("Occlude the image's parts instead: concepts (concepts model) or regions (HM-LSTM).")},
                     {QStringLiteral("grid"), QStringLiteral("RxC"), QStringLiteral("Occlude a grid of cells of the photo instead, through the run's backbone (e.g. 7x7).")},
                     {QStringLiteral("format"), QStringLiteral("FORMAT"), QStringLiteral("text, json or csv (one row per part)."), QStringLiteral("text")},
                     {QStringLiteral("figure"), QStringLiteral("FILE"), QStringLiteral("Also draw the result to FILE.png, .svg or .pdf.")}}};
  command.notes = QStringLiteral(
      "Contribution: occlusion, s minus the score without the part (a tree node: without its subtree; the sentence is "
      "parsed again as edited); gradient, ds/dx · x of the part's input vector; ig, integrated gradients from the zero "
      "vector (steps doubled until the parts sum to s − s(0) within 1 %). A tree node's gradient contribution is its own "
      "word's (a phrase node's: its subtree's). HM-LSTM regions: each region's share of the phrase–region match "
      "(Σ over noun phrases of the best region's score), since its image–sentence score reads the whole image.");
  command.run = runExplain;
  return command;
}

}  // namespace gs::cli
