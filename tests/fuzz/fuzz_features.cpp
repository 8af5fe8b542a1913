// Fuzzes the feature-set reader: manifest.json with features.npy and the region files beside it.
// Input: the manifest, then after NULs features.npy, region_features.npy and region_boxes.npy (an
// empty piece stands for a small valid file, so the fuzzer can vary one file at a time). Every
// row and every region of what loads is read.
#include "fuzzsupport.h"

#include "io/npy.h"
#include "vision/features.h"

#include <cmath>

namespace {

void writeDefaultNpy(const QString &relative, std::int64_t rows, std::int64_t cols) {
  const std::vector<float> values(std::size_t(rows * cols), 0.5f);
  gs::writeNpy(gs::fuzz::scratch() + QLatin1Char('/') + relative, values.data(), rows, cols);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const auto parts = gs::fuzz::splitInput(gs::fuzz::bytesOf(data, size), 4);
  const QString dir = gs::fuzz::scratch() + QStringLiteral("/features");
  const QStringList names = {QStringLiteral("manifest.json"), QStringLiteral("features.npy"), QStringLiteral("region_features.npy"),
                             QStringLiteral("region_boxes.npy")};
  const std::int64_t defaults[4][2] = {{0, 0}, {2, 3}, {3, 3}, {3, 4}};
  QStringList files;
  for (std::size_t k = 0; k < 4; ++k) {
    const QString relative = QStringLiteral("features/") + names[qsizetype(k)];
    if (k > 0 && parts[k].isEmpty())
      writeDefaultNpy(relative, defaults[k][0], defaults[k][1]);
    else
      gs::fuzz::writeScratchFile(relative, parts[k]);
    files << dir + QLatin1Char('/') + names[qsizetype(k)];
  }
  files << dir;
  gs::fuzz::expectCleanRefusal(files, [&] {
    const gs::FeatureSet set = gs::loadFeatures(dir);
    double sum = 0;
    for (int row = 0; row < set.size(); ++row) {
      for (int c = 0; c < set.dim(); ++c) sum += double(set.row(row)[c]);
      for (const gs::RegionFeature &region : set.regionsOf(row)) {
        sum += double(region.box.x + region.box.y + region.box.width + region.box.height);
        for (int c = 0; c < set.dim(); ++c) sum += double(region.feature[c]);
      }
    }
    if (std::isnan(sum) && sum == sum) std::abort(); // keeps the reads
  });
  return 0;
}
