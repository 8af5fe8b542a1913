#pragma once
// A parsed caption in the form that is kept for a whole dataset: the parse cache, every training
// caption and the parse jobs hold this, not ParsedCaption. The nodes of both trees are flat
// arrays of integers, every string (tokens, parts of speech, relations, phrase labels) is an id
// into one process-wide pool (detail/stringpool.h), and the dependency tree's words and tags are
// the caption's tokens and tags (node i is token i). What the trees derive (children, spans, heights, ℓ(i)) is derived again on
// expand(), by the same Tree factories the parser uses.
//
// Cost: 0.8–0.95 KB a caption (the demo's and Flickr8k's), against 8.5–10 KB as a ParsedCaption
// read from the cache (three QStrings and a child vector per node). expand() is O(N) in the
// caption's nodes.

#include "parse/parsedcaption.h"

#include <QString>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace gs {

class CompactParse {
public:
  CompactParse() = default; // an empty parse: what a caption that could not be parsed gets
  // Throws std::invalid_argument when the parse's columns differ in length or its dependency tree
  // is not one node per token: the forms every parser output and cache line have.
  explicit CompactParse(const ParsedCaption &parsed);

  // The parse again, every field equal to the one it was made from.
  ParsedCaption expand() const;

  const QString &text() const { return m_text; }
  int tokenCount() const { return m_tokenCount; }
  bool hasTrees() const { return m_hasDependency; } // false where parsing failed
  ParseQuality quality() const { return ParseQuality(m_quality); }
  bool timedOut() const { return m_timedOut; }

  // What this parse holds in memory: the object, its arrays' capacity and the text's characters.
  std::size_t bytes() const;

private:
  QString m_text;
  // Pool ids: tokens, upos, xpos and relations (dependency), one per token each, then each
  // constituency node's label, word and tag.
  std::vector<std::uint32_t> m_strings;
  // Token offsets, dependency heads (-1: root), then the constituency nodes' parents and tokens.
  std::vector<std::int32_t> m_shape;
  std::int32_t m_tokenCount = 0;
  std::int32_t m_constituentCount = 0;
  std::int32_t m_nullCount = 0;
  std::int16_t m_segments = 1;
  std::uint8_t m_style = 0;
  std::uint8_t m_quality = 0;
  bool m_hasDependency = false;
  bool m_timedOut = false;
  bool m_fragment = false;
};

// A caption's parse, shared between the caption and the runs that read it.
using SharedParse = std::shared_ptr<const CompactParse>;

}  // namespace gs
