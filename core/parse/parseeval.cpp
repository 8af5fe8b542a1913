#include "parse/parseeval.h"

#include "parse/captiongold.h"
#include "parse/datasetparser.h"

namespace gs {

ParseEvalResult evaluateOnConllu(const QString &path, int maxSentences, int threads, JobContext *job, const QString &captionsFile) {
  std::vector<ConlluSentence> gold = readConllu(path);
  if (maxSentences > 0 && static_cast<int>(gold.size()) > maxSentences) gold.resize(static_cast<std::size_t>(maxSentences));
  if (!captionsFile.isEmpty()) fillFormsFromCaptions(gold, readFlickr8kCaptions(captionsFile), path);
  return evaluateSentences(gold, threads, job);
}

ParseEvalResult evaluateSentences(const std::vector<ConlluSentence> &gold, int threads, JobContext *job) {
  QStringList texts;
  for (const ConlluSentence &s : gold) texts << s.forms.join(QLatin1Char(' '));
  CaptionParseOptions options;
  options.parser.style = DependencyStyle::Universal;
  options.threads = threads;
  const CaptionParses parses = parseCaptions(texts, options, job);
  ParseEvalResult result;
  result.sentences = static_cast<int>(gold.size());
  result.seconds = parses.stats.seconds;
  result.complete = parses.stats.complete;
  result.partial = parses.stats.partial;
  result.fallback = parses.stats.fallback;
  for (std::size_t i = 0; i < gold.size(); ++i) {
    const ParsedCaption parsed = parses.captions[i].expand();
    if (parsed.dependency.isEmpty()) { // unparseable: every token counts as wrong
      result.scores.tokens += static_cast<int>(gold[i].forms.size());
      continue;
    }
    result.predictedConllu += toConllu(parsed, gold[i].sentId.isEmpty() ? QString::number(i + 1) : gold[i].sentId);
    const std::vector<AttachmentScores> perToken = scorePerToken(gold[i], parsed);
    for (int g = 0; g < gold[i].forms.size(); ++g) {
      const AttachmentScores &token = perToken[static_cast<std::size_t>(g)];
      result.scores.add(token);
      const QString goldRel = gold[i].relations[g].section(QLatin1Char(':'), 0, 0);
      result.byRelation[goldRel].add(token);
      if (token.headCorrect && !token.labelCorrect && parsed.tokens.size() == gold[i].forms.size())
        ++result.labelConfusions[goldRel][parsed.dependency.label(parsed.dependency.nodeOfToken(g)).section(QLatin1Char(':'), 0, 0)];
    }
  }
  return result;
}

}  // namespace gs
