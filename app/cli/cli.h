#pragma once
// groundscope-cli: every capability of the GUI, headless. A table of subcommands, each a
// function of its arguments. Exit codes: 0 success, 1 runtime failure, 2 usage error.

#include <QStringList>

#include <functional>
#include <stdexcept>

class QTextStream;

namespace gs::cli {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1; // the command ran and failed (missing file, bad data, …)
constexpr int kExitUsage = 2;   // the command line itself is wrong

// Thrown for a bad command line; main prints it with the command's usage and exits 2.
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct Command {
  QString name;
  QString summary; // one line for --help
  QString usage;   // "NAME ARGS…", shown on a usage error and by `NAME --help`
  std::function<int(const QStringList &args)> run;
};

const QList<Command> &commands();

// Parses the whole command line (argv[0] excluded) and runs the command.
int run(const QStringList &arguments);

}  // namespace gs::cli
