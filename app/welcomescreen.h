#pragma once
// The welcome view in the window's central area until a dataset is open: the demo, a dataset, the
// recent datasets and runs, the manual. The docks stay hidden meanwhile (View shows any of them);
// when it goes, the central area is the docks' again.

#include <QObject>

class QMainWindow;

namespace gs {

class DatasetOpener;
class WelcomeView;
class WorkbenchDocks;
class WorkbenchHelp;

class WelcomeScreen : public QObject {
  Q_OBJECT
public:
  // Shows the welcome view, its choices leading to `opener` and `help`.
  WelcomeScreen(QMainWindow &window, DatasetOpener &opener, WorkbenchHelp &help, const WorkbenchDocks &docks);

  bool isShown() const { return m_view != nullptr; }
  // Hands the central area back to the docks; false when the welcome view had gone already.
  bool dismiss();

private:
  void refresh();

  QMainWindow &m_window;
  DatasetOpener &m_opener;
  WelcomeView *m_view = nullptr;
};

}  // namespace gs
