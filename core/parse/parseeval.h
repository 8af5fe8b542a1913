#pragma once
// parse-eval: parse the sentences of a gold CoNLL-U file from their FORM column (UD style) and
// score the trees against the gold ones (UAS/LAS, punctuation included, as CoNLL 2018's scorer).

#include "parse/conllu.h"

#include <map>

namespace gs {

class JobContext;

struct ParseEvalResult {
  AttachmentScores scores;
  int sentences = 0;
  int complete = 0, partial = 0, fallback = 0;
  double seconds = 0;
  // Per gold relation (universal part): tokens, correct heads, correct labels — where points are lost.
  std::map<QString, AttachmentScores> byRelation;
  // Gold relation → our relation for tokens whose head is right but label wrong, with counts.
  std::map<QString, std::map<QString, int>> labelConfusions;
  QString predictedConllu; // our trees, one CoNLL-U sentence per gold sentence
};

// maxSentences <= 0: all. threads 0: all cores. Throws std::runtime_error naming the file when it
// cannot be read or is malformed. With `captionsFile` (a Flickr8k.token.txt), the gold file is our
// caption gold set: its forms come from the captions by id (parse/captiongold.h).
ParseEvalResult evaluateOnConllu(const QString &path, int maxSentences = 0, int threads = 0, JobContext *job = nullptr,
                                 const QString &captionsFile = {});
// The same on sentences already read.
ParseEvalResult evaluateSentences(const std::vector<ConlluSentence> &gold, int threads = 0, JobContext *job = nullptr);

}  // namespace gs
