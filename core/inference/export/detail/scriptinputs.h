#pragma once
// What the exported TorchScript sentence encoders read (scriptmodules.h), written as JSON beside
// them (examples.json) and read back from it into forward()'s arguments, so an export can be
// checked from its own folder without the run.

#include "models/detail/textbatch.h"
#include "inference/export/detail/scriptmodules.h"

#include <QJsonArray>
#include <QJsonObject>

namespace gs::detail {

// "words", "characters" or "tree", as encoders.json names the input; and back (nullopt: unknown).
QString scriptInputName(ScriptInput input);
std::optional<ScriptInput> scriptInputNamed(const QString &name);

// One caption's input: {"tokens": [ids]}, or for trees {"words", "parents", "positions", "labels"}
// (labels: the H-LSTM's noun-phrase marks where the tree has them, else the SDT-RNN's relation ids).
QJsonObject scriptInputJson(ScriptInput input, const EncodedCaption &caption);

// forward()'s arguments for a list of such objects. Throws std::runtime_error naming the entry
// when one is not of that form.
std::vector<c10::IValue> scriptArguments(ScriptInput input, const QJsonArray &inputs);

}  // namespace gs::detail
