#pragma once
// `groundscope-cli regions RUN --gold FILE`: phrase → region accuracy on a gold set of phrase boxes
// (evaluation/phraseboxgold.h), with its ceiling and chance, and (--draw DIR) each gold caption's
// figure with the gold boxes dashed beside the run's choices, to look at.

#include <QString>

namespace gs::cli {

class Arguments;

int runRegionsGold(const Arguments &args, const QString &runDir);

}  // namespace gs::cli
