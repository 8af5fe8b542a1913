#pragma once
// The subword tokenizers that imported dual-encoder text towers were trained with: BERT's
// WordPiece (BERT, ALIGN), CLIP's and GPT-2's byte-level BPE, and SentencePiece (SigLIP, T5).
// A TokenizerSpec names the kind and its files; openTokenizer reads them once, and the tokenizer
// turns a caption into the fixed-length id and mask rows a TorchScript text encoder takes.

#include "io/enumnames.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace gs {

enum class TokenizerKind {
  WordPiece,    // BERT's vocab.txt (wordpiece.h)
  ClipBpe,      // CLIP's byte-level BPE with "</w>" word ends (bytebpe.h)
  Gpt2Bpe,      // GPT-2's byte-level BPE, a leading space kept as "Ġ" (bytebpe.h)
  SentencePiece // a SentencePiece .model (sentencepiecetokenizer.h)
};
template <> const std::vector<EnumName<TokenizerKind>> &enumTable<TokenizerKind>();
// "wordpiece", "clip-bpe", "gpt2-bpe", "sentencepiece"

// The tokens a tokenizer frames a text with, by their strings; "" means the tokenizer adds no
// such token. Padding without a pad token uses id 0.
struct SpecialTokens {
  QString begin;
  QString end;
  QString pad;
  QString unknown;
};

// The special tokens of each kind as its reference tokenizer adds them:
//  - wordpiece: [CLS] … [SEP], padded with [PAD], [UNK] for words the vocabulary cannot spell;
//  - clip-bpe: <|startoftext|> … <|endoftext|>, padded with id 0 as CLIP's clip.tokenize pads;
//  - gpt2-bpe: … <|endoftext|> (GPT-2 adds no begin token), padded with <|endoftext|>;
//  - sentencepiece: … and the model's own eos, padded with its pad id (its eos when it has none).
// The SentencePiece entries are empty: they are the model's, read when it is loaded.
SpecialTokens defaultSpecialTokens(TokenizerKind kind);

// Which tokenizer and which files. Plain and JSON-serialisable.
struct TokenizerSpec {
  TokenizerKind kind = TokenizerKind::WordPiece;
  // wordpiece: vocab.txt; gpt2-bpe and clip-bpe: vocab.json (token → id); clip-bpe may leave it
  // empty and give CLIP's single merges file (bpe_simple_vocab_16e6.txt.gz, gzip or plain) as
  // mergesFile; sentencepiece: the .model file.
  QString vocabularyFile;
  QString mergesFile; // BPE only: merges.txt, one "first second" pair per line by rank
  bool lowerCase = true;
  int contextLength = 77; // ids and mask are padded or cut to this length
  // Overrides of defaultSpecialTokens(kind), each on its own; "" removes the token (e.g. an
  // empty endToken stops SentencePiece from appending eos).
  std::optional<QString> beginToken;
  std::optional<QString> endToken;
  std::optional<QString> padToken;
  std::optional<QString> unknownToken;

  // The spec with the kind's defaults: every kind lower-cases but gpt2-bpe and sentencepiece,
  // whose models are cased (an uncased SentencePiece model lower-cases in its own normaliser).
  static TokenizerSpec forKind(TokenizerKind kind);
  // The defaults with this spec's overrides applied.
  SpecialTokens specialTokens() const;

  // {"kind", "vocabulary", "merges", "lower_case", "context_length", "begin_token", …}; the files
  // and tokens only when set.
  QJsonObject toJson() const;
  // Starts from forKind(kind): an absent key keeps the kind's default. Throws std::runtime_error
  // "tokenizer spec: …" naming the key for an unknown kind or key, or a value of the wrong type.
  static TokenizerSpec fromJson(const QJsonObject &json);
};

// One caption as a text encoder's input. `ids` and `mask` hold exactly contextLength entries:
// the framed tokens, then padding (mask 1 on the tokens, 0 on the padding). `pieces` are the
// tokens' strings, without the padding, for display.
struct TokenizedText {
  std::vector<std::int64_t> ids;
  std::vector<std::int64_t> mask;
  QStringList pieces;
};

class TextTokenizer {
public:
  virtual ~TextTokenizer();
  TextTokenizer(const TextTokenizer &) = delete;
  TextTokenizer &operator=(const TextTokenizer &) = delete;

  // begin, the text's tokens, end, then padding. A text too long for the context keeps its first
  // tokens and still ends with the end token, as CLIP's and BERT's tokenizers cut. Never throws;
  // safe to call from several threads at once.
  TokenizedText encode(const QString &text) const;

  // The number of rows the encoder's token embedding needs: the largest id plus one.
  virtual int vocabularySize() const = 0;
  int contextLength() const { return m_contextLength; }
  std::optional<std::int64_t> beginId() const { return m_begin; }
  std::optional<std::int64_t> endId() const { return m_end; }
  std::int64_t padId() const { return m_pad; }

protected:
  // A text's tokens between the special ones: an id and its string each.
  struct Subwords {
    std::vector<std::int64_t> ids;
    QStringList pieces;
  };

  explicit TextTokenizer(int contextLength);
  // Called once by each subclass's constructor when its vocabulary is read. A null id: no such
  // token. Throws std::invalid_argument when the context cannot hold the begin and end tokens.
  void setFraming(std::optional<std::int64_t> begin, const QString &beginPiece, std::optional<std::int64_t> end,
                  const QString &endPiece, std::int64_t pad);
  // The same with the special tokens' ids looked up in `vocabulary`, read from `file`.
  void setFraming(const QHash<QString, std::int64_t> &vocabulary, const SpecialTokens &tokens, const QString &file);
  virtual Subwords subwords(const QString &text) const = 0;

  // The id of `token` in `vocabulary`, null for "" (no such token). Throws std::runtime_error
  // "FILE: lacks the special token 'T'" when the vocabulary read from `file` lacks it.
  static std::optional<std::int64_t> specialId(const QHash<QString, std::int64_t> &vocabulary, const QString &token,
                                               const QString &file);
  // The file's bytes; throws std::runtime_error "FILE: cannot open: reason".
  static QByteArray readFileBytes(const QString &path);

private:
  int m_contextLength;
  std::optional<std::int64_t> m_begin;
  std::optional<std::int64_t> m_end;
  std::int64_t m_pad = 0;
  QString m_beginPiece;
  QString m_endPiece;
};

// Reads the spec's files. Throws std::invalid_argument for a spec that cannot work (a context
// shorter than its begin and end tokens, a file the kind needs left empty) and std::runtime_error
// naming the file, and "FILE:LINE: reason" where a line is at fault, for a missing or malformed file.
std::unique_ptr<TextTokenizer> openTokenizer(const TokenizerSpec &spec);

}  // namespace gs
