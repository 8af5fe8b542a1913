#include "inference/export/detail/scriptinputs.h"

namespace gs::detail {

namespace {

const QStringList kTreeFields{QStringLiteral("words"), QStringLiteral("parents"), QStringLiteral("positions"),
                              QStringLiteral("labels")};

template <typename T> QJsonArray jsonArray(const std::vector<T> &values) {
  QJsonArray out;
  for (const T v : values) out.append(qint64(v));
  return out;
}

// An int64 tensor from a JSON array of integers.
torch::Tensor idsOf(const QJsonValue &value, int entry, const QString &field) {
  if (!value.isArray() || value.toArray().isEmpty())
    throw std::runtime_error(QStringLiteral("input %1: '%2' must be a non-empty array of integers").arg(entry).arg(field).toStdString());
  std::vector<std::int64_t> ids;
  for (const QJsonValue &v : value.toArray()) {
    const double d = v.toDouble(0.5);
    if (!v.isDouble() || d != std::floor(d) || std::abs(d) > 1e15)
      throw std::runtime_error(QStringLiteral("input %1: '%2' holds a value that is not an integer").arg(entry).arg(field).toStdString());
    ids.push_back(std::int64_t(d));
  }
  return torch::tensor(ids, torch::kInt64);
}

}  // namespace

QString scriptInputName(ScriptInput input) {
  switch (input) {
  case ScriptInput::Words: return QStringLiteral("words");
  case ScriptInput::Characters: return QStringLiteral("characters");
  case ScriptInput::Tree: break;
  }
  return QStringLiteral("tree");
}

std::optional<ScriptInput> scriptInputNamed(const QString &name) {
  for (ScriptInput input : {ScriptInput::Words, ScriptInput::Characters, ScriptInput::Tree})
    if (scriptInputName(input) == name) return input;
  return std::nullopt;
}

QJsonObject scriptInputJson(ScriptInput input, const EncodedCaption &caption) {
  if (input == ScriptInput::Words) return {{QStringLiteral("tokens"), jsonArray(caption.words)}};
  if (input == ScriptInput::Characters) return {{QStringLiteral("tokens"), jsonArray(caption.characters)}};
  const EncodedTree &t = caption.tree;
  const QJsonArray labels = t.nounPhrase.empty() ? jsonArray(t.relation) : jsonArray(t.nounPhrase);
  return {{QStringLiteral("words"), jsonArray(t.word)},
          {QStringLiteral("parents"), jsonArray(t.parent)},
          {QStringLiteral("positions"), jsonArray(t.order)},
          {QStringLiteral("labels"), labels}};
}

std::vector<c10::IValue> scriptArguments(ScriptInput input, const QJsonArray &inputs) {
  if (input != ScriptInput::Tree) {
    c10::List<torch::Tensor> tokens;
    for (int k = 0; k < inputs.size(); ++k) tokens.push_back(idsOf(inputs[k].toObject().value(QStringLiteral("tokens")), k, QStringLiteral("tokens")));
    return {tokens};
  }
  std::vector<c10::List<torch::Tensor>> lists(std::size_t(kTreeFields.size()));
  for (int k = 0; k < inputs.size(); ++k)
    for (int f = 0; f < kTreeFields.size(); ++f)
      lists[std::size_t(f)].push_back(idsOf(inputs[k].toObject().value(kTreeFields[f]), k, kTreeFields[f]));
  return {lists[0], lists[1], lists[2], lists[3]};
}

}  // namespace gs::detail
