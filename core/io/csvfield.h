#pragma once
// One CSV field as RFC 4180 writes it: quoted (inner quotes doubled) when it holds a comma, a quote
// or a line break; as it is otherwise. UTF-8. Shared by every CSV the project writes. A text cell
// that a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage return and
// is not a number) is written with a leading apostrophe, as OWASP recommends for CSV exports.

#include <QByteArray>
#include <QString>

namespace gs {

QByteArray csvField(const QString &value);

}  // namespace gs
