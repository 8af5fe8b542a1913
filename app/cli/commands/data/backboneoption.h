#pragma once
// --backbone SPEC with --preset, --layer and --ids applied: shared by `features`, `bench features`
// and its --regions run.

#include "vision/backbonespec.h"

namespace gs::cli {

class Arguments;

// torchscript:example and torchscript:example-large name the example CNNs of
// vision/torchscriptexample.h, written into the cache on first use. Throws UsageError for a bad SPEC.
BackboneSpec backboneFromOptions(const Arguments &args);

}  // namespace gs::cli
