// `groundscope-cli map RUN`: the Map panel headless — a run's split laid out by UMAP, t-SNE or
// PCA, coloured by what the data knows (--colour), captions found by --search, written as a
// figure (--figure FILE.png|svg|pdf, drawn as the panel's export draws it) and/or the layout as
// CSV (--out FILE.csv), with the map's neighbourhood preservation (analysis/runmap.h). With
// --epochs, the run's recorded epochs instead (mapepochs.cpp).

#include "arguments.h"
#include "clioutput.h"
#include "commands/analyse/maprequest.h"
#include "commands/commands.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace gs::cli {

namespace {

// One split's map and what the command reports and draws besides it.
struct SplitMap {
  RunMap map;
  MapColouring colouring;
  std::vector<int> matches;
  std::vector<MapCluster> clusters;
  MapSizing sizing;
};

// The split's items, with the colouring, search and sizing the command line asks for (each checked
// before the layout runs), laid out; the clusters when asked; the files written.
void mapSplit(const Arguments &args, const MapRequest &request, SplitMap &split, JobContext &job) {
  openRunMap(request.runDir, request.map, split.map, &job);
  const MapModel &model = split.map.model;
  const bool defaultColour = !args.isSet(QStringLiteral("colour"));
  split.colouring = colouringOf(model, request.map.allSplits && defaultColour ? QStringLiteral("split") : args.value(QStringLiteral("colour")));
  split.matches = searchOf(model, args.value(QStringLiteral("search")));
  if (args.isSet(QStringLiteral("size-by"))) split.sizing = sizingOf(model, args.value(QStringLiteral("size-by")));
  layOutRunMap(request.runDir, request.map, split.map, &job);
  if (args.isSet(QStringLiteral("clusters"))) {
    job.setProgress(-1, QStringLiteral("cluster summaries"));
    split.clusters = labelledClusters(model);
  }
  MapFigureOptions figure;
  figure.title = QStringLiteral("%1 — %2, %3, coloured by %4")
                     .arg(split.map.modelName, request.splitLabel, layoutTitle(request.map.layout), split.colouring.title.toLower());
  figure.rings = split.matches;
  figure.clusters = split.clusters;
  figure.sizing = split.sizing;
  writeMapFiles(request.files, model, split.colouring, figure);
}

void printSplitMapJson(const Arguments &args, const MapRequest &request, const SplitMap &split) {
  QJsonObject json = runMapSummary(split.map);
  json.insert(QStringLiteral("split"), request.splitLabel);
  json.insert(QStringLiteral("method"), request.method);
  json.insert(QStringLiteral("colour"), split.colouring.title);
  QJsonObject categories;
  for (const MapCategory &category : split.colouring.categories) categories.insert(category.name, int(category.items.size()));
  json.insert(QStringLiteral("categories"), categories);
  if (args.isSet(QStringLiteral("search"))) json.insert(QStringLiteral("search_matches"), int(split.matches.size()));
  if (args.isSet(QStringLiteral("clusters"))) json.insert(QStringLiteral("clusters"), int(split.clusters.size()));
  out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
}

void printSplitMapText(const Arguments &args, const MapRequest &request, const SplitMap &split) {
  const MapModel &model = split.map.model;
  const MapModel::ModalityGap gap = model.modalityGap();
  out() << QStringLiteral("%1 images and %2 captions of %3, laid out by %4; %5 % of each item's 10 nearest neighbours kept on the map\n")
               .arg(model.imageCount())
               .arg(model.captionCount())
               .arg(request.splitLabel, request.method)
               .arg(100 * split.map.preservation, 0, 'f', 1);
  if (gap.distance > 0)
    out() << QStringLiteral("modality gap %1 (%2x the spread within a modality), %3\n")
                 .arg(gap.distance, 0, 'f', 3)
                 .arg(gap.relative, 0, 'f', 2)
                 .arg(model.centredModalities() ? QStringLiteral("centred out before the layout") : QStringLiteral("kept (--no-centre)"));
  out() << QStringLiteral("coloured by %1:\n").arg(split.colouring.title.toLower());
  for (const MapCategory &category : split.colouring.categories) out() << QStringLiteral("  %1: %2\n").arg(category.name).arg(category.items.size());
  if (args.isSet(QStringLiteral("clusters"))) {
    out() << QStringLiteral("%1 cluster(s), largest first:\n").arg(split.clusters.size());
    for (const MapCluster &cluster : split.clusters)
      out() << QStringLiteral("  %1 items: %2\n").arg(cluster.items.size()).arg(cluster.words.join(QLatin1Char(' ')));
  }
  if (args.isSet(QStringLiteral("search"))) out() << QStringLiteral("%1 caption(s) match the search\n").arg(split.matches.size());
}

int runMap(const Arguments &args) {
  const MapRequest request = mapRequestOf(args);
  if (args.isSet(QStringLiteral("epochs"))) return runMapEpochs(args, request);
  Engine engine;
  SplitMap split;
  requireSuccess(runJob(engine, QStringLiteral("Map"), [&](JobContext &job) { mapSplit(args, request, split, job); }));
  if (args.isSet(QStringLiteral("json"))) printSplitMapJson(args, request, split);
  else printSplitMapText(args, request, split);
  if (!request.files.csvPath.isEmpty()) err() << QStringLiteral("wrote %1\n").arg(request.files.csvPath);
  if (!request.files.figurePath.isEmpty()) err() << QStringLiteral("wrote %1\n").arg(request.files.figurePath);
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
