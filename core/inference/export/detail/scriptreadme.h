#pragma once
// The README.md of a TorchScript export (torchscriptexport.h): how to load the two modules and,
// for this run's model, exactly what each reads and returns, so the folder is usable as it is.

#include "training/trainconfig.h"

#include <QJsonObject>

namespace gs::detail {

// `manifest`: the export's encoders.json.
QString scriptReadme(const QJsonObject &manifest, const TrainConfig &config);

}  // namespace gs::detail
