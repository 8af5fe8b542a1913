#pragma once
// Model-quality tests fix LibTorch's thread count: parallel reductions sum in an order that
// depends on it, so a trained model's figures depend on the seed and this count, not on the
// machine (LibTorch's own default is half the cores, which differs between machines). GS_THREADS
// chooses it (the seed sweeps in tst_treetraining's header ran 1 and 2); 2 otherwise.

#include "runtime/runtime.h"

namespace gs::test {

constexpr int kModelTestThreads = 2;

inline int fixModelTestThreads() {
  const int fromEnvironment = runtime::threadsFromEnvironment();
  runtime::initialise(fromEnvironment > 0 ? fromEnvironment : kModelTestThreads);
  return runtime::configuredThreads();
}

}  // namespace gs::test
