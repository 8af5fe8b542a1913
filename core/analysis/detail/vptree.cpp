#include "analysis/detail/vptree.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

namespace gs::detail {

VpTree::VpTree(const float *points, int n, int dim) : m_points(points), m_n(n), m_dim(dim) {
  m_order.resize(std::size_t(n));
  for (int i = 0; i < n; ++i) m_order[std::size_t(i)] = i;
  m_nodes.reserve(std::size_t(n));
  unsigned state = 12345u; // fixed seed: deterministic trees
  m_root = build(0, n, state);
}

double VpTree::distance(const float *a, const float *b) const {
  // Four partial sums: the compiler may not reorder a floating-point reduction itself, and this is
  // the innermost loop of the neighbour search.
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int k = 0;
  for (; k + 4 <= m_dim; k += 4) {
    const double d0 = double(a[k]) - b[k], d1 = double(a[k + 1]) - b[k + 1];
    const double d2 = double(a[k + 2]) - b[k + 2], d3 = double(a[k + 3]) - b[k + 3];
    s0 += d0 * d0;
    s1 += d1 * d1;
    s2 += d2 * d2;
    s3 += d3 * d3;
  }
  for (; k < m_dim; ++k) {
    const double d = double(a[k]) - b[k];
    s0 += d * d;
  }
  return std::sqrt((s0 + s1) + (s2 + s3));
}

// Builds the subtree over m_order[lower, upper): a random vantage point, the others split at the
// median of their distances to it (nth_element, O(size)).
int VpTree::build(int lower, int upper, unsigned &state) {
  if (lower >= upper) return -1;
  const int id = int(m_nodes.size());
  m_nodes.push_back({});
  state = state * 1664525u + 1013904223u; // LCG: cheap, portable
  const int pick = lower + int((state >> 8) % unsigned(upper - lower));
  std::swap(m_order[std::size_t(lower)], m_order[std::size_t(pick)]);
  const int vantage = m_order[std::size_t(lower)];
  m_nodes[std::size_t(id)].point = vantage;
  if (upper - lower > 1) {
    const int median = (lower + 1 + upper) / 2;
    const float *v = m_points + std::size_t(vantage) * m_dim;
    std::vector<std::pair<double, int>> keyed;
    keyed.reserve(std::size_t(upper - lower - 1));
    for (int i = lower + 1; i < upper; ++i) {
      const int p = m_order[std::size_t(i)];
      keyed.emplace_back(distance(v, m_points + std::size_t(p) * m_dim), p);
    }
    std::nth_element(keyed.begin(), keyed.begin() + (median - lower - 1), keyed.end());
    for (std::size_t i = 0; i < keyed.size(); ++i) m_order[std::size_t(lower + 1) + i] = keyed[i].second;
    const double threshold = keyed[std::size_t(median - lower - 1)].first;
    const int inside = build(lower + 1, median, state);
    const int outside = build(median, upper, state);
    Node &node = m_nodes[std::size_t(id)];
    node.threshold = threshold;
    node.inside = inside;
    node.outside = outside;
  }
  return id;
}

std::vector<Neighbour> VpTree::search(const float *query, int k, int exclude) const {
  // Max-heap of the best k so far, ordered by (distance, index) so ties resolve to lower indices.
  using Entry = std::pair<double, int>;
  std::priority_queue<Entry> heap;
  double tau = std::numeric_limits<double>::max();
  // Depth-first with an explicit stack of (node, lower bound on the distance to anything in it);
  // a subtree is skipped when its bound exceeds tau as it stands when popped.
  std::vector<std::pair<int, double>> stack;
  if (m_root >= 0 && k > 0) stack.emplace_back(m_root, 0.0);
  while (!stack.empty()) {
    const auto [nodeId, bound] = stack.back();
    stack.pop_back();
    if (bound > tau) continue;
    const Node &node = m_nodes[std::size_t(nodeId)];
    const double d = distance(query, m_points + std::size_t(node.point) * m_dim);
    if (node.point != exclude && d <= tau) {
      const Entry e{d, node.point};
      if (int(heap.size()) < k) {
        heap.push(e);
      } else if (e < heap.top()) {
        heap.pop();
        heap.push(e);
      }
      if (int(heap.size()) == k) tau = heap.top().first;
    }
    // Triangle inequality: anything inside the ball is at least d - threshold away, anything
    // outside at least threshold - d. The side the query falls in is pushed last (searched first).
    const std::pair<int, double> in{node.inside, std::max(0.0, d - node.threshold)};
    const std::pair<int, double> out{node.outside, std::max(0.0, node.threshold - d)};
    const auto push = [&](const std::pair<int, double> &c) {
      if (c.first >= 0 && c.second <= tau) stack.push_back(c);
    };
    if (d < node.threshold) {
      push(out);
      push(in);
    } else {
      push(in);
      push(out);
    }
  }
  std::vector<Neighbour> result(heap.size());
  for (std::size_t i = heap.size(); i-- > 0;) {
    result[i] = {heap.top().second, heap.top().first};
    heap.pop();
  }
  return result;
}

}  // namespace gs::detail
