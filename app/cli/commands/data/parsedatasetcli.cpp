#include "commands/data/parsedatasetcli.h"

#include "clioutput.h"
#include "cli.h"
#include "data/loaddataset.h"
#include "engine/jobcontext.h"
#include "io/atomicfile.h"
#include "jobrunner.h"
#include "parse/conllu.h"
#include "parse/datasetparser.h"

#include <stdexcept>

namespace gs::cli {

int parseDatasetToFile(const QString &datasetPath, const QString &outFile, DependencyStyle style, int threads) {
  Engine engine;
  const JobOutcome outcome = runJob(engine, QStringLiteral("Parse captions"), [&](JobContext &job) {
    const Dataset dataset = loadDataset(datasetPath, &job);
    CaptionParseOptions options;
    options.parser.style = style;
    options.threads = threads;
    const CaptionParses parses = parseDataset(dataset, options, &job);
    // One CoNLL-U sentence per caption; the constituency tree rides along as a comment.
    QByteArray text;
    for (std::size_t i = 0; i < parses.captions.size(); ++i) {
      const ParsedCaption parsed = parses.captions[i].expand();
      if (parsed.dependency.isEmpty()) continue; // failed captions are reported as warnings
      QString sentence = toConllu(parsed, dataset.captions[i].id);
      const int firstToken = static_cast<int>(sentence.indexOf(QStringLiteral("\n1\t")));
      sentence.insert(firstToken + 1, QStringLiteral("# constituency = %1\n").arg(toPtb(parsed)));
      text += sentence.toUtf8();
    }
    writeFileAtomically(outFile, text);
    QJsonObject summary = parses.stats.toJson();
    summary.insert(QStringLiteral("dataset"), dataset.name);
    summary.insert(QStringLiteral("written"), outFile);
    job.setSummary(summary);
  });
  if (outcome.status == JobStatus::Failed) throw std::runtime_error(outcome.error.toStdString());
  if (outcome.status == JobStatus::Cancelled) {
    err() << "parse: cancelled\n";
    return kExitFailure;
  }
  const QJsonObject &s = outcome.summary;
  out() << QStringLiteral("%1 captions of %2 → %3\n").arg(s.value(QStringLiteral("captions")).toInt()).arg(s.value(QStringLiteral("dataset")).toString(), outFile)
        << QStringLiteral("  parsed %1, from cache %2, failed %3\n")
               .arg(s.value(QStringLiteral("parsed")).toInt()).arg(s.value(QStringLiteral("cached")).toInt()).arg(s.value(QStringLiteral("failed")).toInt())
        << QStringLiteral("  complete %1, partial %2, fallback %3, timed out %4\n")
               .arg(s.value(QStringLiteral("complete")).toInt()).arg(s.value(QStringLiteral("partial")).toInt())
               .arg(s.value(QStringLiteral("fallback")).toInt()).arg(s.value(QStringLiteral("timed out")).toInt())
        << QStringLiteral("  %1 captions/s on %2 threads (%3 s)\n")
               .arg(s.value(QStringLiteral("captions/s")).toString()).arg(s.value(QStringLiteral("threads")).toInt()).arg(outcome.seconds, 0, 'f', 1);
  return kExitOk;
}

}  // namespace gs::cli
