#include "inference/contrastpairsfile.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <functional>
#include <stdexcept>

namespace gs {

namespace {

// line 0: about the whole file.
[[noreturn]] void fail(const QString &path, int line, const QString &what) {
  const QString where = line > 0 ? QStringLiteral("%1:%2").arg(path).arg(line) : path;
  throw std::runtime_error(QStringLiteral("%1: %2").arg(where, what).toStdString());
}

int lineAt(const QByteArray &text, qsizetype offset) { return int(text.left(offset).count('\n')) + 1; }

// The line each object of the top-level array starts on: QJsonDocument keeps no positions, so the
// text is scanned once for '{' at depth 1 outside strings. O(file size).
std::vector<int> recordLines(const QByteArray &text) {
  std::vector<int> lines;
  int depth = 0, line = 1;
  bool inString = false, escaped = false;
  for (char c : text) {
    if (c == '\n') ++line;
    if (inString) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') inString = false;
      continue;
    }
    if (c == '"') inString = true;
    else if (c == '[' || c == '{') {
      if (c == '{' && depth == 1) lines.push_back(line);
      ++depth;
    } else if (c == ']' || c == '}') --depth;
  }
  return lines;
}

// A record's fields, whichever file they came from, checked alike.
ContrastPairRecord recordFrom(const QString &path, int line, const std::function<QString(const QString &, bool &)> &field) {
  ContrastPairRecord r;
  r.line = line;
  const auto text = [&](const char *key, bool required) {
    bool present = false;
    const QString value = field(QString::fromLatin1(key), present);
    if (!present) fail(path, line, QStringLiteral("no \"%1\"").arg(QString::fromLatin1(key)));
    if (required && value.trimmed().isEmpty()) fail(path, line, QStringLiteral("\"%1\" is empty").arg(QString::fromLatin1(key)));
    return value;
  };
  const auto number = [&](const char *key) {
    bool ok = false;
    const QString value = text(key, true);
    const double v = value.toDouble(&ok);
    if (!ok) fail(path, line, QStringLiteral("\"%1\" is not a number: %2").arg(QString::fromLatin1(key), value.left(40)));
    return v;
  };
  r.generator = text("generator", true);
  r.imageId = text("image", true);
  r.original = text("original", true);
  r.edited = text("edited", true);
  r.change = text("change", false);
  r.originalScore = number("original_score");
  r.editedScore = number("edited_score");
  r.outcome = text("outcome", false);
  bool present = false;
  const QString caption = field(QStringLiteral("caption"), present);
  r.caption = present ? caption.toInt() : -1;
  return r;
}

std::vector<ContrastPairRecord> readJson(const QString &path, const QByteArray &text) {
  QJsonParseError error;
  const QJsonDocument document = QJsonDocument::fromJson(text, &error);
  if (error.error != QJsonParseError::NoError) fail(path, lineAt(text, error.offset), QStringLiteral("not JSON: %1").arg(error.errorString()));
  if (!document.isArray()) fail(path, 1, QStringLiteral("expected an array of pairs"));
  const QJsonArray array = document.array();
  const std::vector<int> lines = recordLines(text);
  std::vector<ContrastPairRecord> out;
  for (qsizetype k = 0; k < array.size(); ++k) {
    const int line = std::size_t(k) < lines.size() ? lines[std::size_t(k)] : 1;
    if (!array[k].isObject()) fail(path, line, QStringLiteral("pair %1 is not an object").arg(k + 1));
    const QJsonObject object = array[k].toObject();
    out.push_back(recordFrom(path, line, [&](const QString &key, bool &present) {
      present = object.contains(key);
      const QJsonValue v = object.value(key);
      return v.isDouble() ? QString::number(v.toDouble(), 'g', 17) : v.toString();
    }));
  }
  return out;
}

// RFC 4180 rows with their first line: quoted fields may hold commas, doubled quotes and line breaks.
struct CsvRow {
  int line = 0;
  QStringList fields;
};

std::vector<CsvRow> splitCsv(const QString &path, const QString &text) {
  std::vector<CsvRow> rows;
  CsvRow row{1, {}};
  QString field;
  bool quoted = false, wasQuoted = false;
  int line = 1, quoteLine = 0;
  const auto endRow = [&] {
    row.fields << field;
    if (!(row.fields.size() == 1 && row.fields.front().isEmpty() && !wasQuoted)) rows.push_back(row); // skip blank lines
    row = {line, {}};
    field.clear();
    wasQuoted = false;
  };
  for (qsizetype i = 0; i < text.size(); ++i) {
    const QChar c = text[i];
    if (quoted) {
      if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) field += text[++i];
      else if (c == QLatin1Char('"')) quoted = false;
      else field += c;
      if (c == QLatin1Char('\n')) ++line;
    } else if (c == QLatin1Char('"') && field.isEmpty()) {
      quoted = wasQuoted = true;
      quoteLine = line;
    } else if (c == QLatin1Char(',')) {
      row.fields << field;
      field.clear();
      wasQuoted = false;
    } else if (c == QLatin1Char('\n')) {
      ++line;
      endRow();
    } else if (c != QLatin1Char('\r')) field += c;
  }
  if (quoted) fail(path, quoteLine, QStringLiteral("a quoted field is not closed"));
  if (!field.isEmpty() || !row.fields.isEmpty()) endRow();
  return rows;
}

// csvField writes a text cell that looks like a formula with a leading apostrophe; take it off.
QString unguarded(const QString &value) {
  if (value.size() < 2 || value[0] != QLatin1Char('\'')) return value;
  const QChar next = value[1];
  const bool guarded = next == QLatin1Char('=') || next == QLatin1Char('+') || next == QLatin1Char('-') || next == QLatin1Char('@') ||
                       next == QLatin1Char('\t') || next == QLatin1Char('\r');
  return guarded ? value.mid(1) : value;
}

std::vector<ContrastPairRecord> readCsv(const QString &path, const QByteArray &bytes) {
  const std::vector<CsvRow> rows = splitCsv(path, QString::fromUtf8(bytes));
  if (rows.empty()) fail(path, 1, QStringLiteral("the file is empty (expected a header row)"));
  QHash<QString, int> columns;
  for (int c = 0; c < int(rows.front().fields.size()); ++c) columns.insert(rows.front().fields[c].trimmed(), c);
  std::vector<ContrastPairRecord> out;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const CsvRow &row = rows[r];
    if (row.fields.size() != rows.front().fields.size())
      fail(path, row.line, QStringLiteral("%1 fields, the header has %2").arg(row.fields.size()).arg(rows.front().fields.size()));
    out.push_back(recordFrom(path, row.line, [&](const QString &key, bool &present) {
      const int c = columns.value(key, -1);
      present = c >= 0;
      return present ? unguarded(row.fields[c]) : QString();
    }));
  }
  return out;
}

}  // namespace

std::vector<ContrastPairRecord> readContrastPairs(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) fail(path, 0, QStringLiteral("cannot read: %1").arg(file.errorString()));
  const QByteArray text = file.readAll();
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QLatin1String("json")) return readJson(path, text);
  if (suffix == QLatin1String("csv")) return readCsv(path, text);
  fail(path, 0, QStringLiteral("expected a .json or .csv file of contrast pairs (groundscope-cli contrast --export)"));
}

}  // namespace gs
