#include "cli.h"

#include "clioutput.h"
#include "commands/commands.h"
#include "gs/version.h"

namespace gs::cli {

const QList<Command> &commands() {
  static const QList<Command> list = {infoCommand(),     benchCommand(),     demoCommand(),     datasetCommand(),
                                      parseCommand(),    parseEvalCommand(), featuresCommand(), trainCommand(),
                                      evalCommand(),     embedCommand(),     retrieveCommand(), compareCommand(),
                                      inspectCommand(),  tsneCommand(),   layoutFeaturesCommand()};
  return list;
}

namespace {

void printHelp() {
  out() << "Usage: groundscope-cli [--help] [--version] COMMAND [ARGS...]\n\n"
           "Groundscope, headless: every capability of the workbench from the command line.\n\n"
           "Commands:\n";
  for (const Command &command : commands()) out() << QStringLiteral("  %1  %2\n").arg(command.name, -10).arg(command.summary);
  out() << "\nRun 'groundscope-cli COMMAND --help' for a command's options.\n"
           "Exit codes: 0 success, 1 runtime failure, 2 usage error.\n";
  out().flush();
}

const Command *findCommand(const QString &name) {
  for (const Command &command : commands())
    if (command.name == name) return &command;
  return nullptr;
}

}  // namespace

int run(const QStringList &arguments) {
  if (arguments.isEmpty()) {
    err() << "groundscope-cli: no command given\n";
    err() << "Run 'groundscope-cli --help' for the list of commands.\n";
    return kExitUsage;
  }
  const QString first = arguments.first();
  if (first == QLatin1String("--help") || first == QLatin1String("-h") || first == QLatin1String("help")) {
    printHelp();
    return kExitOk;
  }
  if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
    out() << "groundscope-cli " << kVersion << '\n';
    return kExitOk;
  }
  const Command *command = findCommand(first);
  if (!command) {
    err() << (first.startsWith(QLatin1Char('-')) ? QStringLiteral("groundscope-cli: unknown option '%1'")
                                                 : QStringLiteral("groundscope-cli: unknown command '%1'"))
                     .arg(first)
          << "\nRun 'groundscope-cli --help' for the list of commands.\n";
    return kExitUsage;
  }
  const QStringList rest = arguments.mid(1);
  if (rest.contains(QStringLiteral("--help")) || rest.contains(QStringLiteral("-h"))) {
    out() << "Usage: groundscope-cli " << command->usage << '\n';
    return kExitOk;
  }
  try {
    return command->run(rest);
  } catch (const UsageError &error) {
    err() << "groundscope-cli " << command->name << ": " << error.what() << '\n'
          << "Usage: groundscope-cli " << command->usage << '\n';
    return kExitUsage;
  } catch (const std::exception &error) {
    err() << "groundscope-cli " << command->name << ": error: " << error.what() << '\n';
    return kExitFailure;
  }
}

}  // namespace gs::cli
