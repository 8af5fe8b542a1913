#pragma once
// Help > About: version, the runtime this build really uses (threads, BLAS), and the
// licences of the libraries Groundscope links.

#include <QDialog>

namespace gs {

class AboutDialog : public QDialog {
  Q_OBJECT
public:
  explicit AboutDialog(QWidget *parent = nullptr);
  // The rich text shown, for tests.
  QString text() const { return m_text; }

private:
  QString m_text;
};

}  // namespace gs
