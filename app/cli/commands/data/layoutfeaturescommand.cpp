// `groundscope-cli layout-features --dataset SCENES_DIR --out FILE.npy [--grid N] [--noise S]`:
// writes the Scenes demo's ground-truth layout features (core/data/scenes/scenelayoutfeatures.h)
// as an npy backbone, so that `train`/`compare --backbone npy:FILE.npy` measure the sentence
// encoders with an image side that sees every object's colour, shape and place.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "data/scenes/scenelayoutfeatures.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace gs::cli {

Command layoutFeaturesCommand() {
  Command command;
  command.name = QStringLiteral("layout-features");
  command.summary = QStringLiteral("ground-truth grid features of the Scenes demo's objects, as an npy backbone");
  command.syntax.options = {
      {QStringLiteral("dataset"), QStringLiteral("SCENES_DIR"), QStringLiteral("Scenes demo folder (its dataset.json)."), {}, true},
      {QStringLiteral("out"), QStringLiteral("FILE.npy"), QStringLiteral("Output .npy (ids beside it)."), {}, true},
      {QStringLiteral("grid"), QStringLiteral("N"), QStringLiteral("Cells per side."), QStringLiteral("3")},
      {QStringLiteral("noise"), QStringLiteral("S"), QStringLiteral("σ of the added Gaussian noise."), QStringLiteral("0.05")},
      {QStringLiteral("json"), {}, QStringLiteral("Print the summary (images, features, backbone) as JSON only.")}};
  command.notes = QStringLiteral("Per grid cell: colour, shape and colour×shape one-hots and small/large, plus noise;\n"
                                 "use the result with --backbone npy:FILE.npy.");
  command.run = [](const Arguments &args) {
    SceneLayoutOptions options;
    options.grid = args.intValue(QStringLiteral("grid"), options.grid, 1, 16);
    options.noise = args.doubleValue(QStringLiteral("noise"), options.noise, 0, 10);
    const SceneLayoutFeatures features = sceneLayoutFeatures(args.value(QStringLiteral("dataset")), options);
    const QString spec = writeSceneLayoutFeatures(features, args.value(QStringLiteral("out")));
    if (args.isSet(QStringLiteral("json"))) {
      out() << QJsonDocument(QJsonObject{{QStringLiteral("images"), int(features.imageIds.size())},
                                         {QStringLiteral("dim"), features.dim},
                                         {QStringLiteral("grid"), options.grid},
                                         {QStringLiteral("backbone"), spec}})
                   .toJson(QJsonDocument::Indented);
      return kExitOk;
    }
    out() << QStringLiteral("%1 images × %2 features (%3×%3 grid, %4 colours, %5 shapes); backbone %6\n")
                 .arg(features.imageIds.size())
                 .arg(features.dim)
                 .arg(options.grid)
                 .arg(features.colours.size())
                 .arg(features.shapes.size())
                 .arg(spec);
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
