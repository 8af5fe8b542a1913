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
int benchFeatures(const QStringList &args); // `bench features`, in featurescommand.cpp
Command inspectCommand();
Command tsneCommand();
Command layoutFeaturesCommand();

}  // namespace gs::cli
