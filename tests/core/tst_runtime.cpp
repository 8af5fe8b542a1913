// The numeric runtime: LibTorch uses every core (on the main thread and the engine's worker),
// the loaded BLAS is identified, and the GEMM measurement is a real, positive rate.

#include "engine/engine.h"
#include "engine/jobcontext.h"
#include "runtime/blasinfo.h"
#include "runtime/runtime.h"

#include <QTest>
#include <QThread>

using namespace gs;

class TestRuntime : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void initTestCase() { runtime::initialise(); }

  void usesEveryCore() {
    QCOMPARE(runtime::configuredThreads(), QThread::idealThreadCount());
    QCOMPARE(runtime::info().torchThreads, QThread::idealThreadCount());
  }

  void engineWorkerUsesEveryCore() {
    Engine engine;
    int threads = 0;
    const JobId id = engine.submit(QStringLiteral("threads"), [&](JobContext &) { threads = runtime::info().torchThreads; });
    engine.wait(id, 10000);
    QCOMPARE(threads, QThread::idealThreadCount());
  }

  void blasIsFoundAndNamed() {
    const runtime::RuntimeInfo info = runtime::info();
    QVERIFY2(!info.blasPath.isEmpty(), "LibTorch should have loaded a libblas");
    QVERIFY(!info.blasName.isEmpty());
    QVERIFY(!info.versions.torch.isEmpty());
    QVERIFY(!info.versions.opencv.isEmpty());
    QVERIFY(!info.versions.linkGrammar.isEmpty());
    QVERIFY(runtime::describe(info).contains(info.blasName));
  }

  void blasNamesFromPaths_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("name");
    QTest::newRow("openblas-openmp") << "/usr/lib/x86_64-linux-gnu/openblas-openmp/libblas.so.3" << "OpenBLAS (OpenMP)";
    QTest::newRow("openblas-pthread") << "/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3" << "OpenBLAS (pthreads)";
    QTest::newRow("reference") << "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0"
                               << "reference BLAS (slow: install libopenblas0-openmp)";
    QTest::newRow("blis") << "/usr/lib/x86_64-linux-gnu/blis-openmp/libblas.so.3" << "BLIS";
    QTest::newRow("none") << "" << "none found";
  }
  void blasNamesFromPaths() {
    QFETCH(QString, path);
    QFETCH(QString, name);
    QCOMPARE(runtime::blasNameFromPath(path), name);
  }

  void gemmRateIsMeasured() {
    const runtime::GemmRate rate = runtime::measureGemm(128, 2, 1);
    QCOMPARE(rate.size, 128);
    QCOMPARE(rate.threads, 1);
    QVERIFY(rate.seconds > 0);
    QVERIFY(rate.gflops > 0.01);
    QCOMPARE(runtime::info().torchThreads, QThread::idealThreadCount()); // restored afterwards
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runtime::measureGemm(0, 1));
  }
};

QTEST_GUILESS_MAIN(TestRuntime)
#include "tst_runtime.moc"
