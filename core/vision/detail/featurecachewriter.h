#pragma once
// What extractFeatures writes into a feature folder (featurecache.cpp reads it): each finished chunk
// to partial/ with the cache key, read back to resume a run, then the final files and manifest.json.

#include "vision/detail/featurechunk.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace gs::vision {

// The chunks one call extracted (or read back), their dimension, and what the manifest reports.
struct Extraction {
  std::vector<FeatureChunk> chunks;
  int dim = 0;
  double extractMs = 0; // extraction only (not training), from nanoseconds: reading .npy rows takes well under 1 ms
  int processed = 0;    // images run through the network in this call (not resumed ones)
  int resumedChunks = 0;
  QJsonObject trainingSummary, decodedSummary;
};

// Data files first, the JSON record last: a chunk counts only when its record exists. The chunk's
// regions are then read through the written file's mapping instead of held in memory.
void writeChunk(const QString &folder, int index, const QString &key, FeatureChunk &chunk, int dim, bool regions,
                int chunkImages);

// A finished chunk of this key (its regions through the file's mapping), or false (then it and everything after it is redone).
bool readChunk(const QString &folder, int index, const QString &key, bool regions, int chunkImages, FeatureChunk *chunk,
               int *dim);

// All chunks into features.npy (and the region files), then manifest.json at manifestPath. Fails
// when no image could be read; otherwise warns of the first skipped ones.
void writeFeatureSet(const QString &folder, const QString &manifestPath, const Dataset &dataset, const BackboneSpec &spec,
                     const ExtractOptions &options, const QString &key, const Extraction &run, JobContext *job);

}  // namespace gs::vision
