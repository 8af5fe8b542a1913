#include "training/runs/runfilter.h"

#include "io/enumnames.h"
#include "training/runs/runtablemetrics.h"
#include "training/trainconfig.h"

#include <QJsonValue>

#include <vector>

namespace gs {

RunFilterError::RunFilterError(const QString &message, int column)
    : std::invalid_argument(column > 0 ? QStringLiteral("column %1: %2").arg(column).arg(message).toStdString() : message.toStdString()),
      m_column(column) {}

namespace {

enum class Op { Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual, Contains };

struct Token {
  enum Kind { Word, Quoted, Operator, Open, Close, End } kind = End;
  QString text;
  int column = 0; // 1-based
};

bool isWordChar(QChar c) {
  return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('.') || c == QLatin1Char('-') ||
         c == QLatin1Char('+') || c == QLatin1Char('@') || c == QLatin1Char('/');
}

Token quotedToken(const QString &text, int &i) {
  const QChar quote = text.at(i);
  Token token{Token::Quoted, {}, i + 1};
  for (++i; i < text.size() && text.at(i) != quote; ++i) token.text += text.at(i);
  if (i >= text.size()) throw RunFilterError(QStringLiteral("the quoted string is not closed"), token.column);
  ++i;
  return token;
}

Token operatorToken(const QString &text, int &i) {
  Token token{Token::Operator, text.at(i), i + 1};
  const QChar next = i + 1 < text.size() ? text.at(i + 1) : QChar();
  if ((token.text == QLatin1String("<") || token.text == QLatin1String(">") || token.text == QLatin1String("!") ||
       token.text == QLatin1String("=")) &&
      next == QLatin1Char('='))
    token.text += next;
  i += int(token.text.size());
  if (token.text == QLatin1String("!")) throw RunFilterError(QStringLiteral("expected != "), token.column);
  return token;
}

std::vector<Token> tokenise(const QString &text) {
  std::vector<Token> tokens;
  for (int i = 0; i < text.size();) {
    const QChar c = text.at(i);
    if (c.isSpace()) {
      ++i;
    } else if (c == QLatin1Char('(') || c == QLatin1Char(')')) {
      tokens.push_back({c == QLatin1Char('(') ? Token::Open : Token::Close, c, i + 1});
      ++i;
    } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
      tokens.push_back(quotedToken(text, i));
    } else if (QStringLiteral("=!<>~").contains(c)) {
      tokens.push_back(operatorToken(text, i));
    } else if (isWordChar(c)) {
      Token token{Token::Word, {}, i + 1};
      while (i < text.size() && isWordChar(text.at(i))) token.text += text.at(i++);
      tokens.push_back(token);
    } else {
      throw RunFilterError(QStringLiteral("unexpected '%1'").arg(c), i + 1);
    }
  }
  tokens.push_back({Token::End, {}, int(text.size()) + 1});
  return tokens;
}

Op opOf(const QString &text) {
  if (text == QLatin1String("=") || text == QLatin1String("==")) return Op::Equal;
  if (text == QLatin1String("!=")) return Op::NotEqual;
  if (text == QLatin1String("<")) return Op::Less;
  if (text == QLatin1String("<=")) return Op::LessEqual;
  if (text == QLatin1String(">")) return Op::Greater;
  if (text == QLatin1String(">=")) return Op::GreaterEqual;
  return Op::Contains;
}

const QStringList &plainFields() {
  static const QStringList fields{QStringLiteral("name"),  QStringLiteral("folder"),     QStringLiteral("model"),
                                  QStringLiteral("dataset"), QStringLiteral("backbone"), QStringLiteral("state"),
                                  QStringLiteral("tag"),   QStringLiteral("seed"),       QStringLiteral("epochs"),
                                  QStringLiteral("kept_epoch"), QStringLiteral("seconds"), QStringLiteral("group")};
  return fields;
}

struct MetricField {
  RunMetric metric;
  MetricValue which;
};

// "rsum", "best.rsum", "test.i2t_r1" …
std::optional<MetricField> metricField(const QString &field) {
  const int dot = int(field.indexOf(QLatin1Char('.')));
  MetricValue which = MetricValue::Best;
  QString name = field;
  if (dot > 0) {
    const std::optional<MetricValue> prefix = enumFromName<MetricValue>(field.left(dot));
    if (!prefix) return std::nullopt;
    which = *prefix;
    name = field.mid(dot + 1);
  }
  const std::optional<RunMetric> metric = enumFromName<RunMetric>(name);
  if (!metric) return std::nullopt;
  return MetricField{*metric, which};
}

QVariant settingValue(const RunRecord &run, const QString &key) {
  const QJsonValue value = run.settings.value(key);
  if (value.isDouble()) return value.toDouble();
  if (value.isBool()) return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
  if (value.isString()) return value.toString();
  return {};
}

QVariant plainField(const RunRecord &run, const QString &field) {
  if (field == QLatin1String("name")) return run.name;
  if (field == QLatin1String("folder")) return run.folderName;
  if (field == QLatin1String("model")) return run.model;
  if (field == QLatin1String("dataset")) return run.dataset;
  if (field == QLatin1String("backbone")) return run.backbone;
  if (field == QLatin1String("state")) return enumName(run.state);
  if (field == QLatin1String("tag")) return run.tags.join(QLatin1Char('\n'));
  if (field == QLatin1String("seed")) return double(run.seed);
  if (field == QLatin1String("epochs")) return run.epochsDone();
  if (field == QLatin1String("kept_epoch")) return run.keptEpoch;
  if (field == QLatin1String("seconds")) return run.wallSeconds;
  return run.groupKey;
}

bool knownSetting(const QString &field) {
  for (const ConfigField &f : trainConfigSchema())
    if (f.key == field) return true;
  return field == QLatin1String("model");
}

}  // namespace

QVariant runField(const RunRecord &run, const QString &name) {
  const QString field = name.toLower();
  if (plainFields().contains(field)) return plainField(run, field);
  if (const std::optional<MetricField> metric = metricField(field)) {
    const std::optional<double> value = metricValue(run, metric->metric, metric->which);
    return value ? QVariant(*value) : QVariant();
  }
  if (run.settings.contains(field) || knownSetting(field)) return settingValue(run, field);
  throw RunFilterError(QStringLiteral("unknown field '%1'").arg(name), 0);
}

struct RunFilter::Node {
  enum Kind { And, Or, Not, Compare } kind = Compare;
  std::shared_ptr<const Node> left, right;
  QString field, value;
  Op op = Op::Equal;
  bool matches(const RunRecord &run) const;
};

namespace {

std::optional<double> numberOf(const QVariant &value) {
  if (value.typeId() == QMetaType::Double || value.typeId() == QMetaType::Int) return value.toDouble();
  bool ok = false;
  const double number = value.toString().toDouble(&ok);
  return ok ? std::optional<double>(number) : std::nullopt;
}

bool compareOne(const QVariant &left, Op op, const QString &right) {
  if (op == Op::Contains) return left.toString().contains(right, Qt::CaseInsensitive);
  const std::optional<double> a = numberOf(left), b = numberOf(right);
  int order = 0;
  if (a && b) order = *a < *b ? -1 : *a > *b ? 1 : 0;
  else order = QString::compare(left.toString(), right, Qt::CaseInsensitive);
  switch (op) {
  case Op::Equal: return order == 0;
  case Op::NotEqual: return order != 0;
  case Op::Less: return order < 0;
  case Op::LessEqual: return order <= 0;
  case Op::Greater: return order > 0;
  case Op::GreaterEqual: return order >= 0;
  case Op::Contains: break;
  }
  return false;
}

// A run's tags each compare on their own: `tag = baseline` holds when any tag is "baseline".
bool compareField(const RunRecord &run, const QString &field, Op op, const QString &value) {
  const QVariant left = runField(run, field);
  if (!left.isValid()) return op == Op::NotEqual;
  if (field == QLatin1String("tag")) {
    bool any = false;
    for (const QString &tag : run.tags) any = any || compareOne(tag, op == Op::NotEqual ? Op::Equal : op, value);
    return op == Op::NotEqual ? !any : any;
  }
  return compareOne(left, op, value);
}

class Parser {
public:
  explicit Parser(std::vector<Token> tokens) : m_tokens(std::move(tokens)) {}

  std::shared_ptr<const RunFilter::Node> parse() {
    auto node = parseOr();
    if (peek().kind != Token::End) throw RunFilterError(QStringLiteral("expected and, or or the end, found '%1'").arg(peek().text), peek().column);
    return node;
  }

private:
  const Token &peek() const { return m_tokens[m_pos]; }
  bool keyword(const char *word) const { return peek().kind == Token::Word && peek().text.compare(QLatin1String(word), Qt::CaseInsensitive) == 0; }

  std::shared_ptr<const RunFilter::Node> join(RunFilter::Node::Kind kind, std::shared_ptr<const RunFilter::Node> left,
                                              std::shared_ptr<const RunFilter::Node> right) {
    auto node = std::make_shared<RunFilter::Node>();
    node->kind = kind;
    node->left = std::move(left);
    node->right = std::move(right);
    return node;
  }

  std::shared_ptr<const RunFilter::Node> parseOr() {
    auto node = parseAnd();
    while (keyword("or")) {
      ++m_pos;
      node = join(RunFilter::Node::Or, node, parseAnd());
    }
    return node;
  }

  std::shared_ptr<const RunFilter::Node> parseAnd() {
    auto node = parseNot();
    while (keyword("and")) {
      ++m_pos;
      node = join(RunFilter::Node::And, node, parseNot());
    }
    return node;
  }

  std::shared_ptr<const RunFilter::Node> parseNot() {
    if (keyword("not")) {
      ++m_pos;
      return join(RunFilter::Node::Not, parseNot(), nullptr);
    }
    if (peek().kind == Token::Open) {
      ++m_pos;
      auto node = parseOr();
      if (peek().kind != Token::Close) throw RunFilterError(QStringLiteral("expected ')'"), peek().column);
      ++m_pos;
      return node;
    }
    return parseComparison();
  }

  std::shared_ptr<const RunFilter::Node> parseComparison() {
    const Token field = peek();
    if (field.kind != Token::Word) throw RunFilterError(QStringLiteral("expected a field name"), field.column);
    checkField(field);
    ++m_pos;
    const Token op = peek();
    if (op.kind != Token::Operator) throw RunFilterError(QStringLiteral("expected = != < <= > >= or ~ after '%1'").arg(field.text), op.column);
    ++m_pos;
    const Token value = peek();
    if (value.kind != Token::Word && value.kind != Token::Quoted) throw RunFilterError(QStringLiteral("expected a value"), value.column);
    ++m_pos;
    auto node = std::make_shared<RunFilter::Node>();
    node->field = field.text.toLower();
    node->op = opOf(op.text);
    node->value = value.text;
    return node;
  }

  static void checkField(const Token &field) {
    try {
      runField(RunRecord{}, field.text);
    } catch (const RunFilterError &) {
      throw RunFilterError(QStringLiteral("unknown field '%1'").arg(field.text), field.column);
    }
  }

  std::vector<Token> m_tokens;
  std::size_t m_pos = 0;
};

}  // namespace

bool RunFilter::Node::matches(const RunRecord &run) const {
  switch (kind) {
  case And: return left->matches(run) && right->matches(run);
  case Or: return left->matches(run) || right->matches(run);
  case Not: return !left->matches(run);
  case Compare: return compareField(run, field, op, value);
  }
  return false;
}

RunFilter::RunFilter() = default;

RunFilter RunFilter::parse(const QString &expression) {
  RunFilter filter;
  filter.m_expression = expression.trimmed();
  if (filter.m_expression.isEmpty()) return filter;
  filter.m_root = Parser(tokenise(expression)).parse();
  return filter;
}

bool RunFilter::matches(const RunRecord &run) const { return !m_root || m_root->matches(run); }

}  // namespace gs
