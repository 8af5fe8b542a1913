// Fuzzes the .npy reader: the header parser on the bytes, then the file through NpyMatrix::open
// (mapped or converted), reading every value so a wrong size cannot hide behind the mapping.
#include "fuzzsupport.h"

#include "io/npy.h"

#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const QByteArray bytes = gs::fuzz::bytesOf(data, size);
  try {
    const gs::NpyHeader header = gs::parseNpyHeader(bytes.constData(), bytes.size(), QStringLiteral("input.npy"));
    if (header.rows() < 0 || header.cols() < 0 || header.dataOffset > bytes.size() + 65536) std::abort();
  } catch (const std::runtime_error &e) {
    if (!QString::fromUtf8(e.what()).contains(QStringLiteral("input.npy"))) std::abort();
  }
  const QString file = gs::fuzz::writeScratchFile(QStringLiteral("features.npy"), bytes);
  gs::fuzz::expectCleanRefusal({file}, [&] {
    const gs::NpyMatrix matrix = gs::NpyMatrix::open(file);
    double sum = 0;
    for (std::int64_t r = 0; r < matrix.rows(); ++r)
      for (std::int64_t c = 0; c < matrix.cols(); ++c) sum += double(matrix.row(r)[c]);
    if (std::isnan(sum) && sum == sum) std::abort(); // keeps the reads from being optimised away
  });
  return 0;
}
