#pragma once
// Answers whatever modal dialog or popup menu the monkey's last action opened, the way a user
// would, so a random walk through the window never stops at a dialog: a save dialog gets a file in
// the monkey's export folder (a figure's suffix drawn from the dialog's own filters), an open dialog
// a file the monkey wrote before or Cancel, a folder dialog one of the monkey's datasets or Cancel,
// an input dialog one of its items, a message box one of its buttons, any other dialog OK or Cancel,
// a popup menu one of its enabled actions or Escape. It polls on a timer, which also runs inside the
// dialogs' own event loops.

#include <QObject>
#include <QList>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <random>

class QDialog;
class QFileDialog;
class QMenu;

namespace gs::test {

class DialogAnswerer : public QObject {
  Q_OBJECT
public:
  // exportFolder: where saved files go; datasets: folders a folder dialog may choose.
  DialogAnswerer(std::mt19937 &random, QString exportFolder, QStringList datasets, QObject *parent = nullptr);

  int dialogsAnswered() const { return m_answered; }
  QStringList filesChosenForSaving() const { return m_saved; }
  // What the last answer was, for the monkey's trace.
  QString lastAnswer() const { return m_lastAnswer; }
  void forgetLastAnswer() { m_lastAnswer = QStringLiteral("no dialog"); }

private:
  void answerOpenWidgets();
  void answerFileDialog(QFileDialog &dialog);
  void answerDialog(QDialog &dialog);
  void answerMenu(QMenu &menu);
  QString saveTarget(const QStringList &nameFilters);
  bool coin(double p);

  std::mt19937 &m_random;
  QString m_exportFolder;
  QStringList m_datasets;
  QTimer m_poll;
  QStringList m_saved;
  QString m_lastAnswer;
  int m_answered = 0;
  QList<QPointer<QWidget>> m_beingAnswered; // answers posted or on the stack (one may open a nested dialog)
};

}  // namespace gs::test
