#include "analysis/detail/quadtree.h"

#include <algorithm>
#include <cmath>

namespace gs::detail {

namespace {
// Cells this much smaller than the root stop splitting: points closer than that share a leaf
// (only near-duplicates get there). Bounds the depth at ~50 levels, so the traversal stack fits.
constexpr double kMinRelativeHalfWidth = 1e-15;
}  // namespace

QuadTree::QuadTree(const double *y, int n) : m_y(y), m_n(n) {
  double minX = 0, maxX = 0, minY = 0, maxY = 0;
  if (n > 0) {
    minX = maxX = y[0];
    minY = maxY = y[1];
  }
  for (int i = 1; i < n; ++i) {
    minX = std::min(minX, y[2 * i]);
    maxX = std::max(maxX, y[2 * i]);
    minY = std::min(minY, y[2 * i + 1]);
    maxY = std::max(maxY, y[2 * i + 1]);
  }
  Node root;
  root.cx = (minX + maxX) / 2;
  root.cy = (minY + maxY) / 2;
  root.halfWidth = std::max(maxX - minX, maxY - minY) / 2 * (1 + 1e-9) + 1e-9;
  m_minHalfWidth = root.halfWidth * kMinRelativeHalfWidth;
  m_nodes.reserve(std::size_t(n) * 2 + 1);
  m_nodes.push_back(root);
  for (int i = 0; i < n; ++i) insert(i);
  // Centres of mass: a leaf's is its point's own position (its duplicates share it exactly, so the
  // traversal can recognise point i's leaf by distance 0); a cell's is the sum over its count.
  m_summary.reserve(m_nodes.size());
  for (const Node &node : m_nodes) {
    const bool leaf = node.firstChild < 0 && node.count > 0;
    const double mx = leaf ? m_y[2 * node.point] : node.count ? node.sx / node.count : 0;
    const double my = leaf ? m_y[2 * node.point + 1] : node.count ? node.sy / node.count : 0;
    m_summary.push_back({mx, my, node.halfWidth * node.halfWidth, node.count, node.firstChild});
  }
}

std::vector<int> QuadTree::spatialOrder() const {
  std::vector<int> order, stack{0};
  order.reserve(std::size_t(m_n));
  while (!stack.empty()) {
    const Node &node = m_nodes[std::size_t(stack.back())];
    stack.pop_back();
    if (node.count == 0) continue;
    if (node.firstChild < 0) {
      order.push_back(node.point);
      continue;
    }
    for (int c = 3; c >= 0; --c) stack.push_back(node.firstChild + c);
  }
  // Duplicates share a leaf that names only one of them: append the points not reached.
  if (int(order.size()) < m_n) {
    std::vector<char> seen(std::size_t(m_n), 0);
    for (int i : order) seen[std::size_t(i)] = 1;
    for (int i = 0; i < m_n; ++i)
      if (!seen[std::size_t(i)]) order.push_back(i);
  }
  return order;
}

int QuadTree::childFor(const Node &node, double x, double y) const {
  return node.firstChild + (x >= node.cx ? 1 : 0) + (y >= node.cy ? 2 : 0);
}

void QuadTree::split(int nodeId) {
  const int first = int(m_nodes.size());
  const Node parent = m_nodes[std::size_t(nodeId)];
  const double h = parent.halfWidth / 2;
  for (int c = 0; c < 4; ++c) {
    Node child;
    child.cx = parent.cx + ((c & 1) ? h : -h);
    child.cy = parent.cy + ((c & 2) ? h : -h);
    child.halfWidth = h;
    m_nodes.push_back(child);
  }
  Node &node = m_nodes[std::size_t(nodeId)];
  node.firstChild = first;
  // The leaf's occupant (with its duplicates) moves down into its child.
  Node &moved = m_nodes[std::size_t(childFor(node, m_y[2 * node.point], m_y[2 * node.point + 1]))];
  moved.point = node.point;
  moved.count = node.count;
  moved.sx = node.sx;
  moved.sy = node.sy;
  node.point = -1;
}

void QuadTree::insert(int i) {
  const double x = m_y[2 * i], y = m_y[2 * i + 1];
  int id = 0;
  for (;;) {
    Node &node = m_nodes[std::size_t(id)];
    if (node.firstChild < 0) {
      if (node.count == 0) {
        node.point = i;
        node.count = 1;
        node.sx = x;
        node.sy = y;
        return;
      }
      const bool duplicate = m_y[2 * node.point] == x && m_y[2 * node.point + 1] == y;
      if (duplicate || node.halfWidth < m_minHalfWidth) {
        node.sx += x;
        node.sy += y;
        ++node.count;
        return;
      }
      split(id); // may reallocate m_nodes: re-fetch below
    }
    Node &inner = m_nodes[std::size_t(id)];
    inner.sx += x;
    inner.sy += y;
    ++inner.count;
    id = childFor(inner, x, y);
  }
}

double QuadTree::repulsion(int i, double theta, double &fx, double &fy) const {
  const double x = m_y[2 * i], y = m_y[2 * i + 1];
  const double theta2 = theta * theta;
  double z = 0, rx = 0, ry = 0;
  int stack[256]; // depth ≤ ~60 levels × 3 pending siblings
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const Summary &node = m_summary[std::size_t(stack[--top])];
    if (node.count == 0) continue;
    const double dx = x - node.mx, dy = y - node.my;
    const double d2 = dx * dx + dy * dy;
    const bool leaf = node.firstChild < 0;
    if (leaf || node.halfWidth2 < theta2 * d2) {
      // A leaf at distance 0 holds point i itself (and its duplicates): those add q̃ = 1 each to Z
      // but no force; i itself adds nothing.
      const int mass = (leaf && d2 == 0) ? node.count - 1 : node.count;
      const double q = 1.0 / (1.0 + d2);
      z += mass * q;
      const double mult = mass * q * q;
      rx += mult * dx;
      ry += mult * dy;
    } else {
      for (int c = 3; c >= 0; --c)
        if (m_summary[std::size_t(node.firstChild + c)].count > 0) stack[top++] = node.firstChild + c;
    }
  }
  fx += rx;
  fy += ry;
  return z;
}

}  // namespace gs::detail
