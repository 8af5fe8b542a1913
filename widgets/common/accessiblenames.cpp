#include "common/accessiblenames.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QTextEdit>

namespace gs {

namespace {

bool isControl(const QWidget *w) {
  return qobject_cast<const QAbstractButton *>(w) || qobject_cast<const QLineEdit *>(w) || qobject_cast<const QComboBox *>(w) ||
         qobject_cast<const QAbstractSpinBox *>(w) || qobject_cast<const QAbstractSlider *>(w) ||
         qobject_cast<const QAbstractItemView *>(w) || qobject_cast<const QPlainTextEdit *>(w) || qobject_cast<const QTextEdit *>(w);
}

// "&Batch size:" → "Batch size"; rich text and trailing colons removed.
QString readable(QString text) {
  text.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
  text.remove(QLatin1Char('&'));
  text = text.trimmed();
  while (text.endsWith(QLatin1Char(':'))) text.chop(1);
  return text.trimmed();
}

QString firstSentence(const QString &text) {
  const QString plain = readable(text);
  const int stop = plain.indexOf(QRegularExpression(QStringLiteral("[.:;]\\s")));
  return (stop > 0 ? plain.left(stop) : plain).trimmed();
}

void name(QWidget *w, const QString &text) {
  if (w && w->accessibleName().isEmpty() && !text.isEmpty()) w->setAccessibleName(text);
}

}  // namespace

void nameControlsFromLabels(QWidget *root) {
  if (!root) return;
  // Form rows: the label names the field (or the controls of a field made of several).
  for (QFormLayout *form : root->findChildren<QFormLayout *>()) {
    for (int row = 0; row < form->rowCount(); ++row) {
      QLayoutItem *labelItem = form->itemAt(row, QFormLayout::LabelRole);
      QLayoutItem *fieldItem = form->itemAt(row, QFormLayout::FieldRole);
      auto *label = labelItem ? qobject_cast<QLabel *>(labelItem->widget()) : nullptr;
      if (!label || !fieldItem) continue;
      const QString text = readable(label->text());
      if (QWidget *field = fieldItem->widget()) {
        if (isControl(field)) name(field, text);
        for (QWidget *inner : field->findChildren<QWidget *>())
          if (isControl(inner) && inner->window() == field->window()) name(inner, text);
      } else if (QLayout *layout = fieldItem->layout()) {
        for (int i = 0; i < layout->count(); ++i)
          if (QWidget *inner = layout->itemAt(i)->widget(); inner && isControl(inner)) name(inner, text);
      }
    }
  }
  // The rest: what the tooltip or the placeholder says.
  for (QWidget *w : root->findChildren<QWidget *>()) {
    if (!isControl(w) || !w->accessibleName().isEmpty()) continue;
    if (!w->toolTip().isEmpty()) {
      name(w, firstSentence(w->toolTip()));
    } else if (auto *edit = qobject_cast<QLineEdit *>(w)) {
      name(w, readable(edit->placeholderText()));
    } else if (auto *text = qobject_cast<QPlainTextEdit *>(w)) {
      name(w, readable(text->placeholderText()));
    }
  }
}

}  // namespace gs
