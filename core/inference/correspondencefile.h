#pragma once
// The phrase–region correspondences of a trained HM-LSTM as data files: one image's or a whole
// split's noun phrases, each with its best regions (rank, box, score) and, where the dataset has
// the phrase's box, the IoU with it and whether it counts as correct (IoU ≥ 0.5, the PASCAL
// criterion of HM-LSTM §5.2). Written by `groundscope-cli regions --out` and the Regions dock's
// data export, so the two are the same file. Torch-free.

#include "inference/regiongrounding.h"

#include <QByteArray>
#include <QJsonDocument>

#include <vector>

namespace gs {

// top: regions kept per phrase (1: each phrase's chosen region, one row per phrase).
// CSV columns: image,caption,phrase,begin,end,rank,region,x,y,width,height,score,iou,correct
// (iou and correct empty where the phrase has no ground truth).
QByteArray correspondencesCsv(const std::vector<GroundedPhrase> &phrases, int top = 1);
// {"correspondences": [{image, caption, phrase, begin, end, truth?, regions: [{rank, region, box,
// score, iou?, correct?}]}]}; boxes as [x, y, width, height].
QJsonDocument correspondencesJson(const std::vector<GroundedPhrase> &phrases, int top = 1);
// .csv or .json by the file's suffix, written atomically. Throws std::invalid_argument for another
// suffix and std::runtime_error naming the file when it cannot be written.
void writeCorrespondences(const QString &path, const std::vector<GroundedPhrase> &phrases, int top = 1);

constexpr double kCorrectIoU = 0.5; // a region "finds" its phrase's box at this overlap

}  // namespace gs
