#pragma once
// Asks which seeds to train the Training dock's configuration with: a line such as "1,2,3", checked
// as it is typed (positive integers, none twice, at least two), OK only when it reads.

#include <QDialog>

#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;

namespace gs {

class SeedsDialog : public QDialog {
  Q_OBJECT
public:
  explicit SeedsDialog(QWidget *parent = nullptr);

  void setText(const QString &text);
  std::vector<quint64> seeds() const; // empty while the line does not read

  // "1,2,3" or "1 2 3" → {1, 2, 3}. Empty, with *error saying why, for a value that is not a
  // positive integer, a seed given twice, or fewer than two seeds (one seed is a plain Start).
  static std::vector<quint64> parse(const QString &text, QString *error = nullptr);

private:
  void check();

  QLineEdit *m_edit;
  QLabel *m_problem;
  QPushButton *m_ok;
};

}  // namespace gs
