// `groundscope-cli retrieve RUN_DIR (--text "…" | --image FILE) [--top K] [--format csv|json]
//  [--split test]`: a sentence ranks the split's images (image search), an image ranks the split's
// captions (image annotation), with scores; the true image's rank is given when the query is one
// of the split's own captions. `--out FILE` writes the ranked list as the Retrieval panel exports it
// (.csv, .json, or .html with embedded thumbnails).

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "text/tokenizer.h"
#include "training/trainedmodel.h"
#include "training/trainingsource.h"
#include "rankedlistexport.h"
#include "vision/features.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <numeric>

namespace gs::cli {

namespace {

QString csvField(const QString &text) {
  QString quoted = text;
  quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
  return QLatin1Char('"') + quoted + QLatin1Char('"');
}

// The row of FILE among the data's images: by absolute path, file name or id.
int findImage(const TrainingData &data, const QString &query) {
  const QStringList &paths = data.imagePaths;
  const QString absolute = QFileInfo(query).absoluteFilePath();
  for (int i = 0; i < data.imageCount(); ++i)
    if (paths[i] == absolute || data.imageIds[i] == query || QFileInfo(paths[i]).fileName() == query) return i;
  return -1;
}

}  // namespace

Command retrieveCommand() {
  Command command;
  command.name = QStringLiteral("retrieve");
  command.summary = QStringLiteral("rank images for a sentence, or captions for an image, with a trained run");
  command.usage = QStringLiteral(
      "retrieve RUN_DIR (--text \"SENTENCE\" | --image FILE) [--top K] [--format csv|json] [--split train|val|test] [--out FILE.csv|.json|.html]");
  command.run = [](const QStringList &args) {
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("text"), QStringLiteral("Query sentence."), QStringLiteral("SENTENCE")});
    parser.addOption({QStringLiteral("image"), QStringLiteral("Query image (file of the dataset, or its id)."), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("top"), QStringLiteral("Results."), QStringLiteral("K")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("csv or json."), QStringLiteral("FORMAT"), QStringLiteral("csv")});
    parser.addOption({QStringLiteral("split"), QStringLiteral("Split to search."), QStringLiteral("SPLIT"), QStringLiteral("test")});
    parser.addOption({QStringLiteral("out"), QStringLiteral("Also write the list (.csv, .json, .html with thumbnails)."), QStringLiteral("FILE")});
    parseArguments(parser, args, 1, 1);
    const bool byText = parser.isSet(QStringLiteral("text"));
    if (byText == parser.isSet(QStringLiteral("image"))) throw UsageError("give exactly one of --text and --image");
    const QString format = parser.value(QStringLiteral("format"));
    if (format != QLatin1String("csv") && format != QLatin1String("json")) throw UsageError("--format: expected csv or json");
    const int top = intOption(parser, QStringLiteral("top"), 10, 1, 1000000);
    const auto split = splitFromName(parser.value(QStringLiteral("split")));
    if (!split || *split == Split::Unassigned) throw UsageError("--split: expected train, val or test");
    const QString runDir = parser.positionalArguments().first();
    const QString query = byText ? parser.value(QStringLiteral("text")) : parser.value(QStringLiteral("image"));
    if (byText && gs::tokenize(query).isEmpty()) throw UsageError("--text: the sentence has no words");

    QJsonArray results;
    Engine engine;
    const JobOutcome outcome = runJob(engine, QStringLiteral("Retrieve"), [&](JobContext &job) {
      const TrainedModel model = TrainedModel::open(runDir);
      const TrainingSource source = trainingSourceOfRun(runDir);
      const TrainingData data = prepareTrainingData(source, &job);
      const QStringList &paths = data.imagePaths;
      const std::vector<int> images = data.imagesIn(*split);
      const std::vector<int> captions = data.captionsIn(*split);
      const auto featuresOf = [&](int row) {
        return std::vector<float>(data.imageFeatures.begin() + std::size_t(row) * data.featureDim,
                                  data.imageFeatures.begin() + std::size_t(row + 1) * data.featureDim);
      };
      std::vector<float> scores;
      if (byText) {
        std::vector<float> features;
        for (int i : images) {
          const auto f = featuresOf(i);
          features.insert(features.end(), f.begin(), f.end());
        }
        const auto v = model.embedImages(features, int(images.size()));
        const auto y = model.embedCaptions({TrainingCaption{query, gs::tokenize(query), -1, false, nullptr}});
        scores = model.score(v, int(images.size()), y, 1);
      } else {
        const int row = findImage(data, query);
        if (row < 0)
          throw std::runtime_error(QStringLiteral("%1: not an image of %2 with features; query with one of its images")
                                       .arg(query, source.datasetPath)
                                       .toStdString());
        std::vector<TrainingCaption> texts;
        for (int c : captions) texts.push_back(data.captions[c]);
        const auto v = model.embedImages(featuresOf(row), 1);
        scores = model.score(v, 1, model.embedCaptions(texts), int(captions.size()));
      }
      std::vector<int> order(scores.size());
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return scores[a] > scores[b]; });
      // For a sentence that is one of the split's captions, say where its own image ranked.
      int truthRank = -1;
      if (byText)
        for (int c : captions)
          if (data.captions[c].raw == query)
            for (std::size_t r = 0; r < order.size(); ++r)
              if (images[order[r]] == data.captions[c].image) truthRank = int(r) + 1;
      for (int r = 0; r < std::min<int>(top, int(order.size())); ++r) {
        const int k = order[r];
        if (byText) {
          const int row = images[k];
          results.append(QJsonObject{{QStringLiteral("rank"), r + 1}, {QStringLiteral("image"), data.imageIds[row]},
                                     {QStringLiteral("path"), paths[row]}, {QStringLiteral("score"), scores[k]}});
        } else {
          const TrainingCaption &c = data.captions[captions[k]];
          results.append(QJsonObject{{QStringLiteral("rank"), r + 1}, {QStringLiteral("caption"), c.raw},
                                     {QStringLiteral("image"), data.imageIds[c.image]}, {QStringLiteral("score"), scores[k]},
                                     {QStringLiteral("path"), paths[c.image]},
                                     {QStringLiteral("describes_query"), paths[c.image] == QFileInfo(query).absoluteFilePath() ||
                                                                             data.imageIds[c.image] == query}});
        }
      }
      job.setSummary({{QStringLiteral("true_image_rank"), truthRank}, {QStringLiteral("candidates"), int(order.size())}});
    });
    requireSuccess(outcome);
    if (parser.isSet(QStringLiteral("out"))) {
      RankedList list;
      list.kind = byText ? RankedList::Kind::Images : RankedList::Kind::Captions;
      list.query = query;
      list.run = runDir;
      for (const QJsonValue &value : results) {
        const QJsonObject r = value.toObject();
        RankedRow row;
        row.rank = r.value(QStringLiteral("rank")).toInt();
        row.imageId = r.value(QStringLiteral("image")).toString();
        row.imagePath = r.value(QStringLiteral("path")).toString();
        row.caption = r.value(QStringLiteral("caption")).toString();
        row.score = r.value(QStringLiteral("score")).toDouble();
        row.relevant = byText ? row.rank == outcome.summary.value(QStringLiteral("true_image_rank")).toInt()
                              : r.value(QStringLiteral("describes_query")).toBool();
        list.rows.push_back(row);
      }
      QString error;
      if (!writeRankedList(list, parser.value(QStringLiteral("out")), &error)) throw std::runtime_error(error.toStdString());
      err() << "wrote " << parser.value(QStringLiteral("out")) << '\n';
    }
    if (format == QLatin1String("json")) {
      QJsonObject json{{QStringLiteral("query"), query}, {QStringLiteral("results"), results}};
      for (auto it = outcome.summary.begin(); it != outcome.summary.end(); ++it) json.insert(it.key(), it.value());
      out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
      return kExitOk;
    }
    out() << (byText ? "rank,image,path,score\n" : "rank,caption,image,score\n");
    for (const QJsonValue &value : results) {
      const QJsonObject r = value.toObject();
      if (byText)
        out() << r.value(QStringLiteral("rank")).toInt() << ',' << csvField(r.value(QStringLiteral("image")).toString()) << ','
              << csvField(r.value(QStringLiteral("path")).toString()) << ',' << r.value(QStringLiteral("score")).toDouble() << '\n';
      else
        out() << r.value(QStringLiteral("rank")).toInt() << ',' << csvField(r.value(QStringLiteral("caption")).toString())
              << ',' << csvField(r.value(QStringLiteral("image")).toString()) << ','
              << r.value(QStringLiteral("score")).toDouble() << '\n';
    }
    const int truth = outcome.summary.value(QStringLiteral("true_image_rank")).toInt();
    if (truth > 0) err() << "the caption's own image ranks " << truth << " of " << outcome.summary.value(QStringLiteral("candidates")).toInt() << '\n';
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
