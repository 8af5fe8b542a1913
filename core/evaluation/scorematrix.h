#pragma once
// A joint space's scores as plain matrices: every image against every caption (what
// evaluateRetrieval takes), or every row of one set against every row of another (the neighbours
// of an item among images ∪ captions). Torch-free; the vectors come in row-major, n × dim.

#include "evaluation/scorekind.h"

#include <vector>

namespace gs {

// One score of `kind` between two dim-vectors, higher being closer (scorekind.h); the cosine of a
// zero vector is 0.
float scoreOf(const float *a, const float *b, int dim, ScoreKind kind);

// a (rowsA × dim) against b (rowsB × dim): rowsA × rowsB, row-major (result[i * rowsB + j]).
// Cost O(rowsA·rowsB·dim). Throws std::invalid_argument when a size does not match its rows × dim.
std::vector<float> scoreMatrix(const std::vector<float> &a, int rowsA, const std::vector<float> &b, int rowsB, int dim,
                               ScoreKind kind);

// Each row divided by its L2 norm (zero rows stay zero): what the cosine scores.
std::vector<float> l2Normalised(const std::vector<float> &rows, int count, int dim);

}  // namespace gs
