#pragma once
// `bench features --dataset PATH --backbone SPEC --regions`: crop against RoIAlign region pooling.

#include "arguments.h"
#include "vision/backbonespec.h"

namespace gs::cli {

int benchRegionPoolingOnDataset(const Arguments &args);

// --backbone with --preset, --layer and --ids applied (features and bench features share it).
BackboneSpec backboneFromOptions(const Arguments &args);

}  // namespace gs::cli
