#include "figures/mapfiles.h"

#include <QDir>
#include <QFileInfo>

namespace gs {

namespace {

QString epochPath(const QString &path, int epoch) {
  if (path.isEmpty()) return path;
  const QFileInfo info(path);
  return info.dir().filePath(
      QStringLiteral("%1-epoch-%2.%3").arg(info.completeBaseName()).arg(epoch, 3, 10, QLatin1Char('0')).arg(info.suffix()));
}

}  // namespace

QStringList writeMapFiles(const MapFiles &files, const MapModel &model, const MapColouring &colouring,
                          const MapFigureOptions &options) {
  QStringList written;
  if (!files.csvPath.isEmpty()) {
    writeMapCsv(files.csvPath, model, colouring);
    written << files.csvPath;
  }
  if (!files.figurePath.isEmpty()) {
    exportMapFigure(files.figurePath, model, colouring, options, files.size, files.devicePixelRatio);
    written << files.figurePath;
  }
  return written;
}

MapFiles epochMapFiles(const MapFiles &files, int epoch) {
  MapFiles perEpoch = files;
  perEpoch.figurePath = epochPath(files.figurePath, epoch);
  perEpoch.csvPath = epochPath(files.csvPath, epoch);
  return perEpoch;
}

}  // namespace gs
