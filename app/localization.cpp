#include "localization.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace gs {

LoadedTranslations installTranslations(QCoreApplication &app, const QLocale &locale) {
  LoadedTranslations loaded;
  auto *qt = new QTranslator(&app);
  if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
    loaded.qt = QCoreApplication::installTranslator(qt);
  } else {
    delete qt;
  }
  auto *ours = new QTranslator(&app);
  if (ours->load(locale, QStringLiteral("groundscope"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
    loaded.groundscope = QCoreApplication::installTranslator(ours);
  } else {
    delete ours;
  }
  return loaded;
}

}  // namespace gs
