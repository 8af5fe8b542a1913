#pragma once
// A bold label heading a group of controls or a column, as the panels and the welcome view use it.

#include <QString>

class QLabel;
class QWidget;

namespace gs {

QLabel *headingLabel(const QString &text, QWidget *parent = nullptr);

}  // namespace gs
