#pragma once
// Declared command lines: each command lists its options once (name, value, default, help,
// required) and its positional arguments; parsing, the usage line, `--help` and the checks for
// required options and argument counts are all generated from that declaration. Every problem is
// a UsageError naming the option and the bad value.

#include "io/jsonfile.h"
#include "training/trainconfig.h"

#include <QCommandLineParser>
#include <QJsonObject>
#include <QSize>

#include <memory>
#include <vector>

namespace gs::cli {

struct OptionSpec {
  QString name;          // without the dashes: "dataset"
  QString valueName;     // "PATH"; empty for a flag that takes no value
  QString help;
  QString defaultValue;  // what value() gives when the option is absent; shown in --help
  bool required = false;
};

struct Syntax {
  QString positionals;   // how the positional arguments read in the usage line: "RUN_DIR", "[SENTENCE]"
  int minPositional = 0;
  int maxPositional = 0; // -1: no limit
  std::vector<OptionSpec> options;
};

// --size WIDTHxHEIGHT (16 to 20,000 each); an empty text gives an empty size. Throws UsageError.
QSize parseSizeOption(const QString &text);

// The usage line for `path` (e.g. "bench gemm"): required options first as they are, optional ones
// in brackets, in declaration order.
QString usageLine(const QString &path, const Syntax &syntax);
// The usage line and one line per option with its help and default.
QString helpText(const QString &path, const Syntax &syntax);

class Arguments {
public:
  bool isSet(const QString &name) const { return m_parser->isSet(name); }
  // The option's value, or its declared default when it is absent.
  QString value(const QString &name) const;
  // Every value of an option given more than once (--grid a=1,2 --grid b=3,4), in order.
  QStringList values(const QString &name) const { return m_parser->values(name); }
  QStringList positional() const { return m_parser->positionalArguments(); }
  // The option's value (or default) as an integer in [minimum, maximum]; `fallback` when neither.
  int intValue(const QString &name, int fallback, int minimum, int maximum) const;
  // The option's value (or default) as an unsigned 64-bit integer (seeds); `fallback` when neither.
  quint64 uint64Value(const QString &name, quint64 fallback) const;
  double doubleValue(const QString &name, double fallback, double minimum, double maximum) const;

private:
  friend Arguments parseArguments(const Syntax &syntax, const QStringList &args);
  std::shared_ptr<QCommandLineParser> m_parser;
  const Syntax *m_syntax = nullptr;
};

// Parses `args` (the command's own, without its name). Unknown options, missing values, a missing
// required option and a wrong number of positional arguments throw UsageError.
Arguments parseArguments(const Syntax &syntax, const QStringList &args);

// TrainConfig::fromJson for settings that came from a file (or the command line on top of one):
// a bad value is a runtime failure (exit 1) naming `source`, not a usage error.
TrainConfig trainConfigFromJson(const QJsonObject &json, const QString &source);

}  // namespace gs::cli
