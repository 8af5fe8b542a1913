#pragma once
// Standard streams for the CLI: results to stdout, progress and messages to stderr.

#include <QTextStream>

namespace gs::cli {

QTextStream &out();
QTextStream &err();

}  // namespace gs::cli
