#include "runtime/isolatedlibrary.h"

#include <QFile>

#include <dlfcn.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define GS_DEEPBIND_REFUSED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define GS_DEEPBIND_REFUSED 1
#endif
#endif

namespace gs::runtime {

void *openIsolatedLibrary(const QString &path, QString *error) {
  const QByteArray file = QFile::encodeName(path);
#ifdef GS_DEEPBIND_REFUSED
  void *library = dlmopen(LM_ID_NEWLM, file.constData(), RTLD_NOW | RTLD_LOCAL);
#else
  void *library = dlopen(file.constData(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
#endif
  if (!library && error) *error = QString::fromLocal8Bit(dlerror());
  return library;
}

}  // namespace gs::runtime
