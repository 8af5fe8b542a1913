#pragma once
// The man page and the bash completion of groundscope-cli, made from the same command table as
// `--help` (cli.cpp), so none of the three can disagree with what the parser accepts. The build
// writes both (`groundscope-cli --man`, `--bash-completion`) and installs them.

#include <QString>

namespace gs::cli {

// groundscope-cli(1) in troff (man(7) macros).
QString manPage();
// A bash completion script: commands, subcommands and each one's options.
QString bashCompletion();

}  // namespace gs::cli
