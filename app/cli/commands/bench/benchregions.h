#pragma once
// `bench features --dataset PATH --backbone SPEC --regions`: crop against RoIAlign region pooling.

namespace gs::cli {

class Arguments;

int benchRegionPoolingOnDataset(const Arguments &args);

}  // namespace gs::cli
