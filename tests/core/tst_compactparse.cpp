// gs::CompactParse, the form a dataset's parses are kept in: every field of both trees is what the
// parser made, on the demo's captions and on Flickr8k's, and a caption costs at most 2 KB.

#include "data/scenes/scenesdemo.h"
#include "parse/captionparser.h"
#include "parse/compactparse.h"
#include "parse/detail/stringpool.h"
#include "parse/parsecache.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

#include <malloc.h>

#include <stdexcept>
#include <thread>

using namespace gs;

namespace {

// The first difference between two trees, node by node and over every derived order, or "".
QString treeDifference(const Tree &a, const Tree &b) {
  if (a.isEmpty() != b.isEmpty() || a.kind() != b.kind() || a.nodeCount() != b.nodeCount() ||
      a.tokenCount() != b.tokenCount() || a.root() != b.root())
    return QStringLiteral("shape");
  for (int n = 0; n < a.nodeCount(); ++n) {
    const TreeNode &x = a.node(n), &y = b.node(n);
    if (x.token != y.token || x.word != y.word || x.pos != y.pos || x.label != y.label || x.begin != y.begin ||
        x.end != y.end || x.parent != y.parent || x.children != y.children)
      return QStringLiteral("node %1").arg(n);
    if (a.height(n) != b.height(n) || a.subtreeSize(n) != b.subtreeSize(n)) return QStringLiteral("height/size of %1").arg(n);
    const ChildPosition p = a.childPosition(n), q = b.childPosition(n);
    if (p.side != q.side || p.index != q.index) return QStringLiteral("child position of %1").arg(n);
  }
  for (int t = 0; t < a.tokenCount(); ++t)
    if (a.nodeOfToken(t) != b.nodeOfToken(t)) return QStringLiteral("node of token %1").arg(t);
  if (a.postOrder() != b.postOrder() || a.levelOrder() != b.levelOrder()) return QStringLiteral("orders");
  if (!a.isEmpty() && a.toBracketed() != b.toBracketed()) return QStringLiteral("brackets");
  return {};
}

QString parseDifference(const ParsedCaption &a, const ParsedCaption &b) {
  if (a.text != b.text) return QStringLiteral("text");
  if (a.tokens != b.tokens || a.upos != b.upos || a.xpos != b.xpos || a.offsets != b.offsets) return QStringLiteral("tokens");
  if (a.style != b.style || a.quality != b.quality || a.timedOut != b.timedOut || a.nullCount != b.nullCount ||
      a.fragment != b.fragment || a.segments != b.segments)
    return QStringLiteral("flags");
  if (const QString d = treeDifference(a.dependency, b.dependency); !d.isEmpty()) return QStringLiteral("dependency: ") + d;
  if (const QString d = treeDifference(a.constituency, b.constituency); !d.isEmpty()) return QStringLiteral("constituency: ") + d;
  return {};
}

struct SizeReport {
  int captions = 0;
  double compactBytes = 0;  // mean CompactParse::bytes()
  double compactHeap = 0;   // mean heap growth holding them all (malloc's count), 0 where unknown
  double expandedHeap = 0;  // the same for ParsedCaption as the cache reads it
};

std::size_t heapInUse() { return mallinfo2().uordblks; }

// Parses every caption, checks that its compact form expands to the same parse, directly and
// through the cache's JSON, and measures both forms.
// The parser's own output for every caption, on two threads (one CaptionParser each).
std::vector<ParsedCaption> parseAll(const QStringList &texts, DependencyStyle style) {
  std::vector<ParsedCaption> parsed(std::size_t(texts.size()));
  const auto parseHalf = [&](int first) {
    CaptionParser parser(ParserOptions{style, ParserOptions{}.maxParseSeconds});
    for (int k = first; k < texts.size(); k += 2) parsed[std::size_t(k)] = parser.parse(texts[k]);
  };
  std::thread other(parseHalf, 1);
  parseHalf(0);
  other.join();
  return parsed;
}

SizeReport checkCaptions(const QStringList &texts, DependencyStyle style = DependencyStyle::Collapsed) {
  std::vector<QJsonObject> lines;
  SizeReport report;
  const std::vector<ParsedCaption> all = parseAll(texts, style);
  for (std::size_t k = 0; k < all.size(); ++k) {
    const QString &text = texts[int(k)];
    const ParsedCaption &parsed = all[k];
    const CompactParse compact(parsed);
    const QString difference = parseDifference(compact.expand(), parsed);
    if (!difference.isEmpty()) throw std::runtime_error(QStringLiteral("'%1': %2").arg(text, difference).toStdString());
    lines.push_back(parsedCaptionToJson(parsed));
    report.compactBytes += double(compact.bytes());
    ++report.captions;
  }
  report.compactBytes /= report.captions;
  // Heap of each form, every caption read from its cache line as ParseCache::load reads it.
  const std::size_t before = heapInUse();
  {
    std::vector<ParsedCaption> expanded;
    expanded.reserve(lines.size());
    for (const QJsonObject &line : lines) expanded.push_back(parsedCaptionFromJson(line));
    report.expandedHeap = double(heapInUse() - before) / report.captions;
  }
  const std::size_t between = heapInUse();
  std::vector<CompactParse> compact;
  compact.reserve(lines.size());
  for (const QJsonObject &line : lines) compact.emplace_back(parsedCaptionFromJson(line));
  report.compactHeap = double(heapInUse() - between) / report.captions;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const QString difference = parseDifference(compact[k].expand(), parsedCaptionFromJson(lines[k]));
    if (!difference.isEmpty()) throw std::runtime_error(QStringLiteral("cache line %1: %2").arg(k + 1).arg(difference).toStdString());
  }
  return report;
}

void verifySize(const char *what, const SizeReport &r) {
  qInfo("%s: %d captions, compact %.0f B (heap %.0f B) per caption, as ParsedCaption %.0f B", what, r.captions,
        r.compactBytes, r.compactHeap, r.expandedHeap);
  QVERIFY2(r.compactBytes <= 2048, what);
  if (r.expandedHeap > 0) { // malloc's count is missing under the sanitizers
    QVERIFY2(r.compactHeap <= 2048, what);
    QVERIFY2(r.compactHeap * 5 < r.expandedHeap, what);
  }
}

}  // namespace

class TestCompactParse : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void demoCaptionsKeepEveryField() {
    QTemporaryDir scratch;
    ScenesOptions options;
    options.images = 200;
    const Dataset demo = makeScenesDemo(scratch.filePath(QStringLiteral("scenes")), options);
    QStringList texts;
    for (const CaptionRecord &caption : demo.captions) texts << caption.raw;
    QCOMPARE(texts.size(), 1000);
    try {
      verifySize("demo", checkCaptions(texts));
    } catch (const std::exception &error) {
      QFAIL(error.what());
    }
  }

  // The first 5,000 captions of Flickr8k (its first 1,000 photos): real captions, with their typos,
  // run-ons and punctuation.
  void flickr8kCaptionsKeepEveryField() {
    QFile file(QStringLiteral(GS_SHARED_DATA "/flickr8k/Flickr8k.token.txt"));
    if (!file.open(QIODevice::ReadOnly)) QSKIP("../shared/data/flickr8k is absent");
    QTextStream in(&file);
    QStringList texts;
    while (!in.atEnd() && texts.size() < 5000) {
      const QString line = in.readLine();
      const int tab = int(line.indexOf(QLatin1Char('\t')));
      if (tab > 0 && !line.mid(tab + 1).trimmed().isEmpty()) texts << line.mid(tab + 1);
    }
    QCOMPARE(texts.size(), 5000);
    try {
      verifySize("flickr8k", checkCaptions(texts));
      // The other styles, as `parse` and `parse-eval` use them, on the first 1,000.
      verifySize("flickr8k, Stanford", checkCaptions(texts.mid(0, 1000), DependencyStyle::Stanford));
      verifySize("flickr8k, Universal", checkCaptions(texts.mid(0, 1000), DependencyStyle::Universal));
    } catch (const std::exception &error) {
      QFAIL(error.what());
    }
  }

  // A caption that could not be parsed keeps its text and nothing else.
  void emptyParseStaysEmpty() {
    ParsedCaption failed;
    failed.text = QStringLiteral("   ");
    const CompactParse compact(failed);
    QVERIFY(!compact.hasTrees());
    QCOMPARE(parseDifference(compact.expand(), failed), QString());
    QCOMPARE(parseDifference(CompactParse().expand(), ParsedCaption()), QString());
  }

  void inconsistentColumnsAreRefused() {
    CaptionParser parser;
    ParsedCaption p = parser.parse(QStringLiteral("A dog runs on the grass."));
    p.xpos.removeLast();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, CompactParse{p});
    ParsedCaption twoNodes = parser.parse(QStringLiteral("A dog runs."));
    twoNodes.dependency = Tree::dependency({"A", "dog"}, {"DET", "NOUN"}, {1, -1}, {"det", "root"});
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, CompactParse{twoNodes});
  }

  // The Universal style rewrites some tags after the constituency tree is built, so a leaf's tag can
  // differ from its token's: kept as it is.
  void leafTagsOtherThanTheTokensAreKept() {
    CaptionParser parser(ParserOptions{DependencyStyle::Universal, ParserOptions{}.maxParseSeconds});
    ParsedCaption p = parser.parse(QStringLiteral("A dog is running on the grass."));
    std::vector<TreeNode> nodes;
    for (int n = 0; n < p.constituency.nodeCount(); ++n) nodes.push_back(p.constituency.node(n));
    for (TreeNode &node : nodes)
      if (node.token == 1) node.pos = QStringLiteral("PROPN");
    p.constituency = Tree::constituency(nodes);
    QCOMPARE(parseDifference(CompactParse(p).expand(), p), QString());
  }

  // The same words parsed again add nothing to the pool; the expanded strings share its characters.
  void stringsAreHeldOnce() {
    CaptionParser parser;
    const CompactParse first(parser.parse(QStringLiteral("Two dogs play in the snow.")));
    const std::size_t pool = detail::StringPool::parses().size();
    const CompactParse second(parser.parse(QStringLiteral("Two dogs play in the snow.")));
    QCOMPARE(detail::StringPool::parses().size(), pool);
    const ParsedCaption a = first.expand(), b = second.expand();
    QCOMPARE(a.tokens[1].constData(), b.tokens[1].constData());
    QCOMPARE(a.dependency.word(1).constData(), b.constituency.word(b.constituency.nodeOfToken(1)).constData());
  }
};

QTEST_GUILESS_MAIN(TestCompactParse)
#include "tst_compactparse.moc"
