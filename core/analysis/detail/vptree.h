#pragma once
// Vantage-point tree (Yianilos 1993) for exact k-nearest-neighbour search in Euclidean space, as
// van der Maaten 2014 (§5.1, "Approximating input similarities") uses it to find each point's
// 3·perplexity neighbours. Build O(N log N) distance evaluations; a query is O(log N) in low
// intrinsic dimension and degrades towards O(N) as the intrinsic dimension grows (still exact).

#include <vector>

namespace gs::detail {

struct Neighbour {
  int index = -1;
  double distance = 0; // Euclidean (not squared)
};

class VpTree {
public:
  // points: n × dim row-major; kept by pointer, must outlive the tree. The vantage points are
  // chosen by a fixed-seed generator, so the tree (and tie order) is deterministic.
  VpTree(const float *points, int n, int dim);

  // The k nearest points to `query` (dim values), nearest first; ties broken by lower index.
  // `exclude` (a point index, or -1) is skipped — pass the query's own index for "neighbours of i".
  std::vector<Neighbour> search(const float *query, int k, int exclude = -1) const;

  double distance(const float *a, const float *b) const;

private:
  struct Node {
    int point = -1;         // vantage point (index into the data)
    double threshold = 0;   // median distance from the vantage point to the points below it
    int inside = -1, outside = -1; // children: distance < threshold / ≥ threshold
  };
  int build(int lower, int upper, unsigned &state);

  const float *m_points;
  int m_n, m_dim;
  std::vector<int> m_order; // point indices, permuted by the build
  std::vector<Node> m_nodes;
  int m_root = -1;
};

}  // namespace gs::detail
