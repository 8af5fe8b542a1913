// `groundscope-cli layout-features --dataset SCENES_DIR --out FILE.npy [--grid N] [--noise S]`:
// writes the Scenes demo's ground-truth layout features (core/data/scenes/scenelayoutfeatures.h)
// as an npy backbone, so that `train`/`compare --backbone npy:FILE.npy` measure the sentence
// encoders with an image side that sees every object's colour, shape and place.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "data/scenes/scenelayoutfeatures.h"

namespace gs::cli {

Command layoutFeaturesCommand() {
  Command command;
  command.name = QStringLiteral("layout-features");
  command.summary = QStringLiteral("ground-truth grid features of the Scenes demo's objects, as an npy backbone");
  command.usage = QStringLiteral("layout-features --dataset SCENES_DIR --out FILE.npy [--grid N] [--noise S]\n"
                                 "  Per grid cell: colour, shape and colour×shape one-hots and small/large, plus noise;\n"
                                 "  use the result with --backbone npy:FILE.npy.");
  command.run = [](const QStringList &args) {
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("dataset"), QStringLiteral("Scenes demo folder (its dataset.json)."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("out"), QStringLiteral("Output .npy (ids beside it)."), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("grid"), QStringLiteral("Cells per side (3)."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("noise"), QStringLiteral("σ of the added Gaussian noise (0.05)."), QStringLiteral("S")});
    parseArguments(parser, args, 0, 0);
    if (!parser.isSet(QStringLiteral("dataset")) || !parser.isSet(QStringLiteral("out")))
      throw UsageError("--dataset and --out are required");
    SceneLayoutOptions options;
    options.grid = intOption(parser, QStringLiteral("grid"), options.grid, 1, 16);
    options.noise = doubleOption(parser, QStringLiteral("noise"), options.noise, 0, 10);
    const SceneLayoutFeatures features = sceneLayoutFeatures(parser.value(QStringLiteral("dataset")), options);
    const QString spec = writeSceneLayoutFeatures(features, parser.value(QStringLiteral("out")));
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
