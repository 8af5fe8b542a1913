#include "arguments.h"

#include "cli.h"

#include <limits>
#include <stdexcept>

namespace gs::cli {

namespace {

QString optionText(const OptionSpec &o) {
  return o.valueName.isEmpty() ? QStringLiteral("--%1").arg(o.name) : QStringLiteral("--%1 %2").arg(o.name, o.valueName);
}

const OptionSpec *find(const Syntax &syntax, const QString &name) {
  for (const OptionSpec &o : syntax.options)
    if (o.name == name) return &o;
  return nullptr;
}

}  // namespace

QString usageLine(const QString &path, const Syntax &syntax) {
  QStringList parts{path};
  if (!syntax.positionals.isEmpty()) parts << syntax.positionals;
  for (const OptionSpec &o : syntax.options)
    if (o.required) parts << optionText(o);
  for (const OptionSpec &o : syntax.options)
    if (!o.required) parts << QStringLiteral("[%1]").arg(optionText(o));
  return parts.join(QLatin1Char(' '));
}

QString helpText(const QString &path, const Syntax &syntax) {
  QString text = QStringLiteral("Usage: groundscope-cli %1\n").arg(usageLine(path, syntax));
  if (syntax.options.empty()) return text;
  text += QStringLiteral("\nOptions:\n");
  for (const OptionSpec &o : syntax.options) {
    // A name longer than its column keeps one space before its help.
    QString line = QStringLiteral("  %1 ").arg(optionText(o), -23);
    line += o.help;
    if (o.required) line += QStringLiteral(" (required)");
    if (!o.defaultValue.isEmpty()) line += QStringLiteral(" [default: %1]").arg(o.defaultValue);
    text += line + QLatin1Char('\n');
  }
  return text;
}

QString Arguments::value(const QString &name) const {
  if (m_parser->isSet(name)) return m_parser->value(name);
  const OptionSpec *o = find(*m_syntax, name);
  return o ? o->defaultValue : QString();
}

namespace {

// The usage error of an option whose value is not a number of the kind it takes.
[[noreturn]] void refuseValue(const QString &name, const char *kind, const QString &minimum, const QString &maximum,
                              const QString &text) {
  throw UsageError(QStringLiteral("--%1: expected %2 in [%3, %4], got '%5'")
                       .arg(name, QLatin1String(kind), minimum, maximum, text)
                       .toStdString());
}

}  // namespace

int Arguments::intValue(const QString &name, int fallback, int minimum, int maximum) const {
  const QString text = value(name);
  if (text.isEmpty()) return fallback;
  bool ok = false;
  const int v = text.toInt(&ok);
  if (!ok || v < minimum || v > maximum)
    refuseValue(name, "an integer", QString::number(minimum), QString::number(maximum), text);
  return v;
}

quint64 Arguments::uint64Value(const QString &name, quint64 fallback) const {
  const QString text = value(name);
  if (text.isEmpty()) return fallback;
  bool ok = false;
  const quint64 v = text.toULongLong(&ok);
  // toULongLong reads "-1" as a huge value on some platforms: a leading sign is refused outright.
  if (!ok || text.startsWith(QLatin1Char('-')) || text.startsWith(QLatin1Char('+')))
    refuseValue(name, "an integer", QStringLiteral("0"), QString::number(std::numeric_limits<quint64>::max()), text);
  return v;
}

double Arguments::doubleValue(const QString &name, double fallback, double minimum, double maximum) const {
  const QString text = value(name);
  if (text.isEmpty()) return fallback;
  bool ok = false;
  const double v = text.toDouble(&ok);
  if (!ok || !(v >= minimum && v <= maximum))
    refuseValue(name, "a number", QString::number(minimum), QString::number(maximum), text);
  return v;
}

Arguments parseArguments(const Syntax &syntax, const QStringList &args) {
  Arguments parsed;
  parsed.m_syntax = &syntax;
  parsed.m_parser = std::make_shared<QCommandLineParser>();
  QCommandLineParser &parser = *parsed.m_parser;
  parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
  for (const OptionSpec &o : syntax.options) parser.addOption({o.name, o.help, o.valueName});
  QStringList withProgram = args;
  withProgram.prepend(QStringLiteral("groundscope-cli"));
  if (!parser.parse(withProgram)) throw UsageError(parser.errorText().toStdString());
  const qsizetype count = parser.positionalArguments().size();
  if (count < syntax.minPositional)
    throw UsageError(
        QStringLiteral("missing argument (expected %1, got %2)").arg(syntax.minPositional).arg(count).toStdString());
  if (syntax.maxPositional >= 0 && count > syntax.maxPositional)
    throw UsageError(QStringLiteral("unexpected argument '%1'")
                         .arg(parser.positionalArguments().at(syntax.maxPositional))
                         .toStdString());
  for (const OptionSpec &o : syntax.options)
    if (o.required && !parser.isSet(o.name)) throw UsageError(QStringLiteral("--%1 is required").arg(o.name).toStdString());
  return parsed;
}

TrainConfig trainConfigFromJson(const QJsonObject &json, const QString &source) {
  try {
    return TrainConfig::fromJson(json, source);
  } catch (const std::invalid_argument &error) {
    throw std::runtime_error(error.what());
  }
}

QSize parseSizeOption(const QString &text) {
  if (text.isEmpty()) return {};
  const QStringList parts = text.split(QLatin1Char('x'));
  bool okW = false, okH = false;
  const QSize size = parts.size() == 2 ? QSize(parts[0].toInt(&okW), parts[1].toInt(&okH)) : QSize();
  if (!okW || !okH || size.width() < 16 || size.height() < 16 || size.width() > 20000 || size.height() > 20000)
    throw UsageError("--size: expected WIDTHxHEIGHT, e.g. 800x600 (16 to 20000 each)");
  return size;
}

}  // namespace gs::cli
