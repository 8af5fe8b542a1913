#include "parse/detail/linktable.h"

#include "parse/detail/linkconversion.h"

#include <QHash>

namespace gs::detail {

namespace {

using C = LinkConversion;
constexpr LinkMatch kExact = LinkMatch::Exact;
constexpr LinkMatch kPrefix = LinkMatch::Prefix;
constexpr LinkHead kLeft = LinkHead::Left;
constexpr LinkHead kRight = LinkHead::Right;

// Grouped by family. The prefix rules are tried in this order after every exact type: "N" before
// "E" before the coordinations, so "NJ" is a number compound and "EJ" an adverb. "NM" ("Room 5")
// has no row of its own: the "N" prefix reads it as a number compound.
const LinkRule kLinkRules[] = {
    // Subjects (the verb heads; inverted subjects, SI / SXI / SFI, follow it) and objects.
    {"S", kExact, &C::subjectArc, kRight, "nsubj", 6},
    {"SX", kExact, &C::subjectArc, kRight, "nsubj", 6},
    {"SI", kExact, &C::subjectArc, kLeft, "nsubj", 6},
    {"SXI", kExact, &C::subjectArc, kLeft, "nsubj", 6},
    {"SF", kExact, &C::subjectArc, kRight, "expl", 6},
    {"SFI", kExact, &C::subjectArc, kLeft, "expl", 6},
    {"O", kExact, &C::objectArc, kLeft, "dobj", 5},

    // Determiners, possessives, superlatives ("the best") and predeterminers ("all the reasons").
    {"D", kExact, &C::determinerArc, kRight, "det", 5},
    {"DD", kExact, &C::determinerArc, kRight, "det", 5},
    {"DG", kExact, &C::determinerArc, kRight, "det", 5},
    {"DT", kExact, &C::determinerArc, kRight, "det", 5},
    {"DP", kExact, &C::determinerArc, kRight, "det", 5},
    {"YS", kExact, &C::possessiveMarkerArc, kLeft, "possessive", 6},
    {"YP", kExact, &C::possessiveMarkerArc, kLeft, "possessive", 6},
    {"L", kExact, nullptr, kRight, "det", 4},
    {"AL", kExact, &C::notePredeterminer, kRight, nullptr, 0},

    // Noun modifiers: adjectives, compounds and names, numbers ("May 5"; NN, ND, NI …: number compounds).
    {"A", kExact, &C::adjectiveArc, kRight, "amod", 5},
    {"AN", kExact, &C::compoundOrNameArc, kRight, "nn", 5},
    {"G", kExact, &C::compoundOrNameArc, kRight, "nn", 5},
    {"GN", kExact, &C::compoundOrNameArc, kRight, "nn", 5},
    {"TM", kExact, nullptr, kLeft, "num", 4},
    {"N", kPrefix, nullptr, kRight, "num", 4},

    // Modifiers of nouns (M, MX) and verbs (MV), negation (N: "is not") and adverbs (EB, E…).
    {"M", kExact, &C::nounModifierArc, kLeft, "dep", 3},
    {"MX", kExact, nullptr, kLeft, "appos", 3},
    {"MV", kExact, &C::verbModifierArc, kLeft, "advmod", 4},
    {"N", kExact, nullptr, kLeft, "neg", 5},
    {"EB", kExact, nullptr, kLeft, "advmod", 4},
    {"E", kPrefix, &C::adverbArc, kRight, "advmod", 4},

    // Prepositions: their objects (J; ON: "on Tuesday") and "of" after a word ("hundreds of").
    {"J", kExact, nullptr, kLeft, "pobj", 5},
    {"ON", kExact, nullptr, kLeft, "pobj", 5},
    {"OF", kExact, &C::ofArc, kLeft, "prep", 4},

    // Verbs and auxiliaries: predicates (P), infinitives and perfects (I, PP, T), complements.
    {"P", kExact, &C::predicativeArc, kLeft, "xcomp", 5},
    {"I", kExact, &C::auxiliaryArc, kLeft, "xcomp", 5},
    {"PP", kExact, &C::auxiliaryArc, kLeft, "xcomp", 5},
    {"T", kExact, &C::auxiliaryArc, kLeft, "xcomp", 5},
    {"IV", kExact, nullptr, kLeft, "xcomp", 4},
    {"TO", kExact, nullptr, kLeft, "xcomp", 4},
    {"TH", kExact, nullptr, kLeft, "ccomp", 4},
    {"TS", kExact, nullptr, kLeft, "ccomp", 4},
    {"QI", kExact, nullptr, kLeft, "ccomp", 4},
    {"K", kExact, nullptr, kLeft, "prt", 5},

    // Relative clauses and direct questions.
    {"R", kExact, &C::relativeArc, kLeft, "rcmod", 3},
    {"RS", kExact, &C::noteRelativeVerb, kLeft, nullptr, 0},
    {"B", kExact, &C::objectRelativeArc, kLeft, "rcmod", 2},
    {"Q", kExact, &C::questionArc, kRight, "dobj", 4},

    // Clauses: complementizers (C, CV) and openers (CO), which rewriteClauses reads.
    {"CV", kExact, &C::noteClauseVerb, kLeft, nullptr, 0},
    {"CO", kExact, &C::noteOpener, kLeft, nullptr, 0},
    {"C", kExact, &C::noteClauseSubject, kLeft, nullptr, 0},

    // Coordination and punctuation.
    {"J", LinkMatch::Coordination, &C::coordinationArc, kLeft, "conj", 7},
    {"X", kExact, &C::punctuationArc, kLeft, "punct", 2},

    // No arc: PH (a/an agreement with the next sound), ZZZ (quotation marks), QU, CP and CQ
    // (quotations and quotation verbs; punctuation is attached at the end).
    {"PH", kExact, nullptr, kLeft, nullptr, 0},
    {"ZZZ", kExact, nullptr, kLeft, nullptr, 0},
    {"QU", kExact, nullptr, kLeft, nullptr, 0},
    {"CP", kExact, nullptr, kLeft, nullptr, 0},
    {"CQ", kExact, nullptr, kLeft, nullptr, 0},
};

bool matches(const LinkRule &rule, const QString &type) {
  switch (rule.match) {
  case LinkMatch::Exact: return type == QLatin1String(rule.type);
  case LinkMatch::Prefix: return type.startsWith(QLatin1String(rule.type));
  case LinkMatch::Coordination: return type.size() == 2 && type.endsWith(QLatin1String(rule.type));
  }
  return false;
}

}  // namespace

const LinkRule *findLinkRule(const QString &type) {
  static const QHash<QString, const LinkRule *> exact = [] {
    QHash<QString, const LinkRule *> rules;
    for (const LinkRule &rule : kLinkRules)
      if (rule.match == LinkMatch::Exact) rules.insert(QLatin1String(rule.type), &rule);
    return rules;
  }();
  if (const auto it = exact.constFind(type); it != exact.constEnd()) return it.value();
  for (const LinkRule &rule : kLinkRules)
    if (rule.match != LinkMatch::Exact && matches(rule, type)) return &rule;
  return nullptr;
}

}  // namespace gs::detail
