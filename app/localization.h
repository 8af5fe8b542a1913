#pragma once
// Loads Qt's own translations and Groundscope's (built by qt_add_translations into :/i18n)
// for a locale.

#include <QLocale>

class QCoreApplication;

namespace gs {

struct LoadedTranslations {
  bool qt = false;          // Qt's qtbase_<lang>.qm found and installed
  bool groundscope = false; // our groundscope_<lang>.qm found and installed
};

LoadedTranslations installTranslations(QCoreApplication &app, const QLocale &locale);

}  // namespace gs
