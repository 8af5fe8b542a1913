#include "data/imagelookup.h"

#include <QFileInfo>

#include <stdexcept>

namespace gs {

QString imageStem(const QString &idOrPath) { return QFileInfo(idOrPath).completeBaseName(); }

QStringList imageStems(const QStringList &idsOrPaths) {
  QStringList stems;
  for (const QString &id : idsOrPaths) stems << imageStem(id);
  return stems;
}

int findImage(const QStringList &ids, const QString &name) {
  const int exact = int(ids.indexOf(name));
  if (exact >= 0) return exact;
  const QString stem = imageStem(name);
  QList<int> matches;
  for (int i = 0; i < ids.size() && !stem.isEmpty(); ++i)
    if (imageStem(ids[i]) == stem) matches << i;
  if (matches.size() == 1) return matches.front();
  if (matches.size() > 1)
    throw std::invalid_argument(QStringLiteral("'%1' names %2 images: %3, %4; give the whole id")
                                    .arg(name)
                                    .arg(matches.size())
                                    .arg(ids[matches[0]], ids[matches[1]])
                                    .toStdString());
  if (ids.isEmpty()) throw std::invalid_argument(QStringLiteral("no image '%1': the data has no images").arg(name).toStdString());
  throw std::invalid_argument(QStringLiteral("no image '%1' among the %2 images (ids look like '%3')")
                                  .arg(name)
                                  .arg(ids.size())
                                  .arg(ids.front())
                                  .toStdString());
}

}  // namespace gs
