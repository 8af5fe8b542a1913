#pragma once
// File ▸ Import embeddings…: the import dialog, the import as an engine job (progress, cancel and
// an entry in Jobs), and the imported run opened as the current run when it is done.

#include <QObject>

class QMainWindow;
class QMenu;

namespace gs {

class DatasetOpener;
class EngineBridge;

class SpaceImporter : public QObject {
  Q_OBJECT
public:
  SpaceImporter(QMainWindow &window, EngineBridge &bridge, DatasetOpener &opener);
  void addAction(QMenu *file);
  // Shows the dialog and, when accepted, imports.
  void chooseAndImport();

private:
  QMainWindow &m_window;
  EngineBridge &m_bridge;
  DatasetOpener &m_opener;
};

}  // namespace gs
