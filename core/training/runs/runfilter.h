#pragma once
// The run table's filter language, as the Runs view's filter box and `runs --filter` read it:
//
//   model = dtrnn and margin > 1
//   (model = bow or model = dtrnn) and not tag = baseline
//   best.rsum >= 300 and dataset ~ flickr
//
// A comparison is FIELD OP VALUE with OP one of = != < <= > >= and ~ (contains, ignoring case);
// comparisons join with and, or, not and parentheses (not binds tightest, then and, then or).
// VALUE is a number, a word, or a "quoted string". FIELD is one of
//   name, folder, model, dataset, backbone, state, tag (true when any tag matches), seed, epochs,
//   kept_epoch, seconds, group
//   a setting of config.json (margin, learning_rate, …)
//   a metric (runtablemetrics.h: rsum, i2t_r1 …), optionally prefixed test., best., last., min.
//   or max.; bare, the best validation value.
// Numbers compare as numbers when both sides read as numbers, otherwise as text. A run without
// the field fails every comparison but != . Keywords and field names ignore case. Torch-free.

#include "training/runs/runindex.h"

#include <QString>
#include <QVariant>

#include <memory>
#include <stdexcept>

namespace gs {

// A malformed expression: the message names the position (1-based column) and what was expected.
class RunFilterError : public std::invalid_argument {
public:
  RunFilterError(const QString &message, int column);
  int column() const { return m_column; }

private:
  int m_column;
};

class RunFilter {
public:
  RunFilter(); // matches every run
  // Throws RunFilterError for a malformed expression or an unknown field. An empty or blank
  // expression matches every run.
  static RunFilter parse(const QString &expression);
  bool matches(const RunRecord &run) const;
  bool isEmpty() const { return !m_root; }
  QString expression() const { return m_expression; }

  struct Node; // the parsed expression (runfilter.cpp)

private:
  std::shared_ptr<const Node> m_root;
  QString m_expression;
};

// A field's value of a run as the filter and the exports read it: a number, a string, or null
// (the run has none). Throws RunFilterError (column 0) for an unknown field name.
QVariant runField(const RunRecord &run, const QString &field);

}  // namespace gs
