#include "resources.h"

#include <QtGlobal>

// Q_INIT_RESOURCE must be used outside any namespace.
static void initGroundscopeResources() {
  Q_INIT_RESOURCE(groundscope);
  Q_INIT_RESOURCE(manual);
}

namespace gs {
void initResources() {
  static const bool once = (initGroundscopeResources(), true); // register once per process
  (void)once;
}
}  // namespace gs
