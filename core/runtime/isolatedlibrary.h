#pragma once
// Opens a shared library in a symbol scope of its own, for a library whose dependencies clash
// with the process's (libsentencepiece's embedded protobuf against LibTorch's libprotobuf):
// RTLD_LOCAL keeps its symbols out of the process's global scope, and RTLD_DEEPBIND makes it bind
// to its own dependencies before the process's. AddressSanitizer, ThreadSanitizer and
// MemorySanitizer refuse RTLD_DEEPBIND, so a sanitized build opens the library in a new link
// namespace instead (dlmopen, with its own copy of libc and libstdc++): such a library must not be
// instrumented itself (CMake builds it without the sanitizer flags).

#include <QString>

namespace gs::runtime {

// The library's handle for dlsym, or null with dlerror()'s message (which names the path) in
// `error`. The handle stays valid until dlclose.
void *openIsolatedLibrary(const QString &path, QString *error);

}  // namespace gs::runtime
