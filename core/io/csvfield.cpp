#include "io/csvfield.h"

namespace gs {

namespace {

// Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return before one) as a
// formula: a caption "=HYPERLINK(…)" from a downloaded dataset would act when the export is opened
// (OWASP, "CSV Injection"). Such a cell gets a leading apostrophe, which spreadsheets show as text;
// a plain number ("-0.25", "+3") is left as it is, so score columns stay numbers.
bool looksLikeFormula(const QString &value) {
  if (value.isEmpty()) return false;
  const QChar first = value.at(0);
  if (first != QLatin1Char('=') && first != QLatin1Char('+') && first != QLatin1Char('-') && first != QLatin1Char('@') &&
      first != QLatin1Char('\t') && first != QLatin1Char('\r'))
    return false;
  bool number = false;
  value.toDouble(&number);
  return !number;
}

}  // namespace

QByteArray csvField(const QString &value) {
  QByteArray utf8 = looksLikeFormula(value) ? "'" + value.toUtf8() : value.toUtf8();
  if (!utf8.contains(',') && !utf8.contains('"') && !utf8.contains('\n') && !utf8.contains('\r')) return utf8;
  utf8.replace("\"", "\"\"");
  return '"' + utf8 + '"';
}

}  // namespace gs
