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

// Escapes the characters a Markdown table cell or line would read as markup.
QString markdown(QString text) {
  text.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
  text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
  text.replace(QLatin1Char('*'), QStringLiteral("\\*"));
  text.replace(QLatin1Char('_'), QStringLiteral("\\_"));
  text.replace(QLatin1Char('<'), QStringLiteral("&lt;"));
  return text;
}

QString markdownOptions(const Syntax &syntax) {
  if (syntax.options.empty()) return {};
  QString text = QStringLiteral("| option | meaning | default |\n| --- | --- | --- |\n");
  for (const OptionSpec &o : syntax.options) {
    QString name = QStringLiteral("`--%1`").arg(o.name);
    if (!o.valueName.isEmpty()) name += QStringLiteral(" *%1*").arg(markdown(o.valueName));
    QString meaning = markdown(o.help).replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (o.required) meaning += QStringLiteral(" (required)");
    const QString fallback = o.defaultValue.isEmpty() ? QString() : QStringLiteral("`%1`").arg(o.defaultValue);
    text += QStringLiteral("| %1 | %2 | %3 |\n").arg(name, meaning, fallback);
  }
  return text + QLatin1Char('\n');
}

// The summary as a sentence: capitalised, with its full stop.
QString sentence(const QString &summary) {
  QString text = markdown(summary);
  if (!text.isEmpty()) text[0] = text[0].toUpper();
  return text + QLatin1Char('.');
}

QString markdownSection(const QString &path, const Command &command) {
  QString text;
  if (command.subcommands.empty()) {
    text += QStringLiteral("### %1\n\n%2\n\n```\ngroundscope-cli %3\n```\n\n").arg(path, sentence(command.summary), usageLine(path, command.syntax));
    text += markdownOptions(command.syntax);
  } else {
    text += QStringLiteral("## %1\n\n%2\n\n").arg(path, sentence(command.summary));
    for (const Command &sub : command.subcommands) text += markdownSection(path + QLatin1Char(' ') + sub.name, sub);
  }
  if (!command.notes.isEmpty()) text += markdown(command.notes).replace(QStringLiteral("\n"), QStringLiteral("  \n")) + QStringLiteral("\n\n");
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

QString markdownReference() {
  QString text = QStringLiteral(
      "# Command line\n\n"
      "`groundscope-cli` does headless everything the workbench does: datasets, parsing, image features, training "
      "(data-parallel too), evaluation, retrieval, maps of the joint space and benchmarks. This page is generated from "
      "the program's own command table (`groundscope-cli --markdown`), as its man page and `--help` are; "
      "`groundscope-cli COMMAND --help` says the same on the terminal.\n\n"
      "```\ngroundscope-cli [--help] [--version] [--allow-outside-paths] COMMAND [ARGS...]\n```\n\n"
      "Exit status: 0 success, 1 runtime failure, 2 usage error, 130 interrupted (Ctrl-C, after a clean stop). "
      "Environment: `GS_THREADS` (compute threads, default one per core), `GS_ALLOW_OUTSIDE_PATHS=1` (dataset files may "
      "name images outside the dataset's folder, as `--allow-outside-paths`), `GS_GLOO_IFNAME` (the network interface "
      "data-parallel workers reach each other on).\n\n"
      "## Commands\n\n| command | what it does |\n| --- | --- |\n");
  for (const Command &command : commands()) text += QStringLiteral("| `%1` | %2 |\n").arg(command.name, markdown(command.summary));
  text += QLatin1Char('\n');
  for (const Command &command : commands()) {
    // Commands without subcommands are level-2 sections of their own.
    QString section = markdownSection(command.name, command);
    if (command.subcommands.empty()) section.replace(0, 4, QStringLiteral("## "));
    text += section;
  }
  while (text.endsWith(QStringLiteral("\n\n"))) text.chop(1);
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
