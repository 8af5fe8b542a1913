#include "io/embeddingmatrix.h"

#include <QFile>
#include <QFileInfo>

#include <cmath>
#include <stdexcept>

namespace gs {

namespace {

[[noreturn]] void fail(const QString &message) { throw std::runtime_error(message.toStdString()); }

NpyMatrix readTsv(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) fail(QStringLiteral("%1: cannot read (%2)").arg(path, file.errorString()));
  std::vector<float> values;
  std::int64_t rows = 0, cols = -1;
  int line = 0;
  while (!file.atEnd()) {
    ++line;
    const QByteArray text = file.readLine().trimmed();
    if (text.isEmpty()) continue;
    const QList<QByteArray> fields = text.split('\t');
    if (cols >= 0 && fields.size() != cols)
      fail(QStringLiteral("%1:%2: %3 values where the lines above have %4").arg(path).arg(line).arg(fields.size()).arg(cols));
    cols = fields.size();
    for (int k = 0; k < fields.size(); ++k) {
      bool ok = false;
      const float value = fields[k].trimmed().toFloat(&ok);
      if (!ok) fail(QStringLiteral("%1:%2: value %3 ('%4') is not a number").arg(path).arg(line).arg(k + 1).arg(QString::fromUtf8(fields[k].left(40))));
      values.push_back(value);
    }
    ++rows;
  }
  if (rows == 0) fail(QStringLiteral("%1: no vectors").arg(path));
  return NpyMatrix::fromData(std::move(values), rows, cols);
}

// The first row holding a NaN or infinite value, or -1.
std::int64_t firstNonFiniteRow(const NpyMatrix &m) {
  for (std::int64_t r = 0; r < m.rows(); ++r) {
    const float *row = m.row(r);
    for (std::int64_t k = 0; k < m.cols(); ++k)
      if (!std::isfinite(row[k])) return r;
  }
  return -1;
}

}  // namespace

NpyMatrix readEmbeddingMatrix(const QString &path) {
  if (!QFileInfo(path).isFile()) fail(QStringLiteral("%1: no such file").arg(path));
  const NpyMatrix matrix = path.endsWith(QStringLiteral(".npy"), Qt::CaseInsensitive) ? NpyMatrix::open(path) : readTsv(path);
  if (matrix.rows() == 0 || matrix.cols() == 0) fail(QStringLiteral("%1: an empty matrix").arg(path));
  if (const std::int64_t bad = firstNonFiniteRow(matrix); bad >= 0)
    fail(QStringLiteral("%1: row %2 (counting from 0) holds a NaN or infinite value").arg(path).arg(bad));
  return matrix;
}

}  // namespace gs
