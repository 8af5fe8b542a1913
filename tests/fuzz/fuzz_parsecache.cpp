// Fuzzes the parse cache's line reader (parsedCaptionFromJson, which ParseCache::load applies to
// every line of <cache>/parses/*.jsonl): a line it accepts must hold a consistent parse, so the
// exports and the tree encoders' alignment are run on it. Input: JSON lines.
#include "fuzzsupport.h"

#include "parse/conllu.h"
#include "parse/parsecache.h"
#include "text/tokenizer.h"

#include <QJsonDocument>

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
    (void)gs::toConllu(parsed);
    (void)gs::toPtb(parsed);
    (void)gs::alignTokens(parsed.tokens, gs::tokenize(parsed.text));
  }
  return 0;
}
