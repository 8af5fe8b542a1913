#include "retrieval/rankcomparison.h"

#include "analysis/jointspace.h"
#include "io/csvfield.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <cstdlib>

namespace gs {

namespace {

QString itemKey(RankedList::Kind kind, const RankedRow &row) {
  return kind == RankedList::Kind::Images ? row.imageId : row.imageId + QChar(0x1f) + row.caption;
}

// For each row of `from`, the row of the same item in `to` (-1 when absent). Repeated keys pair up
// in rank order.
std::vector<int> partnerRows(const RankedList &from, const RankedList &to) {
  QHash<QString, std::vector<int>> rowsOf; // key → rows of `to`, best first
  for (int r = 0; r < int(to.rows.size()); ++r) rowsOf[itemKey(to.kind, to.rows[std::size_t(r)])].push_back(r);
  QHash<QString, int> used;
  std::vector<int> out(from.rows.size(), -1);
  for (std::size_t r = 0; r < from.rows.size(); ++r) {
    const QString key = itemKey(from.kind, from.rows[r]);
    const auto it = rowsOf.constFind(key);
    int &n = used[key];
    if (it != rowsOf.constEnd() && n < int(it->size())) out[r] = (*it)[std::size_t(n++)];
  }
  return out;
}

QByteArray sideCsv(const RankedList &list, const std::vector<int> &rankInOther, const QString &name, int topK,
                   const std::vector<int> &order) {
  const bool captions = list.kind == RankedList::Kind::Captions;
  const int rows = topK > 0 ? std::min<int>(topK, int(list.rows.size())) : int(list.rows.size());
  QByteArray out;
  for (int i = 0; i < rows; ++i) {
    const int r = order.empty() ? i : order[std::size_t(i)];
    const RankedRow &row = list.rows[std::size_t(r)];
    out += csvField(name) + ',' + QByteArray::number(row.rank) + ',' + csvField(row.imageId) + ',';
    if (captions) out += csvField(row.caption) + ',';
    out += QByteArray::number(row.score, 'g', 8) + ',' + (row.relevant ? "1" : "0") + ',';
    if (rankInOther[std::size_t(r)] > 0) out += QByteArray::number(rankInOther[std::size_t(r)]);
    out += "\r\n";
  }
  return out;
}

}  // namespace

int RankComparison::partnerRow(int side, int row) const {
  const RankedList &to = side == 0 ? b : a;
  const std::vector<int> &ranks = side == 0 ? rankInB : rankInA;
  if (row < 0 || row >= int(ranks.size()) || ranks[std::size_t(row)] <= 0) return -1;
  // Ranks are 1-based positions in the full ranking; the listed rows are its first ones.
  const int r = ranks[std::size_t(row)] - 1;
  return r < int(to.rows.size()) ? r : -1;
}

RankComparison compareRankings(RankedList a, RankedList b) {
  RankComparison c;
  c.a = std::move(a);
  c.b = std::move(b);
  const std::vector<int> aToB = partnerRows(c.a, c.b);
  const std::vector<int> bToA = partnerRows(c.b, c.a);
  for (int row : aToB) c.rankInB.push_back(row >= 0 ? c.b.rows[std::size_t(row)].rank : 0);
  for (int row : bToA) c.rankInA.push_back(row >= 0 ? c.a.rows[std::size_t(row)].rank : 0);
  return c;
}

std::vector<int> movedMostOrder(const RankComparison &comparison, int side) {
  const RankedList &list = side == 0 ? comparison.a : comparison.b;
  const std::vector<int> &other = side == 0 ? comparison.rankInB : comparison.rankInA;
  const int belowOther = int((side == 0 ? comparison.b : comparison.a).rows.size()) + 1;
  std::vector<int> moved(list.rows.size());
  for (std::size_t r = 0; r < list.rows.size(); ++r)
    moved[r] = std::abs(list.rows[r].rank - (other[r] > 0 ? other[r] : belowOther));
  std::vector<int> order(list.rows.size());
  for (std::size_t r = 0; r < order.size(); ++r) order[r] = int(r);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return moved[std::size_t(x)] > moved[std::size_t(y)]; });
  return order;
}

QByteArray comparisonCsv(const RankComparison &comparison, const QString &nameA, const QString &nameB, int topK,
                         const std::vector<int> &orderA, const std::vector<int> &orderB) {
  const bool captions = comparison.a.kind == RankedList::Kind::Captions;
  QByteArray out = captions ? "run,rank,image_id,caption,score,relevant,rank_in_other\r\n"
                            : "run,rank,image_id,score,relevant,rank_in_other\r\n";
  out += sideCsv(comparison.a, comparison.rankInB, nameA, topK, orderA);
  out += sideCsv(comparison.b, comparison.rankInA, nameB, topK, orderB);
  return out;
}

QString splitMismatch(const JointSpace &a, const JointSpace &b) {
  const QSet<QString> idsA(a.imageIds().begin(), a.imageIds().end());
  const QSet<QString> idsB(b.imageIds().begin(), b.imageIds().end());
  const QSet<QString> onlyA = idsA - idsB, onlyB = idsB - idsA;
  if (onlyA.isEmpty() && onlyB.isEmpty()) return {};
  const QString example = !onlyA.isEmpty() ? *onlyA.begin() : *onlyB.begin();
  return QCoreApplication::translate("gs::RankComparison",
                                     "the runs' test splits differ: %1 images of A are not in B's, %2 of B's are not in "
                                     "A's (e.g. %3). Compare runs trained on the same dataset and split.")
      .arg(onlyA.size())
      .arg(onlyB.size())
      .arg(example);
}

}  // namespace gs
