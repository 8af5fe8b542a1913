#include "io/csvfield.h"

namespace gs {

QByteArray csvField(const QString &value) {
  QByteArray utf8 = value.toUtf8();
  if (!utf8.contains(',') && !utf8.contains('"') && !utf8.contains('\n') && !utf8.contains('\r')) return utf8;
  utf8.replace("\"", "\"\"");
  return '"' + utf8 + '"';
}

}  // namespace gs
