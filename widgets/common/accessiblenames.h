#pragma once
// Accessible names for the controls of a widget tree, from what a sighted user reads beside them:
// the label of their form row, else their tooltip's first sentence, else a line edit's placeholder.
// Screen readers announce a control by that name; Qt derives it only from a QLabel buddy. Controls
// that already have a name keep it; those with nothing readable beside them need an explicit
// setAccessibleName where they are made (tst_mainwindow lists any left unnamed).

class QWidget;

namespace gs {

void nameControlsFromLabels(QWidget *root);

}  // namespace gs
