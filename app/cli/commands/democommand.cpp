// `groundscope-cli demo`: the main job, headless — what the README's run command does when
// there is no display. Each stage runs as an engine job and says what it did; later issues
// add stages (make the Scenes demo, parse, extract features, train, evaluate).

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "runtime/runtime.h"
#include "data/loaddataset.h"
#include "data/scenes/scenesdemo.h"
#include "vision/features.h"

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

    // Image features of the Scenes demo from the built-in concept CNN (trained on first use,
    // then found in the feature cache).
    const JobOutcome features = runJob(engine, QStringLiteral("Extract features"), [](JobContext &job) {
      const Dataset dataset = loadDataset(ensureScenesDemo(ScenesOptions{}, &job), &job);
      const FeatureSet set = extractFeatures(dataset, BackboneSpec::parse(QStringLiteral("concept-cnn")), {}, &job);
      const QJsonObject manifest = set.manifest();
      job.setSummary({{QStringLiteral("backbone"), QStringLiteral("concept-cnn")},
                      {QStringLiteral("images"), set.size()},
                      {QStringLiteral("dimensions"), set.dim()},
                      {QStringLiteral("images/s"), set.reused() ? QStringLiteral("cached")
                                                                : QString::number(manifest.value(QStringLiteral("images_per_second")).toDouble(), 'f', 1)},
                      {QStringLiteral("cache"), set.folder()}});
    });
    if (!report(QStringLiteral("Extract features"), features)) return kExitFailure;
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
