// Fuzzes the CSV/TSV reader (quoted fields and line breaks, a BOM, a header or none, a split column).
// Input: a byte whose low bit chooses the extension (.csv or .tsv), then the file, so both
// delimiters are fuzzed with the same corpus.
#include "fuzzsupport.h"

#include "data/loaddataset.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  static const bool images = (gs::fuzz::touchScratchFiles(QStringLiteral("csv/img"),
                                                          {QStringLiteral("1.jpg"), QStringLiteral("2.jpg"), QStringLiteral("3.png")}),
                              true);
  (void)images;
  if (size == 0) return 0;
  const bool tsv = data[0] & 1;
  const QString file = gs::fuzz::writeScratchFile(tsv ? QStringLiteral("csv/pairs.tsv") : QStringLiteral("csv/pairs.csv"),
                                                  gs::fuzz::bytesOf(data + 1, size - 1));
  gs::fuzz::expectCleanRefusal({file}, [&] { gs::loadDataset(file); });
  QFile::remove(file); // the folder must hold one table only, or detection would pick either
  return 0;
}
