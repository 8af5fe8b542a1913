#pragma once
// Typing a path into Qt's own file dialog (the one used offscreen), as a user types it.
// QFileDialog::selectFile leaves the name field alone while it has the keyboard focus, which it has
// as soon as the dialog shows; the field is what accept() reads.

#include <QFileDialog>
#include <QLineEdit>

namespace gs::test {

inline void typeFileName(QFileDialog &dialog, const QString &path) {
  if (auto *name = dialog.findChild<QLineEdit *>(QStringLiteral("fileNameEdit"))) name->setText(path);
  else dialog.selectFile(path);
}

}  // namespace gs::test
