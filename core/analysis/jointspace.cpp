#include "analysis/jointspace.h"

#include "engine/jobcontext.h"
#include "evaluation/retrieval.h"
#include "io/atomicfile.h"
#include "text/tokenizer.h"
#include "training/runs/runfolder.h"
#include "inference/trainedmodel.h"
#include "training/trainingsource.h"
#include "vision/features.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QHash>

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace gs {

ScoreKind JointSpace::scoreKind() const { return m_trained->scoreKind(); }

JointSpace::~JointSpace() = default;

namespace {
// A caption as matched against a typed sentence: its tokens, so case and punctuation do not count.
QString normalised(const QString &text) { return tokenize(text).join(QLatin1Char(' ')); }

struct Scored {
  float score = 0;
  int row = -1;
};

// Keeps best[0 … size) the k best items offered so far, best first by ranksAbove (score, then lower
// row: a total order, so the offering order does not matter). O(1) for an item that does not make
// the list, O(k) for one that does.
void keepBest(Scored *best, int &size, int k, Scored item) {
  if (k <= 0 || (size == k && !ranksAbove(item.score, item.row, best[k - 1].score, best[k - 1].row))) return;
  int at = size < k ? size++ : k - 1;
  for (; at > 0 && ranksAbove(item.score, item.row, best[at - 1].score, best[at - 1].row); --at) best[at] = best[at - 1];
  best[at] = item;
}

// The k-occurrence N_k of every image and caption (hubness.h's definition: images counted in
// captions' top-k images, captions in images' top-k captions, ties by ranksAbove) from the score
// matrix fed in blocks of captions, so no images × captions matrix is held. A caption's top-k
// images lie within its block; each image keeps its running top-k captions (images × k entries)
// across blocks. Cost O(I·C) for the scores seen plus O(k) per list change.
class OccurrenceCounter {
public:
  OccurrenceCounter(int images, int captions, int k)
      : m_images(images), m_captions(captions), m_imageK(std::min(k, images)), m_captionK(std::min(k, captions)),
        m_bestCaptions(std::size_t(images) * std::size_t(m_captionK)), m_bestCaptionCount(std::size_t(images), 0),
        m_imageOccurrence(std::size_t(images), 0) {}

  // scores: images × count, row-major, for caption rows begin … begin + count − 1; blocks in
  // ascending order, each once.
  void addBlock(const std::vector<float> &scores, int begin, int count) {
    m_bestImages.assign(std::size_t(count) * std::size_t(m_imageK), {});
    m_bestImageCount.assign(std::size_t(count), 0);
    for (int i = 0; i < m_images; ++i) {
      const float *row = scores.data() + std::size_t(i) * std::size_t(count);
      Scored *imageBest = m_bestCaptions.data() + std::size_t(i) * std::size_t(m_captionK);
      for (int c = 0; c < count; ++c) {
        keepBest(imageBest, m_bestCaptionCount[std::size_t(i)], m_captionK, {row[c], begin + c});
        keepBest(m_bestImages.data() + std::size_t(c) * std::size_t(m_imageK), m_bestImageCount[std::size_t(c)], m_imageK, {row[c], i});
      }
    }
    for (int c = 0; c < count; ++c)
      for (int r = 0; r < m_bestImageCount[std::size_t(c)]; ++r)
        ++m_imageOccurrence[std::size_t(m_bestImages[std::size_t(c) * std::size_t(m_imageK) + std::size_t(r)].row)];
  }

  // After the last block: N_k per image row and per caption row.
  std::pair<std::vector<int>, std::vector<int>> counts() const {
    std::vector<int> captionOccurrence(std::size_t(m_captions), 0);
    for (int i = 0; i < m_images; ++i)
      for (int r = 0; r < m_bestCaptionCount[std::size_t(i)]; ++r)
        ++captionOccurrence[std::size_t(m_bestCaptions[std::size_t(i) * std::size_t(m_captionK) + std::size_t(r)].row)];
    return {m_imageOccurrence, std::move(captionOccurrence)};
  }

private:
  int m_images, m_captions, m_imageK, m_captionK;
  std::vector<Scored> m_bestCaptions; // per image: its best captions so far, best first
  std::vector<int> m_bestCaptionCount;
  std::vector<Scored> m_bestImages; // per caption of the current block: its best images
  std::vector<int> m_bestImageCount;
  std::vector<int> m_imageOccurrence;
};
}  // namespace

std::shared_ptr<const JointSpace> JointSpace::open(const QString &runDir, Split split, JobContext *job,
                                                   std::shared_ptr<const Dataset> dataset, const IndexOptions &index) {
  return openSplits(runDir, split, job, std::move(dataset), index);
}

std::shared_ptr<const JointSpace> JointSpace::openAll(const QString &runDir, JobContext *job, std::shared_ptr<const Dataset> dataset,
                                                      const IndexOptions &index) {
  return openSplits(runDir, std::nullopt, job, std::move(dataset), index);
}

std::shared_ptr<const JointSpace> JointSpace::openSplits(const QString &runDir, std::optional<Split> split, JobContext *job,
                                                         std::shared_ptr<const Dataset> dataset, const IndexOptions &index) {
  std::shared_ptr<JointSpace> space(new JointSpace);
  space->m_runDir = runDir;
  space->m_split = split.value_or(Split::Unassigned);
  space->m_allSplits = !split;
  if (job) job->setProgress(0.05, QObject::tr("opening %1").arg(runDir));
  space->m_trained = std::make_shared<TrainedModel>(TrainedModel::open(runDir));
  const TrainedModel &model = *space->m_trained;
  space->m_model = model.config().modelName();
  space->m_dim = model.dim();
  space->m_featureDim = model.featureDim();

  const TrainingSource source = RunFolder(runDir).source();
  space->m_datasetPath = source.datasetPath;
  const TrainingData data = prepareTrainingData(source, dataset.get(), job);
  space->m_dataImageIds = data.imageIds;
  space->m_dataImagePaths = data.imagePaths;
  space->m_featuresFolder = data.source.value(QStringLiteral("features")).toString();
  if (job) job->checkpoint();
  std::vector<int> images, captions;
  if (split) {
    images = data.imagesIn(*split);
    captions = data.captionsIn(*split);
  } else {
    for (int i = 0; i < data.imageCount(); ++i) images.push_back(i);
    for (int c = 0; c < int(data.captions.size()); ++c) captions.push_back(c);
  }
  if (images.empty())
    throw std::runtime_error(QStringLiteral("%1: the run's data has no %2images").arg(runDir, split ? splitName(*split) + QLatin1Char(' ') : QString()).toStdString());
  QHash<int, int> rowOfDataImage;
  for (int i : images) {
    rowOfDataImage.insert(i, space->imageCount());
    space->m_imageIds << data.imageIds[i];
    space->m_imageSplits.push_back(data.imageSplits[std::size_t(i)]);
    if (data.hasConcepts()) { // features are [x | p]: the concept scores follow the context
      QStringList present;
      const float *p = data.imageFeatures.data() + std::size_t(i) * data.featureDim + data.contextDim;
      for (int k = 0; k < data.conceptCount(); ++k)
        if (p[k] >= kConceptPresent) present << data.conceptNames[k];
      space->m_predictedConcepts.push_back(present);
    }
    space->m_imagePaths << data.imagePaths.value(i);
    space->m_imageFeatures.insert(space->m_imageFeatures.end(),
                                  data.imageFeatures.begin() + std::size_t(i) * data.featureDim,
                                  data.imageFeatures.begin() + std::size_t(i + 1) * data.featureDim);
  }
  std::vector<TrainingCaption> texts;
  for (int c : captions) {
    texts.push_back(data.captions[c]);
    space->m_captions << data.captions[c].raw;
    space->m_captionImage.push_back(rowOfDataImage.value(data.captions[c].image, -1));
    QList<int> &images = space->m_imagesOfCaption[normalised(data.captions[c].raw)];
    if (!images.contains(space->m_captionImage.back())) images << space->m_captionImage.back();
  }
  if (job) job->setProgress(0.6, QObject::tr("embedding %1 images and %2 captions").arg(images.size()).arg(texts.size()));
  space->m_imageEmbeddings = model.embedImages(space->m_imageFeatures, space->imageCount());
  if (job) job->checkpoint();
  space->m_captionEmbeddings = model.embedCaptions(texts);
  space->attachIndexes(index, job);
  if (job) job->setProgress(1.0, QObject::tr("done"));
  return space;
}

// Flat indexes are copies of the embeddings, built in milliseconds; HNSW and IVF-PQ take minutes on
// large collections, so they are saved as RUN/index/SPLIT-SIDE-KIND.gsindex beside a .json holding
// the SHA-1 of the embeddings they index, and reused while it matches (a retrained run, another
// dataset or split gives other embeddings, hence a rebuild). A run folder that cannot be written
// to costs a rebuild next time, not a failure.
void JointSpace::attachIndexes(const IndexOptions &requested, JobContext *job) {
  const ScoreKind score = m_trained->scoreKind();
  const QString folder = QDir(m_runDir).filePath(QStringLiteral("index"));
  const QString splitPart = m_allSplits ? QStringLiteral("all") : splitName(m_split);
  bool allReused = true;
  const auto indexOf = [&](const std::vector<float> &embeddings, int rows, const QString &side) -> std::shared_ptr<const VectorIndex> {
    IndexOptions options = requested;
    options.kind = resolvedIndexKind(requested.kind, rows);
    if (options.kind == IndexKind::IvfPq && rows < 256) { // too few rows to train codes: search them exactly
      if (job) job->log(QStringLiteral("%1 %2: too few for IVF-PQ, searched exactly").arg(rows).arg(side));
      options.kind = IndexKind::Flat;
    }
    if (options.kind == IndexKind::Flat) return VectorIndex::build(embeddings.data(), rows, m_dim, score, options, job);
    const QString path = QDir(folder).filePath(QStringLiteral("%1-%2-%3.gsindex").arg(splitPart, side, QLatin1String(indexKindName(options.kind))));
    const QByteArray fingerprint =
        QCryptographicHash::hash(QByteArray::fromRawData(reinterpret_cast<const char *>(embeddings.data()), qsizetype(embeddings.size() * sizeof(float))),
                                 QCryptographicHash::Sha1)
            .toHex();
    QFile sidecar(path + QStringLiteral(".json"));
    if (sidecar.open(QIODevice::ReadOnly) &&
        QJsonDocument::fromJson(sidecar.readAll()).object().value(QStringLiteral("embeddings_sha1")).toString().toLatin1() == fingerprint) {
      try {
        auto index = VectorIndex::load(path);
        if (index->size() == rows && index->dim() == m_dim && index->kind() == options.kind && index->scoreKind() == score) return index;
      } catch (const std::runtime_error &error) {
        if (job) job->log(QStringLiteral("%1; building it again").arg(QString::fromUtf8(error.what())));
      }
    }
    allReused = false;
    if (job) job->setProgress(-1, QObject::tr("building the %1 index of %2 %3").arg(QLatin1String(indexKindName(options.kind))).arg(rows).arg(side));
    std::shared_ptr<const VectorIndex> index = VectorIndex::build(embeddings.data(), rows, m_dim, score, options, job);
    try {
      if (!QDir().mkpath(folder)) throw std::runtime_error(QStringLiteral("%1: cannot create the folder").arg(folder).toStdString());
      index->save(path);
      writeFileAtomically(path + QStringLiteral(".json"),
                          QJsonDocument(QJsonObject{{QStringLiteral("embeddings_sha1"), QString::fromLatin1(fingerprint)},
                                                    {QStringLiteral("rows"), rows}, {QStringLiteral("dim"), m_dim},
                                                    {QStringLiteral("kind"), QLatin1String(indexKindName(options.kind))}})
                              .toJson());
    } catch (const std::runtime_error &error) {
      if (job) job->log(QStringLiteral("the index is not saved (%1); it will be built again next time").arg(QString::fromUtf8(error.what())));
    }
    return index;
  };
  m_imageIndex = indexOf(m_imageEmbeddings, imageCount(), QStringLiteral("images"));
  m_captionIndex = captionCount() > 0 ? indexOf(m_captionEmbeddings, captionCount(), QStringLiteral("captions")) : nullptr;
  m_indexReused = indexKind() != IndexKind::Flat && allReused;
}

std::vector<JointSpace::Ranked> JointSpace::searched(const VectorIndex &index, const std::vector<float> &query, int depth) const {
  const long long size = index.size();
  if (depth < 0) depth = int(index.exact() ? size : std::min<long long>(size, kApproximateDepth));
  std::vector<Ranked> out;
  out.reserve(std::size_t(depth));
  if (index.exact() && depth == size) {
    // The whole ranking: every row's score in one pass, then one sort (bench_retrievaldock).
    const std::vector<float> scores = index.scoreAll(query);
    for (std::size_t row = 0; row < scores.size(); ++row) out.push_back({int(row), scores[row]});
  } else {
    for (const IndexHit &hit : index.search(query, depth))
      if (hit.row >= 0) out.push_back({hit.row, hit.score});
  }
  std::sort(out.begin(), out.end(), [](const Ranked &a, const Ranked &b) { return ranksAbove(float(a.score), a.row, float(b.score), b.row); });
  return out;
}

std::vector<float> JointSpace::imageFeatures(int row) const {
  if (row < 0 || row >= imageCount()) throw std::out_of_range("JointSpace::imageFeatures: no image row " + std::to_string(row));
  return std::vector<float>(m_imageFeatures.begin() + std::size_t(row) * m_featureDim,
                            m_imageFeatures.begin() + std::size_t(row + 1) * m_featureDim);
}

int JointSpace::imageRowOf(const QString &id) const { return int(m_imageIds.indexOf(id)); }

std::vector<JointSpace::Ranked> JointSpace::rankImagesForSentence(const QString &sentence) const {
  const QStringList tokens = tokenize(sentence);
  if (tokens.isEmpty()) throw std::invalid_argument("JointSpace::rankImagesForSentence: the sentence has no words");
  const std::vector<float> y = m_trained->embedCaptions({TrainingCaption{sentence, tokens, -1, false, nullptr}});
  return searched(*m_imageIndex, y);
}

std::vector<JointSpace::Ranked> JointSpace::rankImagesForVector(const std::vector<float> &joint) const {
  if (int(joint.size()) != m_dim)
    throw std::invalid_argument("JointSpace::rankImagesForVector: expected " + std::to_string(m_dim) + " values, got " +
                                std::to_string(joint.size()));
  return searched(*m_imageIndex, joint);
}

std::vector<JointSpace::Ranked> JointSpace::rankCaptionsForImage(int row) const {
  if (row < 0 || row >= imageCount())
    throw std::out_of_range("JointSpace::rankCaptionsForImage: no image row " + std::to_string(row));
  return rankCaptionsForEmbedding(std::vector<float>(m_imageEmbeddings.begin() + std::size_t(row) * m_dim,
                                                     m_imageEmbeddings.begin() + std::size_t(row + 1) * m_dim));
}

std::vector<JointSpace::Ranked> JointSpace::rankCaptionsForEmbedding(const std::vector<float> &imageEmbedding) const {
  if (!m_captionIndex) return {};
  return searched(*m_captionIndex, imageEmbedding);
}

JointSpace::Neighbours JointSpace::neighboursOf(const std::vector<float> &joint, int k, int selfImage, int selfCaption) const {
  Neighbours out;
  for (const Ranked &r : searched(*m_imageIndex, joint, k + 1))
    if (r.row != selfImage && int(out.images.size()) < k) out.images.push_back(r);
  if (m_captionIndex)
    for (const Ranked &r : searched(*m_captionIndex, joint, k + 1))
      if (r.row != selfCaption && int(out.captions.size()) < k) out.captions.push_back(r);
  return out;
}

JointSpace::Neighbours JointSpace::neighboursOfImage(int row, int k) const {
  if (row < 0 || row >= imageCount()) throw std::out_of_range("JointSpace::neighboursOfImage: no image row " + std::to_string(row));
  return neighboursOf(std::vector<float>(m_imageEmbeddings.begin() + std::size_t(row) * m_dim,
                                         m_imageEmbeddings.begin() + std::size_t(row + 1) * m_dim),
                      k, row, -1);
}

JointSpace::Neighbours JointSpace::neighboursOfCaption(int row, int k) const {
  if (row < 0 || row >= captionCount())
    throw std::out_of_range("JointSpace::neighboursOfCaption: no caption row " + std::to_string(row));
  return neighboursOf(std::vector<float>(m_captionEmbeddings.begin() + std::size_t(row) * m_dim,
                                         m_captionEmbeddings.begin() + std::size_t(row + 1) * m_dim),
                      k, -1, row);
}

JointSpace::PartnerRanks JointSpace::partnerRanks() const {
  const int images = imageCount(), captions = captionCount();
  // The score of each caption with its own image, then, block by block, how many images outscore
  // it (the caption's rank) and how many captions outscore each image's own ones.
  std::vector<float> own(std::size_t(captions), 0.0f);
  std::vector<int> imageBest(std::size_t(images), 0), captionRank(std::size_t(captions), 0);
  std::vector<std::vector<int>> ownCaptions(static_cast<std::size_t>(images));
  for (int c = 0; c < captions; ++c) {
    const int image = m_captionImage[std::size_t(c)];
    if (image >= 0 && image < images) ownCaptions[std::size_t(image)].push_back(c);
  }
  std::vector<int> above(std::size_t(captions), 0); // per caption: captions its image ranks higher
  std::vector<float> captionLoss(std::size_t(captions), 0.0f), imageSideLoss(std::size_t(captions), 0.0f);
  const float margin = float(m_trained->config().margin);
  OccurrenceCounter occurrence(images, captions, kOccurrenceK);
  for (int pass = 0; pass < 2; ++pass)
    for (int begin = 0; begin < captions; begin += kScoreBlock) {
      const int count = std::min(kScoreBlock, captions - begin);
      const std::vector<float> block(m_captionEmbeddings.begin() + std::size_t(begin) * m_dim,
                                     m_captionEmbeddings.begin() + std::size_t(begin + count) * m_dim);
      const std::vector<float> scores = m_trained->score(m_imageEmbeddings, images, block, count); // [images, count]
      const auto at = [&](int i, int c) { return scores[std::size_t(i) * std::size_t(count) + std::size_t(c - begin)]; };
      if (pass == 0) occurrence.addBlock(scores, begin, count);
      for (int c = begin; c < begin + count; ++c) {
        const int image = m_captionImage[std::size_t(c)];
        if (image < 0 || image >= images) continue;
        if (pass == 0) {
          own[std::size_t(c)] = at(image, c);
          int higher = 0;
          float loss = 0;
          for (int i = 0; i < images; ++i) {
            higher += ranksAbove(at(i, c), i, own[std::size_t(c)], image);
            if (i != image) loss += std::max(0.0f, margin - own[std::size_t(c)] + at(i, c));
          }
          captionRank[std::size_t(c)] = higher + 1;
          captionLoss[std::size_t(c)] = loss;
        }
      }
      if (pass == 1)
        for (int i = 0; i < images; ++i)
          for (int mine : ownCaptions[std::size_t(i)])
            for (int c = begin; c < begin + count; ++c) {
              above[std::size_t(mine)] += ranksAbove(at(i, c), c, own[std::size_t(mine)], mine);
              if (m_captionImage[std::size_t(c)] != i) imageSideLoss[std::size_t(mine)] += std::max(0.0f, margin - own[std::size_t(mine)] + at(i, c));
            }
    }
  std::vector<float> imageLoss(std::size_t(images), 0.0f);
  for (int i = 0; i < images; ++i) {
    for (int mine : ownCaptions[std::size_t(i)]) imageLoss[std::size_t(i)] += imageSideLoss[std::size_t(mine)];
    if (!ownCaptions[std::size_t(i)].empty()) imageLoss[std::size_t(i)] /= float(ownCaptions[std::size_t(i)].size());
  }
  for (int i = 0; i < images; ++i)
    for (int mine : ownCaptions[std::size_t(i)]) {
      const int rank = above[std::size_t(mine)] + 1;
      if (imageBest[std::size_t(i)] == 0 || rank < imageBest[std::size_t(i)]) imageBest[std::size_t(i)] = rank;
    }
  PartnerRanks out{std::move(captionRank), std::move(imageBest), std::move(captionLoss), std::move(imageLoss), {}, {}};
  if (images > 0 && captions > 0) std::tie(out.imageOccurrence, out.captionOccurrence) = occurrence.counts();
  return out;
}

int JointSpace::rankOf(const std::vector<Ranked> &ranked, int imageRow) {
  for (std::size_t r = 0; r < ranked.size(); ++r)
    if (ranked[r].row == imageRow) return int(r) + 1;
  return 0;
}

QList<int> JointSpace::imagesDescribedBy(const QString &sentence) const {
  return m_imagesOfCaption.value(normalised(sentence));
}

RankedList JointSpace::imagesForSentence(const QString &sentence, int depth) const {
  const std::vector<Ranked> order = rankImagesForSentence(sentence);
  const QList<int> own = imagesDescribedBy(sentence);
  std::vector<char> isOwn(std::size_t(imageCount()), 0);
  for (int row : own) isOwn[std::size_t(row)] = 1;
  RankedList list;
  list.kind = RankedList::Kind::Images;
  list.query = sentence;
  list.run = m_runDir;
  list.candidates = imageCount(); // all were searched; an approximate index returns the best of them
  list.relevantCount = int(own.size());
  const std::size_t rows = depth < 0 ? order.size() : std::min(order.size(), std::size_t(depth));
  list.rows.reserve(rows);
  for (std::size_t r = 0; r < order.size(); ++r) {
    const int row = order[r].row;
    const bool relevant = isOwn[std::size_t(row)];
    if (relevant && list.trueRank == 0) list.trueRank = int(r) + 1;
    if (r < rows) list.rows.push_back({int(r) + 1, m_imageIds[row], m_imagePaths.value(row), {}, double(order[r].score), relevant, row});
    else if (list.trueRank > 0 || own.isEmpty()) break; // beyond the listed rows only the true rank was wanted
  }
  return list;
}

RankedList JointSpace::captionList(const std::vector<Ranked> &order, const QString &query, int ownRow, int depth) const {
  RankedList list;
  list.kind = RankedList::Kind::Captions;
  list.query = query;
  list.run = m_runDir;
  list.candidates = captionCount();
  if (ownRow >= 0) list.relevantCount = int(std::count(m_captionImage.begin(), m_captionImage.end(), ownRow));
  const std::size_t rows = depth < 0 ? order.size() : std::min(order.size(), std::size_t(depth));
  list.rows.reserve(rows);
  for (std::size_t r = 0; r < order.size(); ++r) {
    const int row = order[r].row;
    const int image = m_captionImage[std::size_t(row)];
    const bool relevant = ownRow >= 0 && image == ownRow;
    if (relevant && list.trueRank == 0) list.trueRank = int(r) + 1;
    if (r < rows)
      list.rows.push_back({int(r) + 1, image >= 0 ? m_imageIds[image] : QString(), image >= 0 ? m_imagePaths.value(image) : QString(),
                           m_captions[row], double(order[r].score), relevant, row});
    else if (list.trueRank > 0 || list.relevantCount == 0) break;
  }
  return list;
}

RankedList JointSpace::captionsForImage(int row, int depth) const {
  return captionList(rankCaptionsForImage(row), m_imageIds.value(row), row, depth);
}

RankedList JointSpace::captionsForImage(const QString &image) const {
  const QString absolute = QFileInfo(image).absoluteFilePath();
  int dataRow = -1;
  for (int i = 0; i < m_dataImageIds.size() && dataRow < 0; ++i)
    if (m_dataImageIds[i] == image || m_dataImagePaths.value(i) == absolute ||
        QFileInfo(m_dataImagePaths.value(i)).fileName() == image)
      dataRow = i;
  if (dataRow < 0)
    throw std::invalid_argument(QStringLiteral("%1: not an image of %2 with features; query with one of its images")
                                    .arg(image, m_datasetPath)
                                    .toStdString());
  const QString id = m_dataImageIds[dataRow];
  const int splitRow = imageRowOf(id);
  if (splitRow >= 0) return captionList(rankCaptionsForImage(splitRow), id, splitRow);
  const std::vector<float> v = m_trained->embedImages(featuresOfDataImage(dataRow), 1);
  return captionList(rankCaptionsForEmbedding(v), id, -1);
}

std::vector<float> JointSpace::featuresOfDataImage(int dataRow) const {
  // Memory-mapped: opening the set reads its id table, not the features.
  const FeatureSet set = loadFeatures(m_featuresFolder);
  const int r = set.rowOf(m_dataImageIds[dataRow]);
  if (r < 0 || set.dim() != m_featureDim)
    throw std::runtime_error(QStringLiteral("%1: no %2-d features for image %3")
                                 .arg(m_featuresFolder)
                                 .arg(m_featureDim)
                                 .arg(m_dataImageIds[dataRow])
                                 .toStdString());
  return std::vector<float>(set.row(r), set.row(r) + set.dim());
}

}  // namespace gs
