#include "figures/rankedlisthtml.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QSaveFile>

namespace gs {

namespace {
constexpr int kJpegQuality = 85; // thumbnails: small files, no visible blocking at 96 px


QByteArray number(double value) { return QByteArray::number(value, 'g', 8); }

// A data URI of the image scaled to fit size×size, or empty when it cannot be read.
QByteArray thumbnailUri(const QString &path, int size) {
  if (path.isEmpty()) return {};
  const QImage image = loadThumbnail(path, size);
  if (image.isNull()) return {};
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (!image.convertToFormat(QImage::Format_RGB888).save(&buffer, "JPEG", kJpegQuality)) return {};
  return "data:image/jpeg;base64," + bytes.toBase64();
}

// Text from a dataset, made safe to place in the page: < > & " escaped (toHtmlEscaped), ' too (for
// attribute values in either quote), and C0 control characters, which HTML forbids and a browser
// may show as anything, replaced by U+FFFD.
QByteArray escaped(const QString &text) {
  QString safe = text.toHtmlEscaped().replace(QLatin1Char('\''), QStringLiteral("&#39;"));
  for (QChar &c : safe)
    if (c.unicode() < 0x20 && c != QLatin1Char('\n') && c != QLatin1Char('\t')) c = QChar(0xFFFD);
  return safe.toUtf8();
}
} // namespace

QByteArray toHtml(const RankedList &list, int thumbnailSize) {
  const bool captions = list.kind == RankedList::Kind::Captions;
  const QString title = captions ? QCoreApplication::translate("RankedListExport", "Captions ranked for image %1").arg(list.query)
                                 : QCoreApplication::translate("RankedListExport", "Images ranked for “%1”").arg(list.query);
  QByteArray out;
  out += "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + escaped(title) + "</title>\n";
  out += "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{padding:4px 8px;"
         "border-bottom:1px solid #ddd;text-align:left}tr.relevant{background:#e6f4e6;font-weight:bold}"
         "img{display:block}</style></head><body>\n";
  out += "<h1>" + escaped(title) + "</h1>\n";
  if (!list.run.isEmpty()) out += "<p>" + escaped(QCoreApplication::translate("RankedListExport", "Run: %1").arg(list.run)) + "</p>\n";
  out += "<table>\n<tr><th>" + escaped(QCoreApplication::translate("RankedListExport", "Rank")) + "</th><th>" + escaped(QCoreApplication::translate("RankedListExport", "Image")) + "</th><th>" +
         escaped(QCoreApplication::translate("RankedListExport", "Image id")) + "</th>";
  if (captions) out += "<th>" + escaped(QCoreApplication::translate("RankedListExport", "Caption")) + "</th>";
  out += "<th>" + escaped(QCoreApplication::translate("RankedListExport", "Score")) + "</th><th></th></tr>\n";
  for (const RankedRow &row : list.rows) {
    out += row.relevant ? "<tr class=\"relevant\">" : "<tr>";
    out += "<td>" + QByteArray::number(row.rank) + "</td><td>";
    const QByteArray uri = thumbnailUri(row.imagePath, thumbnailSize);
    if (uri.isEmpty()) out += escaped(QCoreApplication::translate("RankedListExport", "(image not readable)"));
    else out += "<img src=\"" + uri + "\" alt=\"" + escaped(row.imageId) + "\">";
    out += "</td><td>" + escaped(row.imageId) + "</td>";
    if (captions) out += "<td>" + escaped(row.caption) + "</td>";
    out += "<td>" + number(row.score) + "</td><td>" + (row.relevant ? QByteArray("✓") : QByteArray()) + "</td></tr>\n";
  }
  out += "</table>\n</body></html>\n";
  return out;
}

bool writeRankedList(const RankedList &list, const QString &path, QString *error) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  QByteArray bytes;
  if (suffix == QLatin1String("csv")) bytes = toCsv(list);
  else if (suffix == QLatin1String("json")) bytes = toJson(list);
  else if (suffix == QLatin1String("html") || suffix == QLatin1String("htm")) bytes = toHtml(list);
  else {
    if (error) *error = QCoreApplication::translate("RankedListExport", "%1: unknown format (use .csv, .json or .html)").arg(path);
    return false;
  }
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
    if (error) *error = QCoreApplication::translate("RankedListExport", "%1: cannot write: %2").arg(path, file.errorString());
    return false;
  }
  return true;
}

QImage loadThumbnail(const QString &path, int size) {
  QImageReader reader(path);
  const QSize full = reader.size();
  if (full.isValid()) reader.setScaledSize(full.scaled(size, size, Qt::KeepAspectRatio));
  QImage image = reader.read();
  if (!image.isNull() && (image.width() > size || image.height() > size))
    image = image.scaled(size, size, Qt::KeepAspectRatio, Qt::SmoothTransformation);
  return image;
}

QString rankedListFileFilter() {
  return QCoreApplication::translate("RankedListExport", "HTML page with thumbnails (*.html);;CSV (*.csv);;JSON (*.json)");
}

}  // namespace gs
