// bench_mapframe: the Map panel's frame times at 10,000 and 100,000 items (widgets/map/mapframebench.h).
// Run it on a quiet machine:
//   QT_QPA_PLATFORM=offscreen build/tests/bench/bench_mapframe
// (`groundscope --bench-map-frames` and `groundscope-cli bench map` print the same tables.)

#include "map/mapframebench.h"

#include <QApplication>

#include <cstdio>

int main(int argc, char *argv[]) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  std::fputs(gs::runMapFrameBench().toUtf8().constData(), stdout);
  return 0;
}
