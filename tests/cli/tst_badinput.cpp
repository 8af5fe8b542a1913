// The bad-input corpus (tests/data/bad/): every case in cases.tsv goes through the command
// a user would run on it, which must end with the expected exit code and a message that says what is
// wrong and where (the file, and the line where there is one), never a crash. The messages are also
// written to <build>/reliability/badinput.tsv for docs/reliability.md (tests/reliability/report.py).

#include "clitestsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Case {
  QString name, command, expected;
  int exit = 0;
};

std::vector<Case> readCases() {
  QFile file(QStringLiteral(GS_TEST_DATA "/bad/cases.tsv"));
  if (!file.open(QIODevice::ReadOnly)) qFatal("cannot read tests/data/bad/cases.tsv");
  std::vector<Case> cases;
  int line = 0;
  for (const QByteArray &raw : file.readAll().split('\n')) {
    ++line;
    if (raw.isEmpty() || raw.startsWith('#')) continue;
    const QStringList fields = QString::fromUtf8(raw).split(QLatin1Char('\t'));
    if (fields.size() != 4) qFatal("cases.tsv:%d: expected 4 tab-separated fields", line);
    cases.push_back({fields[0], fields[1], fields[3], fields[2].toInt()});
  }
  return cases;
}

// The corpus copied to a scratch folder, so no command writes beside the repository's files.
void copyTree(const QString &from, const QString &to) {
  QDirIterator it(from, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString source = it.next();
    const QString target = to + QLatin1Char('/') + QDir(from).relativeFilePath(source);
    QDir().mkpath(QFileInfo(target).absolutePath());
    QFile::copy(source, target);
  }
}

}  // namespace

class TestBadInput : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void corpusCase_data() {
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("exit");
    QTest::addColumn<QString>("expected");
    for (const Case &c : readCases()) QTest::newRow(qPrintable(c.name)) << c.command << c.exit << c.expected;
  }

  void corpusCase() {
    QFETCH(QString, command);
    QFETCH(int, exit);
    QFETCH(QString, expected);
    static QTemporaryDir scratch;
    static const QString corpus = [] {
      copyTree(QStringLiteral(GS_TEST_DATA "/bad"), scratch.filePath(QStringLiteral("bad")));
      return scratch.filePath(QStringLiteral("bad"));
    }();
    static const QString demo = makeDemoWithFeatures(scratch, 12);
    QTemporaryDir tmp;
    QStringList args;
    for (QString arg : command.split(QLatin1Char(' '), Qt::SkipEmptyParts))
      args << arg.replace(QStringLiteral("{in}"), corpus + QLatin1Char('/') + QString::fromUtf8(QTest::currentDataTag()))
                  .replace(QStringLiteral("{tmp}"), tmp.path())
                  .replace(QStringLiteral("{demo}"), demo);
    const Result r = runCli(args, tmp.filePath(QStringLiteral("cache")));
    const QString all = r.out + r.err;
    QVERIFY2(r.code == exit, qPrintable(QStringLiteral("exit %1, expected %2: %3").arg(r.code).arg(exit).arg(all)));
    QVERIFY2(all.contains(expected), qPrintable(QStringLiteral("'%1' not in: %2").arg(expected, all)));

    // The message for the table: the line holding the expected fragment, the scratch folder left out.
    QString message;
    for (const QString &line : all.split(QLatin1Char('\n')))
      if (line.contains(expected)) {
        message = line.trimmed();
        break;
      }
    message.replace(corpus + QLatin1Char('/'), QString()).replace(tmp.path(), QStringLiteral("TMP"));
    const QString table = QStringLiteral(GS_BINARY_DIR "/reliability/badinput.tsv");
    QDir().mkpath(QFileInfo(table).absolutePath());
    static bool first = true;
    QFile file(table);
    QVERIFY(file.open(first ? QIODevice::WriteOnly : QIODevice::Append));
    if (first) file.write("case\tcommand\texit\tmessage\n");
    first = false;
    file.write((QString::fromUtf8(QTest::currentDataTag()) + QLatin1Char('\t') + command + QLatin1Char('\t') + QString::number(r.code) +
                QLatin1Char('\t') + message + QLatin1Char('\n'))
                   .toUtf8());
  }
};

QTEST_GUILESS_MAIN(TestBadInput)
#include "tst_badinput.moc"
