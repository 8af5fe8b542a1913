#include "spaceimporter.h"

#include "datasetopener.h"
#include "engine/enginebridge.h"
#include "mainwindowtext.h"
#include "importspacedialog.h"
#include "training/runs/runindex.h"

#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

namespace gs {

SpaceImporter::SpaceImporter(QMainWindow &window, EngineBridge &bridge, DatasetOpener &opener)
    : QObject(&window), m_window(window), m_bridge(bridge), m_opener(opener) {}

void SpaceImporter::addAction(QMenu *file) {
  QAction *action = file->addAction(MainWindowText::tr("&Import embeddings…"), this, &SpaceImporter::chooseAndImport);
  action->setObjectName(QStringLiteral("action.importEmbeddings"));
  action->setStatusTip(MainWindowText::tr("Explore a joint space made elsewhere: its vectors, or its image and text towers"));
}

void SpaceImporter::chooseAndImport() {
  const QStringList folders = defaultRunFolders();
  ImportSpaceDialog dialog(m_opener.current(), folders.isEmpty() ? QString() : folders.front(), &m_window);
  if (dialog.exec() != QDialog::Accepted) return;
  if (const QString problem = dialog.problem(); !problem.isEmpty()) { // accepted by other means than its Import button
    m_window.statusBar()->showMessage(problem, 10000);
    return;
  }
  const ImportSpaceRequest request = dialog.request();
  m_window.statusBar()->showMessage(MainWindowText::tr("Importing into %1…").arg(request.outDir));
  m_bridge.submitThen<TrainResult>(
      this, MainWindowText::tr("Import embeddings"), [request](JobContext &job) { return importSpace(request, &job); },
      [this, request](const JobOutcome &outcome, std::optional<TrainResult> result) {
        if (!result) {
          m_window.statusBar()->clearMessage();
          if (outcome.status != JobStatus::Cancelled)
            QMessageBox::warning(&m_window, MainWindowText::tr("Import embeddings"),
                                 MainWindowText::tr("Could not import:\n%1").arg(outcome.error));
          return;
        }
        m_window.statusBar()->showMessage(
            MainWindowText::tr("Imported %1: test rsum %2").arg(request.outDir).arg(result->test.rsum, 0, 'f', 1), 10000);
        m_opener.openRun(request.outDir);
      });
}

}  // namespace gs
