#include "captionlab/contrastpairsview.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include <set>

namespace gs {

namespace {
constexpr int kPairRole = Qt::UserRole + 1; // index into m_pairs, kept through sorting

QStandardItem *numberItem(double value) {
  auto *item = new QStandardItem(QString::number(value, 'f', 3));
  item->setData(value, Qt::UserRole); // sorted as a number
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

// The outcome for the true caption, coloured as the history reads: a win green, a loss red.
QStandardItem *outcomeItem(const QString &outcome) {
  auto *item = new QStandardItem(outcome);
  if (outcome == QLatin1String("win")) item->setForeground(QColor(0x1b, 0x7a, 0x3a));
  else if (outcome == QLatin1String("loss")) item->setForeground(QColor(0xb2, 0x22, 0x22));
  return item;
}
}  // namespace

ContrastPairsView::ContrastPairsView(QWidget *parent) : QWidget(parent) {
  m_generator = new QComboBox;
  m_generator->setObjectName(QStringLiteral("generatorFilter"));
  m_generator->setAccessibleName(tr("Generator"));
  m_count = new QLabel;
  m_count->setObjectName(QStringLiteral("pairCount"));
  m_model = new QStandardItemModel(this);
  m_model->setHorizontalHeaderLabels({tr("Generator"), tr("Image"), tr("Original"), tr("Edited"), tr("Original score"),
                                      tr("Edited score"), tr("Outcome")});
  m_filter = new QSortFilterProxyModel(this);
  m_filter->setSourceModel(m_model);
  m_filter->setFilterKeyColumn(GeneratorColumn);
  m_filter->setSortRole(Qt::UserRole);
  m_table = new QTableView;
  m_table->setObjectName(QStringLiteral("contrastPairsTable"));
  m_table->setAccessibleName(tr("Contrast pairs"));
  m_table->setToolTip(tr("Double-click a pair to select its image and score both sentences in the lab"));
  m_table->setModel(m_filter);
  m_table->setSortingEnabled(true);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::SingleSelection);
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->verticalHeader()->hide();
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
  m_table->horizontalHeader()->setStretchLastSection(true);
  auto *filterRow = new QHBoxLayout;
  filterRow->addWidget(new QLabel(tr("Generator")));
  filterRow->addWidget(m_generator);
  filterRow->addWidget(m_count, 1);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(filterRow);
  layout->addWidget(m_table, 1);
  connect(m_generator, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
    const QString generator = m_generator->currentData().toString();
    m_filter->setFilterRegularExpression(generator.isEmpty() ? QRegularExpression()
                                                             : QRegularExpression(QLatin1Char('^') + QRegularExpression::escape(generator) + QLatin1Char('$')));
    updateCount();
  });
  connect(m_table, &QTableView::activated, this, [this](const QModelIndex &index) {
    if (const ContrastPairRecord *pair = shownPair(index.row())) Q_EMIT pairActivated(*pair);
  });
}

void ContrastPairsView::setPairs(const QString &path, std::vector<ContrastPairRecord> pairs) {
  m_pairs = std::move(pairs);
  m_model->removeRows(0, m_model->rowCount());
  m_table->setSortingEnabled(false); // rows keep the file's order until a header is clicked
  std::set<QString> generators;
  for (int k = 0; k < int(m_pairs.size()); ++k) {
    const ContrastPairRecord &p = m_pairs[std::size_t(k)];
    generators.insert(p.generator);
    QList<QStandardItem *> row{new QStandardItem(p.generator), new QStandardItem(p.imageId), new QStandardItem(p.original),
                               new QStandardItem(p.edited),    numberItem(p.originalScore),  numberItem(p.editedScore),
                               outcomeItem(p.outcome)};
    for (int c : {int(GeneratorColumn), int(ImageColumn), int(OriginalColumn), int(EditedColumn), int(OutcomeColumn)})
      row[c]->setData(row[c]->text(), Qt::UserRole);
    row[EditedColumn]->setToolTip(p.change);
    row[GeneratorColumn]->setData(k, kPairRole);
    m_model->appendRow(row);
  }
  m_table->setSortingEnabled(true);
  m_filter->sort(-1); // the file's order
  QSignalBlocker block(m_generator);
  m_generator->clear();
  m_generator->addItem(tr("All generators"), QString());
  for (const QString &g : generators) m_generator->addItem(g, g);
  m_filter->setFilterRegularExpression(QRegularExpression());
  m_table->resizeColumnsToContents();
  setToolTip(QFileInfo(path).fileName());
  updateCount();
}

bool ContrastPairsView::setGeneratorFilter(const QString &generator) {
  const int index = m_generator->findData(generator);
  if (index < 0) return false;
  m_generator->setCurrentIndex(index);
  return true;
}

int ContrastPairsView::shownCount() const { return m_filter->rowCount(); }

const ContrastPairRecord *ContrastPairsView::shownPair(int row) const {
  if (row < 0 || row >= m_filter->rowCount()) return nullptr;
  const int k = m_filter->index(row, GeneratorColumn).data(kPairRole).toInt();
  return k >= 0 && k < int(m_pairs.size()) ? &m_pairs[std::size_t(k)] : nullptr;
}

void ContrastPairsView::updateCount() {
  m_count->setText(tr("%n pair(s) shown", nullptr, shownCount()) + QStringLiteral(" / %1").arg(m_pairs.size()));
}

}  // namespace gs
