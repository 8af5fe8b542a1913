// `groundscope-cli parse "SENTENCE"`: both trees of one caption (CoNLL-U and/or PTB brackets);
// `groundscope-cli parse --dataset PATH --out FILE`: every caption of a dataset, as an engine job.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "commands/data/parsedatasetcli.h"
#include "parse/captionparser.h"
#include "io/csvfield.h"
#include "parse/conllu.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gs::cli {

namespace {

DependencyStyle styleOption(const Arguments &args) {
  DependencyStyle style = DependencyStyle::Stanford;
  const QString name = args.value(QStringLiteral("style"));
  if (!name.isEmpty() && !styleFromName(name, &style))
    throw UsageError(QStringLiteral("--style: expected stanford, collapsed or ud, got '%1'").arg(name).toStdString());
  return style;
}

// One row per token, as CoNLL-U's columns that the parse fills: for --format json and csv.
struct TokenRow {
  int id, head;
  QString form, upos, xpos, deprel;
};

std::vector<TokenRow> tokenRows(const ParsedCaption &parsed) {
  const std::vector<int> heads = parsed.dependency.conllHeads();
  std::vector<TokenRow> rows;
  for (int t = 0; t < parsed.tokens.size(); ++t)
    rows.push_back({t + 1, heads[std::size_t(t)], parsed.tokens[t], parsed.upos.value(t), parsed.xpos.value(t),
                    parsed.dependency.label(parsed.dependency.nodeOfToken(t))});
  return rows;
}

QString parseJson(const ParsedCaption &parsed) {
  QJsonArray tokens;
  for (const TokenRow &r : tokenRows(parsed))
    tokens.append(QJsonObject{{QStringLiteral("id"), r.id}, {QStringLiteral("form"), r.form}, {QStringLiteral("upos"), r.upos},
                              {QStringLiteral("xpos"), r.xpos}, {QStringLiteral("head"), r.head}, {QStringLiteral("deprel"), r.deprel}});
  return QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("text"), parsed.text},
                                                     {QStringLiteral("style"), styleName(parsed.style)},
                                                     {QStringLiteral("quality"), qualityName(parsed.quality)},
                                                     {QStringLiteral("tokens"), tokens},
                                                     {QStringLiteral("constituency"), toPtb(parsed)}})
                               .toJson(QJsonDocument::Indented));
}

QString parseCsv(const ParsedCaption &parsed) {
  QString text = QStringLiteral("id,form,upos,xpos,head,deprel\r\n");
  for (const TokenRow &r : tokenRows(parsed))
    text += QStringLiteral("%1,%2,%3,%4,%5,%6\r\n").arg(r.id).arg(csvField(r.form), csvField(r.upos), csvField(r.xpos)).arg(r.head).arg(csvField(r.deprel));
  return text;
}

}  // namespace

Command parseCommand() {
  Command command;
  command.name = QStringLiteral("parse");
  command.summary = QStringLiteral("parse a caption (or a dataset) into dependency and constituency trees");
  command.syntax = {QStringLiteral("[SENTENCE]"), 0, 1,
                    {{QStringLiteral("style"), QStringLiteral("S"), QStringLiteral("Dependency style: stanford, collapsed or ud."),
                      QStringLiteral("stanford")},
                     {QStringLiteral("format"), QStringLiteral("F"), QStringLiteral("Output for one sentence: conllu, ptb, both, json (tokens and the PTB tree) or csv (one row per token)."),
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
    const QStringList formats{QStringLiteral("conllu"), QStringLiteral("ptb"), QStringLiteral("both"), QStringLiteral("json"), QStringLiteral("csv")};
    if (!formats.contains(format))
      throw UsageError(QStringLiteral("--format: expected conllu, ptb, both, json or csv, got '%1'").arg(format).toStdString());
    const QString sentence = args.positional().first();
    if (sentence.trimmed().isEmpty()) throw std::runtime_error("empty sentence: nothing to parse");
    CaptionParser captionParser(ParserOptions{style, 3});
    const ParsedCaption parsed = captionParser.parse(sentence);
    if (format == QLatin1String("json")) out() << parseJson(parsed);
    else if (format == QLatin1String("csv")) out() << parseCsv(parsed);
    else if (format != QLatin1String("ptb")) out() << toConllu(parsed);
    if (format == QLatin1String("ptb") || format == QLatin1String("both")) out() << toPtb(parsed) << '\n';
    if (parsed.quality != ParseQuality::Complete)
      err() << "note: " << qualityName(parsed.quality) << " parse" << (parsed.timedOut ? " (time limit hit)" : "") << '\n';
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
