#include "training/detail/importedtextencoder.h"

#include "io/zipcheck.h"

#include <QFileInfo>

namespace gs::detail {

namespace {

[[noreturn]] void failModule(const QString &file, const QString &reason) {
  throw std::runtime_error(QStringLiteral("%1: %2").arg(file, reason).toStdString());
}

QString firstLines(const char *what) { return QString::fromUtf8(what).section(QLatin1Char('\n'), 0, 1).trimmed(); }

}  // namespace

ImportedTextEncoder::ImportedTextEncoder(const QString &modulePath, const TokenizerSpec &tokenizer)
    : m_file(modulePath), m_tokenizer(openTokenizer(tokenizer)) {
  if (!QFileInfo(m_file).isFile()) failModule(m_file, QStringLiteral("text encoder not found"));
  requireIntactZip(m_file); // LibTorch's loader does not check the archive's sums and can crash on a damaged file
  try {
    m_module = torch::jit::load(m_file.toStdString(), torch::kCPU);
  } catch (const std::exception &error) {
    failModule(m_file, QStringLiteral("cannot load the TorchScript text encoder (truncated or not a TorchScript file?): %1")
                           .arg(firstLines(error.what())));
  }
  m_module.eval();
  const auto forward = m_module.find_method("forward");
  if (!forward) failModule(m_file, QStringLiteral("the text encoder has no forward method"));
  const std::size_t inputs = forward->function().getSchema().arguments().size() - 1; // less `self`
  if (inputs != 2)
    failModule(m_file, QStringLiteral("the text encoder's forward takes %1 inputs; it must take two: token ids and an attention mask, "
                                      "both [batch, %2] int64")
                           .arg(inputs)
                           .arg(m_tokenizer->contextLength()));
  const torch::Tensor probe = this->forward({QStringLiteral("a photo of a dog")});
  m_dim = int(probe.size(1));
  if (!torch::isfinite(probe).all().item<bool>()) failModule(m_file, QStringLiteral("the text encoder returns NaN or infinite values"));
}

torch::Tensor ImportedTextEncoder::forward(const QStringList &texts) const {
  const int n = int(texts.size()), length = m_tokenizer->contextLength();
  auto ids = torch::empty({n, length}, torch::kInt64), mask = torch::empty({n, length}, torch::kInt64);
  for (int k = 0; k < n; ++k) {
    const TokenizedText row = m_tokenizer->encode(texts[k]);
    std::copy(row.ids.begin(), row.ids.end(), ids[k].data_ptr<std::int64_t>());
    std::copy(row.mask.begin(), row.mask.end(), mask[k].data_ptr<std::int64_t>());
  }
  c10::IValue out;
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    torch::InferenceMode guard;
    try {
      out = m_module.forward({ids, mask});
    } catch (const std::exception &error) {
      failModule(m_file, QStringLiteral("the text encoder's forward failed on ids and mask of shape [%1, %2]: %3")
                             .arg(n).arg(length).arg(firstLines(error.what())));
    }
  }
  if (!out.isTensor()) failModule(m_file, QStringLiteral("the text encoder's forward does not return a tensor"));
  torch::Tensor y = out.toTensor();
  if (y.dim() != 2 || y.size(0) != n || (m_dim > 0 && y.size(1) != m_dim))
    failModule(m_file, QStringLiteral("the text encoder returned shape %1 for %2 captions; expected [%2, %3]")
                           .arg(QString::fromStdString(c10::str(y.sizes())))
                           .arg(n)
                           .arg(m_dim > 0 ? QString::number(m_dim) : QStringLiteral("d")));
  return y.to(torch::kFloat).clone(); // out of inference mode, so autograd-using callers may read it
}

torch::Tensor ImportedTextEncoder::encode(const QStringList &texts) const {
  std::vector<torch::Tensor> chunks;
  for (int start = 0; start < texts.size(); start += kChunk) chunks.push_back(forward(texts.mid(start, kChunk)));
  if (chunks.empty()) return torch::empty({0, m_dim});
  return torch::cat(chunks);
}

}  // namespace gs::detail
