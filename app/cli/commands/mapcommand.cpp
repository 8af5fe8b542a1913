// `groundscope-cli map RUN`: the Map panel headless — a run's split laid out by UMAP, t-SNE or
// PCA, coloured by what the data knows (--colour), captions found by --search, written as a
// figure (--figure FILE.png|svg|pdf, drawn as the panel's export draws it) and/or the layout as
// CSV (--out FILE.csv), with the map's neighbourhood preservation.

#include "analysis/jointspace.h"
#include "analysis/tsne.h"
#include "analysis/umap.h"
#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "data/loaddataset.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "report/mapclusters.h"
#include "report/mapcolouring.h"
#include "report/mapfigure.h"
#include "report/mapmodel.h"

#include <QGuiApplication>

namespace gs::cli {

namespace {
constexpr int kPreservationSample = 2000; // items scored for the neighbourhood preservation
constexpr int kMaxLabels = 15;            // cluster labels on a figure
}  // namespace

Command mapCommand() {
  Command command;
  command.name = QStringLiteral("map");
  command.summary = QStringLiteral("the Map headless: a run's split laid out (UMAP, t-SNE, PCA), coloured, as a figure or CSV");
  command.syntax.positionals = QStringLiteral("RUN_DIR");
  command.syntax.minPositional = command.syntax.maxPositional = 1;
  command.syntax.options = {
      {QStringLiteral("split"), QStringLiteral("S"), QStringLiteral("test, val or train."), QStringLiteral("test")},
      {QStringLiteral("method"), QStringLiteral("M"), QStringLiteral("umap, tsne or pca."), QStringLiteral("umap")},
      {QStringLiteral("colour"), QStringLiteral("KEY"),
       QStringLiteral("modality, length, rank, twin or concept:NAME (those the data supports are listed)."), QStringLiteral("modality")},
      {QStringLiteral("search"), QStringLiteral("QUERY"), QStringLiteral("Ring the captions with all these words, or matching /regex/."), {}},
      {QStringLiteral("figure"), QStringLiteral("FILE"), QStringLiteral("Write the map as .png, .svg or .pdf."), {}},
      {QStringLiteral("out"), QStringLiteral("FILE.csv"), QStringLiteral("Write each item's position and category."), {}},
      {QStringLiteral("size"), QStringLiteral("WxH"), QStringLiteral("Figure size (pixels for .png, points for .svg/.pdf)."), QStringLiteral("1200x900")},
      {QStringLiteral("dpr"), QStringLiteral("R"), QStringLiteral("Device pixel ratio of a .png."), QStringLiteral("1")},
      {QStringLiteral("raw"), {}, QStringLiteral("Map the raw vectors instead of unit-length ones."), {}},
      {QStringLiteral("clusters"), {}, QStringLiteral("Summarise the map's dense regions by their distinctive words (listed; labelled on the figure)."), {}},
      {QStringLiteral("seed"), QStringLiteral("S"), QStringLiteral("Random seed."), QStringLiteral("1")}};
  command.run = [](const Arguments &args) {
    const QString runDir = args.positional().first();
    const std::optional<Split> split = splitFromName(args.value(QStringLiteral("split")));
    if (!split || *split == Split::Unassigned) throw UsageError("--split: expected test, val or train");
    const QString method = args.value(QStringLiteral("method"));
    if (method != QLatin1String("umap") && method != QLatin1String("tsne") && method != QLatin1String("pca"))
      throw UsageError("--method: expected umap, tsne or pca");
    const QString figurePath = args.value(QStringLiteral("figure")), csvPath = args.value(QStringLiteral("out"));
    if (!csvPath.isEmpty() && !csvPath.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) throw UsageError("--out: expected FILE.csv");
    const QSize size = parseSizeOption(args.value(QStringLiteral("size")));
    const double ratio = args.doubleValue(QStringLiteral("dpr"), 1.0, 0.25, 8.0);
    const int seed = args.intValue(QStringLiteral("seed"), 1, 0, 2147483647);
    if (!figurePath.isEmpty() && !qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
      throw std::runtime_error("--figure: text rendering needs the GUI application object (run groundscope-cli itself)");

    Engine engine;
    MapModel model;
    MapColouring colouring;
    std::vector<int> matches;
    std::vector<MapCluster> clusters;
    QJsonObject summary;
    requireSuccess(runJob(engine, QStringLiteral("Map"), [&](JobContext &job) {
      job.setProgress(-1, QStringLiteral("embedding the %1 split").arg(splitName(*split)));
      const std::shared_ptr<const JointSpace> space = JointSpace::open(runDir, *split, &job);
      MapData data = MapData::fromJointSpace(*space);
      if (!space->datasetPath().isEmpty()) data.addDatasetMetadata(loadDataset(space->datasetPath(), &job));
      model.setData(std::move(data));
      model.setNormalised(!args.isSet(QStringLiteral("raw")));
      const QString key = args.value(QStringLiteral("colour"));
      try {
        colouring = colourMap(model, key);
      } catch (const std::invalid_argument &error) {
        throw std::runtime_error(QStringLiteral("--colour %1: %2").arg(key, QString::fromUtf8(error.what())).toStdString());
      }
      try {
        matches = model.matchCaptions(args.value(QStringLiteral("search")));
      } catch (const std::invalid_argument &error) {
        throw std::runtime_error(QStringLiteral("--search: invalid regular expression: %1").arg(QString::fromUtf8(error.what())).toStdString());
      }
      const int n = model.itemCount(), dim = model.data().dim;
      if (n < 3) throw std::runtime_error(QStringLiteral("%1: the %2 split has %3 items, too few to map").arg(runDir, splitName(*split)).arg(n).toStdString());
      const std::vector<float> points = model.stackedEmbeddings();
      std::vector<float> xy;
      if (method == QLatin1String("pca")) {
        xy = pcaProject(points, n, dim, 2, &job);
      } else if (method == QLatin1String("tsne")) {
        TsneOptions options;
        options.seed = seed;
        options.perplexity = std::min(options.perplexity, std::floor((n - 2) / 3.0)); // as the Map panel lowers it
        xy = runTsne(points, n, dim, options, &job).positions;
      } else {
        UmapOptions options;
        options.seed = seed;
        options.neighbours = std::min(options.neighbours, n - 1);
        xy = runUmap(points, n, dim, options, &job).positions;
      }
      job.setProgress(-1, QStringLiteral("neighbourhood preservation"));
      summary.insert(QStringLiteral("preservation"), neighbourhoodPreservation(points, n, dim, xy, std::min(10, n - 1), kPreservationSample));
      model.setPositions(std::move(xy));
      if (args.isSet(QStringLiteral("clusters"))) {
        job.setProgress(-1, QStringLiteral("cluster summaries"));
        // The finest level with at most kMaxLabels clusters (a figure with more labels is unreadable).
        const std::vector<MapClusterLevel> levels = summariseMap(model);
        for (const MapClusterLevel &level : levels)
          if (clusters.empty() || int(level.clusters.size()) <= kMaxLabels) clusters = level.clusters;
      }
      summary.insert(QStringLiteral("images"), model.imageCount());
      summary.insert(QStringLiteral("captions"), model.captionCount());
      if (!csvPath.isEmpty()) writeMapCsv(csvPath, model, colouring);
      if (!figurePath.isEmpty()) {
        MapFigureOptions options;
        options.title = QStringLiteral("%1 — %2 split, %3, coloured by %4").arg(space->model(), splitName(*split), method.toUpper(), colouring.title.toLower());
        options.rings = matches;
        options.clusters = clusters;
        exportMapFigure(figurePath, model, colouring, options, size.isEmpty() ? QSize(1200, 900) : size, ratio);
      }
    }));
    out() << QStringLiteral("%1 images and %2 captions of the %3 split, laid out by %4; %5 % of each item's 10 nearest neighbours kept on the map\n")
                 .arg(summary.value(QStringLiteral("images")).toInt())
                 .arg(summary.value(QStringLiteral("captions")).toInt())
                 .arg(splitName(*split), method)
                 .arg(100 * summary.value(QStringLiteral("preservation")).toDouble(), 0, 'f', 1);
    out() << QStringLiteral("coloured by %1:\n").arg(colouring.title.toLower());
    for (const MapCategory &category : colouring.categories) out() << QStringLiteral("  %1: %2\n").arg(category.name).arg(category.items.size());
    if (args.isSet(QStringLiteral("clusters"))) {
      out() << QStringLiteral("%1 cluster(s), largest first:\n").arg(clusters.size());
      for (const MapCluster &cluster : clusters)
        out() << QStringLiteral("  %1 items: %2\n").arg(cluster.items.size()).arg(cluster.words.join(QLatin1Char(' ')));
    }
    if (args.isSet(QStringLiteral("search"))) out() << QStringLiteral("%1 caption(s) match the search\n").arg(matches.size());
    if (!csvPath.isEmpty()) err() << QStringLiteral("wrote %1\n").arg(csvPath);
    if (!figurePath.isEmpty()) err() << QStringLiteral("wrote %1\n").arg(figurePath);
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
