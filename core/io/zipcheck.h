#pragma once
// Whether a ZIP archive is whole: every entry's bytes match the CRC-32 its central directory
// records. A TorchScript module is such an archive, and LibTorch's loader does not check the sums:
// a damaged file reaches its pickle and script parsers, which can crash on it. Checking first turns
// a truncated or corrupted module into a message.

#include <QString>

namespace gs {

// Throws std::runtime_error naming the file for a file that is missing or unreadable, is not a ZIP
// archive, is truncated (no end-of-directory record, an entry beyond the end), or has an entry whose
// CRC-32 or whose size differs from the one its directory entry records (readers allocate that
// size). Stored and deflated entries are checked, other methods refused; ZIP64 sizes and offsets are read. Cost:
// one pass over the file (memory-mapped).
void requireIntactZip(const QString &path);

}  // namespace gs
