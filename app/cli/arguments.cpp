#include "arguments.h"

#include "cli.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

#include <stdexcept>

namespace gs::cli {

void parseArguments(QCommandLineParser &parser, const QStringList &args, int minPositional, int maxPositional) {
  parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
  QStringList withProgram = args;
  withProgram.prepend(QStringLiteral("groundscope-cli"));
  if (!parser.parse(withProgram)) throw UsageError(parser.errorText().toStdString());
  const qsizetype count = parser.positionalArguments().size();
  if (count < minPositional)
    throw UsageError(QStringLiteral("missing argument (expected %1, got %2)").arg(minPositional).arg(count).toStdString());
  if (maxPositional >= 0 && count > maxPositional)
    throw UsageError(
        QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().at(maxPositional)).toStdString());
}

int intOption(const QCommandLineParser &parser, const QString &name, int fallback, int minimum, int maximum) {
  if (!parser.isSet(name)) return fallback;
  bool ok = false;
  const QString text = parser.value(name);
  const int value = text.toInt(&ok);
  if (!ok || value < minimum || value > maximum)
    throw UsageError(QStringLiteral("--%1: expected an integer in [%2, %3], got '%4'")
                         .arg(name)
                         .arg(minimum)
                         .arg(maximum)
                         .arg(text)
                         .toStdString());
  return value;
}

double doubleOption(const QCommandLineParser &parser, const QString &name, double fallback, double minimum,
                    double maximum) {
  if (!parser.isSet(name)) return fallback;
  bool ok = false;
  const QString text = parser.value(name);
  const double value = text.toDouble(&ok);
  if (!ok || !(value >= minimum && value <= maximum))
    throw UsageError(QStringLiteral("--%1: expected a number in [%2, %3], got '%4'")
                         .arg(name)
                         .arg(minimum)
                         .arg(maximum)
                         .arg(text)
                         .toStdString());
  return value;
}

QJsonObject readJsonObjectFile(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot open: %2").arg(path, file.errorString()).toStdString());
  QJsonParseError error;
  const QByteArray bytes = file.readAll();
  const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
  if (error.error != QJsonParseError::NoError || !doc.isObject()) {
    const int line = int(bytes.left(error.offset).count('\n')) + 1;
    const int column = int(error.offset - bytes.left(error.offset).lastIndexOf('\n'));
    throw std::runtime_error(QStringLiteral("%1:%2:%3: %4")
                                 .arg(path)
                                 .arg(line)
                                 .arg(column)
                                 .arg(error.error != QJsonParseError::NoError ? error.errorString() : QStringLiteral("expected a JSON object"))
                                 .toStdString());
  }
  return doc.object();
}

TrainConfig trainConfigFromJson(const QJsonObject &json, const QString &source) {
  try {
    return TrainConfig::fromJson(json, source);
  } catch (const std::invalid_argument &error) {
    throw std::runtime_error(error.what());
  }
}

}  // namespace gs::cli
