#pragma once
// Where a run's joint space fails, on one split, in one pass: each test query's rank of its true
// partner sliced by linguistic and image features (slicefeatures.h, slices.h), retrieval with
// bootstrap intervals over the queries (retrievalintervals.h), hubs and hub-reducing re-ranking
// beside plain ranking (hubness.h, hubreranking.h), the modality gap on the split and at every
// recorded epoch (modalitygap.h, gaptrajectory.h), and plausible matches from concepts
// (plausiblematches.h). What `groundscope-cli analyze` prints; JSON for every number. Torch-free.

#include "analysis/captionconcepts.h"
#include "analysis/hubness.h"
#include "analysis/hubreranking.h"
#include "analysis/gaptrajectory.h"
#include "analysis/modalitygap.h"
#include "analysis/plausiblematches.h"
#include "analysis/slices.h"
#include "data/dataset.h"
#include "evaluation/retrievalintervals.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

class JobContext;

struct RunAnalysis {
  QString runDir;
  Split split = Split::Test;
  int images = 0, captions = 0;
  RetrievalIntervals intervals;
  Hubness hubs;
  HubReducedRetrieval reranked;
  ModalityGap gap;
  std::vector<GapEpoch> gapByEpoch;
  QStringList imageIds, captionTexts;
  std::vector<SliceReport> captionSlices; // text→image queries, one report per field
  std::vector<SliceReport> imageSlices;   // image→text queries
  std::vector<QueryFeatures> captionQueries; // per caption row: what its slices were cut by
  std::vector<QueryFeatures> imageQueries;   // per image row
  std::vector<int> captionImage;             // per caption row: its image row
  PlausibleRetrieval plausible;
  ConceptSource conceptSource = ConceptSource::None; // where the plausible matches' and concept slices' labels come from
  bool hasConcepts() const { return conceptSource != ConceptSource::None; }
  // {"run", "split", "retrieval", "hubs", "reranking", "gap", "gap_by_epoch", "slices", "plausible"}
  QJsonObject toJson() const;
};


struct RunAnalysisOptions {
  Split split = Split::Test;
  int neighbours = 10;      // nearest items per item for the modality gap's cross-modal share
  QStringList sliceFields;  // empty: every caption field (length, depth, nps, parse_status, relation:*), regions and meta:*
};

// Opens the run's dataset and embeds the split (JointSpace), parses its captions through the
// training parse cache, and computes every section. Throws std::runtime_error naming the folder or
// file when the run or its data cannot be opened. Cost: one embedding of the split, one parse per
// uncached caption, O(I·C·dim) scores, O((I+C)²·dim) for the gap's neighbours.
RunAnalysis analyzeRun(const QString &runDir, const RunAnalysisOptions &options = {}, JobContext *job = nullptr);

// Which queries a slice groups: captions searching images, or images searching captions.
enum class QueryDirection { TextToImage, ImageToText };

// The texts of the captions in slice `field`=`value` (a caption text that occurs twice is listed
// twice), in caption-row order; for an image→text slice, the captions of its images. Empty for an
// unknown field or value.
QStringList sliceCaptions(const RunAnalysis &analysis, const QString &field, const QString &value,
                          QueryDirection direction = QueryDirection::TextToImage);

}  // namespace gs
