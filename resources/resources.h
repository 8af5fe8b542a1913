#pragma once

namespace gs {
// Registers the embedded icons (groundscope.qrc) and the user manual (manual.qrc, made from docs/). A static library's resources are only linked
// when something references them; the main window calls this once.
void initResources();
}  // namespace gs
