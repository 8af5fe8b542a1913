#include "io/atomicfile.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <stdexcept>

namespace gs {

void writeFileAtomically(const QString &path, const QByteArray &data) {
  const QString folder = QFileInfo(path).absolutePath();
  if (!QDir().mkpath(folder))
    throw std::runtime_error(QStringLiteral("%1: cannot create folder %2").arg(path, folder).toStdString());
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()).toStdString());
  if (file.write(data) != data.size()) {
    const QString reason = file.errorString();
    file.cancelWriting();
    throw std::runtime_error(QStringLiteral("%1: write failed: %2").arg(path, reason).toStdString());
  }
  if (!file.commit())
    throw std::runtime_error(QStringLiteral("%1: cannot commit: %2").arg(path, file.errorString()).toStdString());
}

}  // namespace gs
