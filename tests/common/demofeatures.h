#pragma once
// A precomputed feature file for the Scenes demo's first `images` images (fixed 8-d rows, one per
// image id, as an npy backbone reads them: DIR/features.npy and DIR/features.ids.txt), so tests
// that train need no feature extraction. Shared by the CLI tests and the comparison test.

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace gs::test {

inline constexpr int kDemoFeatureDim = 8;

// Returns the features file's path.
inline QString writeDemoFeatures(const QTemporaryDir &dir, int images) {
  QByteArray header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + QByteArray::number(images) + ", " +
                      QByteArray::number(kDemoFeatureDim) + "), }";
  while ((10 + header.size() + 1) % 64) header += ' ';
  header += '\n';
  QByteArray npy("\x93NUMPY\x01\x00", 8);
  const quint16 length = quint16(header.size());
  npy.append(char(length & 0xff)).append(char(length >> 8)).append(header);
  QByteArray ids;
  for (int i = 0; i < images; ++i) {
    for (int k = 0; k < kDemoFeatureDim; ++k) {
      const float value = float((i * 7 + k * 13) % 17) / 17.0f;
      npy.append(reinterpret_cast<const char *>(&value), sizeof value);
    }
    ids += QStringLiteral("scene_%1\n").arg(i, 5, 10, QLatin1Char('0')).toUtf8();
  }
  QFile npyFile(dir.filePath(QStringLiteral("features.npy")));
  QFile idsFile(dir.filePath(QStringLiteral("features.ids.txt")));
  if (!npyFile.open(QIODevice::WriteOnly) || !idsFile.open(QIODevice::WriteOnly)) qFatal("cannot write features");
  npyFile.write(npy);
  idsFile.write(ids);
  return npyFile.fileName();
}

}  // namespace gs::test
