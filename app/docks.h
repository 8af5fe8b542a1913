#pragma once
// The window's docks: which there are, and what each is called — its title, its object name (saved
// layouts find a dock by it), the hint its empty panel shows and its page in the user manual.

#include <QList>
#include <QString>

namespace gs {

// In the order of their Alt+number shortcuts: a new dock goes last so the others keep theirs.
enum class Dock { Dataset, Training, Trees, Regions, Map, Retrieval, CaptionLab, Runs, Analysis };

// Every dock, in that order.
const QList<Dock> &allDocks();
QString dockTitle(Dock dock);
// "dock.dataset": QMainWindow::saveState() keeps each dock's place under it.
QString dockObjectName(Dock dock);
// What the dock shows before there is anything to show.
QString dockHint(Dock dock);
// The dock's page in the user manual, relative to the manual's root ("workbench/map.md").
QString dockManualPage(Dock dock);

}  // namespace gs
