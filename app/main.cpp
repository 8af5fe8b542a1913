// groundscope: the desktop workbench. All logic lives in core/ and widgets/; this file only
// wires the application object, translations, the engine and the main window together.

#include "engine/enginebridge.h"
#include "gs/version.h"
#include "localization.h"
#include "mainwindow.h"
#include "resources.h"
#include "runtime/runtime.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>

int main(int argc, char *argv[]) {
  QApplication app(argc, argv);
  QApplication::setApplicationName(QString::fromLatin1(gs::kApplicationName));
  QApplication::setOrganizationName(QString::fromLatin1(gs::kOrganisationName));
  QApplication::setApplicationVersion(QString::fromLatin1(gs::kVersion));
  gs::initResources();
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/groundscope.svg")));
  gs::installTranslations(app, QLocale::system());
  gs::runtime::initialise();

  QCommandLineParser parser;
  parser.setApplicationDescription(QApplication::translate("main", "Groundscope workbench"));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("dataset"), QApplication::translate("main", "Dataset folder or file to open."),
                               QStringLiteral("[dataset]"));
  parser.process(app);

  gs::Engine engine;
  gs::EngineBridge bridge(engine);
  QSettings settings;
  gs::MainWindow window(bridge, settings);
  window.show();
  if (!parser.positionalArguments().isEmpty()) window.openDataset(parser.positionalArguments().constFirst());
  const int code = QApplication::exec();
  engine.cancelAll();
  return code;
}
