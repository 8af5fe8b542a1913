// Makes the Scenes demo on disk: samples scenes (a third of them in distractor-twin pairs),
// renders images and captions, and writes them in Karpathy's JSON layout plus regions.json,
// then reads it back through the same loader as any real dataset.

#include "data/scenes/scenesdemo.h"

#include "data/loaddataset.h"
#include "data/scenes/detail/scene.h"
#include "engine/jobcontext.h"
#include "io/atomicfile.h"
#include "io/paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gs {

namespace {

using namespace scenes;

// Probability that an image starts a twin pair when there is room in its split: 0.22 puts
// 2p/(1+p) ≈ 36% of the images in pairs, the lead's 30–40%.
constexpr double kTwinStart = 0.22;
constexpr int kCaptionsPerImage = 5;
// Images rendered in parallel between two cancel checks: ~50 ms of work on one core.
constexpr int kRenderBatch = 64;

struct Item {
  Scene scene;
  CaptionPlan plan;
  Swap swap = Swap::None;
  int twin = -1;
  Split split = Split::Train;
};

Swap sampleSwap(Random &random) { return Swap(1 + random.below(3)); }

QString swapName(Swap swap) {
  switch (swap) {
  case Swap::Colours: return QStringLiteral("colours");
  case Swap::Shapes: return QStringLiteral("shapes");
  case Swap::Roles: return QStringLiteral("roles");
  case Swap::None: break;
  }
  return {};
}

QString imageId(int index) { return QStringLiteral("scene_%1").arg(index, 5, 10, QLatin1Char('0')); }

QJsonArray boxJson(const Box &box) { return {int(box.x), int(box.y), int(box.width), int(box.height)}; }

std::vector<Item> sampleItems(const ScenesOptions &options, const std::array<int, 3> &splitEnds, Random &random) {
  const auto splitOf = [&](int i) { return i < splitEnds[0] ? Split::Train : i < splitEnds[1] ? Split::Val : Split::Test; };
  std::vector<Item> items;
  const int n = options.images;
  while (int(items.size()) < n) {
    const int i = int(items.size());
    const bool pair = i + 1 < n && splitOf(i + 1) == splitOf(i) && random.chance(kTwinStart);
    if (pair) {
      const Swap swap = sampleSwap(random);
      Item first, second;
      do {
        first.scene = sampleScene(random);
        if (!canSwap(first.scene, swap)) continue;
        second.scene = swapped(first.scene, swap);
      } while (!canSwap(first.scene, swap) || !placeObjects(first.scene, options.imageSize, random) ||
               !placeObjects(second.scene, options.imageSize, random));
      first.plan = planCaptions(first.scene, swap, random, kCaptionsPerImage);
      second.plan = twinPlan(first.plan, swap);
      first.swap = second.swap = swap;
      first.twin = i + 1;
      second.twin = i;
      first.split = second.split = splitOf(i);
      items.push_back(std::move(first));
      items.push_back(std::move(second));
    } else {
      Item item;
      do item.scene = sampleScene(random);
      while (!placeObjects(item.scene, options.imageSize, random));
      item.plan = planCaptions(item.scene, Swap::None, random, kCaptionsPerImage);
      item.split = splitOf(i);
      items.push_back(std::move(item));
    }
  }
  return items;
}

// Images are written plainly, not through writeFileAtomically: its fsync per file would cost
// more than the rendering, and a half-written demo is never used because dataset.json, the
// marker of a complete demo, is written (atomically) last.
void writeImage(const QString &path, const QByteArray &bytes) {
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
    throw std::runtime_error(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()).toStdString());
}

QStringList sortedBag(QStringList tokens) {
  tokens.sort();
  return tokens;
}

void checkOptions(const ScenesOptions &options) {
  if (options.images < 2)
    throw std::invalid_argument("gs::makeScenesDemo: images must be at least 2");
  if (options.imageSize < 64 || options.imageSize > 1024)
    throw std::invalid_argument("gs::makeScenesDemo: imageSize must be in [64, 1024]");
  if (options.trainFraction < 0 || options.valFraction < 0 || options.trainFraction + options.valFraction > 1)
    throw std::invalid_argument("gs::makeScenesDemo: split fractions must be non-negative and sum to at most 1");
}

// Captions first: a twin's order-sensitive flags need both images' captions.
std::vector<std::vector<SceneCaption>> renderCaptions(const std::vector<Item> &items) {
  std::vector<std::vector<SceneCaption>> captions(items.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    for (const CaptionPlan::Choice &choice : items[i].plan.choices) captions[i].push_back(renderCaption(items[i].scene, choice));
  return captions;
}

// Images: rendered and written on all cores in batches, with cancel/pause between batches.
// Each image depends only on its scene (its texture has its own seed), so the bytes do not
// depend on the order the threads run in.
void renderImages(const QDir &dir, const std::vector<Item> &items, int imageSize, JobContext *job) {
  const int n = int(items.size());
  for (int start = 0; start < n; start += kRenderBatch) {
    if (job) {
      job->checkpoint();
      job->setItemProgress(start, n, QStringLiteral("rendering Scenes images"));
    }
    QList<int> batch;
    for (int i = start; i < std::min(n, start + kRenderBatch); ++i) batch << i;
    const QStringList errors = QtConcurrent::blockingMapped<QStringList>(batch, [&](int i) -> QString {
      try {
        writeImage(dir.filePath(QStringLiteral("images/") + imageId(i) + QStringLiteral(".png")), renderImage(items[i].scene, imageSize));
        return {};
      } catch (const std::exception &error) { // QtConcurrent passes on QExceptions only
        return QString::fromStdString(error.what());
      }
    });
    for (const QString &error : errors)
      if (!error.isEmpty()) throw std::runtime_error(error.toStdString());
  }
}

// Order-sensitive: the twin has a caption with exactly this bag of words (and, being the twin, a
// different meaning). Checked here rather than assumed from the construction.
bool orderSensitive(const SceneCaption &caption, const std::vector<SceneCaption> &twinCaptions) {
  const QStringList bag = sortedBag(caption.tokens);
  bool sensitive = false;
  for (const SceneCaption &other : twinCaptions) sensitive |= sortedBag(other.tokens) == bag;
  return sensitive;
}

// A caption's phrases with their boxes, as regions.json lists them.
QJsonArray phrasesJson(const SceneCaption &caption) {
  QJsonArray phrases;
  for (const PhraseRegion &phrase : caption.phrases) {
    QJsonArray boxes;
    for (const Box &box : phrase.boxes) boxes.append(boxJson(box));
    phrases.append(QJsonObject{{QStringLiteral("begin"), phrase.begin}, {QStringLiteral("end"), phrase.end},
                               {QStringLiteral("boxes"), boxes}});
  }
  return phrases;
}

QJsonArray objectsJson(const Scene &scene) {
  QJsonArray objects;
  for (const Group &group : scene.groups)
    for (const Box &box : group.boxes)
      objects.append(QJsonObject{{QStringLiteral("shape"), shapeName(group.shape)},
                                 {QStringLiteral("colour"), colourName(group.colour)},
                                 {QStringLiteral("size"), sizeName(group.size)},
                                 {QStringLiteral("box"), boxJson(box)}});
  return objects;
}

// Image i's entry of dataset.json; its captions' regions go to `regions`, numbered on from *sentid.
QJsonObject imageJson(int i, const std::vector<Item> &items, const std::vector<std::vector<SceneCaption>> &captions, int imageSize,
                      int *sentid, QJsonArray *regions) {
  const Item &item = items[i];
  QJsonArray sentences, sentids;
  for (const SceneCaption &caption : captions[i]) {
    QJsonObject sentence{{QStringLiteral("raw"), caption.raw},
                         {QStringLiteral("tokens"), QJsonArray::fromStringList(caption.tokens)},
                         {QStringLiteral("imgid"), i},
                         {QStringLiteral("sentid"), *sentid}};
    if (item.twin >= 0 && orderSensitive(caption, captions[item.twin])) sentence.insert(QStringLiteral("order_sensitive"), true);
    sentences.append(sentence);
    sentids.append(*sentid);
    regions->append(QJsonObject{{QStringLiteral("sentid"), *sentid}, {QStringLiteral("phrases"), phrasesJson(caption)}});
    ++*sentid;
  }
  const QString fileName = imageId(i) + QStringLiteral(".png");
  QJsonObject image{{QStringLiteral("filename"), fileName},
                    {QStringLiteral("imgid"), i},
                    {QStringLiteral("split"), splitName(item.split)},
                    {QStringLiteral("width"), imageSize},
                    {QStringLiteral("height"), imageSize},
                    {QStringLiteral("concepts"), QJsonArray::fromStringList(conceptsOf(item.scene))},
                    {QStringLiteral("objects"), objectsJson(item.scene)},
                    {QStringLiteral("sentids"), sentids},
                    {QStringLiteral("sentences"), sentences}};
  if (item.twin >= 0) {
    image.insert(QStringLiteral("distractor"), imageId(item.twin));
    image.insert(QStringLiteral("swap"), swapName(item.swap));
  }
  return image;
}

// regions.json, then dataset.json last: its presence marks a complete demo (ensureScenesDemo relies on it).
void writeDatasetFiles(const QDir &dir, const QString &name, const QJsonArray &images, const QJsonArray &regions,
                       const ScenesOptions &options) {
  writeFileAtomically(dir.filePath(QStringLiteral("regions.json")),
                      QJsonDocument(QJsonObject{{QStringLiteral("dataset"), name}, {QStringLiteral("captions"), regions}})
                          .toJson(QJsonDocument::Compact));
  const QJsonObject top{{QStringLiteral("dataset"), name},
                        {QStringLiteral("generator"), QStringLiteral("groundscope-scenes")},
                        {QStringLiteral("seed"), qint64(options.seed)},
                        {QStringLiteral("image_size"), options.imageSize},
                        {QStringLiteral("images"), images}};
  writeFileAtomically(dir.filePath(QStringLiteral("dataset.json")), QJsonDocument(top).toJson(QJsonDocument::Compact));
}

}  // namespace

Dataset makeScenesDemo(const QString &outDir, const ScenesOptions &options, JobContext *job) {
  checkOptions(options);
  const QDir dir(outDir);
  if (!QDir().mkpath(dir.filePath(QStringLiteral("images"))))
    throw std::runtime_error(QStringLiteral("%1: cannot create the folder").arg(outDir).toStdString());
  const int n = options.images;
  const int trainEnd = int(std::lround(n * options.trainFraction));
  const std::array<int, 3> splitEnds{trainEnd, std::min(n, trainEnd + int(std::lround(n * options.valFraction))), n};

  Random random(quint64(options.seed) * 0x2545F4914F6CDD1Dull + 0x5CE7E5ull);
  const std::vector<Item> items = sampleItems(options, splitEnds, random);
  const std::vector<std::vector<SceneCaption>> captions = renderCaptions(items);
  renderImages(dir, items, options.imageSize, job);

  QJsonArray images, regions;
  int sentid = 0;
  for (int i = 0; i < n; ++i) images.append(imageJson(i, items, captions, options.imageSize, &sentid, &regions));
  writeDatasetFiles(dir, QStringLiteral("scenes-%1-seed%2").arg(n).arg(options.seed), images, regions, options);
  if (job) job->setItemProgress(n, n, QStringLiteral("rendered Scenes images"));
  return loadDataset(dir.absolutePath(), job);
}

QString ensureScenesDemo(const ScenesOptions &options, JobContext *job, Dataset *loaded) {
  checkOptions(options);
  QString folder = QStringLiteral("scenes-%1-seed%2").arg(options.images).arg(options.seed);
  if (options.imageSize != ScenesOptions{}.imageSize) folder += QStringLiteral("-%1px").arg(options.imageSize);
  if (options.trainFraction != ScenesOptions{}.trainFraction || options.valFraction != ScenesOptions{}.valFraction)
    folder += QStringLiteral("-split%1-%2").arg(int(std::lround(options.trainFraction * 1000))).arg(int(std::lround(options.valFraction * 1000)));
  const QString path = userCacheDir(QStringLiteral("datasets")) + QLatin1Char('/') + folder;
  if (QFileInfo::exists(path + QStringLiteral("/dataset.json"))) {
    try {
      Dataset existing = loadDataset(path, job);
      if (int(existing.images.size()) == options.images && existing.report.total() == 0) {
        if (loaded) *loaded = std::move(existing);
        return path;
      }
      if (job) job->warn(QStringLiteral("%1: incomplete or damaged, making it again").arg(path));
    } catch (const JobCancelled &) {
      throw;
    } catch (const std::exception &error) {
      if (job) job->warn(QStringLiteral("%1: %2; making it again").arg(path, QString::fromStdString(error.what())));
    }
  }
  Dataset made = makeScenesDemo(path, options, job);
  if (loaded) *loaded = std::move(made);
  return path;
}

}  // namespace gs
