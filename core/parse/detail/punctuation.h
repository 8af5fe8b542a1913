#pragma once
// Where punctuation hangs: the UD guidelines' rule (https://universaldependencies.org/u/dep/punct.html),
// which the Stanford converter's output follows too — a mark attaches projectively to the head of
// the unit it delimits, found from its two neighbours.

#include "parse/detail/linkconverter.h"

namespace gs::detail {

// Re-attaches every childless `punct` token of `deps` (forms: the tokens as written):
// 1. Paired marks (quotes, brackets) go to the first / last head inside the pair.
// 2. Any other mark: climb from the word on its left while the climb stays left of the mark and
//    the subtree does not reach past it, likewise from the word on its right (sentence-final
//    . ? ! take no right candidate); the mark attaches to the lower of the two candidates when one
//    dominates the other, else to the left one ("In Ramadi , there was …": the comma closes
//    "Ramadi"; "the crowd , killing 4": the comma opens "killing").
// O(P · W) per sentence with subtree spans computed once per mark.
void attachPunctuation(const QStringList &forms, Dependencies &deps);

}  // namespace gs::detail
