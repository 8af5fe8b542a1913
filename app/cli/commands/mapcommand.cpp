// `groundscope-cli map RUN`: the Map panel headless — a run's split laid out by UMAP, t-SNE or
// PCA, coloured by what the data knows (--colour), captions found by --search, written as a
// figure (--figure FILE.png|svg|pdf, drawn as the panel's export draws it) and/or the layout as
// CSV (--out FILE.csv), with the map's neighbourhood preservation. With --epochs, the run's
// recorded epochs (runtrajectory.h) instead: each laid out from the previous epoch's map, one
// figure and CSV per epoch (FILE-epoch-NNN.png), and how far the items moved between epochs.

#include "analysis/jointspace.h"
#include "analysis/layoutsequence.h"
#include "analysis/tsne.h"
#include "analysis/umap.h"
#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "data/loaddataset.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "analysis/mapclusters.h"
#include "figures/mapcolouring.h"
#include "figures/mapfigure.h"
#include "analysis/mapmodel.h"
#include "training/runs/runfolder.h"
#include "training/runs/runtrajectory.h"

#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace gs::cli {

namespace {
constexpr int kPreservationSample = 2000; // items scored for the neighbourhood preservation
constexpr int kMaxLabels = 15;            // cluster labels on a figure

MapColouring colouringOf(const MapModel &model, const QString &key) {
  try {
    return colourMap(model, key);
  } catch (const std::invalid_argument &error) {
    throw std::runtime_error(QStringLiteral("--colour %1: %2").arg(key, QString::fromUtf8(error.what())).toStdString());
  }
}

std::vector<int> searchOf(const MapModel &model, const QString &query) {
  try {
    return model.matchCaptions(query);
  } catch (const std::invalid_argument &error) {
    throw std::runtime_error(QStringLiteral("--search: invalid regular expression: %1").arg(QString::fromUtf8(error.what())).toStdString());
  }
}

// The finest level with at most kMaxLabels clusters (a figure with more labels is unreadable).
std::vector<MapCluster> clustersOf(const MapModel &model) {
  std::vector<MapCluster> clusters;
  for (const MapClusterLevel &level : summariseMap(model))
    if (clusters.empty() || int(level.clusters.size()) <= kMaxLabels) clusters = level.clusters;
  return clusters;
}

// FILE.png → FILE-epoch-007.png: one file per recorded epoch.
QString perEpoch(const QString &path, int epoch) {
  if (path.isEmpty()) return path;
  const QFileInfo info(path);
  return info.dir().filePath(QStringLiteral("%1-epoch-%2.%3").arg(info.completeBaseName()).arg(epoch, 3, 10, QLatin1Char('0')).arg(info.suffix()));
}

// Root-mean-square distance of the items from their centroid: the layout's scale, to express how
// far items moved between epochs as a share of it.
double layoutRadius(const std::vector<float> &xy) {
  const std::size_t n = xy.size() / 2;
  double mx = 0, my = 0, sum = 0;
  for (std::size_t i = 0; i < n; ++i) mx += xy[2 * i] / double(n), my += xy[2 * i + 1] / double(n);
  for (std::size_t i = 0; i < n; ++i) sum += std::pow(xy[2 * i] - mx, 2) + std::pow(xy[2 * i + 1] - my, 2);
  return n ? std::sqrt(sum / double(n)) : 0;
}

double meanDisplacement(const std::vector<float> &from, const std::vector<float> &to) {
  const std::size_t n = from.size() / 2;
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += std::hypot(to[2 * i] - from[2 * i], to[2 * i + 1] - from[2 * i + 1]);
  return n ? sum / double(n) : 0;
}

// The figure title's name of a layout method (and t-SNE's repulsion when --method named one).
QString methodTitle(const LayoutSequenceOptions &options) {
  if (options.method != LayoutMethod::Tsne) return layoutMethodTitle(options.method);
  switch (options.tsne.method) {
  case TsneMethod::BarnesHut: return QStringLiteral("t-SNE (Barnes-Hut)");
  case TsneMethod::Fft: return QStringLiteral("t-SNE (FFT)");
  case TsneMethod::Exact: return QStringLiteral("t-SNE (exact)");
  case TsneMethod::Auto: break;
  }
  return layoutMethodTitle(LayoutMethod::Tsne);
}

// The method --method names with its default settings; a usage error for another name.
LayoutSequenceOptions layoutOptionsNamed(const QString &method) {
  LayoutSequenceOptions options;
  if (!setLayoutMethod(options, method)) throw UsageError("--method: expected umap, tsne, bh, fft, exact or pca");
  return options;
}

// The command line, checked: what to map, how to lay it out and where to write it.
struct MapRequest {
  QString runDir;
  bool allSplits = false;
  Split split = Split::Test; // Unassigned with allSplits
  QString splitLabel;        // "the test split", "all splits"
  QString method;            // as --method gave it, for the report
  LayoutSequenceOptions layout;
  QString figurePath, csvPath;
  QSize size; // empty: the figure's default
  double ratio = 1;
};

MapRequest mapRequestOf(const Arguments &args) {
  MapRequest request;
  request.runDir = args.positional().first();
  request.allSplits = args.value(QStringLiteral("split")) == QLatin1String("all");
  const std::optional<Split> split = request.allSplits ? std::optional<Split>(Split::Unassigned) : splitFromName(args.value(QStringLiteral("split")));
  if (!split || (*split == Split::Unassigned && !request.allSplits)) throw UsageError("--split: expected test, val, train or all");
  request.split = *split;
  request.splitLabel = request.allSplits ? QStringLiteral("all splits") : QStringLiteral("the %1 split").arg(splitName(*split));
  request.method = args.value(QStringLiteral("method"));
  request.layout = layoutOptionsNamed(request.method);
  request.figurePath = args.value(QStringLiteral("figure"));
  request.csvPath = args.value(QStringLiteral("out"));
  if (!request.csvPath.isEmpty() && !request.csvPath.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) throw UsageError("--out: expected FILE.csv");
  request.size = parseSizeOption(args.value(QStringLiteral("size")));
  request.ratio = args.doubleValue(QStringLiteral("dpr"), 1.0, 0.25, 8.0);
  const int seed = args.intValue(QStringLiteral("seed"), 1, 0, 2147483647);
  if (!request.figurePath.isEmpty() && !qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
    throw std::runtime_error("--figure: text rendering needs the GUI application object (run groundscope-cli itself)");
  request.layout.tsne.seed = request.layout.umap.seed = seed;
  return request;
}

QSize figureSize(const MapRequest &request) { return request.size.isEmpty() ? QSize(1200, 900) : request.size; }

struct EpochRow {
  int epoch = 0;
  double preservation = 0, moved = -1; // moved: mean displacement / layout radius, -1 for the first
};

// `map RUN --epochs`: the recorded sample at every epoch, laid out in sequence.
int mapEpochs(const Arguments &args, const MapRequest &request) {
  const QString &runDir = request.runDir, &figurePath = request.figurePath, &csvPath = request.csvPath;
  const LayoutSequenceOptions &layout = request.layout;
  Engine engine;
  std::vector<EpochRow> rows;
  TrajectorySample sample;
  QStringList written;
  requireSuccess(runJob(engine, QStringLiteral("Map epochs"), [&](JobContext &job) {
    if (!RunTrajectory::exists(runDir))
      throw std::runtime_error(QStringLiteral("%1: the run recorded no epochs (train it with record_sample above 0)").arg(runDir).toStdString());
    const RunTrajectory trajectory = RunTrajectory::open(runDir);
    sample = trajectory.sample();
    const int n = sample.itemCount(), dim = sample.dim;
    if (n < 3) throw std::runtime_error(QStringLiteral("%1: the recorded sample has %2 items, too few to map").arg(runDir).arg(n).toStdString());
    std::optional<Dataset> dataset;
    const QString datasetPath = RunFolder(runDir).source().datasetPath;
    if (!datasetPath.isEmpty()) dataset = loadDataset(datasetPath, &job);
    // Every epoch's model: its data (for colour and search) and the vectors to lay out.
    std::vector<MapModel> models;
    std::vector<std::vector<float>> frames;
    for (int epoch : trajectory.epochs()) {
      MapData data = MapData::fromTrajectory(sample, trajectory.embeddings(epoch));
      if (dataset) data.addDatasetMetadata(*dataset);
      models.emplace_back();
      models.back().setNormalised(!args.isSet(QStringLiteral("raw")));
      models.back().setCentredModalities(!args.isSet(QStringLiteral("no-centre")));
      models.back().setData(std::move(data));
      frames.push_back(models.back().stackedEmbeddings());
    }
    const int count = int(frames.size());
    const std::vector<std::vector<float>> layouts = alignedLayouts(frames, n, dim, fittedToItems(layout, n), &job, [&job, count](int f, const std::vector<float> &) {
      job.setProgress(double(f + 1) / count, QStringLiteral("epoch %1 of %2 laid out").arg(f + 1).arg(count));
    });
    const QString modelName = RunFolder(runDir).config().modelName();
    for (int f = 0; f < count; ++f) {
      MapModel &model = models[std::size_t(f)];
      model.setPositions(layouts[std::size_t(f)]);
      EpochRow row;
      row.epoch = trajectory.epochs()[std::size_t(f)];
      row.preservation = neighbourhoodPreservation(frames[std::size_t(f)], n, dim, layouts[std::size_t(f)], std::min(10, n - 1), kPreservationSample);
      if (f > 0) row.moved = meanDisplacement(layouts[std::size_t(f) - 1], layouts[std::size_t(f)]) / std::max(1e-12, layoutRadius(layouts[std::size_t(f)]));
      rows.push_back(row);
      const MapColouring colouring = colouringOf(model, args.value(QStringLiteral("colour")));
      if (!csvPath.isEmpty()) {
        written.append(perEpoch(csvPath, row.epoch));
        writeMapCsv(written.last(), model, colouring);
      }
      if (!figurePath.isEmpty()) {
        MapFigureOptions figure;
        figure.title = QStringLiteral("%1 — epoch %2 of %3, %4, coloured by %5")
                           .arg(modelName).arg(row.epoch).arg(trajectory.epochs().back())
                           .arg(methodTitle(layout), colouring.title.toLower());
        figure.rings = searchOf(model, args.value(QStringLiteral("search")));
        if (args.isSet(QStringLiteral("clusters"))) figure.clusters = clustersOf(model);
        written.append(perEpoch(figurePath, row.epoch));
        exportMapFigure(written.last(), model, colouring, figure, figureSize(request), request.ratio);
      }
    }
  }));
  out() << QStringLiteral("%1 images and %2 captions of the %3 split recorded at %4 epochs, laid out by %5, each from the previous epoch's map\n")
               .arg(sample.imageIds.size()).arg(sample.captions.size()).arg(splitName(sample.split)).arg(rows.size()).arg(request.method);
  out() << QStringLiteral("epoch\tpreservation@10\tmoved (mean distance / layout radius)\n");
  for (const EpochRow &row : rows)
    out() << QStringLiteral("%1\t%2 %\t%3\n").arg(row.epoch).arg(100 * row.preservation, 0, 'f', 1)
                 .arg(row.moved < 0 ? QStringLiteral("-") : QString::number(row.moved, 'f', 3));
  for (const QString &path : written) err() << QStringLiteral("wrote %1\n").arg(path);
  return kExitOk;
}

// One split's map: the model with its layout, and what the command reports and draws.
struct SplitMap {
  MapModel model;
  MapColouring colouring;
  std::vector<int> matches;
  std::vector<MapCluster> clusters;
  MapSizing sizing;
  QJsonObject summary; // preservation, counts and the modality gap
  QString modelName;   // the run's model, for the figure's title
};

// The split's items in a model, with the colouring, search and sizing the command line asks for
// (each checked before the layout runs).
void loadSplitMap(const Arguments &args, const MapRequest &request, SplitMap &map, JobContext &job) {
  job.setProgress(-1, QStringLiteral("embedding %1").arg(request.splitLabel));
  const std::shared_ptr<const JointSpace> space =
      request.allSplits ? JointSpace::openAll(request.runDir, &job) : JointSpace::open(request.runDir, request.split, &job);
  map.modelName = space->model();
  MapData data = MapData::fromJointSpace(*space);
  if (!space->datasetPath().isEmpty()) data.addDatasetMetadata(loadDataset(space->datasetPath(), &job));
  map.model.setData(std::move(data));
  map.model.setNormalised(!args.isSet(QStringLiteral("raw")));
  map.model.setCentredModalities(!args.isSet(QStringLiteral("no-centre")));
  const bool defaultColour = !args.isSet(QStringLiteral("colour"));
  map.colouring = colouringOf(map.model, request.allSplits && defaultColour ? QStringLiteral("split") : args.value(QStringLiteral("colour")));
  map.matches = searchOf(map.model, args.value(QStringLiteral("search")));
  if (args.isSet(QStringLiteral("size-by"))) {
    try {
      map.sizing = sizeMap(map.model, args.value(QStringLiteral("size-by")));
    } catch (const std::invalid_argument &error) {
      throw std::runtime_error(QStringLiteral("--size-by: %1").arg(QString::fromUtf8(error.what())).toStdString());
    }
  }
}

// Lays the model out, scores how well the layout keeps neighbourhoods, finds the clusters when
// asked, and fills the summary.
void layOutSplitMap(const Arguments &args, const MapRequest &request, SplitMap &map, JobContext &job) {
  MapModel &model = map.model;
  const int n = model.itemCount(), dim = model.data().dim;
  if (n < 3) throw std::runtime_error(QStringLiteral("%1: %2 has %3 items, too few to map").arg(request.runDir, request.splitLabel).arg(n).toStdString());
  const std::vector<float> points = model.stackedEmbeddings();
  // Lowered for small splits as the Map panel lowers them.
  std::vector<float> xy = layoutAfter(points, n, dim, fittedToItems(request.layout, n), {}, &job).positions;
  job.setProgress(-1, QStringLiteral("neighbourhood preservation"));
  map.summary.insert(QStringLiteral("preservation"), neighbourhoodPreservation(points, n, dim, xy, std::min(10, n - 1), kPreservationSample));
  model.setPositions(std::move(xy));
  if (args.isSet(QStringLiteral("clusters"))) {
    job.setProgress(-1, QStringLiteral("cluster summaries"));
    map.clusters = clustersOf(model);
  }
  map.summary.insert(QStringLiteral("images"), model.imageCount());
  map.summary.insert(QStringLiteral("captions"), model.captionCount());
  const MapModel::ModalityGap gap = model.modalityGap();
  map.summary.insert(QStringLiteral("modality_gap"), gap.distance);
  map.summary.insert(QStringLiteral("modality_gap_relative"), gap.relative);
  map.summary.insert(QStringLiteral("modalities_centred"), model.centredModalities());
}

// --out and --figure.
void writeSplitMap(const MapRequest &request, const SplitMap &map) {
  if (!request.csvPath.isEmpty()) writeMapCsv(request.csvPath, map.model, map.colouring);
  if (request.figurePath.isEmpty()) return;
  MapFigureOptions options;
  options.title = QStringLiteral("%1 — %2, %3, coloured by %4").arg(map.modelName, request.splitLabel, methodTitle(request.layout), map.colouring.title.toLower());
  options.rings = map.matches;
  options.clusters = map.clusters;
  options.sizing = map.sizing;
  exportMapFigure(request.figurePath, map.model, map.colouring, options, figureSize(request), request.ratio);
}

void printSplitMapJson(const Arguments &args, const MapRequest &request, const SplitMap &map) {
  QJsonObject json = map.summary;
  json.insert(QStringLiteral("split"), request.splitLabel);
  json.insert(QStringLiteral("method"), request.method);
  json.insert(QStringLiteral("colour"), map.colouring.title);
  QJsonObject categories;
  for (const MapCategory &category : map.colouring.categories) categories.insert(category.name, int(category.items.size()));
  json.insert(QStringLiteral("categories"), categories);
  if (args.isSet(QStringLiteral("search"))) json.insert(QStringLiteral("search_matches"), int(map.matches.size()));
  if (args.isSet(QStringLiteral("clusters"))) json.insert(QStringLiteral("clusters"), int(map.clusters.size()));
  out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
}

void printSplitMapText(const Arguments &args, const MapRequest &request, const SplitMap &map) {
  const QJsonObject &summary = map.summary;
  out() << QStringLiteral("%1 images and %2 captions of %3, laid out by %4; %5 % of each item's 10 nearest neighbours kept on the map\n")
               .arg(summary.value(QStringLiteral("images")).toInt())
               .arg(summary.value(QStringLiteral("captions")).toInt())
               .arg(request.splitLabel, request.method)
               .arg(100 * summary.value(QStringLiteral("preservation")).toDouble(), 0, 'f', 1);
  if (summary.value(QStringLiteral("modality_gap")).toDouble() > 0)
    out() << QStringLiteral("modality gap %1 (%2x the spread within a modality), %3\n")
                 .arg(summary.value(QStringLiteral("modality_gap")).toDouble(), 0, 'f', 3)
                 .arg(summary.value(QStringLiteral("modality_gap_relative")).toDouble(), 0, 'f', 2)
                 .arg(summary.value(QStringLiteral("modalities_centred")).toBool() ? QStringLiteral("centred out before the layout")
                                                                                   : QStringLiteral("kept (--no-centre)"));
  out() << QStringLiteral("coloured by %1:\n").arg(map.colouring.title.toLower());
  for (const MapCategory &category : map.colouring.categories) out() << QStringLiteral("  %1: %2\n").arg(category.name).arg(category.items.size());
  if (args.isSet(QStringLiteral("clusters"))) {
    out() << QStringLiteral("%1 cluster(s), largest first:\n").arg(map.clusters.size());
    for (const MapCluster &cluster : map.clusters)
      out() << QStringLiteral("  %1 items: %2\n").arg(cluster.items.size()).arg(cluster.words.join(QLatin1Char(' ')));
  }
  if (args.isSet(QStringLiteral("search"))) out() << QStringLiteral("%1 caption(s) match the search\n").arg(map.matches.size());
}

int runMap(const Arguments &args) {
  const MapRequest request = mapRequestOf(args);
  if (args.isSet(QStringLiteral("epochs"))) return mapEpochs(args, request);
  Engine engine;
  SplitMap map;
  requireSuccess(runJob(engine, QStringLiteral("Map"), [&](JobContext &job) {
    loadSplitMap(args, request, map, job);
    layOutSplitMap(args, request, map, job);
    writeSplitMap(request, map);
  }));
  if (args.isSet(QStringLiteral("json"))) printSplitMapJson(args, request, map);
  else printSplitMapText(args, request, map);
  if (!request.csvPath.isEmpty()) err() << QStringLiteral("wrote %1\n").arg(request.csvPath);
  if (!request.figurePath.isEmpty()) err() << QStringLiteral("wrote %1\n").arg(request.figurePath);
  return kExitOk;
}

std::vector<OptionSpec> mapOptions() {
  return {
      {QStringLiteral("split"), QStringLiteral("S"), QStringLiteral("test, val, train or all (every image, coloured by split unless --colour says otherwise)."), QStringLiteral("test")},
      {QStringLiteral("method"), QStringLiteral("M"),
       QStringLiteral("umap, tsne (repulsion chosen by size), bh, fft or exact (t-SNE with that repulsion), or pca."), QStringLiteral("umap")},
      {QStringLiteral("colour"), QStringLiteral("KEY"),
       QStringLiteral("modality, length, rank, loss, split, twin or concept:NAME (those the data supports are listed)."), QStringLiteral("modality")},
      {QStringLiteral("size-by"), QStringLiteral("KEY"), QStringLiteral("rank, loss, length or hubs: three marker sizes on the figure (larger: worse rank, higher loss, longer, more often a nearest neighbour)."), {}},
      {QStringLiteral("search"), QStringLiteral("QUERY"), QStringLiteral("Ring the captions with all these words, or matching /regex/."), {}},
      {QStringLiteral("figure"), QStringLiteral("FILE"), QStringLiteral("Write the map as .png, .svg or .pdf."), {}},
      {QStringLiteral("out"), QStringLiteral("FILE.csv"), QStringLiteral("Write each item's position and category."), {}},
      {QStringLiteral("size"), QStringLiteral("WxH"), QStringLiteral("Figure size (pixels for .png, points for .svg/.pdf)."), QStringLiteral("1200x900")},
      {QStringLiteral("dpr"), QStringLiteral("R"), QStringLiteral("Device pixel ratio of a .png."), QStringLiteral("1")},
      {QStringLiteral("raw"), {}, QStringLiteral("Map the raw vectors instead of unit-length ones."), {}},
      {QStringLiteral("no-centre"), {}, QStringLiteral("Keep the modality gap: do not subtract each modality's mean before the layout."), {}},
      {QStringLiteral("json"), {}, QStringLiteral("Print the summary as JSON (with --format csv: one row)."), {}},
      {QStringLiteral("clusters"), {}, QStringLiteral("Summarise the map's dense regions by their distinctive words (listed; labelled on the figure)."), {}},
      {QStringLiteral("epochs"), {}, QStringLiteral("Map the run's recorded epochs (its sample of test items), each from the previous epoch's map; "
                                                   "--figure and --out write one file per epoch (FILE-epoch-NNN.EXT)."), {}},
      {QStringLiteral("seed"), QStringLiteral("S"), QStringLiteral("Random seed."), QStringLiteral("1")}};
}

}  // namespace

Command mapCommand() {
  Command command;
  command.name = QStringLiteral("map");
  command.summary = QStringLiteral("the Map headless: a run's split laid out (UMAP, t-SNE, PCA), coloured, as a figure or CSV");
  command.syntax.positionals = QStringLiteral("RUN_DIR");
  command.syntax.minPositional = command.syntax.maxPositional = 1;
  command.syntax.options = mapOptions();
  command.run = runMap;
  return command;
}

}  // namespace gs::cli
