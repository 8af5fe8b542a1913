// `groundscope-cli demo`: the main job, headless — what the README's run command does when
// there is no display. Each stage runs as an engine job and says what it did; later issues
// add stages (make the Scenes demo, parse, extract features, train, evaluate).

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "data/loaddataset.h"
#include "data/scenes/scenesdemo.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "parse/datasetparser.h"
#include "runtime/runtime.h"

namespace gs::cli {

Command demoCommand() {
  Command command;
  command.name = QStringLiteral("demo");
  command.summary = QStringLiteral("run the demo pipeline headless and print what it did");
  command.usage = QStringLiteral("demo");
  command.run = [](const QStringList &args) {
    QCommandLineParser parser;
    parseArguments(parser, args, 0, 0);
    Engine engine;
    int stage = 0;
    const auto report = [&](const QString &what, const JobOutcome &outcome) {
      out() << QStringLiteral("%1. %2: %3 (%4 s)\n")
                   .arg(++stage)
                   .arg(what, statusName(outcome.status))
                   .arg(outcome.seconds, 0, 'f', 2);
      if (outcome.status == JobStatus::Failed) {
        out() << "   " << outcome.error << '\n';
        return false;
      }
      for (auto it = outcome.summary.begin(); it != outcome.summary.end(); ++it)
        out() << "   " << it.key() << ": " << it.value().toVariant().toString() << '\n';
      out().flush();
      return outcome.status == JobStatus::Succeeded;
    };

    const JobOutcome check = runJob(engine, QStringLiteral("Runtime check"), [](JobContext &job) {
      const runtime::RuntimeInfo info = runtime::info();
      job.log(runtime::describe(info));
      const runtime::GemmRate rate = runtime::measureGemm(512, 3);
      job.setSummary({{QStringLiteral("BLAS"), info.blasName},
                      {QStringLiteral("threads"), rate.threads},
                      {QStringLiteral("GEMM GFLOP/s"), QString::number(rate.gflops, 'f', 1)}});
    });
    if (!report(QStringLiteral("Runtime check"), check)) return kExitFailure;

    const JobOutcome scenes = runJob(engine, QStringLiteral("Make the Scenes demo"), [](JobContext &job) {
      const QString folder = ensureScenesDemo(ScenesOptions{}, &job);
      const Dataset dataset = loadDataset(folder, &job);
      const DatasetStats stats = dataset.stats();
      int orderSensitive = 0;
      for (const CaptionRecord &caption : dataset.captions) orderSensitive += caption.orderSensitive ? 1 : 0;
      job.setSummary({{QStringLiteral("folder"), folder},
                      {QStringLiteral("images"), QStringLiteral("%1 (train %2, val %3, test %4)")
                                                     .arg(dataset.images.size())
                                                     .arg(stats.imagesPerSplit[int(Split::Train)])
                                                     .arg(stats.imagesPerSplit[int(Split::Val)])
                                                     .arg(stats.imagesPerSplit[int(Split::Test)])},
                      {QStringLiteral("captions"), int(dataset.captions.size())},
                      {QStringLiteral("order-sensitive captions"), orderSensitive},
                      {QStringLiteral("vocabulary"), stats.vocabularySize}});
    });
    if (!report(QStringLiteral("Make the Scenes demo"), scenes)) return kExitFailure;

    // Both trees for every caption, on all cores; a second run takes them from the parse cache.
    const JobOutcome parses = runJob(engine, QStringLiteral("Parse captions"), [](JobContext &job) {
      const Dataset dataset = loadDataset(ensureScenesDemo(ScenesOptions{}, &job), &job);
      const CaptionParseStats stats = parseDataset(dataset, CaptionParseOptions{}, &job).stats;
      job.setSummary({{QStringLiteral("captions"), stats.captions},
                      {QStringLiteral("parsed / from cache"), QStringLiteral("%1 / %2").arg(stats.parsed).arg(stats.cached)},
                      {QStringLiteral("complete / partial / fallback"),
                       QStringLiteral("%1 / %2 / %3").arg(stats.complete).arg(stats.partial).arg(stats.fallback)},
                      {QStringLiteral("captions/s"), QString::number(stats.captionsPerSecond(), 'f', 1)}});
    });
    if (!report(QStringLiteral("Parse captions"), parses)) return kExitFailure;
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
