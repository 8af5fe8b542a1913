#pragma once
// Link Grammar's link types as the converter reads them: for each type, the word that heads the
// arc, its relation and priority, and the family handler that reads the link when a plain arc is
// not enough. The head rules of the Stanford converter's head-finding table, one row per type.

#include <QString>

namespace gs::detail {

class LinkConversion;
struct TypedLink;
struct LinkRule;

// How a rule's type matches a link's type.
enum class LinkMatch {
  Exact,        // the type itself ("MV")
  Prefix,       // any type that starts with it ("N": NN, ND, NI …)
  Coordination, // any two-letter type ending in it ("J": SJ, VJ, AJ, MJ, RJ …)
};

// The word that heads the arc: Left, the link's left word (its right word depends on it).
enum class LinkHead { Left, Right };

using LinkHandler = void (LinkConversion::*)(const TypedLink &, const LinkRule &);

struct LinkRule {
  const char *type;     // Link Grammar's link type ("MV"), or the prefix ("N")
  LinkMatch match;
  LinkHandler handler;  // the family's handler; nullptr: the plain arc below
  LinkHead head;
  const char *relation; // the arc's relation (a handler's usual one); nullptr: the link gives no arc
  int priority;         // where a word gets several candidate heads, the higher priority wins
};

// The rule for a link type: the exact types first, then the prefix rules in the table's order;
// nullptr for a type no rule knows (the walk gives it a `dep` at priority 1).
const LinkRule *findLinkRule(const QString &type);

}  // namespace gs::detail
