#include "clioutput.h"

#include <QFile>

#include <cstdio>

namespace gs::cli {

QTextStream &out() {
  static QTextStream stream(stdout);
  return stream;
}

void captureOut(QString *buffer) {
  out().flush();
  out().setString(buffer);
}

void restoreOut() {
  out().flush();
  out().setDevice(nullptr);
  static QFile standardOutput;
  if (!standardOutput.isOpen()) standardOutput.open(stdout, QIODevice::WriteOnly);
  out().setDevice(&standardOutput);
}

QTextStream &err() {
  static QTextStream stream(stderr);
  return stream;
}

}  // namespace gs::cli
