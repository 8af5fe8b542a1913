#pragma once
// Which BLAS the process loaded. Debian's LibTorch calls whatever libblas.so.3 the
// alternatives system selects, and that decides a factor of ~15 in GEMM speed.

#include <QString>

namespace gs::runtime {

struct BlasLibrary {
  QString path;   // resolved path of the loaded shared object; empty if none was found
  QString name;   // human name derived from the path
  // OpenBLAS: the kernel it chose for this CPU at load time (openblas_get_corename), e.g. "Haswell";
  // empty for other libraries. OpenBLAS falls back to a generic SSE3 kernel ("Prescott") on CPUs
  // newer than it knows, about 6× slower; OPENBLAS_CORETYPE, set before start, overrides the choice.
  QString kernel;
  bool genericKernel = false; // a generic kernel although the CPU has AVX2
};

BlasLibrary loadedBlas();
// Classifies a resolved library path ("/usr/lib/.../openblas-openmp/libblas.so.3" → "OpenBLAS (OpenMP)").
QString blasNameFromPath(const QString &path);

}  // namespace gs::runtime
