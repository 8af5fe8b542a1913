#pragma once
// Sentence-similarity benchmarks: pairs of sentences with a human similarity score, read from the
// files they are distributed as. SentEval's tasks, which Merkx & Frank 2019 (§4.3) evaluate on:
//  - "sts-b": STS Benchmark, sts-{train,dev,test}.csv (tab-separated: genre, file, year, id,
//    score 0–5, sentence 1, sentence 2, and on some lines source columns after them);
//  - "sick-r": SICK relatedness (1–5), either SICK.txt (12 columns, the SemEval_set column gives
//    TRAIN/TRIAL/TEST) or the SemEval-2014 task files (pair_ID, sentence_A, sentence_B,
//    relatedness_score, entailment_judgment), alone or concatenated train+trial+test (pair ids
//    restart at each block: 4,500 / 500 / 4,927);
//  - "sts12" … "sts16": the yearly STS tasks, STS.input.<subset>.txt (two sentences a line) beside
//    STS.gs.<subset>.txt (one score a line; an empty line is an unscored pair, skipped), one subset
//    per file pair in the folder.
// A malformed line is skipped and reported (file:line) in the load report. Torch-free.

#include "data/dataset.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

struct SentencePair {
  QString a, b;
  double gold = 0;  // the benchmark's human score
  QString subset;   // STS12–16: the file's subset ("MSRpar"); STS-B: its genre; SICK: ""
  QString where;    // file:line, for messages
};

struct SentencePairs {
  QString benchmark; // "sts-b", "sick-r", "sts12", …
  Split split = Split::Test;
  std::vector<SentencePair> pairs;
  LoadReport report;
};

// The benchmark names loadSentencePairs accepts.
QStringList sentenceBenchmarks();

// Reads `benchmark`'s pairs of `split` from `path` (the benchmark's folder, or one of its files).
// STS-B and SICK have train/val/test splits (SICK's TRIAL is val); the yearly STS tasks are test
// data only (`split` must be Test). Throws std::invalid_argument for an unknown benchmark or a
// split it does not have, std::runtime_error naming the path when no file of the benchmark is
// there or one cannot be read.
SentencePairs loadSentencePairs(const QString &benchmark, const QString &path, Split split = Split::Test);

}  // namespace gs
