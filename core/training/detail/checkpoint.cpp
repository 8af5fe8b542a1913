#include "training/detail/checkpoint.h"

#include "io/atomicfile.h"

#include <QFile>
#include <QJsonDocument>

#include <sstream>

namespace gs::detail {

void saveCheckpoint(const QString &path, torch::nn::Module &model, torch::optim::Optimizer *optimizer,
                    const TrainerPosition &position) {
  torch::serialize::OutputArchive archive;
  torch::serialize::OutputArchive modelArchive;
  model.save(modelArchive);
  archive.write("model", modelArchive);
  if (optimizer) {
    torch::serialize::OutputArchive optimizerArchive;
    optimizer->save(optimizerArchive);
    archive.write("optimizer", optimizerArchive);
  }
  archive.write("epoch", c10::IValue(std::int64_t(position.epoch)));
  archive.write("iteration", c10::IValue(position.iteration));
  archive.write("best_rsum", c10::IValue(position.bestRsum));
  archive.write("best_epoch", c10::IValue(std::int64_t(position.bestEpoch)));
  archive.write("history", c10::IValue(QJsonDocument(position.history).toJson(QJsonDocument::Compact).toStdString()));
  std::ostringstream stream;
  archive.save_to(stream);
  const std::string bytes = stream.str();
  writeFileAtomically(path, QByteArray(bytes.data(), qsizetype(bytes.size())));
}

TrainerPosition loadCheckpoint(const QString &path, torch::nn::Module &model, torch::optim::Optimizer *optimizer) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot open checkpoint: %2").arg(path, file.errorString()).toStdString());
  const QByteArray bytes = file.readAll();
  TrainerPosition position;
  try {
    torch::serialize::InputArchive archive;
    archive.load_from(bytes.constData(), std::size_t(bytes.size()));
    torch::serialize::InputArchive modelArchive;
    archive.read("model", modelArchive);
    model.load(modelArchive);
    if (optimizer) {
      torch::serialize::InputArchive optimizerArchive;
      archive.read("optimizer", optimizerArchive);
      optimizer->load(optimizerArchive);
    }
    c10::IValue value;
    archive.read("epoch", value);
    position.epoch = int(value.toInt());
    archive.read("iteration", value);
    position.iteration = value.toInt();
    archive.read("best_rsum", value);
    position.bestRsum = value.toDouble();
    archive.read("best_epoch", value);
    position.bestEpoch = int(value.toInt());
    archive.read("history", value);
    position.history = QJsonDocument::fromJson(QByteArray::fromStdString(value.toStringRef())).object();
  } catch (const c10::Error &error) {
    throw std::runtime_error(QStringLiteral("%1: not a usable checkpoint for this model: %2")
                                 .arg(path, QString::fromStdString(error.what_without_backtrace()))
                                 .toStdString());
  }
  return position;
}

}  // namespace gs::detail
