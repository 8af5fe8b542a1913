#pragma once
// An imported text tower: a TorchScript module whose forward takes token ids and an attention mask
// (both [B, T] int64, T the tokenizer's context length) and returns one embedding per row ([B, d]),
// with the tokenizer the model was trained with (text/texttokenizer.h). CLIP's, ALIGN's and
// SigLIP's text towers exported with torch.jit have this form.

#include "text/texttokenizer.h"

#include <torch/script.h>

#include <QString>
#include <QStringList>

#include <memory>
#include <mutex>

namespace gs::detail {

class ImportedTextEncoder {
public:
  // Loads the module and the tokenizer, then checks what Groundscope relies on: forward takes two
  // tensors, and one caption comes back as a [1, d] finite embedding. Throws std::runtime_error
  // naming the module file (or the tokenizer's file) otherwise, for a missing, truncated or corrupt
  // file among them.
  ImportedTextEncoder(const QString &modulePath, const TokenizerSpec &tokenizer);

  // [n, d], in chunks of kChunk rows. Throws std::runtime_error naming the module file when forward
  // fails or returns another shape. Thread-safe.
  torch::Tensor encode(const QStringList &texts) const;
  int dim() const { return m_dim; }
  const TextTokenizer &tokenizer() const { return *m_tokenizer; }
  QString file() const { return m_file; }

  static constexpr int kChunk = 64;

private:
  torch::Tensor forward(const QStringList &texts) const;

  QString m_file;
  std::unique_ptr<TextTokenizer> m_tokenizer;
  mutable torch::jit::Module m_module;
  mutable std::mutex m_mutex; // one forward at a time: a scripted module's state is not guarded
  int m_dim = 0;
};

}  // namespace gs::detail
