#pragma once
// The Map's frame-time benchmark (target: under 50 ms a frame at 100k items while panning,
// hovering and lassoing): the plot offscreen at 1200 × 800, per size a full redraw after new
// positions and a pan (medians of 9 frames, lines off and on), then hovering (the item under the
// mouse) and a lasso around a third of the map (selected, ringed, redrawn); the empty plot is the
// baseline of the same run. Needs a QApplication. Run by tests/bench/bench_mapframe, by
// `groundscope --bench-map-frames` and so by `groundscope-cli bench map`.

#include <QString>

#include <vector>

namespace gs {

// Two Markdown tables, one row per size.
QString runMapFrameBench(const std::vector<int> &sizes = {0, 10000, 100000});

}  // namespace gs
