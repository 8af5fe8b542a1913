#pragma once
// The man page, the bash completion and the manual's command-line page of groundscope-cli, made
// from the same command table as `--help` (cli.cpp), so none of them can disagree with what the
// parser accepts. The build writes the first two (`groundscope-cli --man`, `--bash-completion`) and
// installs them; docs/cli.md is `--markdown`'s output, and a test checks that it still is.

#include <QString>

namespace gs::cli {

// groundscope-cli(1) in troff (man(7) macros).
QString manPage();
// A bash completion script: commands, subcommands and each one's options.
QString bashCompletion();
// The command reference as Markdown: one section per command, its usage line and an options table.
QString markdownReference();

}  // namespace gs::cli
