#pragma once
// The Dataset dock's search as an index: every word of a query must match the image id (anywhere in
// it) or the start of a word of one of the image's captions, case-insensitively. Built once per
// dataset (off the GUI thread: at MS-COCO's 616,767 captions it takes about a second), a query then
// costs a binary search per word and a pass over the matching words' images, instead of a pass over
// every caption's text.

#include "data/dataset.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

class JobContext;

class ImageSearchIndex {
public:
  // Caption words are the caption's tokens, or its raw text split at spaces when it has none.
  // Honours job->checkpoint() between images.
  static ImageSearchIndex build(const Dataset &dataset, JobContext *job = nullptr);

  int imageCount() const { return int(m_ids.size()); }
  // One flag per image (1: shown); every image for a query without words.
  std::vector<char> matches(const QString &query) const;

private:
  void addPrefixMatches(const QString &word, std::vector<char> &hit) const;

  QStringList m_ids;                      // per image
  std::vector<QString> m_words;           // distinct lower-case caption words, sorted
  std::vector<std::vector<int>> m_images; // per word, the images with a caption holding it, ascending
};

}  // namespace gs
