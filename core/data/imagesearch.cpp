#include "data/imagesearch.h"

#include "engine/jobcontext.h"

#include <QHash>

#include <algorithm>

namespace gs {

namespace {

QStringList captionWords(const CaptionRecord &caption) {
  return caption.tokens.isEmpty() ? caption.raw.split(QLatin1Char(' '), Qt::SkipEmptyParts) : caption.tokens;
}

}  // namespace

ImageSearchIndex ImageSearchIndex::build(const Dataset &dataset, JobContext *job) {
  QHash<QString, std::vector<int>> imagesOf;
  ImageSearchIndex index;
  const int images = int(dataset.images.size());
  for (int i = 0; i < images; ++i) {
    if (job && i % 4096 == 0) {
      job->checkpoint();
      job->setItemProgress(i, images, QStringLiteral("indexing caption words"));
    }
    const ImageRecord &image = dataset.images[std::size_t(i)];
    index.m_ids << image.id;
    for (int c : image.captions) {
      if (c < 0 || c >= int(dataset.captions.size())) continue;
      for (const QString &word : captionWords(dataset.captions[std::size_t(c)])) {
        std::vector<int> &list = imagesOf[word.toLower()];
        if (list.empty() || list.back() != i) list.push_back(i); // images arrive in order: ascending, once each
      }
    }
  }
  index.m_words = std::vector<QString>(imagesOf.keyBegin(), imagesOf.keyEnd());
  std::sort(index.m_words.begin(), index.m_words.end());
  index.m_images.reserve(index.m_words.size());
  for (const QString &word : index.m_words) index.m_images.push_back(std::move(imagesOf[word]));
  return index;
}

// Flags the images with a caption word that starts with `word`: the sorted words from `word` on,
// while they start with it.
void ImageSearchIndex::addPrefixMatches(const QString &word, std::vector<char> &hit) const {
  for (auto it = std::lower_bound(m_words.begin(), m_words.end(), word); it != m_words.end() && it->startsWith(word); ++it)
    for (int image : m_images[std::size_t(it - m_words.begin())]) hit[std::size_t(image)] = 1;
}

std::vector<char> ImageSearchIndex::matches(const QString &query) const {
  std::vector<char> shown(m_ids.size(), 1);
  const QStringList words = query.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
  std::vector<char> hit(m_ids.size());
  for (const QString &word : words) {
    std::fill(hit.begin(), hit.end(), 0);
    addPrefixMatches(word, hit);
    for (int i = 0; i < m_ids.size(); ++i)
      shown[std::size_t(i)] = shown[std::size_t(i)] && (hit[std::size_t(i)] || m_ids[i].contains(word, Qt::CaseInsensitive));
  }
  return shown;
}

}  // namespace gs
