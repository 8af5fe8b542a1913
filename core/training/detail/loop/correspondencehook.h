#pragma once
// HM-LSTM §3.3–3.4: after the root-only epochs, every alternation opens with a correspondence
// step: with the model fixed, each noun phrase of the training captions picks the region of its
// image it matches best, and the phrase losses of the following epochs train on those pairs.
// Every rank of a data-parallel job finds the same correspondences (the same model and data);
// the leader alone keeps the latest step in the run folder, so a resumed run continues from it.

#include "training/detail/loop/traininghook.h"
#include "training/detail/phrasegrounding.h"
#include "training/detail/phraseprior.h"
#include "training/trainconfig.h"

#include <QString>

namespace gs::detail {

class CorrespondenceHook final : public TrainingHook {
public:
  // `correspondences` is the object the minibatch steps read (StepInputs::correspondences);
  // `file` is where the leader writes each step (empty: not written).
  // `priors`: the label prior's π when correspondence_prior λ > 0 (the first step follows it),
  // null otherwise.
  CorrespondenceHook(const PhraseIndex &phrases, Correspondences &correspondences, QString file,
                     const PhrasePriors *priors = nullptr)
      : m_phrases(phrases), m_correspondences(correspondences), m_file(std::move(file)), m_priors(priors) {}
  // The correspondence step (1, 2, …) that opens `epoch`, 0 when none does.
  static int stepOpening(const TrainConfig &config, int epoch);
  void beginEpoch(TrainingRun &run, EpochEvent &epoch) override;

private:
  const PhraseIndex &m_phrases;
  Correspondences &m_correspondences;
  QString m_file;
  const PhrasePriors *m_priors;
};

// One line for the job log: phrases, confidence and, where boxes exist, accuracy against them.
QString describeCorrespondenceStep(const CorrespondenceStats &stats);

}  // namespace gs::detail
