#include "io/zipcheck.h"

#include <QFile>

#include <zlib.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace gs {

namespace {

[[noreturn]] void damaged(const QString &path, const QString &why) {
  throw std::runtime_error(QStringLiteral("%1: a damaged or truncated archive (%2)").arg(path, why).toStdString());
}

std::uint64_t little(const uchar *p, int bytes) {
  std::uint64_t value = 0;
  for (int k = bytes - 1; k >= 0; --k) value = (value << 8) | p[k];
  return value;
}

struct Archive {
  QString path;
  const uchar *data = nullptr;
  std::uint64_t size = 0;
  const uchar *at(std::uint64_t offset, std::uint64_t length, const char *what) const {
    if (offset > size || length > size - offset) damaged(path, QStringLiteral("%1 beyond the end of the file").arg(QLatin1String(what)));
    return data + offset;
  }
};

// The central directory's offset and entry count, from the end-of-directory record (ZIP64's where present).
std::pair<std::uint64_t, std::uint64_t> centralDirectory(const Archive &zip) {
  if (zip.size < 22) damaged(zip.path, QStringLiteral("shorter than an end-of-directory record"));
  const std::uint64_t lowest = zip.size > 65557 ? zip.size - 65557 : 0;
  for (std::uint64_t k = zip.size - 22 + 1; k-- > lowest;) {
    if (little(zip.data + k, 4) != 0x06054b50) continue;
    std::uint64_t entries = little(zip.data + k + 10, 2), offset = little(zip.data + k + 16, 4);
    if (k >= 20 && little(zip.data + k - 20, 4) == 0x07064b50) { // ZIP64 locator
      const uchar *end64 = zip.at(little(zip.data + k - 20 + 8, 8), 56, "the ZIP64 directory record");
      if (little(end64, 4) != 0x06064b50) damaged(zip.path, QStringLiteral("a bad ZIP64 directory record"));
      entries = little(end64 + 32, 8);
      offset = little(end64 + 48, 8);
    }
    return {offset, entries};
  }
  damaged(zip.path, QStringLiteral("no end-of-directory record"));
}

// ZIP64 sizes and offset from an entry's extra field, where its 32-bit fields say 0xFFFFFFFF.
void readZip64Extra(const uchar *extra, std::uint64_t length, std::uint64_t &uncompressed, std::uint64_t &compressed,
                    std::uint64_t &offset) {
  for (std::uint64_t k = 0; k + 4 <= length;) {
    const std::uint64_t id = little(extra + k, 2), size = little(extra + k + 2, 2);
    if (id == 0x0001) {
      std::uint64_t p = k + 4;
      for (std::uint64_t *field : {&uncompressed, &compressed, &offset})
        if (*field == 0xFFFFFFFFu && p + 8 <= k + 4 + size && p + 8 <= length) *field = little(extra + p, 8), p += 8;
    }
    k += 4 + size;
  }
}

std::uint32_t crcOfStored(const uchar *bytes, std::uint64_t length) {
  uLong crc = crc32(0L, Z_NULL, 0);
  for (std::uint64_t done = 0; done < length;) {
    const uInt chunk = uInt(std::min<std::uint64_t>(length - done, 1u << 30));
    crc = crc32(crc, bytes + done, chunk);
    done += chunk;
  }
  return std::uint32_t(crc);
}

// The CRC-32 of a deflated entry's inflated bytes, and in `inflated` how many there are; `ok` false
// when the stream does not inflate to its end.
std::uint32_t crcOfDeflated(const uchar *bytes, std::uint64_t length, std::uint64_t &inflated, bool &ok) {
  z_stream stream{};
  if (inflateInit2(&stream, -MAX_WBITS) != Z_OK) return ok = false, 0;
  stream.next_in = const_cast<uchar *>(bytes);
  stream.avail_in = uInt(std::min<std::uint64_t>(length, 0xFFFFFFFFu));
  std::vector<uchar> buffer(1 << 16);
  uLong crc = crc32(0L, Z_NULL, 0);
  int status = Z_OK;
  while (status == Z_OK) {
    stream.next_out = buffer.data();
    stream.avail_out = uInt(buffer.size());
    status = inflate(&stream, Z_NO_FLUSH);
    crc = crc32(crc, buffer.data(), uInt(buffer.size() - stream.avail_out));
  }
  inflated = stream.total_out;
  inflateEnd(&stream);
  ok = status == Z_STREAM_END;
  return std::uint32_t(crc);
}

void checkEntry(const Archive &zip, std::uint64_t &cursor) {
  const uchar *entry = zip.at(cursor, 46, "a directory entry");
  if (little(entry, 4) != 0x02014b50) damaged(zip.path, QStringLiteral("a bad directory entry"));
  const std::uint64_t method = little(entry + 10, 2), crc = little(entry + 16, 4);
  std::uint64_t compressed = little(entry + 20, 4), uncompressed = little(entry + 24, 4), offset = little(entry + 42, 4);
  const std::uint64_t nameLength = little(entry + 28, 2), extraLength = little(entry + 30, 2), commentLength = little(entry + 32, 2);
  const uchar *name = zip.at(cursor + 46, nameLength + extraLength + commentLength, "a directory entry's name");
  readZip64Extra(name + nameLength, extraLength, uncompressed, compressed, offset);
  const QString entryName = QString::fromUtf8(reinterpret_cast<const char *>(name), int(nameLength));
  cursor += 46 + nameLength + extraLength + commentLength;

  const uchar *local = zip.at(offset, 30, "an entry's header");
  if (little(local, 4) != 0x04034b50) damaged(zip.path, QStringLiteral("a bad header for %1").arg(entryName));
  const std::uint64_t start = offset + 30 + little(local + 26, 2) + little(local + 28, 2);
  const uchar *bytes = zip.at(start, compressed, "an entry's data");
  if (method != 0 && method != 8) damaged(zip.path, QStringLiteral("%1 uses compression method %2").arg(entryName).arg(method));
  // Readers allocate what the directory says an entry inflates to, so that size must be the true one.
  bool ok = true;
  std::uint64_t inflated = compressed;
  const std::uint32_t actual = method == 0 ? crcOfStored(bytes, compressed) : crcOfDeflated(bytes, compressed, inflated, ok);
  if (!ok || actual != crc) damaged(zip.path, QStringLiteral("%1 does not match its checksum").arg(entryName));
  if (inflated != uncompressed)
    damaged(zip.path, QStringLiteral("%1 holds %2 bytes but its directory entry says %3").arg(entryName).arg(inflated).arg(uncompressed));
}

}  // namespace

void requireIntactZip(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) throw std::runtime_error(QStringLiteral("%1: cannot read (%2)").arg(path, file.errorString()).toStdString());
  Archive zip;
  zip.path = path;
  zip.size = std::uint64_t(file.size());
  if (zip.size == 0) damaged(path, QStringLiteral("an empty file"));
  zip.data = file.map(0, file.size());
  if (!zip.data) throw std::runtime_error(QStringLiteral("%1: cannot map (%2)").arg(path, file.errorString()).toStdString());
  if (little(zip.data, 4) != 0x04034b50) damaged(path, QStringLiteral("not a ZIP archive"));
  auto [cursor, entries] = centralDirectory(zip);
  for (std::uint64_t k = 0; k < entries; ++k) checkEntry(zip, cursor);
}

}  // namespace gs
