#include "training/runs/epochspace.h"

#include "evaluation/retrieval.h"
#include "evaluation/scorematrix.h"
#include "training/runs/runfolder.h"

#include <QRegularExpression>

#include <algorithm>
#include <stdexcept>

namespace gs {

ScoreKind scoreKindOf(const TrainConfig &config) {
  if (config.loss == LossKind::Squared) return ScoreKind::NegativeSquaredL2;
  return config.similarity == SimilarityKind::Cosine ? ScoreKind::Cosine : ScoreKind::InnerProduct;
}

namespace {

// Case, punctuation and spacing ignored: "A dog runs." reads like "a dog runs".
QString normalised(const QString &sentence) {
  static const QRegularExpression punctuation(QStringLiteral("[^\\w\\s]"));
  return sentence.toLower().remove(punctuation).simplified();
}

// Best first; ties keep the lower row first (ranksAbove, the project's one tie rule).
void sortRanked(std::vector<EpochSpace::Ranked> &ranked) {
  std::sort(ranked.begin(), ranked.end(), [](const EpochSpace::Ranked &a, const EpochSpace::Ranked &b) {
    return ranksAbove(a.score, a.row, b.score, b.row);
  });
}

}  // namespace

EpochSpace::EpochSpace(TrajectorySample sample, std::vector<float> vectors, ScoreKind score, int epoch)
    : m_sample(std::move(sample)), m_vectors(std::move(vectors)), m_score(score), m_epoch(epoch) {
  if (m_vectors.size() != std::size_t(m_sample.itemCount()) * std::size_t(m_sample.dim))
    throw std::invalid_argument("EpochSpace: the vectors do not match the sample's size");
}

EpochSpace EpochSpace::open(const QString &runDir, int epoch) {
  const RunTrajectory trajectory = RunTrajectory::open(runDir);
  const std::vector<int> &epochs = trajectory.epochs();
  if (std::find(epochs.begin(), epochs.end(), epoch) == epochs.end())
    throw RunFolderError(QStringLiteral("%1: the run recorded no epoch %2").arg(RunTrajectory::epochFile(runDir, epoch)).arg(epoch).toStdString());
  return EpochSpace(trajectory.sample(), trajectory.embeddings(epoch), scoreKindOf(RunFolder(runDir).config()), epoch);
}

float EpochSpace::score(int imageRow, int captionRow) const {
  if (imageRow < 0 || imageRow >= imageCount() || captionRow < 0 || captionRow >= captionCount())
    throw std::out_of_range("EpochSpace::score: no such image or caption");
  const int dim = m_sample.dim;
  return scoreOf(m_vectors.data() + std::size_t(imageRow) * dim,
                 m_vectors.data() + std::size_t(imageCount() + captionRow) * dim, dim, m_score);
}

std::vector<EpochSpace::Ranked> EpochSpace::rankCaptions(int imageRow) const {
  if (imageRow < 0 || imageRow >= imageCount()) throw std::out_of_range("EpochSpace::rankCaptions: no such image");
  std::vector<Ranked> ranked(static_cast<std::size_t>(captionCount()));
  for (int c = 0; c < captionCount(); ++c) ranked[std::size_t(c)] = {c, score(imageRow, c)};
  sortRanked(ranked);
  return ranked;
}

std::vector<EpochSpace::Ranked> EpochSpace::rankImages(int captionRow) const {
  if (captionRow < 0 || captionRow >= captionCount()) throw std::out_of_range("EpochSpace::rankImages: no such caption");
  std::vector<Ranked> ranked(static_cast<std::size_t>(imageCount()));
  for (int i = 0; i < imageCount(); ++i) ranked[std::size_t(i)] = {i, score(i, captionRow)};
  sortRanked(ranked);
  return ranked;
}

int EpochSpace::captionRowOf(const QString &sentence) const {
  const QString wanted = normalised(sentence);
  for (int c = 0; c < captionCount(); ++c)
    if (normalised(m_sample.captions.at(c)) == wanted) return c;
  return -1;
}

namespace {

struct Neighbourhood {
  std::vector<int> top; // the k nearest of the other modality
  int partnerRank = 0;  // 1-based
};

Neighbourhood imageNeighbourhood(const EpochSpace &space, int row, int k) {
  const std::vector<EpochSpace::Ranked> ranked = space.rankCaptions(row);
  Neighbourhood n;
  for (std::size_t r = 0; r < ranked.size(); ++r) {
    if (int(r) < k) n.top.push_back(ranked[r].row);
    if (n.partnerRank == 0 && space.sample().captionImage.at(std::size_t(ranked[r].row)) == row) n.partnerRank = int(r) + 1;
  }
  return n;
}

Neighbourhood captionNeighbourhood(const EpochSpace &space, int row, int k) {
  const std::vector<EpochSpace::Ranked> ranked = space.rankImages(row);
  Neighbourhood n;
  const int partner = space.sample().captionImage.at(std::size_t(row));
  for (std::size_t r = 0; r < ranked.size(); ++r) {
    if (int(r) < k) n.top.push_back(ranked[r].row);
    if (ranked[r].row == partner) n.partnerRank = int(r) + 1;
  }
  return n;
}

double jaccardDistance(std::vector<int> a, std::vector<int> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::vector<int> common;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(common));
  const std::size_t unionSize = a.size() + b.size() - common.size();
  return unionSize == 0 ? 0.0 : 1.0 - double(common.size()) / double(unionSize);
}

Mover moverOf(bool isImage, int row, const Neighbourhood &a, const Neighbourhood &b) {
  Mover mover;
  mover.isImage = isImage;
  mover.row = row;
  mover.change = jaccardDistance(a.top, b.top);
  mover.partnerRankA = a.partnerRank;
  mover.partnerRankB = b.partnerRank;
  mover.neighboursA = a.top;
  mover.neighboursB = b.top;
  return mover;
}

}  // namespace

std::vector<Mover> neighbourhoodMovers(const EpochSpace &a, const EpochSpace &b, int k) {
  if (a.sample().imageIds != b.sample().imageIds || a.sample().captions != b.sample().captions)
    throw std::invalid_argument("neighbourhoodMovers: the two spaces hold different samples");
  std::vector<Mover> movers;
  for (int i = 0; i < a.imageCount(); ++i)
    movers.push_back(moverOf(true, i, imageNeighbourhood(a, i, k), imageNeighbourhood(b, i, k)));
  for (int c = 0; c < a.captionCount(); ++c)
    movers.push_back(moverOf(false, c, captionNeighbourhood(a, c, k), captionNeighbourhood(b, c, k)));
  std::stable_sort(movers.begin(), movers.end(), [](const Mover &x, const Mover &y) {
    if (x.change != y.change) return x.change > y.change;
    const int dx = std::abs(x.partnerRankA - x.partnerRankB), dy = std::abs(y.partnerRankA - y.partnerRankB);
    if (dx != dy) return dx > dy;
    return x.isImage && !y.isImage;
  });
  return movers;
}

}  // namespace gs
