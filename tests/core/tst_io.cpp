// Atomic writes replace whole files and name the file when they fail; the cache folder follows XDG_CACHE_HOME.

#include "io/atomicfile.h"
#include "io/paths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

#include <csignal>

using namespace gs;

class TestIo : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void atomicWriteReplacesWholeFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sub/run.json"));
    writeFileAtomically(path, "first");
    writeFileAtomically(path, "second");
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("second"));
    QCOMPARE(QDir(dir.filePath(QStringLiteral("sub"))).entryList(QDir::Files), QStringList{QStringLiteral("run.json")});
  }

  void failedWriteNamesTheFileAndLeavesNothing() {
    QTemporaryDir dir;
    const QString blocker = dir.filePath(QStringLiteral("plain-file"));
    writeFileAtomically(blocker, "precious");
    // A folder cannot be made under a regular file, whoever runs the test (root included).
    const QString path = blocker + QStringLiteral("/run.json");
    try {
      writeFileAtomically(path, "data");
      QFAIL("expected a failure");
    } catch (const std::runtime_error &error) {
      QVERIFY2(QString::fromUtf8(error.what()).startsWith(path), error.what());
    }
    QFile file(blocker);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("precious"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("plain-file")});
  }

  // A file-size limit (as a full disk) cuts the write short. Qt reports the short write as
  // a success, so without the size check the torn file replaced the old one; now the old file stays.
  void writeCutShortKeepsTheOldFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("features.npy"));
    const QByteArray old(3000, 'o');
    gs::writeFileAtomically(path, old);
    std::signal(SIGXFSZ, SIG_IGN);
    rlimit saved{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
    rlimit limited = saved;
    limited.rlim_cur = 1024;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &limited), 0);
    QString error;
    try {
      gs::writeFileAtomically(path, QByteArray(50000, 'n'));
    } catch (const std::runtime_error &e) {
      error = QString::fromUtf8(e.what());
    }
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &saved), 0);
    QVERIFY2(error.startsWith(path + QStringLiteral(": write failed: only 1024 of 50000 bytes")), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), old);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1); // no temporary file left
  }

  void cacheFolderFollowsXdg() {
    QTemporaryDir dir;
    qputenv("XDG_CACHE_HOME", dir.path().toUtf8());
    const QString cache = userCacheDir(QStringLiteral("datasets"));
    QCOMPARE(cache, dir.filePath(QStringLiteral("Groundscope/datasets")));
    QVERIFY(QFileInfo(cache).isDir());
  }
};

QTEST_GUILESS_MAIN(TestIo)
#include "tst_io.moc"
