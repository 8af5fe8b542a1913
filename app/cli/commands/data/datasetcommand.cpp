// `groundscope-cli dataset`: make the built-in Scenes demo (make-demo) and inspect any dataset on
// disk (info). Both run as engine jobs (progress on stderr, Ctrl-C cancels). `info` exits 1 with the loader's
// message when nothing usable loads.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "data/datasetsummary.h"
#include "data/loaddataset.h"
#include "data/scenes/scenesdemo.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonDocument>

#include <limits>

namespace gs::cli {

namespace {

// Runs `fn` as an engine job; a failed or cancelled job becomes the command's error (exit 1).
void runOrThrow(const QString &name, const JobFunction &fn) {
  Engine engine;
  const JobOutcome outcome = runJob(engine, name, fn);
  if (outcome.status == JobStatus::Failed) throw std::runtime_error(outcome.error.toStdString());
  if (outcome.status != JobStatus::Succeeded)
    throw std::runtime_error(QStringLiteral("%1: %2").arg(name, statusName(outcome.status)).toStdString());
}

int makeDemo(const Arguments &args) {
  ScenesOptions options;
  options.images = args.intValue(QStringLiteral("images"), options.images, 2, 1000000);
  options.seed = quint32(args.intValue(QStringLiteral("seed"), int(options.seed), 0, std::numeric_limits<int>::max()));
  options.imageSize = args.intValue(QStringLiteral("size"), options.imageSize, 64, 1024);
  const QString outDir = QDir(args.positional().first()).absolutePath();
  Dataset dataset;
  QElapsedTimer clock;
  clock.start();
  runOrThrow(QStringLiteral("Make the Scenes demo"), [&](JobContext &job) { dataset = makeScenesDemo(outDir, options, &job); });
  out() << QStringLiteral("Scenes demo written to %1 in %2 s\n").arg(outDir).arg(clock.elapsed() / 1000.0, 0, 'f', 2);
  out() << describeDataset(dataset);
  return kExitOk;
}

int info(const Arguments &args) {
  const QString path = args.positional().first();
  Dataset dataset;
  runOrThrow(QStringLiteral("Load dataset"), [&](JobContext &job) { dataset = loadDataset(path, &job); });
  if (args.isSet(QStringLiteral("json"))) out() << QJsonDocument(datasetSummary(dataset)).toJson(QJsonDocument::Indented);
  else out() << describeDataset(dataset);
  return kExitOk;
}

}  // namespace

Command datasetCommand() {
  Command makeDemoCommand;
  makeDemoCommand.name = QStringLiteral("make-demo");
  makeDemoCommand.summary = QStringLiteral("write the Scenes demo (images, dataset.json, regions.json) into OUT_DIR");
  makeDemoCommand.syntax = {QStringLiteral("OUT_DIR"), 1, 1,
                            {{QStringLiteral("images"), QStringLiteral("N"), QStringLiteral("Number of images."), QStringLiteral("1000")},
                             {QStringLiteral("seed"), QStringLiteral("S"), QStringLiteral("Random seed."), QStringLiteral("1")},
                             {QStringLiteral("size"), QStringLiteral("PX"), QStringLiteral("Image side in pixels."), QStringLiteral("128")}}};
  makeDemoCommand.run = makeDemo;

  Command infoCommand;
  infoCommand.name = QStringLiteral("info");
  infoCommand.summary = QStringLiteral("format, counts per split, vocabulary and load report of a dataset on disk");
  infoCommand.syntax = {QStringLiteral("PATH"), 1, 1, {{QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}}};
  infoCommand.run = info;

  Command command;
  command.name = QStringLiteral("dataset");
  command.summary = QStringLiteral("make the Scenes demo (make-demo) or describe a dataset on disk (info)");
  command.subcommands = {makeDemoCommand, infoCommand};
  return command;
}

}  // namespace gs::cli
