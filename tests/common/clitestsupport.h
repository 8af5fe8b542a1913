#pragma once
// Running groundscope-cli from a test (GS_CLI_PATH, set by the test's CMake target) and the small
// Scenes demo with a ready feature file that the training commands use, shared by tst_cli and
// tst_distributed.

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace {

struct Result {
  int code = -1;
  QString out, err;
};

// cacheHome: a fresh XDG_CACHE_HOME for the command (tests that count cache hits).
inline Result runCli(const QStringList &args, const QString &cacheHome = {}, int timeoutMs = 120000) {
  QProcess process;
  if (!cacheHome.isEmpty()) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CACHE_HOME"), cacheHome);
    process.setProcessEnvironment(env);
  }
  process.start(QStringLiteral(GS_CLI_PATH), args);
  if (!process.waitForFinished(timeoutMs)) {
    process.kill();
    return {};
  }
  return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
          QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

// A small Scenes demo with a precomputed feature file (random 8-d rows, one per image id), so
// the training commands can run without extracting features.
inline QString makeDemoWithFeatures(const QTemporaryDir &dir, int images) {
  const QString folder = dir.filePath(QStringLiteral("scenes"));
  const Result r = runCli({QStringLiteral("dataset"), QStringLiteral("make-demo"), folder, QStringLiteral("--images"),
                           QString::number(images)});
  if (r.code != 0) qFatal("make-demo failed: %s", qPrintable(r.err));
  constexpr int kDim = 8;
  QByteArray header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + QByteArray::number(images) + ", " +
                      QByteArray::number(kDim) + "), }";
  while ((10 + header.size() + 1) % 64) header += ' ';
  header += '\n';
  QByteArray npy("\x93NUMPY\x01\x00", 8);
  const quint16 length = quint16(header.size());
  npy.append(char(length & 0xff)).append(char(length >> 8)).append(header);
  QByteArray ids;
  for (int i = 0; i < images; ++i) {
    for (int k = 0; k < kDim; ++k) {
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
  return folder;
}

}  // namespace
