#pragma once
// `groundscope-cli bench retrieval`: k-nearest-neighbour search over a large synthetic
// joint space, timed for each way Groundscope can search it — LibTorch mm + topk (the engine's
// scoring path), bare FAISS IndexFlatIP (the floor for exact search), and Groundscope's own
// VectorIndex flat, HNSW and IVF-PQ — in one run, with recall@k against exact search.
// The collection is a mixture of Gaussian clusters on the unit sphere (embeddings of captions group
// by what they describe; isotropic random vectors would have no neighbours worth finding), and the
// queries are drawn from the same mixture. Torch-free header.

#include "analysis/vectorindex.h"

#include <QStringList>

#include <vector>

namespace gs {

class JobContext;

struct RetrievalBenchOptions {
  long long items = 1000000;
  int dim = 512;
  int queries = 1000;
  int k = 10;
  int clusters = 1000;       // mixture components
  double clusterSpread = 0.5; // within-cluster sd relative to the centres' spread, per dimension
  int seed = 1;
  int latencyQueries = 100;  // one-at-a-time queries for the per-query latency (the dock's case)
  std::vector<int> hnswEfforts = {32, 64, 96, 128, 192}; // efSearch values measured on the one HNSW build
  int hnswLinks = IndexOptions{}.hnswLinks;                 // the graph's M and efConstruction (the defaults:
  int hnswEfConstruction = IndexOptions{}.hnswEfConstruction; // what the dock and `retrieve` build)
  std::vector<int> ivfEfforts = {8, 16, 32, 64};           // lists probed, on the one IVF-PQ build
  QStringList methods = {QStringLiteral("torch"), QStringLiteral("faiss"), QStringLiteral("flat"), QStringLiteral("hnsw"),
                         QStringLiteral("ivfpq")};
};

struct RetrievalBenchRow {
  QString method;            // "torch", "faiss", "flat", "hnsw", "ivfpq"
  QString label;             // for people
  double buildSeconds = 0;   // 0 for torch (nothing to build)
  double batchSeconds = 0;   // all queries in one batch
  double queriesPerSecond = 0;
  double latencyMs = 0;      // mean of one-at-a-time queries
  double recall = 0;         // recall@k against exact search
  double indexMb = 0;        // the saved index's size (0 for torch and bare FAISS)
  int effort = 0;            // HNSW efSearch / IVF-PQ lists probed of this row (0: not applicable)
};

std::vector<RetrievalBenchRow> runRetrievalBench(const RetrievalBenchOptions &options, JobContext *job = nullptr);

}  // namespace gs
