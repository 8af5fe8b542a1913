#pragma once
// 2-D Barnes–Hut quad-tree (van der Maaten 2014 §4.2 and §5.2): every cell holds the number of
// points below it and their centre of mass, so a far cell's repulsion on a point is computed as one
// interaction with its centre of mass. Stored as one flat vector of nodes (children contiguous),
// rebuilt each iteration: O(N log N).

#include <vector>

namespace gs::detail {

class QuadTree {
public:
  // y: n × 2 row-major positions.
  QuadTree(const double *y, int n);

  // The Barnes–Hut estimate of point i's unnormalised repulsion: adds Σ_j q̃_ij² (y_i - y_j) to
  // (fx, fy) and returns Σ_j q̃_ij with q̃_ij = 1 / (1 + ‖y_i - y_j‖²), j ≠ i. A cell is summarised
  // when halfWidth / ‖y_i - y_cell‖ < theta. That is the reference implementation's criterion
  // (bhtsne's SPTree compares the cell's largest half-width, which it calls "width"); the paper writes
  // it with r_cell, the cell's diagonal. We keep bhtsne's so theta means what it means there.
  double repulsion(int i, double theta, double &fx, double &fy) const;

  int nodeCount() const { return int(m_nodes.size()); }
  // The points in depth-first leaf order: neighbours in the plane come together, so walking the
  // points in this order reuses the same tree nodes from one traversal to the next (cache).
  std::vector<int> spatialOrder() const;

private:
  struct Node {
    double cx, cy, halfWidth; // the square cell
    double sx = 0, sy = 0;    // sums of the positions below (centre of mass = sum / count)
    int count = 0;            // points below
    int firstChild = -1;      // four consecutive children; -1 for a leaf
    int point = -1;           // a leaf's point (duplicates share one leaf: count > 1)
  };
  // What a traversal reads, packed (40 bytes against 72) and built once the tree is complete.
  struct Summary {
    double mx, my;
    double halfWidth2; // squared half-width: the criterion compares squares
    int count;
    int firstChild;
  };
  void insert(int i);
  int childFor(const Node &node, double x, double y) const;
  void split(int nodeId);

  const double *m_y;
  int m_n;
  double m_minHalfWidth = 0;
  std::vector<Node> m_nodes;
  std::vector<Summary> m_summary; // same indices as m_nodes
};

}  // namespace gs::detail
