// A generic table of (image path, caption) rows: .csv (comma, RFC 4180 quotes) or .tsv (tab).
// An optional header names the columns (image|file|filename|path|image_path, caption|sentence|
// text|description, split); without one, column 1 is the image, 2 the caption, 3 the split if
// present. Image paths are relative to the file's folder (or absolute: then they must lie inside
// that folder unless allowed, see data/outsidepaths.h); the same image on many rows is one image
// with many captions. With no split column, gs::detail::assignDefaultSplits. Every other column a
// header names is kept per image in ImageRecord::metadata, so analyses can slice by it.

#include "data/detail/datasetbuilder.h"
#include "data/detail/loaders.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>

#include <utility>
#include <vector>

namespace gs::detail {

namespace {

// Splits one line into fields; nullopt for an unterminated quote. Quotes only where a field
// starts with one (RFC 4180), "" inside quotes is a quote.
std::optional<QStringList> splitRow(const QString &line, QChar separator) {
  QStringList fields;
  QString field;
  bool quoted = false, inQuotes = false;
  for (int i = 0; i < line.size(); ++i) {
    const QChar c = line.at(i);
    if (inQuotes) {
      if (c == QLatin1Char('"')) {
        if (i + 1 < line.size() && line.at(i + 1) == QLatin1Char('"')) {
          field += c;
          ++i;
        } else {
          inQuotes = false;
        }
      } else {
        field += c;
      }
    } else if (c == separator) {
      fields << (quoted ? field : field.trimmed());
      field.clear();
      quoted = false;
    } else if (c == QLatin1Char('"') && field.trimmed().isEmpty() && !quoted) {
      field.clear();
      quoted = inQuotes = true;
    } else {
      field += c;
    }
  }
  if (inQuotes) return std::nullopt;
  fields << (quoted ? field : field.trimmed());
  return fields;
}

int columnOf(const QStringList &header, const QStringList &names) {
  for (int i = 0; i < header.size(); ++i)
    if (names.contains(header[i].trimmed().toLower())) return i;
  return -1;
}

// Where a table keeps what: without a header, image, caption and split are columns 1 to 3 and
// nothing else is read, since unnamed columns could only be sliced by position.
struct CsvColumns {
  int image = 0, caption = 1, split = 2; // split -1: no split column
  bool header = false;
  std::vector<std::pair<int, QString>> metadata; // column index, name as the header writes it
};

CsvColumns columnsOf(const QByteArray &firstLine, QChar separator) {
  CsvColumns columns;
  const std::optional<QStringList> header = splitRow(QString::fromUtf8(firstLine).remove(QLatin1Char('\r')), separator);
  if (!header) return columns;
  const int image = columnOf(*header, {QStringLiteral("image"), QStringLiteral("file"), QStringLiteral("filename"),
                                       QStringLiteral("file_name"), QStringLiteral("path"), QStringLiteral("image_path")});
  const int caption = columnOf(*header, {QStringLiteral("caption"), QStringLiteral("sentence"), QStringLiteral("text"),
                                         QStringLiteral("description"), QStringLiteral("comment")});
  if (image < 0 || caption < 0) return columns;
  columns = {image, caption, columnOf(*header, {QStringLiteral("split")}), true, {}};
  QStringList named;
  for (int i = 0; i < header->size(); ++i) {
    const QString name = header->at(i).trimmed();
    // A trailing separator gives an unnamed column; a repeated name keeps its first column.
    if (i == image || i == caption || i == columns.split || name.isEmpty() || named.contains(name)) continue;
    named << name;
    columns.metadata.emplace_back(i, name);
  }
  return columns;
}

// Keeps one row's extra columns on its image. The CSV repeats an image's columns on each of its
// caption rows: the first non-empty value of a column is kept, and a row that says otherwise is
// reported with both lines, since a slice by that column would silently take the first.
class MetadataKeeper {
public:
  MetadataKeeper(const CsvColumns &columns, Dataset &dataset) : m_columns(columns), m_dataset(dataset) {}

  void keep(int image, const QStringList &row, int line, const QString &where) {
    QHash<QString, QString> &metadata = m_dataset.images[std::size_t(image)].metadata;
    for (const auto &[column, name] : m_columns.metadata) {
      const QString value = column < row.size() ? row.at(column) : QString();
      if (value.isEmpty()) continue; // missing: the slice says "(missing)"
      const auto kept = metadata.constFind(name);
      if (kept == metadata.constEnd()) {
        metadata.insert(name, value);
        m_lineOf.insert({image, name}, line);
      } else if (*kept != value) {
        m_dataset.report.add(kInconsistentMetadata,
                             QStringLiteral("%1: column '%2' is '%3' here but '%4' on line %5")
                                 .arg(where, name, value, *kept, QString::number(m_lineOf.value({image, name}))));
      }
    }
  }

private:
  const CsvColumns &m_columns;
  Dataset &m_dataset;
  QHash<std::pair<int, QString>, int> m_lineOf; // (image index, column) → line its kept value came from
};

}  // namespace

QString csvFileIn(const QString &folder) {
  const QStringList names = QDir(folder).entryList({QStringLiteral("*.csv"), QStringLiteral("*.tsv")}, QDir::Files, QDir::Name);
  return names.size() == 1 ? QDir(folder).absoluteFilePath(names.first()) : QString();
}

Dataset loadCsv(const QString &file, JobContext *job) {
  Dataset dataset;
  const QFileInfo info(file);
  dataset.root = info.absolutePath();
  dataset.format = QStringLiteral("csv");
  dataset.name = info.completeBaseName();
  const QChar separator = info.suffix().toLower() == QLatin1String("tsv") ? QLatin1Char('\t') : QLatin1Char(',');
  QList<QByteArray> lines = readFileBytes(file).split('\n');
  if (!lines.isEmpty() && lines.last().isEmpty()) lines.removeLast();

  const CsvColumns columns = lines.isEmpty() ? CsvColumns() : columnsOf(lines.first(), separator);
  const int imageColumn = columns.image, captionColumn = columns.caption, splitColumn = columns.split;
  bool splitGiven = false;

  DatasetBuilder builder(dataset, job);
  const QString base = info.absolutePath();
  MetadataKeeper metadata(columns, dataset);
  for (int i = columns.header ? 1 : 0; i < lines.size(); ++i) {
    builder.progress(i, lines.size(), QStringLiteral("reading %1").arg(info.fileName()));
    const QString where = QStringLiteral("%1:%2").arg(file).arg(i + 1);
    QByteArray bytes = lines[i];
    if (bytes.endsWith('\r')) bytes.chop(1);
    if (bytes.trimmed().isEmpty()) continue;
    const std::optional<QStringList> row = splitRow(decodeText(bytes, where, dataset.report), separator);
    if (!row || row->size() <= std::max(imageColumn, captionColumn)) {
      dataset.report.add(kMalformedLine, QStringLiteral("%1: %2").arg(where, row ? QStringLiteral("expected image%1caption").arg(separator == QLatin1Char('\t') ? QStringLiteral("<TAB>") : QStringLiteral(","))
                                                                                : QStringLiteral("unterminated quote")));
      continue;
    }
    const QString relative = row->at(imageColumn);
    const QString path = QDir::isAbsolutePath(relative) ? relative : base + QLatin1Char('/') + relative;
    const QString id = QDir(base).relativeFilePath(path);
    int image = builder.imageIndex(id);
    if (image < 0) {
      Split split = Split::Unassigned;
      if (splitColumn >= 0 && splitColumn < row->size()) {
        splitGiven = true;
        const std::optional<Split> named = splitFromName(row->at(splitColumn));
        if (named) split = *named;
        else dataset.report.add(kBadSplit, QStringLiteral("%1: split '%2'").arg(where, row->at(splitColumn)));
      }
      image = builder.addImage(id, path, split, where);
      if (image < 0) continue;
    }
    metadata.keep(image, *row, i + 1, where);
    builder.addCaption(image, QString::number(i + 1), row->at(captionColumn), where);
  }
  builder.finish();
  if (!splitGiven) assignDefaultSplits(dataset);
  return dataset;
}

}  // namespace gs::detail
