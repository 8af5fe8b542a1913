// `groundscope-cli bench parse`: captions/s of the caption parser on the Scenes demo (or any
// dataset) with 1 and 2 worker threads; the 1-thread run is the baseline of the same run.

#include "arguments.h"
#include "cli.h"
#include "commands/commands.h"
#include "clioutput.h"
#include "data/loaddataset.h"
#include "data/scenes/scenesdemo.h"
#include "parse/datasetparser.h"

#include <QJsonDocument>

namespace gs::cli {

namespace {

int benchParse(const Arguments &args) {
  const int limit = args.intValue(QStringLiteral("limit"), 0, 0, 10000000);
  const QString path = args.isSet(QStringLiteral("dataset")) ? args.value(QStringLiteral("dataset")) : ensureScenesDemo(ScenesOptions{});
  const Dataset dataset = loadDataset(path);
  QStringList texts;
  for (const CaptionRecord &caption : dataset.captions)
    if (limit <= 0 || texts.size() < limit) texts << caption.raw;
  // Warm-up: the shared Link Grammar dictionary loads once per process; keep it out of the timing.
  parseCaptions({QStringLiteral("A dog runs.")}, CaptionParseOptions{});
  CaptionParseOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const CaptionParseStats a = parseCaptions(texts, one).stats;
  const CaptionParseStats b = parseCaptions(texts, two).stats;
  const double speedup = a.captionsPerSecond() > 0 ? b.captionsPerSecond() / a.captionsPerSecond() : 0;
  if (args.isSet(QStringLiteral("json"))) {
    const QJsonObject json{{QStringLiteral("dataset"), dataset.name},
                           {QStringLiteral("captions"), static_cast<int>(texts.size())},
                           {QStringLiteral("captions_per_s_1_thread"), a.captionsPerSecond()},
                           {QStringLiteral("captions_per_s_2_threads"), b.captionsPerSecond()},
                           {QStringLiteral("speedup"), speedup},
                           {QStringLiteral("complete"), b.complete},
                           {QStringLiteral("partial"), b.partial},
                           {QStringLiteral("fallback"), b.fallback}};
    out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  out() << QStringLiteral("Parsing %1 captions of %2 (no cache):\n").arg(texts.size()).arg(dataset.name)
        << QStringLiteral("  1 thread:  %1 captions/s (baseline, %2 s)\n").arg(a.captionsPerSecond(), 0, 'f', 1).arg(a.seconds, 0, 'f', 2)
        << QStringLiteral("  2 threads: %1 captions/s (%2x baseline, %3 s)\n")
               .arg(b.captionsPerSecond(), 0, 'f', 1).arg(speedup, 0, 'f', 2).arg(b.seconds, 0, 'f', 2)
        << QStringLiteral("  complete %1, partial %2, fallback %3, timed out %4\n").arg(b.complete).arg(b.partial).arg(b.fallback).arg(b.timedOut);
  return kExitOk;
}

}  // namespace

Command benchParseCommand() {
  Command command;
  command.name = QStringLiteral("parse");
  command.summary = QStringLiteral("captions/s of the caption parser on 1 and 2 threads");
  command.syntax.options = {
      {QStringLiteral("dataset"), QStringLiteral("PATH"), QStringLiteral("Dataset to parse (default: the Scenes demo).")},
      {QStringLiteral("limit"), QStringLiteral("N"), QStringLiteral("Parse only the first N captions (0: all)."), QStringLiteral("0")},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}};
  command.run = benchParse;
  return command;
}

}  // namespace gs::cli
