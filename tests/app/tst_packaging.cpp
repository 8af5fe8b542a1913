// Groundscope as a distribution sees it: the desktop file and the AppStream metainfo pass their
// validators (desktop-file-validate, appstreamcli), and `cpack -G DEB` builds a package whose
// dependencies were computed from the binaries, which unpacks into a temporary root with the
// binaries, desktop file, metainfo, icon, man pages and bash completion in their standard places,
// and whose groundscope-cli runs from there.

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
  int code = -1;
  QString out;
};

Run run(const QString &program, const QStringList &args, const QString &workingDir = {}, int timeoutMs = 300000) {
  QProcess process;
  process.setProcessChannelMode(QProcess::MergedChannels);
  if (!workingDir.isEmpty()) process.setWorkingDirectory(workingDir);
  process.start(program, args);
  if (!process.waitForFinished(timeoutMs)) {
    process.kill();
    return {-1, QStringLiteral("%1 did not finish: %2").arg(program, process.errorString())};
  }
  return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, QString::fromUtf8(process.readAll())};
}

const QString kAppId = QStringLiteral("io.github.groundscope.Groundscope");

QString resource(const QString &name) { return QDir(QStringLiteral(GS_SOURCE_DIR "/resources")).filePath(name); }

}  // namespace

class TestPackaging : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void desktopFileIsValid() {
    const Run r = run(QStringLiteral("desktop-file-validate"), {resource(kAppId + QStringLiteral(".desktop"))});
    QVERIFY2(r.code == 0, qPrintable(r.out));
    QVERIFY2(!r.out.contains(QStringLiteral("error")), qPrintable(r.out));
  }

  void metainfoIsValid() {
    const Run r = run(QStringLiteral("appstreamcli"), {QStringLiteral("validate"), QStringLiteral("--no-net"), QStringLiteral("--explain"),
                                                       resource(kAppId + QStringLiteral(".metainfo.xml"))});
    QVERIFY2(r.code == 0, qPrintable(r.out));
  }

  void debianPackageInstallsAndRuns() {
    QTemporaryDir dir;
    const QString build = QStringLiteral(GS_BINARY_DIR);
    Run r = run(QStringLiteral("cpack"), {QStringLiteral("-G"), QStringLiteral("DEB"), QStringLiteral("-B"), dir.path(), QStringLiteral("--config"),
                                          QDir(build).filePath(QStringLiteral("CPackConfig.cmake"))},
                build);
    QVERIFY2(r.code == 0, qPrintable(r.out));
    const QStringList debs = QDir(dir.path()).entryList({QStringLiteral("groundscope_*.deb")}, QDir::Files);
    QVERIFY2(debs.size() == 1, qPrintable(r.out));
    const QString deb = QDir(dir.path()).filePath(debs.first());

    // Dependencies computed from the binaries: LibTorch, Qt and OpenCV come from dpkg-shlibdeps.
    r = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-f"), deb, QStringLiteral("Depends")});
    QCOMPARE(r.code, 0);
    for (const char *library : {"libtorch", "libqt6core6", "libopencv", "libqcustomplot", "liblink-grammar"})
      QVERIFY2(r.out.contains(QLatin1String(library)), qPrintable(QStringLiteral("%1 missing from Depends: %2").arg(QLatin1String(library), r.out)));

    const QString root = dir.filePath(QStringLiteral("root"));
    r = run(QStringLiteral("dpkg-deb"), {QStringLiteral("-x"), deb, root});
    QVERIFY2(r.code == 0, qPrintable(r.out));
    for (const QString &file : QStringList{QStringLiteral("usr/bin/groundscope"), QStringLiteral("usr/bin/groundscope-cli"),
                                QStringLiteral("usr/share/applications/") + kAppId + QStringLiteral(".desktop"),
                                QStringLiteral("usr/share/metainfo/") + kAppId + QStringLiteral(".metainfo.xml"),
                                QStringLiteral("usr/share/icons/hicolor/scalable/apps/") + kAppId + QStringLiteral(".svg"),
                                QStringLiteral("usr/share/man/man1/groundscope.1"), QStringLiteral("usr/share/man/man1/groundscope-cli.1"),
                                QStringLiteral("usr/share/bash-completion/completions/groundscope-cli")})
      QVERIFY2(QFile::exists(QDir(root).filePath(file)), qPrintable(file));

    // The installed CLI runs from the temporary root and finds its libraries.
    r = run(QDir(root).filePath(QStringLiteral("usr/bin/groundscope-cli")), {QStringLiteral("info")});
    QVERIFY2(r.code == 0, qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("LibTorch")), qPrintable(r.out));

    // The man page and completion list every command, the data-parallel launcher included.
    QFile man(QDir(root).filePath(QStringLiteral("usr/share/man/man1/groundscope-cli.1")));
    QVERIFY(man.open(QIODevice::ReadOnly));
    const QByteArray page = man.readAll();
    QVERIFY(page.startsWith(".TH GROUNDSCOPE\\-CLI 1"));
    for (const char *section : {".SS train", ".SS launch", ".SS bench ddp", "\\-\\-world\\-size"}) QVERIFY2(page.contains(section), section);
    QFile completion(QDir(root).filePath(QStringLiteral("usr/share/bash-completion/completions/groundscope-cli")));
    QVERIFY(completion.open(QIODevice::ReadOnly));
    const QByteArray script = completion.readAll();
    QVERIFY(script.contains("complete -F _groundscope_cli groundscope-cli"));
    QVERIFY(script.contains("train) words=\"") && script.contains("--rendezvous"));
    if (!QStandardPaths::findExecutable(QStringLiteral("bash")).isEmpty()) {
      r = run(QStringLiteral("bash"), {QStringLiteral("-n"), completion.fileName()});
      QVERIFY2(r.code == 0, qPrintable(r.out));
    }
  }
};

QTEST_GUILESS_MAIN(TestPackaging)
#include "tst_packaging.moc"
