#pragma once
// Ground-truth ("oracle") image features for the Scenes demo, built from the object list its
// dataset.json keeps for every image instead of from pixels. They isolate the sentence encoder:
// with them the image side knows exactly which colour belongs to which shape and where each
// object is, so what a model still gets wrong on the distractor twins is the text side's doing.
// They are the same kind of thing as a perfect object detector on a coarse grid.
//
// Layout of one image's vector, for each cell of a grid×grid partition of the image (row-major),
// the cell holding an object's box centre:
//   [colour one-hot | shape one-hot | colour×shape one-hot | small, large]
// with colours and shapes the sorted sets found in the file. Every value gets N(0, noise²) added
// with a fixed seed, so that no two images are identical.

#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

struct SceneLayoutOptions {
  int grid = 3;         // cells per side
  double noise = 0.05;  // σ of the Gaussian noise added to every value
  unsigned seed = 7;    // seed of that noise
};

struct SceneLayoutFeatures {
  QStringList imageIds;     // the image files' base names, as the npy backbone matches them
  QStringList colours, shapes;
  int dim = 0;              // grid² × (colours + shapes + colours·shapes + 2)
  std::vector<float> values; // imageIds.size() × dim, row-major
};

// Reads `folder`/dataset.json (or the JSON file itself). Throws std::runtime_error naming the
// file, and the line for malformed JSON, when it is missing or unreadable, has no images, or an
// image has no "objects" list or an object lacks its box, colour, shape or size (only the Scenes
// demo writes them). Cost: O(images × objects + images × dim).
SceneLayoutFeatures sceneLayoutFeatures(const QString &folder, const SceneLayoutOptions &options = {});

// Writes them as an npy backbone: `npyPath` (images × dim, float32) and <stem>.ids.txt beside it,
// both atomically. Returns the backbone spec "npy:<npyPath>".
QString writeSceneLayoutFeatures(const SceneLayoutFeatures &features, const QString &npyPath);

}  // namespace gs
