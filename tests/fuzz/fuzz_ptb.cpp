// Fuzzes the reader of bracketed constituents (PTB style, as Link Grammar writes them) and its
// alignment to a caption's tokens. Input: the caption's tokens on the first line, the brackets after.
#include "fuzzsupport.h"

#include "parse/detail/constituents.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const QString text = QString::fromUtf8(gs::fuzz::bytesOf(data, size));
  const qsizetype newline = text.indexOf(QLatin1Char('\n'));
  const QStringList forms = text.left(newline < 0 ? 0 : newline).split(QLatin1Char(' '), Qt::SkipEmptyParts);
  const QString brackets = newline < 0 ? text : text.mid(newline + 1);
  QStringList upos;
  for (qsizetype i = 0; i < forms.size(); ++i) upos << (i % 2 ? QStringLiteral("NOUN") : QStringLiteral("VERB"));
  for (int skip = 0; skip < 2; ++skip) {
    const std::optional<gs::Tree> tree = gs::detail::constituentsFromLinkGrammar(brackets, forms, upos, skip);
    if (!tree) continue;
    if (tree->tokenCount() != forms.size() || int(tree->postOrder().size()) != tree->nodeCount()) std::abort();
    (void)tree->levelOrder();
  }
  return 0;
}
