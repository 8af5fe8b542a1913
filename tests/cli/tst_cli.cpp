// groundscope-cli as a script sees it: --help and --version, exit code 2 for unknown commands
// and bad arguments, 0 for commands that work, and real figures from `bench gemm` and `info`.

#include "runtime/blaskernel.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QCoreApplication>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "clitestsupport.h"
#include "syntheticruns.h"

#include <cmath>
#include <csignal>

namespace {

// The raw text of the first caption of a test image in a Scenes demo folder.
QString firstTestCaption(const QString &folder) {
  QFile file(QDir(folder).filePath(QStringLiteral("dataset.json")));
  if (!file.open(QIODevice::ReadOnly)) return {};
  const QJsonArray images = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("images")).toArray();
  for (const QJsonValue &image : images)
    if (image.toObject().value(QStringLiteral("split")).toString() == QLatin1String("test"))
      return image.toObject().value(QStringLiteral("sentences")).toArray().first().toObject().value(QStringLiteral("raw")).toString();
  return {};
}

}  // namespace

class TestCli : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void helpListsCommands() {
    const Result r = runCli({QStringLiteral("--help")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.startsWith(QStringLiteral("Usage: groundscope-cli")));
    for (const char *command : {"info", "bench", "demo", "dataset", "parse", "features", "train", "eval", "embed", "export", "retrieve", "compare", "layout-features"})
      QVERIFY2(r.out.contains(QLatin1String(command)), command);
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
    // The test runs with GS_THREADS=1 (ctest's model-test setting); without it the CLI takes every core.
    const QByteArray fixed = qgetenv("GS_THREADS");
    qunsetenv("GS_THREADS");
    const Result r = runCli({QStringLiteral("info"), QStringLiteral("--json")});
    if (!fixed.isEmpty()) qputenv("GS_THREADS", fixed);
    QCOMPARE(r.code, 0);
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(json.value(QStringLiteral("torch_threads")).toInt(), json.value(QStringLiteral("cores")).toInt());
    // GS_THREADS chooses the count.
    qputenv("GS_THREADS", "1");
    const Result one = runCli({QStringLiteral("info"), QStringLiteral("--json")});
    if (fixed.isEmpty()) qunsetenv("GS_THREADS");
    else qputenv("GS_THREADS", fixed);
    QCOMPARE(QJsonDocument::fromJson(one.out.toUtf8()).object().value(QStringLiteral("torch_threads")).toInt(), 1);
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

  // --format text|json|csv on every command that prints results: json is the command's --json,
  // csv that JSON flattened (one row per record, dotted keys), text the default; listed in --help.
  void formatOptionIsTheSameEverywhere() {
    const Result json = runCli({QStringLiteral("info"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(json.code == 0, qPrintable(json.err));
    const QJsonObject info = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QVERIFY(!info.isEmpty());
    const Result csv = runCli({QStringLiteral("info"), QStringLiteral("--format=csv")});
    QVERIFY2(csv.code == 0, qPrintable(csv.err));
    const QStringList lines = csv.out.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 2); // header and one record
    QVERIFY2(lines[0].split(QLatin1Char(',')).size() >= info.size(), qPrintable(lines[0]));
    const Result gemm = runCli({QStringLiteral("bench"), QStringLiteral("gemm"), QStringLiteral("--size"), QStringLiteral("64"),
                                QStringLiteral("--repeats"), QStringLiteral("1"), QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(gemm.code == 0 && gemm.out.startsWith(QStringLiteral("size,")) || gemm.out.contains(QStringLiteral("gflops")), qPrintable(gemm.out));
    const Result bad = runCli({QStringLiteral("info"), QStringLiteral("--format"), QStringLiteral("yaml")});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains(QStringLiteral("'yaml' is not one of text, json, csv")), qPrintable(bad.err));
    // Every command that prints results (launch passes its workers' own options on) has --format with
    // json and csv (parse's also names its tree formats; compare's markdown for its tables).
    for (const char *command : {"info", "demo", "dataset", "parse", "parse-eval", "features", "train", "eval", "embed", "export",
                                "retrieve", "compare", "inspect", "regions", "generate", "tsne", "map", "layout-features", "similarity"}) {
      const Result help = runCli({QLatin1String(command), QStringLiteral("--help")});
      const QRegularExpression line(QStringLiteral("\\n  --format \\S+ +([^\\n]*)"));
      const QString values = line.match(help.out).captured(1);
      QVERIFY2(values.contains(QLatin1String("json")) && values.contains(QLatin1String("csv")), command);
    }
    const Result parsed = runCli({QStringLiteral("parse"), QStringLiteral("A dog runs."), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(parsed.code == 0, qPrintable(parsed.err));
    QCOMPARE(QJsonDocument::fromJson(parsed.out.toUtf8()).object().value(QStringLiteral("tokens")).toArray().size(), 4);
    const Result rows = runCli({QStringLiteral("parse"), QStringLiteral("A dog runs."), QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(rows.out.startsWith(QStringLiteral("id,form,upos,xpos,head,deprel\r\n1,A,DET,,2,det\r\n")), qPrintable(rows.out));
  }

  // bench map on a small generated mixture: one row per method, t-SNE first (the baseline), each
  // with a time and a neighbourhood preservation in [0, 1]. (Speed is reported, never asserted.)
  void benchMapReportsEachLayout() {
    const Result r = runCli({QStringLiteral("bench"), QStringLiteral("map"), QStringLiteral("--points"), QStringLiteral("400"),
                             QStringLiteral("--frame-items"), QStringLiteral("0,600"), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    // The frame times, measured by the GUI binary beside the CLI: a row per item count in both tables.
    const QString frames = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("frames")).toString();
    QVERIFY2(frames.contains(QStringLiteral("| items | lines | redraw")) && frames.contains(QStringLiteral("| 600 | off |")) &&
                 frames.contains(QStringLiteral("| items | hover")),
             qPrintable(frames));
    const QJsonArray runs = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 3);
    QVERIFY(runs[0].toObject().value(QStringLiteral("method")).toString().startsWith(QStringLiteral("t-SNE")));
    QVERIFY(runs[1].toObject().value(QStringLiteral("method")).toString().startsWith(QStringLiteral("UMAP")));
    for (const QJsonValue &run : runs) {
      const double p = run.toObject().value(QStringLiteral("preservation")).toDouble();
      QVERIFY(p > 0 && p <= 1);
      QVERIFY(run.toObject().value(QStringLiteral("seconds")).toDouble() >= 0);
    }
  }

  // bench generator on a small minibatch: both ways of the generation loss timed, the same loss
  // from both, and the sentence LSTM beside them. (Speed is reported, never asserted.)
  void benchGeneratorComparesBothWays() {
    const Result r = runCli({QStringLiteral("bench"), QStringLiteral("generator"), QStringLiteral("--batches"), QStringLiteral("1"),
                             QStringLiteral("--batch-size"), QStringLiteral("8"), QStringLiteral("--vocabulary"), QStringLiteral("50"),
                             QStringLiteral("--negatives"), QStringLiteral("16"), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("vocabulary")).toInt(), 50);
    for (const char *key : {"stepwise_s", "sequence_s", "sentence_lstm_libtorch_s", "sentence_lstm_s", "generator_speedup",
                            "sentence_speedup", "step_speedup"})
      QVERIFY2(o.value(QLatin1String(key)).toDouble() > 0, key);
    QVERIFY(o.value(QStringLiteral("largest_relative_loss_difference")).toDouble() < 1e-5);
    QVERIFY(o.value(QStringLiteral("largest_relative_state_difference")).toDouble() < 1e-5);
  }

  void featuresUsageErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing out") << QStringList{QStringLiteral("features"), QStringLiteral("--dataset"), QStringLiteral("x"),
                                                QStringLiteral("--backbone"), QStringLiteral("concept-cnn")}
                                 << "--out is required";
    QTest::newRow("bad backbone") << QStringList{QStringLiteral("features"), QStringLiteral("--dataset"), QStringLiteral("x"),
                                                 QStringLiteral("--backbone"), QStringLiteral("resnet"), QStringLiteral("--out"), QStringLiteral("o")}
                                  << "bad backbone 'resnet'";
    QTest::newRow("bad crops") << QStringList{QStringLiteral("features"), QStringLiteral("--dataset"), QStringLiteral("x"),
                                              QStringLiteral("--backbone"), QStringLiteral("concept-cnn"), QStringLiteral("--crops"),
                                              QStringLiteral("3"), QStringLiteral("--out"), QStringLiteral("o")}
                               << "--crops: expected 1, 5 or 10";
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
    // A small demo keeps this under a minute; the full-size run is what the README's command does.
    const Result r = runCli({QStringLiteral("demo"), QStringLiteral("--images"), QStringLiteral("100"),
                             QStringLiteral("--epochs"), QStringLiteral("3")},
                            {}, 540000); // trains the concept CNN on the first run
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("1. Runtime check: succeeded")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("GEMM GFLOP/s")));
    QVERIFY2(r.out.contains(QStringLiteral("2. Make the Scenes demo: succeeded")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("images: 100 (train 80, val 10, test 10)")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("Groundscope/datasets/scenes-100-seed1")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("3. Parse captions: succeeded")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("complete / partial / fallback: ")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("4. Extract features: succeeded")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("dimensions: 256")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("5. Train bow on the Scenes demo: succeeded")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("test text→image: R@1 ")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("Groundscope/runs/demo-bow-e3")), qPrintable(r.out));
  }

  // `bench train` times every minibatch-trained model on the data it reads: parses, regions (the
  // HM-LSTM) and concept scores (the concepts model) are prepared for it, here on a small demo.
  void benchTrainTimesEveryModelOnItsOwnInputs() {
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("scenes"));
    QCOMPARE(runCli({QStringLiteral("dataset"), QStringLiteral("make-demo"), folder, QStringLiteral("--images"), QStringLiteral("60")}).code, 0);
    const Result r = runCli({QStringLiteral("bench"), QStringLiteral("train"), QStringLiteral("--dataset"), folder, QStringLiteral("--batches"),
                             QStringLiteral("1"), QStringLiteral("--json")},
                            dir.filePath(QStringLiteral("cache")), 600000);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonArray rows = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QStringList models;
    for (const QJsonValue &row : rows) {
      models << row[QStringLiteral("model")].toString();
      QVERIFY2(row[QStringLiteral("captions_per_second")].toDouble() > 0, qPrintable(models.last()));
    }
    QCOMPARE(models.first(), QStringLiteral("bow"));
    for (const char *model : {"dtrnn", "hmlstm", "concepts", "chargru"})
      QVERIFY2(models.contains(QLatin1String(model)), qPrintable(models.join(QLatin1Char(' '))));
  }

  // OpenBLAS's kernel chosen again at start when it fell back to its generic one (here pretended
  // with GS_BLAS_ASSUME_GENERIC, since this CPU's kernel may be known): the fastest kernel whose
  // check product is right; one that computes wrong results (GS_BLAS_PROBE_CORRUPT) is refused; a
  // kernel the user set is never overridden.
  void blasKernelIsChosenOnlyWhenItComputesRight() {
    const QStringList kernels = gs::runtime::kernelsForThisCpu();
    if (kernels.isEmpty()) QSKIP("no OpenBLAS kernel to choose on this CPU");
    QTemporaryDir dir;
    const auto info = [&](const QStringList &extra) {
      QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
      for (const char *name : {"OPENBLAS_CORETYPE", "GS_BLAS_AUTOSELECT", "GS_BLAS_CHOSEN", "GS_BLAS_REFUSED", "GS_BLAS_PROBE_CORRUPT"})
        env.remove(QLatin1String(name));
      env.insert(QStringLiteral("GS_BLAS_ASSUME_GENERIC"), QStringLiteral("1"));
      env.insert(QStringLiteral("XDG_CACHE_HOME"), dir.path());
      for (const QString &setting : extra) env.insert(setting.section(QLatin1Char('='), 0, 0), setting.section(QLatin1Char('='), 1));
      QProcess process;
      process.setProcessEnvironment(env);
      process.start(QStringLiteral(GS_CLI_PATH), {QStringLiteral("info"), QStringLiteral("--json")});
      process.waitForFinished(60000);
      return QJsonDocument::fromJson(process.readAllStandardOutput()).object();
    };
    QJsonObject json = info({});
    if (!json.value(QStringLiteral("blas")).toString().contains(QStringLiteral("OpenBLAS"))) QSKIP("the BLAS loaded is not OpenBLAS");
    QCOMPARE(json.value(QStringLiteral("blas_kernel")).toString().toLower(), kernels.first().toLower());
    QVERIFY(json.value(QStringLiteral("blas_kernel_choice")).toString().contains(QStringLiteral("chosen at start")));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("groundscope/blas-kernel.tsv")))); // later starts skip the probes
    QCOMPARE(info({}).value(QStringLiteral("blas_kernel")).toString().toLower(), kernels.first().toLower());

    json = info({QStringLiteral("GS_BLAS_PROBE_CORRUPT=") + kernels.first()});
    QVERIFY2(json.value(QStringLiteral("blas_kernel_choice")).toString().contains(kernels.first() + QStringLiteral(" refused")),
             qPrintable(json.value(QStringLiteral("blas_kernel_choice")).toString()));
    if (kernels.size() > 1) QCOMPARE(json.value(QStringLiteral("blas_kernel")).toString().toLower(), kernels.at(1).toLower());
    json = info({QStringLiteral("GS_BLAS_PROBE_CORRUPT=") + kernels.join(QLatin1Char(','))});
    QVERIFY(json.value(QStringLiteral("blas_kernel_choice")).toString().startsWith(QStringLiteral("no faster kernel taken")));
    QVERIFY(!kernels.contains(json.value(QStringLiteral("blas_kernel")).toString(), Qt::CaseInsensitive));

    json = info({QStringLiteral("OPENBLAS_CORETYPE=Prescott")});
    QCOMPARE(json.value(QStringLiteral("blas_kernel")).toString().toLower(), QStringLiteral("prescott"));
    QCOMPARE(json.value(QStringLiteral("blas_kernel_choice")).toString(), QString());
    json = info({QStringLiteral("GS_BLAS_AUTOSELECT=0")});
    QCOMPARE(json.value(QStringLiteral("blas_kernel_choice")).toString(), QString());
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

  // Ctrl-C: the job stops at the next minibatch, keeps its last checkpoint, says how to resume, and
  // the exit code is the shell's for an interrupt.
  void interruptExits130AfterACleanStop() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 50);
    const QString run = dir.filePath(QStringLiteral("run"));
    QProcess train;
    train.start(QStringLiteral(GS_CLI_PATH), {QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow"),
                                              QStringLiteral("--epochs"), QStringLiteral("100000"), QStringLiteral("--out"), run,
                                              QStringLiteral("--backbone"), QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy"))});
    QVERIFY(train.waitForStarted());
    const QString checkpoint = QDir(run).filePath(QStringLiteral("checkpoint-last.pt"));
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(checkpoint), 120000);
    QCOMPARE(::kill(pid_t(train.processId()), SIGINT), 0);
    QVERIFY(train.waitForFinished(60000));
    const QString message = QString::fromUtf8(train.readAllStandardError());
    QCOMPARE(train.exitStatus(), QProcess::NormalExit);
    QCOMPARE(train.exitCode(), 130);
    QVERIFY2(message.contains(QStringLiteral("cancelled; run 'groundscope-cli train' with the same arguments to resume")), qPrintable(message));
    QVERIFY(QFile::exists(checkpoint));
  }

  // A run's vectors written by `embed --split all` and brought back with `import-space` make a run
  // whose `eval` is the run's own, which `runs list` shows as an imported model; a typed sentence
  // needs a text encoder, and `retrieve` says so.
  void embedThenImportSpaceGivesTheRunsFigures() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 50);
    const QString run = dir.filePath(QStringLiteral("run")), exported = dir.filePath(QStringLiteral("exported"));
    const QString imported = dir.filePath(QStringLiteral("imported"));
    Result r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow"),
                       QStringLiteral("--epochs"), QStringLiteral("2"), QStringLiteral("--out"), run, QStringLiteral("--backbone"),
                       QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy"))});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    r = runCli({QStringLiteral("embed"), run, QStringLiteral("--split"), QStringLiteral("all"), QStringLiteral("--sprite-tile"),
                QStringLiteral("0"), QStringLiteral("--out"), exported});
    QVERIFY2(r.code == 0 && r.out.startsWith(QStringLiteral("50 images and 250 captions")), qPrintable(r.out + r.err));
    const QDir e(exported);
    r = runCli({QStringLiteral("import-space"), QStringLiteral("--dataset"), data, QStringLiteral("--images"), e.filePath(QStringLiteral("images.npy")),
                QStringLiteral("--image-ids"), e.filePath(QStringLiteral("images.txt")), QStringLiteral("--captions"),
                e.filePath(QStringLiteral("captions.npy")), QStringLiteral("--caption-ids"), e.filePath(QStringLiteral("captions.tsv")),
                QStringLiteral("--similarity"), QStringLiteral("dot"), QStringLiteral("--name"), QStringLiteral("bow again"),
                QStringLiteral("--out"), imported});
    QVERIFY2(r.code == 0 && r.out.startsWith(QStringLiteral("imported into ")), qPrintable(r.out + r.err));
    const Result original = runCli({QStringLiteral("eval"), run, QStringLiteral("--json")});
    const Result again = runCli({QStringLiteral("eval"), imported, QStringLiteral("--json")});
    QVERIFY2(original.code == 0 && again.code == 0, qPrintable(original.err + again.err));
    QCOMPARE(QJsonDocument::fromJson(again.out.toUtf8()).object(), QJsonDocument::fromJson(original.out.toUtf8()).object());
    r = runCli({QStringLiteral("runs"), QStringLiteral("list"), dir.path(), QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(r.code == 0 && r.out.contains(QStringLiteral("bow again")) && r.out.contains(QStringLiteral(",imported,")), qPrintable(r.out + r.err));
    // The run table's test figures (what the Runs view and its export show) are the run's own.
    {
      QHash<QString, QString> trained, again; // metric key → value
      for (const QString &line : r.out.trimmed().split(QLatin1Char('\n'))) {
        const QStringList f = line.split(QLatin1Char(','));
        if (f.size() < 10 || f[6] != QStringLiteral("metric") || !f[7].startsWith(QStringLiteral("test."))) continue;
        (f[1] == QStringLiteral("bow again") ? again : trained).insert(f[7], f[9]);
      }
      QVERIFY2(trained.size() >= 6, qPrintable(r.out.left(400)));
      QCOMPARE(again, trained);
    }
    r = runCli({QStringLiteral("retrieve"), imported, QStringLiteral("--text"), QStringLiteral("a sentence nobody embedded")});
    QVERIFY(r.code != 0);
    QVERIFY2(r.err.contains(QStringLiteral("no text encoder")), qPrintable(r.err));
    // Without an image side the command refuses before anything runs.
    r = runCli({QStringLiteral("import-space"), QStringLiteral("--dataset"), data, QStringLiteral("--captions"),
                e.filePath(QStringLiteral("captions.npy")), QStringLiteral("--out"), dir.filePath(QStringLiteral("none"))});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--image-encoder")), qPrintable(r.err));
  }

  void trainEvalEmbedRetrieveCompare() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 50);
    const QString run = dir.filePath(QStringLiteral("run"));
    const QString backbone = QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy"));
    Result r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow"),
                       QStringLiteral("--epochs"), QStringLiteral("2"), QStringLiteral("--out"), run, QStringLiteral("--backbone"), backbone,
                       QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject trained = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(trained.value(QStringLiteral("test")).toObject().value(QStringLiteral("images")).toInt(), 5);
    QCOMPARE(trained.value(QStringLiteral("epochs_run")).toInt(), 2);
    // The same command again finds the run finished; as text it says so with a metrics table, as CSV in one row.
    r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow"),
                QStringLiteral("--epochs"), QStringLiteral("2"), QStringLiteral("--out"), run, QStringLiteral("--backbone"), backbone});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith(QStringLiteral("run ")) && r.out.contains(QStringLiteral("\ntest ")) &&
                 r.out.contains(QStringLiteral("rsum")), qPrintable(r.out));
    r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow"),
                QStringLiteral("--epochs"), QStringLiteral("2"), QStringLiteral("--out"), run, QStringLiteral("--backbone"), backbone,
                QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(r.out.trimmed().split(QLatin1Char('\n')).size(), 2);
    QVERIFY2(r.out.contains(QStringLiteral("test.rsum")), qPrintable(r.out));
    for (const char *file : {"config.json", "vocabulary.json", "checkpoint-last.pt", "model-best.pt", "metrics.json",
                             "events.jsonl", "result.json", "run.json"})
      QVERIFY2(QFile::exists(QDir(run).filePath(QLatin1String(file))), file);
    // run.json says what made the run: versions, the commit, the BLAS and the command line.
    {
      QFile runJson(QDir(run).filePath(QStringLiteral("run.json")));
      QVERIFY(runJson.open(QIODevice::ReadOnly));
      const QJsonObject provenance = QJsonDocument::fromJson(runJson.readAll()).object().value(QStringLiteral("provenance")).toObject();
      for (const char *key : {"groundscope", "commit", "libtorch", "qt", "opencv", "blas"})
        QVERIFY2(!provenance.value(QLatin1String(key)).toString().isEmpty(), key);
      QVERIFY(provenance.value(QStringLiteral("libtorch")).toString().startsWith(QLatin1String("1.")));
      const QJsonArray commandLine = provenance.value(QStringLiteral("command_line")).toArray();
      QVERIFY(commandLine.size() >= 3);
      QCOMPARE(commandLine.at(1).toString(), QStringLiteral("train"));
    }

    r = runCli({QStringLiteral("eval"), run, QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonObject evaluated = QJsonDocument::fromJson(r.out.toUtf8()).object();
    // Each metric's bootstrap interval over the test queries holds the metric itself.
    const QJsonObject r1 = evaluated.value(QStringLiteral("intervals")).toObject().value(QStringLiteral("text_to_image")).toObject().value(QStringLiteral("r1")).toObject();
    QCOMPARE(r1.value(QStringLiteral("value")).toDouble(), trained.value(QStringLiteral("test")).toObject().value(QStringLiteral("text_to_image")).toObject().value(QStringLiteral("r1")).toDouble());
    QVERIFY(r1.value(QStringLiteral("low")).toDouble() <= r1.value(QStringLiteral("value")).toDouble());
    QVERIFY(r1.value(QStringLiteral("value")).toDouble() <= r1.value(QStringLiteral("high")).toDouble());
    evaluated.remove(QStringLiteral("intervals"));
    QCOMPARE(evaluated, trained.value(QStringLiteral("test")).toObject());
    // R@20 and R@50 (the DT-LSTM paper's table) in every output; --recalls picks the table's columns.
    QVERIFY(trained.value(QStringLiteral("test")).toObject().value(QStringLiteral("text_to_image")).toObject().contains(QStringLiteral("r50")));
    r = runCli({QStringLiteral("eval"), run});
    QVERIFY2(r.code == 0 && r.out.contains(QStringLiteral("image→text R@1  R@5 R@10 R@20 R@50 medr meanr")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("text→image, 95 % bootstrap interval over 25 queries: R@1 [")), qPrintable(r.out));
    r = runCli({QStringLiteral("eval"), run, QStringLiteral("--recalls"), QStringLiteral("1,20,50")});
    QVERIFY2(r.code == 0 && r.out.contains(QStringLiteral("image→text R@1 R@20 R@50 medr meanr")), qPrintable(r.out));
    r = runCli({QStringLiteral("eval"), run, QStringLiteral("--recalls"), QStringLiteral("1,7")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("'7'")), qPrintable(r.err));
    // The Map headless: the layout as CSV (one row per item), a coloured vector figure with its
    // legend as text, search matches counted; a colouring the data cannot support fails with why.
    const QString csv = dir.filePath(QStringLiteral("map.csv")), svg = dir.filePath(QStringLiteral("map.svg"));
    r = runCli({QStringLiteral("map"), run, QStringLiteral("--method"), QStringLiteral("pca"), QStringLiteral("--out"), csv});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    // The same summary as one CSV row (--format, as every command that prints results).
    {
      const Result row = runCli({QStringLiteral("map"), run, QStringLiteral("--method"), QStringLiteral("pca"), QStringLiteral("--format"), QStringLiteral("csv")});
      QVERIFY2(row.code == 0, qPrintable(row.err));
      const QStringList lines = row.out.trimmed().split(QLatin1Char('\n'));
      QCOMPARE(lines.size(), 2);
      QVERIFY2(lines[0].contains(QStringLiteral("modality_gap")) && lines[0].contains(QStringLiteral("images")), qPrintable(lines[0]));
    }
    QVERIFY2(r.out.contains(QStringLiteral("5 images and 25 captions of the test split")), qPrintable(r.out));
    QFile layout(csv);
    QVERIFY(layout.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = layout.readAll().trimmed().split('\n');
    QCOMPARE(rows.size(), 1 + 5 + 25);
    QCOMPARE(rows[0], QByteArray("item,kind,row,label,image,x,y,category"));
    r = runCli({QStringLiteral("map"), run, QStringLiteral("--split"), QStringLiteral("train"), QStringLiteral("--colour"), QStringLiteral("length"),
                QStringLiteral("--search"), QStringLiteral("circle"), QStringLiteral("--size-by"), QStringLiteral("rank"),
                QStringLiteral("--figure"), svg});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("laid out by umap")) && r.out.contains(QStringLiteral("caption(s) match the search")), qPrintable(r.out));
    QFile figure(svg);
    QVERIFY(figure.open(QIODevice::ReadOnly));
    const QByteArray vector = figure.readAll();
    QVERIFY(vector.contains("<svg") && vector.contains("6–8 words") && vector.contains("coloured by caption length"));
    QVERIFY(vector.contains("rank over 10")); // the sizes' legend
    // Every split at once, coloured by split by default.
    r = runCli({QStringLiteral("map"), run, QStringLiteral("--split"), QStringLiteral("all"), QStringLiteral("--method"), QStringLiteral("pca")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("50 images and 250 captions of all splits")) && r.out.contains(QStringLiteral("coloured by split:")) &&
                 r.out.contains(QStringLiteral("  train: ")) && r.out.contains(QStringLiteral("  test: 30\n")),
             qPrintable(r.out));
    r = runCli({QStringLiteral("map"), run, QStringLiteral("--method"), QStringLiteral("pca"), QStringLiteral("--clusters")});
    QVERIFY2(r.code == 0 && r.out.contains(QStringLiteral("cluster(s), largest first")), qPrintable(r.out + r.err));
    r = runCli({QStringLiteral("map"), run, QStringLiteral("--colour"), QStringLiteral("concept:unicorn"), QStringLiteral("--method"), QStringLiteral("pca")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("--colour concept:unicorn")), qPrintable(r.err));
    r = runCli({QStringLiteral("map"), run, QStringLiteral("--method"), QStringLiteral("isomap")});
    QCOMPARE(r.code, 2);
    // The recorded epochs (0, 1, 2): one CSV per epoch and a row each in the table.
    r = runCli({QStringLiteral("map"), run, QStringLiteral("--epochs"), QStringLiteral("--method"), QStringLiteral("tsne"),
                QStringLiteral("--out"), csv});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("5 images and 25 captions of the test split recorded at 3 epochs, laid out by tsne")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("\n0\t")) && r.out.contains(QStringLiteral("\n2\t")), qPrintable(r.out));
    for (const char *file : {"map-epoch-000.csv", "map-epoch-001.csv", "map-epoch-002.csv"}) {
      QFile epochCsv(dir.filePath(QLatin1String(file)));
      QVERIFY2(epochCsv.open(QIODevice::ReadOnly), file);
      QCOMPARE(epochCsv.readAll().trimmed().split('\n').size(), 1 + 5 + 25);
    }
    // Sentence similarity on an STS-format folder of demo sentences: the correlation, the pairs used
    // and skipped, and the result kept in result.json.
    QDir().mkpath(dir.filePath(QStringLiteral("sts")));
    QFile input(dir.filePath(QStringLiteral("sts/STS.input.demo.txt"))), gold(dir.filePath(QStringLiteral("sts/STS.gs.demo.txt")));
    QVERIFY(input.open(QIODevice::WriteOnly) && gold.open(QIODevice::WriteOnly));
    input.write("A red circle.\tA red circle is shown.\nA blue square.\tA small red circle.\nA green triangle.\tA green triangle.\n"
                "Zebras graze.\tA red circle.\n");
    gold.write("4.5\n1.0\n5.0\n2.0\n");
    input.close();
    gold.close();
    r = runCli({QStringLiteral("similarity"), run, QStringLiteral("--benchmark"), QStringLiteral("sts12"), QStringLiteral("--data"),
                dir.filePath(QStringLiteral("sts")), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject sts = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(sts.value(QStringLiteral("pairs")).toInt(), 3);
    QCOMPARE(sts.value(QStringLiteral("skipped_unknown_words")).toInt(), 1);
    QVERIFY(sts.value(QStringLiteral("spearman")).isDouble());
    QFile resultFile(QDir(run).filePath(QStringLiteral("result.json")));
    QVERIFY(resultFile.open(QIODevice::ReadOnly));
    QVERIFY(QJsonDocument::fromJson(resultFile.readAll()).object().value(QStringLiteral("similarity")).toObject().contains(QStringLiteral("sts12")));
    r = runCli({QStringLiteral("similarity"), run, QStringLiteral("--benchmark"), QStringLiteral("sts99"), QStringLiteral("--data"), dir.path()});
    QCOMPARE(r.code, 2);

    const QString embedded = dir.filePath(QStringLiteral("embedded"));
    r = runCli({QStringLiteral("embed"), run, QStringLiteral("--out"), embedded, QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("images")).toInt(), 5);
    QFile vectors(QDir(embedded).filePath(QStringLiteral("projector/vectors.tsv")));
    QVERIFY(vectors.open(QIODevice::ReadOnly));
    QCOMPARE(vectors.readAll().count('\n'), 5 + 25); // test images and their captions
    QVERIFY(QFile::exists(QDir(embedded).filePath(QStringLiteral("images.npy"))));
    QVERIFY(QFile::exists(QDir(embedded).filePath(QStringLiteral("projector/metadata.tsv"))));
    // The projector opens the folder as it is: a sprite with one tile per row (5 thumbnails, then
    // 25 caption marks, in a 6 × 6 grid of 32-px tiles) and both configurations naming the files.
    const QImage sprite(QDir(embedded).filePath(QStringLiteral("projector/sprite.png")));
    QCOMPARE(sprite.size(), QSize(6 * 32, 6 * 32));
    QVERIFY(sprite.pixelColor(16, 16) != QColor(Qt::white)); // the first image's thumbnail
    QCOMPARE(sprite.pixelColor(5 * 32 + 16, 5 * 32 + 16), QColor(Qt::white)); // past the last row: blank
    QFile pbtxt(QDir(embedded).filePath(QStringLiteral("projector/projector_config.pbtxt")));
    QVERIFY(pbtxt.open(QIODevice::ReadOnly));
    const QByteArray config = pbtxt.readAll();
    QVERIFY2(config.contains("tensor_path: \"vectors.tsv\"") && config.contains("metadata_path: \"metadata.tsv\"") &&
                 config.contains("image_path: \"sprite.png\"") && config.contains("single_image_dim: 32"), config.constData());
    QFile json(QDir(embedded).filePath(QStringLiteral("projector/projector_config.json")));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject embedding = QJsonDocument::fromJson(json.readAll()).object().value(QStringLiteral("embeddings")).toArray().at(0).toObject();
    QFile firstRow(QDir(embedded).filePath(QStringLiteral("projector/vectors.tsv")));
    QVERIFY(firstRow.open(QIODevice::ReadOnly));
    const int dim = int(firstRow.readLine().count('\t')) + 1;
    QCOMPARE(embedding.value(QStringLiteral("tensorShape")).toArray(), (QJsonArray{30, dim}));
    QCOMPARE(embedding.value(QStringLiteral("sprite")).toObject().value(QStringLiteral("singleImageDim")).toArray(), (QJsonArray{32, 32}));

    // The encoders as TorchScript: written, reloaded from the folder alone and checked against the
    // run's embeddings of the test split's captions and images.
    const QString scripted = dir.filePath(QStringLiteral("torchscript"));
    r = runCli({QStringLiteral("export"), run, QStringLiteral("--torchscript"), scripted, QStringLiteral("--examples"),
                QStringLiteral("4"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject exported = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(exported.value(QStringLiteral("input")).toString(), QStringLiteral("words"));
    const QJsonObject check = exported.value(QStringLiteral("check")).toObject();
    QCOMPARE(check.value(QStringLiteral("captions")).toInt(), 4);
    QCOMPARE(check.value(QStringLiteral("images")).toInt(), 4);
    QVERIFY(check.value(QStringLiteral("caption_error")).toDouble() <= 1e-5);
    for (const char *file : {"sentence_encoder.pt", "image_encoder.pt", "encoders.json", "vocabulary.txt", "examples.json", "README.md"})
      QVERIFY2(QFile::exists(QDir(scripted).filePath(QLatin1String(file))), file);
    r = runCli({QStringLiteral("export"), dir.filePath(QStringLiteral("no-such-run")), QStringLiteral("--torchscript"), scripted});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("no-such-run")), qPrintable(r.err));

    // A test caption as the query: the answer says where its own image ranked.
    const QString caption = firstTestCaption(data);
    r = runCli({QStringLiteral("retrieve"), run, QStringLiteral("--text"), caption, QStringLiteral("--top"), QStringLiteral("3"),
                QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject ranked = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(ranked.value(QStringLiteral("rows")).toArray().size(), 3);
    QVERIFY(ranked.value(QStringLiteral("true_rank")).toInt() >= 1);
    QCOMPARE(ranked.value(QStringLiteral("candidates")).toInt(), 5);

    r = runCli({QStringLiteral("retrieve"), run, QStringLiteral("--image"), QStringLiteral("scene_00045"), QStringLiteral("--top"),
                QStringLiteral("4")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith(QStringLiteral("rank,image_id,caption,score,relevant\r\n")), qPrintable(r.out));
    QCOMPARE(r.out.count(QLatin1Char('\n')), 5);
    // --out writes the list as the Retrieval panel exports it: an HTML page with a thumbnail per row.
    const QString page = dir.filePath(QStringLiteral("ranked.html"));
    r = runCli({QStringLiteral("retrieve"), run, QStringLiteral("--text"), caption, QStringLiteral("--top"), QStringLiteral("3"),
                QStringLiteral("--out"), page});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QFile html(page);
    QVERIFY(html.open(QIODevice::ReadOnly));
    QCOMPARE(html.readAll().count("<img src=\"data:image/"), 3);
    r = runCli({QStringLiteral("retrieve"), run, QStringLiteral("--image"), QStringLiteral("no-such-image.png")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("no-such-image.png: not an image of")), qPrintable(r.err));
    // An HNSW index answers as exact search does on a split this small; it is built and
    // saved in the run on first use, read back the next time.
    const auto csvOf = [&](const QString &index) {
      return runCli({QStringLiteral("retrieve"), run, QStringLiteral("--image"), QStringLiteral("scene_00045"), QStringLiteral("--top"),
                     QStringLiteral("4"), QStringLiteral("--index"), index});
    };
    // The same rows; scores to float rounding (exact search sums through BLAS, the graph one by one).
    const auto sameList = [](const QString &a, const QString &b) {
      const QStringList x = a.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts), y = b.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
      if (x.size() != y.size()) return false;
      for (int i = 1; i < x.size(); ++i) {
        QStringList u = x[i].split(QLatin1Char(',')), v = y[i].split(QLatin1Char(','));
        if (u.size() != v.size() || std::fabs(u[u.size() - 2].toDouble() - v[v.size() - 2].toDouble()) > 1e-5) return false;
        u.removeAt(u.size() - 2);
        v.removeAt(v.size() - 2);
        if (u != v) return false;
      }
      return x.value(0) == y.value(0);
    };
    const Result flat = csvOf(QStringLiteral("flat"));
    r = csvOf(QStringLiteral("hnsw"));
    QVERIFY2(r.code == 0 && r.err.contains(QStringLiteral("built and saved in")), qPrintable(r.err));
    QVERIFY2(sameList(r.out, flat.out), qPrintable(r.out + QStringLiteral("\nvs\n") + flat.out));
    QVERIFY(QFileInfo::exists(QDir(run).filePath(QStringLiteral("index/test-captions-hnsw.gsindex"))));
    r = csvOf(QStringLiteral("hnsw"));
    QVERIFY2(r.code == 0 && r.err.contains(QStringLiteral("reused from")), qPrintable(r.err));
    QVERIFY2(sameList(r.out, flat.out), qPrintable(r.out + QStringLiteral("\nvs\n") + flat.out));
    QCOMPARE(csvOf(QStringLiteral("annoy")).code, 2);

    // --config: settings on top of each model's defaults, the same for every model.
    const QString shared = dir.filePath(QStringLiteral("shared.json"));
    QFile sharedFile(shared);
    QVERIFY(sharedFile.open(QIODevice::WriteOnly));
    sharedFile.write("{\"selection\": \"last\", \"batch_size\": 16}");
    sharedFile.close();
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), data, QStringLiteral("--models"), QStringLiteral("bow,cca"),
                QStringLiteral("--epochs"), QStringLiteral("1"), QStringLiteral("--backbone"), backbone, QStringLiteral("--config"), shared,
                QStringLiteral("--out"), dir.filePath(QStringLiteral("compare"))});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("image→text R@1")), qPrintable(r.out));
    QVERIFY(QRegularExpression(QStringLiteral("\\nbow +\\|")).match(r.out).hasMatch());
    QVERIFY(QRegularExpression(QStringLiteral("\\ncca +\\|")).match(r.out).hasMatch());
    // Each row's rsum with its interval over the test images, and where it stands against the best.
    QVERIFY2(r.out.contains(QStringLiteral("rsum 95 % interval")), qPrintable(r.out));
    QVERIFY2(QRegularExpression(QStringLiteral("\\|\\s+\\[\\d+\\.\\d, \\d+\\.\\d\\] \\|\\s+best \\|")).match(r.out).hasMatch(), qPrintable(r.out));
    QVERIFY2(QRegularExpression(QStringLiteral("\\|\\s+(≈ best|apart) \\|")).match(r.out).hasMatch(), qPrintable(r.out));
    QFile bowConfig(dir.filePath(QStringLiteral("compare/bow-e1-s1/config.json")));
    QVERIFY(bowConfig.open(QIODevice::ReadOnly));
    const QJsonObject saved = QJsonDocument::fromJson(bowConfig.readAll()).object();
    QCOMPARE(saved.value(QStringLiteral("selection")).toString(), QStringLiteral("last"));
    QCOMPARE(saved.value(QStringLiteral("batch_size")).toInt(), 16);
    QCOMPARE(saved.value(QStringLiteral("epochs")).toInt(), 1);
    // --preset: each model's published settings under that name, in a run folder named for it;
    // a model without the preset is a usage error before anything trains.
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), data, QStringLiteral("--models"), QStringLiteral("bow"),
                QStringLiteral("--epochs"), QStringLiteral("1"), QStringLiteral("--backbone"), backbone, QStringLiteral("--preset"),
                QStringLiteral("socher2014"), QStringLiteral("--out"), dir.filePath(QStringLiteral("compare"))});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QFile presetConfig(dir.filePath(QStringLiteral("compare/bow-socher2014-e1-s1/config.json")));
    QVERIFY(presetConfig.open(QIODevice::ReadOnly));
    const QJsonObject presetSaved = QJsonDocument::fromJson(presetConfig.readAll()).object();
    QCOMPARE(presetSaved.value(QStringLiteral("margin")).toDouble(), 3.0);
    QCOMPARE(presetSaved.value(QStringLiteral("regularisation")).toDouble(), 0.08);
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), data, QStringLiteral("--models"), QStringLiteral("bow,chargru"),
                QStringLiteral("--preset"), QStringLiteral("socher2014"), QStringLiteral("--out"), dir.filePath(QStringLiteral("never"))});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("chargru has no preset 'socher2014'")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("never"))));
    // One model failing does not lose the table: the HM-LSTM cannot have regions from an .npy
    // backbone; its row says so, bag of words still trains, and the exit code says one failed.
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), data, QStringLiteral("--models"), QStringLiteral("hmlstm,bow"),
                QStringLiteral("--epochs"), QStringLiteral("1"), QStringLiteral("--backbone"), backbone, QStringLiteral("--out"),
                dir.filePath(QStringLiteral("compare-failing"))});
    QCOMPARE(r.code, 1);
    QVERIFY2(QRegularExpression(QStringLiteral("\\nbow +\\| +\\d")).match(r.out).hasMatch(), qPrintable(r.out));
    QVERIFY2(QRegularExpression(QStringLiteral("\\nhmlstm +\\| failed: .*--regions")).match(r.out).hasMatch(), qPrintable(r.out));
    QVERIFY2(r.err.contains(QStringLiteral("1 of 2 models failed")), qPrintable(r.err));
    // A config that names a model, or holds a bad value, fails before anything is trained.
    QVERIFY(sharedFile.open(QIODevice::WriteOnly | QIODevice::Truncate));
    sharedFile.write("{\"model\": \"bow\"}");
    sharedFile.close();
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), data, QStringLiteral("--models"), QStringLiteral("bow"),
                QStringLiteral("--config"), shared});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("must not name one")), qPrintable(r.err));
    QVERIFY(sharedFile.open(QIODevice::WriteOnly | QIODevice::Truncate));
    sharedFile.write("{\"selection\": \"best\"}");
    sharedFile.close();
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), data, QStringLiteral("--models"), QStringLiteral("bow"),
                QStringLiteral("--config"), shared, QStringLiteral("--out"), dir.filePath(QStringLiteral("never"))});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("selection")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("never"))));
  }

  // `runs list|show|export`: 300 run folders listed in well under a second (the process included),
  // --filter in the Runs view's language, a malformed filter a usage error naming its column, seed
  // groups as mean ± std, one run's every value, and the one-file CSV export read back.
  void runsListShowExport() {
    QTemporaryDir dir;
    // 100 settings (model, margin, learning rate) over seeds 1, 2 and 3.
    for (int r = 0; r < 300; ++r) {
      const int setting = r / 3;
      gs::test::makeRun(dir.path(), QStringLiteral("run-%1").arg(r, 3, 10, QLatin1Char('0')),
                        setting < 50 ? QStringLiteral("bow") : QStringLiteral("dtrnn"), quint64(r % 3 + 1), 0.5 * (setting % 4 + 1),
                        {300.0 + r % 7, 310.0}, true, 0.001 * (setting + 1));
    }
    QElapsedTimer clock;
    clock.start();
    Result r = runCli({QStringLiteral("runs"), QStringLiteral("list"), dir.path()});
    const qint64 ms = clock.elapsed();
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("300 runs")), qPrintable(r.out.right(200)));
    qInfo("runs list over 300 runs: %lld ms, process start included", ms);
    r = runCli({QStringLiteral("runs"), QStringLiteral("list"), dir.path(), QStringLiteral("--filter"), QStringLiteral("model = dtrnn and margin > 1")});
    QVERIFY2(r.out.contains(QStringLiteral("\n78 runs")), qPrintable(r.out.right(200)));
    r = runCli({QStringLiteral("runs"), QStringLiteral("list"), dir.path(), QStringLiteral("--filter"), QStringLiteral("model = ")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("column 9")), qPrintable(r.err));
    r = runCli({QStringLiteral("runs"), QStringLiteral("list"), dir.path(), QStringLiteral("--group"), QStringLiteral("--value"), QStringLiteral("last")});
    QVERIFY2(r.code == 0 && r.out.contains(QStringLiteral("310.0 ± 0.0")) && r.out.contains(QStringLiteral("100 groups of 300 runs")) && r.out.contains(QStringLiteral("  1,2,3  ")), qPrintable(r.out));
    r = runCli({QStringLiteral("runs"), QStringLiteral("show"), dir.filePath(QStringLiteral("run-001"))});
    QVERIFY2(r.code == 0 && QRegularExpression(QStringLiteral("rsum +300\\.0 +310\\.0 +310\\.0 +301\\.0 +310\\.0")).match(r.out).hasMatch(), qPrintable(r.out));
    const QString csv = dir.filePath(QStringLiteral("runs.csv"));
    r = runCli({QStringLiteral("runs"), QStringLiteral("export"), dir.path(), QStringLiteral("--filter"), QStringLiteral("name = run-001"), QStringLiteral("--out"), csv});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().split('\n');
    QCOMPARE(lines.first().trimmed(), QByteArray("run,name,model,dataset,group,seed,kind,key,x,value,smoothed"));
    int lossRows = 0;
    for (const QByteArray &line : lines) lossRows += line.contains(",curve,loss,") ? 1 : 0;
    QCOMPARE(lossRows, 8);
  }

  // `analyze`: every section as text, and the same numbers in JSON — slices with their intervals,
  // retrieval with bootstrap intervals that hold the point value, hubs at k = 1, 5, 10, the gap at
  // every recorded epoch, and plausible matches from the demo's concepts.
  void analyzePrintsEverySection() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 60);
    const QString run = dir.filePath(QStringLiteral("run"));
    Result r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow"),
                       QStringLiteral("--epochs"), QStringLiteral("2"), QStringLiteral("--out"), run, QStringLiteral("--backbone"),
                       QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy"))});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    r = runCli({QStringLiteral("analyze"), run});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    for (const char *section : {"Slices of text→image queries, worst first", "Retrieval (95 % bootstrap", "Hubs (N_k", "Hub-reducing re-ranking", "Modality gap",
                                "Plausible matches"})
      QVERIFY2(r.out.contains(QString::fromUtf8(section)), qPrintable(QStringLiteral("no '%1' in:\n%2").arg(QString::fromUtf8(section), r.out)));
    r = runCli({QStringLiteral("analyze"), run, QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--by"),
                QStringLiteral("length,nps,parse_status")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonObject r10 = json.value(QStringLiteral("retrieval")).toObject().value(QStringLiteral("text_to_image")).toObject().value(QStringLiteral("r10")).toObject();
    QVERIFY(r10.value(QStringLiteral("low")).toDouble() <= r10.value(QStringLiteral("value")).toDouble());
    QVERIFY(r10.value(QStringLiteral("value")).toDouble() <= r10.value(QStringLiteral("high")).toDouble());
    const QJsonArray slices = json.value(QStringLiteral("slices")).toObject().value(QStringLiteral("text_to_image")).toArray();
    QCOMPARE(slices.size(), 3);
    QCOMPARE(slices.at(0).toObject().value(QStringLiteral("field")).toString(), QStringLiteral("length"));
    int queries = 0;
    for (const QJsonValue &slice : slices.at(0).toObject().value(QStringLiteral("slices")).toArray()) queries += slice.toObject().value(QStringLiteral("count")).toInt();
    QCOMPARE(queries, json.value(QStringLiteral("retrieval")).toObject().value(QStringLiteral("text_to_image")).toObject().value(QStringLiteral("queries")).toInt());
    QCOMPARE(json.value(QStringLiteral("hubs")).toObject().value(QStringLiteral("images")).toArray().size(), 3);
    QCOMPARE(json.value(QStringLiteral("gap_by_epoch")).toArray().size(), 3); // epochs 0, 1 and 2
    QVERIFY(json.value(QStringLiteral("plausible")).toObject().contains(QStringLiteral("text_to_image")));
    QCOMPARE(runCli({QStringLiteral("analyze"), dir.filePath(QStringLiteral("nothing"))}).code, 1);
  }

  // `compare --seeds` trains each row once per seed and prints mean ± std; `--grid` sweeps a
  // setting and names the best value; a malformed grid fails before anything trains.
  void compareOverSeedsAndGrid() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 30);
    const QString backbone = QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy"));
    Result r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), data, QStringLiteral("--models"), QStringLiteral("bow"),
                       QStringLiteral("--epochs"), QStringLiteral("1"), QStringLiteral("--backbone"), backbone, QStringLiteral("--seeds"),
                       QStringLiteral("1,2"), QStringLiteral("--grid"), QStringLiteral("margin=0.5,2"), QStringLiteral("--out"),
                       dir.filePath(QStringLiteral("sweep"))});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(QRegularExpression(QStringLiteral("\\nbow margin=0\\.5 +2 +[0-9.]+ ± [0-9.]+")).match(r.out).hasMatch(), qPrintable(r.out));
    // The rows show validation figures; the setting is chosen on them, and only it shows test figures.
    QVERIFY2(r.out.contains(QStringLiteral("Validation metrics")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("chosen bow setting (of 2) by mean validation rsum: margin=")), qPrintable(r.out));
    QVERIFY2(r.out.count(QStringLiteral("its test figures (reported for the chosen setting only")) == 1, qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("on the grid's edge: margin = ")), qPrintable(r.out)); // two values: either is an edge
    QVERIFY2(r.out.contains(QStringLiteral("rsum vs best")) && r.out.count(QStringLiteral("  best\n")) == 1, qPrintable(r.out));
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), data, QStringLiteral("--models"), QStringLiteral("bow"),
                QStringLiteral("--epochs"), QStringLiteral("1"), QStringLiteral("--backbone"), backbone, QStringLiteral("--seeds"),
                QStringLiteral("1,2"), QStringLiteral("--grid"), QStringLiteral("margin=0.5,2"), QStringLiteral("--out"),
                dir.filePath(QStringLiteral("sweep")), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject sweepJson = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(sweepJson.value(QStringLiteral("split")).toString(), QStringLiteral("val"));
    const QJsonArray chosen = sweepJson.value(QStringLiteral("chosen")).toArray();
    QCOMPARE(chosen.size(), 1);
    const QString chosenGroup = chosen.at(0).toObject().value(QStringLiteral("group")).toString();
    for (const QJsonValue &value : sweepJson.value(QStringLiteral("groups")).toArray()) {
      const QJsonObject group = value.toObject();
      QVERIFY(group.value(QStringLiteral("validation")).toObject().contains(QStringLiteral("rsum")));
      QCOMPARE(group.contains(QStringLiteral("test")), group.value(QStringLiteral("name")).toString() == chosenGroup);
    }
    for (const char *run : {"bow-margin0.5-e1-s1", "bow-margin0.5-e1-s2", "bow-margin2-e1-s1", "bow-margin2-e1-s2"})
      QVERIFY2(QFileInfo::exists(dir.filePath(QStringLiteral("sweep/") + QLatin1String(run) + QStringLiteral("/result.json"))), run);
    r = runCli({QStringLiteral("runs"), QStringLiteral("list"), dir.filePath(QStringLiteral("sweep")), QStringLiteral("--group")});
    QVERIFY2(r.out.contains(QStringLiteral("2 groups of 4 runs")), qPrintable(r.out));
    // A sweep trained once per setting: one validation figure per row has no interval, and the
    // row chosen on validation is still marked best.
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), data, QStringLiteral("--models"), QStringLiteral("bow"),
                QStringLiteral("--epochs"), QStringLiteral("1"), QStringLiteral("--backbone"), backbone, QStringLiteral("--grid"),
                QStringLiteral("margin=0.5,2"), QStringLiteral("--out"), dir.filePath(QStringLiteral("single"))});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(QRegularExpression(QStringLiteral("\\nbow margin=0\\.5 +1 +[0-9.]+ ")).match(r.out).hasMatch(), qPrintable(r.out));
    QVERIFY2(r.out.count(QStringLiteral("  best\n")) == 1, qPrintable(r.out));
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), data, QStringLiteral("--models"), QStringLiteral("bow"),
                QStringLiteral("--grid"), QStringLiteral("margin=0.1..2"), QStringLiteral("--out"), dir.filePath(QStringLiteral("never"))});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--trials")), qPrintable(r.err));
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), data, QStringLiteral("--models"), QStringLiteral("bow"),
                QStringLiteral("--grid"), QStringLiteral("colour=red"), QStringLiteral("--out"), dir.filePath(QStringLiteral("never"))});
    QCOMPARE(r.code, 2);
    // a sweep chooses on validation, where the twin accuracy is not kept
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), data, QStringLiteral("--models"), QStringLiteral("bow"),
                QStringLiteral("--grid"), QStringLiteral("margin=0.5,2"), QStringLiteral("--rank-by"), QStringLiteral("twin"),
                QStringLiteral("--out"), dir.filePath(QStringLiteral("never"))});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("validation")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("never"))));
  }

  // `contrast`: one record per generator with its counts and interval, the pairs exported, and
  // clear errors for a missing run folder (exit 1) and an unknown generator (exit 2).
  void contrastScoresARun() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 30);
    const QString run = dir.filePath(QStringLiteral("run"));
    Result r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow"),
                       QStringLiteral("--epochs"), QStringLiteral("1"), QStringLiteral("--out"), run, QStringLiteral("--backbone"),
                       QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy"))});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QString pairs = dir.filePath(QStringLiteral("pairs.csv"));
    r = runCli({QStringLiteral("contrast"), run, QStringLiteral("--generators"), QStringLiteral("swap,shuffle"), QStringLiteral("--export"), pairs,
                QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonArray records = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QCOMPARE(records.size(), 2);
    QCOMPARE(records.at(0).toObject().value(QStringLiteral("generator")).toString(), QStringLiteral("swap"));
    int exported = 0;
    for (const QJsonValue &value : records) {
      const QJsonObject record = value.toObject();
      for (const char *key : {"asked", "refused", "pairs", "wins", "ties", "losses", "accuracy", "ci_low", "ci_high", "split", "captions"})
        QVERIFY2(record.contains(QLatin1String(key)), key);
      QCOMPARE(record.value(QStringLiteral("asked")).toInt(), record.value(QStringLiteral("captions")).toInt());
      QCOMPARE(record.value(QStringLiteral("refused")).toInt() + record.value(QStringLiteral("pairs")).toInt(),
               record.value(QStringLiteral("asked")).toInt());
      exported += record.value(QStringLiteral("pairs")).toInt();
    }
    QCOMPARE(records.at(1).toObject().value(QStringLiteral("accuracy")).toDouble(), 0.5); // bag of words on shuffled words
    QFile csv(pairs);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(csv.readAll().count('\n'), exported + 1);
    r = runCli({QStringLiteral("contrast"), run, QStringLiteral("--examples"), QStringLiteral("4")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("on 4 test captions")) && r.out.contains(QStringLiteral("replace")), qPrintable(r.out));
    r = runCli({QStringLiteral("contrast"), dir.filePath(QStringLiteral("no-such-run"))});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("no-such-run: no such run folder")), qPrintable(r.err));
    r = runCli({QStringLiteral("contrast"), run, QStringLiteral("--generators"), QStringLiteral("swap,reverse")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("unknown generator 'reverse'")), qPrintable(r.err));
  }

  // `explain`: a tree run's nodes with their contributions as JSON (one per node, the root's
  // subtree summing the rest), CSV with one row per part, a figure; clear errors for an empty
  // caption, unknown words only, a bad method and grid occlusion of precomputed features.
  void explainScoresATreeRun() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 30);
    const QString run = dir.filePath(QStringLiteral("run"));
    Result r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("dtrnn"),
                       QStringLiteral("--epochs"), QStringLiteral("1"), QStringLiteral("--out"), run, QStringLiteral("--backbone"),
                       QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy"))});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    r = runCli({QStringLiteral("explain"), run, QStringLiteral("--caption-id"), QStringLiteral("0"), QStringLiteral("--method"),
                QStringLiteral("gradient"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject result = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(result.value(QStringLiteral("unit")).toString(), QStringLiteral("node"));
    const QJsonArray parts = result.value(QStringLiteral("parts")).toArray();
    QVERIFY(parts.size() >= 3);
    const QJsonObject root = parts.at(result.value(QStringLiteral("root")).toInt()).toObject();
    double words = 0;
    for (const QJsonValue &part : parts) words += part.toObject().value(QStringLiteral("contribution")).toDouble();
    QVERIFY(std::abs(words - root.value(QStringLiteral("subtree")).toDouble()) < 1e-6);
    const QString figure = dir.filePath(QStringLiteral("tree.svg"));
    r = runCli({QStringLiteral("explain"), run, QStringLiteral("--caption-id"), QStringLiteral("0"), QStringLiteral("--format"),
                QStringLiteral("csv"), QStringLiteral("--figure"), figure});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(r.out.count(QLatin1Char('\n')), parts.size() + 1);
    QVERIFY(r.out.startsWith(QStringLiteral("model,image,caption,method,score,")));
    QVERIFY(QFileInfo(figure).size() > 1000);
    const QString image = result.value(QStringLiteral("image")).toString();
    r = runCli({QStringLiteral("explain"), run, QStringLiteral("--image"), image, QStringLiteral("--caption"), QStringLiteral("  ")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("no words")), qPrintable(r.err));
    r = runCli({QStringLiteral("explain"), run, QStringLiteral("--image"), image, QStringLiteral("--caption"), QStringLiteral("zebra quokka")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("vocabulary")), qPrintable(r.err));
    // An image named by its file name, with a folder and an extension the id lacks, is found (the
    // caption's error comes next); an unknown one is answered with how the ids look.
    r = runCli({QStringLiteral("explain"), run, QStringLiteral("--image"), QStringLiteral("photos/") + image + QStringLiteral(".png"),
                QStringLiteral("--caption"), QStringLiteral("zebra quokka")});
    QVERIFY2(r.err.contains(QStringLiteral("vocabulary")), qPrintable(r.err));
    r = runCli({QStringLiteral("explain"), run, QStringLiteral("--image"), QStringLiteral("no_such_photo"), QStringLiteral("--caption"),
                QStringLiteral("a red circle")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("--image: no image 'no_such_photo' among the")) && r.err.contains(QStringLiteral("ids look like 'scene_")),
             qPrintable(r.err));
    r = runCli({QStringLiteral("explain"), run, QStringLiteral("--caption-id"), QStringLiteral("0"), QStringLiteral("--method"), QStringLiteral("lime")});
    QCOMPARE(r.code, 2);
    r = runCli({QStringLiteral("explain"), run, QStringLiteral("--caption-id"), QStringLiteral("0"), QStringLiteral("--grid"), QStringLiteral("3x3")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("precomputed")), qPrintable(r.err));
  }

  // The Scenes demo's ground-truth layout features as an npy backbone that `train` reads.
  void layoutFeaturesFeedTraining() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 30);
    const QString npy = dir.filePath(QStringLiteral("layout.npy"));
    Result r = runCli({QStringLiteral("layout-features"), QStringLiteral("--dataset"), data, QStringLiteral("--out"), npy});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("30 images")) && r.out.contains(QStringLiteral("npy:") + npy), qPrintable(r.out));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("layout.ids.txt"))));
    r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow"),
                QStringLiteral("--epochs"), QStringLiteral("1"), QStringLiteral("--backbone"), QStringLiteral("npy:") + npy,
                QStringLiteral("--out"), dir.filePath(QStringLiteral("run"))});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    r = runCli({QStringLiteral("layout-features"), QStringLiteral("--dataset"), dir.filePath(QStringLiteral("nowhere")), QStringLiteral("--out"), npy});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("nowhere")), qPrintable(r.err));
    r = runCli({QStringLiteral("layout-features"), QStringLiteral("--dataset"), data});
    QCOMPARE(r.code, 2);
  }

  // The HM-LSTM from the command line: regions it cannot have are an error that says why; on the
  // shared fixture's ground-truth regions a short run trains and `regions` lists each noun phrase's
  // ranked regions in the three formats.
  void hmlstmTrainsAndGroundsPhrases() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 20);
    Result r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("hmlstm"),
                       QStringLiteral("--backbone"), QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy")),
                       QStringLiteral("--out"), dir.filePath(QStringLiteral("npy-run"))});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("--regions")), qPrintable(r.err));

    const QString fixture = qEnvironmentVariable("GS_SCENES_FIXTURE");
    if (!QFileInfo::exists(fixture + QStringLiteral("/features-ground-truth/manifest.json")))
      QSKIP("needs the scenes500 fixture's region features (run through ctest)");
    const QString config = dir.filePath(QStringLiteral("hm.json"));
    QFile file(config);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"regions": "ground-truth", "epochs": 2, "root_epochs": 1, "hidden_dim": 32, "embed_dim": 32, "word_dim": 16})");
    file.close();
    const QString run = dir.filePath(QStringLiteral("hm"));
    r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), fixture + QStringLiteral("/scenes"), QStringLiteral("--model"),
                QStringLiteral("hmlstm"), QStringLiteral("--config"), config, QStringLiteral("--features"),
                fixture + QStringLiteral("/features-ground-truth"), QStringLiteral("--out"), run, QStringLiteral("--format"), QStringLiteral("json")},
               fixture + QStringLiteral("/cache"), 600000);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("correspondence step 1")), qPrintable(r.err));
    const QJsonObject result = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY2(result.value(QStringLiteral("grounding")).toObject().value(QStringLiteral("ground_truth")).toBool(), qPrintable(r.out));

    r = runCli({QStringLiteral("regions"), run, QStringLiteral("--image"), QStringLiteral("scene_00450"), QStringLiteral("--format"),
                QStringLiteral("json")},
               fixture + QStringLiteral("/cache"));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonArray phrases = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("correspondences")).toArray();
    QVERIFY2(!phrases.isEmpty(), qPrintable(r.out));
    const QJsonObject first = phrases.first().toObject();
    QCOMPARE(first.value(QStringLiteral("image")).toString(), QStringLiteral("scene_00450"));
    QVERIFY(!first.value(QStringLiteral("phrase")).toString().isEmpty());
    const int listed = int(first.value(QStringLiteral("regions")).toArray().size());
    QVERIFY2(listed >= 1 && listed <= 5, qPrintable(r.out)); // --top's default on stdout: 5 (the demo's images have fewer boxes)
    QCOMPARE(first.value(QStringLiteral("regions")).toArray().first().toObject().value(QStringLiteral("box")).toArray().size(), 4);
    r = runCli({QStringLiteral("regions"), run, QStringLiteral("--image"), QStringLiteral("scene_00450"), QStringLiteral("--format"),
                QStringLiteral("csv"), QStringLiteral("--caption"), QStringLiteral("A small red circle is next to a blue square.")},
               fixture + QStringLiteral("/cache"));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith(QStringLiteral("image,caption,phrase,begin,end,rank,region,x,y,width,height,score,iou,correct\n")), qPrintable(r.out));

    // Files: one image's correspondences (one row per noun phrase: each one's chosen region), the
    // test split's as JSON, and the figure as SVG (vector: the phrases as text) and PNG.
    const QString csv = dir.filePath(QStringLiteral("image.csv"));
    r = runCli({QStringLiteral("regions"), run, QStringLiteral("--image"), QStringLiteral("scene_00450"), QStringLiteral("--out"), csv},
               fixture + QStringLiteral("/cache"));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QFile csvFile(csv);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    QCOMPARE(csvFile.readAll().trimmed().split('\n').size() - 1, phrases.size());
    const QString json = dir.filePath(QStringLiteral("test.json"));
    r = runCli({QStringLiteral("regions"), run, QStringLiteral("--split"), QStringLiteral("test"), QStringLiteral("--out"), json},
               fixture + QStringLiteral("/cache"));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QFile jsonFile(json);
    QVERIFY(jsonFile.open(QIODevice::ReadOnly));
    const QJsonArray split = QJsonDocument::fromJson(jsonFile.readAll()).object().value(QStringLiteral("correspondences")).toArray();
    QVERIFY(split.size() > phrases.size());
    QCOMPARE(split.first().toObject().value(QStringLiteral("regions")).toArray().size(), 1);
    QVERIFY(split.first().toObject().value(QStringLiteral("regions")).toArray().first().toObject().contains(QStringLiteral("correct")));
    const QString svg = dir.filePath(QStringLiteral("figure.svg"));
    r = runCli({QStringLiteral("regions"), run, QStringLiteral("--image"), QStringLiteral("scene_00450"), QStringLiteral("--figure"), svg},
               fixture + QStringLiteral("/cache"));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray drawing = svgFile.readAll();
    QVERIFY(drawing.contains("<rect"));
    QVERIFY2(drawing.contains(first.value(QStringLiteral("phrase")).toString().toUtf8()), drawing.left(500).constData());
    const QString png = dir.filePath(QStringLiteral("figure.png"));
    r = runCli({QStringLiteral("regions"), run, QStringLiteral("--image"), QStringLiteral("scene_00450"), QStringLiteral("--figure"), png,
                QStringLiteral("--size"), QStringLiteral("300x200"), QStringLiteral("--dpr"), QStringLiteral("2")},
               fixture + QStringLiteral("/cache"));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(QImage(png).size(), QSize(600, 400));
    r = runCli({QStringLiteral("regions"), run, QStringLiteral("--split"), QStringLiteral("test")}, fixture + QStringLiteral("/cache"));
    QCOMPARE(r.code, 2); // --split writes a file
    r = runCli({QStringLiteral("regions"), run, QStringLiteral("--image"), QStringLiteral("no-such-image")}, fixture + QStringLiteral("/cache"));
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("no-such-image")), qPrintable(r.err));
    r = runCli({QStringLiteral("regions"), run}, fixture + QStringLiteral("/cache"));
    QCOMPARE(r.code, 2); // --image (or --split with --out) is required
  }

  // The concepts model from the command line: two ablation rows on the shared fixture as CSV, then
  // `inspect --image` (concepts, boxes, gate, nearest captions) and `generate` (a diagnostic).
  void conceptsAblationInspectGenerate() {
    QTemporaryDir dir;
    Result r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), dir.path(), QStringLiteral("--ablation"), QStringLiteral("bow")});
    QCOMPARE(r.code, 2);
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), dir.path(), QStringLiteral("--ablation"), QStringLiteral("concepts"),
                QStringLiteral("--rows"), QStringLiteral("cnp,nope")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("'nope'")), qPrintable(r.err));

    const QString fixture = qEnvironmentVariable("GS_SCENES_FIXTURE");
    if (!QFileInfo::exists(fixture + QStringLiteral("/features-proposals/manifest.json")))
      QSKIP("needs the scenes500 fixture's region features (run through ctest)");
    const QString config = dir.filePath(QStringLiteral("c.json"));
    QFile file(config);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"crops": 1, "epochs": 2, "hidden_dim": 32, "embed_dim": 32, "word_dim": 16, "negatives": 16})");
    file.close();
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), fixture + QStringLiteral("/scenes"), QStringLiteral("--ablation"),
                QStringLiteral("concepts"), QStringLiteral("--rows"), QStringLiteral("cnp,cnp-ctx-gen"), QStringLiteral("--config"), config,
                QStringLiteral("--features"), fixture + QStringLiteral("/features"), QStringLiteral("--concept-features"),
                fixture + QStringLiteral("/features-proposals"), QStringLiteral("--out"), dir.path(), QStringLiteral("--format"),
                QStringLiteral("csv")},
               fixture + QStringLiteral("/cache"), 600000);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("K shrinks from 256")), qPrintable(r.err));
    const QStringList lines = r.out.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines[0].startsWith(QStringLiteral("method,annotation R@1,")) && lines[0].contains(QStringLiteral(",mR,")), qPrintable(lines[0]));
    QVERIFY2(lines[1].startsWith(QStringLiteral("cnp,")), qPrintable(lines[1]));
    QVERIFY2(lines[2].startsWith(QStringLiteral("cnp + ctx + gen,")), qPrintable(lines[2]));
    // The same rows as a text table (the runs are read back, not trained again).
    r = runCli({QStringLiteral("compare"), QStringLiteral("--dataset"), fixture + QStringLiteral("/scenes"), QStringLiteral("--ablation"),
                QStringLiteral("concepts"), QStringLiteral("--rows"), QStringLiteral("cnp,cnp-ctx-gen"), QStringLiteral("--config"), config,
                QStringLiteral("--features"), fixture + QStringLiteral("/features"), QStringLiteral("--concept-features"),
                fixture + QStringLiteral("/features-proposals"), QStringLiteral("--out"), dir.path()},
               fixture + QStringLiteral("/cache"), 600000);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QStringList table = r.out.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(table.size(), 4);
    QVERIFY2(table[0].startsWith(QStringLiteral("method ")) && table[1].startsWith(QStringLiteral("---")), qPrintable(r.out));
    QVERIFY2(table[2].startsWith(QStringLiteral("cnp ")) && table[3].startsWith(QStringLiteral("cnp + ctx + gen ")), qPrintable(r.out));

    const QString full = dir.filePath(QStringLiteral("concepts-cnp-ctx-gen-e2-s1"));
    r = runCli({QStringLiteral("inspect"), full, QStringLiteral("--image"), QStringLiteral("scene_00450"), QStringLiteral("--top"), QStringLiteral("3"),
                QStringLiteral("--json")},
               fixture + QStringLiteral("/cache"));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject inspection = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonArray concepts = inspection.value(QStringLiteral("concepts")).toArray();
    QCOMPARE(concepts.size(), 3);
    QCOMPARE(concepts.first().toObject().value(QStringLiteral("box")).toArray().size(), 4);
    QVERIFY(concepts[0].toObject().value(QStringLiteral("score")).toDouble() >= concepts[1].toObject().value(QStringLiteral("score")).toDouble());
    const double gate = inspection.value(QStringLiteral("mean_gate")).toDouble(-1);
    QVERIFY2(gate > 0 && gate < 1, qPrintable(r.out));
    QCOMPARE(inspection.value(QStringLiteral("test_mean_gates")).toArray().size(), 50);
    QCOMPARE(inspection.value(QStringLiteral("nearest")).toArray().size(), 5);
    // The Map colours by the concept CNN's labels (p ≥ 0.5) beside the demo's ground truth: an
    // unknown one is refused with the keys on offer; the image's top concept, when present, works.
    r = runCli({QStringLiteral("map"), full, QStringLiteral("--method"), QStringLiteral("pca"), QStringLiteral("--colour"),
                QStringLiteral("predicted:unicorn")},
               fixture + QStringLiteral("/cache"));
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("--colour predicted:unicorn")) && r.err.contains(QStringLiteral("these do:")), qPrintable(r.err));
    const QJsonObject top = concepts.first().toObject();
    QVERIFY2(top.value(QStringLiteral("score")).toDouble() >= 0.5, qPrintable(r.out)); // 0.99 when written
    const QString name = top.value(QStringLiteral("concept")).toString();
    QVERIFY2(r.err.contains(QStringLiteral("predicted:") + name), qPrintable(r.err));
    r = runCli({QStringLiteral("map"), full, QStringLiteral("--method"), QStringLiteral("pca"), QStringLiteral("--colour"),
                QStringLiteral("predicted:") + name},
               fixture + QStringLiteral("/cache"));
    QVERIFY2(r.code == 0 && r.out.contains(QStringLiteral("coloured by predicted concept: ") + name), qPrintable(r.out + r.err));

    r = runCli({QStringLiteral("generate"), full, QStringLiteral("--image"), QStringLiteral("scene_00450")}, fixture + QStringLiteral("/cache"));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith(QStringLiteral("diagnostic only")), qPrintable(r.out));
    r = runCli({QStringLiteral("generate"), dir.filePath(QStringLiteral("concepts-cnp-e2-s1")), QStringLiteral("--image"),
                QStringLiteral("scene_00450")},
               fixture + QStringLiteral("/cache"));
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("without sentence generation")), qPrintable(r.err));
  }

  void trainingErrors() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 20);
    Result r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--out is required")), qPrintable(r.err));
    r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("gpt"),
                QStringLiteral("--out"), dir.filePath(QStringLiteral("x"))});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("unknown model 'gpt'")), qPrintable(r.err));
    const QString config = dir.filePath(QStringLiteral("bad.json"));
    QFile file(config);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\n  \"margin\": 0.5,\n  \"epochs\": ,\n}\n");
    file.close();
    r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow"),
                QStringLiteral("--config"), config, QStringLiteral("--out"), dir.filePath(QStringLiteral("y"))});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(config + QStringLiteral(":3:")), qPrintable(r.err));
    r = runCli({QStringLiteral("eval"), dir.filePath(QStringLiteral("not-a-run"))});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("not-a-run/config.json")), qPrintable(r.err));
  }

  // The seed is 64-bit from the command line to config.json: 2^64 − 1 is kept to the last digit.
  void seedTravelsAsSixtyFourBits() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 20);
    const QString run = dir.filePath(QStringLiteral("run"));
    const QStringList common{QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow"),
                             QStringLiteral("--epochs"), QStringLiteral("1"),
                             QStringLiteral("--backbone"), QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy"))};
    Result r = runCli(common + QStringList{QStringLiteral("--seed"), QStringLiteral("18446744073709551615"), QStringLiteral("--out"), run});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QFile config(QDir(run).filePath(QStringLiteral("config.json")));
    QVERIFY(config.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(config.readAll()).object().value(QStringLiteral("seed")).toString(),
             QStringLiteral("18446744073709551615"));
    r = runCli(common + QStringList{QStringLiteral("--seed"), QStringLiteral("-1"), QStringLiteral("--out"), dir.filePath(QStringLiteral("x"))});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--seed")), qPrintable(r.err));
  }

  void killedTrainingResumes() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 40);
    const QString run = dir.filePath(QStringLiteral("run"));
    const QStringList args{QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("bow"),
                           QStringLiteral("--epochs"), QStringLiteral("400"), QStringLiteral("--out"), run,
                           QStringLiteral("--backbone"), QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy")),
                           QStringLiteral("--format"), QStringLiteral("json")};
    QProcess process;
    process.start(QStringLiteral(GS_CLI_PATH), args);
    QVERIFY(process.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(QDir(run).filePath(QStringLiteral("checkpoint-last.pt"))), 60000);
    QTest::qWait(200);
    process.kill(); // SIGKILL: no chance to clean up, as when a machine goes down
    QVERIFY(process.waitForFinished(10000));
    QVERIFY(!QFile::exists(QDir(run).filePath(QStringLiteral("result.json"))));

    const Result r = runCli(args); // the same command again picks the run up

    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("resuming")), qPrintable(r.err));
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(json.value(QStringLiteral("resumed_from")).toInt() >= 1);
    QCOMPARE(json.value(QStringLiteral("resumed_from")).toInt() + json.value(QStringLiteral("epochs_run")).toInt(), 400);
  }

  // `parse` prints both trees; the DT-RNN paper's running example (Socher et al. 2014 §3.2).
  void parseSentencePrintsBothTrees() {
    Result r = runCli({QStringLiteral("parse"), QStringLiteral("Students ride bikes at night.")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("# text = Students ride bikes at night.\n")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("1\tStudents\t_\tNOUN\tn\t_\t2\tnsubj\t_\t_\n")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("4\tat\t_\tADP\t_\t_\t2\tprep\t_\t_\n")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("(ROOT (S (NP (NOUN Students)) (VP (VERB ride)")), qPrintable(r.out));

    r = runCli({QStringLiteral("parse"), QStringLiteral("Students ride bikes at night."), QStringLiteral("--style"), QStringLiteral("ud"),
                QStringLiteral("--format"), QStringLiteral("conllu")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("5\tnight\t_\tNOUN\tn\t_\t2\tobl\t")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("4\tat\t_\tADP\t_\t_\t5\tcase\t")), qPrintable(r.out));
    QVERIFY(!r.out.contains(QStringLiteral("(ROOT")));

    r = runCli({QStringLiteral("parse"), QStringLiteral("The child was hugged by its mother."), QStringLiteral("--style"),
                QStringLiteral("collapsed"), QStringLiteral("--format"), QStringLiteral("ptb")});
    QCOMPARE(r.code, 0);
    QVERIFY(!r.out.contains(QStringLiteral("# text")));
    QVERIFY2(r.out.startsWith(QStringLiteral("(ROOT (S ")), qPrintable(r.out));
  }

  void parseExitCodes_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty sentence") << QStringList{QStringLiteral("parse"), QStringLiteral("  ")} << 1 << "empty sentence";
    QTest::newRow("no sentence") << QStringList{QStringLiteral("parse")} << 2 << "Usage: groundscope-cli parse";
    QTest::newRow("bad style") << QStringList{QStringLiteral("parse"), QStringLiteral("A dog."), QStringLiteral("--style"), QStringLiteral("x")}
                               << 2 << "--style: expected stanford, collapsed or ud";
    QTest::newRow("bad format") << QStringList{QStringLiteral("parse"), QStringLiteral("A dog."), QStringLiteral("--format"), QStringLiteral("x")}
                                << 2 << "--format: expected conllu, ptb, both, json or csv";
    QTest::newRow("dataset without out") << QStringList{QStringLiteral("parse"), QStringLiteral("--dataset"), QStringLiteral("/nowhere")}
                                         << 2 << "--dataset needs --out FILE";
    QTest::newRow("missing dataset") << QStringList{QStringLiteral("parse"), QStringLiteral("--dataset"), QStringLiteral("/nowhere/at/all"),
                                                    QStringLiteral("--out"), QStringLiteral("/tmp/x.conllu")}
                                     << 1 << "/nowhere/at/all";
    QTest::newRow("missing gold file") << QStringList{QStringLiteral("parse-eval"), QStringLiteral("/nowhere/gold.conllu")} << 1 << "no such file";
  }
  void parseExitCodes() {
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const Result r = runCli(args);
    QCOMPARE(r.code, code);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
  }

  void parseDatasetWritesConllu() {
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("scenes"));
    QCOMPARE(runCli({QStringLiteral("dataset"), QStringLiteral("make-demo"), folder, QStringLiteral("--images"), QStringLiteral("10")}).code, 0);
    const QString outFile = dir.filePath(QStringLiteral("parses.conllu"));
    const QString cache = dir.filePath(QStringLiteral("cache"));
    Result r = runCli({QStringLiteral("parse"), QStringLiteral("--dataset"), folder, QStringLiteral("--out"), outFile}, cache);
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("parsed 50, from cache 0, failed 0")), qPrintable(r.out));
    QVERIFY2(r.err.contains(QStringLiteral("] parsed")), qPrintable(r.err)); // progress on stderr
    QFile file(outFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    QCOMPARE(text.count(QStringLiteral("# text = ")), 50);
    QCOMPARE(text.count(QStringLiteral("# constituency = (ROOT ")), 50);
    QCOMPARE(text.count(QStringLiteral("\troot\t")), 50);
    // The second run parses nothing: every caption comes from the cache.
    r = runCli({QStringLiteral("parse"), QStringLiteral("--dataset"), folder, QStringLiteral("--out"), outFile}, cache);
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("parsed 0, from cache 50")), qPrintable(r.out));
  }

  void parseEvalScoresAGoldFile() {
    QTemporaryDir dir;
    const QString gold = dir.filePath(QStringLiteral("gold.conllu"));
    QFile file(gold);
    QVERIFY(file.open(QIODevice::WriteOnly));
    // Hand-written UD tree: every head right, so UAS and LAS are 100%.
    file.write("# text = Students ride bikes at night.\n"
               "1\tStudents\tstudent\tNOUN\tNNS\t_\t2\tnsubj\t_\t_\n"
               "2\tride\tride\tVERB\tVBP\t_\t0\troot\t_\t_\n"
               "3\tbikes\tbike\tNOUN\tNNS\t_\t2\tobj\t_\t_\n"
               "4\tat\tat\tADP\tIN\t_\t5\tcase\t_\t_\n"
               "5\tnight\tnight\tNOUN\tNN\t_\t2\tobl\t_\tSpaceAfter=No\n"
               "6\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_\n\n"
               "1\tA\ta\tDET\tDT\t_\t2\tdet\t_\t_\n"
               "2\tdog\tdog\tNOUN\tNN\t_\t3\tnsubj\t_\t_\n"
               "3\truns\trun\tVERB\tVBZ\t_\t0\troot\t_\t_\n"
               "4\t.\t.\tPUNCT\t.\t_\t1\tpunct\t_\t_\n\n"); // punct head wrong on purpose
    file.close();
    const Result r = runCli({QStringLiteral("parse-eval"), gold});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("2 sentences, 10 tokens")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("UAS 90.00%  (9 / 10 heads)")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("LAS 90.00%  (9 / 10 heads and labels)")), qPrintable(r.out));
  }

  // `tsne`: a small N×D .npy becomes an N×2 .npy with the exact KL printed; a NaN in the input is a
  // runtime error naming the file and the cell; a bad option is a usage error.
  void tsneWritesAMapAndRejectsBadInput() {
    QTemporaryDir dir;
    const auto writeNpy = [](const QString &path, int rows, int cols, float nanAt) {
      QByteArray header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + QByteArray::number(rows) + ", " +
                          QByteArray::number(cols) + "), }";
      while ((10 + header.size() + 1) % 64) header += ' ';
      header += '\n';
      QByteArray npy("\x93NUMPY\x01\x00", 8);
      npy.append(char(header.size() & 0xff)).append(char(header.size() >> 8)).append(header);
      for (int i = 0; i < rows * cols; ++i) {
        const float value = i == int(nanAt) ? std::nanf("") : float((i * 7919) % 101) / 10.0f + float(i / cols % 3) * 20;
        npy.append(reinterpret_cast<const char *>(&value), sizeof value);
      }
      QFile file(path);
      if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
      file.write(npy);
    };
    const QString in = dir.filePath(QStringLiteral("emb.npy")), xy = dir.filePath(QStringLiteral("xy.npy"));
    writeNpy(in, 60, 5, -1);
    Result r = runCli({QStringLiteral("tsne"), QStringLiteral("--in"), in, QStringLiteral("--out"), xy,
                       QStringLiteral("--perplexity"), QStringLiteral("5"), QStringLiteral("--iters"), QStringLiteral("300")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("KL divergence")) && r.out.contains(QStringLiteral("exact")), qPrintable(r.out));
    QFile out(xy);
    QVERIFY(out.open(QIODevice::ReadOnly));
    const QByteArray bytes = out.readAll();
    QVERIFY(bytes.contains("'shape': (60, 2)"));
    QCOMPARE(bytes.size(), 128 + 60 * 2 * 4);

    r = runCli({QStringLiteral("tsne"), QStringLiteral("--in"), in, QStringLiteral("--out"), xy, QStringLiteral("--pca"),
                QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject pcaSummary = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(pcaSummary.value(QStringLiteral("points")).toInt(), 60);
    QCOMPARE(pcaSummary.value(QStringLiteral("method")).toString(), QStringLiteral("pca"));

    // UMAP, with the map's neighbourhood preservation; an unknown method is a usage error.
    r = runCli({QStringLiteral("tsne"), QStringLiteral("--in"), in, QStringLiteral("--out"), xy, QStringLiteral("--method"),
                QStringLiteral("umap"), QStringLiteral("--neighbours"), QStringLiteral("8"), QStringLiteral("--epochs"), QStringLiteral("50"),
                QStringLiteral("--preservation"), QStringLiteral("5")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("UMAP: 50 epochs")) && r.out.contains(QStringLiteral("exact neighbours")), qPrintable(r.out));
    QVERIFY2(QRegularExpression(QStringLiteral("5 nearest neighbours kept on the map\\): 0\\.\\d{3}")).match(r.out).hasMatch(), qPrintable(r.out));
    r = runCli({QStringLiteral("tsne"), QStringLiteral("--in"), in, QStringLiteral("--out"), xy, QStringLiteral("--method"), QStringLiteral("isomap")});
    QCOMPARE(r.code, 2);

    // t-SNE's repulsion by name: FFT interpolation on 200 points, Barnes-Hut by default there.
    const QString in200 = dir.filePath(QStringLiteral("emb200.npy"));
    writeNpy(in200, 200, 5, -1);
    r = runCli({QStringLiteral("tsne"), QStringLiteral("--in"), in200, QStringLiteral("--out"), xy, QStringLiteral("--method"), QStringLiteral("fft"),
                QStringLiteral("--perplexity"), QStringLiteral("10"), QStringLiteral("--iters"), QStringLiteral("100")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("t-SNE (FFT-interpolated repulsion, exact neighbours)")), qPrintable(r.out));
    r = runCli({QStringLiteral("tsne"), QStringLiteral("--in"), in200, QStringLiteral("--out"), xy, QStringLiteral("--perplexity"), QStringLiteral("10"),
                QStringLiteral("--iters"), QStringLiteral("100")});
    QVERIFY2(r.code == 0 && r.out.contains(QStringLiteral("t-SNE (Barnes-Hut repulsion")), qPrintable(r.out + r.err));

    const QString bad = dir.filePath(QStringLiteral("bad.npy"));
    writeNpy(bad, 60, 5, 2 * 5 + 3);
    r = runCli({QStringLiteral("tsne"), QStringLiteral("--in"), bad, QStringLiteral("--out"), xy});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(bad) && r.err.contains(QStringLiteral("row 2, column 3")), qPrintable(r.err));

    r = runCli({QStringLiteral("tsne"), QStringLiteral("--in"), dir.filePath(QStringLiteral("missing.npy")), QStringLiteral("--out"), xy});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("missing.npy")), qPrintable(r.err));

    r = runCli({QStringLiteral("tsne"), QStringLiteral("--in"), in, QStringLiteral("--out"), xy});
    QCOMPARE(r.code, 1); // 60 points cannot have perplexity 30
    QVERIFY2(r.err.contains(in) && r.err.contains(QStringLiteral("too few for perplexity")), qPrintable(r.err));

    r = runCli({QStringLiteral("tsne"), QStringLiteral("--in"), in, QStringLiteral("--out"), xy, QStringLiteral("--theta"), QStringLiteral("-1")});
    QCOMPARE(r.code, 2);
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
