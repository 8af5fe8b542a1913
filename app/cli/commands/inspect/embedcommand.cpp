// `groundscope-cli embed RUN_DIR --out DIR [--split test]`: the split's images and captions in
// the joint space, as .npy (images.npy, captions.npy with their id lists) and as TensorBoard
// projector files (projector/vectors.tsv + projector/metadata.tsv, images and captions together,
// with a sprite of thumbnails and the projector's configuration files, so the folder opens as it is).

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "engine/jobcontext.h"
#include "io/atomicfile.h"
#include "io/npy.h"
#include "jobrunner.h"
#include "figures/projectorexport.h"
#include "training/runs/runfolder.h"
#include "inference/trainedmodel.h"
#include "training/trainingsource.h"

#include <QDir>
#include <QJsonDocument>
#include <QFileInfo>

#include <numeric>

namespace gs::cli {

namespace {
QString tsvField(QString text) { return text.replace(QLatin1Char('\t'), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' ')); }

std::vector<int> allRows(int count) {
  std::vector<int> rows(std::size_t(std::max(count, 0)));
  std::iota(rows.begin(), rows.end(), 0);
  return rows;
}

// images.npy, captions.npy with their id lists, and the projector's vectors.tsv and metadata.tsv.
void writeEmbeddings(const QDir &outDir, const TrainingData &data, const std::vector<int> &images, const std::vector<int> &captions,
                     const std::vector<float> &v, const std::vector<float> &y, int d) {
  if (!QDir().mkpath(outDir.filePath(QStringLiteral("projector"))))
    throw std::runtime_error(QStringLiteral("%1: cannot create folder").arg(outDir.path()).toStdString());
  writeNpy(outDir.filePath(QStringLiteral("images.npy")), v.data(), std::int64_t(images.size()), d);
  writeNpy(outDir.filePath(QStringLiteral("captions.npy")), y.data(), std::int64_t(captions.size()), d);
  QByteArray imageIds, captionRows, vectors, metadata = "type\tid\timage\ttext\n";
  const auto row = [d](const float *values) -> QByteArray {
    QByteArray line;
    for (int k = 0; k < d; ++k) line += (k ? "\t" : "") + QByteArray::number(values[k], 'g', 7);
    return line + '\n';
  };
  for (std::size_t k = 0; k < images.size(); ++k) {
    const QString id = data.imageIds[images[k]];
    imageIds += id.toUtf8() + '\n';
    vectors += row(v.data() + k * d);
    metadata += QStringLiteral("image\t%1\t%1\t\n").arg(tsvField(id)).toUtf8();
  }
  for (std::size_t k = 0; k < captions.size(); ++k) {
    const TrainingCaption &c = data.captions[captions[k]];
    const QString image = tsvField(data.imageIds[c.image]);
    captionRows += QStringLiteral("%1\t%2\n").arg(image, tsvField(c.raw)).toUtf8();
    vectors += row(y.data() + k * d);
    metadata += QStringLiteral("caption\t%1\t%2\t%3\n").arg(captions[k]).arg(image, tsvField(c.raw)).toUtf8();
  }
  writeFileAtomically(outDir.filePath(QStringLiteral("images.txt")), imageIds);
  writeFileAtomically(outDir.filePath(QStringLiteral("captions.tsv")), "image\tcaption\n" + captionRows);
  writeFileAtomically(outDir.filePath(QStringLiteral("projector/vectors.tsv")), vectors);
  writeFileAtomically(outDir.filePath(QStringLiteral("projector/metadata.tsv")), metadata);
}

}  // namespace

Command embedCommand() {
  Command command;
  command.name = QStringLiteral("embed");
  command.summary = QStringLiteral("write a run's image and caption embeddings (.npy and TensorBoard projector TSV)");
  command.syntax = {QStringLiteral("RUN_DIR"), 1, 1,
                    {{QStringLiteral("out"), QStringLiteral("DIR"), QStringLiteral("Output folder."), {}, true},
                     {QStringLiteral("split"), QStringLiteral("SPLIT"), QStringLiteral("train, val, test, or all (every image of the run's data)."), QStringLiteral("test")},
                     {QStringLiteral("sprite-tile"), QStringLiteral("PX"),
                      QStringLiteral("Thumbnail size in the projector's sprite (smaller when the points need it); 0: no sprite."),
                      QStringLiteral("32")},
                     {QStringLiteral("json"), {}, QStringLiteral("Print the summary (counts, dimension, folder) as JSON only.")}}};
  command.run = [](const Arguments &args) {
    const bool allSplits = args.value(QStringLiteral("split")) == QStringLiteral("all");
    const auto split = allSplits ? std::optional<Split>(Split::Unassigned) : splitFromName(args.value(QStringLiteral("split")));
    if (!split || (*split == Split::Unassigned && !allSplits)) throw UsageError("--split: expected train, val, test or all");
    const QString runDir = args.positional().first();
    const QDir outDir(args.value(QStringLiteral("out")));
    const int spriteTile = args.intValue(QStringLiteral("sprite-tile"), 32, 0, kMaxSpriteTile);

    Engine engine;
    const JobOutcome outcome = runJob(engine, QStringLiteral("Embed"), [&](JobContext &job) {
      const TrainedModel model = TrainedModel::open(runDir);
      const TrainingData data = prepareTrainingData(RunFolder(runDir).source(), &job);
      const std::vector<int> images = allSplits ? allRows(data.imageCount()) : data.imagesIn(*split);
      const std::vector<int> captions = allSplits ? allRows(int(data.captions.size())) : data.captionsIn(*split);
      std::vector<float> features;
      for (int i : images)
        features.insert(features.end(), data.imageFeatures.begin() + std::size_t(i) * data.featureDim,
                        data.imageFeatures.begin() + std::size_t(i + 1) * data.featureDim);
      std::vector<TrainingCaption> texts;
      for (int c : captions) texts.push_back(data.captions[c]);
      job.setProgress(0.3, QStringLiteral("embedding"));
      const std::vector<float> v = model.embedImages(features, int(images.size()));
      const std::vector<float> y = model.embedCaptions(texts);
      const int d = model.dim();

      writeEmbeddings(outDir, data, images, captions, v, y, d);
      // The sprite: the images' thumbnails, then each caption's image faded under a caption mark (the rows' order).
      SpriteResult sprite;
      if (spriteTile > 0) {
        job.setProgress(0.8, QStringLiteral("sprite"));
        const auto pathOf = [&data](int image) { return image < data.imagePaths.size() ? data.imagePaths[image] : QString(); };
        std::vector<SpriteTile> tiles;
        for (int i : images) tiles.push_back({pathOf(i), false});
        for (int c : captions) tiles.push_back({pathOf(data.captions[std::size_t(c)].image), true});
        sprite = writeProjectorSprite(outDir.filePath(QStringLiteral("projector/sprite.png")), tiles, spriteTile);
        for (const QString &file : sprite.unreadable) job.warn(QStringLiteral("%1: unreadable image, a grey tile in the sprite").arg(file));
      }
      writeProjectorConfigs(outDir.filePath(QStringLiteral("projector")), QFileInfo(runDir).fileName(),
                            int(images.size() + captions.size()), d, sprite.tile);
      job.setSummary({{QStringLiteral("sprite_tile"), sprite.tile},
                      {QStringLiteral("images"), int(images.size())},
                      {QStringLiteral("captions"), int(captions.size())},
                      {QStringLiteral("dim"), d},
                      {QStringLiteral("out"), outDir.absolutePath()}});
    });
    requireSuccess(outcome);
    if (args.isSet(QStringLiteral("json"))) {
      out() << QJsonDocument(outcome.summary).toJson(QJsonDocument::Indented);
      return kExitOk;
    }
    out() << QStringLiteral("%1 images and %2 captions (%3-d) written to %4\n")
                 .arg(outcome.summary.value(QStringLiteral("images")).toInt())
                 .arg(outcome.summary.value(QStringLiteral("captions")).toInt())
                 .arg(outcome.summary.value(QStringLiteral("dim")).toInt())
                 .arg(outcome.summary.value(QStringLiteral("out")).toString());
    if (const int tile = outcome.summary.value(QStringLiteral("sprite_tile")).toInt())
      out() << QStringLiteral("projector/: vectors.tsv, metadata.tsv, sprite.png (%1 px tiles), projector_config.pbtxt and .json\n").arg(tile);
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
