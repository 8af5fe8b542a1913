#pragma once
// Reading a JSON file that must hold one object (a configuration, a run folder's record), with a
// message that says where it broke.

#include <QJsonObject>
#include <QString>

namespace gs {

// Throws std::runtime_error "FILE: cannot open: reason" or "FILE:LINE:COLUMN: reason" when the file
// cannot be read, does not parse, or holds something other than an object.
QJsonObject readJsonObjectFile(const QString &path);

}  // namespace gs
