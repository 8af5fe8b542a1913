#pragma once
// Parses captions with Link Grammar (English dictionary) into a dependency and a constituency
// tree. One CaptionParser per thread: it owns its Link Grammar parse options; the dictionary is
// loaded once per process and shared read-only (see detail/linkgrammar.cpp for why that is safe).

#include "parse/parsedcaption.h"

#include <memory>

namespace gs {

struct ParserOptions {
  DependencyStyle style = DependencyStyle::Stanford;
  int maxParseSeconds = 3; // per sentence; a pathological caption gets a fallback tree instead of hanging
};

// Identifies the parser's output in caches: bump kParserRevision (captionparser.cpp) when the
// conversion changes; includes the Link Grammar version.
QString parserVersion();

class CaptionParser {
public:
  explicit CaptionParser(ParserOptions options = {});
  ~CaptionParser();
  CaptionParser(const CaptionParser &) = delete;
  CaptionParser &operator=(const CaptionParser &) = delete;

  const ParserOptions &options() const { return m_options; }

  // Throws std::invalid_argument naming CaptionParser::parse for an empty (or blank) caption, and
  // std::runtime_error if the Link Grammar dictionary cannot be loaded. Never fails otherwise:
  // a caption Link Grammar cannot parse gets a Fallback tree.
  ParsedCaption parse(const QString &caption);

private:
  struct Impl;
  ParserOptions m_options;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace gs
