// The Scenes demo's caption grammar: five captions per image with real paraphrase variety —
// either group mentioned first, active and passive-like orders ("A red circle is left of a blue
// square." / "A blue square is to the right of a red circle."), verbless fragments ("Two green
// triangles and a yellow star."), optional adjectives, "a"/"an"/"one", singular and plural —
// and the token span of every noun phrase with the boxes it refers to. Sentences are plain
// English that Link Grammar parses: a finite verb that agrees with its subject, or a noun-phrase
// fragment.

#include "data/scenes/detail/scene.h"
#include "text/tokenizer.h"

#include <algorithm>

namespace gs::scenes {

namespace {

// Two-group templates. {A}, {B}: the groups' noun phrases; {beA}: "is"/"are" agreeing with A;
// {rel}: the relation from A to B, {inv}: from B to A; {itB}: "it"/"them" for B.
const char *const kPairTemplates[] = {
    "{A} {beA} {rel} {B}.",
    "{B} {beB} {inv} {A}.",
    "There {beA} {A} {rel} {B}.",
    "{A} {rel} {B}.",
    "{A} and {B}.",                 // says nothing of the relation: not for role-swapped twins
    "{B} with {A} {rel} {itB}.",
    "In this picture, {A} {beA} {rel} {B}.",
    "{A} can be seen {rel} {B}.",
};
constexpr int kPairCount = int(std::size(kPairTemplates));
constexpr int kNoRelationTemplate = 4;

// One-group templates. {G}: the group; {beG}: "is"/"are"; {bg}: the background's adjective.
const char *const kSingleTemplates[] = {
    "{G}.",
    "There {beG} {G}.",
    "{G} on a {bg} background.",
    "The picture shows {G}.",
    "{G} {beG} in the picture.",
    "An image of {G}.",
    "{G} {beG} shown on a {bg} background.",
};
constexpr int kSingleCount = int(std::size(kSingleTemplates));

// Phrasings of "first group REL second group". The last two of Left/Right ("next to", "beside")
// are symmetric, so role-swapped twins never use them.
QStringList phrasings(Relation relation) {
  switch (relation) {
  case Relation::Left:
    return {QStringLiteral("left of"), QStringLiteral("to the left of"), QStringLiteral("on the left of"),
            QStringLiteral("next to"), QStringLiteral("beside")};
  case Relation::Right:
    return {QStringLiteral("right of"), QStringLiteral("to the right of"), QStringLiteral("on the right of"),
            QStringLiteral("next to"), QStringLiteral("beside")};
  case Relation::Above: return {QStringLiteral("above"), QStringLiteral("over")};
  case Relation::Below: return {QStringLiteral("below"), QStringLiteral("under"), QStringLiteral("beneath")};
  case Relation::None: break;
  }
  return {};
}

int asymmetricPhrasings(Relation relation) {
  return relation == Relation::Left || relation == Relation::Right ? 3 : int(phrasings(relation).size());
}

Relation inverse(Relation relation) {
  switch (relation) {
  case Relation::Left: return Relation::Right;
  case Relation::Right: return Relation::Left;
  case Relation::Above: return Relation::Below;
  case Relation::Below: return Relation::Above;
  case Relation::None: break;
  }
  return Relation::None;
}

bool startsWithVowelSound(const QString &word) {
  return !word.isEmpty() && QStringLiteral("aeiou").contains(word.front());
}

QString nounPhrase(const Group &group, bool size, bool colour, bool number) {
  static const char *numbers[] = {"", "one", "two", "three", "four"};
  QStringList words;
  if (size) words << sizeName(group.size);
  if (colour) words << colourName(group.colour);
  words << (group.count == 1 ? shapeName(group.shape) : shapePlural(group.shape));
  QString determiner;
  if (group.count > 1 || number) determiner = QString::fromLatin1(numbers[group.count]);
  else determiner = startsWithVowelSound(words.first()) ? QStringLiteral("an") : QStringLiteral("a");
  return determiner + QLatin1Char(' ') + words.join(QLatin1Char(' '));
}

// A caption under construction: text pieces, some of them noun phrases of a group.
struct Builder {
  QString raw;
  int tokens = 0;
  std::vector<PhraseRegion> phrases;

  void add(const QString &text, const std::vector<Box> *boxes = nullptr) {
    if (text.isEmpty()) return;
    const bool punctuation = text == QLatin1String(".") || text == QLatin1String(",");
    if (!raw.isEmpty() && !punctuation) raw += QLatin1Char(' ');
    raw += text;
    const int n = int(tokenize(text).size());
    if (boxes) phrases.push_back({tokens, tokens + n, *boxes});
    tokens += n;
  }
};

}  // namespace

CaptionPlan planCaptions(const Scene &scene, Swap twinSwap, Random &random, int captions) {
  const bool pair = scene.groups.size() == 2;
  std::vector<int> templates;
  for (int t = 0; t < (pair ? kPairCount : kSingleCount); ++t)
    if (!(pair && twinSwap == Swap::Roles && t == kNoRelationTemplate)) templates.push_back(t);
  // Fisher–Yates with our own generator (std::shuffle's use of the engine is unspecified).
  for (int i = int(templates.size()) - 1; i > 0; --i) std::swap(templates[i], templates[random.below(i + 1)]);
  CaptionPlan plan;
  const bool twin = twinSwap != Swap::None;
  const bool articlesDiffer = pair && startsWithVowelSound(colourName(scene.groups[0].colour)) !=
                                          startsWithVowelSound(colourName(scene.groups[1].colour));
  for (int c = 0; c < captions; ++c) {
    CaptionPlan::Choice choice;
    choice.templ = templates[c % templates.size()];
    choice.relationWord = pair ? random.below(twinSwap == Swap::Roles ? asymmetricPhrasings(scene.relation)
                                                                      : int(phrasings(scene.relation).size()))
                               : 0;
    for (int g = 0; g < 2; ++g) {
      // A twin's captions name every colour: without it a caption would be true of both images.
      choice.colour[g] = twin || random.chance(0.85);
      choice.size[g] = random.chance(0.35);
      // Colour-swapped twins with "an orange" and "a red" would trade articles and so change the
      // bag of words when the other group is plural: "one" keeps it ("one orange cross").
      choice.number[g] = random.chance(0.1) || (twinSwap == Swap::Colours && articlesDiffer);
    }
    plan.choices.push_back(choice);
  }
  return plan;
}

CaptionPlan twinPlan(const CaptionPlan &plan, Swap swap) {
  CaptionPlan twin = plan;
  if (swap == Swap::Roles)
    for (CaptionPlan::Choice &choice : twin.choices) {
      std::swap(choice.size[0], choice.size[1]);
      std::swap(choice.colour[0], choice.colour[1]);
      std::swap(choice.number[0], choice.number[1]);
    }
  return twin;
}

SceneCaption renderCaption(const Scene &scene, const CaptionPlan::Choice &choice) {
  const bool pair = scene.groups.size() == 2;
  const QString templ = QString::fromLatin1(pair ? kPairTemplates[choice.templ] : kSingleTemplates[choice.templ]);
  const auto np = [&](int g) {
    return nounPhrase(scene.groups[g], choice.size[g], choice.colour[g], choice.number[g]);
  };
  // Above has two phrasings and its inverse Below three: index modulo the list.
  const auto phrasing = [&](Relation relation) {
    const QStringList list = phrasings(relation);
    return list.at(choice.relationWord % list.size());
  };
  const auto be = [&](int g) { return scene.groups[g].count > 1 ? QStringLiteral("are") : QStringLiteral("is"); };

  Builder builder;
  bool capitalise = true;
  // Walk the template: literal words and {slots}; the first letter of the sentence is upper case.
  const auto emit = [&](QString text, const std::vector<Box> *boxes = nullptr) {
    if (capitalise && !text.isEmpty()) {
      text[0] = text[0].toUpper();
      capitalise = false;
    }
    builder.add(text, boxes);
  };
  int i = 0;
  while (i < templ.size()) {
    const QChar c = templ.at(i);
    if (c == QLatin1Char(' ')) {
      ++i;
      continue;
    }
    if (c == QLatin1Char('.') || c == QLatin1Char(',')) {
      builder.add(QString(c));
      ++i;
      continue;
    }
    if (c == QLatin1Char('{')) {
      const int close = int(templ.indexOf(QLatin1Char('}'), i));
      const QString slot = templ.mid(i + 1, close - i - 1);
      i = close + 1;
      if (slot == QLatin1String("A") || slot == QLatin1String("G")) emit(np(0), &scene.groups[0].boxes);
      else if (slot == QLatin1String("B")) emit(np(1), &scene.groups[1].boxes);
      else if (slot == QLatin1String("beA") || slot == QLatin1String("beG")) emit(be(0));
      else if (slot == QLatin1String("beB")) emit(be(1));
      else if (slot == QLatin1String("rel")) emit(phrasing(scene.relation));
      else if (slot == QLatin1String("inv")) emit(phrasing(inverse(scene.relation)));
      else if (slot == QLatin1String("itB"))
        emit(scene.groups[1].count > 1 ? QStringLiteral("them") : QStringLiteral("it"), &scene.groups[1].boxes);
      else if (slot == QLatin1String("bg")) emit(backgroundName(scene.background));
      continue;
    }
    int end = i;
    while (end < templ.size() && templ.at(end).isLetter()) ++end;
    emit(templ.mid(i, end - i));
    i = end;
  }
  SceneCaption caption;
  caption.raw = builder.raw;
  caption.tokens = tokenize(builder.raw);
  caption.phrases = std::move(builder.phrases);
  return caption;
}

}  // namespace gs::scenes
