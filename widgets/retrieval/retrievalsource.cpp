#include "retrieval/retrievalsource.h"

#include "analysis/jointspace.h"
#include "text/tokenizer.h"
#include "training/runs/epochspace.h"

#include <QCoreApplication>

#include <algorithm>
#include <stdexcept>

namespace gs {

namespace {
// Case and punctuation ignored, as JointSpace and EpochSpace match a sentence to a caption.
QString normalised(const QString &text) { return tokenize(text).join(QLatin1Char(' ')); }
}  // namespace

RetrievalSource::RetrievalSource(std::shared_ptr<const JointSpace> space)
    : m_space(std::move(space)), m_runDir(m_space->runDir()), m_imageIds(&m_space->imageIds()),
      m_captions(&m_space->captions()), m_captionImage(&m_space->captionImage()), m_imagePaths(&m_space->imagePaths()) {}

RetrievalSource::RetrievalSource(std::shared_ptr<const EpochSpace> epoch, QString runDir, QStringList imagePaths)
    : m_epoch(std::move(epoch)), m_runDir(std::move(runDir)), m_imageIds(&m_epoch->sample().imageIds),
      m_captions(&m_epoch->sample().captions), m_captionImage(&m_epoch->sample().captionImage),
      m_samplePaths(std::move(imagePaths)) {
  while (m_samplePaths.size() < m_imageIds->size()) m_samplePaths << QString();
  m_imagePaths = &m_samplePaths;
  for (int r = 0; r < int(m_imageIds->size()); ++r) m_sampleRows.insert(m_imageIds->at(r), r);
}

int RetrievalSource::epoch() const { return m_epoch ? m_epoch->epoch() : 0; }

int RetrievalSource::imageRowOf(const QString &id) const { return m_space ? m_space->imageRowOf(id) : m_sampleRows.value(id, -1); }

IndexKind RetrievalSource::imageIndexKind() const { return m_space ? m_space->imageIndexKind() : IndexKind::Flat; }
IndexKind RetrievalSource::captionIndexKind() const { return m_space ? m_space->captionIndexKind() : IndexKind::Flat; }

RankedList RetrievalSource::imagesForSentence(const QString &sentence, int depth) const {
  return m_space ? m_space->imagesForSentence(sentence, depth) : epochImages(sentence, depth);
}

RankedList RetrievalSource::captionsForImage(int row, int depth) const {
  return m_space ? m_space->captionsForImage(row, depth) : epochCaptions(row, depth);
}

// The sample's images for one of its captions; relevant are the images of every sample caption
// that reads like the sentence (JointSpace's rule, within the sample). O(images + captions).
RankedList RetrievalSource::epochImages(const QString &sentence, int depth) const {
  const int captionRow = m_epoch->captionRowOf(sentence);
  if (captionRow < 0)
    throw std::invalid_argument(
        QCoreApplication::translate("gs::RetrievalSource",
                                    "at epoch %1 only the recorded sample's own captions can be ranked (the recorded "
                                    "vectors cannot embed new text): pick one from the completions")
            .arg(m_epoch->epoch())
            .toStdString());
  std::vector<char> own(std::size_t(imageCount()), 0);
  const QString key = normalised(sentence);
  for (int c = 0; c < captionCount(); ++c)
    if (normalised(captions()[c]) == key) own[std::size_t(captionImage()[std::size_t(c)])] = 1;
  RankedList list;
  list.kind = RankedList::Kind::Images;
  list.query = sentence;
  list.run = m_runDir;
  list.candidates = imageCount();
  list.relevantCount = int(std::count(own.begin(), own.end(), 1));
  const std::vector<EpochSpace::Ranked> order = m_epoch->rankImages(captionRow);
  for (std::size_t r = 0; r < order.size(); ++r) {
    const int row = order[r].row;
    const bool relevant = own[std::size_t(row)];
    if (relevant && list.trueRank == 0) list.trueRank = int(r) + 1;
    if (depth < 0 || int(r) < depth)
      list.rows.push_back({int(r) + 1, imageIds()[row], imagePaths()[row], {}, double(order[r].score), relevant, row});
  }
  return list;
}

// The sample's captions for one of its images; relevant are the captions that describe it.
RankedList RetrievalSource::epochCaptions(int row, int depth) const {
  RankedList list;
  list.kind = RankedList::Kind::Captions;
  list.query = imageIds().value(row);
  list.run = m_runDir;
  list.candidates = captionCount();
  list.relevantCount = int(std::count(captionImage().begin(), captionImage().end(), row));
  const std::vector<EpochSpace::Ranked> order = m_epoch->rankCaptions(row);
  for (std::size_t r = 0; r < order.size(); ++r) {
    const int caption = order[r].row;
    const int image = captionImage()[std::size_t(caption)];
    const bool relevant = image == row;
    if (relevant && list.trueRank == 0) list.trueRank = int(r) + 1;
    if (depth < 0 || int(r) < depth)
      list.rows.push_back({int(r) + 1, imageIds().value(image), imagePaths().value(image), captions()[caption],
                           double(order[r].score), relevant, caption});
  }
  return list;
}

}  // namespace gs
