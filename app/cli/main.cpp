// groundscope-cli: the headless entry point. Everything lives in cli.cpp and the commands.

#include "cli.h"
#include "clioutput.h"
#include "gs/version.h"
#include "runtime/blaskernel.h"
#include "runtime/runtime.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <memory>

int main(int argc, char *argv[]) {
  // Before anything computes: OpenBLAS's kernel, chosen again when it fell back to its generic one.
  gs::runtime::selectBlasKernel(argv);
  // Painting text (regions --figure, --draw) needs the GUI application object; everything else runs
  // without one, so the CLI works where no display or font stack is wanted. Offscreen unless the
  // caller chose a platform.
  bool drawsFigures = false;
  for (int i = 1; i < argc; ++i) drawsFigures = drawsFigures || qstrcmp(argv[i], "--figure") == 0 || qstrcmp(argv[i], "--draw") == 0;
  if (drawsFigures && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  std::unique_ptr<QCoreApplication> app =
      drawsFigures ? std::make_unique<QGuiApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
  QCoreApplication::setApplicationName(QString::fromLatin1(gs::kApplicationName));
  QCoreApplication::setOrganizationDomain(QString::fromLatin1(gs::kOrganisationDomain));
  QCoreApplication::setApplicationVersion(QString::fromLatin1(gs::kVersion));
  gs::runtime::initialise();
  const int code = gs::cli::run(QCoreApplication::arguments().mid(1));
  gs::cli::out().flush();
  gs::cli::err().flush();
  return code;
}
