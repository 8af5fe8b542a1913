#include "parse/captionparser.h"

#include "parse/detail/constituents.h"
#include "parse/detail/linkconverter.h"
#include "parse/detail/linkgrammar.h"
#include "parse/detail/stylerewrite.h"

#include <QRegularExpression>

#include <algorithm>
#include <stdexcept>

namespace gs {

namespace {

// Bump when the conversion's output changes: cached parses of an older revision are ignored.
constexpr int kParserRevision = 6; // 3: "of" after a noun is prep; multi-word prepositions collapse. 4: the wall's WV, UD punctuation, idioms, quantities, fragments. 5: determiners raised to the head noun, names ending in a common noun. 6: bare clausal complements ("hope this helps"), bare infinitives after let/make/help/see (obj + xcomp)

// Marks Link Grammar adds to word strings: [!] guessed/unknown, [?] spell, [~] …
const QRegularExpression &markRegex() {
  static const QRegularExpression re(QStringLiteral("\\[[!?~&*][^\\]]*\\]|\\{[!?~&*][^}]*\\}"));
  return re;
}

// Splits quotes and brackets off words before Link Grammar sees them: with a space around them it
// links them as punctuation, without it takes '"hello"' for one unknown word.
struct PreTokens {
  QString input;                 // what Link Grammar parses
  std::vector<int> toCaption;    // input index → caption index (size input.size() + 1)
};

bool splitOff(QChar c) {
  return c == QLatin1Char('"') || c == QLatin1Char('(') || c == QLatin1Char(')') || c == QLatin1Char('[') ||
         c == QLatin1Char(']') || c == QChar(0x201C) || c == QChar(0x201D) || c == QLatin1Char('{') || c == QLatin1Char('}');
}

PreTokens pretokenize(const QString &caption) {
  PreTokens pre;
  auto emit = [&](int from, int to) {
    if (!pre.input.isEmpty()) {
      pre.input += QLatin1Char(' ');
      pre.toCaption.push_back(from);
    }
    for (int k = from; k < to; ++k) {
      pre.input += caption[k];
      pre.toCaption.push_back(k);
    }
  };
  int i = 0;
  const int n = static_cast<int>(caption.size());
  while (i < n) {
    while (i < n && caption[i].isSpace()) ++i;
    int end = i;
    while (end < n && !caption[end].isSpace()) ++end;
    int a = i, b = end;
    while (a < b && splitOff(caption[a])) { emit(a, a + 1); ++a; }
    int tail = b;
    while (tail > a && (splitOff(caption[tail - 1]) || (tail - 1 > a && splitOff(caption[tail - 2]) && caption[tail - 1].isPunct()))) --tail;
    if (a < tail) emit(a, tail);
    // Informal text writes the pronoun "i"; Link Grammar's dictionary knows only "I" and would
    // leave it unlinked. Only what Link Grammar reads changes: tokens keep the caption's spelling.
    if (tail - a == 1 && caption[a] == QLatin1Char('i')) pre.input[pre.input.size() - 1] = QLatin1Char('I');
    for (int k = tail; k < b; ++k) emit(k, k + 1);
    i = end;
  }
  pre.toCaption.push_back(n);
  return pre;
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

struct CaptionParser::Impl {
  detail::LinkGrammarSession session;
};

CaptionParser::CaptionParser(ParserOptions options) : m_options(options), m_impl(std::make_unique<Impl>()) {
  m_impl->session.setTimeLimit(options.maxParseSeconds);
}

CaptionParser::~CaptionParser() = default;

ParsedCaption CaptionParser::parse(const QString &caption) {
  if (caption.trimmed().isEmpty()) throw std::invalid_argument("CaptionParser::parse: empty caption (nothing to parse)");
  ParsedCaption result;
  result.text = caption;
  result.style = m_options.style;

  const PreTokens pre = pretokenize(caption);
  detail::LinkGrammarResult lg = m_impl->session.parse(pre.input);
  int addedWords = 0;
  if ((lg.nullCount > 0 || lg.words.empty()) && !lg.timedOut) {
    // Captions are often verbless noun phrases ("Two stars beneath a green triangle."), which
    // Link Grammar's English dictionary links only partially. Parsed as the object of "there
    // is/are" they link completely; the two added words and their links are dropped again, and
    // the noun they pointed at becomes the root.
    QString body = pre.input;
    if (body.size() > 1 && body[0].isUpper() && (body[1].isLower() || body[1].isSpace())) body[0] = body[0].toLower();
    for (const QString &prefix : {QStringLiteral("there are "), QStringLiteral("there is ")}) {
      detail::LinkGrammarResult wrapped = m_impl->session.parse(prefix + body, false);
      if (wrapped.words.size() < 3 || wrapped.nullCount > 0) continue;
      const int shift = static_cast<int>(prefix.size());
      wrapped.words.erase(wrapped.words.begin(), wrapped.words.begin() + 2);
      for (detail::LinkGrammarWord &w : wrapped.words) {
        w.start = std::max(w.start - shift, 0);
        w.end = std::max(w.end - shift, 0);
      }
      // The noun "is" pointed at (Ost, SI) heads the fragment: the wall's WV goes to it, and what
      // modified "is" (MVp "in a parachute", MVa) modifies the noun instead (Mp, Ma).
      int noun = -1;
      for (const detail::LgLink &link : wrapped.links)
        if (link.left == 1 && link.right > 1 && (link.label.startsWith(QLatin1Char('O')) || link.label.startsWith(QLatin1String("SI"))))
          noun = link.right;
      std::vector<detail::LgLink> links;
      if (noun > 1) links.push_back({-1, noun - 2, QStringLiteral("WV")});
      for (const detail::LgLink &link : wrapped.links) {
        if (noun > 1 && link.left == 1 && link.right > noun && link.label.startsWith(QLatin1String("MV"))) {
          links.push_back({noun - 2, link.right - 2, QLatin1Char('M') + link.label.mid(2)});
          continue;
        }
        if (link.left == 0 || link.left == 1 || link.right == 0 || link.right == 1) continue;
        links.push_back({link.left < 0 ? -1 : link.left - 2, link.right - 2, link.label});
      }
      wrapped.links = std::move(links);
      lg = std::move(wrapped);
      addedWords = 2;
      result.fragment = true;
      break;
    }
  }
  result.timedOut = lg.timedOut;
  result.nullCount = lg.nullCount;

  // Tokens: Link Grammar's words, with their text taken from the caption itself.
  std::vector<detail::LgWord> words;
  const bool haveLinkage = !lg.words.empty();
  if (haveLinkage) {
    for (const detail::LinkGrammarWord &w : lg.words) {
      const int from = pre.toCaption[static_cast<std::size_t>(std::clamp(w.start, 0, static_cast<int>(pre.input.size())))];
      const int to = pre.toCaption[static_cast<std::size_t>(std::clamp(w.end, 0, static_cast<int>(pre.input.size())))];
      detail::LgWord word;
      word.form = caption.mid(from, std::max(to - from, 0)).trimmed();
      QString lgWord = w.text;
      word.null = lgWord.size() > 2 && lgWord.startsWith(QLatin1Char('[')) && lgWord.endsWith(QLatin1Char(']'));
      if (word.null) lgWord = lgWord.mid(1, lgWord.size() - 2);
      lgWord.remove(markRegex());
      if (word.form.isEmpty()) word.form = lgWord;
      const int dot = lgWord.lastIndexOf(QLatin1Char('.'));
      if (dot > 0 && dot + 1 < lgWord.size() && lgWord.left(dot).compare(word.form, Qt::CaseInsensitive) == 0) word.suffix = lgWord.mid(dot + 1);
      // A capitalised word whose lower-case form is in the dictionary ("Office", "Marines").
      if (word.form.size() > 1 && word.form.at(0).isUpper()) word.commonLower = m_impl->session.isKnownWord(word.form.toLower());
      words.push_back(word);
      result.offsets.push_back(from);
    }
  } else {
    // Fallback tokens: the pre-tokens, with the sentence-final punctuation split off.
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
        words.push_back(word);
        result.offsets.push_back(pre.toCaption[static_cast<std::size_t>(s)]);
      }
    }
  }

  detail::Dependencies deps = haveLinkage ? detail::convertLinkage(words, lg.links) : detail::fallbackDependencies(words);
  for (const detail::LgWord &w : words) {
    result.tokens << w.form;
    result.xpos << w.suffix;
  }
  result.quality = !haveLinkage ? ParseQuality::Fallback : lg.nullCount > 0 ? ParseQuality::Partial : ParseQuality::Complete;

  // The constituency tree is built before the style rewrite: its POS come from the basic parse.
  Tree basic = Tree::dependency(result.tokens, deps.upos, deps.heads, deps.relations);
  std::optional<Tree> constituents;
  if (haveLinkage) constituents = detail::constituentsFromLinkGrammar(lg.constituents, result.tokens, deps.upos, addedWords);
  if (!constituents) {
    try {
      constituents = detail::constituentsFromDependencies(basic);
    } catch (const std::invalid_argument &) { // non-projective: a flat S over the tokens
      std::vector<TreeNode> nodes(1);
      nodes[0].label = QStringLiteral("S");
      for (int t = 0; t < result.tokens.size(); ++t) {
        TreeNode leaf;
        leaf.token = t;
        leaf.word = result.tokens[t];
        leaf.pos = deps.upos[t];
        leaf.parent = 0;
        nodes.push_back(leaf);
      }
      constituents = Tree::constituency(std::move(nodes));
    }
  }
  result.constituency = std::move(*constituents);

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
