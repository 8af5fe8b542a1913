#pragma once
// Model-quality tests fix LibTorch's thread count: parallel reductions sum in an order that
// depends on it, so a trained model's figures depend on the seed and this count, not on the
// machine (LibTorch's own default is half the cores, which differs between machines). GS_THREADS
// chooses it (ctest sets 1, so two model tests share the 2 cores; the seed sweeps in
// tst_treetraining's header ran 1 and 2); 1 otherwise.

#include "runtime/runtime.h"

namespace gs::test {

constexpr int kModelTestThreads = 1;

inline int fixModelTestThreads() {
  const int fromEnvironment = runtime::threadsFromEnvironment();
  runtime::initialise(fromEnvironment > 0 ? fromEnvironment : kModelTestThreads);
  return runtime::configuredThreads();
}

}  // namespace gs::test
