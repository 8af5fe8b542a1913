#pragma once
// A dock's title bar with a "?" beside the float and close buttons: the way from any panel to its
// page of the manual. Dragging the bar moves the dock and a double-click floats or docks it, as
// on the standard bar.

#include <QWidget>

class QDockWidget;
class QLabel;

namespace gs {

class DockTitleBar : public QWidget {
  Q_OBJECT
public:
  explicit DockTitleBar(QDockWidget *dock);

Q_SIGNALS:
  void helpRequested();

protected:
  void mouseDoubleClickEvent(QMouseEvent *event) override;

private:
  QDockWidget *m_dock;
  QLabel *m_title;
};

}  // namespace gs
