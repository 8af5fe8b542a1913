#pragma once
// Subcommand argument parsing on QCommandLineParser, turning every problem into a UsageError
// that names the option and the bad value.

#include <QCommandLineParser>
#include <QJsonObject>

#include "training/trainconfig.h"

namespace gs::cli {

// Parses `args` (the subcommand's own, without its name). Unknown options, missing values and
// a wrong number of positional arguments (outside [minPositional, maxPositional]) throw UsageError.
void parseArguments(QCommandLineParser &parser, const QStringList &args, int minPositional, int maxPositional);

// The option's value as an integer in [minimum, maximum], or `fallback` when not given.
int intOption(const QCommandLineParser &parser, const QString &name, int fallback, int minimum, int maximum);
double doubleOption(const QCommandLineParser &parser, const QString &name, double fallback, double minimum,
                    double maximum);

// A JSON file holding one object (a training configuration). Throws std::runtime_error
// "FILE:LINE:COLUMN: reason" when it cannot be read, does not parse, or is not an object.
QJsonObject readJsonObjectFile(const QString &path);

// TrainConfig::fromJson for settings that came from a file (or the command line on top of one):
// a bad value is a runtime failure (exit 1) naming `source`, not a usage error.
TrainConfig trainConfigFromJson(const QJsonObject &json, const QString &source);

}  // namespace gs::cli
