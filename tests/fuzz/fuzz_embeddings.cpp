// Fuzzes the reader of the embedding matrices a user imports (import-space): the input as a
// projector-style .tsv and as a .npy. A matrix that loads has rows and columns and no NaN.
#include "fuzzsupport.h"

#include "io/embeddingmatrix.h"

#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const QByteArray bytes = gs::fuzz::bytesOf(data, size);
  for (const QString &name : {QStringLiteral("vectors.tsv"), QStringLiteral("vectors.npy")}) {
    const QString file = gs::fuzz::writeScratchFile(name, bytes);
    gs::fuzz::expectCleanRefusal({file}, [&] {
      const gs::NpyMatrix matrix = gs::readEmbeddingMatrix(file);
      if (matrix.rows() <= 0 || matrix.cols() <= 0) std::abort();
      for (std::int64_t r = 0; r < matrix.rows(); ++r)
        for (std::int64_t c = 0; c < matrix.cols(); ++c)
          if (!std::isfinite(matrix.row(r)[c])) std::abort();
    });
  }
  return 0;
}
