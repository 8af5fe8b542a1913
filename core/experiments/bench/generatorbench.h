#pragma once
// The concepts model's generation loss (Huang et al. 2018 Eq. 3, L_gen of Eq. 4) at the paper's
// sizes, computed both ways the generator has: a step at a time (the reference, and what scheduled
// sampling needs) and the whole teacher-forced sequence in one LSTM call. The sentence LSTM, the other
// large part of a step, is timed over the same minibatch with its mismatched captions both ways too:
// through LibTorch's packed recurrence and through the encoder's own (packedlstm.h). All four run on
// the same minibatches in the same run, interleaved.
// For `groundscope-cli bench generator`. Torch-free.

#include <cstdint>

namespace gs {

struct GeneratorBenchOptions {
  int batches = 5;          // timed minibatches per way (after one warm-up)
  int batchSize = 64;       // captions generated per minibatch
  int negatives = 128;      // mismatched captions per pair: the sentence LSTM reads batch + extra
  int vocabulary = 10000;   // words: MS-COCO's vocabulary is of this order
  int wordDim = 300, stateDim = 1024; // D and H (§4.2)
  int minWords = 6, maxWords = 16;    // caption lengths, drawn uniformly (COCO's mean is about 10.5)
  std::uint64_t seed = 1;
};

struct GeneratorBenchResult {
  GeneratorBenchOptions options;
  double stepwiseSeconds = 0;  // L_gen forward + backward, one minibatch, a step at a time
  double sequenceSeconds = 0;  // the same, the sequence in one LSTM call
  double libTorchSentenceSeconds = 0; // the sentence LSTM's forward + backward over batch + extra
                                      // captions, LibTorch's packed recurrence (the reference)
  double sentenceSeconds = 0;  // the same through the encoder's own recurrence
  double largestLossDifference = 0;  // |sequence − stepwise| / stepwise over the minibatches
  double largestStateDifference = 0; // the sentence states' largest |own − LibTorch's| / max |LibTorch's|
  double generatorSpeedup() const { return stepwiseSeconds / sequenceSeconds; }
  double sentenceSpeedup() const { return libTorchSentenceSeconds / sentenceSeconds; }
  // The two LSTMs together, the bulk of a concepts step: how much faster a step gets.
  double stepSpeedup() const { return (libTorchSentenceSeconds + stepwiseSeconds) / (sentenceSeconds + sequenceSeconds); }
};

// Throws std::invalid_argument for sizes that are not positive.
GeneratorBenchResult measureGenerator(const GeneratorBenchOptions &options);

}  // namespace gs
