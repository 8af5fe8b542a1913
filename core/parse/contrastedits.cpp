#include "parse/contrastedits.h"

#include "text/tokenizer.h"

#include <QSet>

#include <algorithm>

namespace gs {

template <>
const std::vector<EnumName<ContrastKind>> &enumTable<ContrastKind>() {
  static const std::vector<EnumName<ContrastKind>> table = {{ContrastKind::Swap, QStringLiteral("swap")},
                                                            {ContrastKind::Drop, QStringLiteral("drop")},
                                                            {ContrastKind::Replace, QStringLiteral("replace")},
                                                            {ContrastKind::Shuffle, QStringLiteral("shuffle")}};
  return table;
}

std::vector<ContrastKind> allContrastKinds() {
  std::vector<ContrastKind> kinds;
  for (const EnumName<ContrastKind> &entry : enumTable<ContrastKind>()) kinds.push_back(entry.value);
  return kinds;
}

quint64 mixSeed(quint64 seed, quint64 value) {
  quint64 z = seed + 0x9e3779b97f4a7c15ull * (value + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

namespace {

// splitmix64: a small seeded generator whose sequence is the same on every platform.
class Draw {
public:
  explicit Draw(quint64 seed) : m_state(seed) {}
  int below(int n) { return int(next() % quint64(n)); }

private:
  quint64 next() {
    m_state += 0x9e3779b97f4a7c15ull;
    return mixSeed(m_state, 0);
  }
  quint64 m_state;
};

// Relational nouns whose prep_of dependent is the real argument: "to the left of X", "on top of X".
const QSet<QString> &relationalNouns() {
  static const QSet<QString> nouns{QStringLiteral("left"),  QStringLiteral("right"),  QStringLiteral("top"),
                                   QStringLiteral("front"), QStringLiteral("back"),   QStringLiteral("bottom"),
                                   QStringLiteral("side"),  QStringLiteral("middle"), QStringLiteral("center"),
                                   QStringLiteral("centre"), QStringLiteral("edge"),  QStringLiteral("rear")};
  return nouns;
}

// Dependents that belong to a noun's phrase to its left (rule 3 of swap).
bool isNounModifier(const QString &label) {
  static const QSet<QString> labels{QStringLiteral("det"),     QStringLiteral("amod"),     QStringLiteral("num"),
                                    QStringLiteral("nn"),      QStringLiteral("poss"),     QStringLiteral("predet"),
                                    QStringLiteral("quantmod"), QStringLiteral("number"),  QStringLiteral("possessive")};
  return labels.contains(label);
}

bool isPrep(const QString &label) { return label.startsWith(QLatin1String("prep_")); }
bool isSubject(const QString &label) { return label == QLatin1String("nsubj") || label == QLatin1String("nsubjpass"); }
bool isWord(const QString &token) {
  return std::any_of(token.begin(), token.end(), [](QChar c) { return c.isLetterOrNumber(); });
}

// Every token of node n's subtree, in token order (dependency trees: node i is token i).
void collect(const Tree &tree, int n, std::vector<int> &out) {
  out.push_back(n);
  for (int c : tree.children(n)) collect(tree, c, out);
}

std::vector<int> subtree(const Tree &tree, int n) {
  std::vector<int> tokens;
  collect(tree, n, tokens);
  std::sort(tokens.begin(), tokens.end());
  return tokens;
}

// A span [first, second); {-1, -1} when the tokens are not contiguous.
std::pair<int, int> spanOf(const std::vector<int> &tokens) {
  if (tokens.empty() || tokens.back() - tokens.front() + 1 != int(tokens.size())) return {-1, -1};
  return {tokens.front(), tokens.back() + 1};
}

// An argument phrase: n's subtree without its own preposition and punctuation.
std::pair<int, int> phraseOf(const Tree &tree, int n) {
  std::vector<int> tokens{n};
  for (int c : tree.children(n))
    if (tree.label(c) != QLatin1String("case") && tree.label(c) != QLatin1String("punct")) collect(tree, c, tokens);
  std::sort(tokens.begin(), tokens.end());
  return spanOf(tokens);
}

// A noun with its modifiers to the left only (rule 3); {-1, -1} when another dependent sits there.
std::pair<int, int> nounCoreOf(const Tree &tree, int n) {
  std::vector<int> tokens{n};
  for (int c : tree.children(n)) {
    if (c > n) continue;
    if (!isNounModifier(tree.label(c))) return {-1, -1};
    collect(tree, c, tokens);
  }
  std::sort(tokens.begin(), tokens.end());
  return spanOf(tokens);
}

// The argument a prep_* dependent p of `head` stands for: its object, or, for a relational noun,
// its prep_of dependent ("to the left of X": X) or the prep_of dependent of `head` right after it
// (the parser's other attachment of the same phrase).
int argumentOf(const Tree &tree, int head, int p) {
  if (!relationalNouns().contains(tree.word(p).toLower())) return p;
  for (int c : tree.children(p))
    if (tree.label(c) == QLatin1String("prep_of")) return c;
  for (int c : tree.children(head))
    if (c > p && isPrep(tree.label(c))) return tree.label(c) == QLatin1String("prep_of") ? c : p;
  return p;
}

// The first prep_* dependent of `head` to the right of token `after`, or -1.
int prepRightOf(const Tree &tree, int head, int after) {
  for (int c : tree.children(head))
    if (c > after && isPrep(tree.label(c))) return c;
  return -1;
}

struct SwapPair {
  std::pair<int, int> a{-1, -1}, b{-1, -1};
  bool valid() const { return a.first >= 0 && b.first >= 0; }
};

// The three rules of the header, in order; the first head (in token order) that has a pair wins.
SwapPair findSwapPair(const Tree &tree) {
  for (int h = 0; h < tree.nodeCount(); ++h)
    for (int s : tree.children(h))
      if (isSubject(tree.label(s)))
        for (int o : tree.children(h))
          if (tree.label(o) == QLatin1String("dobj")) return {phraseOf(tree, s), phraseOf(tree, o)};
  for (int h = 0; h < tree.nodeCount(); ++h)
    for (int s : tree.children(h))
      if (isSubject(tree.label(s))) {
        const int p = prepRightOf(tree, h, s);
        if (p >= 0) return {phraseOf(tree, s), phraseOf(tree, argumentOf(tree, h, p))};
      }
  for (int n = 0; n < tree.nodeCount(); ++n) {
    if (tree.pos(n) != QLatin1String("NOUN") && tree.pos(n) != QLatin1String("PROPN")) continue;
    if (relationalNouns().contains(tree.word(n).toLower())) continue; // "the right of X" relates, it is no argument
    const int p = prepRightOf(tree, n, n);
    if (p < 0) continue;
    const SwapPair pair{nounCoreOf(tree, n), phraseOf(tree, argumentOf(tree, n, p))};
    if (pair.valid()) return pair;
  }
  return {};
}

// A piece of the edited caption: a word and the token it came from (-1: a new word).
struct Piece {
  QString word;
  int source = -1;
};

std::vector<Piece> piecesOf(const ParsedCaption &caption, int begin, int end) {
  std::vector<Piece> pieces;
  for (int t = begin; t < end; ++t) pieces.push_back({caption.tokens[t], t});
  return pieces;
}

bool attachesLeft(const QString &word) {
  return word.size() > 0 && (QStringLiteral(".,;:!?)%").contains(word.front()) || word.front() == QLatin1Char('\'') ||
                             word.startsWith(QLatin1String("n't")));
}

QString joined(const std::vector<Piece> &pieces) {
  QString text;
  for (const Piece &p : pieces) {
    if (!text.isEmpty() && !attachesLeft(p.word) && !text.endsWith(QLatin1Char('('))) text += QLatin1Char(' ');
    text += p.word;
  }
  return text;
}

// Text and tokens of the edited pieces, with the sentence's capital moved to its new first word;
// nothing when the edit leaves no word or the caption's words unchanged.
std::optional<ContrastEdit> finish(const ParsedCaption &caption, std::vector<Piece> pieces, const QString &change) {
  const bool capitalised = !caption.tokens.isEmpty() && !caption.tokens.first().isEmpty() && caption.tokens.first().front().isUpper();
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    Piece &p = pieces[k];
    const bool properNoun = p.source >= 0 && caption.upos.value(p.source) == QLatin1String("PROPN");
    const bool acronym = p.word.size() > 1 && p.word == p.word.toUpper();
    if (k > 0 && p.source == 0 && capitalised && !properNoun && !acronym && p.word != QLatin1String("I"))
      p.word[0] = p.word[0].toLower();
    if (k == 0 && capitalised && !p.word.isEmpty()) p.word[0] = p.word[0].toUpper();
  }
  ContrastEdit edit{joined(pieces), {}, change};
  edit.tokens = tokenize(edit.text);
  if (edit.tokens.isEmpty() || edit.tokens == tokenize(caption.text)) return std::nullopt;
  return edit;
}

QString spanText(const ParsedCaption &caption, std::pair<int, int> span) {
  return joined(piecesOf(caption, span.first, span.second));
}

bool usableTree(const ParsedCaption &caption) {
  return caption.quality != ParseQuality::Fallback && caption.dependency.tokenCount() == int(caption.tokens.size()) &&
         caption.dependency.kind() == TreeKind::Dependency && !caption.tokens.isEmpty();
}

}  // namespace

NounFrequencies::NounFrequencies(const QHash<QString, int> &counts) : m_counts(counts) {
  for (auto it = counts.begin(); it != counts.end(); ++it) m_ranked.emplace_back(-it.value(), it.key());
  std::sort(m_ranked.begin(), m_ranked.end());
}

QStringList NounFrequencies::neighbours(const QString &noun, int k, const QStringList &exclude) const {
  const QString word = noun.toLower();
  const std::pair<int, QString> key{-count(word), word};
  const int at = int(std::lower_bound(m_ranked.begin(), m_ranked.end(), key) - m_ranked.begin());
  const bool present = at < size() && m_ranked[std::size_t(at)].second == word;
  QStringList out;
  // Outward from the noun's place: at−1, at+1 (at when absent), at−2, at+2, …
  int below = at - 1, above = present ? at + 1 : at;
  while (out.size() < k && (below >= 0 || above < size())) {
    for (int index : {below--, above++})
      if (index >= 0 && index < size() && out.size() < k) {
        const QString &candidate = m_ranked[std::size_t(index)].second;
        if (candidate != word && !exclude.contains(candidate)) out << candidate;
      }
  }
  return out;
}

void countNouns(const ParsedCaption &caption, QHash<QString, int> &counts) {
  for (int t = 0; t < caption.tokens.size(); ++t) {
    if (caption.upos.value(t) != QLatin1String("NOUN")) continue;
    const QString word = caption.tokens[t].toLower();
    if (std::all_of(word.begin(), word.end(), [](QChar c) { return c.isLetter() || c == QLatin1Char('-'); }) && isWord(word))
      ++counts[word];
  }
}

std::optional<ContrastEdit> swapEdit(const ParsedCaption &caption) {
  if (!usableTree(caption)) return std::nullopt;
  SwapPair pair = findSwapPair(caption.dependency);
  if (!pair.valid()) return std::nullopt;
  if (pair.b.first < pair.a.first) std::swap(pair.a, pair.b);
  if (pair.a.second > pair.b.first) return std::nullopt; // overlapping phrases
  const QString first = spanText(caption, pair.a), second = spanText(caption, pair.b);
  if (tokenize(first) == tokenize(second)) return std::nullopt;
  std::vector<Piece> pieces = piecesOf(caption, 0, pair.a.first);
  for (const auto &part : {piecesOf(caption, pair.b.first, pair.b.second), piecesOf(caption, pair.a.second, pair.b.first),
                           piecesOf(caption, pair.a.first, pair.a.second), piecesOf(caption, pair.b.second, int(caption.tokens.size()))})
    pieces.insert(pieces.end(), part.begin(), part.end());
  return finish(caption, std::move(pieces), first + QStringLiteral(" ↔ ") + second);
}

std::optional<ContrastEdit> dropEdit(const ParsedCaption &caption, quint64 seed) {
  if (!usableTree(caption)) return std::nullopt;
  const Tree &tree = caption.dependency;
  std::vector<int> candidates;
  for (int n = 0; n < tree.nodeCount(); ++n)
    if (tree.label(n) == QLatin1String("amod") || isPrep(tree.label(n))) candidates.push_back(n);
  if (candidates.empty()) return std::nullopt;
  const int chosen = candidates[std::size_t(Draw(seed).below(int(candidates.size())))];
  const std::vector<int> removed = subtree(tree, chosen);
  std::vector<Piece> pieces, dropped;
  for (int t = 0; t < caption.tokens.size(); ++t)
    (std::binary_search(removed.begin(), removed.end(), t) ? dropped : pieces).push_back({caption.tokens[t], t});
  return finish(caption, std::move(pieces), QStringLiteral("− ") + joined(dropped));
}

std::optional<ContrastEdit> replaceEdit(const ParsedCaption &caption, const NounFrequencies &nouns, quint64 seed) {
  if (!usableTree(caption)) return std::nullopt;
  const Tree &tree = caption.dependency;
  std::vector<int> targets;
  for (int n = 0; n < tree.nodeCount(); ++n) {
    const bool argument = isSubject(tree.label(n)) || tree.label(n) == QLatin1String("dobj") || n == tree.root();
    if (argument && tree.pos(n) == QLatin1String("NOUN") && isWord(tree.word(n))) targets.push_back(n);
  }
  if (targets.empty()) return std::nullopt;
  Draw draw(seed);
  const int target = targets[std::size_t(draw.below(int(targets.size())))];
  QStringList words;
  for (const QString &token : caption.tokens) words << token.toLower();
  const QStringList candidates = nouns.neighbours(tree.word(target), kReplaceNeighbours, words);
  if (candidates.isEmpty()) return std::nullopt;
  QString replacement = candidates[draw.below(int(candidates.size()))];
  if (tree.word(target).front().isUpper()) replacement[0] = replacement[0].toUpper();
  std::vector<Piece> pieces = piecesOf(caption, 0, int(caption.tokens.size()));
  pieces[std::size_t(target)] = {replacement, -1};
  return finish(caption, std::move(pieces), tree.word(target) + QStringLiteral(" → ") + replacement);
}

std::optional<ContrastEdit> shuffleEdit(const ParsedCaption &caption, quint64 seed) {
  std::vector<int> words; // positions of words; punctuation stays where it is
  for (int t = 0; t < caption.tokens.size(); ++t)
    if (isWord(caption.tokens[t])) words.push_back(t);
  if (words.size() < 2) return std::nullopt;
  Draw draw(seed);
  for (int attempt = 0; attempt < kShuffleDraws; ++attempt) {
    std::vector<int> order = words;
    // Fisher–Yates with our own generator (std::shuffle's use of the engine is unspecified).
    for (int i = int(order.size()) - 1; i > 0; --i) std::swap(order[std::size_t(i)], order[std::size_t(draw.below(i + 1))]);
    std::vector<Piece> pieces = piecesOf(caption, 0, int(caption.tokens.size()));
    for (std::size_t k = 0; k < words.size(); ++k) pieces[std::size_t(words[k])] = {caption.tokens[order[k]], order[k]};
    if (auto edit = finish(caption, std::move(pieces), QStringLiteral("shuffled"))) return edit;
  }
  return std::nullopt;
}

std::optional<ContrastEdit> contrastEdit(ContrastKind kind, const ParsedCaption &caption, const NounFrequencies &nouns, quint64 seed) {
  switch (kind) {
  case ContrastKind::Swap: return swapEdit(caption);
  case ContrastKind::Drop: return dropEdit(caption, seed);
  case ContrastKind::Replace: return replaceEdit(caption, nouns, seed);
  case ContrastKind::Shuffle: return shuffleEdit(caption, seed);
  }
  return std::nullopt;
}

}  // namespace gs
