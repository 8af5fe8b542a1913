// `groundscope-cli dataset`: make the built-in Scenes demo and inspect any dataset on disk.
//   dataset make-demo OUT_DIR [--images N] [--seed S] [--size PX]
//   dataset info PATH [--json]
// Both run as engine jobs (progress on stderr, Ctrl-C cancels). `info` exits 1 with the loader's
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

int makeDemo(const QStringList &args) {
  QCommandLineParser parser;
  parser.addPositionalArgument(QStringLiteral("OUT_DIR"), QStringLiteral("Folder to write the demo into."));
  parser.addOption({QStringLiteral("images"), QStringLiteral("Number of images (default 1000)."), QStringLiteral("N")});
  parser.addOption({QStringLiteral("seed"), QStringLiteral("Random seed (default 1)."), QStringLiteral("S")});
  parser.addOption({QStringLiteral("size"), QStringLiteral("Image side in pixels (default 128)."), QStringLiteral("PX")});
  parseArguments(parser, args, 1, 1);
  ScenesOptions options;
  options.images = intOption(parser, QStringLiteral("images"), options.images, 2, 1000000);
  options.seed = quint32(intOption(parser, QStringLiteral("seed"), int(options.seed), 0, std::numeric_limits<int>::max()));
  options.imageSize = intOption(parser, QStringLiteral("size"), options.imageSize, 64, 1024);
  const QString outDir = QDir(parser.positionalArguments().first()).absolutePath();
  Dataset dataset;
  QElapsedTimer clock;
  clock.start();
  runOrThrow(QStringLiteral("Make the Scenes demo"), [&](JobContext &job) { dataset = makeScenesDemo(outDir, options, &job); });
  out() << QStringLiteral("Scenes demo written to %1 in %2 s\n").arg(outDir).arg(clock.elapsed() / 1000.0, 0, 'f', 2);
  out() << describeDataset(dataset);
  return kExitOk;
}

int info(const QStringList &args) {
  QCommandLineParser parser;
  parser.addPositionalArgument(QStringLiteral("PATH"), QStringLiteral("Dataset folder or annotation file."));
  parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON.")});
  parseArguments(parser, args, 1, 1);
  const QString path = parser.positionalArguments().first();
  Dataset dataset;
  runOrThrow(QStringLiteral("Load dataset"), [&](JobContext &job) { dataset = loadDataset(path, &job); });
  if (parser.isSet(QStringLiteral("json"))) out() << QJsonDocument(datasetSummary(dataset)).toJson(QJsonDocument::Indented);
  else out() << describeDataset(dataset);
  return kExitOk;
}

}  // namespace

Command datasetCommand() {
  Command command;
  command.name = QStringLiteral("dataset");
  command.summary = QStringLiteral("make the Scenes demo (make-demo) or describe a dataset on disk (info)");
  command.usage = QStringLiteral("dataset make-demo OUT_DIR [--images N] [--seed S] [--size PX]\n"
                                 "       groundscope-cli dataset info PATH [--json]");
  command.run = [](const QStringList &args) {
    if (args.isEmpty()) throw UsageError("missing subcommand (make-demo or info)");
    const QString what = args.first();
    if (what == QLatin1String("make-demo")) return makeDemo(args.mid(1));
    if (what == QLatin1String("info")) return info(args.mid(1));
    throw UsageError(QStringLiteral("unknown subcommand '%1' (make-demo or info)").arg(what).toStdString());
  };
  return command;
}

}  // namespace gs::cli
