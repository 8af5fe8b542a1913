// Fuzzes the parse cache's line reader (parsedCaptionFromJson, which ParseCache::load applies to
// every line of <cache>/parses/*.jsonl): a line it accepts must hold a consistent parse, so the
// exports and the tree encoders' alignment are run on it. The cache keeps it compact: a parse the
// compact form accepts must expand to the same exports. Input: JSON lines.
#include "fuzzsupport.h"

#include "parse/compactparse.h"
#include "parse/conllu.h"
#include "parse/parsecache.h"
#include "text/tokenizer.h"

#include <QJsonDocument>

#include <cstdlib>
#include <optional>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const QByteArray input = gs::fuzz::bytesOf(data, size);
  for (const QByteArray &line : input.split('\n')) {
    const QJsonObject object = QJsonDocument::fromJson(line).object();
    gs::ParsedCaption parsed;
    try {
      parsed = gs::parsedCaptionFromJson(object.value(QStringLiteral("parse")).toObject());
    } catch (const std::invalid_argument &) {
      continue; // a damaged line: the cache re-parses that caption
    }
    const QString conllu = gs::toConllu(parsed);
    const QString ptb = gs::toPtb(parsed);
    (void)gs::alignTokens(parsed.tokens, gs::tokenize(parsed.text));
    std::optional<gs::CompactParse> compact;
    try {
      compact.emplace(parsed);
    } catch (const std::invalid_argument &) {
      continue; // the cache drops such a line as it drops a damaged one
    }
    const gs::ParsedCaption expanded = compact->expand();
    if (gs::toConllu(expanded) != conllu || gs::toPtb(expanded) != ptb) std::abort();
  }
  return 0;
}
