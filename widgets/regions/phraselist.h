#pragma once
// The shown caption's noun phrases, one bold row each in its figure colour with a swatch (HM-LSTM
// Figs. 5 and 7): with an HM-LSTM run each row names its chosen region's score and IoU. Choosing a
// row is the panel's business (currentRowChanged); rows set from the panel send nothing.

#include "inference/regiongrounding.h"

#include <QListWidget>

#include <vector>

namespace gs {

class PhraseList : public QListWidget {
  Q_OBJECT
public:
  explicit PhraseList(QWidget *parent = nullptr);

  // Lists `phrases` with row `selected` current (-1 none), without currentRowChanged.
  void setPhrases(const std::vector<GroundedPhrase> &phrases, int selected);
  void setSelectedRow(int row); // without currentRowChanged
};

}  // namespace gs
