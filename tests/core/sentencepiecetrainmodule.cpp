// gs_sentencepiece_train: SentencePiece's trainer behind one C function, for the tests that train
// a tiny model (tests/common/sentencepiecetrainer.h). libsentencepiece_train needs
// libsentencepiece, whose protobuf must stay out of a process that also holds LibTorch's
// libprotobuf, so this is a module opened like gs_sentencepiece (core/text/detail/sentencepieceshim.h),
// never linked. No exception crosses the C boundary.

#include "text/detail/sentencepieceshim.h"

#include <sentencepiece_trainer.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <exception>
#include <string>

// Trains a model with SentencePieceTrainer's command-line flags ("--input=… --model_prefix=…").
// 0 on success; -1 with the reason in `error` (NUL-terminated, cut to `errorSize` bytes).
extern "C" __attribute__((visibility("default"))) int gs_sp_train(const char *args, char *error, size_t errorSize) {
  try {
    const sentencepiece::util::Status status = sentencepiece::SentencePieceTrainer::Train(args);
    if (status.ok()) return 0;
    gsWriteSentencePieceError(error, errorSize, status.ToString());
  } catch (const std::exception &e) {
    gsWriteSentencePieceError(error, errorSize, e.what());
  } catch (...) {
    gsWriteSentencePieceError(error, errorSize, "unknown exception");
  }
  return -1;
}
