#pragma once
// A SentencePiece model (Kudo & Richardson 2018), as SigLIP's and T5-style text towers were
// trained with it: the model normalises the text and cuts it into pieces itself ("▁" marks a
// word start). Wraps Debian's libsentencepiece, held in the module gs_sentencepiece and opened at
// the first tokenizer made (text/detail/sentencepieceshim.h says why it is not linked).

#include "text/texttokenizer.h"

#include <memory>

namespace gs {

class SentencePieceTokenizer : public TextTokenizer {
public:
  // Loads spec.vocabularyFile, the .model file. Special tokens: none at the start, the model's eos
  // at the end (as SigLIP appends it; an empty spec.endToken appends none), padding with the
  // model's pad id, else its eos, else 0. A special token the spec names must be one of the
  // model's pieces. The model maps unknown text to its own unknown piece: spec.unknownToken is
  // not used. Throws std::runtime_error naming the file when the model cannot be loaded (also when
  // the module cannot be: the message lists each path tried) or lacks a named piece.
  explicit SentencePieceTokenizer(const TokenizerSpec &spec);
  ~SentencePieceTokenizer() override;

  int vocabularySize() const override;

protected:
  Subwords subwords(const QString &text) const override;

private:
  struct Model;
  std::unique_ptr<Model> m_model;
  bool m_lowerCase = false;
};

}  // namespace gs
