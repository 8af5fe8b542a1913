#include "io/jsonfile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

#include <stdexcept>

namespace gs {

QJsonObject readJsonObjectFile(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot open: %2").arg(path, file.errorString()).toStdString());
  QJsonParseError error;
  const QByteArray bytes = file.readAll();
  const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
  if (error.error != QJsonParseError::NoError || !doc.isObject()) {
    const int line = int(bytes.left(error.offset).count('\n')) + 1;
    const int column = int(error.offset - bytes.left(error.offset).lastIndexOf('\n'));
    throw std::runtime_error(QStringLiteral("%1:%2:%3: %4")
                                 .arg(path)
                                 .arg(line)
                                 .arg(column)
                                 .arg(error.error != QJsonParseError::NoError ? error.errorString()
                                                                              : QStringLiteral("expected a JSON object"))
                                 .toStdString());
  }
  return doc.object();
}

}  // namespace gs
