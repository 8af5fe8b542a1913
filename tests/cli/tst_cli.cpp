// groundscope-cli as a script sees it: --help and --version, exit code 2 for unknown commands
// and bad arguments, 0 for commands that work, and real figures from `bench gemm` and `info`.

#include <QJsonDocument>
#include <QJsonObject>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Result {
  int code = -1;
  QString out, err;
};

Result runCli(const QStringList &args, int timeoutMs = 120000) {
  QProcess process;
  process.start(QStringLiteral(GS_CLI_PATH), args);
  if (!process.waitForFinished(timeoutMs)) {
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
    for (const char *command : {"info", "bench", "demo", "features"}) QVERIFY2(r.out.contains(QLatin1String(command)), command);
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

  void featuresUsageErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing out") << QStringList{QStringLiteral("features"), QStringLiteral("--dataset"), QStringLiteral("x"),
                                                QStringLiteral("--backbone"), QStringLiteral("concept-cnn")}
                                 << "missing --out";
    QTest::newRow("bad backbone") << QStringList{QStringLiteral("features"), QStringLiteral("--dataset"), QStringLiteral("x"),
                                                 QStringLiteral("--backbone"), QStringLiteral("resnet"), QStringLiteral("--out"), QStringLiteral("o")}
                                  << "bad backbone 'resnet'";
    QTest::newRow("bad crops") << QStringList{QStringLiteral("features"), QStringLiteral("--dataset"), QStringLiteral("x"),
                                              QStringLiteral("--backbone"), QStringLiteral("concept-cnn"), QStringLiteral("--crops"),
                                              QStringLiteral("5"), QStringLiteral("--out"), QStringLiteral("o")}
                               << "--crops: expected 1 or 10";
  }
  void featuresUsageErrors() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Result r = runCli(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
  }

  void featuresExtractsThenReusesTheCache() {
    QTemporaryDir dir;
    QFile csv(dir.filePath(QStringLiteral("captions.csv")));
    QVERIFY(csv.open(QIODevice::WriteOnly));
    csv.write("image,caption\n");
    for (int i = 0; i < 6; ++i) {
      const QString name = QStringLiteral("img%1.jpg").arg(i);
      QVERIFY(QFile::copy(QStringLiteral(GS_TEST_DATA "/images/cmyk.jpg"), dir.filePath(name)));
      csv.write(QStringLiteral("%1,a red and blue gradient number %2\n").arg(name).arg(i % 2 ? "one" : "two").toUtf8());
    }
    csv.write("missing.jpg,a picture that is not there\n");
    csv.close();
    const QStringList args{QStringLiteral("features"), QStringLiteral("--dataset"), csv.fileName(), QStringLiteral("--backbone"),
                           QStringLiteral("concept-cnn"), QStringLiteral("--out"), dir.filePath(QStringLiteral("features"))};
    const Result first = runCli(args);
    QVERIFY2(first.code == 0, qPrintable(first.err));
    QVERIFY2(first.out.contains(QStringLiteral("images:      6")), qPrintable(first.out));
    QVERIFY(first.out.contains(QStringLiteral("dimensions:  256")));
    QVERIFY(first.out.contains(QStringLiteral("images/s:")));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("features/manifest.json"))));
    const Result second = runCli(args);
    QCOMPARE(second.code, 0);
    QVERIFY2(second.out.contains(QStringLiteral("cached: nothing extracted")), qPrintable(second.out));
    // A backbone file that is not a network: exit 1 and the file named.
    const Result broken = runCli({QStringLiteral("features"), QStringLiteral("--dataset"), csv.fileName(), QStringLiteral("--backbone"),
                                  QStringLiteral("onnx:") + csv.fileName(), QStringLiteral("--out"), dir.filePath(QStringLiteral("onnx"))});
    QCOMPARE(broken.code, 1);
    QVERIFY2(broken.err.contains(csv.fileName() + QStringLiteral(": cannot load ONNX network")), qPrintable(broken.err));
  }

  void demoRunsThePipelineHeadless() {
    const Result r = runCli({QStringLiteral("demo")}, 540000); // trains the concept CNN on first use
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("1. Runtime check: succeeded")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("GEMM GFLOP/s")));
    QVERIFY2(r.out.contains(QStringLiteral("Extract features: succeeded")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("dimensions: 256")));
  }
};

// `demo` trains the concept CNN on first use (a minute or two on 2 idle cores): allow more than
// Qt Test's default 300 s per function on a loaded machine.
int main(int argc, char *argv[]) {
  if (!qEnvironmentVariableIsSet("QTEST_FUNCTION_TIMEOUT")) qputenv("QTEST_FUNCTION_TIMEOUT", "590000");
  QCoreApplication app(argc, argv);
  TestCli test;
  QTEST_SET_MAIN_SOURCE_PATH
  return QTest::qExec(&test, argc, argv);
}
#include "tst_cli.moc"
