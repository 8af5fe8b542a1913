// groundscope-cli: the headless entry point. Everything lives in cli.cpp and the commands.

#include "cli.h"
#include "clioutput.h"
#include "gs/version.h"
#include "runtime/runtime.h"

#include <QCoreApplication>

int main(int argc, char *argv[]) {
  QCoreApplication app(argc, argv);
  QCoreApplication::setApplicationName(QString::fromLatin1(gs::kApplicationName));
  QCoreApplication::setOrganizationName(QString::fromLatin1(gs::kOrganisationName));
  QCoreApplication::setApplicationVersion(QString::fromLatin1(gs::kVersion));
  gs::runtime::initialise();
  const int code = gs::cli::run(QCoreApplication::arguments().mid(1));
  gs::cli::out().flush();
  gs::cli::err().flush();
  return code;
}
