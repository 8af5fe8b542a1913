#pragma once
// The subcommands of groundscope-cli, one file each.

#include "cli.h"

namespace gs::cli {

Command infoCommand();
Command benchCommand();
Command demoCommand();
Command datasetCommand();
Command trainCommand();
Command evalCommand();
Command embedCommand();
Command retrieveCommand();
Command compareCommand();
Command parseCommand();
Command parseEvalCommand();
Command featuresCommand();
Command inspectCommand();
Command regionsCommand();
Command tsneCommand();
Command layoutFeaturesCommand();

// The benchmarks `bench` gathers (gemm and train are in benchcommand.cpp).
Command benchParseCommand();    // benchparse.cpp
Command benchFeaturesCommand(); // featurescommand.cpp
Command benchTreesCommand();    // benchtrees.cpp
Command benchTsneCommand();     // benchtsne.cpp

}  // namespace gs::cli
