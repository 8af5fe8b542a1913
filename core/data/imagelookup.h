#pragma once
// An image named by a user: on the command line or in a dialog people type the file name they see
// ("1022454428_b6b660a67b"), while a dataset's ids may carry a folder and an extension
// ("images/1022454428_b6b660a67b.jpg"). Qt Core only.

#include <QString>
#include <QStringList>

namespace gs {

// The file name without folder and extension: "images/1022454428_b6b660a67b.jpg" →
// "1022454428_b6b660a67b"; an id without either is its own stem.
QString imageStem(const QString &idOrPath);
QStringList imageStems(const QStringList &idsOrPaths);

// The row of `name` in `ids`: the id itself, or else the one id whose stem equals name's stem.
// Throws std::invalid_argument naming what went wrong: no such image (with how the ids look,
// e.g. "images/1022454428_b6b660a67b.jpg"), or a stem two ids share (naming them).
int findImage(const QStringList &ids, const QString &name);

}  // namespace gs
