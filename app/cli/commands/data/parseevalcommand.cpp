// `groundscope-cli parse-eval GOLD.conllu`: parse the gold sentences from their FORM column (UD
// style) and print UAS and LAS with the counts behind them, and where points are lost.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "io/atomicfile.h"
#include "parse/parseeval.h"

#include <QFileInfo>
#include <QJsonDocument>

#include <algorithm>
#include <tuple>

namespace gs::cli {

Command parseEvalCommand() {
  Command command;
  command.name = QStringLiteral("parse-eval");
  command.summary = QStringLiteral("UAS/LAS of the caption parser (UD style) against a gold CoNLL-U file");
  command.syntax = {QStringLiteral("GOLD.conllu"), 1, 1,
                    {{QStringLiteral("limit"), QStringLiteral("N"), QStringLiteral("Only the first N sentences (0: all)."), QStringLiteral("0")},
                     {QStringLiteral("threads"), QStringLiteral("N"), QStringLiteral("Worker threads (0: all cores)."), QStringLiteral("0")},
                     {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")},
                     {QStringLiteral("out"), QStringLiteral("PARSED.conllu"), QStringLiteral("Also write our trees as CoNLL-U.")},
                     {QStringLiteral("captions"), QStringLiteral("FILE"),
                      QStringLiteral("GOLD is a caption gold set (tests/data/flickr8k-captions-ud.conllu): read its words from this "
                                     "Flickr8k.token.txt (or the folder holding it) by caption id.")}}};
  command.run = [](const Arguments &args) {
    const QString path = args.positional().first();
    const int limit = args.intValue(QStringLiteral("limit"), 0, 0, 1000000);
    const int threads = args.intValue(QStringLiteral("threads"), 0, 0, 64);
    if (!QFileInfo::exists(path)) throw std::runtime_error(QStringLiteral("%1: no such file").arg(path).toStdString());
    QString captions = args.value(QStringLiteral("captions"));
    if (!captions.isEmpty() && QFileInfo(captions).isDir()) captions += QStringLiteral("/Flickr8k.token.txt");
    if (!captions.isEmpty() && !QFileInfo::exists(captions))
      throw std::runtime_error(QStringLiteral("%1: no such file").arg(captions).toStdString());
    Engine engine;
    ParseEvalResult result;
    const JobOutcome outcome = runJob(engine, QStringLiteral("Parse evaluation"), [&](JobContext &job) {
      result = evaluateOnConllu(path, limit, threads, &job, captions);
    });
    if (outcome.status != JobStatus::Succeeded)
      throw std::runtime_error(outcome.status == JobStatus::Failed ? outcome.error.toStdString() : std::string("cancelled"));
    if (args.isSet(QStringLiteral("out"))) writeFileAtomically(args.value(QStringLiteral("out")), result.predictedConllu.toUtf8());
    const AttachmentScores &s = result.scores;
    if (args.isSet(QStringLiteral("json"))) {
      const QJsonObject json{{QStringLiteral("sentences"), result.sentences}, {QStringLiteral("tokens"), s.tokens},
                             {QStringLiteral("head_correct"), s.headCorrect}, {QStringLiteral("label_correct"), s.labelCorrect},
                             {QStringLiteral("uas"), s.uas()}, {QStringLiteral("las"), s.las()},
                             {QStringLiteral("complete"), result.complete}, {QStringLiteral("partial"), result.partial},
                             {QStringLiteral("fallback"), result.fallback}, {QStringLiteral("seconds"), result.seconds}};
      out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
      return kExitOk;
    }
    out() << QStringLiteral("%1: %2 sentences, %3 tokens (punctuation included), style ud\n").arg(path).arg(result.sentences).arg(s.tokens)
          << QStringLiteral("UAS %1%  (%2 / %3 heads)\n").arg(100 * s.uas(), 0, 'f', 2).arg(s.headCorrect).arg(s.tokens)
          << QStringLiteral("LAS %1%  (%2 / %3 heads and labels)\n").arg(100 * s.las(), 0, 'f', 2).arg(s.labelCorrect).arg(s.tokens)
          << QStringLiteral("parses: %1 complete, %2 partial, %3 fallback; %4 s\n")
                 .arg(result.complete).arg(result.partial).arg(result.fallback).arg(result.seconds, 0, 'f', 1)
          << "Lost heads by gold relation (tokens, UAS, LAS), largest losses first:\n";
    std::vector<std::pair<QString, AttachmentScores>> rows(result.byRelation.begin(), result.byRelation.end());
    std::sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) {
      return a.second.tokens - a.second.headCorrect > b.second.tokens - b.second.headCorrect;
    });
    for (std::size_t i = 0; i < rows.size() && i < 15; ++i)
      out() << QStringLiteral("  %1 %2  UAS %3%  LAS %4%  (%5 heads lost)\n")
                   .arg(rows[i].first, -10)
                   .arg(rows[i].second.tokens, 6)
                   .arg(100 * rows[i].second.uas(), 5, 'f', 1)
                   .arg(100 * rows[i].second.las(), 5, 'f', 1)
                   .arg(rows[i].second.tokens - rows[i].second.headCorrect);
    out() << "Right head, wrong label (gold → ours, most frequent):\n";
    std::vector<std::tuple<int, QString, QString>> confusions;
    for (const auto &[gold, ours] : result.labelConfusions)
      for (const auto &[label, count] : ours) confusions.emplace_back(count, gold, label);
    std::sort(confusions.rbegin(), confusions.rend());
    for (std::size_t i = 0; i < confusions.size() && i < 10; ++i)
      out() << QStringLiteral("  %1 → %2: %3\n").arg(std::get<1>(confusions[i]), std::get<2>(confusions[i])).arg(std::get<0>(confusions[i]));
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
