#pragma once
// NumPy .npy files (format versions 1.0–3.0): the form in which public feature sets are shared and
// in which Groundscope caches features and embeddings. Two-dimensional float32 or float16 arrays
// in C order (a 1-D array reads as N×1). Reading either maps the file (float32, little-endian:
// zero-copy through QFile::map) or converts it into memory (float16, big-endian). Writing is atomic.

#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

class QFile;

namespace gs {

// Float64 (numpy's default) is read and converted to float32 on load; files are written as float32
// or float16.
enum class NpyDtype { Float32, Float16, Float64 };

struct NpyHeader {
  NpyDtype dtype = NpyDtype::Float32;
  bool bigEndian = false;
  bool fortranOrder = false;
  std::vector<std::int64_t> shape;
  std::int64_t dataOffset = 0; // bytes from the start of the file to the first element
  std::int64_t rows() const { return shape.empty() ? 1 : shape[0]; }
  std::int64_t cols() const;   // product of the remaining dimensions (1 for 1-D)
};

// Parses the header at the start of `bytes` (at least the magic, version and header length;
// the whole header must be present). Throws std::runtime_error "<source>: <reason>" for anything
// but a float32/float16 C-order array: bad magic, unknown version, truncated or malformed dict,
// other dtypes, Fortran order. Cost O(header length).
NpyHeader parseNpyHeader(const char *bytes, std::int64_t size, const QString &source);

// A read-only rows×cols float32 matrix read from a .npy file. Float32 little-endian files are
// memory-mapped (nothing is copied; the mapping lives as long as any copy of the view); other
// files are converted into owned memory.
class NpyMatrix {
public:
  NpyMatrix() = default;
  // Throws std::runtime_error naming the file when it is missing, unreadable, malformed, or
  // shorter than its header says.
  static NpyMatrix open(const QString &path);
  // Owned copy of `data` (rows*cols values, row-major).
  static NpyMatrix fromData(std::vector<float> data, std::int64_t rows, std::int64_t cols);

  std::int64_t rows() const { return m_rows; }
  std::int64_t cols() const { return m_cols; }
  bool isMapped() const { return m_file != nullptr; }
  const float *data() const { return m_data; }
  const float *row(std::int64_t i) const { return m_data + i * m_cols; }

private:
  std::shared_ptr<QFile> m_file;            // keeps the mapping alive
  std::shared_ptr<std::vector<float>> m_owned;
  const float *m_data = nullptr;
  std::int64_t m_rows = 0, m_cols = 0;
};

// Writes a rows×cols row-major matrix as a version 1.0 C-order .npy, atomically (the old file is
// kept on failure). Float16 rounds to nearest even. Throws std::runtime_error naming the file.
void writeNpy(const QString &path, const float *data, std::int64_t rows, std::int64_t cols,
              NpyDtype dtype = NpyDtype::Float32);

// The same, float32, for a matrix held in pieces of consecutive rows (e.g. chunks), written one
// after another without joining them in memory first.
struct NpyRows {
  const float *data = nullptr;
  std::int64_t rows = 0;
};
void writeNpy(const QString &path, const std::vector<NpyRows> &pieces, std::int64_t cols);

// IEEE half ↔ float conversions (used by the reader and the writer; exposed for tests).
float halfToFloat(std::uint16_t half);
std::uint16_t floatToHalf(float value);

}  // namespace gs
