// `groundscope-cli similarity RUN_DIR --benchmark sts-b|sick-r|sts12…sts16 --data PATH [--split test]`:
// the run's sentence encoder on a sentence-similarity benchmark (Merkx & Frank 2019 §4.3, SentEval's
// protocol): Pearson's r and Spearman's ρ ×100 between the cosine of the two sentences' vectors and
// the human scores, with the pairs used and those skipped and why. The result is kept in the run's
// result.json (where `compare` and the Training dock read it).

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "inference/sentencesimilarity.h"
#include "inference/trainedmodel.h"

#include <QJsonDocument>

namespace gs::cli {

Command similarityCommand() {
  Command command;
  command.name = QStringLiteral("similarity");
  command.summary = QStringLiteral("sentence-similarity correlation (STS-B, SICK-R, STS12–16) of a run's sentence encoder");
  command.syntax = {QStringLiteral("RUN_DIR"), 1, 1,
                    {{QStringLiteral("benchmark"), QStringLiteral("NAME"), QStringLiteral("sts-b, sick-r, sts12, sts13, sts14, sts15 or sts16."), {}, true},
                     {QStringLiteral("data"), QStringLiteral("PATH"), QStringLiteral("The benchmark's folder or file."), {}, true},
                     {QStringLiteral("split"), QStringLiteral("SPLIT"), QStringLiteral("train, val or test (STS12–16: test only)."), QStringLiteral("test")},
                     {QStringLiteral("json"), {}, QStringLiteral("Print JSON only.")}}};
  command.notes = QStringLiteral("Pairs with a sentence of which the run knows no word are skipped and counted; tree models parse "
                                 "both sentences through the parse cache (fallback parses are counted, not skipped). STS12–16 "
                                 "report each subset and their pair-weighted mean.");
  command.run = [](const Arguments &args) {
    const QString runDir = args.positional().first();
    const QString benchmark = args.value(QStringLiteral("benchmark")).toLower();
    if (!sentenceBenchmarks().contains(benchmark))
      throw UsageError(QStringLiteral("--benchmark: '%1' is not one of %2").arg(benchmark, sentenceBenchmarks().join(QStringLiteral(", "))).toStdString());
    const auto split = splitFromName(args.value(QStringLiteral("split")));
    if (!split || *split == Split::Unassigned) throw UsageError("--split: expected train, val or test");
    SimilarityResult result;
    SentencePairs pairs;
    Engine engine;
    requireSuccess(runJob(engine, QStringLiteral("Sentence similarity"), [&](JobContext &job) {
      try {
        pairs = loadSentencePairs(benchmark, args.value(QStringLiteral("data")), *split);
      } catch (const std::invalid_argument &error) {
        throw std::runtime_error(error.what());
      }
      for (const LoadIssue &issue : pairs.report.issues)
        for (const QString &example : issue.examples) job.warn(QStringLiteral("%1: %2").arg(issue.kind, example));
      const TrainedModel model = TrainedModel::open(runDir);
      result = evaluateSimilarity(model, pairs, &job);
      recordSimilarity(runDir, result);
    }));
    if (args.isSet(QStringLiteral("json"))) {
      out() << QJsonDocument(result.toJson()).toJson(QJsonDocument::Indented);
      return kExitOk;
    }
    out() << result.summary() << '\n';
    for (const SimilarityScore &s : result.subsets)
      out() << QStringLiteral("  %1: r %2, ρ %3 (%4 pairs)\n").arg(s.name, -16).arg(s.pearson, 0, 'f', 1).arg(s.spearman, 0, 'f', 1).arg(s.pairs);
    if (result.malformedLines > 0) out() << QStringLiteral("%1 malformed lines skipped (see the log above)\n").arg(result.malformedLines);
    if (result.fallbackParses > 0)
      out() << QStringLiteral("%1 sentences Link Grammar could not parse, encoded as flat trees\n").arg(result.fallbackParses);
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
