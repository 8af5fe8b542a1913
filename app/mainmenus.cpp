#include "mainmenus.h"

#include "common/canvaspalette.h"
#include "common/viewexport.h"
#include "data/outsidepaths.h"
#include "datasetopener.h"
#include "io/atomicfile.h"
#include "io/jsonfile.h"
#include "mainwindowtext.h"
#include "retrieval/retrievalpanel.h"
#include "spaceimporter.h"
#include "training/trainconfig.h"
#include "training/trainconfigform.h"
#include "training/trainingpanel.h"
#include "workbenchdocks.h"
#include "workbenchhelp.h"
#include "workspaceswitcher.h"

#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QInputDialog>
#include <QJsonDocument>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>

#include <utility>

namespace gs {

namespace {
const QString kThemeKey = QStringLiteral("view/theme");
}  // namespace

MainMenus::MainMenus(QMainWindow &window, QSettings &settings, WorkbenchDocks &docks, DatasetOpener &opener,
                     WorkspaceSwitcher &workspaces, WorkbenchHelp &help)
    : QObject(&window), m_window(window), m_settings(settings), m_docks(docks), m_opener(opener), m_workspaces(workspaces) {
  createFileMenu();
  createViewMenu();
  createTrainingMenu();
  createSettingsMenu();
  help.addMenu(m_window.menuBar());
}

void MainMenus::createFileMenu() {
  QMenu *file = m_window.menuBar()->addMenu(MainWindowText::tr("&File"));
  m_opener.addOpenActions(file);
  (new SpaceImporter(m_window, m_opener.bridge(), m_opener))->addAction(file);
  m_opener.addCloseActions(file);
  file->addSeparator();
  QAction *exportAction = file->addAction(MainWindowText::tr("&Export…"), this, &MainMenus::exportView);
  exportAction->setObjectName(QStringLiteral("action.export"));
  exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  file->addSeparator();
  QAction *quit = file->addAction(MainWindowText::tr("&Quit"), &m_window, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  quit->setObjectName(QStringLiteral("action.quit"));
}

// The workspaces, the docks' toggles, Go to (Alt+1…9), search and the theme.
void MainMenus::createViewMenu() {
  QMenu *view = m_window.menuBar()->addMenu(MainWindowText::tr("&View"));
  m_workspaces.addTo(view);
  view->addSeparator();
  for (Dock which : allDocks()) view->addAction(m_docks.dock(which)->toggleViewAction());
  view->addSeparator();
  addGoToMenu(view);
  QAction *search = view->addAction(MainWindowText::tr("&Search sentences"), this, [this] {
    m_docks.focus(Dock::Retrieval);
    m_docks.retrievalPanel()->sentenceEdit()->setFocus(Qt::ShortcutFocusReason);
    m_docks.retrievalPanel()->sentenceEdit()->selectAll();
  });
  search->setShortcut(QKeySequence::Find);
  search->setObjectName(QStringLiteral("action.search"));
  addThemeMenu(view);
}

// Alt+1…9 bring a dock forward (shown, raised, focused) wherever it is docked or tabbed.
void MainMenus::addGoToMenu(QMenu *view) {
  QMenu *goTo = view->addMenu(MainWindowText::tr("&Go to"));
  goTo->setObjectName(QStringLiteral("menu.goTo"));
  int number = 1;
  for (Dock which : allDocks()) {
    QAction *action = goTo->addAction(dockTitle(which), this, [this, which] { m_docks.focus(which); });
    action->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_0 + number)));
    action->setObjectName(QStringLiteral("action.goTo.%1").arg(dockObjectName(which)));
    ++number;
  }
}

// View > Theme: the system's look, or Fusion light or dark; the canvases follow the palette.
void MainMenus::addThemeMenu(QMenu *view) {
  QMenu *themes = view->addMenu(MainWindowText::tr("&Theme"));
  themes->setObjectName(QStringLiteral("menu.theme"));
  auto *themeGroup = new QActionGroup(this);
  const QString current = m_settings.value(kThemeKey, QStringLiteral("system")).toString();
  for (const auto &[name, label] : {std::pair{QStringLiteral("system"), MainWindowText::tr("&System")},
                                    std::pair{QStringLiteral("light"), MainWindowText::tr("&Light")},
                                    std::pair{QStringLiteral("dark"), MainWindowText::tr("&Dark")}}) {
    QAction *action = themes->addAction(label, this, [this, name = name] { applyTheme(name); });
    action->setCheckable(true);
    action->setChecked(name == current);
    action->setObjectName(QStringLiteral("action.theme.") + name);
    themeGroup->addAction(action);
    m_themeActions.insert(name, action);
  }
}

void MainMenus::createTrainingMenu() {
  QMenu *training = m_window.menuBar()->addMenu(MainWindowText::tr("&Training"));
  QAction *start = training->addAction(MainWindowText::tr("&Start training"), this, [this] {
    m_docks.focus(Dock::Training);
    m_docks.trainingPanel()->startButton()->click(); // does nothing while the button is disabled
  });
  start->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
  start->setObjectName(QStringLiteral("action.startTraining"));
  QAction *stop = training->addAction(MainWindowText::tr("S&top training"), this, [this] { m_docks.trainingPanel()->stopButton()->click(); });
  stop->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
  stop->setObjectName(QStringLiteral("action.stopTraining"));
}

// The Training form's settings as the JSON `groundscope-cli train --config FILE.json` reads, and
// whether dataset files may name images outside their folder.
void MainMenus::createSettingsMenu() {
  QMenu *settingsMenu = m_window.menuBar()->addMenu(MainWindowText::tr("&Settings"));
  QAction *load = settingsMenu->addAction(MainWindowText::tr("&Load configuration…"), this, [this] {
    const QString path = QFileDialog::getOpenFileName(&m_window, MainWindowText::tr("Load configuration"), QString(),
                                                      MainWindowText::tr("Configuration (*.json)"));
    if (!path.isEmpty()) loadConfiguration(path);
  });
  load->setObjectName(QStringLiteral("action.loadConfiguration"));
  QAction *save = settingsMenu->addAction(MainWindowText::tr("&Save configuration…"), this, [this] {
    const QString path = QFileDialog::getSaveFileName(&m_window, MainWindowText::tr("Save configuration"), QStringLiteral("config.json"),
                                                      MainWindowText::tr("Configuration (*.json)"));
    if (!path.isEmpty()) saveConfiguration(path);
  });
  save->setObjectName(QStringLiteral("action.saveConfiguration"));
  settingsMenu->addSeparator();
  addOutsidePathsAction(settingsMenu);
}

// Dataset files from strangers may point outside their folder ("../../", absolute paths,
// symlinks): refused unless the user says otherwise (core/data/outsidepaths.h).
void MainMenus::addOutsidePathsAction(QMenu *settingsMenu) {
  QAction *outside = settingsMenu->addAction(MainWindowText::tr("Allow images outside the dataset folder"));
  outside->setObjectName(QStringLiteral("action.allowOutsidePaths"));
  outside->setCheckable(true);
  outside->setChecked(m_settings.value(QStringLiteral("datasets/allowOutsidePaths"), false).toBool());
  outside->setToolTip(MainWindowText::tr("Let dataset files name images outside the dataset's folder (absolute paths, \"../\", symlinks); "
                                         "otherwise they are refused and listed in the load report. Applies to datasets opened from now on."));
  setOutsidePathsAllowed(outside->isChecked());
  connect(outside, &QAction::toggled, this, [this](bool allowed) {
    setOutsidePathsAllowed(allowed);
    m_settings.setValue(QStringLiteral("datasets/allowOutsidePaths"), allowed);
  });
}

void MainMenus::exportView() {
  // Offer each visible dock and the whole window.
  QStringList names{MainWindowText::tr("Whole window")};
  QList<QWidget *> widgets{&m_window};
  for (Dock which : allDocks()) {
    QDockWidget *dock = m_docks.dock(which);
    if (dock->isVisible()) {
      names << dockTitle(which);
      widgets << WorkbenchDocks::panelOf(dock);
    }
  }
  bool ok = false;
  const QString choice =
      QInputDialog::getItem(&m_window, MainWindowText::tr("Export"), MainWindowText::tr("View to export:"), names, 0, false, &ok);
  if (!ok) return;
  QWidget *widget = widgets.value(names.indexOf(choice), &m_window);
  const QString path = QFileDialog::getSaveFileName(&m_window, MainWindowText::tr("Export figure"), QString(), figureFileFilter());
  if (path.isEmpty()) return;
  const FigureExportResult result = exportFigure(*widget, path);
  if (result.ok) m_window.statusBar()->showMessage(MainWindowText::tr("Exported %1").arg(path), 5000);
  else QMessageBox::warning(&m_window, MainWindowText::tr("Export failed"), result.error);
}

void MainMenus::applyTheme(const QString &theme) {
  // What the system gave, kept from before the first change so "System" can go back to it.
  static const QPalette systemPalette = QApplication::palette();
  static const QString systemStyle = QApplication::style()->name();
  if (theme == QLatin1String("dark") || theme == QLatin1String("light")) {
    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setPalette(theme == QLatin1String("dark") ? darkPalette() : QApplication::style()->standardPalette());
  } else {
    QApplication::setStyle(systemStyle);
    QApplication::setPalette(systemPalette);
  }
  m_settings.setValue(kThemeKey, theme);
  if (QAction *action = m_themeActions.value(theme)) action->setChecked(true);
}

QString MainMenus::loadConfiguration(const QString &path) {
  QString error;
  try {
    const QJsonObject json = readJsonObjectFile(path);
    m_docks.trainingPanel()->form()->setConfig(TrainConfig::fromJson(json, path));
    m_docks.focus(Dock::Training);
  } catch (const std::exception &e) {
    error = QString::fromUtf8(e.what());
  }
  m_window.statusBar()->showMessage(error.isEmpty() ? MainWindowText::tr("Loaded %1").arg(QDir::toNativeSeparators(path)) : error, 10000);
  return error;
}

QString MainMenus::saveConfiguration(const QString &path) {
  TrainConfig config;
  QString error;
  if (m_docks.trainingPanel()->form()->config(&config, &error)) {
    try {
      writeFileAtomically(path, QJsonDocument(config.toJson()).toJson());
    } catch (const std::exception &e) {
      error = QString::fromUtf8(e.what());
    }
  }
  m_window.statusBar()->showMessage(error.isEmpty() ? MainWindowText::tr("Saved %1").arg(QDir::toNativeSeparators(path)) : error, 10000);
  return error;
}

}  // namespace gs
