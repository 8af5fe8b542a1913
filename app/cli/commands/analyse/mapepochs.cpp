// `groundscope-cli map RUN --epochs`: the run's recorded epochs (runtrajectory.h), each laid out
// from the previous epoch's map (analysis/runmap.h), one figure and CSV per epoch
// (FILE-epoch-NNN.png), and how far the items moved between epochs.

#include "arguments.h"
#include "cli.h"
#include "clioutput.h"
#include "commands/analyse/maprequest.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"

namespace gs::cli {

namespace {

// One epoch's CSV and figure, coloured, ringed and labelled as the command line asks.
QStringList writeEpoch(const Arguments &args, const MapRequest &request, const RunMapEpochs &maps, const RunMapEpoch &epoch) {
  const MapColouring colouring = colouringOf(epoch.model, args.value(QStringLiteral("colour")));
  MapFigureOptions figure;
  if (!request.files.figurePath.isEmpty()) {
    figure.title = QStringLiteral("%1 — epoch %2 of %3, %4, coloured by %5")
                       .arg(maps.modelName).arg(epoch.epoch).arg(maps.epochs.back().epoch)
                       .arg(layoutTitle(request.map.layout), colouring.title.toLower());
    figure.rings = searchOf(epoch.model, args.value(QStringLiteral("search")));
    if (args.isSet(QStringLiteral("clusters"))) figure.clusters = labelledClusters(epoch.model);
  }
  return writeMapFiles(epochMapFiles(request.files, epoch.epoch), epoch.model, colouring, figure);
}

}  // namespace

int runMapEpochs(const Arguments &args, const MapRequest &request) {
  Engine engine;
  RunMapEpochs maps;
  QStringList written;
  requireSuccess(runJob(engine, QStringLiteral("Map epochs"), [&](JobContext &job) {
    maps = layOutRunEpochs(request.runDir, request.map, job);
    for (const RunMapEpoch &epoch : maps.epochs) written << writeEpoch(args, request, maps, epoch);
  }));
  const TrajectorySample &sample = maps.sample;
  out() << QStringLiteral("%1 images and %2 captions of the %3 split recorded at %4 epochs, laid out by %5, each from the previous epoch's map\n")
               .arg(sample.imageIds.size()).arg(sample.captions.size()).arg(splitName(sample.split)).arg(maps.epochs.size()).arg(request.method);
  out() << QStringLiteral("epoch\tpreservation@10\tmoved (mean distance / layout radius)\n");
  for (const RunMapEpoch &epoch : maps.epochs)
    out() << QStringLiteral("%1\t%2 %\t%3\n").arg(epoch.epoch).arg(100 * epoch.preservation, 0, 'f', 1)
                 .arg(epoch.moved < 0 ? QStringLiteral("-") : QString::number(epoch.moved, 'f', 3));
  for (const QString &path : written) err() << QStringLiteral("wrote %1\n").arg(path);
  return kExitOk;
}

}  // namespace gs::cli
