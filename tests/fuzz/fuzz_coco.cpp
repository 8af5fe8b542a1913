// Fuzzes the MS-COCO captions_*.json reader. Input: one annotation file.
#include "fuzzsupport.h"

#include "data/loaddataset.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  static const bool images = (gs::fuzz::touchScratchFiles(QStringLiteral("coco/train2014"),
                                                          {QStringLiteral("COCO_train2014_1.jpg"), QStringLiteral("COCO_train2014_2.jpg")}),
                              true);
  (void)images;
  const QString json = gs::fuzz::writeScratchFile(QStringLiteral("coco/annotations/captions_train2014.json"),
                                                  gs::fuzz::bytesOf(data, size));
  gs::fuzz::expectCleanRefusal({json}, [&] { gs::loadDataset(json); });
  return 0;
}
