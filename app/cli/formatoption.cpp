#include "formatoption.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>

namespace gs::cli {

namespace {

const QString kFormat = QStringLiteral("format");
const QString kJson = QStringLiteral("json");
// The help of the --format this file adds; a command's own --format (compare, parse, regions,
// retrieve) has another, and is left to the command.
const QString kAddedHelp = QStringLiteral("text, json or csv (csv: the JSON flattened, one row per record).");

bool hasOption(const Syntax &syntax, const QString &name) {
  for (const OptionSpec &o : syntax.options)
    if (o.name == name) return true;
  return false;
}

// "a.b" → value for every scalar leaf; arrays of scalars joined with ';', other arrays as JSON.
void flatten(const QJsonValue &value, const QString &prefix, std::map<QString, QString> *cells, QStringList *order) {
  const auto put = [&](const QString &text) {
    if (!cells->count(prefix)) order->append(prefix);
    (*cells)[prefix] = text;
  };
  if (value.isObject()) {
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it)
      flatten(it.value(), prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key(), cells, order);
  } else if (value.isArray()) {
    const QJsonArray array = value.toArray();
    bool scalars = true;
    QStringList parts;
    for (const QJsonValue &v : array) {
      if (v.isObject() || v.isArray()) scalars = false;
      parts << (v.isString() ? v.toString() : v.isBool() ? (v.toBool() ? QStringLiteral("true") : QStringLiteral("false"))
                                                         : QString::number(v.toDouble(), 'g', 10));
    }
    put(scalars ? parts.join(QLatin1Char(';')) : QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact)));
  } else if (value.isString()) {
    put(value.toString());
  } else if (value.isBool()) {
    put(value.toBool() ? QStringLiteral("true") : QStringLiteral("false"));
  } else if (value.isDouble()) {
    put(QString::number(value.toDouble(), 'g', 10));
  } else {
    put(QString());
  }
}

QString cell(const QString &text, bool isString) {
  QString t = text;
  // A spreadsheet runs a cell starting with = + - @ as a formula (CSV injection); numbers stay.
  if (isString && !t.isEmpty() && QStringLiteral("=+-@").contains(t.front())) {
    bool number = false;
    t.toDouble(&number);
    if (!number) t.prepend(QLatin1Char('\''));
  }
  if (t.contains(QLatin1Char(',')) || t.contains(QLatin1Char('"')) || t.contains(QLatin1Char('\n')) || t.contains(QLatin1Char('\r'))) {
    t.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    t = QLatin1Char('"') + t + QLatin1Char('"');
  }
  return t;
}

}  // namespace

Command withFormatOption(Command command) {
  for (Command &sub : command.subcommands) sub = withFormatOption(sub);
  if (command.subcommands.empty() && hasOption(command.syntax, kJson) && !hasOption(command.syntax, kFormat))
    command.syntax.options.push_back({kFormat, QStringLiteral("FORMAT"), kAddedHelp, QStringLiteral("text")});
  return command;
}

QStringList applyFormatOption(const Syntax &syntax, const QStringList &args, OutputFormat *format) {
  *format = OutputFormat::Text;
  if (!hasOption(syntax, kJson) || !hasOption(syntax, kFormat)) return args;
  // Only a command whose --format is the one withFormatOption added.
  bool added = false;
  for (const OptionSpec &o : syntax.options)
    if (o.name == kFormat) added = o.help == kAddedHelp;
  if (!added) return args;
  QStringList out;
  QString value;
  for (int i = 0; i < args.size(); ++i) {
    if (args[i] == QLatin1String("--format") && i + 1 < args.size()) {
      value = args[++i];
    } else if (args[i].startsWith(QLatin1String("--format="))) {
      value = args[i].mid(9);
    } else if (args[i] == QLatin1String("--")) {
      out << args.mid(i);
      break;
    } else {
      out << args[i];
    }
  }
  if (value.isEmpty() || value == QLatin1String("text")) return out;
  if (value == QLatin1String("json")) *format = OutputFormat::Json;
  else if (value == QLatin1String("csv")) *format = OutputFormat::Csv;
  else throw UsageError(QStringLiteral("--format: '%1' is not one of text, json, csv").arg(value).toStdString());
  if (!out.contains(QStringLiteral("--json"))) out << QStringLiteral("--json");
  return out;
}

QString jsonToCsv(const QByteArray &json) {
  QJsonParseError error;
  const QJsonDocument document = QJsonDocument::fromJson(json, &error);
  if (document.isNull()) throw std::runtime_error(QStringLiteral("--format csv: the command's output is not JSON (%1)").arg(error.errorString()).toStdString());
  std::vector<QJsonValue> records;
  if (document.isArray())
    for (const QJsonValue &v : document.array()) records.push_back(v);
  else
    records.push_back(document.object());
  QStringList order;
  std::vector<std::map<QString, QString>> rows(records.size());
  for (std::size_t r = 0; r < records.size(); ++r) {
    flatten(records[r].isObject() || records[r].isArray() ? records[r] : QJsonValue(QJsonObject{{QStringLiteral("value"), records[r]}}), {},
            &rows[r], &order);
  }
  order.removeDuplicates();
  QString text;
  QStringList header;
  for (const QString &key : order) header << cell(key, true);
  text += header.join(QLatin1Char(',')) + QLatin1Char('\n');
  for (const auto &row : rows) {
    QStringList line;
    for (const QString &key : order) {
      const auto it = row.find(key);
      QString value = it == row.end() ? QString() : it->second;
      bool number = false;
      value.toDouble(&number);
      line << cell(value, !number);
    }
    text += line.join(QLatin1Char(',')) + QLatin1Char('\n');
  }
  return text;
}

}  // namespace gs::cli
