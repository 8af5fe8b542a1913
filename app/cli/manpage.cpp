#include "manpage.h"

#include "cli.h"
#include "gs/version.h"

#include <QStringList>

namespace gs::cli {

namespace {

// Escapes text for troff: backslashes, and a leading dot or quote that would read as a request.
QString roff(QString text) {
  text.replace(QLatin1Char('\\'), QStringLiteral("\\e"));
  text.replace(QLatin1Char('-'), QStringLiteral("\\-"));
  QStringList lines = text.split(QLatin1Char('\n'));
  for (QString &line : lines)
    if (line.startsWith(QLatin1Char('.')) || line.startsWith(QLatin1Char('\''))) line.prepend(QStringLiteral("\\&"));
  return lines.join(QLatin1Char('\n'));
}

QString optionsOf(const Syntax &syntax) {
  QString text;
  for (const OptionSpec &o : syntax.options) {
    text += QStringLiteral(".TP\n.B \\-\\-%1").arg(roff(o.name));
    if (!o.valueName.isEmpty()) text += QStringLiteral(" \\fI%1\\fR").arg(roff(o.valueName));
    text += QLatin1Char('\n') + roff(o.help);
    if (o.required) text += QStringLiteral(" (required)");
    if (!o.defaultValue.isEmpty()) text += QStringLiteral(" Default: %1.").arg(roff(o.defaultValue));
    text += QLatin1Char('\n');
  }
  return text;
}

QString sectionOf(const QString &path, const Command &command) {
  QString text;
  if (command.subcommands.empty()) {
    text += QStringLiteral(".SS %1\n%2.\n.PP\n\\fBgroundscope\\-cli %1\\fR %3\n")
                .arg(roff(path), roff(command.summary), roff(command.syntax.positionals));
    text += optionsOf(command.syntax);
  } else {
    for (const Command &sub : command.subcommands) text += sectionOf(path + QLatin1Char(' ') + sub.name, sub);
  }
  if (!command.notes.isEmpty()) text += QStringLiteral(".PP\n") + roff(command.notes).replace(QStringLiteral("\n"), QStringLiteral("\n.br\n")) + QLatin1Char('\n');
  return text;
}

void collectOptions(const Command &command, QStringList *options) {
  for (const OptionSpec &o : command.syntax.options) options->append(QStringLiteral("--") + o.name);
  for (const Command &sub : command.subcommands) collectOptions(sub, options);
}

}  // namespace

QString manPage() {
  QString text = QStringLiteral(".TH GROUNDSCOPE\\-CLI 1 \"\" \"Groundscope %1\" \"User Commands\"\n").arg(QString::fromLatin1(kVersion));
  text += QStringLiteral(".SH NAME\ngroundscope\\-cli \\- the Groundscope workbench for visually grounded language, headless\n");
  text += QStringLiteral(".SH SYNOPSIS\n\\fBgroundscope\\-cli\\fR [\\fB\\-\\-help\\fR] [\\fB\\-\\-version\\fR] [\\fB\\-\\-allow\\-outside\\-paths\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR...]\n");
  text += QStringLiteral(".SH DESCRIPTION\nEvery capability of the Groundscope workbench from the command line: datasets, parsing, "
                         "image features, training (data-parallel too), evaluation, retrieval, maps of the joint space and benchmarks. "
                         "\\fBgroundscope\\-cli \\fICOMMAND\\fB \\-\\-help\\fR shows a command's options with their defaults.\n");
  text += QStringLiteral(".SH COMMANDS\n");
  for (const Command &command : commands()) text += sectionOf(command.name, command);
  text += QStringLiteral(".SH EXIT STATUS\n0 success, 1 runtime failure, 2 usage error, 130 interrupted (Ctrl\\-C, after a clean stop).\n");
  text += QStringLiteral(".SH ENVIRONMENT\n.TP\n.B GS_THREADS\nCompute threads (default: one per core).\n"
                         ".TP\n.B GS_ALLOW_OUTSIDE_PATHS\nSet to 1: dataset files may name images outside the dataset's folder (as \\fB\\-\\-allow\\-outside\\-paths\\fR).\n"
                         ".TP\n.B GS_GLOO_IFNAME\nThe network interface data\\-parallel workers reach each other on.\n");
  text += QStringLiteral(".SH SEE ALSO\n\\fBgroundscope\\fR(1)\n");
  return text;
}

QString bashCompletion() {
  QStringList names;
  QString cases;
  for (const Command &command : commands()) {
    names << command.name;
    QStringList options;
    collectOptions(command, &options);
    QStringList subs;
    for (const Command &sub : command.subcommands) subs << sub.name;
    cases += QStringLiteral("    %1) words=\"%2 --help\" ;;\n").arg(command.name, (subs + options).join(QLatin1Char(' ')));
  }
  return QStringLiteral(
             "# bash completion for groundscope-cli, generated from its command table (groundscope-cli --bash-completion).\n"
             "_groundscope_cli() {\n"
             "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" words\n"
             "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
             "    COMPREPLY=($(compgen -W \"%1 --help --version\" -- \"$cur\"))\n"
             "    return\n"
             "  fi\n"
             "  case \"$prev\" in\n"
             "    --dataset|--out|--config|--features|--in|--data|--figure|--concept-features) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
             "  esac\n"
             "  case \"${COMP_WORDS[1]}\" in\n"
             "%2"
             "    *) words=\"--help\" ;;\n"
             "  esac\n"
             "  if [[ \"$cur\" == -* ]] || [ \"$COMP_CWORD\" -eq 2 ]; then\n"
             "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
             "  else\n"
             "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
             "  fi\n"
             "}\n"
             "complete -F _groundscope_cli groundscope-cli\n")
      .arg(names.join(QLatin1Char(' ')), cases);
}

}  // namespace gs::cli
