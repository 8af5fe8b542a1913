#pragma once
// groundscope-cli: every capability of the GUI, headless. A table of subcommands, each declaring
// its command line (arguments.h) and a function of the parsed arguments. Exit codes: 0 success,
// 1 runtime failure, 2 usage error, 130 interrupted.

#include "arguments.h"

#include <QStringList>

#include <functional>
#include <stdexcept>
#include <vector>

namespace gs::cli {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1; // the command ran and failed (missing file, bad data, …)
constexpr int kExitUsage = 2;   // the command line itself is wrong
constexpr int kExitInterrupted = 130; // Ctrl-C stopped it (after a clean stop: checkpoints kept)

// Thrown for a bad command line; main prints it with the command's usage and exits 2.
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct Command {
  QString name;
  QString summary; // one line for --help
  Syntax syntax;   // its command line (unused when it has subcommands)
  QString notes;   // more for `NAME --help`: what the options mean together, alternatives
  std::function<int(const Arguments &args)> run;
  // A command made of subcommands (`bench gemm`, `dataset info`): the first argument picks one.
  std::vector<Command> subcommands;
  QString subcommandNoun = QStringLiteral("subcommand"); // in "missing/unknown NOUN" messages
};

const QList<Command> &commands();

// Parses the whole command line (argv[0] excluded) and runs the command.
int run(const QStringList &arguments);

}  // namespace gs::cli
