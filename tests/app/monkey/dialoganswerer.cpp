#include "dialoganswerer.h"
#include "filedialogs.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QTest>

namespace gs::test {

DialogAnswerer::DialogAnswerer(std::mt19937 &random, QString exportFolder, QStringList datasets, QObject *parent)
    : QObject(parent), m_random(random), m_exportFolder(std::move(exportFolder)), m_datasets(std::move(datasets)) {
  m_poll.setInterval(15);
  connect(&m_poll, &QTimer::timeout, this, &DialogAnswerer::answerOpenWidgets);
  m_poll.start();
}

bool DialogAnswerer::coin(double p) { return std::uniform_real_distribution<double>(0, 1)(m_random) < p; }

void DialogAnswerer::answerOpenWidgets() {
  QWidget *open = QApplication::activePopupWidget() ? QApplication::activePopupWidget() : QApplication::activeModalWidget();
  m_beingAnswered.removeAll(nullptr); // closed and deleted since
  if (!open || m_beingAnswered.contains(open)) return;
  m_beingAnswered << open;
  // The answer runs from the event loop, not from this timer's slot: an answer can open the next
  // dialog inside it (a question after a save), and Qt does not fire a timer again while its slot
  // runs, so that dialog could never be answered.
  QTimer::singleShot(0, open, [this, open] {
    if (auto *menu = qobject_cast<QMenu *>(open)) answerMenu(*menu);
    else if (QApplication::activePopupWidget() == open) open->close(), m_lastAnswer = QStringLiteral("closed a popup");
    else if (auto *file = qobject_cast<QFileDialog *>(open)) answerFileDialog(*file);
    else if (auto *dialog = qobject_cast<QDialog *>(open)) answerDialog(*dialog);
    m_beingAnswered.removeAll(open);
  });
}

// A file in the export folder with one of the suffixes the dialog offers ("*.png *.svg").
QString DialogAnswerer::saveTarget(const QStringList &nameFilters) {
  QStringList suffixes;
  static const QRegularExpression pattern(QStringLiteral("\\*\\.([A-Za-z0-9]+)"));
  for (const QString &filter : nameFilters)
    for (auto match = pattern.globalMatch(filter); match.hasNext();) suffixes << match.next().captured(1);
  const QString suffix = suffixes.isEmpty() ? QStringLiteral("png") : suffixes[int(m_random() % suffixes.size())];
  return QDir(m_exportFolder).filePath(QStringLiteral("saved-%1.%2").arg(m_saved.size() + 1).arg(suffix));
}

void DialogAnswerer::answerFileDialog(QFileDialog &dialog) {
  ++m_answered;
  if (dialog.acceptMode() == QFileDialog::AcceptSave && coin(0.85)) {
    const QString target = saveTarget(dialog.nameFilters());
    m_saved << target;
    typeFileName(dialog, target);
    m_lastAnswer = QStringLiteral("saved as ") + QFileInfo(target).fileName();
    static_cast<QDialog &>(dialog).accept(); // QFileDialog::accept, as its OK button calls it
    return;
  }
  const bool folders = dialog.fileMode() == QFileDialog::Directory;
  if (folders && !m_datasets.isEmpty() && coin(0.6)) {
    const QString folder = m_datasets[int(m_random() % m_datasets.size())];
    typeFileName(dialog, folder);
    m_lastAnswer = QStringLiteral("chose folder ") + QFileInfo(folder).fileName();
    static_cast<QDialog &>(dialog).accept(); // QFileDialog::accept, as its OK button calls it
    return;
  }
  QStringList written;
  for (const QString &saved : m_saved)
    if (saved.endsWith(QLatin1String(".json")) && QFileInfo::exists(saved)) written << saved;
  if (!folders && dialog.acceptMode() == QFileDialog::AcceptOpen && !written.isEmpty() && coin(0.5)) {
    const QString file = written[int(m_random() % written.size())];
    typeFileName(dialog, file);
    m_lastAnswer = QStringLiteral("opened ") + QFileInfo(file).fileName();
    static_cast<QDialog &>(dialog).accept(); // QFileDialog::accept, as its OK button calls it
    return;
  }
  m_lastAnswer = QStringLiteral("cancelled a file dialog");
  dialog.reject();
}

void DialogAnswerer::answerDialog(QDialog &dialog) {
  ++m_answered;
  if (auto *box = qobject_cast<QMessageBox *>(&dialog)) {
    const QList<QAbstractButton *> buttons = box->buttons();
    if (!buttons.isEmpty()) {
      QAbstractButton *button = buttons[int(m_random() % buttons.size())];
      m_lastAnswer = QStringLiteral("answered '%1' with %2").arg(box->text().left(60), button->text());
      button->click();
      return;
    }
  }
  if (auto *input = qobject_cast<QInputDialog *>(&dialog); input && !input->comboBoxItems().isEmpty()) {
    const QStringList items = input->comboBoxItems();
    input->setTextValue(items[int(m_random() % items.size())]);
  }
  const bool accept = coin(0.6);
  m_lastAnswer = QStringLiteral("%1 %2").arg(accept ? QStringLiteral("accepted") : QStringLiteral("cancelled"),
                                             QString::fromLatin1(dialog.metaObject()->className()));
  accept ? dialog.accept() : dialog.reject();
}

void DialogAnswerer::answerMenu(QMenu &menu) {
  ++m_answered;
  QList<QAction *> enabled;
  for (QAction *action : menu.actions())
    if (action->isEnabled() && action->isVisible() && !action->isSeparator() && !action->menu()) enabled << action;
  if (enabled.isEmpty() || coin(0.25)) {
    m_lastAnswer = QStringLiteral("closed a menu");
    menu.close();
    return;
  }
  QAction *chosen = enabled[int(m_random() % enabled.size())];
  m_lastAnswer = QStringLiteral("chose '%1' from a menu").arg(chosen->text());
  menu.setActiveAction(chosen);
  QTest::keyClick(&menu, Qt::Key_Return);
}

}  // namespace gs::test
