#pragma once
// What a dock shows before it has anything to show: a title and a hint at the next step,
// so a new user knows what the panel is for and how to fill it.

#include <QWidget>

namespace gs {

class EmptyPanel : public QWidget {
  Q_OBJECT
public:
  EmptyPanel(const QString &title, const QString &hint, QWidget *parent = nullptr);
  QString hint() const { return m_hint; }

private:
  QString m_hint;
};

}  // namespace gs
