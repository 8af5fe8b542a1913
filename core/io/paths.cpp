#include "io/paths.h"

#include <QDir>
#include <QStandardPaths>

#include <stdexcept>

namespace gs {

QString userCacheDir(const QString &subfolder) {
  QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
  if (base.isEmpty()) base = QDir::homePath() + QStringLiteral("/.cache");
  const QString path = QDir::cleanPath(base + QStringLiteral("/Groundscope/") + subfolder);
  if (!QDir().mkpath(path))
    throw std::runtime_error(QStringLiteral("cannot create cache folder %1").arg(path).toStdString());
  return path;
}

}  // namespace gs
