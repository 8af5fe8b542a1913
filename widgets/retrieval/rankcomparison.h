#pragma once
// Two runs' rankings of one query over the same test split, row by row: where each item of run
// A's list ranks in run B's, and the other way round, the order "moved most first" and the CSV
// that writes both lists. An item is the same in both lists when it is the same image (by id) or
// the same caption of the same image (by text; a caption written twice for one image pairs up in
// order). Plain data, no widgets: the Retrieval dock's "A | B" tab shows it.

#include "analysis/rankedlist.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace gs {

class JointSpace;

struct RankComparison {
  RankedList a, b;
  // Per row of a (of b): the same item's rank in b (in a); 0 when the other list does not hold it
  // (it ranked below the rows listed).
  std::vector<int> rankInB, rankInA;

  // For row `row` of side 0 (a) or 1 (b): the row of the same item in the other list, -1 if absent.
  int partnerRow(int side, int row) const;
};

// O(rows) with a hash of each list's items.
RankComparison compareRankings(RankedList a, RankedList b);

// Rows of one side, most moved first: by |rank − rank in the other| descending, then by rank. An
// item the other list does not hold counts as ranked just below its last row (a lower bound on
// how far it moved).
std::vector<int> movedMostOrder(const RankComparison &comparison, int side);

// Both lists' top `topK` rows (all when topK ≤ 0), A's then B's, each in the order given (its row
// indices, as the view shows them; empty: by rank). Columns: run, rank, image_id, caption
// (caption lists only), score, relevant, rank_in_other (empty when the other list does not hold
// the item). RFC 4180, as toCsv writes a single list.
QByteArray comparisonCsv(const RankComparison &comparison, const QString &nameA, const QString &nameB, int topK,
                         const std::vector<int> &orderA = {}, const std::vector<int> &orderB = {});

// Why two runs' test splits cannot be compared ("" when they hold the same images): the counts of
// images only one of them has, with an example id.
QString splitMismatch(const JointSpace &a, const JointSpace &b);

}  // namespace gs
