#include "commands/analyse/maprequest.h"

#include "arguments.h"
#include "cli.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <optional>
#include <stdexcept>

namespace gs::cli {

namespace {

// The method --method names with its default settings; a usage error for another name.
LayoutSequenceOptions layoutOptionsNamed(const QString &method) {
  LayoutSequenceOptions options;
  if (!setLayoutMethod(options, method)) throw UsageError("--method: expected umap, tsne, bh, fft, exact or pca");
  return options;
}

}  // namespace

MapRequest mapRequestOf(const Arguments &args) {
  MapRequest request;
  request.runDir = args.positional().first();
  request.map.allSplits = args.value(QStringLiteral("split")) == QLatin1String("all");
  const std::optional<Split> split = request.map.allSplits ? std::optional<Split>(Split::Unassigned) : splitFromName(args.value(QStringLiteral("split")));
  if (!split || (*split == Split::Unassigned && !request.map.allSplits)) throw UsageError("--split: expected test, val, train or all");
  request.map.split = *split;
  request.splitLabel = runMapSplitLabel(request.map);
  request.method = args.value(QStringLiteral("method"));
  request.map.layout = layoutOptionsNamed(request.method);
  request.map.normalised = !args.isSet(QStringLiteral("raw"));
  request.map.centredModalities = !args.isSet(QStringLiteral("no-centre"));
  request.files.figurePath = args.value(QStringLiteral("figure"));
  request.files.csvPath = args.value(QStringLiteral("out"));
  if (!request.files.csvPath.isEmpty() && !request.files.csvPath.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
    throw UsageError("--out: expected FILE.csv");
  const QSize size = parseSizeOption(args.value(QStringLiteral("size")));
  if (!size.isEmpty()) request.files.size = size;
  request.files.devicePixelRatio = args.doubleValue(QStringLiteral("dpr"), 1.0, 0.25, 8.0);
  const int seed = args.intValue(QStringLiteral("seed"), 1, 0, 2147483647);
  if (!request.files.figurePath.isEmpty() && !qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
    throw std::runtime_error("--figure: text rendering needs the GUI application object (run groundscope-cli itself)");
  request.map.layout.tsne.seed = request.map.layout.umap.seed = seed;
  return request;
}

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

MapSizing sizingOf(const MapModel &model, const QString &key) {
  try {
    return sizeMap(model, key);
  } catch (const std::invalid_argument &error) {
    throw std::runtime_error(QStringLiteral("--size-by: %1").arg(QString::fromUtf8(error.what())).toStdString());
  }
}

}  // namespace gs::cli
