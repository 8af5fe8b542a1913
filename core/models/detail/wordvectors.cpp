#include "models/detail/wordvectors.h"

#include <QFile>

#include <stdexcept>

namespace gs::detail {

WordVectorLoad loadWordVectors(const QString &path, const Vocabulary &vocabulary, torch::Tensor embedding) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot open word vectors: %2").arg(path, file.errorString()).toStdString());
  const int dim = int(embedding.size(1));
  torch::NoGradGuard noGrad;
  std::vector<bool> seen(vocabulary.size(), false);
  WordVectorLoad load;
  int lineNumber = 0;
  while (!file.atEnd()) {
    const QByteArray line = file.readLine().trimmed();
    ++lineNumber;
    if (line.isEmpty()) continue;
    const QList<QByteArray> parts = line.split(' ');
    if (lineNumber == 1 && parts.size() == 2) continue; // word2vec text header: "count dim"
    if (parts.size() != dim + 1)
      throw std::runtime_error(QStringLiteral("%1:%2: expected a word and %3 numbers, found %4 fields")
                                   .arg(path)
                                   .arg(lineNumber)
                                   .arg(dim)
                                   .arg(parts.size())
                                   .toStdString());
    const std::int64_t index = vocabulary.index(QString::fromUtf8(parts[0]));
    if (index == Vocabulary::kUnk || seen[index]) continue;
    std::vector<float> values(dim);
    for (int k = 0; k < dim; ++k) {
      bool ok = false;
      values[k] = parts[k + 1].toFloat(&ok);
      if (!ok)
        throw std::runtime_error(
            QStringLiteral("%1:%2: '%3' is not a number").arg(path).arg(lineNumber).arg(QString::fromUtf8(parts[k + 1])).toStdString());
    }
    embedding[index].copy_(torch::from_blob(values.data(), {dim}).clone());
    seen[index] = true;
    ++load.found;
  }
  load.missing = vocabulary.size() - 2 - load.found;
  return load;
}

}  // namespace gs::detail
