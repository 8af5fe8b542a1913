#include "data/sentencepairs.h"

#include "data/detail/datasetbuilder.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>
#include <stdexcept>

namespace gs {

namespace {

const QString kMalformed = QStringLiteral("malformed line");

[[noreturn]] void missing(const QString &path, const QString &what) {
  throw std::runtime_error(QStringLiteral("%1: %2").arg(path, what).toStdString());
}

bool parseScore(const QString &text, double *score) {
  bool ok = false;
  *score = text.trimmed().toDouble(&ok);
  return ok && std::isfinite(*score);
}

void addPair(SentencePairs &out, const QString &a, const QString &b, double gold, const QString &subset, const QString &where) {
  if (a.trimmed().isEmpty() || b.trimmed().isEmpty()) {
    out.report.add(kMalformed, QStringLiteral("%1: an empty sentence").arg(where));
    return;
  }
  out.pairs.push_back({a.trimmed(), b.trimmed(), gold, subset, where});
}

// STS Benchmark: sts-train.csv / sts-dev.csv / sts-test.csv.
void readStsBenchmark(const QString &path, SentencePairs &out) {
  const QString name = out.split == Split::Train ? QStringLiteral("sts-train.csv")
                       : out.split == Split::Val ? QStringLiteral("sts-dev.csv")
                                                 : QStringLiteral("sts-test.csv");
  const QString file = QFileInfo(path).isDir() ? QDir(path).filePath(name) : path;
  if (!QFileInfo::exists(file)) missing(path, QStringLiteral("no %1 (the STS Benchmark's %2 file)").arg(name, splitName(out.split)));
  const QList<QByteArray> lines = detail::textLines(detail::readFileBytes(file));
  for (int i = 0; i < lines.size(); ++i) {
    const QString where = QStringLiteral("%1:%2").arg(file).arg(i + 1);
    const QStringList fields = detail::decodeText(lines[i], where, out.report).split(QLatin1Char('\t'));
    double score = 0;
    if (fields.size() < 7 || !parseScore(fields[4], &score)) {
      out.report.add(kMalformed, QStringLiteral("%1: expected genre, file, year, id, score, sentence 1, sentence 2 (tab-separated)").arg(where));
      continue;
    }
    addPair(out, fields[5], fields[6], score, fields[0], where);
  }
}

// SICK, in either distribution (see the header).
void readSick(const QString &path, SentencePairs &out) {
  QString file = path;
  if (QFileInfo(path).isDir()) {
    for (const QString &name : {QStringLiteral("SICK.txt"), QStringLiteral("SICK_semeval2014_train_trial_test.txt"),
                                out.split == Split::Train ? QStringLiteral("SICK_train.txt")
                                : out.split == Split::Val ? QStringLiteral("SICK_trial.txt")
                                                          : QStringLiteral("SICK_test_annotated.txt")})
      if (QFileInfo::exists(QDir(path).filePath(name))) {
        file = QDir(path).filePath(name);
        break;
      }
    if (file == path) missing(path, QStringLiteral("no SICK file (SICK.txt, or the SemEval-2014 SICK_*.txt files)"));
  }
  const QList<QByteArray> lines = detail::textLines(detail::readFileBytes(file));
  if (lines.isEmpty()) missing(file, QStringLiteral("empty"));
  const QStringList header = QString::fromUtf8(lines.first()).split(QLatin1Char('\t'));
  const int set = int(header.indexOf(QStringLiteral("SemEval_set")));
  const int a = int(header.indexOf(QStringLiteral("sentence_A"))), b = int(header.indexOf(QStringLiteral("sentence_B")));
  const int score = int(header.indexOf(QStringLiteral("relatedness_score")));
  if (a < 0 || b < 0 || score < 0) missing(file, QStringLiteral("line 1: expected a SICK header (sentence_A, sentence_B, relatedness_score)"));
  // Without a SemEval_set column: a single task file is its own split (by name); the concatenated
  // file's blocks are told apart by the pair ids restarting.
  const QString base = QFileInfo(file).fileName();
  const bool single = base.startsWith(QLatin1String("SICK_train")) || base.startsWith(QLatin1String("SICK_trial")) ||
                      base.startsWith(QLatin1String("SICK_test"));
  const Split singleSplit = base.startsWith(QLatin1String("SICK_train"))   ? Split::Train
                            : base.startsWith(QLatin1String("SICK_trial")) ? Split::Val
                                                                            : Split::Test;
  int block = 0, lastId = 0;
  const Split blocks[] = {Split::Train, Split::Val, Split::Test};
  for (int i = 1; i < lines.size(); ++i) {
    const QString where = QStringLiteral("%1:%2").arg(file).arg(i + 1);
    const QStringList fields = detail::decodeText(lines[i], where, out.report).split(QLatin1Char('\t'));
    double gold = 0;
    if (fields.size() < header.size() || !parseScore(fields[score], &gold)) {
      out.report.add(kMalformed, QStringLiteral("%1: expected %2 tab-separated fields with a relatedness score").arg(where).arg(header.size()));
      continue;
    }
    Split split = singleSplit;
    if (set >= 0) {
      const QString name = fields[set].trimmed().toUpper();
      split = name == QLatin1String("TRAIN") ? Split::Train : name == QLatin1String("TRIAL") ? Split::Val : Split::Test;
    } else if (!single) {
      const int id = fields[0].toInt();
      if (id < lastId && block < 2) ++block;
      lastId = id;
      split = blocks[block];
    }
    if (split == out.split) addPair(out, fields[a], fields[b], gold, QString(), where);
  }
}

// STS 2012–2016: every STS.input.<subset>.txt of the folder with its STS.gs.<subset>.txt.
void readStsYear(const QString &path, SentencePairs &out) {
  const QDir dir(QFileInfo(path).isDir() ? path : QFileInfo(path).path());
  const QStringList inputs = dir.entryList({QStringLiteral("STS.input.*.txt")}, QDir::Files, QDir::Name);
  if (inputs.isEmpty()) missing(path, QStringLiteral("no STS.input.*.txt files (the %1 task's test data)").arg(out.benchmark));
  for (const QString &input : inputs) {
    const QString subset = input.mid(10, input.size() - 14); // between "STS.input." and ".txt"
    const QString gs = dir.filePath(QStringLiteral("STS.gs.%1.txt").arg(subset));
    if (!QFileInfo::exists(gs)) {
      out.report.add(QStringLiteral("missing scores"), QStringLiteral("%1: no %2 beside it").arg(dir.filePath(input), QFileInfo(gs).fileName()));
      continue;
    }
    const QList<QByteArray> sentences = detail::textLines(detail::readFileBytes(dir.filePath(input)));
    const QList<QByteArray> scores = detail::textLines(detail::readFileBytes(gs));
    if (sentences.size() != scores.size())
      out.report.add(kMalformed, QStringLiteral("%1: %2 lines, but %3 has %4").arg(dir.filePath(input)).arg(sentences.size()).arg(gs).arg(scores.size()));
    for (int i = 0; i < std::min(sentences.size(), scores.size()); ++i) {
      const QString where = QStringLiteral("%1:%2").arg(dir.filePath(input)).arg(i + 1);
      if (scores[i].trimmed().isEmpty()) continue; // an unscored pair: not part of the evaluation
      const QStringList fields = detail::decodeText(sentences[i], where, out.report).split(QLatin1Char('\t'));
      double gold = 0;
      if (fields.size() < 2 || !parseScore(QString::fromUtf8(scores[i]), &gold)) {
        out.report.add(kMalformed, QStringLiteral("%1: expected two tab-separated sentences and a score in %2:%3").arg(where, gs).arg(i + 1));
        continue;
      }
      addPair(out, fields[0], fields[1], gold, subset, where);
    }
  }
}

}  // namespace

QStringList sentenceBenchmarks() {
  return {QStringLiteral("sts-b"), QStringLiteral("sick-r"), QStringLiteral("sts12"), QStringLiteral("sts13"),
          QStringLiteral("sts14"), QStringLiteral("sts15"), QStringLiteral("sts16")};
}

SentencePairs loadSentencePairs(const QString &benchmark, const QString &path, Split split) {
  const QString name = benchmark.toLower();
  if (!sentenceBenchmarks().contains(name))
    throw std::invalid_argument(QStringLiteral("unknown benchmark '%1' (known: %2)").arg(benchmark, sentenceBenchmarks().join(QStringLiteral(", "))).toStdString());
  if (split == Split::Unassigned) throw std::invalid_argument("sentence pairs: give train, val or test");
  if (!QFileInfo::exists(path)) missing(path, QStringLiteral("no such file or folder"));
  SentencePairs out;
  out.benchmark = name;
  out.split = split;
  if (name == QLatin1String("sts-b")) {
    readStsBenchmark(path, out);
  } else if (name == QLatin1String("sick-r")) {
    readSick(path, out);
  } else {
    if (split != Split::Test) throw std::invalid_argument(QStringLiteral("%1 has test data only").arg(name).toStdString());
    readStsYear(path, out);
  }
  return out;
}

}  // namespace gs
