// Figure export writes real PNG, SVG and PDF files at the requested size, rejects unknown
// formats with a message naming the file, and never leaves a partial file behind. SVG and PDF of
// a plot are vectors: tick labels are text, the curve a path, and no bitmap stands in for them.

#include "common/viewexport.h"

#include <QFile>
#include <QImage>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>
#include <QXmlStreamReader>

#include <qcustomplot.h>

#include <cmath>

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

  // A QCustomPlot inside a container (as the Training and Map panels hold theirs): the SVG holds the
  // tick labels and the axis title as <text>, the 200-point curve as a <path>, and no <image>
  // (QWidget::render alone would paste the plot's screen buffer in as one).
  void plotsExportAsVectors() {
    QTemporaryDir dir;
    QWidget container;
    auto *layout = new QVBoxLayout(&container);
    auto *plot = new QCustomPlot;
    layout->addWidget(plot);
    QVector<double> x, y;
    for (int i = 0; i < 200; ++i) x << i, y << std::sin(i / 20.0);
    plot->addGraph()->setData(x, y);
    plot->xAxis->setLabel(QStringLiteral("minibatch"));
    plot->xAxis->setRange(0, 200);
    plot->yAxis->setRange(-1.5, 1.5);
    container.resize(640, 400);
    container.show();
    QVERIFY(QTest::qWaitForWindowExposed(&container));
    plot->replot(QCustomPlot::rpImmediateRefresh);

    const QString svg = dir.filePath(QStringLiteral("plot.svg"));
    const FigureExportResult result = exportFigure(container, svg);
    QVERIFY2(result.ok, qPrintable(result.error));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    QStringList texts;
    int images = 0, longestPath = 0;
    while (!xml.atEnd()) {
      if (xml.readNext() != QXmlStreamReader::StartElement) continue;
      if (xml.name() == QLatin1String("image")) ++images;
      if (xml.name() == QLatin1String("path") || xml.name() == QLatin1String("polyline")) {
        const QString geometry = xml.attributes().value(QLatin1String("d")).toString() + xml.attributes().value(QLatin1String("points")).toString();
        longestPath = std::max(longestPath, int(geometry.count(QLatin1Char(','))));
      }
      if (xml.name() == QLatin1String("text")) texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(images, 0);
    QVERIFY2(texts.contains(QStringLiteral("minibatch")), qPrintable(texts.join(QLatin1Char('|'))));
    QVERIFY2(texts.contains(QStringLiteral("100")) && texts.contains(QStringLiteral("0.5")), qPrintable(texts.join(QLatin1Char('|'))));
    QVERIFY2(longestPath >= 150, qPrintable(QStringLiteral("longest path has %1 points").arg(longestPath)));

    const QString pdf = dir.filePath(QStringLiteral("plot.pdf"));
    QVERIFY(exportFigure(container, pdf).ok);
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    const QByteArray pdfBytes = pdfFile.readAll();
    QVERIFY(pdfBytes.startsWith("%PDF-"));
    QVERIFY2(!pdfBytes.contains("/Subtype /Image"), "the PDF holds a bitmap");
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
