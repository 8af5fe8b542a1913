// groundscope: the desktop workbench. All logic lives in core/ and widgets/; this file only
// wires the application object, translations, the engine and the main window together.

#include "engine/enginebridge.h"
#include "gs/version.h"
#include "localization.h"
#include "mainwindow.h"
#include "resources.h"
#include "runtime/runtime.h"
#include "map/mapframebench.h"
#include "screenshottour.h"
#include "touroptions.h"

#include <QApplication>
#include "runtime/blaskernel.h"

#include <QCommandLineParser>
#include <QSettings>
#include <QTemporaryDir>

#include <cstdio>
#include <memory>
#include <optional>

int main(int argc, char *argv[]) {
  // Before anything computes: OpenBLAS's kernel, chosen again when it fell back to its generic one.
  gs::runtime::selectBlasKernel(argv);
  QApplication app(argc, argv);
  QApplication::setApplicationName(QString::fromLatin1(gs::kApplicationName));
  QApplication::setOrganizationDomain(QString::fromLatin1(gs::kOrganisationDomain));
  // The reverse-DNS id of the .desktop file and AppStream metainfo (Wayland matches windows by it).
  QGuiApplication::setDesktopFileName(QStringLiteral("io.github.groundscope.Groundscope"));
  QApplication::setApplicationVersion(QString::fromLatin1(gs::kVersion));
  gs::initResources();
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/groundscope.svg")));
  gs::installTranslations(app, QLocale::system());
  gs::runtime::initialise();

  QCommandLineParser parser;
  parser.setApplicationDescription(QApplication::translate("main", "Groundscope workbench"));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("path"),
                               QApplication::translate("main", "A run folder to open (with the dataset it was trained on), or a dataset "
                                                               "folder or file."),
                               QStringLiteral("[run-or-dataset]"));
  const QCommandLineOption screenshots(QStringLiteral("screenshots"),
                                       QApplication::translate("main", "Run the demo through every panel, save screenshots into DIR and quit."),
                                       QStringLiteral("DIR"));
  parser.addOption(screenshots);
  gs::addTourOptions(parser);
  const QCommandLineOption benchFrames(QStringLiteral("bench-map-frames"),
                                       QApplication::translate("main", "Print the Map's frame times at these item counts (e.g. 0,10000,100000) "
                                                                       "and quit (run offscreen; groundscope-cli bench map runs it)."),
                                       QStringLiteral("COUNTS"));
  parser.addOption(benchFrames);
  const QCommandLineOption theme(QStringLiteral("theme"),
                                 QApplication::translate("main", "The look: system, light or dark (as View > Theme; remembered)."),
                                 QStringLiteral("THEME"));
  parser.addOption(theme);
  parser.process(app);
  if (parser.isSet(benchFrames)) {
    std::vector<int> sizes;
    for (const QString &part : parser.value(benchFrames).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
      bool ok = false;
      const int n = part.trimmed().toInt(&ok);
      if (!ok || n < 0 || n > 10000000) {
        std::fprintf(stderr, "groundscope: --bench-map-frames: expected item counts like 0,10000,100000, got '%s'\n", qPrintable(part));
        return 2;
      }
      sizes.push_back(n);
    }
    std::fputs(gs::runMapFrameBench(sizes).toUtf8().constData(), stdout);
    return 0;
  }

  gs::Engine engine;
  gs::EngineBridge bridge(engine);
  // The screenshot tour runs with settings of its own, so it neither reads nor changes the user's layout.
  QTemporaryDir tourSettings;
  QSettings settings = parser.isSet(screenshots)
                           ? QSettings(tourSettings.filePath(QStringLiteral("tour.ini")), QSettings::IniFormat)
                           : QSettings();
  gs::MainWindow window(bridge, settings);
  if (parser.isSet(theme)) window.applyTheme(parser.value(theme));
  window.show();
  if (!parser.positionalArguments().isEmpty()) window.openPath(parser.positionalArguments().constFirst());
  std::unique_ptr<gs::ScreenshotTour> tour;
  if (parser.isSet(screenshots)) {
    QString error;
    const std::optional<gs::TourOptions> options = gs::tourOptionsFrom(parser, &error);
    if (!options) {
      std::fprintf(stderr, "groundscope: %s\n", qPrintable(error));
      return 2;
    }
    tour = std::make_unique<gs::ScreenshotTour>(window, parser.value(screenshots), *options);
    QObject::connect(tour.get(), &gs::ScreenshotTour::finished, &app, [](int code) { QCoreApplication::exit(code); });
    tour->start();
  }
  const int code = QApplication::exec();
  engine.cancelAll();
  return code;
}
