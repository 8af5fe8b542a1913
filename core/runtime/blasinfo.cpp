#include "runtime/blasinfo.h"

#include <QFileInfo>

#include <dlfcn.h>
#include <link.h>

namespace gs::runtime {

namespace {
int collectBlas(dl_phdr_info *info, size_t, void *data) {
  auto *found = static_cast<QString *>(data);
  const QString path = QString::fromLocal8Bit(info->dlpi_name);
  const QString file = QFileInfo(path).fileName();
  if (file.startsWith(QLatin1String("libblas.so")) || file.startsWith(QLatin1String("libopenblas")) ||
      file.startsWith(QLatin1String("libmkl_rt")) || file.startsWith(QLatin1String("libblis"))) {
    *found = path;
    return 1; // stop: the first BLAS in load order is the one symbols resolve to
  }
  return 0;
}
}  // namespace

QString blasNameFromPath(const QString &path) {
  const QString p = path.toLower();
  if (p.isEmpty()) return QStringLiteral("none found");
  if (p.contains(QLatin1String("openblas"))) {
    if (p.contains(QLatin1String("openmp"))) return QStringLiteral("OpenBLAS (OpenMP)");
    if (p.contains(QLatin1String("pthread"))) return QStringLiteral("OpenBLAS (pthreads)");
    if (p.contains(QLatin1String("serial"))) return QStringLiteral("OpenBLAS (serial)");
    return QStringLiteral("OpenBLAS");
  }
  if (p.contains(QLatin1String("mkl"))) return QStringLiteral("Intel MKL");
  if (p.contains(QLatin1String("blis"))) return QStringLiteral("BLIS");
  if (p.contains(QLatin1String("atlas"))) return QStringLiteral("ATLAS");
  if (p.contains(QLatin1String("/blas/"))) return QStringLiteral("reference BLAS (slow: install libopenblas0-openmp)");
  return QStringLiteral("unknown BLAS");
}

BlasLibrary loadedBlas() {
  QString path;
  dl_iterate_phdr(collectBlas, &path);
  BlasLibrary blas;
  if (!path.isEmpty()) {
    const QString resolved = QFileInfo(path).canonicalFilePath();
    blas.path = resolved.isEmpty() ? path : resolved;
  }
  blas.name = blasNameFromPath(blas.path);
  using CoreName = char *(*)();
  if (const auto coreName = reinterpret_cast<CoreName>(dlsym(RTLD_DEFAULT, "openblas_get_corename"))) {
    blas.kernel = QString::fromLatin1(coreName()).trimmed();
#if defined(__x86_64__) || defined(__i386__)
    const QString k = blas.kernel.toLower();
    const bool generic = k == QLatin1String("prescott") || k == QLatin1String("core2") || k == QLatin1String("nehalem") ||
                         k == QLatin1String("atom") || k.startsWith(QLatin1String("generic"));
    blas.genericKernel = generic && __builtin_cpu_supports("avx2");
#endif
  }
  return blas;
}

}  // namespace gs::runtime
