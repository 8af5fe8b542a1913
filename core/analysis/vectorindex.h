#pragma once
// A nearest-neighbour index over one side of a joint space (a split's captions or images), searched
// with the model's own score, on FAISS (Johnson, Douze & Jégou 2019): exact search (IndexFlatIP /
// IndexFlatL2, the default), or for large collections a graph (HNSW, Malkov & Yashunin 2018) or
// inverted lists with product-quantised codes (IVF-PQ, Jégou et al. 2011). Saved next to the run
// and reused. Torch- and FAISS-free header (the index lives behind a pointer).

#include "evaluation/scorekind.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace gs {

class JobContext;

// Auto: flat below kAutoApproximateFrom rows, HNSW from there — where one exact query over 512-d
// vectors passes ~100 ms on 2 cores (bench retrieval: ~0.5 s at 1M), too slow to answer as one types.
enum class IndexKind { Flat, Hnsw, IvfPq, Auto };
constexpr long long kAutoApproximateFrom = 200000;
const char *indexKindName(IndexKind kind); // "flat", "hnsw", "ivfpq", "auto"
IndexKind resolvedIndexKind(IndexKind kind, long long rows); // Auto → Flat or Hnsw
std::optional<IndexKind> indexKindFromName(const QString &name);

struct IndexOptions {
  IndexKind kind = IndexKind::Auto;
  // HNSW: links per node (M), candidate lists while building and searching. On the bench's 1M × 512
  // mixture (bench retrieval, 2 cores) efConstruction 200 and efSearch 64 give recall@10 0.988 at
  // 10.9× the speed of exact search; the earlier efConstruction 80 needed efSearch 128 for 0.964
  // (7.7×). The better graph costs twice the build (909 s against 473 s), once: indexes are saved.
  // A saved index keeps the efSearch it was built with.
  int hnswLinks = 32, hnswEfConstruction = 200, hnswEfSearch = 64;
  // IVF-PQ: inverted lists (0: √n, between 1 and 65,536), lists probed per query, bytes per code
  // (0: dim / 4, rounded down to a divisor of dim; 8 bits per sub-quantiser), and the shortlist the
  // codes find, k·ivfRerank rows, re-scored exactly against the stored vectors (0: codes only —
  // 16× less memory than the vectors, much lower recall).
  int ivfLists = 0, ivfProbes = 32, pqBytes = 0, ivfRerank = 16;
  int seed = 1; // k-means initialisation of IVF-PQ
};

struct IndexHit {
  int row = -1;    // the vector's row as added; -1 where fewer than k were found
  float score = 0; // the model's score (inner product, cosine, or −squared distance)
};

class VectorIndex {
public:
  // Indexes n rows of dim floats (row-major). Cosine normalises a copy first, so a flat index
  // searches exactly as the model scores. Throws std::invalid_argument for n < 1, dim < 1, a
  // non-finite value (naming its row), or IVF-PQ on fewer rows than it has lists to train.
  // Calls job->checkpoint() between the stages of a long build (IVF training, adding in blocks).
  static std::unique_ptr<VectorIndex> build(const float *vectors, long long n, int dim, ScoreKind score,
                                            const IndexOptions &options = {}, JobContext *job = nullptr);
  // Reads what save() wrote. Throws std::runtime_error naming the file (missing, truncated, not an index).
  static std::unique_ptr<VectorIndex> load(const QString &path);
  ~VectorIndex();

  // Writes the index atomically (a temporary file renamed into place; the old file stays on failure).
  // Throws std::runtime_error naming the file.
  void save(const QString &path) const;

  // The k best rows for each of `count` queries (row-major, dim floats each), best first:
  // hits[q·k + r]. k is clipped to size(). Thread-safe (const); FAISS parallelises over queries.
  std::vector<IndexHit> search(const float *queries, int count, int k) const;
  std::vector<IndexHit> search(const std::vector<float> &query, int k) const { return search(query.data(), 1, k); }
  // Exact indexes only: the score of every row for one query, in row order (for a whole ranking: one
  // pass over the vectors, where search() with k = size() keeps a heap of size() entries — 215 ms
  // against ~10 ms for a million rows). Throws std::logic_error for an approximate index.
  std::vector<float> scoreAll(const std::vector<float> &query) const;

  long long size() const;
  int dim() const { return m_dim; }
  IndexKind kind() const { return m_kind; } // never Auto
  ScoreKind scoreKind() const { return m_score; }
  bool exact() const { return m_kind == IndexKind::Flat; }
  // HNSW: efSearch; IVF-PQ: lists probed. Ignored by a flat index.
  void setSearchEffort(int effort);

private:
  VectorIndex() = default;
  struct Faiss;
  std::unique_ptr<Faiss> m_faiss;
  int m_dim = 0;
  IndexKind m_kind = IndexKind::Flat;
  ScoreKind m_score = ScoreKind::InnerProduct;
};

}  // namespace gs
