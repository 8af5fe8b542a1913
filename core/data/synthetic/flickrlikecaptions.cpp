// The caption grammar of the Flickr-like synthetic dataset: a subject, an optional place, a verb
// phrase with an optional object and an optional prepositional phrase, each noun phrase with up
// to two adjectives and sometimes a "with" or "in" phrase of its own, as Flickr's annotators
// write. The optional parts' probabilities put the mean length near Flickr30k's 12.3 tokens
// (tst_pipelinebench measures it), with the long tail its captions have.
//
// The lists below are a caption vocabulary's head. Real captions also name thousands of rarer
// things: Karpathy's COCO training captions hold about 25,000 distinct words, some 9,500 of them
// seen five times or more, and the models' embedding tables and the concepts model's output layer
// are as large as that. So a noun slot names, with probability kTailShare, a noun of the tail
// instead: WordNet's nouns most used first (WordNet::nounsByUse), rank r drawn with probability
// proportional to 1/r over the first kTailNouns of them (Zipf's law). With these two figures the
// training captions of COCO's 123,287 images hold a vocabulary of COCO's size (tst_pipelinebench
// counts it).

#include "data/synthetic/flickrlike.h"

#include "text/wordnet.h"

#include <opencv2/core.hpp>

#include <QSet>

#include <algorithm>
#include <array>
#include <vector>

namespace gs {

namespace {

template <std::size_t N> QString pick(cv::RNG &rng, const std::array<const char *, N> &words) {
  return QString::fromLatin1(words[std::size_t(rng.uniform(0, int(N)))]);
}

const std::array<const char *, 24> kPeople{"man", "woman", "boy", "girl", "child", "dog", "person", "baby",
                                           "player", "worker", "biker", "skier", "lady", "guy", "toddler", "surfer",
                                           "climber", "musician", "dancer", "runner", "puppy", "cat", "horse", "crowd"};
const std::array<const char *, 20> kGroups{"people", "men", "women", "children", "dogs", "boys", "girls",
                                           "players", "friends", "kids", "teenagers", "workers", "tourists",
                                           "musicians", "dancers", "horses", "bikers", "adults", "students", "fans"};
const std::array<const char *, 30> kThings{"ball", "bike", "shirt", "hat", "jacket", "frisbee", "rope", "guitar",
                                           "camera", "stick", "car", "boat", "bench", "wall", "fence", "tree",
                                           "building", "skateboard", "surfboard", "umbrella", "bag", "table",
                                           "sign", "drink", "toy", "kite", "book", "flag", "rock", "wave"};
const std::array<const char *, 20> kPlaces{"street", "beach", "park", "field", "snow", "water", "grass", "road",
                                           "river", "city", "crowd", "stage", "pool", "sidewalk", "mountain",
                                           "forest", "yard", "lake", "market", "track"};
const std::array<const char *, 28> kAdjectives{"young", "old", "little", "red", "blue", "black", "white", "green",
                                               "yellow", "brown", "large", "small", "smiling", "wet", "tall",
                                               "busy", "orange", "pink", "dark", "bright", "happy", "striped", "wooden",
                                               "crowded", "colorful", "grey", "sandy", "snowy"};
const std::array<const char *, 24> kVerbsIng{"riding", "holding", "throwing", "playing", "walking", "running",
                                             "jumping", "sitting", "standing", "climbing", "carrying", "watching",
                                             "pulling", "catching", "kicking", "wearing", "pushing", "looking",
                                             "swimming", "dancing", "eating", "reading", "painting", "chasing"};
const std::array<const char *, 10> kPrepositions{"on", "in", "near", "behind", "under", "across", "along", "by",
                                                 "through", "beside"};
const std::array<const char *, 6> kNumbers{"two", "three", "four", "several", "many", "five"};

constexpr double kTailShare = 0.28;
constexpr int kTailNouns = 25000;

// The tail's nouns, none of them one of the lists' words, and the cumulative Zipf weights
// H_r = 1 + 1/2 + … + 1/r to draw their ranks from.
class TailNouns {
public:
  TailNouns() {
    QSet<QString> head;
    const auto addAll = [&head](const auto &words) {
      for (const char *word : words) head.insert(QString::fromLatin1(word));
    };
    addAll(kPeople);
    addAll(kGroups);
    addAll(kThings);
    addAll(kPlaces);
    addAll(kAdjectives);
    addAll(kVerbsIng);
    for (const QString &noun : WordNet::open().nounsByUse()) {
      if (m_nouns.size() == kTailNouns) break;
      if (!head.contains(noun)) m_nouns << noun;
    }
    double sum = 0;
    for (qsizetype r = 1; r <= m_nouns.size(); ++r) m_cumulative.push_back(sum += 1.0 / double(r));
  }

  QString draw(cv::RNG &rng) const {
    const double u = rng.uniform(0.0, m_cumulative.back());
    const auto rank = std::upper_bound(m_cumulative.cbegin(), m_cumulative.cend(), u) - m_cumulative.cbegin();
    return m_nouns[std::min<qsizetype>(rank, m_nouns.size() - 1)];
  }

private:
  QStringList m_nouns;
  std::vector<double> m_cumulative;
};

// Read once per process (WordNet's noun files, about a second); throws naming the file when
// WordNet is missing.
const TailNouns &tailNouns() {
  static const TailNouns nouns;
  return nouns;
}

// A noun of `list` or, with probability kTailShare, of the tail.
template <std::size_t N> QString pickNoun(cv::RNG &rng, const std::array<const char *, N> &list) {
  if (rng.uniform(0.0, 1.0) < kTailShare) return tailNouns().draw(rng);
  return pick(rng, list);
}

// "a young man", "the wet dog in a red shirt": determiner, up to two adjectives, the noun and,
// with probability `attach`, a phrase of its own.
void nounPhrase(QStringList &out, cv::RNG &rng, const QString &noun, double attach, bool plural = false) {
  if (!plural) out << (rng.uniform(0.0, 1.0) < 0.8 ? QStringLiteral("a") : QStringLiteral("the"));
  const int adjectives = rng.uniform(0.0, 1.0) < 0.55 ? (rng.uniform(0.0, 1.0) < 0.3 ? 2 : 1) : 0;
  for (int a = 0; a < adjectives; ++a) out << pick(rng, kAdjectives);
  out << noun;
  if (rng.uniform(0.0, 1.0) < attach) {
    out << (rng.uniform(0.0, 1.0) < 0.5 ? QStringLiteral("with") : QStringLiteral("in"));
    nounPhrase(out, rng, pickNoun(rng, kThings), 0.0);
  }
}

}  // namespace

QStringList flickrLikeCaption(quint32 seed, int image, int caption) {
  cv::RNG rng(quint64(seed) * 0x9E3779B97F4A7C15ull ^ (quint64(image) * 8 + quint64(caption) + 1));
  QStringList tokens;
  const bool group = rng.uniform(0.0, 1.0) < 0.3;
  if (group) {
    if (rng.uniform(0.0, 1.0) < 0.4) tokens << QStringLiteral("a") << QStringLiteral("group") << QStringLiteral("of");
    else tokens << pick(rng, kNumbers);
    nounPhrase(tokens, rng, pick(rng, kGroups), 0.25, true);
  } else {
    nounPhrase(tokens, rng, pickNoun(rng, kPeople), 0.35);
  }
  tokens << (group ? QStringLiteral("are") : QStringLiteral("is")) << pick(rng, kVerbsIng);
  if (rng.uniform(0.0, 1.0) < 0.7) nounPhrase(tokens, rng, pickNoun(rng, kThings), 0.2);
  if (rng.uniform(0.0, 1.0) < 0.75) {
    tokens << pick(rng, kPrepositions) << QStringLiteral("the");
    if (rng.uniform(0.0, 1.0) < 0.3) tokens << pick(rng, kAdjectives);
    tokens << pickNoun(rng, kPlaces);
  }
  if (rng.uniform(0.0, 1.0) < 0.2) {
    tokens << QStringLiteral("while") << pick(rng, kVerbsIng);
    nounPhrase(tokens, rng, pickNoun(rng, kThings), 0.0);
  }
  return tokens;
}

}  // namespace gs
