// Ranked lists as every view writes them: CSV (RFC 4180 quoting), JSON that parses back, and a
// standalone HTML page with one embedded thumbnail per row and escaped text; the writer picks the
// format by suffix and writes atomically. Pure logic (core and the report library): no window.

#include "figures/rankedlisthtml.h"

#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace gs;

namespace {
RankedList handMadeList(const QString &imagePath) {
  RankedList list;
  list.kind = RankedList::Kind::Captions;
  list.query = QStringLiteral("img <1>");
  list.run = QStringLiteral("/runs/a");
  list.rows.push_back({1, QStringLiteral("img1"), imagePath, QStringLiteral("a dog, running"), 0.75, true});
  list.rows.push_back({2, QStringLiteral("img2"), imagePath, QStringLiteral("the \"big\" cat"), 0.5, false});
  list.rows.push_back({3, QStringLiteral("img3"), imagePath, QStringLiteral("x < y & z > w\nsecond line"), -0.25, false});
  return list;
}
}  // namespace

class TestRankedList : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // --- export formats ------------------------------------------------------------------------
  void csvQuotesCommasQuotesAndNewlines() {
    const QByteArray csv = toCsv(handMadeList({}));
    const QList<QByteArray> lines = csv.split('\n');
    QCOMPARE(lines[0], QByteArray("rank,image_id,caption,score,relevant\r"));
    QCOMPARE(lines[1], QByteArray("1,img1,\"a dog, running\",0.75,1\r"));
    QCOMPARE(lines[2], QByteArray("2,img2,\"the \"\"big\"\" cat\",0.5,0\r"));
    QVERIFY(csv.contains("3,img3,\"x < y & z > w\nsecond line\",-0.25,0\r\n"));
    RankedList images = handMadeList({});
    images.kind = RankedList::Kind::Images;
    QVERIFY(toCsv(images).startsWith("rank,image_id,score,relevant\r\n1,img1,0.75,1\r\n"));
  }

  // Captions from a stranger's dataset: a script tag, quotes and control characters are
  // inert in the HTML; cells a spreadsheet would run as formulas get an apostrophe, numbers do not.
  void exportsNeutraliseHostileCaptions() {
    RankedList list = handMadeList({});
    list.rows[0].caption = QStringLiteral("<script>alert('x')</script>");
    list.rows[1].caption = QStringLiteral("=HYPERLINK(\"http://evil\",\"click\")");
    list.rows[2].caption = QStringLiteral("@SUM(1+1)\x07bell");
    list.rows[2].imageId = QStringLiteral("-2+3");
    const QByteArray html = toHtml(list, 16);
    QVERIFY(!html.contains("<script>"));
    QVERIFY(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
    QVERIFY(!html.contains('\x07'));
    const QByteArray csv = toCsv(list);
    QVERIFY2(csv.contains("\"'=HYPERLINK(\"\"http://evil\"\",\"\"click\"\")\""), csv.constData());
    QVERIFY2(csv.contains(",'@SUM(1+1)"), csv.constData());
    QVERIFY2(csv.contains("3,'-2+3,"), csv.constData());
    QVERIFY2(csv.contains(",-0.25,0\r\n"), csv.constData()); // a negative score stays a number
  }

  void jsonParsesBack() {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(toJson(handMadeList(QStringLiteral("/x.png"))), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonObject root = doc.object();
    QCOMPARE(root.value(QStringLiteral("kind")).toString(), QStringLiteral("captions"));
    QCOMPARE(root.value(QStringLiteral("query")).toString(), QStringLiteral("img <1>"));
    const QJsonArray rows = root.value(QStringLiteral("rows")).toArray();
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows[1].toObject().value(QStringLiteral("caption")).toString(), QStringLiteral("the \"big\" cat"));
    QCOMPARE(rows[2].toObject().value(QStringLiteral("score")).toDouble(), -0.25);
    QCOMPARE(rows[0].toObject().value(QStringLiteral("relevant")).toBool(), true);
    QCOMPARE(rows[0].toObject().value(QStringLiteral("rank")).toInt(), 1);
  }

  void htmlEmbedsOneThumbnailPerRowAndEscapes() {
    const QString image = QStringLiteral(GS_TEST_DATA "/images/cmyk.jpg");
    QVERIFY(QFile::exists(image));
    const QByteArray html = toHtml(handMadeList(image), 48);
    QCOMPARE(html.count("<img src=\"data:image/jpeg;base64,"), 3);
    QVERIFY(html.contains("x &lt; y &amp; z &gt; w"));
    QVERIFY(html.contains("the &quot;big&quot; cat"));
    QVERIFY(html.contains("img &lt;1&gt;")); // the query in the title
    QVERIFY(!html.contains("x < y"));
    // The embedded thumbnail decodes, at most 48 px.
    const QRegularExpression uri(QStringLiteral("data:image/jpeg;base64,([A-Za-z0-9+/=]+)"));
    const QRegularExpressionMatch match = uri.match(QString::fromUtf8(html));
    QVERIFY(match.hasMatch());
    const QImage thumb = QImage::fromData(QByteArray::fromBase64(match.captured(1).toLatin1()), "JPEG");
    QVERIFY(!thumb.isNull());
    QVERIFY(thumb.width() <= 48 && thumb.height() <= 48);
    // A row whose image is gone says so instead of an <img>.
    RankedList missing = handMadeList(QStringLiteral("/nonexistent/image.png"));
    QCOMPARE(toHtml(missing).count("<img "), 0);
  }

  void writesAtomicallyByFormatAndRejectsUnknownSuffixes() {
    QTemporaryDir dir;
    QString error;
    for (const QString &name : {QStringLiteral("l.csv"), QStringLiteral("l.json"), QStringLiteral("l.html")}) {
      QVERIFY2(writeRankedList(handMadeList({}), dir.filePath(name), &error), qPrintable(error));
      QVERIFY(QFileInfo(dir.filePath(name)).size() > 0);
    }
    QVERIFY(!writeRankedList(handMadeList({}), dir.filePath(QStringLiteral("l.xls")), &error));
    QVERIFY(error.contains(QStringLiteral("l.xls")));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("l.xls"))));
    QVERIFY(!writeRankedList(handMadeList({}), QStringLiteral("/nonexistent-dir/l.csv"), &error));
    QVERIFY(error.contains(QStringLiteral("/nonexistent-dir/l.csv")));
  }


  void topKeepsTheListsTotals() {
    RankedList list = handMadeList({});
    list.candidates = 3;
    list.trueRank = 1;
    const RankedList top = list.top(2);
    QCOMPARE(int(top.rows.size()), 2);
    QCOMPARE(top.candidates, 3);
    QCOMPARE(top.trueRank, 1);
    QCOMPARE(int(list.top(0).rows.size()), 3);
    const QJsonObject json = QJsonDocument::fromJson(toJson(top)).object();
    QCOMPARE(json.value(QStringLiteral("candidates")).toInt(), 3);
    QCOMPARE(json.value(QStringLiteral("true_rank")).toInt(), 1);
  }
};

QTEST_GUILESS_MAIN(TestRankedList)
#include "tst_rankedlist.moc"
