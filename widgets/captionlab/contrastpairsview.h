#pragma once
// The caption lab's table of contrast pairs (inference/contrastpairsfile.h): generator, image,
// the true caption and its edit, both scores and the outcome, filtered by generator. Activating a
// row (double-click, Enter) asks the lab to score both sentences against the pair's image.

#include "inference/contrastpairsfile.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

namespace gs {

class ContrastPairsView : public QWidget {
  Q_OBJECT
public:
  enum Column { GeneratorColumn, ImageColumn, OriginalColumn, EditedColumn, OriginalScoreColumn, EditedScoreColumn, OutcomeColumn };
  explicit ContrastPairsView(QWidget *parent = nullptr);

  void setPairs(const QString &path, std::vector<ContrastPairRecord> pairs);
  const std::vector<ContrastPairRecord> &pairs() const { return m_pairs; }
  // Shows only `generator`'s pairs ("" for all); false when the file has no such generator.
  bool setGeneratorFilter(const QString &generator);
  int shownCount() const;
  // The pair in shown row `row` (after the filter and sort), null past the end.
  const ContrastPairRecord *shownPair(int row) const;

Q_SIGNALS:
  void pairActivated(const gs::ContrastPairRecord &pair);

private:
  void updateCount();

  std::vector<ContrastPairRecord> m_pairs;
  QComboBox *m_generator;
  QLabel *m_count;
  QStandardItemModel *m_model;
  QSortFilterProxyModel *m_filter;
  QTableView *m_table;
};

}  // namespace gs
