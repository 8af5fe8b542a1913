#include "io/npy.h"

#include "io/atomicfile.h"

#include <QByteArray>
#include <QFile>
#include <QRegularExpression>

#include <cstring>
#include <stdexcept>

namespace gs {

namespace {

constexpr char kMagic[] = "\x93NUMPY"; // 6 bytes, the format's signature
constexpr int kMagicLength = 6;

[[noreturn]] void fail(const QString &source, const QString &reason) {
  throw std::runtime_error(QStringLiteral("%1: %2").arg(source, reason).toStdString());
}

std::uint32_t readLe(const char *p, int bytes) {
  std::uint32_t value = 0;
  for (int i = bytes - 1; i >= 0; --i) value = (value << 8) | static_cast<unsigned char>(p[i]);
  return value;
}

bool hostIsLittleEndian() {
  const std::uint16_t probe = 1;
  unsigned char first = 0;
  std::memcpy(&first, &probe, 1);
  return first == 1;
}

}  // namespace

std::int64_t NpyHeader::cols() const {
  std::int64_t product = 1;
  for (std::size_t i = 1; i < shape.size(); ++i) product *= shape[i];
  return product;
}

float halfToFloat(std::uint16_t half) {
  const std::uint32_t sign = (half & 0x8000u) << 16;
  std::uint32_t exponent = (half >> 10) & 0x1Fu;
  std::uint32_t mantissa = half & 0x3FFu;
  std::uint32_t bits = 0;
  if (exponent == 0) {
    if (mantissa == 0) {
      bits = sign; // ±0
    } else {     // subnormal: normalise
      exponent = 127 - 15 + 1;
      while ((mantissa & 0x400u) == 0) {
        mantissa <<= 1;
        --exponent;
      }
      mantissa &= 0x3FFu;
      bits = sign | (exponent << 23) | (mantissa << 13);
    }
  } else if (exponent == 0x1F) {
    bits = sign | 0x7F800000u | (mantissa << 13); // inf / NaN
  } else {
    bits = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
  }
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}

std::uint16_t floatToHalf(float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, 4);
  const std::uint16_t sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000u);
  const std::uint32_t exponent = (bits >> 23) & 0xFFu;
  std::uint32_t mantissa = bits & 0x7FFFFFu;
  if (exponent == 0xFF) return sign | 0x7C00u | (mantissa ? 0x200u : 0u); // inf / NaN
  const int e = static_cast<int>(exponent) - 127 + 15;
  if (e >= 0x1F) return sign | 0x7C00u; // overflow → inf
  if (e <= 0) {                         // subnormal half (or zero)
    if (e < -10) return sign;
    mantissa |= 0x800000u;
    const int shift = 14 - e;
    std::uint32_t half = mantissa >> shift;
    const std::uint32_t rest = mantissa & ((1u << shift) - 1);
    const std::uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1u))) ++half;
    return sign | static_cast<std::uint16_t>(half);
  }
  std::uint32_t half = (static_cast<std::uint32_t>(e) << 10) | (mantissa >> 13);
  const std::uint32_t rest = mantissa & 0x1FFFu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) ++half; // round to nearest even
  return sign | static_cast<std::uint16_t>(half);
}

NpyHeader parseNpyHeader(const char *bytes, std::int64_t size, const QString &source) {
  if (size < kMagicLength + 4 || std::memcmp(bytes, kMagic, kMagicLength) != 0)
    fail(source, QStringLiteral("not a .npy file (no \\x93NUMPY signature)"));
  const int major = static_cast<unsigned char>(bytes[6]);
  if (major < 1 || major > 3) fail(source, QStringLiteral("unsupported .npy format version %1").arg(major));
  const int lengthBytes = major == 1 ? 2 : 4;
  const std::int64_t headerStart = 8 + lengthBytes;
  if (size < headerStart) fail(source, QStringLiteral("truncated .npy header"));
  const std::int64_t headerLength = readLe(bytes + 8, lengthBytes);
  if (size < headerStart + headerLength) fail(source, QStringLiteral("truncated .npy header"));
  const QString dict = QString::fromLatin1(bytes + headerStart, static_cast<int>(headerLength)).trimmed();
  if (!dict.startsWith(QLatin1Char('{')) || !dict.endsWith(QLatin1Char('}')))
    fail(source, QStringLiteral("malformed .npy header '%1'").arg(dict.left(80)));

  NpyHeader header;
  header.dataOffset = headerStart + headerLength;
  static const QRegularExpression descrRe(QStringLiteral("'descr'\\s*:\\s*'([^']*)'"));
  static const QRegularExpression fortranRe(QStringLiteral("'fortran_order'\\s*:\\s*(True|False)"));
  static const QRegularExpression shapeRe(QStringLiteral("'shape'\\s*:\\s*\\(([^)]*)\\)"));
  const auto descr = descrRe.match(dict);
  const auto fortran = fortranRe.match(dict);
  const auto shape = shapeRe.match(dict);
  if (!descr.hasMatch() || !fortran.hasMatch() || !shape.hasMatch())
    fail(source, QStringLiteral("malformed .npy header (needs descr, fortran_order and shape): '%1'").arg(dict.left(80)));
  const QString type = descr.captured(1);
  if (type == QLatin1String("<f4") || type == QLatin1String(">f4") || type == QLatin1String("=f4")) {
    header.dtype = NpyDtype::Float32;
  } else if (type == QLatin1String("<f2") || type == QLatin1String(">f2") || type == QLatin1String("=f2")) {
    header.dtype = NpyDtype::Float16;
  } else if (type == QLatin1String("<f8") || type == QLatin1String(">f8") || type == QLatin1String("=f8")) {
    header.dtype = NpyDtype::Float64; // numpy's default: np.save of an array made without a dtype
  } else {
    fail(source, QStringLiteral("unsupported dtype '%1' (float32, float64 or float16 needed)").arg(type));
  }
  header.bigEndian = type.startsWith(QLatin1Char('>'));
  header.fortranOrder = fortran.captured(1) == QLatin1String("True");
  if (header.fortranOrder) fail(source, QStringLiteral("Fortran-order arrays are not supported (save with C order)"));
  for (const QString &part : shape.captured(1).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    bool ok = false;
    const qint64 dim = part.trimmed().toLongLong(&ok);
    if (!ok || dim < 0) fail(source, QStringLiteral("malformed shape '(%1)'").arg(shape.captured(1)));
    header.shape.push_back(dim);
  }
  if (header.shape.size() > 2)
    fail(source, QStringLiteral("%1-dimensional array; a 1-D or 2-D (N×D) array is needed").arg(header.shape.size()));
  // Bounded before any size is multiplied out or allocated: 2^40 values (4 TiB of
  // float32) is far beyond any feature file, and keeps every byte count below int64's range.
  constexpr std::int64_t kMaxValues = std::int64_t(1) << 40;
  std::int64_t values = 1;
  for (const std::int64_t dim : header.shape) {
    if (dim > 0 && values > kMaxValues / dim)
      fail(source, QStringLiteral("shape (%1) declares more than 2^40 values").arg(shape.captured(1).trimmed()));
    values *= dim;
  }
  return header;
}

NpyMatrix NpyMatrix::fromData(std::vector<float> data, std::int64_t rows, std::int64_t cols) {
  if (static_cast<std::int64_t>(data.size()) != rows * cols)
    throw std::invalid_argument("NpyMatrix::fromData: data size is not rows*cols");
  NpyMatrix matrix;
  matrix.m_owned = std::make_shared<std::vector<float>>(std::move(data));
  matrix.m_data = matrix.m_owned->data();
  matrix.m_rows = rows;
  matrix.m_cols = cols;
  return matrix;
}

NpyMatrix NpyMatrix::open(const QString &path) {
  auto file = std::make_shared<QFile>(path);
  if (!file->exists()) fail(path, QStringLiteral("file not found"));
  if (!file->open(QIODevice::ReadOnly)) fail(path, file->errorString());
  const qint64 size = file->size();
  const QByteArray head = file->read(qMin<qint64>(size, 1 << 16));
  const NpyHeader header = parseNpyHeader(head.constData(), head.size(), path);
  const std::int64_t count = header.rows() * header.cols();
  const std::int64_t elementBytes = header.dtype == NpyDtype::Float64 ? 8 : header.dtype == NpyDtype::Float32 ? 4 : 2;
  if (size < header.dataOffset + count * elementBytes)
    fail(path, QStringLiteral("truncated: the header promises %1 values, the file holds %2")
                   .arg(count)
                   .arg((size - header.dataOffset) / elementBytes));

  NpyMatrix matrix;
  matrix.m_rows = header.rows();
  matrix.m_cols = header.cols();
  const bool swap = header.bigEndian == hostIsLittleEndian();
  if (header.dtype == NpyDtype::Float32 && !swap) {
    if (count == 0) {
      matrix.m_owned = std::make_shared<std::vector<float>>();
      matrix.m_data = matrix.m_owned->data();
      return matrix;
    }
    uchar *mapped = file->map(header.dataOffset, count * 4);
    // .npy data starts 64-byte aligned in files numpy writes; an odd offset would misalign floats.
    if (mapped && reinterpret_cast<quintptr>(mapped) % alignof(float) == 0) {
      matrix.m_file = file;
      matrix.m_data = reinterpret_cast<const float *>(mapped);
      return matrix;
    }
  }
  // Convert into memory: float16 or float64, byte-swapped, or not mappable.
  file->seek(header.dataOffset);
  const QByteArray raw = file->read(count * elementBytes);
  if (raw.size() != count * elementBytes) fail(path, QStringLiteral("read error: %1").arg(file->errorString()));
  auto owned = std::make_shared<std::vector<float>>(static_cast<std::size_t>(count));
  const auto *p = reinterpret_cast<const unsigned char *>(raw.constData());
  for (std::int64_t i = 0; i < count; ++i) {
    unsigned char b[8];
    for (int k = 0; k < elementBytes; ++k) b[k] = p[i * elementBytes + (swap ? elementBytes - 1 - k : k)];
    if (header.dtype == NpyDtype::Float32) {
      std::memcpy(&(*owned)[i], b, 4);
    } else if (header.dtype == NpyDtype::Float64) {
      double value;
      std::memcpy(&value, b, 8);
      (*owned)[i] = static_cast<float>(value);
    } else {
      std::uint16_t half;
      std::memcpy(&half, b, 2);
      (*owned)[i] = halfToFloat(half);
    }
  }
  matrix.m_owned = owned;
  matrix.m_data = owned->data();
  return matrix;
}

namespace {

// The magic, version 1.0 and the dictionary, padded so the data starts 64-byte aligned (numpy's own layout).
QByteArray npyHeader(NpyDtype dtype, std::int64_t rows, std::int64_t cols) {
  QByteArray dict = QStringLiteral("{'descr': '%1', 'fortran_order': False, 'shape': (%2, %3), }")
                        .arg(dtype == NpyDtype::Float32 ? QStringLiteral("<f4") : QStringLiteral("<f2"))
                        .arg(rows)
                        .arg(cols)
                        .toLatin1();
  const int unpadded = 10 + dict.size() + 1;
  dict.append(QByteArray((64 - unpadded % 64) % 64, ' '));
  dict.append('\n');
  QByteArray header;
  header.append(kMagic, kMagicLength);
  header.append('\x01');
  header.append('\x00');
  header.append(static_cast<char>(dict.size() & 0xFF));
  header.append(static_cast<char>((dict.size() >> 8) & 0xFF));
  header.append(dict);
  return header;
}

void checkWritable(const QString &path, NpyDtype dtype) {
  if (!hostIsLittleEndian()) fail(path, QStringLiteral("writeNpy: big-endian hosts are not supported"));
  if (dtype == NpyDtype::Float64) fail(path, QStringLiteral("writeNpy: writes float32 or float16"));
}

}  // namespace

void writeNpy(const QString &path, const float *data, std::int64_t rows, std::int64_t cols, NpyDtype dtype) {
  if (rows < 0 || cols < 0 || (rows * cols > 0 && !data)) fail(path, QStringLiteral("writeNpy: bad matrix"));
  checkWritable(path, dtype);
  if (dtype == NpyDtype::Float32) {
    writeNpy(path, std::vector<NpyRows>{{data, rows}}, cols);
    return;
  }
  QByteArray halves;
  halves.reserve(rows * cols * 2);
  for (std::int64_t i = 0; i < rows * cols; ++i) {
    const std::uint16_t half = floatToHalf(data[i]);
    halves.append(reinterpret_cast<const char *>(&half), 2);
  }
  const QByteArray header = npyHeader(dtype, rows, cols);
  writeFileAtomically(path, std::vector<ByteSpan>{{header.constData(), header.size()}, {halves.constData(), halves.size()}});
}

void writeNpy(const QString &path, const std::vector<NpyRows> &pieces, std::int64_t cols) {
  checkWritable(path, NpyDtype::Float32);
  std::int64_t rows = 0;
  for (const NpyRows &piece : pieces) {
    if (piece.rows < 0 || cols < 0 || (piece.rows * cols > 0 && !piece.data)) fail(path, QStringLiteral("writeNpy: bad matrix"));
    rows += piece.rows;
  }
  const QByteArray header = npyHeader(NpyDtype::Float32, rows, cols);
  std::vector<ByteSpan> spans{{header.constData(), header.size()}};
  for (const NpyRows &piece : pieces) spans.push_back({reinterpret_cast<const char *>(piece.data), qint64(piece.rows * cols * 4)});
  writeFileAtomically(path, spans);
}

}  // namespace gs
