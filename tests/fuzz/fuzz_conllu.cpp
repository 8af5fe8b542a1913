// Fuzzes the CoNLL-U reader (parse-eval's gold treebanks and the caption gold set).
#include "fuzzsupport.h"

#include "parse/conllu.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const QString file = gs::fuzz::writeScratchFile(QStringLiteral("gold.conllu"), gs::fuzz::bytesOf(data, size));
  gs::fuzz::expectCleanRefusal({file}, [&] { gs::readConllu(file); });
  return 0;
}
