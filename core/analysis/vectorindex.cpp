#include "analysis/vectorindex.h"

#include "engine/jobcontext.h"

#include <faiss/IndexFlat.h>
#include <faiss/IndexHNSW.h>
#include <faiss/IndexIVFPQ.h>
#include <faiss/IndexRefine.h>
#include <faiss/impl/FaissException.h>
#include <faiss/impl/io.h>
#include <faiss/index_io.h>
#include <faiss/utils/distances.h>

#include <QFile>
#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace gs {

namespace {

// File layout: this magic, then int32 version, kind, score kind, dim, then FAISS's own serialisation.
constexpr char kMagic[8] = {'G', 'S', 'I', 'N', 'D', 'E', 'X', '\0'};
constexpr std::int32_t kVersion = 1;
constexpr long long kAddBlock = 65536; // rows added between cancellation checks

faiss::MetricType metricOf(ScoreKind score) {
  return score == ScoreKind::NegativeSquaredL2 ? faiss::METRIC_L2 : faiss::METRIC_INNER_PRODUCT;
}

// Cosine: a unit-length copy of the rows (FAISS's fvec_renorm_L2; a zero row stays zero, so its
// cosine with anything is 0, as F::normalize gives), searched by inner product. Other scores: the
// rows as given.
const float *rowsForScore(ScoreKind score, const float *rows, long long n, int dim, std::vector<float> &copy) {
  if (score != ScoreKind::Cosine) return rows;
  copy.assign(rows, rows + n * dim);
  faiss::fvec_renorm_L2(std::size_t(dim), std::size_t(n), copy.data());
  return copy.data();
}

// The largest divisor of dim not above target (a PQ code needs dim split into equal sub-vectors).
int divisorAtMost(int dim, int target) {
  for (int m = std::max(1, std::min(dim, target)); m > 1; --m)
    if (dim % m == 0) return m;
  return 1;
}

}  // namespace

const char *indexKindName(IndexKind kind) {
  switch (kind) {
  case IndexKind::Hnsw: return "hnsw";
  case IndexKind::IvfPq: return "ivfpq";
  case IndexKind::Auto: return "auto";
  case IndexKind::Flat: break;
  }
  return "flat";
}

IndexKind resolvedIndexKind(IndexKind kind, long long rows) {
  if (kind != IndexKind::Auto) return kind;
  return rows >= kAutoApproximateFrom ? IndexKind::Hnsw : IndexKind::Flat;
}

std::optional<IndexKind> indexKindFromName(const QString &name) {
  for (IndexKind k : {IndexKind::Flat, IndexKind::Hnsw, IndexKind::IvfPq, IndexKind::Auto})
    if (name == QLatin1String(indexKindName(k))) return k;
  return std::nullopt;
}

struct VectorIndex::Faiss {
  std::unique_ptr<faiss::Index> index;
};

VectorIndex::~VectorIndex() = default;

std::unique_ptr<VectorIndex> VectorIndex::build(const float *vectors, long long n, int dim, ScoreKind score,
                                                const IndexOptions &options, JobContext *job) {
  if (n < 1 || dim < 1)
    throw std::invalid_argument("VectorIndex: nothing to index (" + std::to_string(n) + " rows of " + std::to_string(dim) + ")");
  for (long long k = 0; k < n * dim; ++k)
    if (!std::isfinite(vectors[k]))
      throw std::invalid_argument("VectorIndex: non-finite value at row " + std::to_string(k / dim) + ", column " +
                                  std::to_string(k % dim));
  std::vector<float> normalised;
  vectors = rowsForScore(score, vectors, n, dim, normalised);
  auto out = std::unique_ptr<VectorIndex>(new VectorIndex);
  out->m_faiss = std::make_unique<Faiss>();
  out->m_dim = dim;
  out->m_kind = resolvedIndexKind(options.kind, n);
  out->m_score = score;
  const faiss::MetricType metric = metricOf(score);
  try {
    switch (out->m_kind) {
    case IndexKind::Auto: // resolved above
    case IndexKind::Flat:
      out->m_faiss->index = std::make_unique<faiss::IndexFlat>(dim, metric);
      break;
    case IndexKind::Hnsw: {
      auto hnsw = std::make_unique<faiss::IndexHNSWFlat>(dim, std::max(2, options.hnswLinks), metric);
      hnsw->hnsw.efConstruction = std::max(1, options.hnswEfConstruction);
      hnsw->hnsw.efSearch = std::max(1, options.hnswEfSearch);
      out->m_faiss->index = std::move(hnsw);
      break;
    }
    case IndexKind::IvfPq: {
      // 8-bit sub-quantisers need 256 centroids each: fewer rows cannot train them.
      if (n < 256)
        throw std::invalid_argument("VectorIndex: IVF-PQ needs at least 256 rows to train its codes (got " + std::to_string(n) +
                                    "); use the flat index");
      const long long lists = options.ivfLists > 0 ? options.ivfLists
                                                   : std::clamp<long long>(std::llround(std::sqrt(double(n))), 1, 65536);
      const long long nlist = std::clamp<long long>(lists, 1, std::max<long long>(1, n / 39)); // ≥ 39 training rows a list
      const int m = divisorAtMost(dim, options.pqBytes > 0 ? options.pqBytes : dim / 4);
      auto *quantizer = new faiss::IndexFlat(dim, metric);
      auto ivf = std::make_unique<faiss::IndexIVFPQ>(quantizer, dim, std::size_t(nlist), std::size_t(m), 8, metric);
      ivf->own_fields = true;
      ivf->nprobe = std::size_t(std::max(1, options.ivfProbes));
      ivf->cp.seed = options.seed;
      ivf->pq.cp.seed = options.seed;
      // Train on evenly spaced rows: 50 per list (FAISS wants 39–256), at least 10,000 for the
      // sub-quantisers' 256 centroids, all rows when there are fewer. Training dominates the build
      // (k-means over the sample), so the sample is kept near FAISS's lower bound.
      const long long sample = std::min(n, std::max(50 * nlist, 10000LL));
      std::vector<float> training(std::size_t(sample) * dim);
      for (long long s = 0; s < sample; ++s)
        std::memcpy(&training[std::size_t(s) * dim], vectors + (s * n / sample) * dim, sizeof(float) * dim);
      if (job) job->setProgress(-1, QStringLiteral("training IVF-PQ (%1 lists, %2-byte codes)").arg(nlist).arg(m));
      if (options.ivfRerank > 0) {
        // The codes' shortlist of k·rerank rows re-scored exactly: PQ codes alone reach recall@10
        // ~0.3–0.7 on embeddings (tst_vectorindex), too low for a ranked list a user reads.
        auto refined = std::make_unique<faiss::IndexRefineFlat>(ivf.release());
        refined->own_fields = true;
        refined->k_factor = float(options.ivfRerank);
        refined->train(sample, training.data());
        out->m_faiss->index = std::move(refined);
      } else {
        ivf->train(sample, training.data());
        out->m_faiss->index = std::move(ivf);
      }
      break;
    }
    }
    for (long long begin = 0; begin < n; begin += kAddBlock) {
      if (job) {
        job->checkpoint();
        job->setProgress(double(begin) / n, QStringLiteral("indexing %1 of %2 vectors").arg(begin).arg(n));
      }
      const long long count = std::min(kAddBlock, n - begin);
      out->m_faiss->index->add(count, vectors + begin * dim);
    }
  } catch (const faiss::FaissException &error) {
    throw std::runtime_error(std::string("VectorIndex: FAISS failed: ") + error.what());
  }
  return out;
}

namespace {
// FAISS scans exactly with its own one-thread loop below 20 queries, and with BLAS (all cores) from
// there. One typed query is the Retrieval dock's case: through BLAS it takes 0.16 s instead of
// 0.63 s over 1M × 512 (bench retrieval). Set once; FAISS reads it on every search.
void preferBlasForFewQueries() {
  static const bool once = [] {
    faiss::distance_compute_blas_threshold = 1;
    return true;
  }();
  (void)once;
}
}  // namespace

std::vector<IndexHit> VectorIndex::search(const float *queries, int count, int k) const {
  preferBlasForFewQueries();
  const long long n = size();
  k = int(std::min<long long>(std::max(k, 0), n));
  std::vector<IndexHit> hits(std::size_t(count) * std::size_t(k));
  if (count <= 0 || k <= 0) return hits;
  std::vector<float> normalised;
  queries = rowsForScore(m_score, queries, count, m_dim, normalised);
  std::vector<float> distances(hits.size());
  std::vector<faiss::Index::idx_t> labels(hits.size());
  try {
    m_faiss->index->search(count, queries, k, distances.data(), labels.data());
  } catch (const faiss::FaissException &error) {
    throw std::runtime_error(std::string("VectorIndex: FAISS search failed: ") + error.what());
  }
  const bool l2 = m_score == ScoreKind::NegativeSquaredL2;
  for (std::size_t h = 0; h < hits.size(); ++h) hits[h] = {int(labels[h]), l2 ? -distances[h] : distances[h]};
  return hits;
}

std::vector<float> VectorIndex::scoreAll(const std::vector<float> &query) const {
  const auto *flat = dynamic_cast<const faiss::IndexFlat *>(m_faiss->index.get());
  if (!flat) throw std::logic_error("VectorIndex::scoreAll: only an exact (flat) index holds every vector");
  if (int(query.size()) != m_dim)
    throw std::invalid_argument("VectorIndex::scoreAll: expected " + std::to_string(m_dim) + " values, got " + std::to_string(query.size()));
  std::vector<float> normalised;
  const float *q = rowsForScore(m_score, query.data(), 1, m_dim, normalised);
  std::vector<float> scores(static_cast<std::size_t>(size()));
  if (scores.empty()) return scores;
  if (m_score == ScoreKind::NegativeSquaredL2) {
    faiss::fvec_L2sqr_ny(scores.data(), q, flat->get_xb(), std::size_t(m_dim), scores.size());
    for (float &s : scores) s = -s;
  } else {
    faiss::fvec_inner_products_ny(scores.data(), q, flat->get_xb(), std::size_t(m_dim), scores.size());
  }
  return scores;
}

long long VectorIndex::size() const { return m_faiss->index->ntotal; }

void VectorIndex::setSearchEffort(int effort) {
  effort = std::max(1, effort);
  if (auto *hnsw = dynamic_cast<faiss::IndexHNSW *>(m_faiss->index.get())) hnsw->hnsw.efSearch = effort;
  faiss::Index *base = m_faiss->index.get();
  if (auto *refined = dynamic_cast<faiss::IndexRefine *>(base)) base = refined->base_index;
  if (auto *ivf = dynamic_cast<faiss::IndexIVF *>(base)) ivf->nprobe = std::size_t(effort);
}

void VectorIndex::save(const QString &path) const {
  faiss::VectorIOWriter writer;
  try {
    faiss::write_index(m_faiss->index.get(), &writer);
  } catch (const faiss::FaissException &error) {
    throw std::runtime_error(QStringLiteral("%1: cannot serialise the index (%2)").arg(path, QString::fromUtf8(error.what())).toStdString());
  }
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot write (%2)").arg(path, file.errorString()).toStdString());
  const std::int32_t header[4] = {kVersion, std::int32_t(m_kind), std::int32_t(m_score), m_dim};
  file.write(kMagic, sizeof kMagic);
  file.write(reinterpret_cast<const char *>(header), sizeof header);
  file.write(reinterpret_cast<const char *>(writer.data.data()), qint64(writer.data.size()));
  if (!file.commit()) throw std::runtime_error(QStringLiteral("%1: cannot write (%2)").arg(path, file.errorString()).toStdString());
}

std::unique_ptr<VectorIndex> VectorIndex::load(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot open (%2)").arg(path, file.errorString()).toStdString());
  const QByteArray bytes = file.readAll();
  const auto fail = [&path](const QString &why) { throw std::runtime_error(QStringLiteral("%1: %2").arg(path, why).toStdString()); };
  std::int32_t header[4];
  constexpr int kHeader = int(sizeof kMagic + sizeof header);
  if (bytes.size() < kHeader || std::memcmp(bytes.constData(), kMagic, sizeof kMagic) != 0)
    fail(QStringLiteral("not a Groundscope vector index (bad header)"));
  std::memcpy(header, bytes.constData() + sizeof kMagic, sizeof header);
  if (header[0] != kVersion) fail(QStringLiteral("index format version %1, this build reads %2").arg(header[0]).arg(kVersion));
  if (header[1] < 0 || header[1] > int(IndexKind::IvfPq) || header[2] < 0 || header[2] > int(ScoreKind::NegativeSquaredL2) || header[3] < 1)
    fail(QStringLiteral("corrupt header (kind %1, score %2, dim %3)").arg(header[1]).arg(header[2]).arg(header[3]));
  faiss::VectorIOReader reader;
  reader.data.assign(reinterpret_cast<const std::uint8_t *>(bytes.constData()) + kHeader,
                     reinterpret_cast<const std::uint8_t *>(bytes.constData()) + bytes.size());
  auto out = std::unique_ptr<VectorIndex>(new VectorIndex);
  out->m_faiss = std::make_unique<Faiss>();
  try {
    out->m_faiss->index.reset(faiss::read_index(&reader));
  } catch (const faiss::FaissException &error) {
    fail(QStringLiteral("truncated or corrupt index (%1)").arg(QString::fromUtf8(error.what()).section(QLatin1Char('\n'), 0, 0)));
  }
  out->m_kind = IndexKind(header[1]);
  out->m_score = ScoreKind(header[2]);
  out->m_dim = header[3];
  if (out->m_faiss->index->d != out->m_dim)
    fail(QStringLiteral("header says %1 dimensions, the index has %2").arg(out->m_dim).arg(out->m_faiss->index->d));
  return out;
}

}  // namespace gs
