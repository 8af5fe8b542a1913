#pragma once
// One chunk of images through a pixel backbone: batched (chunkextraction.cpp), or in RoIAlign mode
// one map per image on several copies of the network at once (regionextraction.cpp).

#include "vision/classhead.h"
#include "vision/detail/featurechunk.h"

#include <opencv2/core.hpp>

#include <memory>
#include <vector>

namespace gs::vision {

class Backbone;
class DecodedImageCache;
struct PreparedImage;

// One chunk of images through a pixel backbone: prepared images (preparedqueue.h), forwarded in batches of
// options.batchSize images, crops averaged. (When every row comes from the image's map,
// extractMapChunk does the chunk.)
FeatureChunk extractChunk(const Dataset &dataset, int begin, int end, Backbone &backbone, const ExtractOptions &options,
                          const DecodedImageCache &decoded, JobContext *job);

// A chunk in RoIAlign mode (rowFromMap), one map per image, nothing batched. With several copies of
// the network, one image each at once: the images are independent, and each copy runs
// single-threaded, so two cores pass two images where OpenCV's parallel layers would pass little
// more than one. Every image's rows are kept in its slot and joined in image order, so the result
// is the one network's. The calling thread runs networks[0] and answers cancel and pause; the
// others stop when it does or when one fails. With `head` (scored proposals), each image's pool of
// boxes is scored by it and only the selected detections become rows (scoredRows).
FeatureChunk extractMapChunk(const Dataset &dataset, int begin, int end, const std::vector<Backbone *> &networks,
                             const ExtractOptions &options, const DecodedImageCache &decoded, JobContext *job,
                             const ClassHead *head = nullptr);

// Each box's objectness from its pooled feature (one row each): the highest class probability of
// the classifier head, R-CNN's detection score of the box's best class, taken without a class.
std::vector<float> objectnessOf(const cv::Mat &features, const ClassHead &head);

// The networks extractMapChunk runs: the backbone and, where it can be copied, one copy per further
// configured core (held in `copies`). One network when the mode batches images instead.
std::vector<Backbone *> mapNetworks(Backbone &backbone, const ExtractOptions &options,
                                    std::vector<std::unique_ptr<Backbone>> &copies);

// The crops' row of a map mode (cropsFromMap): makeCrops' five crop boxes pooled from `map` (the
// network's map of `blob`, an image of `imageSize` resized by makeImageBlob) and, for ten crops,
// from the map of the blob's mirror, which this runs the network for; averaged.
std::vector<float> mapCropRow(Backbone &network, const cv::Mat &blob, const cv::Mat &map, cv::Size imageSize, CropMode crops);

// An image's region features, one row per box: each warped box through the network, or every box
// pooled from the one map of the whole image (roialign.h), with the boxes scaled to the map's input.
cv::Mat regionFeatures(Backbone &backbone, const PreparedImage &prepared, RegionPooling pooling);

}  // namespace gs::vision
