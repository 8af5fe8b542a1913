#pragma once
// Parsing every caption of a dataset: the engine job behind `parse --dataset`, the demo's parse
// stage and `bench parse`. Worker threads each own a CaptionParser; results are cached on disk
// (gs::userCacheDir("parses")) keyed by caption text, parser version and style, so a second parse
// of the same dataset parses nothing.

#include "data/dataset.h"
#include "parse/captionparser.h"
#include "parse/compactparse.h"

#include <QJsonObject>
#include <QStringList>

#include <vector>

namespace gs {

class JobContext;

struct CaptionParseStats {
  int captions = 0;  // captions asked for
  int parsed = 0;    // parsed now
  int cached = 0;    // taken from the cache
  int complete = 0, partial = 0, fallback = 0, timedOut = 0;
  int failed = 0;    // could not be parsed at all (empty caption): left empty, reported
  int threads = 0;
  double seconds = 0;          // wall time of the parse (cache look-ups included)
  double captionsPerSecond() const { return seconds > 0 ? parsed / seconds : 0; }
  QJsonObject toJson() const;
};

struct CaptionParseOptions {
  ParserOptions parser;
  int threads = 0;          // 0: QThread::idealThreadCount()
  QString cacheName;        // cache file stem (e.g. the dataset name); empty: no cache
};

struct CaptionParses {
  std::vector<CompactParse> captions; // one per input caption, same order; empty where failed
  CaptionParseStats stats;
};

// Parses `texts` on options.threads workers. With a job: progress per caption, cancel between
// captions (throws JobCancelled), warnings for failed captions. Cost: O(total caption length ×
// Link Grammar's per-sentence cost); a cache hit costs a JSON decode.
CaptionParses parseCaptions(const QStringList &texts, const CaptionParseOptions &options, JobContext *job = nullptr);

// How training parses captions: the collapsed dependency style the tree models read, in one cache
// shared by every run (and by the concept vocabulary's parts of speech), whatever the dataset.
CaptionParseOptions trainingCaptionParseOptions();

// All captions of `dataset`, cached under the dataset's name (or its root) and style.
CaptionParses parseDataset(const Dataset &dataset, CaptionParseOptions options, JobContext *job = nullptr);

}  // namespace gs
