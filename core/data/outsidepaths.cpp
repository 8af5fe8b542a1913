#include "data/outsidepaths.h"

#include <QtGlobal>

#include <atomic>

namespace gs {

namespace {
std::atomic<bool> g_allowed{false};
}  // namespace

void setOutsidePathsAllowed(bool allowed) { g_allowed.store(allowed); }

bool outsidePathsAllowed() {
  return g_allowed.load() || qEnvironmentVariableIntValue("GS_ALLOW_OUTSIDE_PATHS") == 1;
}

}  // namespace gs
