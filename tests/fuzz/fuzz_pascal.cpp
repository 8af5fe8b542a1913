// Fuzzes the UIUC Pascal Sentences reader: sentence/<category>/<image>.txt, five sentences per file.
// Input: two sentence files separated by a NUL.
#include "fuzzsupport.h"

#include "data/loaddataset.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  static const bool images = (gs::fuzz::touchScratchFiles(QStringLiteral("pascal/dataset/bird"),
                                                          {QStringLiteral("2008_000001.jpg"), QStringLiteral("2008_000002.jpg")}),
                              true);
  (void)images;
  const auto parts = gs::fuzz::splitInput(gs::fuzz::bytesOf(data, size), 2);
  const QString root = gs::fuzz::scratch() + QStringLiteral("/pascal");
  const QString first = gs::fuzz::writeScratchFile(QStringLiteral("pascal/sentence/bird/2008_000001.txt"), parts[0]);
  const QString second = gs::fuzz::writeScratchFile(QStringLiteral("pascal/sentence/bird/2008_000002.txt"), parts[1]);
  gs::fuzz::expectCleanRefusal({root, first, second}, [&] { gs::loadDataset(root); });
  return 0;
}
