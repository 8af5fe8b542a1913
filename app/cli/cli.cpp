#include "cli.h"

#include "clioutput.h"
#include "commands/commands.h"
#include "data/outsidepaths.h"
#include "gs/version.h"
#include "jobrunner.h"
#include "formatoption.h"
#include "manpage.h"

namespace gs::cli {

namespace {
QList<Command> withFormatOptions(QList<Command> list) {
  for (Command &command : list) command = withFormatOption(command);
  return list;
}
}  // namespace

const QList<Command> &commands() {
  static const QList<Command> list = withFormatOptions({infoCommand(),     benchCommand(),     demoCommand(),     datasetCommand(),
                                      parseCommand(),    parseEvalCommand(), featuresCommand(), trainCommand(), launchCommand(),
                                      evalCommand(),     embedCommand(),     importSpaceCommand(),     exportCommand(),     retrieveCommand(), compareCommand(), runsCommand(), analyzeCommand(), contrastCommand(),
                                      inspectCommand(),  regionsCommand(), generateCommand(),   tsneCommand(),     mapCommand(),     layoutFeaturesCommand(),
                                      similarityCommand(), explainCommand()});
  return list;
}

namespace {

void printHelp() {
  out() << "Usage: groundscope-cli [--help] [--version] [--allow-outside-paths] COMMAND [ARGS...]\n\n"
           "Groundscope, headless: every capability of the workbench from the command line.\n\n"
           "Commands:\n";
  for (const Command &command : commands()) out() << QStringLiteral("  %1  %2\n").arg(command.name, -15).arg(command.summary);
  out() << "\n--allow-outside-paths  let dataset files name images outside the dataset's folder (refused and reported otherwise)\n"
           "\nRun 'groundscope-cli COMMAND --help' for a command's options.\n"
           "Exit codes: 0 success, 1 runtime failure, 2 usage error, 130 interrupted (Ctrl-C, after a clean stop).\n";
  out().flush();
}

const Command *findCommand(const QList<Command> &list, const QString &name) {
  for (const Command &command : list)
    if (command.name == name) return &command;
  return nullptr;
}

const Command *findCommand(const std::vector<Command> &list, const QString &name) {
  for (const Command &command : list)
    if (command.name == name) return &command;
  return nullptr;
}

QString names(const std::vector<Command> &list) {
  QStringList out;
  for (const Command &c : list) out << c.name;
  return out.join(QStringLiteral(", "));
}

// Usage lines of a command: one, or one per subcommand.
QString usageOf(const QString &path, const Command &command) {
  if (command.subcommands.empty()) return usageLine(path, command.syntax);
  QStringList lines;
  for (const Command &sub : command.subcommands) lines << usageLine(path + QLatin1Char(' ') + sub.name, sub.syntax);
  return lines.join(QStringLiteral("\n       groundscope-cli "));
}

QString helpOf(const QString &path, const Command &command) {
  QString text;
  if (command.subcommands.empty()) {
    text = helpText(path, command.syntax);
  } else {
    text = QStringLiteral("Usage: groundscope-cli %1\n").arg(usageOf(path, command));
    for (const Command &sub : command.subcommands)
      text += QStringLiteral("\n%1 %2: %3\n").arg(path, sub.name, sub.summary) +
              helpText(path + QLatin1Char(' ') + sub.name, sub.syntax).section(QLatin1Char('\n'), 1);
  }
  if (!command.notes.isEmpty()) text += QLatin1Char('\n') + command.notes + QLatin1Char('\n');
  return text;
}

// Finds the subcommand the arguments name (recursively) and runs it; `path` grows as it goes.
int dispatch(const Command &command, QString path, const QStringList &args) {
  if (command.subcommands.empty()) {
    OutputFormat format = OutputFormat::Text;
    const QStringList actual = applyFormatOption(command.syntax, args, &format);
    if (format != OutputFormat::Csv) return command.run(parseArguments(command.syntax, actual));
    QString json;
    captureOut(&json);
    int code = kExitFailure;
    try {
      code = command.run(parseArguments(command.syntax, actual));
    } catch (...) {
      restoreOut();
      throw;
    }
    restoreOut();
    if (code == kExitOk) out() << jsonToCsv(json.toUtf8());
    return code;
  }
  if (args.isEmpty() || args.first().startsWith(QLatin1Char('-')))
    throw UsageError(QStringLiteral("missing %1 name (one of: %2)").arg(command.subcommandNoun, names(command.subcommands)).toStdString());
  const Command *sub = findCommand(command.subcommands, args.first());
  if (!sub)
    throw UsageError(QStringLiteral("unknown %1 '%2' (one of: %3)")
                         .arg(command.subcommandNoun, args.first(), names(command.subcommands))
                         .toStdString());
  return dispatch(*sub, path + QLatin1Char(' ') + sub->name, args.mid(1));
}

}  // namespace

int run(const QStringList &arguments) {
  if (arguments.isEmpty()) {
    err() << "groundscope-cli: no command given\n";
    err() << "Run 'groundscope-cli --help' for the list of commands.\n";
    return kExitUsage;
  }
  const QString first = arguments.first();
  // Global: lets dataset files name images outside their folder (refused otherwise, see
  // core/data/outsidepaths.h); through the environment, so `launch`'s workers inherit it.
  if (first == QLatin1String("--allow-outside-paths")) {
    setOutsidePathsAllowed(true);
    qputenv("GS_ALLOW_OUTSIDE_PATHS", "1");
    return run(arguments.mid(1));
  }
  if (first == QLatin1String("--help") || first == QLatin1String("-h") || first == QLatin1String("help")) {
    printHelp();
    return kExitOk;
  }
  // The man page, the bash completion and docs/cli.md come from the command table (manpage.h).
  if (first == QLatin1String("--man")) {
    out() << manPage();
    return kExitOk;
  }
  if (first == QLatin1String("--bash-completion")) {
    out() << bashCompletion();
    return kExitOk;
  }
  if (first == QLatin1String("--markdown")) {
    out() << markdownReference();
    return kExitOk;
  }
  if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
    out() << "groundscope-cli " << kVersion << '\n';
    return kExitOk;
  }
  const Command *command = findCommand(commands(), first);
  if (!command) {
    err() << (first.startsWith(QLatin1Char('-')) ? QStringLiteral("groundscope-cli: unknown option '%1'")
                                                 : QStringLiteral("groundscope-cli: unknown command '%1'"))
                     .arg(first)
          << "\nRun 'groundscope-cli --help' for the list of commands.\n";
    return kExitUsage;
  }
  const QStringList rest = arguments.mid(1);
  if (rest.contains(QStringLiteral("--help")) || rest.contains(QStringLiteral("-h"))) {
    // `bench gemm --help` shows the subcommand's help, `bench --help` all of them.
    const Command *shown = command;
    QString path = command->name;
    if (!rest.isEmpty())
      if (const Command *sub = findCommand(command->subcommands, rest.first())) {
        shown = sub;
        path += QLatin1Char(' ') + sub->name;
      }
    out() << helpOf(path, *shown);
    return kExitOk;
  }
  try {
    const int code = dispatch(*command, command->name, rest);
    return stoppedByInterrupt() && code != kExitOk ? kExitInterrupted : code;
  } catch (const UsageError &error) {
    err() << "groundscope-cli " << command->name << ": " << error.what() << '\n'
          << "Usage: groundscope-cli " << usageOf(command->name, *command) << '\n';
    return kExitUsage;
  } catch (const std::exception &error) {
    if (stoppedByInterrupt()) {
      err() << "groundscope-cli " << command->name << ": interrupted\n";
      return kExitInterrupted;
    }
    err() << "groundscope-cli " << command->name << ": error: " << error.what() << '\n';
    return kExitFailure;
  }
}

}  // namespace gs::cli
