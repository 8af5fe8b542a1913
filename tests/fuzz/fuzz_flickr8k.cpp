// Fuzzes the Flickr8k native reader: Flickr8k.token.txt and the official split files. Input: the token
// file, then after NULs the train, dev and test image lists.
#include "fuzzsupport.h"

#include "data/loaddataset.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  static const bool images = (gs::fuzz::touchScratchFiles(QStringLiteral("flickr8k/images"),
                                                          {QStringLiteral("100_a.jpg"), QStringLiteral("200_b.jpg"), QStringLiteral("300_c.jpg")}),
                              true);
  (void)images;
  const auto parts = gs::fuzz::splitInput(gs::fuzz::bytesOf(data, size), 4);
  const QString tokens = gs::fuzz::writeScratchFile(QStringLiteral("flickr8k/Flickr8k.token.txt"), parts[0]);
  const QStringList splitFiles = {QStringLiteral("Flickr_8k.trainImages.txt"), QStringLiteral("Flickr_8k.devImages.txt"),
                                  QStringLiteral("Flickr_8k.testImages.txt")};
  QStringList files = {tokens};
  for (int k = 0; k < 3; ++k) files << gs::fuzz::writeScratchFile(QStringLiteral("flickr8k/") + splitFiles[k], parts[std::size_t(k) + 1]);
  gs::fuzz::expectCleanRefusal(files, [&] { gs::loadDataset(tokens); });
  return 0;
}
