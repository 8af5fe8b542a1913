// Fuzzes Karpathy's dataset_*.json reader and the regions.json beside it (the Scenes demo's phrase
// boxes). Input: the JSON, optionally followed by a NUL and the regions.json.
#include "fuzzsupport.h"

#include "data/loaddataset.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  static const bool images = (gs::fuzz::touchScratchFiles(QStringLiteral("karpathy/images"),
                                                          {QStringLiteral("a.jpg"), QStringLiteral("b.jpg"), QStringLiteral("c.jpg")}),
                              true);
  (void)images;
  const auto parts = gs::fuzz::splitInput(gs::fuzz::bytesOf(data, size), 2);
  const QString json = gs::fuzz::writeScratchFile(QStringLiteral("karpathy/dataset_x.json"), parts[0]);
  const QString regions = gs::fuzz::scratch() + QStringLiteral("/karpathy/regions.json");
  if (parts[1].isEmpty())
    QFile::remove(regions);
  else
    gs::fuzz::writeScratchFile(QStringLiteral("karpathy/regions.json"), parts[1]);
  gs::fuzz::expectCleanRefusal({json, regions}, [&] { gs::loadDataset(json); });
  return 0;
}
