#include "training/datalabelprior.h"

#include <stdexcept>

namespace gs {

std::unique_ptr<LabelPriorSource> openLabelPrior(const TrainingData &data, const QString &labelsPath, JobContext *job) {
  const QString backbone = data.source.value(QStringLiteral("backbone")).toString();
  if (backbone.isEmpty())
    throw std::runtime_error("the label prior needs data extracted by a backbone with an ImageNet classifier; this data names none");
  return LabelPriorSource::open(BackboneSpec::parse(backbone), data.imagePaths, data.source.value(QStringLiteral("features")).toString(),
                                labelsPath, job);
}

}  // namespace gs
