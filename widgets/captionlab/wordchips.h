#pragma once
// A row of word chips: each word of a sentence in a rounded box filled with its colour (a
// contribution on the diverging scale), its tooltip on hover. What the caption lab shows for the
// models that read a sentence as a chain of words or characters (one chip per character), where
// there is no tree to colour.

#include <QColor>
#include <QString>
#include <QWidget>

#include <vector>

class QHBoxLayout;

namespace gs {

class WordChips : public QWidget {
  Q_OBJECT
public:
  struct Chip {
    QString text;
    QColor colour; // invalid: neutral
    QString toolTip;
  };
  explicit WordChips(QWidget *parent = nullptr);
  // Replaces the row; empty: no chips. Compact: single characters, packed closer (a character
  // model's caption is several times as many chips as words).
  void setChips(const std::vector<Chip> &chips, bool compact = false);

private:
  QHBoxLayout *m_row;
};

}  // namespace gs
