#pragma once
// The main window's strings keep one translation context, "gs::MainWindow", across the classes the
// window is made of (its docks, menus, workspaces, help and the opening of datasets), so the window's
// messages in translations/groundscope_de.ts stay together: `MainWindowText::tr("&File")`.
// lupdate reads the context from Q_DECLARE_TR_FUNCTIONS.

#include <QCoreApplication>

namespace gs {

struct MainWindowText {
  Q_DECLARE_TR_FUNCTIONS(gs::MainWindow)
};

}  // namespace gs
