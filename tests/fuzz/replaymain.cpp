// The harnesses' main() where libFuzzer is not linked in (GS_FUZZ off, e.g. a g++ build): runs the
// harness once on every file named on the command line or found in a named folder, which is how
// ctest replays each harness's corpus (tests/fuzz/corpus/<harness>/: its seeds and every input
// that once found a bug) in the ordinary test run.

#include <QByteArray>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <cstdint>
#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

int main(int argc, char **argv) {
  QStringList files;
  for (int i = 1; i < argc; ++i) {
    const QString arg = QString::fromLocal8Bit(argv[i]);
    if (arg.startsWith(QLatin1Char('-'))) continue; // libFuzzer flags, ignored here
    if (QFileInfo(arg).isDir()) {
      QDirIterator it(arg, QDir::Files, QDirIterator::Subdirectories);
      QStringList inFolder;
      while (it.hasNext()) inFolder << it.next();
      inFolder.sort();
      files << inFolder;
    } else {
      files << arg;
    }
  }
  for (const QString &path : files) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
      std::fprintf(stderr, "replay: cannot read %s\n", qPrintable(path));
      return 2;
    }
    const QByteArray bytes = file.readAll();
    std::fprintf(stderr, "replay: %s (%lld bytes)\n", qPrintable(path), static_cast<long long>(bytes.size()));
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(bytes.constData()), static_cast<std::size_t>(bytes.size()));
  }
  std::printf("replay: %lld inputs ran cleanly\n", static_cast<long long>(files.size()));
  return files.isEmpty() ? 1 : 0;
}
