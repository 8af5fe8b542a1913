#pragma once
// Constituency trees: read from Link Grammar's bracketed constituent string, aligned to the
// caption's tokens, or derived from a dependency tree when Link Grammar gives none.

#include "parse/tree.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace gs::detail {

// Parses Link Grammar's SINGLE_LINE constituent string ("(S (NP students.n) (VP ride.v …) .)"):
// its leaves are the linkage's words without the walls, in order, so leaf k becomes token k.
// Returns nothing when the leaves do not line up with `forms` (then derive one instead).
// `skipLeaves` leading leaves are words added before parsing (see CaptionParser's fragment wrap):
// they are dropped with the phrases left empty.
std::optional<Tree> constituentsFromLinkGrammar(const QString &bracketed, const QStringList &forms, const QStringList &upos,
                                                int skipLeaves = 0);

// A phrase per head word of the dependency tree, labelled by the head's part of speech (NP, VP,
// PP, ADJP, ADVP; S at the root). Used for fallback parses and when the string cannot be aligned.
Tree constituentsFromDependencies(const Tree &dependency);

}  // namespace gs::detail
