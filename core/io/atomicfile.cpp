#include "io/atomicfile.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <stdexcept>

namespace gs {

void writeFileAtomically(const QString &path, const QByteArray &data) {
  writeFileAtomically(path, std::vector<ByteSpan>{{data.constData(), data.size()}});
}

void writeFileAtomically(const QString &path, const std::vector<ByteSpan> &pieces) {
  const QString folder = QFileInfo(path).absolutePath();
  if (!QDir().mkpath(folder))
    throw std::runtime_error(QStringLiteral("%1: cannot create folder %2").arg(path, folder).toStdString());
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()).toStdString());
  // A write cut short by a full disk or a file-size limit can report success: Qt's file engine
  // returns the bytes that did get written without an error, and commit() then renames a torn file
  // over the good one (found by tst_faults with RLIMIT_FSIZE). So the size that reached the file is
  // checked before the rename.
  qint64 total = 0;
  bool written = true;
  for (const ByteSpan &piece : pieces) {
    written = written && file.write(piece.data, piece.size) == piece.size;
    total += piece.size;
  }
  written = written && file.flush();
  if (!written || file.size() != total) {
    const QString reason = file.size() != total
                               ? QStringLiteral("only %1 of %2 bytes reached the disk (disk full or a file-size limit)")
                                     .arg(file.size())
                                     .arg(total)
                               : file.errorString();
    file.cancelWriting();
    throw std::runtime_error(QStringLiteral("%1: write failed: %2").arg(path, reason).toStdString());
  }
  if (!file.commit())
    throw std::runtime_error(QStringLiteral("%1: cannot commit: %2").arg(path, file.errorString()).toStdString());
}

}  // namespace gs
