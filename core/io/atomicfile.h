#pragma once
// Writes that never leave a half-written file where a good one was: the data goes to a
// temporary file beside the target, which is renamed over it only when complete.

#include <QByteArray>
#include <QString>

#include <vector>

namespace gs {

// Throws std::runtime_error naming the file and the reason on failure; the old file, if any, is kept.
void writeFileAtomically(const QString &path, const QByteArray &data);

// The same for a file made of pieces written one after another, none copied: a matrix of
// gigabytes goes to disk without a second copy of it in memory.
struct ByteSpan {
  const char *data = nullptr;
  qint64 size = 0;
};
void writeFileAtomically(const QString &path, const std::vector<ByteSpan> &pieces);

}  // namespace gs
