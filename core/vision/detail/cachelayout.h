#pragma once
// Names shared by the feature cache's writer (featurecachewriter.cpp) and reader (featurecache.cpp).

namespace gs::vision {

constexpr int kFeatureCacheFormat = 1; // bump when the folder layout or the features' meaning changes

}  // namespace gs::vision
