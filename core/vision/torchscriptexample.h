#pragma once
// A small TorchScript CNN written from C++ (torch::jit::Module::define), for tests, the benchmark
// and users who want to see the form a TorchScript backbone takes: forward(x) maps N×3×H×W to an
// N×C×(H/4)×(W/4) feature map (averaged by the extractor), pooled(x) to N×C. Random weights (seeded).

#include <QString>

namespace gs {

// Writes the module to `path` (atomically). Throws std::runtime_error naming the file on failure.
void saveExampleTorchScript(const QString &path, int channels = 32, unsigned long long seed = 1);

}  // namespace gs
