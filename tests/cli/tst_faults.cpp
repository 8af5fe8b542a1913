// Faults injected into real groundscope-cli processes, and what must survive them:
//  - SIGKILL at random moments (a fixed seed, 20 kills each) during training, a dataset parse,
//    feature extraction and an export: training resumes to the uninterrupted result, the parse cache
//    and the feature cache stay readable and finish to the same bytes, an export's previous files
//    stay whole;
//  - a full disk (RLIMIT_FSIZE below the file's size) while a checkpoint, features or an export are
//    written: exit 1 with a message naming the file, and the previous file unchanged;
//  - hostile data: NaN/inf and all-zero feature rows, a 5,000-word caption, a 0-byte and a
//    10,000×10,000-pixel image, a dataset of one image, images deleted after the dataset was read.
// Each fault and its count is also written to <build>/reliability/faults.tsv, which
// tests/reliability/report.py turns into docs/reliability.md's table.

#include "clitestsupport.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QPainter>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

#include <csignal>
#include <random>

namespace {

constexpr int kKills = 20;
constexpr unsigned kSeed = 22;

struct FaultRow {
  QString fault, injected, outcome;
};
std::vector<FaultRow> &faultRows() {
  static std::vector<FaultRow> rows;
  return rows;
}

QByteArray fileHash(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
}

// Every file under `folder` (relative path → hash); temporary files of an interrupted atomic write
// are listed too, so a test can see them.
QMap<QString, QByteArray> folderHashes(const QString &folder) {
  QMap<QString, QByteArray> hashes;
  QDirIterator it(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString path = it.next();
    hashes.insert(QDir(folder).relativeFilePath(path), fileHash(path));
  }
  return hashes;
}

QProcessEnvironment environmentWith(const QString &cacheHome) {
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  if (!cacheHome.isEmpty()) env.insert(QStringLiteral("XDG_CACHE_HOME"), cacheHome);
  return env;
}

// Runs the CLI with `args` and SIGKILLs it after `delayMs` (if it is still running then).
// Returns true when the kill landed (the process had not finished).
bool runAndKill(const QStringList &args, int delayMs, const QString &cacheHome) {
  QProcess process;
  process.setProcessEnvironment(environmentWith(cacheHome));
  process.start(QStringLiteral(GS_CLI_PATH), args);
  if (!process.waitForStarted()) return false;
  if (process.waitForFinished(delayMs)) return false;
  ::kill(pid_t(process.processId()), SIGKILL); // no chance to clean up, as when a machine goes down
  process.waitForFinished(10000);
  return true;
}

// Milliseconds the uninterrupted command takes, and its result.
Result timed(const QStringList &args, const QString &cacheHome, qint64 *ms) {
  QElapsedTimer timer;
  timer.start();
  Result r = runCli(args, cacheHome, 600000);
  *ms = timer.elapsed();
  return r;
}

// Runs `args` with the file-size limit set to `bytes` (RLIMIT_FSIZE, through the shell's ulimit).
Result runWithFileSizeLimit(const QStringList &args, qint64 bytes, const QString &cacheHome) {
  QStringList quoted;
  for (const QString &arg : args) quoted << QLatin1Char('\'') + QString(arg).replace(QLatin1Char('\''), QStringLiteral("'\\''")) + QLatin1Char('\'');
  const QString script = QStringLiteral("ulimit -f %1 && exec '%2' %3").arg((bytes + 511) / 512).arg(QStringLiteral(GS_CLI_PATH), quoted.join(QLatin1Char(' ')));
  QProcess process;
  process.setProcessEnvironment(environmentWith(cacheHome));
  process.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
  if (!process.waitForFinished(300000)) {
    process.kill();
    return {};
  }
  return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
          QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

// A finished bag-of-words run on a 40-image demo with ready features: something to export.
Result trainSmallBow(const QTemporaryDir &dir, const QString &run) {
  const QString data = makeDemoWithFeatures(dir, 40);
  return runCli({QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow"),
                 QStringLiteral("--epochs"), QStringLiteral("1"), QStringLiteral("--out"), run, QStringLiteral("--backbone"),
                 QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy")), QStringLiteral("--format"), QStringLiteral("json")});
}

QByteArray readAll(const QString &path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QJsonObject jsonOf(const QString &text) { return QJsonDocument::fromJson(text.toUtf8()).object(); }

void writeFile(const QString &path, const QByteArray &bytes) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
  file.write(bytes);
}

void writeImage(const QString &path, int width, int height, QColor colour) {
  QImage image(width, height, QImage::Format_RGB888);
  image.fill(colour);
  QPainter(&image).fillRect(QRect(width / 4, height / 4, width / 2, height / 2), Qt::white);
  QDir().mkpath(QFileInfo(path).absolutePath());
  if (!image.save(path)) qFatal("cannot write %s", qPrintable(path));
}

}  // namespace

class TestFaults : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // The test runs as several ctest parts (tests/cli/CMakeLists.txt), each a process of its own: each
  // adds its rows to faults.tsv, replacing its own earlier ones and keeping the other parts'.
  void cleanupTestCase() {
    const QString path = QStringLiteral(GS_BINARY_DIR "/reliability/faults.tsv");
    QDir().mkpath(QFileInfo(path).absolutePath());
    QLockFile lock(path + QStringLiteral(".lock"));
    QVERIFY(lock.lock());
    QMap<QString, QByteArray> rows;
    for (const QByteArray &line : readAll(path).split('\n').mid(1))
      if (!line.isEmpty()) rows.insert(QString::fromUtf8(line.left(line.indexOf('\t'))), line);
    for (const FaultRow &row : faultRows()) rows.insert(row.fault, (row.fault + '\t' + row.injected + '\t' + row.outcome).toUtf8());
    QByteArray tsv = "fault\tinjected\toutcome\n";
    for (const QByteArray &line : rows) tsv += line + '\n';
    writeFile(path, tsv);
  }

  // Training: 20 SIGKILLs at random moments of the run, the same command after each; then it runs to
  // the end and its test metrics equal those of a run never interrupted.
  void killedTrainingReachesTheUninterruptedResult() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 40);
    const auto args = [&](const QString &run) {
      return QStringList{QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow"),
                         QStringLiteral("--epochs"), QStringLiteral("1000"), QStringLiteral("--out"), run, QStringLiteral("--backbone"),
                         QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy")), QStringLiteral("--format"), QStringLiteral("json")};
    };
    qint64 ms = 0;
    const Result clean = timed(args(dir.filePath(QStringLiteral("clean"))), {}, &ms);
    QVERIFY2(clean.code == 0, qPrintable(clean.err));
    const QJsonObject expected = jsonOf(clean.out).value(QStringLiteral("test")).toObject();
    QVERIFY(!expected.isEmpty());

    const QString run = dir.filePath(QStringLiteral("killed"));
    std::mt19937 random(kSeed);
    // Short lives (2.5–8 % of the whole run, start-up included), so the kills land mid-run; each
    // resumes from the last whole epoch. The test may share the machine with other tests, so a run can
    // go quicker than the timed one and reach its end: a finished run is started again from nothing
    // so that the next kill has a run to interrupt.
    std::uniform_int_distribution<int> delay(int(ms / 40), int(ms / 12));
    int landed = 0, finished = 0;
    for (int k = 0; k < kKills; ++k) {
      landed += runAndKill(args(run), delay(random), {}) ? 1 : 0;
      const QString metrics = QDir(run).filePath(QStringLiteral("metrics.json"));
      if (QFile::exists(metrics)) QVERIFY2(!jsonOf(QString::fromUtf8(readAll(metrics))).isEmpty(), "metrics.json torn by a kill");
      if (QFile::exists(QDir(run).filePath(QStringLiteral("result.json")))) {
        QVERIFY(QDir(run).removeRecursively());
        ++finished;
      }
    }
    QVERIFY2(landed >= kKills / 2, qPrintable(QStringLiteral("only %1 kills landed").arg(landed)));
    const Result resumed = runCli(args(run), {}, 600000);
    QVERIFY2(resumed.code == 0, qPrintable(resumed.err));
    QCOMPARE(jsonOf(resumed.out).value(QStringLiteral("test")).toObject(), expected);
    faultRows().push_back({QStringLiteral("SIGKILL during training (bow, 1,000 short epochs)"),
                           QStringLiteral("%1 kills").arg(landed) + (finished ? (finished == 1 ? QStringLiteral(" (1 run finished first)") : QStringLiteral(" (%1 runs finished first)").arg(finished)) : QString()),
                           QStringLiteral("resumed; test metrics equal the uninterrupted run's")});
  }

  // Parsing a dataset: the parse cache is written atomically, so after any kill it is absent or
  // whole; the finished parse writes the same CoNLL-U as one never interrupted.
  void killedParseKeepsTheCacheWhole() {
    QTemporaryDir dir;
    const QString data = dir.filePath(QStringLiteral("scenes"));
    QCOMPARE(runCli({QStringLiteral("dataset"), QStringLiteral("make-demo"), data, QStringLiteral("--images"), QStringLiteral("150")}).code, 0);
    const auto args = [&](const QString &out) {
      return QStringList{QStringLiteral("parse"), QStringLiteral("--dataset"), data, QStringLiteral("--out"), out, QStringLiteral("--threads"), QStringLiteral("1")};
    };
    qint64 ms = 0;
    const Result clean = timed(args(dir.filePath(QStringLiteral("clean.conllu"))), dir.filePath(QStringLiteral("cache-clean")), &ms);
    QVERIFY2(clean.code == 0, qPrintable(clean.err));

    const QString cache = dir.filePath(QStringLiteral("cache-killed"));
    std::mt19937 random(kSeed + 1);
    // Kills within the first half of the timed run, so that most land even when this run goes
    // quicker than the timed one (the machine is shared with other tests).
    std::uniform_int_distribution<int> delay(int(ms / 20), int(ms / 2));
    int landed = 0;
    for (int k = 0; k < kKills; ++k) {
      const bool killed = runAndKill(args(dir.filePath(QStringLiteral("killed.conllu"))), delay(random), cache);
      landed += killed ? 1 : 0;
      QDirIterator it(cache, {QStringLiteral("*.jsonl")}, QDir::Files, QDirIterator::Subdirectories);
      while (it.hasNext()) {
        QFile file(it.next());
        QVERIFY(file.open(QIODevice::ReadOnly));
        for (const QByteArray &line : file.readAll().split('\n'))
          if (!line.isEmpty()) QVERIFY2(QJsonDocument::fromJson(line).isObject(), "a torn line in the parse cache");
      }
      // A run that beat its kill (the machine was quicker than during the timed run) left the whole
      // cache, and every later run would answer from it before its kill: start the cache again so
      // each kill has a parse to interrupt.
      if (!killed) QVERIFY(QDir(cache).removeRecursively());
    }
    QVERIFY2(landed >= kKills / 2, qPrintable(QStringLiteral("only %1 kills landed").arg(landed)));
    const Result finished = runCli(args(dir.filePath(QStringLiteral("killed.conllu"))), cache, 600000);
    QVERIFY2(finished.code == 0, qPrintable(finished.err));
    QCOMPARE(fileHash(dir.filePath(QStringLiteral("killed.conllu"))), fileHash(dir.filePath(QStringLiteral("clean.conllu"))));
    faultRows().push_back({QStringLiteral("SIGKILL while parsing a dataset (150 images, 750 captions)"), QStringLiteral("%1 kills").arg(landed),
                           QStringLiteral("parse cache always whole; same CoNLL-U as the uninterrupted parse")});
  }

  // Feature extraction: chunks are written atomically and resumed; after 20 kills the finished
  // features are identical to an uninterrupted extraction.
  void killedFeatureExtractionResumesToTheSameFeatures() {
    QTemporaryDir dir;
    const QString data = dir.filePath(QStringLiteral("scenes"));
    QCOMPARE(runCli({QStringLiteral("dataset"), QStringLiteral("make-demo"), data, QStringLiteral("--images"), QStringLiteral("3000"),
                     QStringLiteral("--size"), QStringLiteral("64")}).code, 0);
    const auto args = [&](const QString &out) {
      return QStringList{QStringLiteral("features"), QStringLiteral("--dataset"), data, QStringLiteral("--backbone"),
                         QStringLiteral("torchscript:example"), QStringLiteral("--out"), out};
    };
    qint64 ms = 0;
    const Result clean = timed(args(dir.filePath(QStringLiteral("clean"))), dir.filePath(QStringLiteral("cache")), &ms);
    QVERIFY2(clean.code == 0, qPrintable(clean.err));

    const QString killed = dir.filePath(QStringLiteral("killed"));
    std::mt19937 random(kSeed + 2);
    std::uniform_int_distribution<int> delay(int(ms / 20), int(ms / 8)); // short lives: each kill lands mid-run

    int landed = 0;
    for (int k = 0; k < kKills; ++k) {
      const bool interrupted = runAndKill(args(killed), delay(random), dir.filePath(QStringLiteral("cache")));
      landed += interrupted ? 1 : 0;
      // Resumed lives add up: a run that reached the end (quicker than the timed one, on a shared
      // machine) is started again from nothing, so that the next kill has work to interrupt.
      if (!interrupted) QVERIFY(QDir(killed).removeRecursively());
    }
    QVERIFY2(landed >= kKills / 2, qPrintable(QStringLiteral("only %1 kills landed").arg(landed)));
    const Result finished = runCli(args(killed), dir.filePath(QStringLiteral("cache")), 600000);
    QVERIFY2(finished.code == 0, qPrintable(finished.err));
    QCOMPARE(fileHash(QDir(killed).filePath(QStringLiteral("features.npy"))), fileHash(dir.filePath(QStringLiteral("clean/features.npy"))));
    faultRows().push_back({QStringLiteral("SIGKILL during feature extraction (3,000 images, example CNN)"), QStringLiteral("%1 kills").arg(landed),
                           QStringLiteral("resumed from its chunks; features.npy identical to the uninterrupted run's")});
  }

  // An export (embed: .npy, projector TSV and sprite) killed at random moments leaves the previous
  // export's files whole: each is either the old file or a complete new one, never a torn one.
  void killedExportKeepsThePreviousFiles() {
    QTemporaryDir dir;
    const QString run = dir.filePath(QStringLiteral("run"));
    Result r = trainSmallBow(dir, run);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QString out = dir.filePath(QStringLiteral("export"));
    const QStringList args{QStringLiteral("embed"), run, QStringLiteral("--out"), out, QStringLiteral("--split"), QStringLiteral("train")};
    qint64 ms = 0;
    r = timed(args, {}, &ms);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QMap<QString, QByteArray> before = folderHashes(out);
    QVERIFY(!before.isEmpty());

    std::mt19937 random(kSeed + 3);
    std::uniform_int_distribution<int> delay(int(ms / 20), int(ms / 2)); // most land on a quicker run too
    int landed = 0;
    for (int k = 0; k < kKills; ++k) {
      landed += runAndKill(args, delay(random), {}) ? 1 : 0;
      const QMap<QString, QByteArray> after = folderHashes(out);
      for (auto it = before.begin(); it != before.end(); ++it)
        QVERIFY2(after.value(it.key()) == it.value(), qPrintable(it.key() + QStringLiteral(" changed or torn by a kill")));
    }
    QVERIFY2(landed >= kKills / 2, qPrintable(QStringLiteral("only %1 kills landed").arg(landed)));
    faultRows().push_back({QStringLiteral("SIGKILL during an export (embed: .npy, TSV, sprite)"), QStringLiteral("%1 kills").arg(landed),
                           QStringLiteral("every previous file whole and unchanged")});
  }

  // A full disk, as a file-size limit: the checkpoint of the next epoch cannot be written. The run
  // stops with a message naming the file, the previous checkpoint is unchanged, and the same command
  // without the limit resumes from it.
  void fullDiskKeepsThePreviousCheckpoint() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 40);
    const QString run = dir.filePath(QStringLiteral("run"));
    const auto args = [&](int epochs) {
      return QStringList{QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("lstm"),
                         QStringLiteral("--epochs"), QString::number(epochs), QStringLiteral("--out"), run, QStringLiteral("--backbone"),
                         QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy")), QStringLiteral("--format"), QStringLiteral("json")};
    };
    Result r = runCli(args(1));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QString checkpoint = QDir(run).filePath(QStringLiteral("checkpoint-last.pt"));
    const QByteArray kept = fileHash(checkpoint);
    const qint64 size = QFileInfo(checkpoint).size();
    QVERIFY(size > 4096);

    r = runWithFileSizeLimit(args(3), size / 2, {});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("checkpoint-last.pt")) || r.err.contains(QStringLiteral("model-best.pt")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("File too large")) || r.err.contains(QStringLiteral("write failed")), qPrintable(r.err));
    QCOMPARE(fileHash(checkpoint), kept);

    r = runCli(args(3));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(jsonOf(r.out).value(QStringLiteral("resumed_from")).toInt(), 1);
    faultRows().push_back({QStringLiteral("full disk (RLIMIT_FSIZE) while writing a checkpoint"), QStringLiteral("1 limit"),
                           QStringLiteral("exit 1 naming the file; previous checkpoint unchanged; resumed without the limit")});
  }

  // The same for an export and for features: the message names the file, what was there stays.
  void fullDiskKeepsThePreviousExportAndFeatures() {
    QTemporaryDir dir;
    const QString run = dir.filePath(QStringLiteral("run"));
    Result r = trainSmallBow(dir, run);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QString out = dir.filePath(QStringLiteral("export"));
    const QStringList embed{QStringLiteral("embed"), run, QStringLiteral("--out"), out, QStringLiteral("--split"), QStringLiteral("train")};
    QCOMPARE(runCli(embed).code, 0);
    const QMap<QString, QByteArray> before = folderHashes(out);
    r = runWithFileSizeLimit(embed, 1024, {});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(out), qPrintable(r.err));
    QCOMPARE(folderHashes(out), before);

    const QString scenes = dir.filePath(QStringLiteral("scenes-small"));
    QCOMPARE(runCli({QStringLiteral("dataset"), QStringLiteral("make-demo"), scenes, QStringLiteral("--images"), QStringLiteral("20"),
                     QStringLiteral("--size"), QStringLiteral("64")}).code, 0);
    r = runWithFileSizeLimit({QStringLiteral("features"), QStringLiteral("--dataset"), scenes, QStringLiteral("--backbone"),
                              QStringLiteral("torchscript:example"), QStringLiteral("--out"), dir.filePath(QStringLiteral("features"))},
                             1024, dir.filePath(QStringLiteral("cache")));
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(dir.filePath(QStringLiteral("features"))) || r.err.contains(QStringLiteral(".pt")), qPrintable(r.err));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("features/manifest.json")))); // no feature set that is not whole
    faultRows().push_back({QStringLiteral("full disk (RLIMIT_FSIZE) while writing an export and features"), QStringLiteral("2 limits"),
                           QStringLiteral("exit 1 naming the file; the previous export unchanged; no partial feature set")});
  }

  // Hostile data in one small CSV dataset: the pipeline reports each and goes on.
  void hostileDataIsReportedAndSkipped() {
    QTemporaryDir dir;
    const QString root = dir.filePath(QStringLiteral("hostile"));
    QByteArray csv = "image,caption,split\n";
    for (int i = 0; i < 12; ++i) {
      writeImage(QStringLiteral("%1/img/%2.png").arg(root).arg(i), 48, 48, QColor::fromHsv(i * 30, 200, 200));
      csv += QStringLiteral("img/%1.png,A shape of colour %1 on a white square.,%2\n").arg(i).arg(i < 8 ? "train" : i < 10 ? "val" : "test").toUtf8();
    }
    QByteArray longCaption = "A";
    for (int w = 0; w < 5000; ++w) longCaption += " very";
    longCaption += " long caption.";
    csv += "img/0.png," + longCaption + ",train\n";
    writeFile(root + "/img/empty.png", {});
    csv += "img/empty.png,A zero-byte image.,train\n";
    {
      QImage huge(10000, 10000, QImage::Format_Grayscale8); // 100 MB decoded, a few hundred KB as PNG
      huge.fill(128);
      QVERIFY(huge.save(root + "/img/huge.png"));
    }
    csv += "img/huge.png,A very large image.,train\n";
    writeFile(root + "/captions.csv", csv);

    Result r = runCli({QStringLiteral("features"), QStringLiteral("--dataset"), root + "/captions.csv", QStringLiteral("--backbone"),
                       QStringLiteral("torchscript:example"), QStringLiteral("--out"), dir.filePath(QStringLiteral("features"))},
                      dir.filePath(QStringLiteral("cache")), 600000);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("empty.png")) || r.err.contains(QStringLiteral("empty.png")), qPrintable(r.out + r.err));

    // Features with NaN, inf and an all-zero row: NaN/inf rows are skipped and named, the zero row
    // trains (cosine of a zero vector is 0, not NaN) and the run finishes.
    QByteArray header = "{'descr': '<f4', 'fortran_order': False, 'shape': (14, 4), }";
    while ((10 + header.size() + 1) % 64) header += ' ';
    header += '\n';
    QByteArray npy("\x93NUMPY\x01\x00", 8);
    npy.append(char(header.size() & 0xff)).append(char(header.size() >> 8)).append(header);
    QByteArray ids;
    const QStringList names = {"img/0.png", "img/1.png", "img/2.png", "img/3.png", "img/4.png", "img/5.png", "img/6.png", "img/7.png",
                               "img/8.png", "img/9.png", "img/10.png", "img/11.png", "img/empty.png", "img/huge.png"};
    for (int i = 0; i < 14; ++i) {
      for (int k = 0; k < 4; ++k) {
        float v = float((i * 5 + k * 3) % 7) / 7.0f + 0.1f;
        if (i == 1) v = std::numeric_limits<float>::quiet_NaN();
        if (i == 2 && k == 0) v = std::numeric_limits<float>::infinity();
        if (i == 3) v = 0.0f;
        npy.append(reinterpret_cast<const char *>(&v), sizeof v);
      }
      ids += names[i].toUtf8() + '\n';
    }
    writeFile(dir.filePath(QStringLiteral("hostile.npy")), npy);
    writeFile(dir.filePath(QStringLiteral("hostile.ids.txt")), ids);
    bool first = true;
    for (const QString &model : {QStringLiteral("bow"), QStringLiteral("lstm")}) {
      r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), root + "/captions.csv", QStringLiteral("--model"), model,
                  QStringLiteral("--epochs"), QStringLiteral("2"), QStringLiteral("--out"), dir.filePath(QStringLiteral("run-") + model),
                  QStringLiteral("--backbone"), QStringLiteral("npy:") + dir.filePath(QStringLiteral("hostile.npy")), QStringLiteral("--format"),
                  QStringLiteral("json")},
                 dir.filePath(QStringLiteral("cache")), 600000);
      QVERIFY2(r.code == 0, qPrintable(model + QStringLiteral(": ") + r.err));
      if (first) QVERIFY2(r.err.contains(QStringLiteral("NaN or infinite")), qPrintable(r.err)); // the second reuses the features
      first = false;
      const QJsonObject test = jsonOf(r.out).value(QStringLiteral("test")).toObject();
      QVERIFY2(!test.isEmpty(), qPrintable(r.out));
      QVERIFY(!r.out.contains(QStringLiteral("nan")));
    }

    // A dataset of one image: loads, its features extract, and training says what is missing
    // (no validation or test image) or trains; never a crash.
    writeImage(dir.filePath(QStringLiteral("one/a.png")), 32, 32, Qt::red);
    writeFile(dir.filePath(QStringLiteral("one/pairs.csv")), "a.png,A red square.\n");
    r = runCli({QStringLiteral("dataset"), QStringLiteral("info"), dir.filePath(QStringLiteral("one/pairs.csv"))});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    r = runCli({QStringLiteral("features"), QStringLiteral("--dataset"), dir.filePath(QStringLiteral("one/pairs.csv")), QStringLiteral("--backbone"),
                QStringLiteral("torchscript:example"), QStringLiteral("--out"), dir.filePath(QStringLiteral("one-features"))},
               dir.filePath(QStringLiteral("cache")), 600000);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), dir.filePath(QStringLiteral("one/pairs.csv")), QStringLiteral("--model"),
                QStringLiteral("bow"), QStringLiteral("--epochs"), QStringLiteral("1"), QStringLiteral("--out"), dir.filePath(QStringLiteral("run-one")),
                QStringLiteral("--features"), dir.filePath(QStringLiteral("one-features"))},
               dir.filePath(QStringLiteral("cache")), 600000);
    QVERIFY2(r.code == 0 || r.code == 1, qPrintable(r.err));
    if (r.code == 1) QVERIFY2(r.err.contains(QStringLiteral("error: ")) && r.err.trimmed().size() > 20, qPrintable(r.err));
    faultRows().push_back({QStringLiteral("hostile data: NaN, inf and zero feature rows; a 5,000-word caption; 0-byte and "
                                          "10,000×10,000 images; a one-image dataset"),
                           QStringLiteral("7 cases"), QStringLiteral("each reported and skipped or handled; no crash")});
  }
};

QTEST_GUILESS_MAIN(TestFaults)
#include "tst_faults.moc"
