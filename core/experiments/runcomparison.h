#pragma once
// A comparison: several models (or one model's ablation rows) trained on one dataset with one
// shared configuration, each row into a run folder of its own, and optionally scored on
// sentence-similarity benchmarks. Rows whose models read the same inputs share one prepared data
// set. One row failing (bad data for its inputs, a solver error, divergence) loses that row, not
// the comparison. What `groundscope-cli compare` runs; the caller prints the rows. Torch-free.

#include "inference/contrastsets.h"
#include "inference/sentencesimilarity.h"
#include "training/runs/trainresult.h"
#include "training/trainconfig.h"
#include "training/trainingsource.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gs {

class JobContext;
struct ModelEntry;
struct ModelPreset;

// One row: a model with the settings of one of its presets, or with its defaults.
struct ComparisonRow {
  QString name;       // in tables and in the run folder's name: "bow", "bow-socher2014", "concepts-cnp"
  QString label;      // in the log and in ablation tables: "bow", "cnp + ctx"
  QString model;      // the model registry's name
  QJsonObject preset; // settings on top of the model's defaults, under the shared ones
  // A sweep's settings for this row (over the preset and the shared ones), and the seed it trains
  // with (0: the request's). Rows that differ only in the seed form a seed group.
  QJsonObject sweep;
  quint64 seed = 0;
};

// Settings a sweep tries: every value of each grid key (all combinations), or `trials` random
// draws where a key gives a range. Values are JSON (numbers, booleans, strings).
struct SweepAxis {
  QString key;
  // Settings that take key's value at every point (KEY+OTHER=…): sizes a model requires equal,
  // such as the CT-RNN's word_dim and hidden_dim.
  QStringList tiedKeys;
  std::vector<QJsonValue> values; // a grid's values; empty for a range
  double low = 0, high = 0;       // a range: uniform, or log-uniform with logScale
  bool logScale = false;
  bool integer = false;           // the setting is an integer: draws are rounded
};
struct SweepRequest {
  std::vector<SweepAxis> axes;
  int trials = 0;        // > 0: random search, this many points of a Latin hypercube (seeded by `seed`); 0: the full grid
  quint64 seed = 1;
};
// Parses "KEY=V1,V2,…" (a grid) or "KEY=LOW..HIGH" / "KEY=LOW..HIGH:log" (a range, for --trials);
// KEY may be "KEY+OTHER+…", settings of one kind that share each value.
// Throws std::invalid_argument naming the text for malformed input, an unknown setting, or a range
// whose bounds are not numbers with low < high (and both > 0 for log).
SweepAxis parseSweepAxis(const QString &text);
// The settings of every sweep point: the grid's combinations in order (the first key slowest), or
// `trials` random draws. Throws std::invalid_argument when a range is given without trials.
std::vector<QJsonObject> sweepPoints(const SweepRequest &sweep);
// "margin=0.5 learning_rate=0.01" (labels) and "margin0.5-learning_rate0.01" (folder names).
QString sweepLabel(const QJsonObject &settings);
QString sweepFolderPart(const QJsonObject &settings);
// Every row at every sweep point and every seed: row × point × seed, in that order, named
// "<row>-<point>" (seed in the run folder's name) and labelled "<label> <point>".
std::vector<ComparisonRow> expandRows(const std::vector<ComparisonRow> &rows, const std::vector<QJsonObject> &points,
                                      const std::vector<quint64> &seeds);

// A model as a row: named "<model>", or "<model>-<preset>" with a preset, and labelled by the model.
ComparisonRow modelRow(const ModelEntry &model, const ModelPreset *preset = nullptr);
// A preset as an ablation row: named "<model>-<preset>", labelled as the paper's table labels it.
ComparisonRow ablationRow(const ModelEntry &model, const ModelPreset &preset);

struct ComparisonRequest {
  std::vector<ComparisonRow> rows;
  // Settings for every row, on top of its model's defaults and its preset. The row's model, the
  // epochs and the seed below override them.
  QJsonObject shared;
  QString sharedSource;   // where `shared` came from (a file name), for error messages
  int epochs = 0;         // > 0: every row's epochs; 0: each model's own
  quint64 seed = 1;
  // The dataset, backbone and concept features; each row asks it for the inputs its model reads.
  TrainingSource source;
  QString featuresDir;    // the 1-crop feature folder; 10-crop rows read the feature cache
  QString outputRoot;     // each row trains into <outputRoot>/<name>-e<epochs>-s<seed>
  // sentenceBenchmarks() names evaluated on every trained run, read from similarityData: its
  // sts-benchmark, sick, sts12 … folders, or the benchmark's own folder.
  QStringList similarityBenchmarks;
  QString similarityData;
  // Contrast sets (inference/contrastsets.h) scored on every trained run, with these options.
  bool contrast = false;
  ContrastOptions contrastOptions;
};

// One row's outcome, in the order of the request's rows.
struct ComparisonResult {
  ComparisonRow row;
  QString runDir;
  TrainResult result;
  double seconds = 0; // wall time: the row's data preparation (where it came first) and training
  // One entry per requested benchmark, in order; empty where the benchmark failed on this run
  // (the job's log says why).
  std::vector<std::optional<SimilarityResult>> similarity;
  // The contrast sets' scores (without their pairs) where the request asked for them; empty where
  // they failed on this run (the job's log says why).
  std::optional<ContrastResult> contrast;
  QString failure; // non-empty: the row did not train, and why; result, seconds and similarity are empty
};

// <cache>/runs/compare-<dataset folder's name>, created if missing: where a comparison's runs go
// when the caller names no folder.
QString defaultComparisonRoot(const QString &datasetPath);

// The folder a row trains into: <outputRoot>/<name>-e<epochs>-s<seed>, with `config` the row's
// configuration (comparisonConfigs).
QString comparisonRunDir(const ComparisonRequest &request, const ComparisonRow &row, const TrainConfig &config);

// Every row's configuration, in row order. Throws std::invalid_argument naming the setting (and
// request.sharedSource) for a bad one; call it before starting a job to fail before any training.
std::vector<TrainConfig> comparisonConfigs(const ComparisonRequest &request);

// Reads the benchmarks, then prepares each data set when a row first needs it and trains the
// rows one after the other, logging each through `job`. A row's failure goes into its result and
// job.warn(); a cancel (JobCancelled), a bad setting or an unreadable benchmark stops the whole
// comparison with an exception. Cost: one training run per row, one data preparation per
// distinct set of inputs, one similarity evaluation per row and benchmark, and with `contrast` one
// contrast-set evaluation per row.
std::vector<ComparisonResult> runComparison(const ComparisonRequest &request, JobContext &job);

}  // namespace gs
