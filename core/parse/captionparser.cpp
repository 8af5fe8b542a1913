#include "parse/captionparser.h"

#include "parse/detail/constituents.h"
#include "parse/detail/linkconverter.h"
#include "parse/detail/linkgrammar.h"
#include "parse/detail/pretokens.h"
#include "parse/detail/sentencepieces.h"
#include "parse/detail/stylerewrite.h"

#include <QRegularExpression>

#include <algorithm>
#include <map>
#include <stdexcept>

namespace gs {

namespace {

// Bump when the conversion's output changes: cached parses of an older revision are ignored.
constexpr int kParserRevision = 7; // what the conversion does: docs/datasets.md, "Parsing"

// Marks Link Grammar adds to word strings: [!] guessed/unknown, [?] spell, [~] …
const QRegularExpression &markRegex() {
  static const QRegularExpression re(QStringLiteral("\\[[!?~&*][^\\]]*\\]|\\{[!?~&*][^}]*\\}"));
  return re;
}

}  // namespace

QString styleName(DependencyStyle style) {
  switch (style) {
  case DependencyStyle::Stanford: return QStringLiteral("stanford");
  case DependencyStyle::Collapsed: return QStringLiteral("collapsed");
  case DependencyStyle::Universal: return QStringLiteral("ud");
  }
  return {};
}

bool styleFromName(const QString &name, DependencyStyle *style) {
  for (DependencyStyle s : {DependencyStyle::Stanford, DependencyStyle::Collapsed, DependencyStyle::Universal})
    if (name == styleName(s)) {
      *style = s;
      return true;
    }
  return false;
}

QString qualityName(ParseQuality quality) {
  switch (quality) {
  case ParseQuality::Complete: return QStringLiteral("complete");
  case ParseQuality::Partial: return QStringLiteral("partial");
  case ParseQuality::Fallback: return QStringLiteral("fallback");
  }
  return {};
}

QString parserVersion() {
  return QStringLiteral("gs-parse-%1/link-grammar-%2").arg(kParserRevision).arg(detail::linkGrammarVersion());
}

// One span of the input as Link Grammar links it.
struct LinkedSpan {
  detail::LinkGrammarResult lg; // word offsets in the whole input's coordinates
  int addedWords = 0;           // words of a "there is/are" wrapper still in lg.constituents
  bool fragment = false;

  // What splitting weighs: no linkage at all counts as worse than any null-link parse.
  int unlinked() const { return lg.words.empty() ? 1 << 20 : lg.nullCount; }
};

// The spans a caption is parsed as: the pieces (the whole input unsplit, or the pieces a partial
// linkage splits into) and each piece's linkage, pointing into `linked`.
struct LinkedPieces {
  std::map<std::pair<int, int>, LinkedSpan> linked; // every span parsed, keyed by [from, to)
  detail::SentencePieces pieces;
  std::vector<const LinkedSpan *> spans;
};

struct CaptionParser::Impl {
  detail::LinkGrammarSession session;

  // input[from, to), parsed alone; offsets shifted back into `input`.
  LinkedSpan link(const QString &input, int from, int to) {
    const QString text = input.mid(from, to - from);
    LinkedSpan span;
    span.lg = session.parse(text);
    if ((span.lg.nullCount > 0 || span.lg.words.empty()) && !span.lg.timedOut) wrapFragment(text, &span);
    else if (adjectiveReadAsImperative(span.lg)) {
      LinkedSpan framed;
      wrapFragment(text, &framed);
      if (framed.fragment) span = std::move(framed);
    }
    for (detail::LinkGrammarWord &w : span.lg.words) {
      w.start += from;
      w.end += from;
    }
    return span;
  }

  // Link Grammar reads a capitalised first word both as written (a name: "See" as See.f) and in
  // lower case, and the name readings change which linkage ranks first: "See attached file" took
  // "See" for a given name, "Wonderful staff and great service" coordinated "staff and great".
  // When the lower-case word is in the dictionary (and the word is not "I" or all capitals), only
  // that is read — the caption's token keeps its capital.
  void lowerFirstWord(QString *input) const {
    int end = 0;
    while (end < input->size() && !input->at(end).isSpace()) ++end;
    if (end < 2 || !input->at(0).isUpper() || !input->at(1).isLower()) return;
    const QString lower = input->left(end).toLower();
    if (session.isKnownWord(lower)) (*input)[0] = input->at(0).toLower();
  }

  // Review titles and captions are noun phrases that open with an adjective ("Best place to sleep",
  // "Green tea", "Cool ambience", "Revised Article 4.6"), which Link Grammar links completely as an
  // imperative: the first word a verb (best.v, green.v, revised.v-d) with the bare noun after it as
  // its object. When that word also has an adjective reading (or is a participle) and its object
  // is the next word (an imperative's object mostly has a determiner: "Try the pizza"), the "there
  // is" frame is tried, and kept if it links completely.
  bool adjectiveReadAsImperative(const detail::LinkGrammarResult &lg) const {
    if (lg.words.size() < 2 || lg.nullCount > 0) return false;
    const QString first = lg.words.front().text;
    const int dot = first.lastIndexOf(QLatin1Char('.'));
    if (dot <= 0) return false;
    const QString subscript = first.mid(dot + 1);
    if (subscript != QLatin1String("v") && subscript != QLatin1String("v-d")) return false;
    bool rootLink = false, objectNext = false;
    for (const detail::LgLink &link : lg.links) {
      if (link.left < 0 && link.right == 0 && link.label.startsWith(QLatin1Char('W'))) rootLink = true;
      if (link.left == 0 && link.right == 1 && link.label.startsWith(QLatin1Char('O'))) objectNext = true;
    }
    if (!rootLink || !objectNext) return false;
    if (subscript == QLatin1String("v-d")) return true;
    QString word = first.left(dot);
    word.remove(markRegex());
    const QStringList subscripts = session.subscriptsOf(word.toLower());
    return std::any_of(subscripts.begin(), subscripts.end(), [](const QString &s) { return s == QLatin1String("a") || s.startsWith(QLatin1String("a-")); });
  }

  // Captions are often verbless noun phrases ("Two stars beneath a green triangle."), and web text
  // drops subjects ("Took a laptop in for repair", "Answered all my questions") and whole copulas
  // ("Very good with my daughter"); Link Grammar's English dictionary links a sentence, so these
  // link only partially. Inside a frame that supplies the missing words they link completely: as
  // the object of "there is/are", after the subject "I", as the predicate of "it is". The frame's
  // words and links are dropped again; the word the frame's verb pointed at (Ost / SI for "there",
  // Pa / Pp / Pg / Pv for "it is"; the wall's own WV after "I") heads the fragment.
  void wrapFragment(const QString &text, LinkedSpan *span) {
    struct Frame {
      QString prefix;
      int added;          // words the frame adds
      QStringList heads;  // link types from the frame's verb (its last word) to the fragment's head; none: the wall's WV
    };
    static const std::vector<Frame> frames{{QStringLiteral("there are "), 2, {QStringLiteral("O"), QStringLiteral("SI")}},
                                           {QStringLiteral("there is "), 2, {QStringLiteral("O"), QStringLiteral("SI")}},
                                           {QStringLiteral("I "), 1, {}},
                                           {QStringLiteral("it is "), 2, {QStringLiteral("P")}}};
    QString body = text;
    if (body.size() > 1 && body[0].isUpper() && (body[1].isLower() || body[1].isSpace())) body[0] = body[0].toLower();
    for (const Frame &frame : frames) {
      detail::LinkGrammarResult wrapped = session.parse(frame.prefix + body, false);
      const int added = frame.added;
      if (static_cast<int>(wrapped.words.size()) <= added || wrapped.nullCount > 0) continue;
      const int verb = added - 1; // "are", "is", or the subject "I" (which takes no head role)
      int head = -1;
      for (const detail::LgLink &link : wrapped.links)
        if (!frame.heads.isEmpty() && link.left == verb && link.right >= added &&
            std::any_of(frame.heads.begin(), frame.heads.end(), [&](const QString &type) { return link.label.startsWith(type); }))
          head = link.right;
      if (!frame.heads.isEmpty() && head < 0) continue;
      const int shift = static_cast<int>(frame.prefix.size());
      wrapped.words.erase(wrapped.words.begin(), wrapped.words.begin() + added);
      for (detail::LinkGrammarWord &w : wrapped.words) {
        w.start = std::max(w.start - shift, 0);
        w.end = std::max(w.end - shift, 0);
      }
      // The wall's WV goes to the head; what modified the frame's verb ("there is a man [in a
      // parachute]": MVp, MVa) modifies the head instead: a noun as Mp / Ma, a predicate keeps MV.
      const bool nounHead = frame.heads.contains(QStringLiteral("O"));
      std::vector<detail::LgLink> links;
      if (head >= 0) links.push_back({-1, head - added, QStringLiteral("WV")});
      for (const detail::LgLink &link : wrapped.links) {
        if (head >= 0 && link.left == verb && link.right > head && link.label.startsWith(QLatin1String("MV"))) {
          links.push_back({head - added, link.right - added, nounHead ? QLatin1Char('M') + link.label.mid(2) : link.label});
          continue;
        }
        if ((link.left >= 0 && link.left < added) || link.right < added) continue;
        links.push_back({link.left < 0 ? -1 : link.left - added, link.right - added, link.label});
      }
      wrapped.links = std::move(links);
      span->lg = std::move(wrapped);
      span->addedWords = added;
      span->fragment = true;
      return;
    }
  }

  // The caption's pieces as Link Grammar links them: the whole input, or, when its linkage is
  // partial, the pieces splitting finds. Each span is parsed once, however often splitting asks.
  void linkPieces(const QString &input, LinkedPieces *out) {
    const auto linkOnce = [&](int from, int to) -> const LinkedSpan & {
      auto it = out->linked.find({from, to});
      if (it == out->linked.end()) it = out->linked.emplace(std::make_pair(from, to), link(input, from, to)).first;
      return it->second;
    };
    const int inputSize = static_cast<int>(input.size());
    const LinkedSpan &whole = linkOnce(0, inputSize);
    out->pieces = detail::SentencePieces{{{0, inputSize}}, {}};
    // A partial linkage splits where both sides link better; so does a long input that got no linkage
    // at all within the time limit (its pieces parse far faster), with fewer separators tried.
    if (whole.lg.words.empty() || (whole.lg.nullCount > 0 && !whole.lg.timedOut))
      out->pieces = detail::splitIntoPieces(input, [&](int from, int to) { return linkOnce(from, to).unlinked(); }, whole.lg.words.empty() ? 4 : 8);
    for (const detail::SentencePiece &piece : out->pieces.pieces) out->spans.push_back(&linkOnce(piece.from, piece.to));
  }

  // A token from one of Link Grammar's words (input[start, end) as `lgText`), its text taken from
  // the caption itself; its start in the caption is appended to `offsets`.
  detail::LgWord captionWord(const QString &caption, const detail::PreTokens &pre, const QString &lgText, int start, int end,
                             std::vector<int> *offsets) const {
    const int inputSize = static_cast<int>(pre.input.size());
    const int from = pre.toCaption[static_cast<std::size_t>(std::clamp(start, 0, inputSize))];
    const int to = pre.toCaption[static_cast<std::size_t>(std::clamp(end, 0, inputSize))];
    detail::LgWord word;
    word.form = caption.mid(from, std::max(to - from, 0)).trimmed();
    const QString read = pre.input.mid(std::clamp(start, 0, inputSize), std::max(std::min(end, inputSize) - start, 0)).trimmed();
    if (!read.isEmpty() && read != word.form) word.spelling = read; // an informal spelling or stand-in
    QString lgWord = lgText;
    word.null = lgWord.size() > 2 && lgWord.startsWith(QLatin1Char('[')) && lgWord.endsWith(QLatin1Char(']'));
    if (word.null) lgWord = lgWord.mid(1, lgWord.size() - 2);
    lgWord.remove(markRegex());
    if (word.form.isEmpty()) word.form = lgWord;
    const int dot = lgWord.lastIndexOf(QLatin1Char('.'));
    if (dot > 0 && dot + 1 < lgWord.size() && lgWord.left(dot).compare(detail::readSpelling(word), Qt::CaseInsensitive) == 0) word.suffix = lgWord.mid(dot + 1);
    // A capitalised word whose lower-case form is in the dictionary ("Office", "Marines").
    if (word.form.size() > 1 && word.form.at(0).isUpper()) word.commonLower = session.isKnownWord(word.form.toLower());
    offsets->push_back(from);
    return word;
  }

  // Each piece converts alone (its own wall links pick its root); the pieces are then joined, one
  // separator token between consecutive pieces. The tokens go to `words`, their starts to `offsets`.
  detail::Dependencies linkedDependencies(const QString &caption, const detail::PreTokens &pre, const LinkedPieces &linked,
                                          std::vector<detail::LgWord> *words, std::vector<int> *offsets) const {
    const std::vector<const LinkedSpan *> &spans = linked.spans;
    std::vector<detail::Dependencies> parts;
    QStringList firstWords;
    for (std::size_t k = 0; k < spans.size(); ++k) {
      if (k > 0) {
        const detail::SentencePiece &sep = linked.pieces.separators[k - 1];
        detail::LgWord separator = captionWord(caption, pre, pre.input.mid(sep.from, sep.to - sep.from), sep.from, sep.to, offsets);
        words->push_back(separator);
      }
      std::vector<detail::LgWord> pieceWords;
      for (const detail::LinkGrammarWord &w : spans[k]->lg.words) pieceWords.push_back(captionWord(caption, pre, w.text, w.start, w.end, offsets));
      parts.push_back(detail::convertLinkage(pieceWords, spans[k]->lg.links));
      firstWords << (pieceWords.empty() ? QString() : pieceWords.front().form);
      words->insert(words->end(), pieceWords.begin(), pieceWords.end());
    }
    return spans.size() == 1 ? std::move(parts.front()) : detail::joinPieces(parts, firstWords);
  }
};

namespace {

// Without a linkage the tokens are the pre-tokens, with the sentence-final punctuation split off;
// they go to `words`, their starts in the caption to `offsets`, and hang on a guessed root.
detail::Dependencies fallbackParse(const detail::PreTokens &pre, std::vector<detail::LgWord> *words, std::vector<int> *offsets) {
  static const QRegularExpression piece(QStringLiteral("[^\\s]+"));
  for (auto it = piece.globalMatch(pre.input); it.hasNext();) {
    const QRegularExpressionMatch m = it.next();
    QString text = m.captured();
    int start = static_cast<int>(m.capturedStart());
    int trailing = 0;
    while (trailing < text.size() - 1 && text[text.size() - 1 - trailing].isPunct()) ++trailing;
    for (const auto &[s, t] : {std::pair<int, QString>{start, text.left(text.size() - trailing)},
                               std::pair<int, QString>{start + static_cast<int>(text.size()) - trailing, text.right(trailing)}}) {
      if (t.isEmpty()) continue;
      detail::LgWord word;
      word.form = t;
      words->push_back(word);
      offsets->push_back(pre.toCaption[static_cast<std::size_t>(s)]);
    }
  }
  return detail::fallbackDependencies(*words);
}

// A flat S over the tokens: the constituency tree of a non-projective dependency tree.
Tree flatSentence(const QStringList &tokens, const QStringList &upos) {
  std::vector<TreeNode> nodes(1);
  nodes[0].label = QStringLiteral("S");
  for (int t = 0; t < tokens.size(); ++t) {
    TreeNode leaf;
    leaf.token = t;
    leaf.word = tokens[t];
    leaf.pos = upos[t];
    leaf.parent = 0;
    nodes.push_back(leaf);
  }
  return Tree::constituency(std::move(nodes));
}

// The constituency tree is built before the style rewrite: its POS come from the basic parse.
// Link Grammar's own constituents exist for one linkage only (`single`, else null); joined pieces
// take theirs from the joined dependencies.
Tree constituencyTree(const QStringList &tokens, const detail::Dependencies &deps, const LinkedSpan *single) {
  Tree basic = Tree::dependency(tokens, deps.upos, deps.heads, deps.relations);
  std::optional<Tree> constituents;
  if (single) constituents = detail::constituentsFromLinkGrammar(single->lg.constituents, tokens, deps.upos, single->addedWords);
  if (!constituents) {
    try {
      constituents = detail::constituentsFromDependencies(basic);
    } catch (const std::invalid_argument &) { // non-projective
      constituents = flatSentence(tokens, deps.upos);
    }
  }
  return std::move(*constituents);
}

}  // namespace

CaptionParser::CaptionParser(ParserOptions options) : m_options(options), m_impl(std::make_unique<Impl>()) {
  m_impl->session.setTimeLimit(options.maxParseSeconds);
}

CaptionParser::~CaptionParser() = default;

ParsedCaption CaptionParser::parse(const QString &caption) {
  if (caption.trimmed().isEmpty()) throw std::invalid_argument("CaptionParser::parse: empty caption (nothing to parse)");
  ParsedCaption result;
  result.text = caption;
  result.style = m_options.style;

  detail::PreTokens pre = detail::pretokenize(caption);
  m_impl->lowerFirstWord(&pre.input);
  LinkedPieces linked;
  m_impl->linkPieces(pre.input, &linked);
  const std::vector<const LinkedSpan *> &spans = linked.spans;
  const bool single = spans.size() == 1;
  result.fragment = single && spans.front()->fragment;
  result.segments = static_cast<int>(spans.size());
  for (const LinkedSpan *span : spans) {
    result.timedOut = result.timedOut || span->lg.timedOut;
    result.nullCount += span->lg.nullCount;
  }

  // Tokens: Link Grammar's words, with their text taken from the caption itself.
  std::vector<detail::LgWord> words;
  const bool haveLinkage = !spans.front()->lg.words.empty();
  detail::Dependencies deps = haveLinkage ? m_impl->linkedDependencies(caption, pre, linked, &words, &result.offsets)
                                          : fallbackParse(pre, &words, &result.offsets);
  for (const detail::LgWord &w : words) {
    result.tokens << w.form;
    result.xpos << w.suffix;
  }
  result.quality = !haveLinkage ? ParseQuality::Fallback : result.nullCount > 0 ? ParseQuality::Partial : ParseQuality::Complete;
  result.constituency = constituencyTree(result.tokens, deps, haveLinkage && single ? spans.front() : nullptr);

  detail::applyStyle(m_options.style, result.tokens, deps);
  result.upos = deps.upos;
  result.dependency = Tree::dependency(result.tokens, deps.upos, deps.heads, deps.relations);
  return result;
}

std::vector<int> alignTokens(const QStringList &treeTokens, const QStringList &wordTokens) {
  // Letters and digits of each side, with the token each character came from.
  auto chars = [](const QStringList &tokens) {
    std::vector<std::pair<QChar, int>> out;
    for (int t = 0; t < tokens.size(); ++t)
      for (QChar c : tokens[t])
        if (c.isLetterOrNumber()) out.push_back({c.toLower(), t});
    return out;
  };
  const auto tree = chars(treeTokens), words = chars(wordTokens);
  std::vector<int> map(static_cast<std::size_t>(treeTokens.size()), -1);
  std::size_t j = 0;
  for (std::size_t i = 0; i < tree.size() && j < words.size(); ++i) {
    if (tree[i].first != words[j].first) continue; // a character one tokeniser dropped
    int &slot = map[static_cast<std::size_t>(tree[i].second)];
    if (slot < 0) slot = words[j].second;
    ++j;
  }
  return map;
}

}  // namespace gs
