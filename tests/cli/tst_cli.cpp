// groundscope-cli as a script sees it: --help and --version, exit code 2 for unknown commands
// and bad arguments, 0 for commands that work, and real figures from `bench gemm` and `info`.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Result {
  int code = -1;
  QString out, err;
};

Result runCli(const QStringList &args) {
  QProcess process;
  process.start(QStringLiteral(GS_CLI_PATH), args);
  if (!process.waitForFinished(120000)) {
    process.kill();
    return {};
  }
  return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
          QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

}  // namespace

class TestCli : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void helpListsCommands() {
    const Result r = runCli({QStringLiteral("--help")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.startsWith(QStringLiteral("Usage: groundscope-cli")));
    for (const char *command : {"info", "bench", "demo", "dataset"}) QVERIFY2(r.out.contains(QLatin1String(command)), command);
  }

  void versionPrintsProjectVersion() {
    const Result r = runCli({QStringLiteral("--version")});
    QCOMPARE(r.code, 0);
    QVERIFY(QRegularExpression(QStringLiteral("^groundscope-cli \\d+\\.\\d+\\.\\d+\\n$")).match(r.out).hasMatch());
  }

  void usageErrorsExitWithTwo_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no command") << QStringList{} << "no command given";
    QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << "unknown command 'frobnicate'";
    QTest::newRow("unknown global option") << QStringList{QStringLiteral("--frob")} << "unknown option '--frob'";
    QTest::newRow("unknown option") << QStringList{QStringLiteral("info"), QStringLiteral("--frob")} << "Unknown option 'frob'";
    QTest::newRow("extra argument") << QStringList{QStringLiteral("info"), QStringLiteral("extra")} << "unexpected argument 'extra'";
    QTest::newRow("unknown benchmark") << QStringList{QStringLiteral("bench"), QStringLiteral("nothing")} << "unknown benchmark 'nothing'";
    QTest::newRow("missing benchmark") << QStringList{QStringLiteral("bench")} << "missing benchmark name";
    QTest::newRow("bad number") << QStringList{QStringLiteral("bench"), QStringLiteral("gemm"), QStringLiteral("--size"), QStringLiteral("abc")}
                                << "--size: expected an integer";
    QTest::newRow("missing value") << QStringList{QStringLiteral("bench"), QStringLiteral("gemm"), QStringLiteral("--size")}
                                   << "Missing value after '--size'";
    QTest::newRow("dataset without subcommand") << QStringList{QStringLiteral("dataset")} << "missing subcommand";
    QTest::newRow("dataset unknown subcommand") << QStringList{QStringLiteral("dataset"), QStringLiteral("frob")}
                                                << "unknown subcommand 'frob'";
    QTest::newRow("make-demo without folder") << QStringList{QStringLiteral("dataset"), QStringLiteral("make-demo")}
                                              << "missing argument";
    QTest::newRow("make-demo bad count") << QStringList{QStringLiteral("dataset"), QStringLiteral("make-demo"), QStringLiteral("x"),
                                                        QStringLiteral("--images"), QStringLiteral("many")}
                                         << "--images: expected an integer";
    QTest::newRow("info without path") << QStringList{QStringLiteral("dataset"), QStringLiteral("info")} << "missing argument";
  }
  void usageErrorsExitWithTwo() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Result r = runCli(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
  }

  void commandHelpShowsUsage() {
    const Result r = runCli({QStringLiteral("bench"), QStringLiteral("--help")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("bench gemm [--size N]")));
  }

  void infoReportsRuntime() {
    const Result r = runCli({QStringLiteral("info"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(json.value(QStringLiteral("torch_threads")).toInt(), json.value(QStringLiteral("cores")).toInt());
    QVERIFY(!json.value(QStringLiteral("blas_path")).toString().isEmpty());
  }

  void benchGemmMeasuresARate() {
    const Result r = runCli({QStringLiteral("bench"), QStringLiteral("gemm"), QStringLiteral("--size"), QStringLiteral("256"),
                             QStringLiteral("--repeats"), QStringLiteral("2"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(json.value(QStringLiteral("size")).toInt(), 256);
    QVERIFY(json.value(QStringLiteral("gflops_1_thread")).toDouble() > 0.01);
    QVERIFY(json.value(QStringLiteral("gflops_all_threads")).toDouble() > 0.01);
  }

  void demoRunsThePipelineHeadless() {
    const Result r = runCli({QStringLiteral("demo")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("1. Runtime check: succeeded")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("GEMM GFLOP/s")));
    QVERIFY2(r.out.contains(QStringLiteral("2. Make the Scenes demo: succeeded")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("images: 1000 (train 800, val 100, test 100)")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("Groundscope/datasets/scenes-1000-seed1")), qPrintable(r.out));
  }

  void datasetMakeDemoThenInfo() {
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("scenes"));
    Result r = runCli({QStringLiteral("dataset"), QStringLiteral("make-demo"), folder, QStringLiteral("--images"),
                       QStringLiteral("50"), QStringLiteral("--seed"), QStringLiteral("3")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("Scenes demo written to ") + folder), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("images:         50 (train 40, val 5, test 5)")), qPrintable(r.out));

    r = runCli({QStringLiteral("dataset"), QStringLiteral("info"), folder});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("format:         scenes-demo")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("captions:       250 (train 200, val 25, test 25)")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("load report: 0 problem(s)")), qPrintable(r.out));

    r = runCli({QStringLiteral("dataset"), QStringLiteral("info"), folder, QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(json.value(QStringLiteral("format")).toString(), QStringLiteral("scenes-demo"));
    QCOMPARE(json.value(QStringLiteral("images")).toObject().value(QStringLiteral("total")).toInt(), 50);
    QCOMPARE(json.value(QStringLiteral("captions")).toObject().value(QStringLiteral("train")).toInt(), 200);
    QVERIFY(json.value(QStringLiteral("vocabulary")).toInt() > 20);
    QVERIFY(json.value(QStringLiteral("order_sensitive_captions")).toInt() > 0);
    QVERIFY(json.value(QStringLiteral("report")).toArray().isEmpty());
  }

  void datasetInfoReportsProblemsAndFailsWhenNothingLoads() {
    QTemporaryDir dir;
    Result r = runCli({QStringLiteral("dataset"), QStringLiteral("info"), dir.path()});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(dir.path() + QStringLiteral(": no dataset format recognised")), qPrintable(r.err));

    // Two images named, one on disk: it loads and the report names the missing one.
    QFile tokens(dir.filePath(QStringLiteral("Flickr8k.token.txt")));
    QVERIFY(tokens.open(QIODevice::WriteOnly));
    tokens.write("1_a.jpg#0\tA dog runs .\n2_b.jpg#0\tA cat sleeps .\n");
    tokens.close();
    QDir().mkpath(dir.filePath(QStringLiteral("images")));
    QFile image(dir.filePath(QStringLiteral("images/1_a.jpg")));
    QVERIFY(image.open(QIODevice::WriteOnly));
    image.write("jpeg");
    image.close();
    r = runCli({QStringLiteral("dataset"), QStringLiteral("info"), dir.path()});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("format:         flickr8k-native")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("missing image: 1")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("2_b.jpg")), qPrintable(r.out));

    QVERIFY(QFile::remove(dir.filePath(QStringLiteral("images/1_a.jpg"))));
    r = runCli({QStringLiteral("dataset"), QStringLiteral("info"), dir.path()});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("no usable image–caption pairs")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("missing image: 2")), qPrintable(r.err));
  }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
