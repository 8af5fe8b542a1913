#pragma once
// What the Retrieval panel's two query tabs rank: the current run's test split in its joint space
// (the kept model), or the run's recorded sample at an epoch picked on a training curve
// (training/runs/epochspace.h). Both answer the tabs' two queries as RankedLists whose
// RankedRow::row indexes imageIds() or captions() here, so the tabs, the selection links and the
// export work the same on either.
//
// An epoch's space is vectors recorded during training, with no model behind them: it ranks the
// sample's own items only, and a sentence it can rank must be one of the sample's captions.

#include "analysis/rankedlist.h"
#include "analysis/vectorindex.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace gs {

class EpochSpace;
class JointSpace;

class RetrievalSource {
public:
  explicit RetrievalSource(std::shared_ptr<const JointSpace> space);
  // `imagePaths`: one per sample image ("" when unknown: no thumbnail).
  RetrievalSource(std::shared_ptr<const EpochSpace> epoch, QString runDir, QStringList imagePaths);
  RetrievalSource(const RetrievalSource &) = delete; // the row lists point into itself
  RetrievalSource &operator=(const RetrievalSource &) = delete;

  int epoch() const; // 0: the kept model
  QString runDir() const { return m_runDir; }
  const QStringList &imageIds() const { return *m_imageIds; }
  const QStringList &imagePaths() const { return *m_imagePaths; }
  const QStringList &captions() const { return *m_captions; }
  const std::vector<int> &captionImage() const { return *m_captionImage; }
  int imageCount() const { return int(m_imageIds->size()); }
  int captionCount() const { return int(m_captions->size()); }
  int imageRowOf(const QString &id) const; // -1 when absent
  IndexKind imageIndexKind() const;        // an epoch's sample is always ranked exactly
  IndexKind captionIndexKind() const;

  // The images for a sentence, the captions for image row `row`, as JointSpace::imagesForSentence
  // and captionsForImage list them (depth ≥ 0: the best `depth` rows). At an epoch, throws
  // std::invalid_argument when the sentence is not one of the sample's captions.
  RankedList imagesForSentence(const QString &sentence, int depth) const;
  RankedList captionsForImage(int row, int depth) const;

private:
  RankedList epochImages(const QString &sentence, int depth) const;
  RankedList epochCaptions(int row, int depth) const;

  std::shared_ptr<const JointSpace> m_space;
  std::shared_ptr<const EpochSpace> m_epoch;
  QString m_runDir;
  // The shown rows: the space's own lists, or the sample's (with paths looked up by the caller).
  const QStringList *m_imageIds = nullptr;
  const QStringList *m_captions = nullptr;
  const std::vector<int> *m_captionImage = nullptr;
  const QStringList *m_imagePaths = nullptr;
  QStringList m_samplePaths;
  QHash<QString, int> m_sampleRows; // image id → sample row
};

}  // namespace gs
