#include "commands/inspect/regionsgold.h"

#include "arguments.h"
#include "cli.h"
#include "clioutput.h"
#include "engine/jobcontext.h"
#include "figures/regionfigurebuilder.h"
#include "jobrunner.h"
#include "evaluation/entitiesgold.h"
#include "parse/captiongold.h"
#include "inference/goldgrounding.h"
#include "training/datalabelprior.h"
#include "commands/data/backboneoption.h"
#include "data/loaddataset.h"
#include "vision/features.h"

#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QJsonDocument>

namespace gs::cli {

namespace {

// --captions FILE or folder: the caption texts by id (a Flickr8k.token.txt); none: the run's data.
CaptionTexts captionTextsOf(const Arguments &args) {
  QString path = args.value(QStringLiteral("captions"));
  if (path.isEmpty()) return {};
  if (QFileInfo(path).isDir()) path += QStringLiteral("/Flickr8k.token.txt");
  if (!QFileInfo::exists(path)) throw std::runtime_error(QStringLiteral("%1: no such file").arg(path).toStdString());
  return readFlickr8kCaptions(path);
}

// Each gold caption's figure: the run's phrases (as groundGold grounded them) with the gold boxes
// as their ground truth.
void drawGold(const RegionGrounder &grounder, const GoldGrounding &result, const QString &folder, JobContext &job) {
  if (!QDir().mkpath(folder)) throw std::runtime_error(QStringLiteral("%1: cannot create the folder").arg(folder).toStdString());
  const TrainingData &data = grounder.data();
  QString drawn;
  for (const GoldGroundingRow &row : result.rows) {
    if (row.gold.captionId == drawn) continue;
    job.checkpoint();
    drawn = row.gold.captionId;
    RegionFigure figure = regionFigureFor(data.imagePaths.value(row.image));
    figure.title = row.caption;
    addPhrases(figure, withGoldTruth(result.phrasesOfCaption.at(row.gold.captionId), result.rows), PhraseFigureOptions{});
    exportRegionFigure(figure, FigureStyle{}, QDir(folder).filePath(row.gold.imageId + QStringLiteral(".png")), QSize(), 1.0);
  }
}

QString withInterval(const ProportionInterval &p) {
  return QStringLiteral("%1 %  [%2, %3]").arg(p.percent, 5, 'f', 1).arg(p.low, 0, 'f', 1).arg(p.high, 0, 'f', 1);
}

QString baselineLabel(GroundingBaseline baseline) {
  switch (baseline) {
  case GroundingBaseline::Chance: return QStringLiteral("chance (random candidate)");
  case GroundingBaseline::WholeImage: return QStringLiteral("whole image");
  case GroundingBaseline::Largest: return QStringLiteral("largest candidate");
  case GroundingBaseline::MostCentral: return QStringLiteral("most central candidate");
  case GroundingBaseline::LabelPrior: return QStringLiteral("label prior (WordNet → ImageNet)");
  case GroundingBaseline::Ceiling: return QStringLiteral("ceiling (best candidate)");
  }
  return {};
}

void printBaselines(const GoldGrounding &r, const QString &priorProblem) {
  out() << QStringLiteral("  model-free choices on the same candidates (95 % bootstrap intervals over the phrases):\n");
  for (const BaselineRow &row : r.baselines.rows)
    out() << QStringLiteral("    %1 %2\n").arg(baselineLabel(row.baseline), -34).arg(withInterval(row.accuracy));
  if (!priorProblem.isEmpty()) out() << QStringLiteral("    label prior: not available: %1\n").arg(priorProblem);
  else if (r.baselines.phrases > 0)
    out() << QStringLiteral("  the label prior covers %1 of %2 phrases (%3 %); the others take the whole image. Most frequent uncovered: %4\n")
                 .arg(r.baselines.covered)
                 .arg(r.baselines.phrases)
                 .arg(100.0 * r.baselines.covered / r.baselines.phrases, 0, 'f', 1)
                 .arg(r.baselines.uncoveredNouns.join(QStringLiteral(", ")));
}

void printTypes(const GoldGrounding &r) {
  if (r.accuracyByType.empty()) return;
  out() << QStringLiteral("  by phrase type:\n");
  for (const QString &type : entityTypes())
    if (r.accuracyByType.count(type))
      out() << QStringLiteral("    %1 %2 phrases  %3\n").arg(type, -12).arg(r.phrasesByType.at(type), 5).arg(withInterval(r.accuracyByType.at(type)));
}

void printGold(const GoldGrounding &r, const QString &goldPath, bool withRun, const QString &priorProblem) {
  const QString where = withRun ? QStringLiteral("the run's data") : QStringLiteral("the feature set");
  out() << QStringLiteral("Phrase → region on %1: %2 of its %3 images are in %4\n").arg(goldPath).arg(r.images).arg(r.goldImages).arg(where);
  if (!r.missingImages.isEmpty())
    out() << QStringLiteral("  missing: %1%2\n").arg(r.missingImages.mid(0, 5).join(QStringLiteral(", ")), r.missingImages.size() > 5 ? QStringLiteral(", …") : QString());
  out() << QStringLiteral("  %1 phrases with a box (%2 without one are not scored)%3\n")
               .arg(r.phrases).arg(r.notVisual)
               .arg(withRun ? QStringLiteral("; the run's parser made a noun phrase of %1").arg(r.matched) : QString());
  if (withRun)
    out() << QStringLiteral("  the run (IoU >= 0.5)               %1  (%2 % of the matched phrases)\n").arg(withInterval(r.accuracyInterval)).arg(r.accuracyMatched, 0, 'f', 1);
  printBaselines(r, priorProblem);
  if (withRun) printTypes(r);
}

// The label prior `open` gives, or why there is none (printed, not fatal: the other baselines need
// no classifier).
template <typename Open> std::unique_ptr<LabelPriorSource> openPrior(const Open &open, QString *problem) {
  try {
    return open();
  } catch (const std::runtime_error &error) {
    *problem = QString::fromUtf8(error.what());
    return nullptr;
  }
}

// No run: the gold set against a dataset's candidates, with the baselines and the label prior only.
int runGoldWithoutRun(const Arguments &args) {
  if (!args.isSet(QStringLiteral("backbone"))) throw UsageError("--gold without RUN_DIR: give --dataset PATH and --backbone SPEC");
  const BackboneSpec spec = backboneFromOptions(args);
  ExtractOptions options;
  options.regions = true;
  options.maxRegions = args.intValue(QStringLiteral("max-regions"), 19, 1, 1000);
  options.regionInput = args.intValue(QStringLiteral("region-input"), 448, 32, 4096);
  const std::optional<ProposalSearch> proposals = enumFromName<ProposalSearch>(args.value(QStringLiteral("proposal-search")));
  if (!proposals) throw UsageError("--proposal-search: expected fast, single or scored");
  options.proposals = *proposals;
  GoldGrounding result;
  QString priorProblem;
  Engine engine;
  requireSuccess(runJob(engine, QStringLiteral("Ground the gold phrases without a model"), [&](JobContext &job) {
    const Dataset dataset = loadDataset(args.value(QStringLiteral("dataset")), &job);
    QStringList paths;
    for (const ImageRecord &image : dataset.images) paths << image.path;
    const GoldSource gold = readGoldSource(args.value(QStringLiteral("gold")), imageStems(paths));
    const FeatureSet features = extractFeatures(dataset, spec, options, &job);
    const std::unique_ptr<LabelPriorSource> prior = openPrior(
        [&] { return LabelPriorSource::open(spec, paths, features.folder(), args.value(QStringLiteral("labels")), &job); }, &priorProblem);
    result = groundGoldWithoutModel(dataset, features, gold, options.proposals == ProposalSearch::Scored, prior ? &prior->prior() : nullptr, &job);
  }));
  if (result.images == 0) throw std::runtime_error("--gold: none of the gold set's images is in the dataset");
  if (args.value(QStringLiteral("format")) == QLatin1String("json")) out() << QJsonDocument(result.toJson()).toJson(QJsonDocument::Indented);
  else printGold(result, args.value(QStringLiteral("gold")), false, priorProblem);
  return kExitOk;
}

}  // namespace

int runRegionsGold(const Arguments &args, const QString &runDir) {
  if (runDir.isEmpty()) return runGoldWithoutRun(args);
  const QString goldSpec = args.value(QStringLiteral("gold")), drawFolder = args.value(QStringLiteral("draw"));
  if (!drawFolder.isEmpty() && !qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
    throw std::runtime_error("--draw: text rendering needs the GUI application object (run groundscope-cli itself)");
  GoldGrounding result;
  GoldSource gold;
  QString priorProblem;
  Engine engine;
  requireSuccess(runJob(engine, QStringLiteral("Ground the gold phrases"), [&](JobContext &job) {
    const RegionGrounder grounder(runDir, &job);
    const TrainingData &data = grounder.data();
    gold = readGoldSource(goldSpec, imageStems(data.imageIds));
    CaptionTexts captions = captionTextsOf(args);
    if (captions.empty()) captions = gold.captions;
    const std::unique_ptr<LabelPriorSource> prior =
        openPrior([&] { return openLabelPrior(data, args.value(QStringLiteral("labels")), &job); }, &priorProblem);
    result = groundGold(grounder, gold.phrases, gold.path, captions, &job, prior ? &prior->prior() : nullptr);
    if (!drawFolder.isEmpty()) drawGold(grounder, result, drawFolder, job);
  }));
  if (result.images == 0)
    throw std::runtime_error(QStringLiteral("%1: none of its %2 images is in the run's data").arg(gold.path).arg(result.goldImages).toStdString());
  if (args.value(QStringLiteral("format")) == QLatin1String("json")) out() << QJsonDocument(result.toJson()).toJson(QJsonDocument::Indented);
  else printGold(result, gold.path, true, priorProblem);
  if (!drawFolder.isEmpty()) err() << QStringLiteral("drew the gold captions into %1\n").arg(drawFolder);
  return kExitOk;
}

}  // namespace gs::cli
