// `groundscope-cli bench lab RUN_DIR`: what one edit in the caption lab costs (parse, score, rank
// among the split's images, explain), against scoring the same sentence without explaining it, in the same run.
// The lab's budget is 200 ms an edit.

#include "arguments.h"
#include "cli.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "experiments/bench/captionlabbench.h"
#include "inference/trainedmodel.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace gs::cli {

namespace {

constexpr double kBudgetMs = 200;

int benchCaptionLab(const Arguments &args) {
  const QString runDir = args.positional().first();
  const auto method = enumFromName<AttributionMethod>(args.value(QStringLiteral("method")));
  if (!method) throw UsageError(QStringLiteral("--method: expected %1").arg(attributionMethodNames().join(QStringLiteral(", "))).toStdString());
  const auto split = splitFromName(args.value(QStringLiteral("split")));
  if (!split) throw UsageError("--split: expected train, val or test");
  const int edits = args.intValue(QStringLiteral("edits"), 50, 1, 100000);
  auto data = std::make_shared<const TrainingData>(TrainedModel::open(runDir).prepareData());
  const CaptionLabTiming t = measureCaptionLab(runDir, data, *split, edits, *method);
  if (args.isSet(QStringLiteral("json"))) {
    out() << QJsonDocument(QJsonObject{{QStringLiteral("model"), t.model},
                                       {QStringLiteral("method"), enumName(t.method)},
                                       {QStringLiteral("edits"), t.edits},
                                       {QStringLiteral("candidates"), t.candidates},
                                       {QStringLiteral("median_ms"), t.medianMs},
                                       {QStringLiteral("p95_ms"), t.p95Ms},
                                       {QStringLiteral("score_median_ms"), t.scoreMedianMs},
                                       {QStringLiteral("ratio_to_scoring"), t.ratio()},
                                       {QStringLiteral("budget_ms"), kBudgetMs},
                                       {QStringLiteral("within_budget"), t.p95Ms <= kBudgetMs}})
                 .toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  out() << QStringLiteral("caption lab, %1, %2: %3 edits ranked among %4 images\n")
               .arg(t.model, enumName(t.method)).arg(t.edits).arg(t.candidates)
        << QStringLiteral("  one edit: median %1 ms, 95th percentile %2 ms (budget %3 ms: %4)\n")
               .arg(t.medianMs, 0, 'f', 1).arg(t.p95Ms, 0, 'f', 1).arg(kBudgetMs, 0, 'f', 0)
               .arg(t.p95Ms <= kBudgetMs ? QStringLiteral("within") : QStringLiteral("over"))
        << QStringLiteral("  scoring the sentence without explaining it: median %1 ms; an edit costs %2× that\n")
               .arg(t.scoreMedianMs, 0, 'f', 1).arg(t.ratio(), 0, 'f', 1);
  return kExitOk;
}

}  // namespace

Command benchCaptionLabCommand() {
  Command command;
  command.name = QStringLiteral("lab");
  command.summary = QStringLiteral("what one edit in the caption lab costs (parse, score, rank, explain) against scoring alone");
  command.syntax = {QStringLiteral("RUN_DIR"), 1, 1,
                    {{QStringLiteral("edits"), QStringLiteral("N"), QStringLiteral("Edits measured (captions of the split, last word dropped)."), QStringLiteral("50")},
                     {QStringLiteral("method"), QStringLiteral("METHOD"), QStringLiteral("occlusion, gradient or ig."), QStringLiteral("occlusion")},
                     {QStringLiteral("split"), QStringLiteral("SPLIT"), QStringLiteral("The captions and the images ranked."), QStringLiteral("test")},
                     {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}}};
  command.run = benchCaptionLab;
  return command;
}

}  // namespace gs::cli
