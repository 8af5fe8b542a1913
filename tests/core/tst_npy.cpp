// .npy reading and writing: float32 round trips memory-mapped, float16 converts, numpy's own
// header variants parse, and every malformed file fails with a message naming it.

#include "io/npy.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>


using namespace gs;

namespace {

QByteArray npyBytes(const QByteArray &dict, const QByteArray &data, char major = 1) {
  QByteArray header = dict;
  const int prefix = major == 1 ? 10 : 12;
  while ((prefix + header.size() + 1) % 64 != 0) header.append(' ');
  header.append('\n');
  QByteArray bytes("\x93NUMPY", 6);
  bytes.append(major);
  bytes.append('\0');
  const quint32 length = header.size();
  bytes.append(static_cast<char>(length & 0xFF));
  bytes.append(static_cast<char>((length >> 8) & 0xFF));
  if (major != 1) bytes.append(QByteArray(2, '\0'));
  return bytes + header + data;
}

void writeRaw(const QString &path, const QByteArray &bytes) {
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(bytes);
}

}  // namespace

class TestNpy : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void float32RoundTripIsMapped() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("m.npy"));
    std::vector<float> data(3 * 5);
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = 0.5f * i - 3.0f;
    writeNpy(path, data.data(), 3, 5);
    const NpyMatrix m = NpyMatrix::open(path);
    QCOMPARE(m.rows(), 3);
    QCOMPARE(m.cols(), 5);
    QVERIFY(m.isMapped());
    QCOMPARE(m.row(2)[4], data[14]);
    QCOMPARE(reinterpret_cast<quintptr>(m.data()) % 4, quintptr(0));
  }

  void piecesAreWrittenAsOneMatrix() {
    QTemporaryDir dir;
    std::vector<float> data(7 * 3);
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = float(i) - 4.5f;
    const QString whole = dir.filePath(QStringLiteral("whole.npy")), pieces = dir.filePath(QStringLiteral("pieces.npy"));
    writeNpy(whole, data.data(), 7, 3);
    writeNpy(pieces, std::vector<NpyRows>{{data.data(), 2}, {data.data() + 6, 0}, {data.data() + 6, 5}}, 3);
    QFile a(whole), b(pieces);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QCOMPARE(b.readAll(), a.readAll());
    QCOMPARE(NpyMatrix::open(pieces).row(6)[2], data[20]);
  }

  void float16RoundTripConverts() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("h.npy"));
    const std::vector<float> data{0.0f, 1.0f, -2.5f, 65504.0f, 1e-7f, 0.1f};
    writeNpy(path, data.data(), 2, 3, NpyDtype::Float16);
    const NpyMatrix m = NpyMatrix::open(path);
    QVERIFY(!m.isMapped());
    QCOMPARE(m.row(0)[1], 1.0f);
    QCOMPARE(m.row(0)[2], -2.5f);
    QCOMPARE(m.row(1)[0], 65504.0f);
    QVERIFY(std::abs(m.row(1)[1] - 1e-7f) < 1e-7f); // subnormal half
    QVERIFY(std::abs(m.row(1)[2] - 0.1f) < 1e-4f);
  }

  void halfConversionEdgeCases() {
    QCOMPARE(halfToFloat(0x3C00), 1.0f);
    QCOMPARE(halfToFloat(0xC000), -2.0f);
    QVERIFY(std::isinf(halfToFloat(0x7C00)));
    QVERIFY(std::isnan(halfToFloat(0x7E00)));
    QCOMPARE(floatToHalf(1.0f), quint16(0x3C00));
    QCOMPARE(floatToHalf(1e6f), quint16(0x7C00)); // overflow → inf
    QCOMPARE(halfToFloat(floatToHalf(0.333f)), halfToFloat(0x3554));
  }

  void readsNumpyVariants_data() {
    QTest::addColumn<QByteArray>("dict");
    QTest::addColumn<char>("major");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::newRow("v1 2-D") << QByteArray("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }") << char(1) << 2 << 2;
    QTest::newRow("v2 header") << QByteArray("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 4), }") << char(2) << 1 << 4;
    QTest::newRow("1-D") << QByteArray("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }") << char(1) << 4 << 1;
    QTest::newRow("key order") << QByteArray("{'shape': (4, 1), 'fortran_order': False, 'descr': '<f4'}") << char(1) << 4 << 1;
  }
  void readsNumpyVariants() {
    QFETCH(QByteArray, dict);
    QFETCH(char, major);
    QFETCH(int, rows);
    QFETCH(int, cols);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v.npy"));
    const float values[4] = {1, 2, 3, 4};
    writeRaw(path, npyBytes(dict, QByteArray(reinterpret_cast<const char *>(values), 16), major));
    const NpyMatrix m = NpyMatrix::open(path);
    QCOMPARE(m.rows(), rows);
    QCOMPARE(m.cols(), cols);
    QCOMPARE(m.data()[3], 4.0f);
  }

  void bigEndianIsSwapped() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("be.npy"));
    writeRaw(path, npyBytes("{'descr': '>f4', 'fortran_order': False, 'shape': (1, 1), }", QByteArray("\x3F\x80\x00\x00", 4)));
    QCOMPARE(NpyMatrix::open(path).data()[0], 1.0f);
  }

  // numpy's default dtype: np.save(np.random.rand(n, d)) writes float64, little- or big-endian.
  void float64IsReadAsFloat32() {
    QTemporaryDir dir;
    const double values[3] = {0.25, -1.5, 1e300};
    const QString little = dir.filePath(QStringLiteral("f8.npy"));
    writeRaw(little, npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 3), }",
                              QByteArray(reinterpret_cast<const char *>(values), sizeof values)));
    const NpyMatrix m = NpyMatrix::open(little);
    QCOMPARE(m.cols(), 3);
    QCOMPARE(m.data()[0], 0.25f);
    QCOMPARE(m.data()[1], -1.5f);
    QVERIFY(std::isinf(m.data()[2])); // beyond float32: infinite (the feature loaders then refuse it by name)
    QByteArray swapped(reinterpret_cast<const char *>(values), 16);
    for (int v = 0; v < 2; ++v) std::reverse(swapped.begin() + v * 8, swapped.begin() + v * 8 + 8);
    const QString big = dir.filePath(QStringLiteral("f8be.npy"));
    writeRaw(big, npyBytes("{'descr': '>f8', 'fortran_order': False, 'shape': (2,), }", swapped));
    QCOMPARE(NpyMatrix::open(big).data()[1], -1.5f);
  }

  void malformedFilesNameTheFile_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("reason");
    const QByteArray four(16, '\0');
    QTest::newRow("not npy") << QByteArray("hello world, not an array") << "not a .npy file";
    QTest::newRow("empty") << QByteArray() << "not a .npy file";
    QTest::newRow("float64 truncated") << npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }", four) << "truncated";
    QTest::newRow("int32") << npyBytes("{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }", four) << "unsupported dtype '<i4'";
    QTest::newRow("fortran") << npyBytes("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", four) << "Fortran-order";
    QTest::newRow("3-D") << npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 2, 2), }", four) << "3-dimensional";
    QTest::newRow("truncated data") << npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (10, 10), }", four) << "truncated";
    QTest::newRow("truncated header") << npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1), }", {}).left(30) << "truncated .npy header";
    QTest::newRow("no shape") << npyBytes("{'descr': '<f4', 'fortran_order': False}", four) << "malformed .npy header";
    QTest::newRow("bad shape") << npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (a, 2), }", four) << "malformed shape";
    // Sizes are bounded before they are multiplied out or allocated.
    QTest::newRow("10^13 values") << npyBytes("{'descr': '<f2', 'fortran_order': False, 'shape': (10000000, 1000000), }", four)
                                  << "shape (10000000, 1000000) declares more than 2^40 values";
    QTest::newRow("int64 overflow") << npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (9223372036854775807, 3), }", four)
                                    << "declares more than 2^40 values";
    QTest::newRow("version 9") << npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", four, 9) << "unsupported .npy format version 9";
  }
  void malformedFilesNameTheFile() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.npy"));
    writeRaw(path, bytes);
    try {
      NpyMatrix::open(path);
      QFAIL("expected an error");
    } catch (const std::runtime_error &error) {
      const QString message = QString::fromUtf8(error.what());
      QVERIFY2(message.startsWith(path + QStringLiteral(": ")), qPrintable(message));
      QVERIFY2(message.contains(reason), qPrintable(message));
    }
  }

  void missingFileNamesIt() {
    try {
      NpyMatrix::open(QStringLiteral("/nonexistent/features.npy"));
      QFAIL("expected an error");
    } catch (const std::runtime_error &error) {
      QCOMPARE(QString::fromUtf8(error.what()), QStringLiteral("/nonexistent/features.npy: file not found"));
    }
  }
};

QTEST_GUILESS_MAIN(TestNpy)
#include "tst_npy.moc"
