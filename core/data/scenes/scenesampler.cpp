// Scene descriptions for the Scenes demo: what is in an image, where, and the distractor twins
// whose captions have the same bag of words but another meaning.

#include "data/scenes/detail/scene.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace gs::scenes {

quint32 Random::next() {
  // splitmix64, top 32 bits: full period, passes BigCrush, trivially portable.
  m_state += 0x9E3779B97F4A7C15ull;
  quint64 z = m_state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return quint32((z ^ (z >> 31)) >> 32);
}

int Random::below(int n) { return n <= 1 ? 0 : int((quint64(next()) * quint64(n)) >> 32); }

double Random::uniform() { return double(next()) / 4294967296.0; }

QString shapeName(Shape shape) {
  static const char *names[] = {"circle", "square", "triangle", "star", "cross", "ring", "diamond"};
  return QString::fromLatin1(names[int(shape)]);
}

QString shapePlural(Shape shape) {
  return shape == Shape::Cross ? QStringLiteral("crosses") : shapeName(shape) + QLatin1Char('s');
}

QString colourName(Colour colour) {
  static const char *names[] = {"red", "green", "blue", "yellow", "purple", "orange", "white"};
  return QString::fromLatin1(names[int(colour)]);
}

QString sizeName(Size size) { return size == Size::Small ? QStringLiteral("small") : QStringLiteral("large"); }

QString backgroundName(Background background) {
  static const char *names[] = {"noisy", "striped", "checked", "shaded", "mottled"};
  return QString::fromLatin1(names[int(background)]);
}

namespace {

Group sampleGroup(Random &random, int count) {
  Group group;
  group.shape = Shape(random.below(kShapes));
  group.colour = Colour(random.below(kColours));
  group.size = random.chance(0.5) ? Size::Small : Size::Large;
  group.count = count;
  return group;
}

// Two-group counts: mostly single objects (relations between two objects are the core of the
// demo), some pairs and a few triples, never more than 4 objects in all.
int sampleGroupCount(Random &random, int room) {
  const double u = random.uniform();
  const int count = u < 0.7 ? 1 : u < 0.93 ? 2 : 3;
  return std::min(count, room);
}

}  // namespace

Scene sampleScene(Random &random) {
  Scene scene;
  scene.background = Background(random.below(kBackgrounds));
  scene.textureSeed = random.next();
  if (random.chance(0.25)) {
    const double u = random.uniform();
    scene.groups.push_back(sampleGroup(random, u < 0.4 ? 1 : u < 0.7 ? 2 : u < 0.9 ? 3 : 4));
    return scene;
  }
  const int first = sampleGroupCount(random, 3);
  Group a = sampleGroup(random, first);
  Group b = sampleGroup(random, sampleGroupCount(random, 4 - first));
  // Two groups that look the same would make "a red circle left of a red circle": keep them apart.
  while (a.shape == b.shape && a.colour == b.colour) b = sampleGroup(random, b.count);
  scene.groups = {a, b};
  scene.relation = Relation(1 + random.below(4));
  return scene;
}

// A twin must keep caption i's bag of words (so bag-of-words models cannot tell the two apart)
// and change what is true (so a model that reads word order can):
//  - Colours: the groups trade colours. Every word stays; each adjective moves to the other noun.
//  - Shapes: the groups trade shapes; the nouns' number must match ("two circles" vs "a square"
//    would become "two squares" vs "a circle": other words), so counts must be equal.
//  - Roles: the groups trade places ("a blue square is left of a red circle"); the verb agrees with
//    the first noun phrase, so both groups must be singular or both plural.
bool canSwap(const Scene &scene, Swap swap) {
  if (scene.groups.size() != 2 || scene.relation == Relation::None) return false;
  const Group &a = scene.groups[0], &b = scene.groups[1];
  switch (swap) {
  case Swap::Colours: return a.colour != b.colour;
  case Swap::Shapes: return a.shape != b.shape && a.count == b.count;
  case Swap::Roles: return (a.count > 1) == (b.count > 1);
  case Swap::None: return false;
  }
  return false;
}

Scene swapped(const Scene &scene, Swap swap) {
  Scene twin = scene;
  for (Group &group : twin.groups) group.boxes.clear();
  Group &a = twin.groups[0], &b = twin.groups[1];
  switch (swap) {
  case Swap::Colours: std::swap(a.colour, b.colour); break;
  case Swap::Shapes: std::swap(a.shape, b.shape); break;
  case Swap::Roles: std::swap(a, b); break;
  case Swap::None: break;
  }
  return twin;
}

namespace {

struct Region {
  float x0, y0, x1, y1;
};

bool overlaps(const Box &a, const Box &b, float pad) {
  return a.x < b.x + b.width + pad && b.x < a.x + a.width + pad && a.y < b.y + b.height + pad &&
         b.y < a.y + a.height + pad;
}

}  // namespace

bool placeObjects(Scene &scene, int imageSize, Random &random) {
  const float scale = float(imageSize) / 128.0f;
  const float margin = 2.0f * scale;     // keep every box a little inside the image
  const float gap = 6.0f * scale;        // clear space between the two groups of a relation
  const float pad = 3.0f * scale;        // clear space between objects
  const float size = float(imageSize);
  const Region whole{margin, margin, size - margin, size - margin};
  std::array<Region, 2> regions{whole, whole};
  if (scene.groups.size() == 2 && scene.relation != Relation::None) {
    const float cut = size / 2 + float(random.uniform() - 0.5) * 16.0f * scale;
    const Region before{margin, margin, cut - gap / 2, size - margin}; // left part
    const Region after{cut + gap / 2, margin, size - margin, size - margin};
    const Region top{margin, margin, size - margin, cut - gap / 2};
    const Region bottom{margin, cut + gap / 2, size - margin, size - margin};
    switch (scene.relation) {
    case Relation::Left: regions = {before, after}; break;
    case Relation::Right: regions = {after, before}; break;
    case Relation::Above: regions = {top, bottom}; break;
    case Relation::Below: regions = {bottom, top}; break;
    case Relation::None: break;
    }
  }
  constexpr int kTries = 200; // random placements per object before giving up on the scene
  std::vector<Box> placed;
  if (scene.groups.size() > regions.size()) return false;
  for (size_t g = 0; g < scene.groups.size(); ++g) {
    Group &group = scene.groups[g];
    group.boxes.clear();
    const float half = std::round((group.size == Size::Small ? 8.0f + random.below(3) : 15.0f + random.below(4)) * scale);
    const Region &r = regions[g];
    if (r.x1 - r.x0 < 2 * half || r.y1 - r.y0 < 2 * half) return false;
    for (int k = 0; k < group.count; ++k) {
      bool ok = false;
      for (int t = 0; t < kTries && !ok; ++t) {
        const float x = std::round(r.x0 + random.uniform() * (r.x1 - r.x0 - 2 * half));
        const float y = std::round(r.y0 + random.uniform() * (r.y1 - r.y0 - 2 * half));
        const Box box{x, y, 2 * half, 2 * half};
        ok = std::none_of(placed.begin(), placed.end(), [&](const Box &other) { return overlaps(box, other, pad); });
        if (ok) {
          placed.push_back(box);
          group.boxes.push_back(box);
        }
      }
      if (!ok) return false;
    }
  }
  return true;
}

QStringList conceptsOf(const Scene &scene) {
  static const char *counts[] = {"", "one", "two", "three", "four"};
  QStringList concepts;
  const auto add = [&](const QString &label) {
    if (!concepts.contains(label)) concepts << label;
  };
  for (const Group &group : scene.groups) {
    add(shapeName(group.shape));
    add(colourName(group.colour));
    add(sizeName(group.size));
    add(colourName(group.colour) + QLatin1Char(' ') + shapeName(group.shape));
    if (group.count > 1) add(QString::fromLatin1(counts[group.count]));
  }
  if (scene.relation == Relation::Left || scene.relation == Relation::Right) {
    add(QStringLiteral("left of"));
    add(QStringLiteral("right of"));
  } else if (scene.relation == Relation::Above || scene.relation == Relation::Below) {
    add(QStringLiteral("above"));
    add(QStringLiteral("below"));
  }
  add(backgroundName(scene.background));
  return concepts;
}

}  // namespace gs::scenes
