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

DependencyStyle styleOption(const QCommandLineParser &parser) {
  DependencyStyle style = DependencyStyle::Stanford;
  const QString name = parser.value(QStringLiteral("style"));
  if (!name.isEmpty() && !styleFromName(name, &style))
    throw UsageError(QStringLiteral("--style: expected stanford, collapsed or ud, got '%1'").arg(name).toStdString());
  return style;
}

}  // namespace

Command parseCommand() {
  Command command;
  command.name = QStringLiteral("parse");
  command.summary = QStringLiteral("parse a caption (or a dataset) into dependency and constituency trees");
  command.usage = QStringLiteral("parse \"SENTENCE\" [--style stanford|collapsed|ud] [--format conllu|ptb|both]\n"
                                 "       groundscope-cli parse --dataset PATH --out FILE [--style S] [--threads N]");
  command.run = [](const QStringList &args) {
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("style"), QStringLiteral("Dependency style: stanford, collapsed or ud."), QStringLiteral("S")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("Output: conllu, ptb or both."), QStringLiteral("F")});
    parser.addOption({QStringLiteral("dataset"), QStringLiteral("Parse every caption of this dataset."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("out"), QStringLiteral("CoNLL-U file for --dataset."), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("threads"), QStringLiteral("Worker threads for --dataset."), QStringLiteral("N")});
    const bool dataset = args.contains(QStringLiteral("--dataset"));
    parseArguments(parser, args, dataset ? 0 : 1, dataset ? 0 : 1);
    const DependencyStyle style = styleOption(parser);
    if (dataset) {
      if (!parser.isSet(QStringLiteral("out"))) throw UsageError("--dataset needs --out FILE");
      if (parser.isSet(QStringLiteral("format"))) throw UsageError("--format applies to one sentence; --dataset writes CoNLL-U");
      return parseDatasetToFile(parser.value(QStringLiteral("dataset")), parser.value(QStringLiteral("out")), style,
                                intOption(parser, QStringLiteral("threads"), 0, 0, 64));
    }
    const QString format = parser.isSet(QStringLiteral("format")) ? parser.value(QStringLiteral("format")) : QStringLiteral("both");
    if (format != QLatin1String("conllu") && format != QLatin1String("ptb") && format != QLatin1String("both"))
      throw UsageError(QStringLiteral("--format: expected conllu, ptb or both, got '%1'").arg(format).toStdString());
    const QString sentence = parser.positionalArguments().first();
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
