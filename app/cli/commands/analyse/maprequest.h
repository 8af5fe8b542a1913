#pragma once
// `groundscope-cli map`'s command line, checked (what to map, how to lay it out and where to write
// it), and the option-named errors of what the map's data must support: shared by the map of one
// split (mapcommand.cpp) and of the recorded epochs (mapepochs.cpp).

#include "analysis/runmap.h"
#include "figures/mapfiles.h"

#include <QString>

#include <vector>

namespace gs::cli {

class Arguments;

struct MapRequest {
  QString runDir;
  RunMapOptions map;  // split, vectors' preparation and layout
  QString splitLabel; // "the test split", "all splits"
  QString method;     // as --method gave it, for the report
  MapFiles files;     // --figure, --out, --size, --dpr
};

// Throws UsageError for a bad value, std::runtime_error for --figure without the GUI application
// object (text rendering needs it).
MapRequest mapRequestOf(const Arguments &args);

// colourMap, matchCaptions and sizeMap with their std::invalid_argument as a runtime error naming
// the option (--colour, --search, --size-by).
MapColouring colouringOf(const MapModel &model, const QString &key);
std::vector<int> searchOf(const MapModel &model, const QString &query);
MapSizing sizingOf(const MapModel &model, const QString &key);

// `map RUN --epochs` (mapepochs.cpp).
int runMapEpochs(const Arguments &args, const MapRequest &request);

}  // namespace gs::cli
