#pragma once
// Where Groundscope keeps what it can recompute: the user's cache folder (XDG_CACHE_HOME or
// ~/.cache, under "Groundscope"). Tests point XDG_CACHE_HOME at a folder of their own.

#include <QString>

namespace gs {

// <cache>/<subfolder>, created if missing; throws std::runtime_error naming the folder if it
// cannot be created.
QString userCacheDir(const QString &subfolder);

}  // namespace gs
