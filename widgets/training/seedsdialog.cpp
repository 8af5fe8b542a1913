#include "training/seedsdialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

#include <algorithm>

namespace gs {

SeedsDialog::SeedsDialog(QWidget *parent) : QDialog(parent), m_edit(new QLineEdit(this)), m_problem(new QLabel(this)) {
  setWindowTitle(tr("Train over seeds"));
  auto *explanation = new QLabel(tr("Train the form's configuration once per seed, one after the other. "
                                    "The runs are drawn as one group: a mean with a band."),
                                 this);
  explanation->setWordWrap(true);
  m_edit->setObjectName(QStringLiteral("seedsEdit"));
  m_edit->setAccessibleName(tr("Seeds"));
  m_edit->setPlaceholderText(QStringLiteral("1,2,3"));
  m_problem->setObjectName(QStringLiteral("seedsProblem"));
  m_problem->setWordWrap(true);
  auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  m_ok = buttons->button(QDialogButtonBox::Ok);
  m_ok->setText(tr("Train"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(m_edit, &QLineEdit::textChanged, this, &SeedsDialog::check);
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(explanation);
  layout->addWidget(new QLabel(tr("Seeds, separated by commas or spaces:"), this));
  layout->addWidget(m_edit);
  layout->addWidget(m_problem);
  layout->addWidget(buttons);
  setText(QStringLiteral("1,2,3"));
}

void SeedsDialog::setText(const QString &text) {
  m_edit->setText(text);
  check();
}

std::vector<quint64> SeedsDialog::seeds() const { return parse(m_edit->text()); }

void SeedsDialog::check() {
  QString error;
  const bool ok = !parse(m_edit->text(), &error).empty();
  m_ok->setEnabled(ok);
  m_problem->setText(error);
  m_problem->setVisible(!ok);
}

std::vector<quint64> SeedsDialog::parse(const QString &text, QString *error) {
  const auto fail = [error](const QString &why) {
    if (error) *error = why;
    return std::vector<quint64>{};
  };
  std::vector<quint64> seeds;
  static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
  for (const QString &part : text.split(separators, Qt::SkipEmptyParts)) {
    bool ok = false;
    const quint64 seed = part.toULongLong(&ok);
    if (!ok || seed == 0) return fail(tr("'%1' is not a positive integer.").arg(part));
    if (std::find(seeds.begin(), seeds.end(), seed) != seeds.end()) return fail(tr("Seed %1 is given twice.").arg(seed));
    seeds.push_back(seed);
  }
  if (seeds.size() < 2) return fail(tr("Give at least two seeds."));
  if (error) error->clear();
  return seeds;
}

}  // namespace gs
