#pragma once
// Rewrites Stanford basic dependencies into the collapsed or the Universal Dependencies style.

#include "parse/detail/linkconverter.h"
#include "parse/parsedcaption.h"

namespace gs::detail {

// `forms` are the tokens as written. O(W^2) at worst (children scans); captions are short.
void applyStyle(DependencyStyle style, const QStringList &forms, Dependencies &deps);

}  // namespace gs::detail
