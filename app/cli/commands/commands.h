#pragma once
// The subcommands of groundscope-cli, one file each, grouped by role: data/ (datasets, parses,
// features), train/, inspect/ (what a trained run does and shows), analyse/ (maps, run tables,
// comparisons), bench/ and system/ (info: the machine, the BLAS kernel, the build).

#include "cli.h"

namespace gs::cli {

Command infoCommand();
Command benchCommand();
Command demoCommand();
Command datasetCommand();
Command trainCommand();
Command launchCommand(); // data-parallel training: N local workers
Command evalCommand();
Command embedCommand();
Command importSpaceCommand(); // a joint space made elsewhere, as a run
Command exportCommand(); // --torchscript: the encoders for use outside Groundscope
Command retrieveCommand();
Command compareCommand();
Command parseCommand();
Command parseEvalCommand();
Command featuresCommand();
Command inspectCommand();
Command regionsCommand();
Command generateCommand(); // conceptscommands.cpp
Command tsneCommand();
Command mapCommand();
Command layoutFeaturesCommand();
Command similarityCommand();
Command contrastCommand();
Command explainCommand();
Command runsCommand(); // list, show, export: the run table
Command analyzeCommand(); // where a joint space fails

// `inspect RUN --image ID` of a concepts run (conceptscommands.cpp).
class Arguments;
int inspectConcepts(const QString &runDir, const Arguments &args);
// `inspect RUN --calibration` of a concepts run (conceptscommands.cpp).
int inspectCalibration(const QString &runDir, const Arguments &args);

// The benchmarks `bench` gathers (gemm and train are in benchcommand.cpp).
Command benchParseCommand();    // benchparse.cpp
Command benchFeaturesCommand(); // benchfeatures.cpp
Command benchTreesCommand();    // benchtrees.cpp
Command benchGeneratorCommand(); // benchgenerator.cpp
Command benchTsneCommand();     // benchtsne.cpp
Command benchMapCommand();      // benchtsne.cpp
Command benchRetrievalCommand(); // benchretrieval.cpp
Command benchDdpCommand();       // benchddp.cpp
Command benchCaptionLabCommand(); // benchcaptionlab.cpp
Command benchPipelineCommand();  // benchpipeline.cpp

}  // namespace gs::cli
