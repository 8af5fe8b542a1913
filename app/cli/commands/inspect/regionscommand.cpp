// `groundscope-cli regions RUN_DIR …`: what a trained region model looked at, headless.
//  --image ID [--caption TEXT] [--top K] [--format text|json|csv]: every noun phrase of the image's
//    captions (or of TEXT) with the image's regions ranked by the HM-LSTM (§4: region-oriented
//    phrase-level description): rank, region, box, score, and the IoU with the phrase's
//    ground-truth box where the dataset has one (the Scenes demo);
//  --out FILE.csv|json with --image ID or --split SPLIT: the same correspondences written to a file
//    (each phrase's best region unless --top says more), as the Regions dock's data export writes;
//  --figure FILE.png|svg|pdf --image ID [--caption TEXT]: the figure the Regions dock exports (an
//    HM-LSTM run: the caption's phrases, learned and ground-truth boxes; a concepts run: the top
//    concepts with the box that gave each);
//  --gold FILE [--captions FILE] [--draw DIR]: phrase → region accuracy on a gold set of phrase
//    boxes, with ceiling and chance (regionsgold.cpp).

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "commands/inspect/regionsgold.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "figures/regionfigurebuilder.h"
#include "inference/conceptinspection.h"
#include "inference/correspondencefile.h"
#include "inference/regiongrounding.h"
#include "training/runs/runfolder.h"

#include <QGuiApplication>

#include <memory>

namespace gs::cli {

namespace {

// The figure of one image, as the dock draws it with its default options.
RegionFigure figureOf(const QString &runDir, const Arguments &args, JobContext &job) {
  const QString imageId = args.value(QStringLiteral("image"));
  const TrainConfig config = RunFolder(runDir).config();
  const auto pathOf = [&](const TrainingData &data) {
    const int row = int(data.imageIds.indexOf(imageId));
    if (row < 0) throw std::runtime_error(QStringLiteral("unknown image '%1' (the run's data has %2 images)").arg(imageId).arg(data.imageCount()).toStdString());
    return data.imagePaths.value(row);
  };
  if (config.readsConcepts()) {
    const ConceptInspector inspector(runDir, &job);
    RegionFigure figure = regionFigureFor(pathOf(inspector.data()));
    const ConceptInspection inspection = inspector.inspect(imageId, 10, 0);
    figure.title = conceptsFigureTitle(inspection);
    addConcepts(figure, inspection.concepts, args.intValue(QStringLiteral("top"), 5, 1, 50));
    return figure;
  }
  const RegionGrounder grounder(runDir, &job);
  RegionFigure figure = regionFigureFor(pathOf(grounder.data()));
  QString caption = args.value(QStringLiteral("caption"));
  std::vector<GroundedPhrase> phrases;
  if (caption.isEmpty()) {
    // The image's first caption with a noun phrase (the dock starts with the first caption too).
    const std::vector<GroundedPhrase> all = grounder.ground(imageId);
    if (!all.empty()) caption = all.front().caption;
    for (const GroundedPhrase &p : all)
      if (p.caption == caption) phrases.push_back(p);
  } else {
    phrases = grounder.ground(imageId, caption);
  }
  figure.title = caption;
  if (args.isSet(QStringLiteral("proposals"))) {
    std::vector<Box> boxes;
    for (const ImageRegion &r : grounder.regionsOf(imageId)) boxes.push_back(r.box);
    addProposals(figure, boxes);
  }
  PhraseFigureOptions options;
  options.sideBySide = args.isSet(QStringLiteral("side-by-side"));
  options.topK = args.intValue(QStringLiteral("top"), 1, 1, 10);
  addPhrases(figure, phrases, options);
  return figure;
}

// --figure: the image's figure, drawn as the dock exports it.
int drawFigure(const Arguments &args, const QString &runDir) {
  const QString path = args.value(QStringLiteral("figure"));
  const QSize size = parseSizeOption(args.value(QStringLiteral("size")));
  const double ratio = args.doubleValue(QStringLiteral("dpr"), 1.0, 0.25, 8.0);
  if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
    throw std::runtime_error("--figure: text rendering needs the GUI application object (run groundscope-cli itself)");
  Engine engine;
  requireSuccess(runJob(engine, QStringLiteral("Draw regions"), [&](JobContext &job) {
    const RegionFigure drawn = figureOf(runDir, args, job);
    if (drawn.clippedBoxes > 0) job.warn(QStringLiteral("%1 box(es) reached outside the image and were clipped").arg(drawn.clippedBoxes));
    exportRegionFigure(drawn, FigureStyle{}, path, size, ratio);
  }));
  err() << QStringLiteral("wrote %1\n").arg(path);
  return kExitOk;
}

// The phrases of the image (or of --caption), or of every image of --split; with --out also
// written to the file, `top` regions each.
std::vector<GroundedPhrase> groundPhrases(const Arguments &args, const QString &runDir, int top) {
  std::vector<GroundedPhrase> phrases;
  Engine engine;
  requireSuccess(runJob(engine, QStringLiteral("Ground phrases"), [&](JobContext &job) {
    const RegionGrounder grounder(runDir, &job);
    try {
      if (args.isSet(QStringLiteral("split"))) {
        const std::optional<Split> split = splitFromName(args.value(QStringLiteral("split")));
        if (!split) throw std::invalid_argument("--split: expected train, val or test");
        phrases = grounder.groundSplit(*split, &job);
      } else {
        phrases = grounder.ground(args.value(QStringLiteral("image")), args.value(QStringLiteral("caption")));
      }
    } catch (const std::invalid_argument &error) {
      throw std::runtime_error(error.what()); // an image or caption the run cannot ground: a runtime failure
    }
    if (args.isSet(QStringLiteral("out"))) writeCorrespondences(args.value(QStringLiteral("out")), phrases, top);
  }));
  return phrases;
}

// Each caption, its phrases with their ground-truth boxes, and each phrase's `top` regions.
void printPhrases(const std::vector<GroundedPhrase> &phrases, const QString &imageId, int top) {
  if (phrases.empty()) out() << QStringLiteral("image %1: no noun phrase to ground\n").arg(imageId);
  QString caption;
  for (const GroundedPhrase &p : phrases) {
    if (p.caption != caption) out() << QStringLiteral("\"%1\"\n").arg(caption = p.caption);
    out() << QStringLiteral("  %1%2\n")
                 .arg(p.text)
                 .arg(p.hasTruth ? QStringLiteral("  (ground truth %1,%2 %3×%4)")
                                       .arg(p.truth.x)
                                       .arg(p.truth.y)
                                       .arg(p.truth.width)
                                       .arg(p.truth.height)
                                 : QStringLiteral("  (no ground truth)"));
    for (std::size_t k = 0; k < p.regions.size() && int(k) < top; ++k) {
      const RankedRegion &r = p.regions[k];
      out() << QStringLiteral("    %1. region %2  %3,%4 %5×%6  score %7%8\n")
                   .arg(k + 1)
                   .arg(r.region, 2)
                   .arg(r.box.x)
                   .arg(r.box.y)
                   .arg(r.box.width)
                   .arg(r.box.height)
                   .arg(r.score, 0, 'f', 3)
                   .arg(p.hasTruth ? QStringLiteral("  IoU %1").arg(r.iou, 0, 'f', 2) : QString());
    }
  }
}

int runRegions(const Arguments &args) {
  const QString format = args.value(QStringLiteral("format"));
  if (format != QLatin1String("text") && format != QLatin1String("json") && format != QLatin1String("csv"))
    throw UsageError("--format: expected text, json or csv");
  const QString runDir = args.positional().value(0), imageId = args.value(QStringLiteral("image"));
  if (runDir.isEmpty() && !args.isSet(QStringLiteral("gold"))) throw UsageError("RUN_DIR: required (only --gold with --dataset and --backbone goes without)");
  if (args.isSet(QStringLiteral("gold"))) {
    if (format == QLatin1String("csv")) throw UsageError("--gold: --format text or json");
    return runRegionsGold(args, runDir);
  }
  if (args.isSet(QStringLiteral("draw"))) throw UsageError("--draw: give --gold FILE");
  const bool toFile = args.isSet(QStringLiteral("out")), figure = args.isSet(QStringLiteral("figure"));
  if (args.isSet(QStringLiteral("split")) && !toFile) throw UsageError("--split: give --out FILE.csv|json to write the split's correspondences");
  if (!args.isSet(QStringLiteral("split")) && imageId.isEmpty()) throw UsageError("--image: required (or --split with --out)");
  if (figure && imageId.isEmpty()) throw UsageError("--figure: give --image ID");
  const int top = args.intValue(QStringLiteral("top"), toFile ? 1 : 5, 1, 1000);
  if (figure) return drawFigure(args, runDir);

  const std::vector<GroundedPhrase> phrases = groundPhrases(args, runDir, top);
  if (toFile) err() << QStringLiteral("wrote %1 phrases to %2\n").arg(phrases.size()).arg(args.value(QStringLiteral("out")));
  else if (format == QLatin1String("json")) out() << correspondencesJson(phrases, top).toJson(QJsonDocument::Indented);
  else if (format == QLatin1String("csv")) out() << QString::fromUtf8(correspondencesCsv(phrases, top));
  else printPhrases(phrases, imageId, top);
  return kExitOk;
}

}  // namespace

Command regionsCommand() {
  Command command;
  command.name = QStringLiteral("regions");
  command.summary = QStringLiteral("the regions a region model (HM-LSTM, concepts) gives an image's phrases or concepts, as text, data or a figure");
  command.syntax = {QStringLiteral("[RUN_DIR]"), 0, 1,
                    {{QStringLiteral("image"), QStringLiteral("ID"), QStringLiteral("Image of the run's dataset.")},
                     {QStringLiteral("caption"), QStringLiteral("TEXT"), QStringLiteral("Ground this caption's noun phrases instead.")},
                     {QStringLiteral("split"), QStringLiteral("SPLIT"), QStringLiteral("With --out: every image of this split (train, val, test).")},
                     {QStringLiteral("top"), QStringLiteral("K"), QStringLiteral("Regions listed per phrase (default 5; 1 in --out files and figures).")},
                     {QStringLiteral("format"), QStringLiteral("FORMAT"), QStringLiteral("text, json or csv."), QStringLiteral("text")},
                     {QStringLiteral("out"), QStringLiteral("FILE"), QStringLiteral("Write the correspondences to FILE.csv or FILE.json.")},
                     {QStringLiteral("figure"), QStringLiteral("FILE"), QStringLiteral("Write the image's figure to FILE.png, .svg or .pdf.")},
                     {QStringLiteral("size"), QStringLiteral("WxH"), QStringLiteral("Figure size (pixels for PNG, points for SVG/PDF); default: natural.")},
                     {QStringLiteral("dpr"), QStringLiteral("R"), QStringLiteral("PNG device pixel ratio."), QStringLiteral("1")},
                     {QStringLiteral("side-by-side"), {}, QStringLiteral("Figure: learned and ground-truth boxes on two photos.")},
                     {QStringLiteral("proposals"), {}, QStringLiteral("Figure: draw the candidate regions too, numbered.")},
                     {QStringLiteral("gold"), QStringLiteral("SET"),
                      QStringLiteral("Phrase → region accuracy on a gold set of phrase boxes: a TSV file (tests/data/flickr8k-phrase-boxes.tsv) or "
                                     "entities:DIR (Flickr30k Entities), beside chance, the whole image, the largest and the most central "
                                     "candidate, the label prior and the ceiling, with 95 % bootstrap intervals. Without RUN_DIR: the "
                                     "model-free choices on --dataset's candidates from --backbone.")},
                     {QStringLiteral("labels"), QStringLiteral("FILE"),
                      QStringLiteral("With --gold: the network's class list for the label prior (default: imagenet_synsets.txt or "
                                     "synset_words.txt beside the ONNX model).")},
                     {QStringLiteral("dataset"), QStringLiteral("PATH"), QStringLiteral("With --gold and no RUN_DIR: the dataset whose candidates are scored.")},
                     {QStringLiteral("backbone"), QStringLiteral("SPEC"), QStringLiteral("With --gold and no RUN_DIR: the network (onnx:FILE) describing the candidates.")},
                     {QStringLiteral("layer"), QStringLiteral("NAME"), QStringLiteral("With --backbone: layer to tap.")},
                     {QStringLiteral("preset"), QStringLiteral("NAME"), QStringLiteral("With --backbone: preprocessing preset.")},
                     {QStringLiteral("ids"), QStringLiteral("FILE"), QStringLiteral("With --backbone npy:FILE: its image-id list.")},
                     {QStringLiteral("max-regions"), QStringLiteral("R"), QStringLiteral("With --backbone: candidates per image besides the whole image."), QStringLiteral("19")},
                     {QStringLiteral("region-input"), QStringLiteral("PX"), QStringLiteral("With --backbone: RoIAlign's image side."), QStringLiteral("448")},
                     {QStringLiteral("proposal-search"), QStringLiteral("PRESET"), QStringLiteral("With --backbone: fast, single or scored."), QStringLiteral("fast")},
                     {QStringLiteral("captions"), QStringLiteral("FILE"), QStringLiteral("With --gold: read the captions by id from this Flickr8k.token.txt (or its folder) instead of the run's data.")},
                     {QStringLiteral("draw"), QStringLiteral("DIR"), QStringLiteral("With --gold: draw each gold caption's figure (gold boxes dashed, the run's choices solid) into DIR.")}}};
  command.notes = QStringLiteral("Regions are the image's candidate boxes (selective-search proposals, or the demo's ground-truth "
                                 "boxes for a run trained with regions 'ground-truth'); region 0, the whole image, is not a "
                                 "candidate. IoU is given where the dataset has the phrase's box; 'correct' is IoU >= 0.5. With --gold, "
                                 "each gold phrase is matched to the run's noun phrase holding its last word (the most overlapping one); "
                                 "a phrase the run did not parse as a noun phrase counts as wrong.");
  command.run = runRegions;
  return command;
}

}  // namespace gs::cli
