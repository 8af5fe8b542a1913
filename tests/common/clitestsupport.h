#pragma once
// Running groundscope-cli from a test (GS_CLI_PATH, set by the test's CMake target) and the small
// Scenes demo with a ready feature file that the training commands use, shared by tst_cli and
// tst_distributed.

#include "demofeatures.h"

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
  gs::test::writeDemoFeatures(dir, images);
  return folder;
}

}  // namespace
