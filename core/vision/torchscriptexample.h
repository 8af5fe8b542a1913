#pragma once
// A small TorchScript CNN written from C++ (torch::jit::Module::define), for tests, the benchmark
// and users who want to see the form a TorchScript backbone takes: forward(x) maps N×3×H×W to an
// N×C×(H/4)×(W/4) feature map (averaged by the extractor), pooled(x) to N×C. Random weights (seeded).

#include <QString>

namespace gs {

// Writes the module to `path` (atomically). Throws std::runtime_error naming the file on failure.
void saveExampleTorchScript(const QString &path, int channels = 32, unsigned long long seed = 1);

// A deeper example with the cost of a real backbone (for `bench features`, where the small one is
// cheaper than decoding a JPEG): seven 3×3 convolutions, 64 → 512 channels, stride 16 in all;
// forward(x) → N×512×(H/16)×(W/16), pooled(x) → N×512; ~4.2 GFLOP per 224-px image, a ResNet-50's
// cost (Huang et al.'s VGG-16 needs 15.5). Random weights.
void saveLargeExampleTorchScript(const QString &path, unsigned long long seed = 1);

}  // namespace gs
