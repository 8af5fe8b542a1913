// `groundscope-cli parse "SENTENCE"`: both trees of one caption (CoNLL-U and/or PTB brackets);
// `groundscope-cli parse --dataset PATH --out FILE`: every caption of a dataset, as an engine job.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "commands/parsedatasetcli.h"
#include "parse/captionparser.h"
#include "parse/conllu.h"

namespace gs::cli {

namespace {

DependencyStyle styleOption(const Arguments &args) {
  DependencyStyle style = DependencyStyle::Stanford;
  const QString name = args.value(QStringLiteral("style"));
  if (!name.isEmpty() && !styleFromName(name, &style))
    throw UsageError(QStringLiteral("--style: expected stanford, collapsed or ud, got '%1'").arg(name).toStdString());
  return style;
}

}  // namespace

Command parseCommand() {
  Command command;
  command.name = QStringLiteral("parse");
  command.summary = QStringLiteral("parse a caption (or a dataset) into dependency and constituency trees");
  command.syntax = {QStringLiteral("[SENTENCE]"), 0, 1,
                    {{QStringLiteral("style"), QStringLiteral("S"), QStringLiteral("Dependency style: stanford, collapsed or ud."),
                      QStringLiteral("stanford")},
                     {QStringLiteral("format"), QStringLiteral("F"), QStringLiteral("Output for one sentence: conllu, ptb or both."),
                      QStringLiteral("both")},
                     {QStringLiteral("dataset"), QStringLiteral("PATH"), QStringLiteral("Parse every caption of this dataset instead.")},
                     {QStringLiteral("out"), QStringLiteral("FILE"), QStringLiteral("CoNLL-U file for --dataset.")},
                     {QStringLiteral("threads"), QStringLiteral("N"), QStringLiteral("Worker threads for --dataset (0: all cores)."),
                      QStringLiteral("0")}}};
  command.notes = QStringLiteral("Give either a SENTENCE or --dataset PATH --out FILE.");
  command.run = [](const Arguments &args) {
    const bool dataset = args.isSet(QStringLiteral("dataset"));
    if (dataset && !args.positional().isEmpty())
      throw UsageError(QStringLiteral("unexpected argument '%1' (--dataset parses the dataset's captions)")
                           .arg(args.positional().first())
                           .toStdString());
    if (!dataset && args.positional().isEmpty()) throw UsageError("missing argument (expected 1, got 0)");
    const DependencyStyle style = styleOption(args);
    if (dataset) {
      if (!args.isSet(QStringLiteral("out"))) throw UsageError("--dataset needs --out FILE");
      if (args.isSet(QStringLiteral("format"))) throw UsageError("--format applies to one sentence; --dataset writes CoNLL-U");
      return parseDatasetToFile(args.value(QStringLiteral("dataset")), args.value(QStringLiteral("out")), style,
                                args.intValue(QStringLiteral("threads"), 0, 0, 64));
    }
    const QString format = args.value(QStringLiteral("format"));
    if (format != QLatin1String("conllu") && format != QLatin1String("ptb") && format != QLatin1String("both"))
      throw UsageError(QStringLiteral("--format: expected conllu, ptb or both, got '%1'").arg(format).toStdString());
    const QString sentence = args.positional().first();
    if (sentence.trimmed().isEmpty()) throw std::runtime_error("empty sentence: nothing to parse");
    CaptionParser captionParser(ParserOptions{style, 3});
    const ParsedCaption parsed = captionParser.parse(sentence);
    if (format != QLatin1String("ptb")) out() << toConllu(parsed);
    if (format != QLatin1String("conllu")) out() << toPtb(parsed) << '\n';
    if (parsed.quality != ParseQuality::Complete)
      err() << "note: " << qualityName(parsed.quality) << " parse" << (parsed.timedOut ? " (time limit hit)" : "") << '\n';
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
