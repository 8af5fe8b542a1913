// `groundscope-cli eval RUN_DIR [--split test] [--dataset PATH] [--folds K --fold-size N]`:
// retrieval metrics of a trained run on a split of the data it was trained on (or another
// dataset with the same features); --folds 5 --fold-size 1000 is the MS-COCO 1K protocol;
// --recalls picks the table's R@K columns (1, 5, 10 as most papers; 20 and 50 as the DT-LSTM paper's).
// Without folds each metric also gets a 95 % bootstrap interval over the split's queries.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "commands/analyse/metricstable.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "training/runs/runfolder.h"
#include "inference/trainedmodel.h"
#include "training/trainingsource.h"

#include <QJsonDocument>

namespace gs::cli {

namespace {

// "95 % bootstrap interval over the 100 image queries: R@1 [27.0, 45.0] R@5 … mean rank [4.0, 7.0]",
// one line per direction: on a small test split a point of R@K is noise, and the line says how much.
QString intervalLines(const QJsonObject &intervals) {
  QString text;
  for (const auto &[key, name] : {std::pair{"image_to_text", "image→text"}, std::pair{"text_to_image", "text→image"}}) {
    const QJsonObject d = intervals.value(QLatin1String(key)).toObject();
    QStringList parts;
    for (const auto &[field, label] : {std::pair{"r1", "R@1"}, std::pair{"r5", "R@5"}, std::pair{"r10", "R@10"}, std::pair{"medr", "medr"},
                                       std::pair{"meanr", "meanr"}}) {
      const QJsonObject v = d.value(QLatin1String(field)).toObject();
      parts << QStringLiteral("%1 [%2, %3]").arg(QLatin1String(label)).arg(v.value(QStringLiteral("low")).toDouble(), 0, 'f', 1).arg(
                   v.value(QStringLiteral("high")).toDouble(), 0, 'f', 1);
    }
    text += QStringLiteral("%1, 95 % bootstrap interval over %2 queries: %3\n")
                .arg(QString::fromUtf8(name))
                .arg(d.value(QStringLiteral("queries")).toInt())
                .arg(parts.join(QLatin1Char(' ')));
  }
  return text;
}

}  // namespace

Command evalCommand() {
  Command command;
  command.name = QStringLiteral("eval");
  command.summary = QStringLiteral("retrieval metrics of a trained run (R@K, median and mean rank, rsum)");
  command.syntax = {QStringLiteral("RUN_DIR"), 1, 1,
                    {{QStringLiteral("split"), QStringLiteral("SPLIT"), QStringLiteral("train, val or test."), QStringLiteral("test")},
                     {QStringLiteral("dataset"), QStringLiteral("PATH"), QStringLiteral("Dataset instead of the run's.")},
                     {QStringLiteral("folds"), QStringLiteral("K"), QStringLiteral("Folds (COCO 1K: 5).")},
                     {QStringLiteral("fold-size"), QStringLiteral("N"), QStringLiteral("Images per fold (COCO 1K: 1000)."), QStringLiteral("1000")},
                     {QStringLiteral("recalls"), QStringLiteral("LIST"), QStringLiteral("Recall levels in the table (JSON has them all)."), QStringLiteral("1,5,10,20,50")},
                     {QStringLiteral("json"), {}, QStringLiteral("Print JSON only.")}}};
  command.run = [](const Arguments &args) {
    const QString runDir = args.positional().first();
    const auto split = splitFromName(args.value(QStringLiteral("split")));
    if (!split || *split == Split::Unassigned) throw UsageError("--split: expected train, val or test");
    const int folds = args.intValue(QStringLiteral("folds"), 0, 1, 100);
    const int foldSize = args.intValue(QStringLiteral("fold-size"), 1000, 1, 1000000);
    const std::vector<int> recalls = parseRecalls(args.value(QStringLiteral("recalls")));

    Engine engine;
    const JobOutcome outcome = runJob(engine, QStringLiteral("Evaluate"), [&](JobContext &job) {
      const TrainedModel model = TrainedModel::open(runDir);
      TrainingSource source = RunFolder(runDir).source();
      if (args.isSet(QStringLiteral("dataset"))) {
        source.datasetPath = args.value(QStringLiteral("dataset"));
        source.featuresDir.clear();
      }
      const TrainingData data = prepareTrainingData(source, &job);
      RetrievalMetrics metrics;
      if (folds > 0) {
        const std::vector<int> images = data.imagesIn(*split);
        const std::vector<int> captions = data.captionsIn(*split);
        std::vector<float> features;
        std::vector<int> local(data.imageCount(), -1);
        for (int i : images) {
          local[i] = int(features.size() / data.featureDim);
          features.insert(features.end(), data.imageFeatures.begin() + std::size_t(i) * data.featureDim,
                          data.imageFeatures.begin() + std::size_t(i + 1) * data.featureDim);
        }
        std::vector<TrainingCaption> texts;
        std::vector<int> captionImage;
        for (int c : captions) {
          texts.push_back(data.captions[c]);
          captionImage.push_back(local[data.captions[c].image]);
        }
        const auto v = model.embedImages(features, int(images.size()));
        const auto y = model.embedCaptions(texts);
        metrics = evaluateFolds(model.score(v, int(images.size()), y, int(captions.size())), int(images.size()),
                                int(captions.size()), captionImage, folds, foldSize);
      }
      QJsonObject intervals;
      if (folds == 0) {
        const TrainedModel::EvaluatedSplit evaluated = model.evaluateWithIntervals(data, *split);
        metrics = evaluated.metrics;
        intervals = evaluated.intervals.toJson();
      }
      QJsonObject summary = metrics.toJson();
      if (!intervals.isEmpty()) summary.insert(QStringLiteral("intervals"), intervals);
      if (model.config().needsRegions()) summary.insert(QStringLiteral("grounding"), model.evaluateGrounding(data, *split).toJson());
      job.setSummary(summary);
    });
    requireSuccess(outcome);
    if (args.isSet(QStringLiteral("json"))) {
      out() << QJsonDocument(outcome.summary).toJson(QJsonDocument::Indented);
    } else {
      out() << metricsTable({{QStringLiteral("run"), RetrievalMetrics::fromJson(outcome.summary), {}}}, {}, recalls);
      if (outcome.summary.contains(QStringLiteral("intervals"))) out() << intervalLines(outcome.summary.value(QStringLiteral("intervals")).toObject());
      if (outcome.summary.contains(QStringLiteral("grounding"))) {
        const GroundingMetrics g = GroundingMetrics::fromJson(outcome.summary.value(QStringLiteral("grounding")).toObject());
        if (!g.hasGroundTruth)
          out() << QStringLiteral("region–phrase ranking: no ground truth (%1 noun phrases)\n").arg(g.phrases);
        else
          out() << QStringLiteral("region–phrase ranking (%1 noun phrases): phrase→region R@1 %2 R@5 %3 medr %4 (%5 queries); "
                                  "region→phrase R@1 %6 R@5 %7 R@10 %8 medr %9 (%10 queries)\n")
                       .arg(g.phrases)
                       .arg(g.phraseToRegion.r1, 0, 'f', 1)
                       .arg(g.phraseToRegion.r5, 0, 'f', 1)
                       .arg(g.phraseToRegion.medianRank)
                       .arg(g.phraseQueries)
                       .arg(g.regionToPhrase.r1, 0, 'f', 1)
                       .arg(g.regionToPhrase.r5, 0, 'f', 1)
                       .arg(g.regionToPhrase.r10, 0, 'f', 1)
                       .arg(g.regionToPhrase.medianRank)
                       .arg(g.regionQueries);
      }
      out() << QJsonDocument(outcome.summary).toJson(QJsonDocument::Compact) << '\n';
    }
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
