#pragma once
// `--format text|json|csv` the same way on every command that prints results: a command declares a
// `--json` flag (or its own --format); this adds the --format option to its declaration (so
// --help lists it), turns `--format json` into its --json, and `--format csv` into --json whose
// output is flattened to CSV: a list of records one row each, a single record one row, nested
// keys joined with dots (RFC 4180 quoting; text cells that a spreadsheet would run as a formula,
// starting with = + - @, get a leading apostrophe).

#include "cli.h"

namespace gs::cli {

// The command (and its subcommands) with the --format option added where it has --json.
Command withFormatOption(Command command);

enum class OutputFormat { Text, Json, Csv };

// Rewrites the arguments of a command that got the option from withFormatOption: removes
// --format X, adds --json for json and csv. Throws UsageError for an unknown format.
QStringList applyFormatOption(const Syntax &syntax, const QStringList &args, OutputFormat *format);

// The CSV of a command's JSON output; throws std::runtime_error when it is not JSON.
QString jsonToCsv(const QByteArray &json);

}  // namespace gs::cli
