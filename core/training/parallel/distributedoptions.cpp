#include "training/parallel/distributedoptions.h"

#include <stdexcept>

namespace gs {

void DistributedOptions::validate() const {
  if (worldSize < 1) throw std::runtime_error(QStringLiteral("--world-size %1: at least 1").arg(worldSize).toStdString());
  if (rank < 0 || rank >= worldSize)
    throw std::runtime_error(
        QStringLiteral("--rank %1: must be between 0 and %2 (the world size less one)").arg(rank).arg(worldSize - 1).toStdString());
  if (!enabled()) return;
  if (!rendezvous.startsWith(QLatin1String("tcp://")) && !rendezvous.startsWith(QLatin1String("file://")))
    throw std::runtime_error(
        QStringLiteral("--rendezvous '%1': give tcp://HOST:PORT or file://PATH").arg(rendezvous).toStdString());
  if (timeoutSeconds < 1) throw std::runtime_error("distributed timeout: at least 1 second");
}

QJsonObject DistributedStats::toJson() const {
  const double perStep = steps > 0 ? 1000.0 / double(steps) : 0;
  return {{QStringLiteral("world_size"), worldSize},
          {QStringLiteral("steps"), double(steps)},
          {QStringLiteral("gradient_bytes"), double(gradientBytes)},
          {QStringLiteral("train_seconds"), trainSeconds},
          {QStringLiteral("steps_per_second"), trainSeconds > 0 ? double(steps) / trainSeconds : 0.0},
          {QStringLiteral("allreduce_ms_per_step"), allReduceSeconds * perStep},
          {QStringLiteral("gather_ms_per_step"), gatherSeconds * perStep}};
}

}  // namespace gs
