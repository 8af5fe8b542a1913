// Figure export writes real PNG, SVG and PDF files at the requested size, rejects unknown
// formats with a message naming the file, and never leaves a partial file behind.

#include "figureexport.h"

#include <QFile>
#include <QImage>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>

using namespace gs;

class TestFigureExport : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void writesEachFormat() {
    QTemporaryDir dir;
    QLabel view(QStringLiteral("<h1>Groundscope</h1>"));
    view.setStyleSheet(QStringLiteral("background: #204060; color: white;"));
    view.resize(200, 100);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    const QString png = dir.filePath(QStringLiteral("view.png"));
    QVERIFY(exportFigure(view, png, QSize(400, 200)).ok);
    const QImage image(png);
    QCOMPARE(image.size(), QSize(400, 200));
    QCOMPARE(QColor(image.pixel(5, 5)), QColor(0x20, 0x40, 0x60)); // the widget's own background

    const QString svg = dir.filePath(QStringLiteral("view.svg"));
    QVERIFY(exportFigure(view, svg).ok);
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains("width=\"70.5556mm\"") || svgText.contains("viewBox=\"0 0 200 100\""));

    const QString pdf = dir.filePath(QStringLiteral("view.pdf"));
    QVERIFY(exportFigure(view, pdf).ok);
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    QVERIFY(pdfFile.read(5) == "%PDF-");
  }

  void rejectsUnknownFormatWithoutWritingAFile() {
    QTemporaryDir dir;
    QLabel view(QStringLiteral("x"));
    view.resize(50, 50);
    const QString path = dir.filePath(QStringLiteral("view.bmpx"));
    const FigureExportResult result = exportFigure(view, path);
    QVERIFY(!result.ok);
    QVERIFY(result.error.contains(path));
    QVERIFY(!QFile::exists(path));
  }

  void unwritableTargetNamesTheFile() {
    QLabel view(QStringLiteral("x"));
    view.resize(50, 50);
    const QString path = QStringLiteral("/nonexistent-folder/view.png");
    const FigureExportResult result = exportFigure(view, path);
    QVERIFY(!result.ok);
    QVERIFY(result.error.startsWith(path));
  }
};

QTEST_MAIN(TestFigureExport)
#include "tst_figureexport.moc"
