// `groundscope-cli export RUN_DIR --torchscript DIR [--examples N]`: the run's sentence and image
// encoders as TorchScript modules for use outside Groundscope, with a README of their inputs, the
// vocabulary, and worked examples from the run's test split; the folder is then reloaded on its own
// and its modules checked against the run's embeddings of those examples.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "training/runs/runfolder.h"
#include "inference/export/torchscriptexport.h"
#include "training/trainingsource.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace gs::cli {

namespace {

// An export whose modules differ from the run by more than this is a bug, not rounding: the
// modules follow the same equations in float32 (differences seen: ~1e-7).
constexpr double kCheckTolerance = 1e-5;

struct Examples {
  std::vector<TrainingCaption> captions;
  std::vector<float> features;
  int images = 0;
};

// The first `count` test captions and test images of the run's own data.
Examples testExamples(const QString &runDir, int count, JobContext &job) {
  Examples examples;
  const TrainingData data = prepareTrainingData(RunFolder(runDir).source(), &job);
  for (int c : data.captionsIn(Split::Test)) {
    if (int(examples.captions.size()) >= count) break;
    examples.captions.push_back(data.captions[std::size_t(c)]);
  }
  for (int i : data.imagesIn(Split::Test)) {
    if (examples.images >= count) break;
    examples.features.insert(examples.features.end(), data.imageFeatures.begin() + std::ptrdiff_t(i) * data.featureDim,
                             data.imageFeatures.begin() + std::ptrdiff_t(i + 1) * data.featureDim);
    ++examples.images;
  }
  return examples;
}

}  // namespace

Command exportCommand() {
  Command command;
  command.name = QStringLiteral("export");
  command.summary = QStringLiteral("export a run's encoders as TorchScript modules for use outside Groundscope");
  command.syntax = {QStringLiteral("RUN_DIR"), 1, 1,
                    {{QStringLiteral("torchscript"), QStringLiteral("DIR"),
                      QStringLiteral("Folder for sentence_encoder.pt, image_encoder.pt, their README, vocabulary and examples."), {}, true},
                     {QStringLiteral("examples"), QStringLiteral("N"),
                      QStringLiteral("Test-split captions and images recorded with the run's embeddings and checked; 0: none."),
                      QStringLiteral("16")},
                     {QStringLiteral("json"), {}, QStringLiteral("Print JSON only.")}}};
  command.notes = QStringLiteral(
      "Every model exports, tree models and snapshot ensembles included. The image encoder reads the run's CNN "
      "features (the backbone is not part of the export); the sentence encoder reads word ids, character bytes or a "
      "tree, as the folder's README.md says. After writing, the folder is reloaded on its own and its modules are run "
      "on the examples: the command fails when they differ from the run's embeddings by more than 1e-5.");
  command.run = [](const Arguments &args) {
    const QString runDir = args.positional().first();
    const QString outDir = args.value(QStringLiteral("torchscript"));
    const int count = args.intValue(QStringLiteral("examples"), 16, 0, 10000);
    const bool json = args.isSet(QStringLiteral("json"));

    Engine engine;
    const JobOutcome outcome = runJob(engine, QStringLiteral("Export"), [&](JobContext &job) {
      Examples examples;
      if (count > 0) {
        job.setProgress(0.1, QStringLiteral("examples"));
        try {
          examples = testExamples(runDir, count, job);
        } catch (const std::runtime_error &error) {
          job.warn(QStringLiteral("no examples (the run's data could not be read: %1); the export is not checked")
                       .arg(QString::fromUtf8(error.what())));
        }
      }
      job.setProgress(0.5, QStringLiteral("export"));
      const TorchScriptExport exported = exportTorchScript(runDir, outDir, examples.captions, examples.features, examples.images);
      QJsonObject summary{{QStringLiteral("out"), exported.directory},
                          {QStringLiteral("files"), QJsonArray::fromStringList(exported.files)},
                          {QStringLiteral("model"), exported.model},
                          {QStringLiteral("input"), exported.input},
                          {QStringLiteral("score"), exported.score},
                          {QStringLiteral("members"), exported.members},
                          {QStringLiteral("dim"), exported.dim},
                          {QStringLiteral("feature_dim"), exported.featureDim}};
      if (exported.exampleCaptions + exported.exampleImages > 0) {
        job.setProgress(0.8, QStringLiteral("check"));
        const TorchScriptCheck check = checkTorchScriptExport(outDir);
        summary.insert(QStringLiteral("check"), QJsonObject{{QStringLiteral("captions"), check.captions},
                                                            {QStringLiteral("caption_error"), check.captionError},
                                                            {QStringLiteral("images"), check.images},
                                                            {QStringLiteral("image_error"), check.imageError}});
        if (std::max(check.captionError, check.imageError) > kCheckTolerance)
          throw std::runtime_error(QStringLiteral("%1: the exported modules differ from the run by up to %2 (captions) and %3 "
                                                  "(images), more than %4")
                                       .arg(exported.directory)
                                       .arg(check.captionError)
                                       .arg(check.imageError)
                                       .arg(kCheckTolerance)
                                       .toStdString());
      }
      job.setSummary(summary);
    });
    requireSuccess(outcome);
    const QJsonObject &s = outcome.summary;
    if (json) {
      out() << QJsonDocument(s).toJson(QJsonDocument::Indented);
      return kExitOk;
    }
    out() << QStringLiteral("%1 (%2, %3-d; sentence input: %4; score: %5) written to %6: %7\n")
                 .arg(s.value(QStringLiteral("model")).toString(),
                      s.value(QStringLiteral("members")).toInt() > 1
                          ? QStringLiteral("ensemble of %1").arg(s.value(QStringLiteral("members")).toInt())
                          : QStringLiteral("one model"))
                 .arg(s.value(QStringLiteral("dim")).toInt())
                 .arg(s.value(QStringLiteral("input")).toString(), s.value(QStringLiteral("score")).toString(),
                      s.value(QStringLiteral("out")).toString(), s.value(QStringLiteral("files")).toVariant().toStringList().join(QStringLiteral(", ")));
    const QJsonObject check = s.value(QStringLiteral("check")).toObject();
    if (!check.isEmpty())
      out() << QStringLiteral("checked from the folder alone: %1 captions, largest |Δ| %2; %3 images, largest |Δ| %4\n")
                   .arg(check.value(QStringLiteral("captions")).toInt())
                   .arg(check.value(QStringLiteral("caption_error")).toDouble(), 0, 'g', 2)
                   .arg(check.value(QStringLiteral("images")).toInt())
                   .arg(check.value(QStringLiteral("image_error")).toDouble(), 0, 'g', 2);
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
