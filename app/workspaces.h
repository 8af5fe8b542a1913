#pragma once
// Workspaces: task-shaped layouts of the window's docks that the user switches between with one
// click (the bar under the menus) or Ctrl+1…4, as Qt Creator's modes and Spyder's layouts do.
// Data: the browser, captions, load report; Train: the form, curves, runs, log and jobs; Inspect:
// trees, regions and the caption lab side by side (or tabbed), linked through the selection; Explore: the map and retrieval.
// Each remembers the user's own changes to it (its dock state in the settings); View > Reset
// workspace brings its default back.

#include "docks.h"

#include <QString>

#include <vector>

namespace gs {

enum class Workspace { Data, Train, Inspect, Explore };

struct WorkspaceInfo {
  Workspace kind;
  const char *key;                        // in the settings ("workspaces/<key>/state")
  const char *title;                      // translated in the "gs::Workspaces" context
  const char *help;                       // the button's tooltip, translated likewise
  std::vector<Dock> docks;                // its docks, side by side when they fit, else tabbed
};

// Every workspace, in the order the bar shows them (Ctrl+1 is the first).
const std::vector<WorkspaceInfo> &workspaces();
const WorkspaceInfo &workspaceInfo(Workspace kind);
// The workspace a settings key names, or Data for an unknown one.
Workspace workspaceFromKey(const QString &key);
QString workspaceTitle(Workspace kind);

}  // namespace gs
