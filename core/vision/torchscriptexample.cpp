#include "vision/torchscriptexample.h"

#include "io/atomicfile.h"

#include <torch/script.h>

#include <sstream>

namespace gs {

void saveExampleTorchScript(const QString &path, int channels, unsigned long long seed) {
  torch::manual_seed(seed);
  torch::jit::Module module("GroundscopeExampleCnn");
  // He-style scaling keeps activations of the random network in a useful range.
  module.register_parameter("w1", torch::randn({channels, 3, 3, 3}) * std::sqrt(2.0 / 27), false);
  module.register_parameter("b1", torch::zeros({channels}), false);
  module.register_parameter("w2", torch::randn({channels, channels, 3, 3}) * std::sqrt(2.0 / (9 * channels)), false);
  module.register_parameter("b2", torch::zeros({channels}), false);
  module.define(R"JIT(
def forward(self, x):
    h = torch.relu(torch.conv2d(x, self.w1, self.b1, [2, 2], [1, 1], [1, 1], 1))
    return torch.relu(torch.conv2d(h, self.w2, self.b2, [2, 2], [1, 1], [1, 1], 1))

def pooled(self, x):
    return torch.mean(self.forward(x), [2, 3])
)JIT");
  std::ostringstream bytes;
  module.save(bytes);
  const std::string data = bytes.str();
  writeFileAtomically(path, QByteArray(data.data(), static_cast<qsizetype>(data.size())));
}

void saveLargeExampleTorchScript(const QString &path, unsigned long long seed) {
  torch::manual_seed(seed);
  torch::jit::Module module("GroundscopeLargeExampleCnn");
  // (in, out, stride) of each 3×3 convolution: a VGG/ResNet-like trunk without the residuals.
  const int layers[][3] = {{3, 64, 2}, {64, 128, 2}, {128, 128, 1}, {128, 256, 2}, {256, 256, 1}, {256, 512, 2}, {512, 512, 1}};
  std::string body = "def forward(self, x):\n    h = x\n";
  int k = 0;
  for (const auto &layer : layers) {
    const std::string w = "w" + std::to_string(k), b = "b" + std::to_string(k);
    module.register_parameter(w, torch::randn({layer[1], layer[0], 3, 3}) * std::sqrt(2.0 / (9 * layer[0])), false);
    module.register_parameter(b, torch::zeros({layer[1]}), false);
    const std::string stride = std::to_string(layer[2]);
    body += "    h = torch.relu(torch.conv2d(h, self." + w + ", self." + b + ", [" + stride + ", " + stride + "], [1, 1], [1, 1], 1))\n";
    ++k;
  }
  module.define(body + "    return h\n\ndef pooled(self, x):\n    return torch.mean(self.forward(x), [2, 3])\n");
  std::ostringstream bytes;
  module.save(bytes);
  const std::string data = bytes.str();
  writeFileAtomically(path, QByteArray(data.data(), static_cast<qsizetype>(data.size())));
}

}  // namespace gs
