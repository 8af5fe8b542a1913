// The caption parser on hand-checked sentences: both trees, the three dependency styles, the
// CoNLL-U and PTB exports, partial and fallback parses, the dataset job with its cache, and
// parse-eval on UD English EWT and on our hand-checked caption gold set (both skipped when
// ../shared/data is absent).

#include "data/dataset.h"
#include "parse/captiongold.h"
#include "parse/captionparser.h"
#include "parse/conllu.h"
#include "parse/datasetparser.h"
#include "parse/parsecache.h"
#include "parse/parseeval.h"
#include "parse/detail/sentencepieces.h"
#include "text/tokenizer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace gs;

namespace {

ParsedCaption parse(const QString &text, DependencyStyle style = DependencyStyle::Stanford) {
  CaptionParser parser(ParserOptions{style, 3});
  return parser.parse(text);
}

// (child, parent) pairs as the DT-RNN paper writes them: 1-based, 0 = root.
std::vector<int> heads(const ParsedCaption &p) { return p.dependency.conllHeads(); }

QString rel(const ParsedCaption &p, int token1) { return p.dependency.label(p.dependency.nodeOfToken(token1 - 1)); }
int head(const ParsedCaption &p, int token1) { return heads(p)[static_cast<std::size_t>(token1 - 1)]; }

int tokenIndex(const ParsedCaption &p, const QString &word) { return static_cast<int>(p.tokens.indexOf(word)) + 1; }

}  // namespace

class TestParser : public QObject {
  Q_OBJECT
private Q_SLOTS:
  // Socher et al. 2014 §3.2: d = {(1,2), (2,0), (3,2), (4,2), (5,4)}; the period hangs on the root.
  void studentsRideBikesAtNight() {
    const ParsedCaption p = parse(QStringLiteral("Students ride bikes at night."));
    QCOMPARE(p.tokens, (QStringList{"Students", "ride", "bikes", "at", "night", "."}));
    QCOMPARE(heads(p), (std::vector<int>{2, 0, 2, 2, 4, 2}));
    QCOMPARE(QStringList({rel(p, 1), rel(p, 2), rel(p, 3), rel(p, 4), rel(p, 5), rel(p, 6)}),
             (QStringList{"nsubj", "root", "dobj", "prep", "pobj", "punct"}));
    QCOMPARE(p.quality, ParseQuality::Complete);
    // DT-RNN Eq. 3: bikes is r1 and at is r2 of ride; Students is l1.
    QCOMPARE(p.dependency.childPosition(2).index, 1);
    QCOMPARE(p.dependency.childPosition(3).index, 2);
    QCOMPARE(p.dependency.childPosition(0).side, ChildPosition::Left);
    QCOMPARE(p.dependency.subtreeSize(1), 6);
    // Constituency: S over NP (Students) and VP (ride …), leaves in caption order.
    const Tree &c = p.constituency;
    QCOMPARE(c.label(c.root()), QStringLiteral("S"));
    QCOMPARE(c.tokenCount(), 6);
    QCOMPARE(c.label(c.parent(c.nodeOfToken(0))), QStringLiteral("NP"));
    QCOMPARE(c.label(c.parent(c.nodeOfToken(1))), QStringLiteral("VP"));
    QCOMPARE(c.label(c.parent(c.nodeOfToken(3))), QStringLiteral("PP"));
  }

  // Socher et al. 2014 Fig. 2.
  void manWearingAHelmet() {
    const ParsedCaption p = parse(QStringLiteral("A man wearing a helmet jumps on his bike near a beach."));
    const int jumps = tokenIndex(p, QStringLiteral("jumps")), man = tokenIndex(p, QStringLiteral("man"));
    QCOMPARE(head(p, jumps), 0);
    QCOMPARE(head(p, man), jumps);
    QCOMPARE(rel(p, man), QStringLiteral("nsubj"));
    QCOMPARE(head(p, 3), man); // wearing
    QCOMPARE(rel(p, 3), QStringLiteral("partmod"));
    QCOMPARE(head(p, 5), 3); // helmet ← wearing
    QCOMPARE(rel(p, 5), QStringLiteral("dobj"));
    QCOMPARE(head(p, 7), jumps); // on
    QCOMPARE(rel(p, 9), QStringLiteral("pobj")); // bike
    QCOMPARE(rel(p, 8), QStringLiteral("poss")); // his
    QCOMPARE(head(p, 12), 10); // beach ← near
  }

  // Socher et al. 2014 §3: "The child was hugged by its mother." — passive, three styles.
  void passive() {
    const ParsedCaption p = parse(QStringLiteral("The child was hugged by its mother."));
    QCOMPARE(head(p, 4), 0);
    QCOMPARE(head(p, 2), 4);
    QCOMPARE(rel(p, 2), QStringLiteral("nsubjpass"));
    QCOMPARE(rel(p, 3), QStringLiteral("auxpass"));
    QCOMPARE(head(p, 5), 4);
    QCOMPARE(rel(p, 5), QStringLiteral("prep"));
    QCOMPARE(head(p, 7), 5);
    QCOMPARE(p.upos[2], QStringLiteral("AUX"));

    const ParsedCaption collapsed = parse(QStringLiteral("The child was hugged by its mother."), DependencyStyle::Collapsed);
    QCOMPARE(head(collapsed, 7), 4);
    QCOMPARE(rel(collapsed, 7), QStringLiteral("prep_by"));
    QCOMPARE(head(collapsed, 5), 7);

    const ParsedCaption ud = parse(QStringLiteral("The child was hugged by its mother."), DependencyStyle::Universal);
    QCOMPARE(rel(ud, 2), QStringLiteral("nsubj:pass"));
    QCOMPARE(rel(ud, 3), QStringLiteral("aux:pass"));
    QCOMPARE(head(ud, 7), 4);
    QCOMPARE(rel(ud, 7), QStringLiteral("obl"));
    QCOMPARE(head(ud, 5), 7);
    QCOMPARE(rel(ud, 5), QStringLiteral("case"));
    QCOMPARE(rel(ud, 6), QStringLiteral("nmod:poss"));
  }

  // Every preposition collapses: "of" after a noun came out of Link Grammar as `dep`, so
  // "to the left of a red square" left `pobj` under "of" instead of prep_of(left, square); and the
  // multi-word prepositions collapse whole, as the Stanford converter writes them.
  void everyPrepositionCollapses() {
    const ParsedCaption left = parse(QStringLiteral("A red circle is to the left of a red square."), DependencyStyle::Collapsed);
    QCOMPARE(rel(left, 11), QStringLiteral("prep_of"));
    QCOMPARE(head(left, 11), 7); // left
    QCOMPARE(rel(left, 7), QStringLiteral("prep_to"));
    for (int k = 0; k < left.tokens.size(); ++k) {
      QVERIFY2(rel(left, k + 1) != QLatin1String("pobj"), qPrintable(left.tokens[k]));
      QVERIFY2(rel(left, k + 1) != QLatin1String("dep"), qPrintable(left.tokens[k]));
    }
    QCOMPARE(rel(parse(QStringLiteral("A red circle is to the left of a red square.")), 8), QStringLiteral("prep")); // basic style too

    const ParsedCaption front = parse(QStringLiteral("A dog sits in front of the house next to a tree."), DependencyStyle::Collapsed);
    QCOMPARE(rel(front, tokenIndex(front, QStringLiteral("house"))), QStringLiteral("prep_in_front_of"));
    QCOMPARE(head(front, tokenIndex(front, QStringLiteral("house"))), tokenIndex(front, QStringLiteral("sits")));
    QCOMPARE(rel(front, tokenIndex(front, QStringLiteral("tree"))), QStringLiteral("prep_next_to"));
    QCOMPARE(rel(front, tokenIndex(front, QStringLiteral("front"))), QStringLiteral("case"));
    QCOMPARE(head(front, tokenIndex(front, QStringLiteral("front"))), tokenIndex(front, QStringLiteral("house")));
    const ParsedCaption top = parse(QStringLiteral("A girl stands on top of a hill."), DependencyStyle::Collapsed);
    QCOMPARE(rel(top, tokenIndex(top, QStringLiteral("hill"))), QStringLiteral("prep_on_top_of"));
  }

  void verblessFragments() {
    // Link Grammar leaves "in" unlinked; the repair makes it the preposition it is.
    const ParsedCaption airplane = parse(QStringLiteral("Airplane in dive position."));
    QCOMPARE(airplane.quality, ParseQuality::Partial);
    QVERIFY(airplane.nullCount >= 1);
    QCOMPARE(heads(airplane), (std::vector<int>{0, 1, 4, 2, 1}));
    QCOMPARE(rel(airplane, 4), QStringLiteral("pobj"));
    QCOMPARE(airplane.constituency.tokenCount(), 5);

    const ParsedCaption shapes = parse(QStringLiteral("Two green triangles and a yellow star."));
    QCOMPARE(shapes.quality, ParseQuality::Complete);
    QCOMPARE(heads(shapes), (std::vector<int>{3, 3, 0, 3, 7, 7, 3, 3}));
    QCOMPARE(rel(shapes, 1), QStringLiteral("num"));
    QCOMPARE(rel(shapes, 4), QStringLiteral("cc"));
    QCOMPARE(rel(shapes, 7), QStringLiteral("conj"));
    // Link Grammar calls this fragment a VP; with no verb in it, it is an NP.
    const Tree &c = shapes.constituency;
    QCOMPARE(c.label(c.parent(c.nodeOfToken(2))), QStringLiteral("NP"));
    QVERIFY(!shapes.fragment);

    // Link Grammar links "stars" as an imperative verb and drops "Two"; parsed as the object of
    // "there are", the fragment links completely and the noun heads it.
    const ParsedCaption stars = parse(QStringLiteral("Two stars beneath a green triangle."));
    QCOMPARE(stars.quality, ParseQuality::Complete);
    QVERIFY(stars.fragment);
    QCOMPARE(stars.tokens.size(), 7);
    QCOMPARE(heads(stars), (std::vector<int>{2, 0, 2, 6, 6, 3, 2}));
    QCOMPARE(stars.upos[1], QStringLiteral("NOUN"));
    QCOMPARE(stars.constituency.tokenCount(), 7);
    QVERIFY(toConllu(stars).contains(QStringLiteral("# parse = complete stanford fragment")));

    const ParsedCaption ud = parse(QStringLiteral("Two green triangles and a yellow star."), DependencyStyle::Universal);
    QCOMPARE(head(ud, 4), 7); // UD: cc on the following conjunct
    QCOMPARE(rel(ud, 1), QStringLiteral("nummod"));
  }

  void quotesNumbersHyphensAndSpaces() {
    const QString quoted = QStringLiteral("A dog says \"hello\" to 3 cats.");
    const ParsedCaption q = parse(quoted);
    QCOMPARE(q.tokens, (QStringList{"A", "dog", "says", "\"", "hello", "\"", "to", "3", "cats", "."}));
    QCOMPARE(rel(q, 4), QStringLiteral("punct"));
    QCOMPARE(rel(q, 8), QStringLiteral("num"));
    QCOMPARE(head(q, 8), 9);
    QCOMPARE(head(q, 3), 0);
    for (int t = 0; t < q.tokens.size(); ++t) QCOMPARE(quoted.mid(q.offsets[static_cast<std::size_t>(t)], q.tokens[t].size()), q.tokens[t]);

    const QString hyphens = QStringLiteral("A well-dressed man sits on a 10-speed bike.   ");
    const ParsedCaption h = parse(hyphens);
    QCOMPARE(h.tokens, (QStringList{"A", "well-dressed", "man", "sits", "on", "a", "10-speed", "bike", "."}));
    QCOMPARE(rel(h, 2), QStringLiteral("amod"));
    QCOMPARE(head(h, 2), 3);
    QCOMPARE(head(h, 4), 0);
    QCOMPARE(head(h, 7), 8);
    QCOMPARE(h.offsets.back(), 42);

    const ParsedCaption possessive = parse(QStringLiteral("The dog's owner gives the boy a ball."));
    QCOMPARE(rel(possessive, 2), QStringLiteral("poss"));
    QCOMPARE(head(possessive, 2), 4);
    QCOMPARE(rel(possessive, 3), QStringLiteral("possessive"));
    QCOMPARE(rel(possessive, 7), QStringLiteral("iobj"));
    QCOMPARE(rel(possessive, 9), QStringLiteral("dobj"));
  }

  // Constructions the EWT evaluation showed the conversion getting wrong at first.
  void universalDependenciesConstructions() {
    const ParsedCaption there = parse(QStringLiteral("There is a dog on the grass."), DependencyStyle::Universal);
    QCOMPARE(head(there, 2), 0); // "is" stays the head of an existential
    QCOMPARE(rel(there, 1), QStringLiteral("expl"));
    QCOMPARE(rel(there, 4), QStringLiteral("nsubj"));
    QCOMPARE(head(there, 7), 2);
    QCOMPARE(rel(there, 7), QStringLiteral("obl"));
    const ParsedCaption copula = parse(QStringLiteral("The dog is in the park."), DependencyStyle::Universal);
    QCOMPARE(head(copula, 6), 0); // a predicate PP heads the clause in UD
    QCOMPARE(rel(copula, 3), QStringLiteral("cop"));
    QCOMPARE(head(copula, 2), 6);
    const ParsedCaption question = parse(QStringLiteral("But will diplomacy work?"), DependencyStyle::Universal);
    QCOMPARE(head(question, 4), 0);
    QCOMPARE(rel(question, 1), QStringLiteral("cc"));
    QCOMPARE(rel(question, 2), QStringLiteral("aux"));
    const ParsedCaption name = parse(QStringLiteral("John Smith lives in New York."), DependencyStyle::Universal);
    QCOMPARE(rel(name, 1), QStringLiteral("nsubj"));
    QCOMPARE(head(name, 2), 1);
    QCOMPARE(rel(name, 2), QStringLiteral("flat"));
    const ParsedCaption progressive = parse(QStringLiteral("The man who is running wears a red hat."));
    QCOMPARE(rel(progressive, 5), QStringLiteral("rcmod"));
    QCOMPARE(head(progressive, 5), 2);
    QCOMPARE(rel(progressive, 4), QStringLiteral("aux"));
    QCOMPARE(rel(progressive, 3), QStringLiteral("nsubj"));
  }

  // Revision 4, each found through parse-eval's error table on EWT dev or the captions.
  void wallLinkPicksTheMainVerb() {
    // LG 5.x marks the main verb with the wall's WV link; it was read as an unknown link type, and
    // the largest headless subtree ("lost") became the root.
    const ParsedCaption p = parse(QStringLiteral("Today 's incident proves that Sharon has lost his patience ."), DependencyStyle::Universal);
    QCOMPARE(head(p, tokenIndex(p, "proves")), 0);
    QCOMPARE(head(p, tokenIndex(p, ".")), tokenIndex(p, "proves"));
  }

  void punctuationFollowsTheUdRule() {
    // A comma after a fronted phrase closes it; one before a participle clause opens it.
    const ParsedCaption fronted = parse(QStringLiteral("In Ramadi, there was a big demonstration."), DependencyStyle::Universal);
    QCOMPARE(head(fronted, 3), tokenIndex(fronted, "Ramadi"));
    QCOMPARE(head(fronted, tokenIndex(fronted, ".")), tokenIndex(fronted, "was"));
    const ParsedCaption participle = parse(QStringLiteral("The troops fired into the crowd, killing four."), DependencyStyle::Universal);
    QCOMPARE(head(participle, tokenIndex(participle, ",")), tokenIndex(participle, "killing"));
    const ParsedCaption list = parse(QStringLiteral("A dog, a cat and a bird."), DependencyStyle::Universal);
    QCOMPARE(head(list, 3), tokenIndex(list, "cat")); // before the conjunct it separates
  }

  void multiWordPrepositionsInEachStyle() {
    const QString text = QStringLiteral("The dogs are in the snow in front of a fence.");
    const ParsedCaption stanford = parse(text);
    QCOMPARE(rel(stanford, 7), QStringLiteral("prep")); // in → front → of → fence, as Stanford's basic converter
    QCOMPARE(head(stanford, 8), 7);
    QCOMPARE(rel(stanford, 9), QStringLiteral("prep"));
    QCOMPARE(head(stanford, 9), 8);
    QCOMPARE(head(stanford, 11), 9);
    const ParsedCaption collapsed = parse(text, DependencyStyle::Collapsed);
    QCOMPARE(rel(collapsed, 11), QStringLiteral("prep_in_front_of"));
    const ParsedCaption ud = parse(text, DependencyStyle::Universal);
    QCOMPARE(head(ud, 6), 0);             // snow: the predicate, once
    QCOMPARE(rel(ud, 3), QStringLiteral("cop"));
    QCOMPARE(head(ud, 8), 6);             // front modifies snow …
    QCOMPARE(head(ud, 7), 8);             // … marked by "in"
    QCOMPARE(head(ud, 11), 8);            // fence modifies front …
    QCOMPARE(rel(ud, 9), QStringLiteral("case"));
    QCOMPARE(head(ud, 9), 11);            // … marked by "of" (UD English EWT: not `fixed`)
    const ParsedCaption out = parse(QStringLiteral("A dog comes out of a blue pool."), DependencyStyle::Universal);
    QCOMPARE(rel(out, 4), QStringLiteral("case"));
    QCOMPARE(head(out, 4), tokenIndex(out, "pool"));
    QCOMPARE(head(out, 5), tokenIndex(out, "pool"));
    const ParsedCaption because = parse(QStringLiteral("The game stopped because of the rain."), DependencyStyle::Universal);
    QCOMPARE(rel(because, 5), QStringLiteral("fixed"));
    QCOMPARE(head(because, 5), 4);
    QCOMPARE(rel(because, 4), QStringLiteral("case"));
    // Flickr8k caption 1683444418#4: Link Grammar reads "front" as the main verb, so collapsing
    // "in front of" under its governor ("standing", itself below "front") closed a cycle and the
    // caption had no tree in the collapsed style.
    const QString misparsed = QStringLiteral("Two men standing in front of fountain while other people sit on the grass");
    for (DependencyStyle style : {DependencyStyle::Stanford, DependencyStyle::Collapsed, DependencyStyle::Universal}) {
      const ParsedCaption p = parse(misparsed, style);
      const std::vector<int> h = heads(p);
      QCOMPARE(std::count(h.begin(), h.end(), 0), std::ptrdiff_t(1));
    }
  }

  // Revision 5: a determiner hangs on its noun phrase's head, not on a modifier before it; a name
  // ending in a common noun ("the European Union") is headed by that noun; a clause after ";"
  // does not take the root from the first.
  void determinersModifyTheHeadNoun() {
    const ParsedCaption eu = parse(QStringLiteral("He is the spiritual leader of the European Union ."), DependencyStyle::Universal);
    QCOMPARE(head(eu, 3), 5); // the → leader
    QCOMPARE(head(eu, 7), 9); // the → Union
    QCOMPARE(head(eu, 8), 9); // European → Union
    QCOMPARE(rel(eu, 9), QStringLiteral("nmod"));
    const ParsedCaption council = parse(QStringLiteral("The interim Governing Council issued a communique ."), DependencyStyle::Universal);
    QCOMPARE(head(council, 1), 4);
    QCOMPARE(head(council, 2), 4);
    QCOMPARE(rel(council, 4), QStringLiteral("nsubj"));
    // A true name stays the appositive, and the noun takes the name's place in the clause.
    const ParsedCaption hamas = parse(QStringLiteral("He joined the militant group Hamas ."), DependencyStyle::Universal);
    QCOMPARE(rel(hamas, 6), QStringLiteral("appos"));
    QCOMPARE(head(hamas, 6), 5);
    QCOMPARE(rel(hamas, 5), QStringLiteral("obj"));
    QCOMPARE(head(hamas, 5), 2);
    // Two clauses joined by ";": the wall's WV names the second, which is the first's parataxis.
    const ParsedCaption joined = parse(QStringLiteral("Read the entire article ; there 's a punchline , too ."), DependencyStyle::Universal);
    QCOMPARE(head(joined, 1), 0);
    QCOMPARE(head(joined, 7), 1);
    QCOMPARE(rel(joined, 7), QStringLiteral("parataxis"));
    const ParsedCaption subject = parse(QStringLiteral("The militant group Hamas claimed the attack ."), DependencyStyle::Universal);
    QCOMPARE(rel(subject, 3), QStringLiteral("nsubj"));
    QCOMPARE(rel(subject, 4), QStringLiteral("appos"));
  }

  // Revision 6: a verb with a bare clausal complement is no complementizer, and let/make/help take
  // an object and a bare infinitive (UD EWT: "Let me know" → let root, me obj, know xcomp).
  // The splitter on a made-up cost: every separator inside a span is one unlinked word, as when
  // Link Grammar cannot link the join. Ties keep the stronger separator (";" before ",").
  void piecesSplitWhereBothSidesLinkBetter() {
    const QString input = QStringLiteral("a b , c d ; e f");
    const auto joins = [&](int from, int to) {
      int count = 0;
      for (const QString &t : input.mid(from, to - from).split(QLatin1Char(' '))) count += detail::isPieceSeparator(t) ? 1 : 0;
      return count;
    };
    const detail::SentencePieces pieces = detail::splitIntoPieces(input, joins);
    QStringList texts, separators;
    for (const detail::SentencePiece &p : pieces.pieces) texts << input.mid(p.from, p.to - p.from);
    for (const detail::SentencePiece &p : pieces.separators) separators << input.mid(p.from, p.to - p.from);
    QCOMPARE(texts, (QStringList{QStringLiteral("a b"), QStringLiteral("c d"), QStringLiteral("e f")}));
    QCOMPARE(separators, (QStringList{QStringLiteral(","), QStringLiteral(";")}));
    // A tie splits: the unlinked word stays in its own piece, the rest links alone.
    const QString typo = QStringLiteral("a x , b c");
    const detail::SentencePieces tie = detail::splitIntoPieces(typo, [&](int from, int to) { return typo.mid(from, to - from).contains(QLatin1Char('x')) ? 1 : 0; });
    QCOMPARE(tie.pieces.size(), std::size_t(2));
    // No split when the sides together leave more words unlinked than the whole.
    const detail::SentencePieces kept = detail::splitIntoPieces(input, [](int, int) { return 1; });
    QCOMPARE(kept.pieces.size(), std::size_t(1));
    QCOMPARE(kept.pieces.front().from, 0);
    QCOMPARE(kept.pieces.front().to, int(input.size()));
    // An input with no linkage at all (the parser's score 1 << 20: it timed out) splits into pieces
    // that link, trying only the strongest separators it is given.
    const auto longFails = [&](int from, int to) { return input.mid(from, to - from).count(QLatin1Char(' ')) > 4 ? 1 << 20 : 0; };
    const detail::SentencePieces rescued = detail::splitIntoPieces(input, longFails, 4);
    QCOMPARE(rescued.pieces.size(), std::size_t(2));
    QCOMPARE(input.mid(rescued.separators.front().from, 1), QStringLiteral(";"));
    // A separator at either end of the span is not a join.
    const QString edges = QStringLiteral("; a b .");
    const detail::SentencePieces edge = detail::splitIntoPieces(edges, [](int, int) { return 1; });
    QCOMPARE(edge.pieces.size(), std::size_t(1));
  }

  void piecesJoinUnderTheMainClause() {
    // "Plus , it 's healthy": the lone first word hangs on the clause's root.
    detail::Dependencies plus{{-1}, {QStringLiteral("root")}, {QStringLiteral("ADV")}};
    detail::Dependencies healthy{{2, 2, -1}, {QStringLiteral("nsubj"), QStringLiteral("cop"), QStringLiteral("root")},
                                 {QStringLiteral("PRON"), QStringLiteral("AUX"), QStringLiteral("ADJ")}};
    detail::Dependencies joined = detail::joinPieces({plus, healthy}, {QStringLiteral("Plus"), QStringLiteral("it")});
    QCOMPARE(joined.heads, (std::vector<int>{4, 4, 4, 4, -1}));
    QCOMPARE(joined.relations[0], QStringLiteral("dep"));
    QCOMPARE(joined.relations[1], QStringLiteral("punct"));
    // "If you go , it rains , but it stops": the subordinate clause is advcl of the main clause,
    // the piece after "but" its conj, every separator punct of the piece after it.
    detail::Dependencies ifGo{{2, 2, -1}, {QStringLiteral("mark"), QStringLiteral("nsubj"), QStringLiteral("root")},
                              {QStringLiteral("SCONJ"), QStringLiteral("PRON"), QStringLiteral("VERB")}};
    detail::Dependencies rains{{1, -1}, {QStringLiteral("nsubj"), QStringLiteral("root")}, {QStringLiteral("PRON"), QStringLiteral("VERB")}};
    detail::Dependencies stops{{2, 2, -1}, {QStringLiteral("cc"), QStringLiteral("nsubj"), QStringLiteral("root")},
                               {QStringLiteral("CCONJ"), QStringLiteral("PRON"), QStringLiteral("VERB")}};
    joined = detail::joinPieces({ifGo, rains, stops}, {QStringLiteral("If"), QStringLiteral("it"), QStringLiteral("but")});
    QCOMPARE(joined.heads, (std::vector<int>{2, 2, 5, 5, 5, -1, 9, 9, 9, 5}));
    QCOMPARE(joined.relations[2], QStringLiteral("advcl"));
    QCOMPARE(joined.relations[9], QStringLiteral("conj"));
    // A first clause that merely contains a subordinate clause still heads ("If you go , the food
    // was good , the service slow": "if" marks "go", not the piece's root).
    detail::Dependencies food{{2, 2, 5, 5, 5, -1}, {QStringLiteral("mark"), QStringLiteral("nsubj"), QStringLiteral("advcl"), QStringLiteral("det"), QStringLiteral("nsubj"), QStringLiteral("root")},
                              {QStringLiteral("SCONJ"), QStringLiteral("PRON"), QStringLiteral("VERB"), QStringLiteral("DET"), QStringLiteral("NOUN"), QStringLiteral("ADJ")}};
    joined = detail::joinPieces({food, rains}, {QStringLiteral("If"), QStringLiteral("it")});
    QCOMPARE(joined.heads[5], -1);
    QCOMPARE(joined.heads[8], 5);
    QCOMPARE(joined.relations[8], QStringLiteral("parataxis"));
  }

  // Revision 7 on real sentences (EWT dev): a run-on splits; subjectless and copula-less fragments
  // link inside a frame; questions and opening subordinate clauses keep the main verb as root; a
  // linkage tangled enough to loop still gives a tree.
  void constructionsOfRevisionSeven() {
    const ParsedCaption incident = parse(QStringLiteral("In an apparently unrelated incidents , some eleven Iraqis were killed by snipers on Tuesday ."),
                                         DependencyStyle::Universal);
    QCOMPARE(head(incident, 11), 0); // killed, not the fronted phrase's noun
    const ParsedCaption runOn = parse(QStringLiteral("Nice people ... I hear ."), DependencyStyle::Universal);
    QCOMPARE(runOn.segments, 2);
    QVERIFY(toConllu(runOn).contains(QStringLiteral("# parse = complete ud pieces=2")));
    QCOMPARE(runOn.quality, ParseQuality::Complete);
    QCOMPARE(head(runOn, 2), 0);
    QCOMPARE(head(runOn, 5), 2);
    QCOMPARE(rel(runOn, 5), QStringLiteral("parataxis"));
    QCOMPARE(head(runOn, 4), 5);
    const ParsedCaption took = parse(QStringLiteral("Took a laptop in for a video cable to be replaced ."), DependencyStyle::Universal);
    QCOMPARE(took.quality, ParseQuality::Complete);
    QVERIFY(took.fragment);
    QCOMPARE(took.tokens.size(), 12);
    QCOMPARE(head(took, 1), 0);
    QCOMPARE(head(took, 3), 1);
    QCOMPARE(rel(took, 3), QStringLiteral("obj"));
    const ParsedCaption good = parse(QStringLiteral("Very good with my 5 year old daughter ."), DependencyStyle::Universal);
    QCOMPARE(good.quality, ParseQuality::Complete);
    QCOMPARE(head(good, 2), 0);
    QCOMPARE(head(good, 1), 2);
    QCOMPARE(head(good, 8), 2);
    QCOMPARE(rel(good, 8), QStringLiteral("obl"));
    // Informal spellings reach Link Grammar as the standard ones; the tokens keep the text's.
    const ParsedCaption its = parse(QStringLiteral("it s good ."), DependencyStyle::Universal);
    QCOMPARE(its.tokens, (QStringList{QStringLiteral("it"), QStringLiteral("s"), QStringLiteral("good"), QStringLiteral(".")}));
    QCOMPARE(its.quality, ParseQuality::Complete);
    QCOMPARE(head(its, 3), 0);
    QCOMPARE(rel(its, 2), QStringLiteral("cop"));
    const ParsedCaption u = parse(QStringLiteral("u must read it ."), DependencyStyle::Universal);
    QCOMPARE(head(u, 3), 0);
    QCOMPARE(rel(u, 1), QStringLiteral("nsubj"));
    // A URL and a run of periods stay one token each.
    const ParsedCaption url = parse(QStringLiteral("See http://www.example.com for more .. thanks"), DependencyStyle::Universal);
    QVERIFY(url.tokens.contains(QStringLiteral("http://www.example.com")));
    QVERIFY(url.tokens.contains(QStringLiteral("..")));
    QCOMPARE(head(url, 2), 1);
    // A preposition before a gerund marks a clause: "for protecting" is advcl + mark in UD, pcomp in Stanford's.
    const ParsedCaption clan = parse(QStringLiteral("He is responsible for protecting his clan ."), DependencyStyle::Universal);
    QCOMPARE(head(clan, 5), 3);
    QCOMPARE(rel(clan, 5), QStringLiteral("advcl"));
    QCOMPARE(head(clan, 4), 5);
    QCOMPARE(rel(clan, 4), QStringLiteral("mark"));
    const ParsedCaption clanStanford = parse(QStringLiteral("He is responsible for protecting his clan ."));
    QCOMPARE(head(clanStanford, 5), 4);
    QCOMPARE(rel(clanStanford, 5), QStringLiteral("pcomp"));
    // UD's copular questions: the wh-word is the predicate.
    const ParsedCaption catName = parse(QStringLiteral("What is your cat s name ?"), DependencyStyle::Universal);
    QCOMPARE(head(catName, 1), 0);
    QCOMPARE(rel(catName, 2), QStringLiteral("cop"));
    QCOMPARE(head(catName, 6), 1);
    QCOMPARE(rel(catName, 6), QStringLiteral("nsubj"));
    const ParsedCaption who = parse(QStringLiteral("Who is he ?"), DependencyStyle::Universal);
    QCOMPARE(head(who, 1), 0);
    QCOMPARE(rel(who, 2), QStringLiteral("cop"));
    QCOMPARE(head(who, 3), 1);
    // Link Grammar's colon-as-verb: punctuation heads nothing.
    const ParsedCaption excerpt = parse(QStringLiteral("Excerpt :"), DependencyStyle::Universal);
    QCOMPARE(head(excerpt, 1), 0);
    QCOMPARE(head(excerpt, 2), 1);
    const ParsedCaption coach = parse(QStringLiteral("Analyst Team 2 : Coach : Doug Sewell"));
    QCOMPARE(head(coach, 2), 0);
    for (int t = 1; t <= coach.tokens.size(); ++t)
      if (coach.tokens[t - 1] == QLatin1String(":")) QCOMPARE(rel(coach, t), QStringLiteral("punct"));
    // A mail header's time stamp is headed by its date; a preposition left as root gives way.
    const ParsedCaption stamp = parse(QStringLiteral("04/26/2001 07:17 AM"), DependencyStyle::Universal);
    QCOMPARE(head(stamp, 1), 0);
    QCOMPARE(head(stamp, 2), 1);
    QCOMPARE(head(stamp, 3), 2);
    const ParsedCaption from = parse(QStringLiteral("From the AP comes this story :"), DependencyStyle::Universal);
    QCOMPARE(head(from, 4), 0);
    QCOMPARE(head(from, 3), 4);
    QCOMPARE(rel(from, 1), QStringLiteral("case"));
    // A noun phrase that opens with an adjective Link Grammar also reads as a verb is no imperative;
    // a real imperative ("Try the pizza") stays one.
    const ParsedCaption best = parse(QStringLiteral("Best place to sleep !"), DependencyStyle::Universal);
    QCOMPARE(head(best, 2), 0);
    QCOMPARE(head(best, 1), 2);
    QCOMPARE(rel(best, 1), QStringLiteral("amod"));
    const ParsedCaption pizza = parse(QStringLiteral("Try the pizza ."), DependencyStyle::Universal);
    QCOMPARE(head(pizza, 1), 0);
    QCOMPARE(rel(pizza, 3), QStringLiteral("obj"));
    // An adjective's bare clausal complement is its ccomp, the adjective no complementizer.
    const ParsedCaption sure = parse(QStringLiteral("I am sure they are ."), DependencyStyle::Universal);
    QCOMPARE(head(sure, 3), 0);
    QCOMPARE(head(sure, 5), 3);
    QCOMPARE(rel(sure, 5), QStringLiteral("ccomp"));
    // A capitalised first word reads only as its common word: its name readings made Link Grammar
    // coordinate "staff and great".
    const ParsedCaption staff = parse(QStringLiteral("Wonderful staff and great service !!"), DependencyStyle::Universal);
    QCOMPARE(staff.tokens.front(), QStringLiteral("Wonderful"));
    QCOMPARE(head(staff, 2), 0);
    QCOMPARE(head(staff, 1), 2);
    QCOMPARE(head(staff, 5), 2);
    // An adjective before a compound modifies its head.
    const ParsedCaption water = parse(QStringLiteral("Horrible tap water ."), DependencyStyle::Universal);
    QCOMPARE(head(water, 1), 3);
    QCOMPARE(head(water, 2), 3);
    // Verbless captions keep the "there is" frame: the noun heads.
    const ParsedCaption stars = parse(QStringLiteral("Two stars beneath a green triangle."), DependencyStyle::Universal);
    QCOMPARE(head(stars, 2), 0);
    // A direct question's wh-word is the verb's object or adverb, not the head of a relative clause.
    const ParsedCaption what = parse(QStringLiteral("What did he say about it ?"), DependencyStyle::Universal);
    QCOMPARE(head(what, 4), 0);
    QCOMPARE(head(what, 1), 4);
    QCOMPARE(rel(what, 1), QStringLiteral("obj"));
    const ParsedCaption foods = parse(QStringLiteral("And what foods do you eat ?"), DependencyStyle::Universal);
    QCOMPARE(head(foods, 6), 0);
    QCOMPARE(head(foods, 3), 6);
    const ParsedCaption where = parse(QStringLiteral("Where do you live ?"), DependencyStyle::Universal);
    QCOMPARE(head(where, 1), 4);
    QCOMPARE(rel(where, 1), QStringLiteral("advmod"));
    // An opening subordinate clause hangs on the main clause.
    const ParsedCaption asYouKnow = parse(QStringLiteral("As you know , we are in the process of moving ."), DependencyStyle::Universal);
    QCOMPARE(head(asYouKnow, 9), 0);
    QCOMPARE(head(asYouKnow, 3), 9);
    QCOMPARE(head(asYouKnow, 12), 9);
    const ParsedCaption tangled = parse(QStringLiteral("The one time I actually booked through a travel agent I did not get all of the amenities I had paid for ."),
                                        DependencyStyle::Universal);
    QCOMPARE(tangled.tokens.size(), 23);
    const std::vector<int> tangledHeads = heads(tangled);
    QCOMPARE(std::count(tangledHeads.begin(), tangledHeads.end(), 0), 1L);
  }

  void constructionsOfRevisionSix() {
    const ParsedCaption hope = parse(QStringLiteral("Hope this helps"), DependencyStyle::Universal);
    QCOMPARE(head(hope, 1), 0);
    QCOMPARE(head(hope, 3), 1);
    QCOMPARE(rel(hope, 3), QStringLiteral("ccomp"));
    const ParsedCaption think = parse(QStringLiteral("I think he left early ."), DependencyStyle::Universal);
    QCOMPARE(head(think, 2), 0);
    QCOMPARE(head(think, 4), 2);
    QCOMPARE(rel(think, 4), QStringLiteral("ccomp"));
    QCOMPARE(head(think, 3), 4); // he → left
    const ParsedCaption let = parse(QStringLiteral("Let me know ."), DependencyStyle::Universal);
    QCOMPARE(head(let, 1), 0);
    QCOMPARE(head(let, 2), 1);
    QCOMPARE(rel(let, 2), QStringLiteral("obj"));
    QCOMPARE(head(let, 3), 1);
    QCOMPARE(rel(let, 3), QStringLiteral("xcomp"));
    // A modal's infinitive is still the head, the modal its auxiliary.
    const ParsedCaption will = parse(QStringLiteral("The dog will jump ."), DependencyStyle::Universal);
    QCOMPARE(head(will, 4), 0);
    QCOMPARE(rel(will, 3), QStringLiteral("aux"));
  }

  void constructionsOfRevisionFour() {
    // The quantity heads "a group of tourists" though Link Grammar's subject link goes to "tourists".
    const ParsedCaption group = parse(QStringLiteral("A group of tourists stand around."), DependencyStyle::Universal);
    QCOMPARE(rel(group, 2), QStringLiteral("nsubj"));
    QCOMPARE(head(group, 4), 2);
    QCOMPARE(rel(group, 4), QStringLiteral("nmod"));
    // Be + gerund linked as an object is a progressive.
    const ParsedCaption sitting = parse(QStringLiteral("The lady is sitting on a rock."), DependencyStyle::Universal);
    QCOMPARE(rel(sitting, 3), QStringLiteral("aux"));
    QCOMPARE(head(sitting, 4), 0);
    // Perfect "had" through Pv, and an object relative.
    const ParsedCaption relative = parse(QStringLiteral("He derailed the process, which Sharon had always opposed."), DependencyStyle::Universal);
    const int opposed = tokenIndex(relative, "opposed");
    QCOMPARE(rel(relative, opposed), QStringLiteral("acl:relcl"));
    QCOMPARE(head(relative, opposed), tokenIndex(relative, "process"));
    QCOMPARE(rel(relative, tokenIndex(relative, "had")), QStringLiteral("aux"));
    QCOMPARE(rel(relative, tokenIndex(relative, "which")), QStringLiteral("obj"));
    // "while" + participle: mark of an adverbial clause.
    const ParsedCaption whileClause = parse(QStringLiteral("A policeman has a whistle in his mouth while directing traffic."), DependencyStyle::Universal);
    QCOMPARE(rel(whileClause, tokenIndex(whileClause, "while")), QStringLiteral("mark"));
    QCOMPARE(rel(whileClause, tokenIndex(whileClause, "directing")), QStringLiteral("advcl"));
    QCOMPARE(head(whileClause, tokenIndex(whileClause, "directing")), tokenIndex(whileClause, "has"));
    // A wrapped fragment is headed by the noun "there is" pointed at.
    const ParsedCaption fragment = parse(QStringLiteral("A person in a parachute sliding across the water."), DependencyStyle::Universal);
    QCOMPARE(head(fragment, 2), 0);
    QCOMPARE(head(fragment, tokenIndex(fragment, "parachute")), 2);
    // Clauses joined by "and" (Xx(wall, and) + WV(and, have)): conj of the first clause's head.
    const ParsedCaption joined = parse(QStringLiteral("He was killed and they have all the reasons."), DependencyStyle::Universal);
    QCOMPARE(rel(joined, tokenIndex(joined, "have")), QStringLiteral("conj"));
    QCOMPARE(head(joined, tokenIndex(joined, "have")), tokenIndex(joined, "killed"));
    QCOMPARE(head(joined, tokenIndex(joined, "and")), tokenIndex(joined, "have")); // UD: cc on the conjunct after it
    QCOMPARE(rel(joined, tokenIndex(joined, "was")), QStringLiteral("aux:pass"));   // "killed.v-d" linked as Pa
    QCOMPARE(rel(joined, tokenIndex(joined, "all")), QStringLiteral("det:predet"));
    // Capitalised sequences: a compound when they end in a common noun, a flat name otherwise.
    const ParsedCaption marines = parse(QStringLiteral("The US Marines took the city."), DependencyStyle::Universal);
    QCOMPARE(rel(marines, 2), QStringLiteral("compound"));
    QCOMPARE(head(marines, 2), 3);
    QCOMPARE(rel(marines, 3), QStringLiteral("nsubj"));
    const ParsedCaption person = parse(QStringLiteral("Jim Lobe has more on the implications."), DependencyStyle::Universal);
    QCOMPARE(rel(person, 1), QStringLiteral("nsubj"));
    QCOMPARE(rel(person, 2), QStringLiteral("flat"));
    // Informal lower-case "i" is the pronoun (Link Grammar's dictionary knows only "I").
    const ParsedCaption informal = parse(QStringLiteral("i think they will win."), DependencyStyle::Universal);
    QCOMPARE(informal.tokens.first(), QStringLiteral("i"));
    QCOMPARE(rel(informal, 1), QStringLiteral("nsubj"));
    QCOMPARE(informal.quality, ParseQuality::Complete);
  }

  // Revision 5: Link Grammar's cheapest linkage is not always taken. "there will be" is not read
  // as the misspelling "their will by" (the dictionary's bad-spelling entries cost nothing by
  // default), and a name before "said" is its subject, not a fragment before a quotation
  // inversion. A sentence of punctuation alone still parses (choosing among linkages must not
  // build one twice: Link Grammar aborts on that).
  void linkageChoice() {
    const ParsedCaption spelling = parse(QStringLiteral("Nervous people make mistakes , so I suppose there will be a wave of succesfull arab attacks ."),
                                         DependencyStyle::Universal);
    QCOMPARE(head(spelling, 3), 0); // make
    QCOMPARE(rel(spelling, 2), QStringLiteral("nsubj"));
    const ParsedCaption said = parse(QStringLiteral("Chahine said her immediate family spent about $ 20,000 to return to Detroit ."),
                                     DependencyStyle::Universal);
    QCOMPARE(head(said, 2), 0);
    QCOMPARE(rel(said, 1), QStringLiteral("nsubj"));
    QCOMPARE(head(said, 1), 2);
    const ParsedCaption stars = parse(QStringLiteral("***"), DependencyStyle::Universal);
    QCOMPARE(stars.tokens.size(), 1);
  }

  void captionGoldSetReadsItsWordsFromTheCaptions() {
    QTemporaryDir dir;
    const QString gold = dir.filePath(QStringLiteral("gold.conllu"));
    QFile g(gold);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write("# sent_id = a.jpg#0\n1\t_\t_\tNOUN\t_\t_\t2\tnsubj\t_\tTokenRange=0:4\n2\t_\t_\tVERB\t_\t_\t0\troot\t_\tTokenRange=5:9\n\n");
    g.close();
    std::vector<ConlluSentence> sentences = readConllu(gold);
    fillFormsFromCaptions(sentences, {{QStringLiteral("a.jpg#0"), QStringLiteral("Dogs bark")}}, gold);
    QCOMPARE(sentences[0].forms, (QStringList{"Dogs", "bark"}));
    QCOMPARE(sentences[0].text, QStringLiteral("Dogs bark"));
    sentences = readConllu(gold);
    try {
      fillFormsFromCaptions(sentences, {{QStringLiteral("b.jpg#0"), QStringLiteral("Dogs bark")}}, gold);
      QFAIL("a missing caption must be an error");
    } catch (const std::runtime_error &e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(gold + QStringLiteral(":2")), e.what()); // file and line
      QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("a.jpg#0")));
    }
    sentences = readConllu(gold);
    try {
      fillFormsFromCaptions(sentences, {{QStringLiteral("a.jpg#0"), QStringLiteral("Dogs")}}, gold); // range past the end
      QFAIL("a range outside the caption must be an error");
    } catch (const std::runtime_error &e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("TokenRange")), e.what());
    }
  }

  // tests/data/flickr8k-captions-ud.conllu: 150 Flickr8k test captions, every tree checked by hand
  // (UD v2, EWT conventions). Measured 2026-11-24: revision 3 UAS 0.801 / LAS 0.759, revision 4
  // 0.838 / 0.802. The floor keeps the caption score from dropping below revision 4's.
  void captionGoldSetHoldsItsFloor() {
    const QString captions = QStringLiteral(GS_SHARED_DATA "/flickr8k/Flickr8k.token.txt");
    if (!QFile::exists(captions)) QSKIP("../shared/data/flickr8k is absent");
    const QString gold = QStringLiteral(GS_SOURCE_DIR "/tests/data/flickr8k-captions-ud.conllu");
    const ParseEvalResult result = evaluateOnConllu(gold, 0, 2, nullptr, captions);
    QCOMPARE(result.sentences, 150);
    QCOMPARE(result.scores.tokens, 1791);
    qInfo("captions: UAS %.3f LAS %.3f over %d tokens", result.scores.uas(), result.scores.las(), result.scores.tokens);
    QVERIFY2(result.scores.uas() > 0.83, "caption UAS floor");
    QVERIFY2(result.scores.las() > 0.79, "caption LAS floor");
  }

  void emptyCaptionIsAnError() {
    CaptionParser parser;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parser.parse(QString()));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parser.parse(QStringLiteral("   \t ")));
  }

  // Link Grammar finds no linkage for a long string of unknown words within a second: the
  // caption still gets both trees, flagged Fallback.
  void fallbackIsFlagged() {
    QStringList words;
    for (int i = 0; i < 25; ++i) words << QStringLiteral("zq%1x,").arg(i) << QStringLiteral("the") << QStringLiteral("of");
    CaptionParser parser(ParserOptions{DependencyStyle::Stanford, 1});
    QElapsedTimer clock;
    clock.start();
    const ParsedCaption p = parser.parse(words.join(QLatin1Char(' ')));
    QVERIFY2(clock.elapsed() < 15000, "the per-sentence time limit holds");
    qInfo("quality %s, null words %d, timed out %d", qPrintable(qualityName(p.quality)), p.nullCount, int(p.timedOut));
    QVERIFY2(p.quality != ParseQuality::Complete, qPrintable(qualityName(p.quality)));
    QCOMPARE(p.dependency.tokenCount(), static_cast<int>(p.tokens.size()));
    QCOMPARE(p.constituency.tokenCount(), static_cast<int>(p.tokens.size()));
    if (p.quality == ParseQuality::Fallback) QCOMPARE(heads(p).size(), static_cast<std::size_t>(p.tokens.size()));
  }

  void conlluAndPtbExports() {
    const ParsedCaption p = parse(QStringLiteral("Students ride bikes at night."));
    const QStringList lines = toConllu(p, QStringLiteral("s1")).split(QLatin1Char('\n'));
    QCOMPARE(lines[0], QStringLiteral("# sent_id = s1"));
    QCOMPARE(lines[1], QStringLiteral("# text = Students ride bikes at night."));
    QCOMPARE(lines[3], QStringLiteral("1\tStudents\t_\tNOUN\tn\t_\t2\tnsubj\t_\t_"));
    QCOMPARE(lines[7], QStringLiteral("5\tnight\t_\tNOUN\tn\t_\t4\tpobj\t_\tSpaceAfter=No"));
    QCOMPARE(lines[8].split(QLatin1Char('\t')).size(), 10);
    QVERIFY(lines[9].isEmpty());
    QCOMPARE(toPtb(p), QStringLiteral("(ROOT (S (NP (NOUN Students)) (VP (VERB ride) (NP (PP (NP (NOUN bikes)) (PP (ADP at) "
                                      "(NP (NOUN night)))))) (PUNCT .)))"));
  }

  void tokensAlignWithKarpathyTokens() {
    const ParsedCaption p = parse(QStringLiteral("The dog's owner, smiling, throws a t-shirt."));
    const QStringList words = tokenize(p.text);
    const std::vector<int> map = alignTokens(p.tokens, words);
    QCOMPARE(map.size(), static_cast<std::size_t>(p.tokens.size()));
    for (int t = 0; t < p.tokens.size(); ++t) {
      const bool punct = p.upos[t] == QLatin1String("PUNCT");
      QCOMPARE(map[static_cast<std::size_t>(t)] < 0, punct);
      if (!punct && !p.tokens[t].startsWith(QLatin1Char('\'')))
        QVERIFY2(words[map[static_cast<std::size_t>(t)]].startsWith(p.tokens[t].toLower().left(2)), qPrintable(p.tokens[t]));
    }
  }

  void cacheRoundTrip() {
    const ParsedCaption p = parse(QStringLiteral("A man wearing a helmet jumps on his bike near a beach."));
    const ParsedCaption back = parsedCaptionFromJson(parsedCaptionToJson(p));
    QCOMPARE(toConllu(back), toConllu(p));
    QCOMPARE(toPtb(back), toPtb(p));
    const ParsedCaption runOn = parse(QStringLiteral("Nice people ... I hear ."));
    QCOMPARE(parsedCaptionFromJson(parsedCaptionToJson(runOn)).segments, 2);
  }

  // Both cores, then a second run that parses nothing: every caption comes from the cache.
  void datasetJobUsesTheCache() {
    Dataset dataset;
    dataset.name = QStringLiteral("tst-parser-tiny");
    const QStringList captions{"Students ride bikes at night.", "A red circle left of a blue square.",
                               "Two green triangles and a yellow star.", "A dog runs on the grass.",
                               "A man rides a horse on the beach.", ""};
    for (int i = 0; i < captions.size(); ++i) {
      CaptionRecord record;
      record.id = QString::number(i);
      record.raw = captions[i];
      dataset.captions.push_back(record);
    }
    CaptionParseOptions options;
    options.threads = 2;
    for (DependencyStyle style : {DependencyStyle::Stanford, DependencyStyle::Universal})
      QFile::remove(ParseCache(dataset.name, style).path()); // a fresh cache, even outside ctest
    const CaptionParses first = parseDataset(dataset, options);
    QCOMPARE(first.stats.captions, 6);
    QCOMPARE(first.stats.parsed, 5);
    QCOMPARE(first.stats.cached, 0);
    QCOMPARE(first.stats.failed, 1); // the empty caption, reported, not a crash
    QCOMPARE(first.stats.threads, 2);
    QCOMPARE(first.stats.complete + first.stats.partial + first.stats.fallback, 5);
    QVERIFY(!first.captions[5].hasTrees());
    QCOMPARE(heads(first.captions[0].expand()), (std::vector<int>{2, 0, 2, 2, 4, 2}));

    const CaptionParses second = parseDataset(dataset, options);
    QCOMPARE(second.stats.parsed, 0);
    QCOMPARE(second.stats.cached, 5);
    for (int i = 0; i < 5; ++i) QCOMPARE(toConllu(second.captions[static_cast<std::size_t>(i)].expand()), toConllu(first.captions[static_cast<std::size_t>(i)].expand()));

    // Another style is another cache entry.
    options.parser.style = DependencyStyle::Universal;
    QCOMPARE(parseDataset(dataset, options).stats.parsed, 5);
  }

  // UD English EWT test, first 150 sentences, UD style. Measured 2026-11-21 (revision 2): UAS 0.553,
  // LAS 0.494 on these 150; 2026-11-24 (revision 4): 0.622 / 0.548. Web text — e-mails, lists,
  // fragments — is much harder than captions; the floors sit 0.03 below, as Link Grammar's time
  // limit makes a loaded machine's parses differ slightly.
  void ewtAttachmentScoresHoldTheirFloor() {
    const QString path = QStringLiteral(GS_SHARED_DATA "/ud-english-ewt/en_ewt-ud-test.conllu");
    if (!QFile::exists(path)) QSKIP("../shared/data/ud-english-ewt is absent");
    const ParseEvalResult result = evaluateOnConllu(path, 150, 2);
    QCOMPARE(result.sentences, 150);
    qInfo("EWT test[0:150]: UAS %.3f LAS %.3f over %d tokens", result.scores.uas(), result.scores.las(), result.scores.tokens);
    QVERIFY(result.scores.tokens > 1500);
    QVERIFY2(result.scores.uas() > 0.66, "UAS floor");
    QVERIFY2(result.scores.las() > 0.58, "LAS floor");
  }
};

QTEST_GUILESS_MAIN(TestParser)
#include "tst_parser.moc"
