// Fuzzes the sentence-similarity readers: STS Benchmark CSV, SICK, and the yearly STS input/gold
// pairs. Input: the first byte picks the benchmark; the rest is its file (for STS 2012–2016, the
// input file, then after a NUL the gold scores).
#include "fuzzsupport.h"

#include "data/sentencepairs.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  if (size == 0) return 0;
  const int which = data[0] % 3;
  const auto parts = gs::fuzz::splitInput(gs::fuzz::bytesOf(data + 1, size - 1), 2);
  QString folder;
  QString benchmark;
  QStringList files;
  if (which == 0) {
    benchmark = QStringLiteral("sts-b");
    folder = QStringLiteral("stsb");
    files << gs::fuzz::writeScratchFile(folder + QStringLiteral("/sts-test.csv"), parts[0]);
  } else if (which == 1) {
    benchmark = QStringLiteral("sick-r");
    folder = QStringLiteral("sick");
    files << gs::fuzz::writeScratchFile(folder + QStringLiteral("/SICK.txt"), parts[0]);
  } else {
    benchmark = QStringLiteral("sts14");
    folder = QStringLiteral("sts14");
    files << gs::fuzz::writeScratchFile(folder + QStringLiteral("/STS.input.news.txt"), parts[0])
          << gs::fuzz::writeScratchFile(folder + QStringLiteral("/STS.gs.news.txt"), parts[1]);
  }
  const QString dir = gs::fuzz::scratch() + QLatin1Char('/') + folder;
  files << dir;
  gs::fuzz::expectCleanRefusal(files, [&] { gs::loadSentencePairs(benchmark, dir); });
  return 0;
}
