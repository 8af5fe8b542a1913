#pragma once
// What every harness in tests/fuzz shares. A harness writes the fuzzer's bytes into a scratch folder
// under the name the reader expects, calls the reader, and holds it to the rule every reader of a
// stranger's file keeps: it returns, or it refuses with a std::exception whose message names the
// file. A crash, a sanitizer report, another kind of exception or an error that does not say which
// file broke is a finding (the harness aborts, so libFuzzer keeps the input).

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <vector>

namespace gs::fuzz {

// One scratch folder per process, removed at exit.
inline QString scratch() {
  static QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/gs-fuzz-XXXXXX"));
  return dir.path();
}

// Writes `bytes` to scratch()/relative (folders made as needed) and returns the absolute path.
inline QString writeScratchFile(const QString &relative, const QByteArray &bytes) {
  const QString path = scratch() + QLatin1Char('/') + relative;
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
    std::fprintf(stderr, "fuzz harness: cannot write %s\n", qPrintable(path));
    std::abort();
  }
  file.write(bytes);
  return path;
}

inline QByteArray bytesOf(const std::uint8_t *data, std::size_t size) {
  return QByteArray(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
}

// The input cut at NUL bytes into at most `parts` pieces (the last keeps any further NULs), so one
// input can fill several files: "token file \0 split file". Missing pieces are empty.
inline std::vector<QByteArray> splitInput(const QByteArray &input, int parts) {
  std::vector<QByteArray> pieces;
  qsizetype from = 0;
  for (int k = 0; k + 1 < parts; ++k) {
    const qsizetype nul = input.indexOf('\0', from);
    if (nul < 0) break;
    pieces.push_back(input.mid(from, nul - from));
    from = nul + 1;
  }
  pieces.push_back(input.mid(from));
  pieces.resize(static_cast<std::size_t>(parts));
  return pieces;
}

// Empty files standing for images (the dataset readers check that an image exists, not what it holds).
inline void touchScratchFiles(const QString &folder, const QStringList &names) {
  for (const QString &name : names) writeScratchFile(folder + QLatin1Char('/') + name, QByteArray());
}

// Runs `read`; a std::exception must name one of `files` (by file name, or the whole path).
template <class Read>
void expectCleanRefusal(const QStringList &files, Read &&read) {
  try {
    read();
  } catch (const std::exception &e) {
    const QString message = QString::fromUtf8(e.what());
    for (const QString &file : files)
      if (message.contains(QFileInfo(file).fileName())) return;
    std::fprintf(stderr, "fuzz harness: the error names none of %s: %s\n", qPrintable(files.join(QStringLiteral(", "))), e.what());
    std::abort();
  }
}

}  // namespace gs::fuzz
