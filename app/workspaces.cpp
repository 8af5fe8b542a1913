#include "workspaces.h"

#include <QCoreApplication>

namespace gs {

const std::vector<WorkspaceInfo> &workspaces() {
  static const std::vector<WorkspaceInfo> table{
      {Workspace::Data, "data", QT_TRANSLATE_NOOP("gs::Workspaces", "Data"),
       QT_TRANSLATE_NOOP("gs::Workspaces", "The dataset: images, captions, the load report (Ctrl+1)"), {Dock::Dataset}},
      {Workspace::Train, "train", QT_TRANSLATE_NOOP("gs::Workspaces", "Train"),
       QT_TRANSLATE_NOOP("gs::Workspaces", "Choose a model, train it, watch the curves, the runs, the log and the jobs (Ctrl+2)"),
       {Dock::Training, Dock::Runs}},
      {Workspace::Inspect, "inspect", QT_TRANSLATE_NOOP("gs::Workspaces", "Inspect"),
       QT_TRANSLATE_NOOP("gs::Workspaces", "A trained run's trees, regions and caption lab side by side, linked through the selection (Ctrl+3)"),
       {Dock::Trees, Dock::Regions, Dock::CaptionLab}},
      {Workspace::Explore, "explore", QT_TRANSLATE_NOOP("gs::Workspaces", "Explore"),
       QT_TRANSLATE_NOOP("gs::Workspaces", "The map of the joint space, the ranked lists and where the run fails (Ctrl+4)"),
       {Dock::Map, Dock::Retrieval, Dock::Analysis}},
  };
  return table;
}

const WorkspaceInfo &workspaceInfo(Workspace kind) {
  for (const WorkspaceInfo &info : workspaces())
    if (info.kind == kind) return info;
  return workspaces().front();
}

Workspace workspaceFromKey(const QString &key) {
  for (const WorkspaceInfo &info : workspaces())
    if (key == QLatin1String(info.key)) return info.kind;
  return Workspace::Data;
}

QString workspaceTitle(Workspace kind) {
  return QCoreApplication::translate("gs::Workspaces", workspaceInfo(kind).title);
}

}  // namespace gs
