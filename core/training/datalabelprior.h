#pragma once
// The label prior (vision/labelprior.h) of a run's data: the backbone and feature folder its
// source records, its images as the samples an 8-bit classifier's head is fitted on. What the
// HM-LSTM's correspondence_prior, the region inspector and gold grounding open. Torch-free.

#include "training/trainingdata.h"
#include "vision/labelprior.h"

#include <memory>

namespace gs {

class JobContext;

// Throws std::runtime_error as LabelPriorSource::open does, and for data whose source names no
// backbone (data made in memory).
std::unique_ptr<LabelPriorSource> openLabelPrior(const TrainingData &data, const QString &labelsPath = {}, JobContext *job = nullptr);

}  // namespace gs
