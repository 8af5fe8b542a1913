#pragma once
// Standard streams for the CLI: results to stdout, progress and messages to stderr.

#include <QTextStream>

namespace gs::cli {

QTextStream &out();
QTextStream &err();

// Collects what out() receives into `buffer` instead of stdout until restoreOut() (--format csv
// turns a command's JSON into CSV this way).
void captureOut(QString *buffer);
void restoreOut();

}  // namespace gs::cli
