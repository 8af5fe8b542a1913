#include "analysis/mapmodel.h"

#include "analysis/jointspace.h"
#include "data/dataset.h"
#include "text/tokenizer.h"
#include "training/runs/runtrajectory.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <stdexcept>

namespace gs {

MapData MapData::fromJointSpace(const JointSpace &space) {
  MapData data;
  data.imageIds = space.imageIds();
  data.imagePaths = space.imagePaths();
  data.imageEmbeddings = space.imageEmbeddings();
  data.captions = space.captions();
  data.captionImage = space.captionImage();
  data.captionEmbeddings = space.captionEmbeddings();
  data.dim = space.dim();
  data.imageSplit = space.imageSplits();
  data.imagePredictedConcepts = space.predictedConcepts();
  data.captionWords = CaptionWordIndex::build(data.captions);
  if (double(space.imageCount()) * double(space.captionCount()) <= kMaxRankedPairs) {
    JointSpace::PartnerRanks ranks = space.partnerRanks();
    data.captionPartnerRank = std::move(ranks.captions);
    data.imagePartnerRank = std::move(ranks.images);
    data.captionLoss = std::move(ranks.captionLoss);
    data.imageLoss = std::move(ranks.imageLoss);
    data.imageOccurrence = std::move(ranks.imageOccurrence);
    data.captionOccurrence = std::move(ranks.captionOccurrence);
  }
  return data;
}

std::shared_ptr<const CaptionWordIndex> CaptionWordIndex::build(const QStringList &captions) {
  auto index = std::make_shared<CaptionWordIndex>();
  for (int c = 0; c < captions.size(); ++c)
    for (const QString &word : tokenize(captions[c])) {
      std::vector<int> &rows = index->rows[word];
      if (rows.empty() || rows.back() != c) rows.push_back(c); // a word twice in one caption counts once
    }
  return index;
}

MapData MapData::fromTrajectory(const TrajectorySample &sample, const std::vector<float> &vectors, const JointSpace *space) {
  if (vectors.size() != std::size_t(sample.itemCount()) * std::size_t(sample.dim))
    throw std::invalid_argument(QStringLiteral("MapData::fromTrajectory: %1 values for %2 items of dimension %3")
                                    .arg(vectors.size()).arg(sample.itemCount()).arg(sample.dim).toStdString());
  MapData data;
  data.imageIds = sample.imageIds;
  data.captions = sample.captions;
  data.captionImage = sample.captionImage;
  data.dim = sample.dim;
  const std::size_t split = std::size_t(sample.imageIds.size()) * std::size_t(sample.dim);
  data.imageEmbeddings.assign(vectors.begin(), vectors.begin() + std::ptrdiff_t(split));
  data.captionEmbeddings.assign(vectors.begin() + std::ptrdiff_t(split), vectors.end());
  const bool predicted = space && !space->predictedConcepts().empty();
  for (const QString &id : sample.imageIds) {
    const int row = space ? space->imageRowOf(id) : -1;
    data.imagePaths.append(row >= 0 ? space->imagePaths()[row] : QString());
    if (predicted) data.imagePredictedConcepts.push_back(row >= 0 ? space->predictedConcepts()[std::size_t(row)] : QStringList());
  }
  return data;
}

void MapData::addDatasetMetadata(const Dataset &dataset) {
  QHash<QString, int> imageIndex;
  for (int i = 0; i < int(dataset.images.size()); ++i) imageIndex.insert(dataset.images[std::size_t(i)].id, i);
  imageConcepts.assign(std::size_t(imageIds.size()), {});
  captionOrderSensitive.assign(std::size_t(captions.size()), 0);
  bool anyConcept = false;
  for (int r = 0; r < imageIds.size(); ++r) {
    const int image = imageIndex.value(imageIds[r], -1);
    if (image < 0) continue;
    imageConcepts[std::size_t(r)] = dataset.images[std::size_t(image)].concepts;
    anyConcept = anyConcept || !imageConcepts[std::size_t(r)].isEmpty();
  }
  for (int c = 0; c < captions.size(); ++c) {
    const int row = captionImage[std::size_t(c)];
    const int image = row >= 0 && row < imageIds.size() ? imageIndex.value(imageIds[row], -1) : -1;
    if (image < 0) continue;
    for (int k : dataset.images[std::size_t(image)].captions)
      if (dataset.captions[std::size_t(k)].raw == captions[c]) captionOrderSensitive[std::size_t(c)] = dataset.captions[std::size_t(k)].orderSensitive;
  }
  if (!anyConcept) imageConcepts.clear();
}

void MapModel::setData(MapData data) {
  const auto fail = [](const QString &message) {
    throw std::invalid_argument(QStringLiteral("MapModel::setData: %1").arg(message).toStdString());
  };
  const std::size_t images = std::size_t(data.imageIds.size()), captions = std::size_t(data.captions.size());
  if (data.dim <= 0 && images + captions > 0) fail(QStringLiteral("dimension must be positive (got %1)").arg(data.dim));
  if (data.imageEmbeddings.size() != images * std::size_t(std::max(0, data.dim)))
    fail(QStringLiteral("%1 image values for %2 images of dimension %3").arg(data.imageEmbeddings.size()).arg(images).arg(data.dim));
  if (data.captionEmbeddings.size() != captions * std::size_t(std::max(0, data.dim)))
    fail(QStringLiteral("%1 caption values for %2 captions of dimension %3").arg(data.captionEmbeddings.size()).arg(captions).arg(data.dim));
  if (data.captionImage.size() != captions)
    fail(QStringLiteral("%1 caption→image entries for %2 captions").arg(data.captionImage.size()).arg(captions));
  while (data.imagePaths.size() < data.imageIds.size()) data.imagePaths << QString();
  const auto optional = [&](std::size_t size, std::size_t expected, const char *what) {
    if (size != 0 && size != expected) fail(QStringLiteral("%1 %2 entries for %3 items").arg(size).arg(QLatin1String(what)).arg(expected));
  };
  optional(data.captionPartnerRank.size(), captions, "caption rank");
  optional(data.imagePartnerRank.size(), images, "image rank");
  optional(data.captionLoss.size(), captions, "caption loss");
  optional(data.imageLoss.size(), images, "image loss");
  optional(data.imageOccurrence.size(), images, "image k-occurrence");
  optional(data.captionOccurrence.size(), captions, "caption k-occurrence");
  optional(data.imageConcepts.size(), images, "image concept");
  optional(data.captionOrderSensitive.size(), captions, "order-sensitive");
  m_data = std::move(data);
  m_xy.clear();
  m_selection.clear();
  m_hidden.clear();
}

std::vector<int> MapModel::matchCaptions(const QString &query) const {
  std::vector<int> result;
  const QString q = query.trimmed();
  if (q.isEmpty()) return result;
  if (q.size() > 2 && q.startsWith(QLatin1Char('/')) && q.endsWith(QLatin1Char('/'))) {
    const QRegularExpression re(q.mid(1, q.size() - 2), QRegularExpression::CaseInsensitiveOption);
    if (!re.isValid())
      throw std::invalid_argument(QStringLiteral("%1 (at %2)").arg(re.errorString()).arg(re.patternErrorOffset()).toStdString());
    for (int c = 0; c < captionCount(); ++c)
      if (re.match(m_data.captions[c]).hasMatch()) result.push_back(captionItem(c));
    return result;
  }
  const QStringList words = tokenize(q);
  if (m_data.captionWords && !words.isEmpty()) return captionsWithWords(words);
  for (int c = 0; c < captionCount(); ++c) {
    const QStringList tokens = tokenize(m_data.captions[c]);
    bool all = !words.isEmpty();
    for (const QString &w : words) all = all && tokens.contains(w);
    if (all) result.push_back(captionItem(c));
  }
  return result;
}

// The caption rows holding every word: the index's lists intersected, shortest first.
std::vector<int> MapModel::captionsWithWords(const QStringList &words) const {
  std::vector<const std::vector<int> *> lists;
  for (const QString &word : words) {
    const auto found = m_data.captionWords->rows.constFind(word);
    if (found == m_data.captionWords->rows.constEnd()) return {};
    lists.push_back(&found.value());
  }
  std::sort(lists.begin(), lists.end(), [](const auto *a, const auto *b) { return a->size() < b->size(); });
  std::vector<int> rows = *lists.front(), kept;
  for (std::size_t l = 1; l < lists.size() && !rows.empty(); ++l) {
    kept.clear();
    std::set_intersection(rows.begin(), rows.end(), lists[l]->begin(), lists[l]->end(), std::back_inserter(kept));
    rows.swap(kept);
  }
  for (int &row : rows) row = captionItem(row);
  return rows;
}

namespace {
// The mean of rows [begin, end) of an n × dim row-major block.
std::vector<double> meanOfRows(const std::vector<float> &all, int dim, int begin, int end) {
  std::vector<double> mean(std::size_t(std::max(dim, 0)), 0.0);
  for (int r = begin; r < end; ++r)
    for (int k = 0; k < dim; ++k) mean[std::size_t(k)] += all[std::size_t(r) * dim + k];
  for (double &m : mean) m /= std::max(1, end - begin);
  return mean;
}
}  // namespace

std::vector<float> MapModel::uncentredEmbeddings() const {
  std::vector<float> all = m_data.imageEmbeddings;
  all.insert(all.end(), m_data.captionEmbeddings.begin(), m_data.captionEmbeddings.end());
  if (m_normalised && m_data.dim > 0)
    for (std::size_t row = 0; row + std::size_t(m_data.dim) <= all.size(); row += std::size_t(m_data.dim)) {
      double norm = 0;
      for (int k = 0; k < m_data.dim; ++k) norm += double(all[row + k]) * all[row + k];
      norm = std::sqrt(norm);
      if (norm > 0)
        for (int k = 0; k < m_data.dim; ++k) all[row + k] = float(all[row + k] / norm);
    }
  return all;
}

std::vector<float> MapModel::stackedEmbeddings() const {
  std::vector<float> all = uncentredEmbeddings();
  const int dim = m_data.dim, images = imageCount(), items = itemCount();
  if (!m_centred || dim <= 0 || images == 0 || images == items || all.size() != std::size_t(items) * dim) return all;
  for (const auto &[begin, end] : {std::pair{0, images}, std::pair{images, items}}) {
    const std::vector<double> mean = meanOfRows(all, dim, begin, end);
    for (int r = begin; r < end; ++r)
      for (int k = 0; k < dim; ++k) all[std::size_t(r) * dim + k] = float(all[std::size_t(r) * dim + k] - mean[std::size_t(k)]);
  }
  return all;
}

MapModel::ModalityGap MapModel::modalityGap() const {
  ModalityGap gap;
  const int dim = m_data.dim, images = imageCount(), items = itemCount();
  if (dim <= 0 || images == 0 || images == items) return gap;
  const std::vector<float> all = uncentredEmbeddings();
  if (all.size() != std::size_t(items) * dim) return gap;
  const std::vector<double> a = meanOfRows(all, dim, 0, images), b = meanOfRows(all, dim, images, items);
  double squared = 0;
  for (int k = 0; k < dim; ++k) squared += (a[std::size_t(k)] - b[std::size_t(k)]) * (a[std::size_t(k)] - b[std::size_t(k)]);
  gap.distance = std::sqrt(squared);
  double spread = 0;
  for (int r = 0; r < items; ++r) {
    const std::vector<double> &mean = r < images ? a : b;
    double d = 0;
    for (int k = 0; k < dim; ++k) {
      const double x = all[std::size_t(r) * dim + k] - mean[std::size_t(k)];
      d += x * x;
    }
    spread += std::sqrt(d);
  }
  spread /= items;
  gap.relative = spread > 0 ? gap.distance / spread : 0;
  return gap;
}

std::vector<int> MapModel::itemsMatching(const MapModel &other, const std::vector<int> &items) const {
  const auto captionKey = [](const MapData &d, int row) -> QString { // not a QStringBuilder of temporaries
    const int image = d.captionImage[std::size_t(row)];
    return d.captions[row] + QChar(0x1f) + (image >= 0 && image < d.imageIds.size() ? d.imageIds[image] : QString());
  };
  QHash<QString, int> images, captions;
  for (int r = 0; r < imageCount(); ++r) images.insert(m_data.imageIds[r], imageItem(r));
  for (int r = 0; r < captionCount(); ++r) captions.insert(captionKey(m_data, r), captionItem(r));
  std::vector<int> found;
  for (int item : items) {
    if (item < 0 || item >= other.itemCount()) continue;
    const int row = other.row(item);
    const int mine = other.kind(item) == MapItemKind::Image ? images.value(other.data().imageIds[row], -1)
                                                            : captions.value(captionKey(other.data(), row), -1);
    if (mine >= 0) found.push_back(mine);
  }
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  return found;
}

bool MapModel::sameItemsAs(const MapModel &other) const {
  return m_data.imageIds == other.m_data.imageIds && m_data.captions == other.m_data.captions &&
         m_data.captionImage == other.m_data.captionImage;
}

void MapModel::setPositions(std::vector<float> xy) {
  if (xy.size() != std::size_t(itemCount()) * 2)
    throw std::invalid_argument(QStringLiteral("MapModel::setPositions: %1 values for %2 items (expected %3)")
                                    .arg(xy.size()).arg(itemCount()).arg(2 * itemCount()).toStdString());
  m_xy = std::move(xy);
}

QRectF MapModel::bounds() const {
  if (m_xy.empty()) return {};
  double minX = m_xy[0], maxX = m_xy[0], minY = m_xy[1], maxY = m_xy[1];
  for (std::size_t k = 0; k < m_xy.size(); k += 2) {
    minX = std::min(minX, double(m_xy[k]));
    maxX = std::max(maxX, double(m_xy[k]));
    minY = std::min(minY, double(m_xy[k + 1]));
    maxY = std::max(maxY, double(m_xy[k + 1]));
  }
  return QRectF(QPointF(minX, minY), QPointF(maxX, maxY));
}

std::vector<std::pair<int, int>> MapModel::links() const {
  std::vector<std::pair<int, int>> result;
  for (int c = 0; c < captionCount(); ++c) {
    const int image = m_data.captionImage[std::size_t(c)];
    if (image >= 0 && image < imageCount()) result.emplace_back(imageItem(image), captionItem(c));
  }
  return result;
}

std::vector<int> MapModel::itemsInRect(const QRectF &rect) const {
  const QRectF r = rect.normalized();
  return itemsWhere([&r](const QPointF &p) { return p.x() >= r.left() && p.x() <= r.right() && p.y() >= r.top() && p.y() <= r.bottom(); });
}

std::vector<int> MapModel::itemsWhere(const std::function<bool(const QPointF &)> &inside) const {
  std::vector<int> result;
  if (m_xy.empty()) return result;
  for (int item = 0; item < itemCount(); ++item) {
    if (!hidden(item) && inside(position(item))) result.push_back(item);
  }
  return result;
}

int MapModel::itemAt(const std::function<QPointF(QPointF)> &toPixel, const QPointF &pixel, double radius) const {
  if (m_xy.empty()) return -1;
  int best = -1;
  double bestDistance = radius * radius;
  for (int item = 0; item < itemCount(); ++item) {
    if (hidden(item)) continue;
    const QPointF p = toPixel(position(item)) - pixel;
    const double d = p.x() * p.x() + p.y() * p.y();
    if (d <= bestDistance) {
      bestDistance = d;
      best = item;
    }
  }
  return best;
}

QString MapModel::label(int item) const {
  if (item < 0 || item >= itemCount()) return {};
  if (kind(item) == MapItemKind::Image) return QStringLiteral("image %1").arg(m_data.imageIds[row(item)]);
  return m_data.captions[row(item)];
}

QString MapModel::toolTip(int item) const {
  if (item < 0 || item >= itemCount()) return {};
  if (kind(item) == MapItemKind::Image) return label(item);
  const int image = m_data.captionImage[std::size_t(row(item))];
  return image >= 0 && image < imageCount() ? QStringLiteral("“%1”\n(caption of image %2)").arg(label(item), m_data.imageIds[image])
                                             : QStringLiteral("“%1”").arg(label(item));
}

}  // namespace gs
