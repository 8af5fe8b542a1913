#include "commands/inspect/regionsgold.h"

#include "arguments.h"
#include "cli.h"
#include "clioutput.h"
#include "engine/jobcontext.h"
#include "figures/regionfigurebuilder.h"
#include "jobrunner.h"
#include "parse/captiongold.h"
#include "inference/goldgrounding.h"

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

void printGold(const GoldGrounding &r, const QString &goldPath) {
  out() << QStringLiteral("Phrase → region on %1: %2 of its %3 images are in the run's data\n").arg(goldPath).arg(r.images).arg(r.goldImages);
  if (!r.missingImages.isEmpty())
    out() << QStringLiteral("  missing: %1%2\n").arg(r.missingImages.mid(0, 5).join(QStringLiteral(", ")), r.missingImages.size() > 5 ? QStringLiteral(", …") : QString());
  out() << QStringLiteral("  %1 phrases with a box (%2 marked as naming nothing visible are not scored); the run's parser made a noun phrase of %3\n")
               .arg(r.phrases).arg(r.notVisual).arg(r.matched);
  out() << QStringLiteral("  accuracy (IoU >= 0.5)   %1 %  (%2 % of the matched phrases)\n").arg(r.accuracy, 5, 'f', 1).arg(r.accuracyMatched, 0, 'f', 1);
  out() << QStringLiteral("  ceiling (best proposal) %1 %\n").arg(r.ceiling, 5, 'f', 1);
  out() << QStringLiteral("  chance (random region)  %1 %\n").arg(r.chance, 5, 'f', 1);
}

}  // namespace

int runRegionsGold(const Arguments &args, const QString &runDir) {
  const QString goldPath = args.value(QStringLiteral("gold")), drawFolder = args.value(QStringLiteral("draw"));
  const std::vector<GoldPhraseBox> gold = readPhraseBoxGold(goldPath);
  const CaptionTexts captions = captionTextsOf(args);
  if (!drawFolder.isEmpty() && !qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
    throw std::runtime_error("--draw: text rendering needs the GUI application object (run groundscope-cli itself)");
  GoldGrounding result;
  Engine engine;
  requireSuccess(runJob(engine, QStringLiteral("Ground the gold phrases"), [&](JobContext &job) {
    const RegionGrounder grounder(runDir, &job);
    result = groundGold(grounder, gold, goldPath, captions, &job);
    if (!drawFolder.isEmpty()) drawGold(grounder, result, drawFolder, job);
  }));
  if (result.images == 0)
    throw std::runtime_error(QStringLiteral("%1: none of its %2 images is in the run's data").arg(goldPath).arg(result.goldImages).toStdString());
  if (args.value(QStringLiteral("format")) == QLatin1String("json")) out() << QJsonDocument(result.toJson()).toJson(QJsonDocument::Indented);
  else printGold(result, goldPath);
  if (!drawFolder.isEmpty()) err() << QStringLiteral("drew the gold captions into %1\n").arg(drawFolder);
  return kExitOk;
}

}  // namespace gs::cli
