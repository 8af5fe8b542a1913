#pragma once
// A trained run's map without the Map panel, for `groundscope-cli map`: one split (or every split)
// of the run in a MapModel, laid out once (layoutAfter) and scored by how well the layout keeps
// each item's nearest neighbours; or the run's recorded epochs (runtrajectory.h), each laid out
// from the previous epoch's map (alignedLayouts) with how far the items moved. Colourings and
// figures are the figures library's (figures/mapcolouring.h, figures/mapfigure.h). Torch-free.

#include "analysis/layoutsequence.h"
#include "analysis/mapclusters.h"
#include "analysis/mapmodel.h"
#include "training/runs/runtrajectory.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace gs {

class JobContext;

constexpr int kMapPreservationSample = 2000; // items scored for the neighbourhood preservation
constexpr int kMaxMapLabels = 15;            // cluster labels a figure stays readable with

// Which of a run's items are mapped, how their vectors are prepared (as the Map panel's options)
// and how they are laid out.
struct RunMapOptions {
  bool allSplits = false;        // every image of the run's data; `split` is then ignored
  Split split = Split::Test;
  bool normalised = true;        // MapModel::setNormalised
  bool centredModalities = true; // MapModel::setCentredModalities
  LayoutSequenceOptions layout;  // lowered to what the items allow (fittedToItems) before it runs
};

// "the test split", "all splits": the mapped items, for messages and reports.
QString runMapSplitLabel(const RunMapOptions &options);

// A figure title's name of the layout: layoutMethodTitle, or t-SNE with the repulsion the options
// name ("t-SNE (FFT)").
QString layoutTitle(const LayoutSequenceOptions &options);

// The finest level of summariseMap with at most `maxLabels` clusters (the coarsest level when none
// is that small); empty without a layout.
std::vector<MapCluster> labelledClusters(const MapModel &model, int maxLabels = kMaxMapLabels);

// One split's map.
struct RunMap {
  MapModel model;
  QString modelName;       // the run's model, for a figure's title
  double preservation = 0; // share of each item's 10 nearest neighbours kept on the map
};

// The run's split (all splits with options.allSplits) embedded in its joint space (JointSpace::open,
// openAll: one forward pass) with the dataset's metadata, in map.model; no layout yet, so that what
// depends on the data alone (a colouring, a search) can be checked before the layout's cost.
void openRunMap(const QString &runDir, const RunMapOptions &options, RunMap &map, JobContext *job);
// Lays out map.model and scores its neighbourhood preservation (kMapPreservationSample items).
// Throws std::runtime_error naming the run for fewer than 3 items.
void layOutRunMap(const QString &runDir, const RunMapOptions &options, RunMap &map, JobContext *job);
// preservation, images, captions, modality_gap, modality_gap_relative and modalities_centred.
QJsonObject runMapSummary(const RunMap &map);

// One recorded epoch's map.
struct RunMapEpoch {
  int epoch = 0;
  MapModel model;          // with its layout
  double preservation = 0; // as RunMap's
  double moved = -1;       // mean displacement from the previous epoch's map / layoutRadius; -1 for the first
};

struct RunMapEpochs {
  TrajectorySample sample;
  QString modelName;
  std::vector<RunMapEpoch> epochs; // ascending
};

// Every recorded epoch of the run (its sample of test items, with the dataset's metadata when the
// run names its dataset), laid out in sequence; progress after each epoch. options.allSplits and
// options.split are ignored: the sample is what was recorded. Throws std::runtime_error naming the
// run when it recorded no epochs or fewer than 3 items.
RunMapEpochs layOutRunEpochs(const QString &runDir, const RunMapOptions &options, JobContext &job);

// Root-mean-square distance of the points (n × 2) from their centroid: a layout's scale, to express
// how far items moved between epochs as a share of it. 0 for no points.
double layoutRadius(const std::vector<float> &xy);
// Mean distance between the same point in two layouts (n × 2 each). 0 for no points.
double meanDisplacement(const std::vector<float> &from, const std::vector<float> &to);

}  // namespace gs
