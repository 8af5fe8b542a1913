#pragma once
// Calibration of multi-label scores (the concept CNN's p_c, Huang et al. 2018 §3.2): whether a
// concept scored 0.8 is present in about 80 % of the images so scored. The reliability diagram
// bins the (image, concept) pairs by score; the expected calibration error (ECE, Naeini et al.
// 2015; Guo et al. 2017) is the pairs-weighted mean gap between each bin's mean score and the share
// of its pairs whose concept is present. Torch-free.

#include <QJsonObject>

#include <vector>

namespace gs {

struct ReliabilityBin {
  double from = 0, to = 0;  // score range [from, to) (the last bin includes 1)
  long long count = 0;      // pairs scored in it
  double confidence = 0;    // their mean score
  double frequency = 0;     // the share of them whose concept is present
};

struct Calibration {
  long long pairs = 0, positives = 0;
  double meanPresent = 0;   // mean score of the concepts an image's captions mention
  double meanAbsent = 0;    // mean score of the others
  double ece = 0;           // expected calibration error, in [0, 1]
  std::vector<ReliabilityBin> bins;
  QJsonObject toJson() const;
};

// `scores` and `present` hold one entry per (image, concept) pair, in any order; `bins` equal-width
// bins over [0, 1]. Scores outside [0, 1] are clamped. Throws std::invalid_argument when the sizes
// differ or bins < 1.
Calibration calibrate(const std::vector<float> &scores, const std::vector<char> &present, int bins = 10);

}  // namespace gs
