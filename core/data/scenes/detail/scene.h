#pragma once
// The Scenes demo's scene descriptions and the pieces that turn them into pixels and captions.
// A scene is one or two groups of identical objects; with two, a spatial relation holds between
// every object of the first and every object of the second. Internal to core/data/scenes.

#include "data/dataset.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace gs::scenes {

enum class Shape { Circle, Square, Triangle, Star, Cross, Ring, Diamond };
enum class Colour { Red, Green, Blue, Yellow, Purple, Orange, White };
enum class Size { Small, Large };
// Left: the first group is left of the second; Above: the first is above the second.
enum class Relation { None, Left, Right, Above, Below };
enum class Background { Noise, Stripes, Checks, Gradient, Blotches };
// How a distractor twin differs from its original while keeping the bag of words of every caption.
enum class Swap { None, Colours, Shapes, Roles };

constexpr int kShapes = 7;
constexpr int kColours = 7;
constexpr int kBackgrounds = 5;

struct Group {
  Shape shape = Shape::Circle;
  Colour colour = Colour::Red;
  Size size = Size::Small;
  int count = 1;          // identical objects in the group, 1–4
  std::vector<Box> boxes; // one per object, set by placeObjects
};

struct Scene {
  std::vector<Group> groups; // 1 or 2
  Relation relation = Relation::None;
  Background background = Background::Noise;
  quint32 textureSeed = 0;   // the background's own noise
};

// A small deterministic generator (xorshift-multiply, "splitmix32"): the same seed gives the same
// scenes on every platform, which std::uniform_*_distribution does not promise.
class Random {
public:
  explicit Random(quint64 seed) : m_state(seed) {}
  quint32 next();
  int below(int n);              // uniform in [0, n)
  double uniform();              // uniform in [0, 1)
  bool chance(double p) { return uniform() < p; }
private:
  quint64 m_state;
};

QString shapeName(Shape shape);
QString shapePlural(Shape shape);
QString colourName(Colour colour);
QString sizeName(Size size);
QString backgroundName(Background background);

// A random scene description (no boxes yet) with 1–4 objects in total.
Scene sampleScene(Random &random);
// Whether `swap` applied to `scene` keeps every caption's bag of words and changes the image's
// meaning (see scenesampler.cpp), and the twin it gives.
bool canSwap(const Scene &scene, Swap swap);
Scene swapped(const Scene &scene, Swap swap);
// Places every object (sets Group::boxes) so the relation holds with a clear gap and no two
// objects overlap. False when it found no room (the caller samples another scene).
bool placeObjects(Scene &scene, int imageSize, Random &random);

// Ground-truth concept labels: shapes, colours, sizes, counts, relations, background.
QStringList conceptsOf(const Scene &scene);

// The choices behind five captions, drawn once and applied to a scene and its twin alike so
// that caption i of both has the same bag of words.
struct CaptionPlan {
  struct Choice {
    int templ = 0;        // sentence template
    int relationWord = 0; // which phrasing of the relation
    // Per group (index into Scene::groups): mention its size, its colour; "one" for "a".
    bool size[2] = {false, false};
    bool colour[2] = {true, true};
    bool number[2] = {false, false};
  };
  std::vector<Choice> choices;
};

CaptionPlan planCaptions(const Scene &scene, Swap twinSwap, Random &random, int captions = 5);
// The plan for the twin made by `swap`: with Roles the groups trade places, so do their choices.
CaptionPlan twinPlan(const CaptionPlan &plan, Swap swap);

struct SceneCaption {
  QString raw;
  QStringList tokens;
  std::vector<PhraseRegion> phrases;
};
SceneCaption renderCaption(const Scene &scene, const CaptionPlan::Choice &choice);

// The image, encoded (PNG). Cost: O(imageSize²).
QByteArray renderImage(const Scene &scene, int imageSize);

}  // namespace gs::scenes
