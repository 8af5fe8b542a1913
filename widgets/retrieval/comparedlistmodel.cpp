#include "retrieval/comparedlistmodel.h"

#include <QColor>
#include <QFont>

namespace gs {

namespace {
const QColor kRelevantBackground(0xd8, 0xf0, 0xd8); // as RankedListModel: the query's true match(es)
}  // namespace

ComparedListModel::ComparedListModel(int side, QObject *parent) : QAbstractTableModel(parent), m_side(side) {}

void ComparedListModel::setComparison(std::shared_ptr<const RankComparison> comparison) {
  beginResetModel();
  m_comparison = std::move(comparison);
  reorder();
  endResetModel();
}

void ComparedListModel::setMovedMostFirst(bool on) {
  if (on == m_movedMostFirst) return;
  beginResetModel();
  m_movedMostFirst = on;
  reorder();
  endResetModel();
}

void ComparedListModel::reorder() {
  m_order.clear();
  m_viewRow.clear();
  const RankedList *shown = list();
  if (!shown) return;
  if (m_movedMostFirst) {
    m_order = movedMostOrder(*m_comparison, m_side);
  } else {
    m_order.resize(shown->rows.size());
    for (std::size_t r = 0; r < m_order.size(); ++r) m_order[r] = int(r);
  }
  m_viewRow.assign(m_order.size(), -1);
  for (std::size_t v = 0; v < m_order.size(); ++v) m_viewRow[std::size_t(m_order[v])] = int(v);
}

const RankedList *ComparedListModel::list() const {
  if (!m_comparison) return nullptr;
  return m_side == 0 ? &m_comparison->a : &m_comparison->b;
}

int ComparedListModel::listRow(int viewRow) const {
  return viewRow >= 0 && viewRow < int(m_order.size()) ? m_order[std::size_t(viewRow)] : -1;
}

int ComparedListModel::viewRowOf(int listRow) const {
  return listRow >= 0 && listRow < int(m_viewRow.size()) ? m_viewRow[std::size_t(listRow)] : -1;
}

int ComparedListModel::otherRank(int row) const {
  const std::vector<int> &ranks = m_side == 0 ? m_comparison->rankInB : m_comparison->rankInA;
  return ranks[std::size_t(row)];
}

int ComparedListModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_order.size()); }
int ComparedListModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ComparedListModel::data(const QModelIndex &index, int role) const {
  const int row = listRow(index.row());
  if (!index.isValid() || row < 0) return {};
  const RankedList &shown = *list();
  const RankedRow &r = shown.rows[std::size_t(row)];
  const bool captions = shown.kind == RankedList::Kind::Captions;
  const int other = otherRank(row);
  const QString otherName = m_side == 0 ? tr("B") : tr("A");
  switch (role) {
  case Qt::DisplayRole:
    if (index.column() == RankColumn) return r.rank;
    if (index.column() == OtherRankColumn)
      return other > 0 ? tr("%1: %2").arg(otherName).arg(other)
                       : tr("%1: >%2").arg(otherName).arg((m_side == 0 ? m_comparison->b : m_comparison->a).rows.size());
    return captions ? (r.relevant ? QStringLiteral("✓ ") : QString()) + r.caption : r.imageId;
  case Qt::ToolTipRole:
    return tr("Rank %1 here, %2 in %3; score %4\n%5")
        .arg(r.rank)
        .arg(other > 0 ? QString::number(other) : tr("below the listed rows"))
        .arg(otherName)
        .arg(r.score, 0, 'f', 3)
        .arg(captions ? tr("%1\nimage %2").arg(r.caption, r.imageId) : r.imageId);
  case Qt::BackgroundRole: return r.relevant ? QVariant(kRelevantBackground) : QVariant();
  case Qt::FontRole:
    if (r.relevant) {
      QFont font;
      font.setBold(true);
      return font;
    }
    return {};
  case Qt::TextAlignmentRole:
    return index.column() == ItemColumn ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
  case ListRowRole: return row;
  case RankRole: return r.rank;
  case OtherRankRole: return other;
  case CaptionRole: return r.caption;
  case ImageIdRole: return r.imageId;
  default: return {};
  }
}

QVariant ComparedListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
  case RankColumn: return tr("#");
  case ItemColumn: return list() && list()->kind == RankedList::Kind::Captions ? tr("Caption") : tr("Image");
  case OtherRankColumn: return m_side == 0 ? tr("in B") : tr("in A");
  default: return {};
  }
}

}  // namespace gs
