#include "clioutput.h"

#include <cstdio>

namespace gs::cli {

QTextStream &out() {
  static QTextStream stream(stdout);
  return stream;
}

QTextStream &err() {
  static QTextStream stream(stderr);
  return stream;
}

}  // namespace gs::cli
