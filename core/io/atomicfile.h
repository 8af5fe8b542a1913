#pragma once
// Writes that never leave a half-written file where a good one was: the data goes to a
// temporary file beside the target, which is renamed over it only when complete.

#include <QByteArray>
#include <QString>

namespace gs {

// Throws std::runtime_error naming the file and the reason on failure; the old file, if any, is kept.
void writeFileAtomically(const QString &path, const QByteArray &data);

}  // namespace gs
