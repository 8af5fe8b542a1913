// The Trees panel and its parts: the dependency arc layout ("Students ride bikes at night": five
// words, four arcs and the root, no crossings, labels on the arcs), the constituency layout (leaves
// in order on the bottom row, parents above children), monotone colour scales, a caption selected
// in the state drawn from the parser, a (hand-made) inspection coloured with tooltips and node
// details (DT-LSTM gate strips), export and offscreen rendering, and the real inspector path on a
// tiny DT-RNN run trained here (plus the note a non-tree run gets).

#include "io/npy.h"
#include "common/colourscale.h"
#include "common/colourwidgets.h"
#include "shared/constituencytreeview.h"
#include "shared/dependencyarcview.h"
#include "data/loaddataset.h"
#include "engine/engine.h"
#include "trees/nodedetailsview.h"
#include "data/scenes/scenesdemo.h"
#include "synthetictraining.h"
#include "training/trainingsource.h"
#include "training/trainer.h"
#include "shared/treelayout.h"
#include "captionlab/captionlab.h"
#include "trees/treepanel.h"
#include "common/workbenchstate.h"
#include "findchild.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QListWidget>
#include <QSignalSpy>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

#include <cmath>
#include <set>

using namespace gs;
using gs::test::child;

namespace {

const QString kSentence = QStringLiteral("Students ride bikes at night");
constexpr int kParseTimeoutMs = 30000; // the first parse loads Link Grammar's dictionary

// Stanford basic dependencies of the sentence: ride is the root.
Tree studentsDependency() {
  return Tree::dependency({QStringLiteral("Students"), QStringLiteral("ride"), QStringLiteral("bikes"), QStringLiteral("at"),
                           QStringLiteral("night")},
                          {QStringLiteral("NOUN"), QStringLiteral("VERB"), QStringLiteral("NOUN"), QStringLiteral("ADP"),
                           QStringLiteral("NOUN")},
                          {1, -1, 1, 1, 3},
                          {QStringLiteral("nsubj"), QStringLiteral("root"), QStringLiteral("dobj"), QStringLiteral("prep"),
                           QStringLiteral("pobj")});
}

// (S (NP Students) (VP ride (NP bikes) (PP at (NP night))))
Tree studentsConstituency() {
  std::vector<TreeNode> nodes;
  const auto add = [&nodes](const QString &label, int parent, int token = -1, const QString &word = {}) {
    TreeNode n;
    n.label = label;
    n.parent = parent;
    n.token = token;
    n.word = word;
    nodes.push_back(n);
    return int(nodes.size()) - 1;
  };
  const int s = add(QStringLiteral("S"), -1);
  const int np = add(QStringLiteral("NP"), s);
  add(QStringLiteral("NNS"), np, 0, QStringLiteral("Students"));
  const int vp = add(QStringLiteral("VP"), s);
  add(QStringLiteral("VBP"), vp, 1, QStringLiteral("ride"));
  const int np2 = add(QStringLiteral("NP"), vp);
  add(QStringLiteral("NNS"), np2, 2, QStringLiteral("bikes"));
  const int pp = add(QStringLiteral("PP"), vp);
  add(QStringLiteral("IN"), pp, 3, QStringLiteral("at"));
  const int np3 = add(QStringLiteral("NP"), pp);
  add(QStringLiteral("NN"), np3, 4, QStringLiteral("night"));
  return Tree::constituency(nodes);
}

// A DT-RNN-like inspection of the sentence with known norms and similarities.
InspectedTree handMadeInspection(int gateGroups = 0) {
  InspectedTree t;
  t.model = gateGroups ? QStringLiteral("dtlstm") : QStringLiteral("dtrnn");
  t.caption = kSentence;
  t.tokens = kSentence.toLower().split(QLatin1Char(' '));
  const QStringList words = kSentence.split(QLatin1Char(' '));
  const std::vector<int> parents{1, -1, 1, 1, 3};
  const QStringList labels{QStringLiteral("nsubj"), QString(), QStringLiteral("dobj"), QStringLiteral("prep"),
                           QStringLiteral("pobj")};
  for (int i = 0; i < 5; ++i) {
    InspectedNode n;
    n.word = words[i];
    n.label = labels[i];
    n.parent = parents[std::size_t(i)];
    n.hidden = {float(i) * 0.5f, -0.25f * float(i), 0.1f, float(i % 2)};
    double sq = 0;
    for (float v : n.hidden) sq += double(v) * double(v);
    n.norm = std::sqrt(sq);
    n.joint = {float(i), 1.f};
    n.similarity = 0.1 * i;
    n.wordCount = i == 1 ? 5 : i == 3 ? 2 : 1;
    if (gateGroups) n.gates.assign(std::size_t(gateGroups) * n.hidden.size(), 0.5f);
    t.nodes.push_back(n);
  }
  for (int i = 0; i < 5; ++i)
    if (parents[std::size_t(i)] >= 0) t.nodes[std::size_t(parents[std::size_t(i)])].children.push_back(i);
  t.root = 1;
  t.hasSimilarity = true;
  t.imageId = QStringLiteral("img7");
  t.gateGroups = gateGroups;
  return t;
}

double luminance(const QColor &c) { return 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF(); }

void hover(QWidget &view, QPoint at) {
  QMouseEvent move(QEvent::MouseMove, QPointF(at), view.mapToGlobal(QPointF(at)), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
  QCoreApplication::sendEvent(&view, &move);
}

int nonWhitePixels(const QImage &image) {
  int n = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) n += QColor(image.pixel(x, y)) != QColor(Qt::white);
  return n;
}

std::shared_ptr<Dataset> oneCaptionDataset() {
  auto d = std::make_shared<Dataset>();
  d->source = QStringLiteral("/nowhere");
  ImageRecord image;
  image.id = QStringLiteral("img7");
  image.split = Split::Test;
  image.captions = {0};
  d->images.push_back(image);
  CaptionRecord c;
  c.id = QStringLiteral("img7#0");
  c.image = 0;
  c.raw = kSentence + QLatin1Char('.');
  c.tokens = kSentence.toLower().split(QLatin1Char(' '));
  d->captions.push_back(c);
  return d;
}

// A Scenes demo of `images` images with made-up 8-d features in an npy file (as tst_cli does),
// so a run trains and its joint space opens in a second, without a CNN.
QString demoWithFeatures(const QTemporaryDir &dir, int images, QString *backbone) {
  const QString folder = dir.filePath(QStringLiteral("scenes"));
  ScenesOptions options;
  options.images = images;
  makeScenesDemo(folder, options);
  constexpr int kDim = 8;
  std::vector<float> features;
  QByteArray ids;
  for (int i = 0; i < images; ++i) {
    for (int k = 0; k < kDim; ++k) features.push_back(float((i * 7 + k * 13) % 17) / 17.0f);
    ids += QStringLiteral("scene_%1\n").arg(i, 5, 10, QLatin1Char('0')).toUtf8();
  }
  const QString npy = dir.filePath(QStringLiteral("features.npy"));
  writeNpy(npy, features.data(), images, kDim);
  QFile idsFile(dir.filePath(QStringLiteral("features.ids.txt")));
  if (!idsFile.open(QIODevice::WriteOnly) || idsFile.write(ids) != ids.size()) qFatal("cannot write features");
  idsFile.close();
  *backbone = QStringLiteral("npy:") + npy;
  return folder;
}

}  // namespace

class TestTreePanel : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void arcLayoutOfAProjectiveTree() {
    const ViewTree tree = ViewTree::fromTree(studentsDependency());
    const ArcLayout layout = layoutArcs(tree, QFont());
    QCOMPARE(int(layout.words.size()), 5);
    const QStringList expected = kSentence.split(QLatin1Char(' '));
    for (int i = 0; i < 5; ++i) {
      QCOMPARE(layout.words[std::size_t(i)].text, expected[i]);
      if (i) QVERIFY(layout.words[std::size_t(i)].box.left() > layout.words[std::size_t(i - 1)].box.right());
    }
    QCOMPARE(int(layout.arcs.size()), 4);
    QCOMPARE(layout.rootNode, 1);
    QVERIFY(layout.words[1].box.contains(QPointF(layout.rootX, layout.words[1].box.center().y())));
    std::set<QString> labels;
    for (const ArcLayout::Arc &a : layout.arcs) {
      labels.insert(a.label);
      QVERIFY(!a.labelBox.isEmpty());
      QCOMPARE(a.labelBox.center().y(), a.top);
      // Ends inside the head's and the dependent's word boxes.
      const QRectF &head = layout.words[std::size_t(a.from)].box, &dep = layout.words[std::size_t(a.to)].box;
      QVERIFY(a.x1 > head.left() && a.x1 < head.right());
      QVERIFY(a.x2 > dep.left() && a.x2 < dep.right());
      QVERIFY(a.top < a.baseline);
      QVERIFY(layout.rootTop < a.top); // the root arrow starts above every arc
    }
    QCOMPARE(labels, (std::set<QString>{QStringLiteral("nsubj"), QStringLiteral("dobj"), QStringLiteral("prep"),
                                        QStringLiteral("pobj")}));
    // ride→at spans ride→bikes: one level higher.
    const auto arc = [&](const QString &label) {
      return *std::find_if(layout.arcs.begin(), layout.arcs.end(), [&](const ArcLayout::Arc &a) { return a.label == label; });
    };
    QCOMPARE(arc(QStringLiteral("prep")).level, 2);
    QCOMPARE(arc(QStringLiteral("dobj")).level, 1);
    // No two arcs cross: their x-extents are disjoint or nested, and a nested arc stays below.
    for (const ArcLayout::Arc &a : layout.arcs)
      for (const ArcLayout::Arc &b : layout.arcs) {
        if (&a == &b) continue;
        const double a0 = std::min(a.x1, a.x2), a1 = std::max(a.x1, a.x2);
        const double b0 = std::min(b.x1, b.x2), b1 = std::max(b.x1, b.x2);
        const bool disjoint = a1 <= b0 || b1 <= a0;
        const bool bInA = a0 < b0 && b1 < a1;
        const bool aInB = b0 < a0 && a1 < b1;
        QVERIFY2(disjoint || bInA || aInB, qPrintable(a.label + QStringLiteral(" crosses ") + b.label));
        if (bInA) QVERIFY(b.top > a.top);
        QVERIFY(!a.labelBox.intersects(b.labelBox));
      }
    QVERIFY(layout.size.width() > layout.words.back().box.right());
  }

  // A head with several dependents on one side: distinct head ends, the longest arc nearest the
  // word's centre, still no crossings (five right dependents, as a root often has).
  void arcsLeavingOneWordSpreadOut() {
    QStringList words, pos, relations;
    for (int i = 0; i < 6; ++i) {
      words << QStringLiteral("w%1").arg(i);
      pos << QStringLiteral("X");
      relations << QStringLiteral("r%1").arg(i);
    }
    const ViewTree tree = ViewTree::fromTree(Tree::dependency(words, pos, {-1, 0, 0, 0, 0, 0}, relations));
    const ArcLayout layout = layoutArcs(tree, QFont());
    QCOMPARE(int(layout.arcs.size()), 5);
    std::vector<ArcLayout::Arc> arcs = layout.arcs;
    std::sort(arcs.begin(), arcs.end(), [](const ArcLayout::Arc &a, const ArcLayout::Arc &b) { return a.to < b.to; });
    const QRectF &head = layout.words[0].box;
    for (std::size_t k = 0; k < arcs.size(); ++k) {
      QCOMPARE(arcs[k].level, int(k) + 1);
      QVERIFY(arcs[k].x1 > head.center().x() && arcs[k].x1 < head.right());
      if (k) QVERIFY(arcs[k].x1 < arcs[k - 1].x1); // longer: nearer the centre
      if (k) QVERIFY(arcs[k].top < arcs[k - 1].top);
    }
  }

  void constituencyLayoutPutsParentsAboveChildren() {
    const ViewTree tree = ViewTree::fromTree(studentsConstituency());
    const ConstituencyLayout layout = layoutConstituency(tree, QFont());
    const std::vector<int> leaves = tree.wordNodes();
    QCOMPARE(int(leaves.size()), 5);
    const QStringList expected = kSentence.split(QLatin1Char(' '));
    for (int i = 0; i < 5; ++i) {
      const ConstituencyLayout::Node &leaf = layout.nodes[std::size_t(leaves[std::size_t(i)])];
      QCOMPARE(leaf.text, expected[i]);
      QVERIFY(leaf.leaf);
      QCOMPARE(leaf.box.top(), layout.nodes[std::size_t(leaves[0])].box.top()); // one bottom row
      if (i) QVERIFY(leaf.box.left() > layout.nodes[std::size_t(leaves[std::size_t(i - 1)])].box.right());
    }
    for (int v = 0; v < int(tree.nodes.size()); ++v)
      for (int c : tree.nodes[std::size_t(v)].children) {
        QVERIFY(layout.nodes[std::size_t(v)].box.bottom() < layout.nodes[std::size_t(c)].box.top());
      }
    QCOMPARE(layout.nodes[std::size_t(tree.root)].text, QStringLiteral("S"));
    // A phrase sits between its first and last child.
    const ConstituencyLayout::Node &s = layout.nodes[std::size_t(tree.root)];
    QVERIFY(s.box.center().x() > layout.nodes[std::size_t(leaves[0])].box.center().x());
    QVERIFY(s.box.center().x() < layout.nodes[std::size_t(leaves[4])].box.center().x());
    for (const ConstituencyLayout::Node &n : layout.nodes) QVERIFY(n.box.left() >= 0);
  }

  void inspectedTreesMapToViews() {
    const ViewTree dep = ViewTree::fromInspected(handMadeInspection(), TreeKind::Dependency);
    QCOMPARE(dep.wordCount(), 5);
    QCOMPARE(dep.root, 1);
    QCOMPARE(int(layoutArcs(dep, QFont()).arcs.size()), 4);
    // A CT-RNN tree: ((red circle) (is left)); binarisation node without a label.
    InspectedTree ct;
    ct.model = QStringLiteral("ctrnn");
    const auto node = [&ct](const QString &word, const QString &label, int parent) {
      InspectedNode n;
      n.word = word;
      n.label = label;
      n.parent = parent;
      ct.nodes.push_back(n);
    };
    node(QStringLiteral("red"), {}, 2);
    node(QStringLiteral("circle"), {}, 2);
    node({}, QStringLiteral("NP"), 6);
    node(QStringLiteral("is"), {}, 5);
    node(QStringLiteral("left"), {}, 5);
    node({}, QString(), 6);
    node({}, QStringLiteral("S"), -1);
    ct.root = 6;
    for (int i = 0; i < 7; ++i)
      if (ct.nodes[std::size_t(i)].parent >= 0) ct.nodes[std::size_t(ct.nodes[std::size_t(i)].parent)].children.push_back(i);
    const ViewTree view = ViewTree::fromInspected(ct, treeKindOfModel(ct.model));
    QCOMPARE(view.kind, TreeKind::Constituency);
    QCOMPARE(view.wordNodes(), (std::vector<int>{0, 1, 3, 4}));
    const ConstituencyLayout layout = layoutConstituency(view, QFont());
    QCOMPARE(layout.nodes[5].text, QStringLiteral("•"));
    QVERIFY(layout.nodes[6].box.bottom() < layout.nodes[2].box.top());
    // An HM-LSTM tree is a constituency tree too, its noun-phrase nodes marked for the views.
    ct.model = QStringLiteral("hmlstm");
    ct.nodes[2].nounPhrase = true;
    const ViewTree phrases = ViewTree::fromInspected(ct, treeKindOfModel(ct.model));
    QCOMPARE(phrases.kind, TreeKind::Constituency);
    QVERIFY(phrases.nodes[2].nounPhrase);
    QVERIFY(!phrases.nodes[6].nounPhrase);
  }

  void colourScalesAreMonotone() {
    const ColourScale seq(0, 10, ColourScale::Sequential);
    const ColourScale div = ColourScale::fitted({-2, 0.5, 1}, ColourScale::Diverging);
    QCOMPARE(div.lo(), -2.0);
    QCOMPARE(div.hi(), 2.0);
    double lastLum = -1, lastWarm = -2;
    for (int i = 0; i <= 100; ++i) {
      const double lum = luminance(seq.colour(i / 10.0));
      QVERIFY2(lum >= lastLum - 1e-9, qPrintable(QString::number(i)));
      lastLum = lum;
      const QColor c = div.colour(-2 + 4 * i / 100.0);
      const double warm = c.redF() - c.blueF();
      QVERIFY2(warm >= lastWarm - 1e-9, qPrintable(QString::number(i)));
      lastWarm = warm;
    }
    QVERIFY(luminance(seq.colour(10)) > luminance(seq.colour(0)) + 0.5);
    QCOMPARE(seq.colour(-5), seq.colour(0));  // clamped
    QCOMPARE(seq.colour(50), seq.colour(10));
    QCOMPARE(seq.position(std::nan("")), 0.5);
    const QColor zero = div.colour(0);
    QVERIFY(zero.redF() > 0.9 && zero.greenF() > 0.9 && zero.blueF() > 0.9); // zero is white
    QCOMPARE(ColourScale::fitted({3, 3}, ColourScale::Sequential).position(3), 0.5); // degenerate range
  }

  void selectedCaptionShowsItsTrees() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    TreePanel panel(bridge, state);
    auto *dependency = child<DependencyArcView>(panel, "dependencyView");
    state.setDataset(oneCaptionDataset());
    QSignalSpy shown(&panel, &TreePanel::treesShown);
    state.selectCaption(0);
    QCOMPARE(panel.caption(), kSentence + QLatin1Char('.'));
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, kParseTimeoutMs);
    const ViewTree &dep = dependency->tree();
    QVERIFY(dep.wordCount() >= 5); // the parser keeps the full stop as a token
    QStringList words;
    for (int n : dep.wordNodes()) words << dep.nodes[std::size_t(n)].word;
    QVERIFY2(words.join(QLatin1Char(' ')).startsWith(kSentence), qPrintable(words.join(QLatin1Char(' '))));
    const ArcLayout &arcs = dependency->arcLayout();
    QCOMPARE(int(arcs.arcs.size()), dep.wordCount() - 1);
    QVERIFY(arcs.rootNode >= 0);
    QVERIFY(child<ConstituencyTreeView>(panel, "constituencyView")->tree().wordCount() >= 5);
    QVERIFY(dependency->sizeHint().width() > 100);
    QVERIFY(child<QLabel>(panel, "noteLabel")->text().contains(QStringLiteral("tree-model run")));
    QVERIFY(!child<QComboBox>(panel, "colourCombo")->isEnabled());
    QVERIFY(!child<ColourLegend>(panel, "legend")->isVisibleTo(&panel));
  }

  void inspectionColoursTheTreeWithTooltipsAndDetails() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    TreePanel panel(bridge, state);
    auto *dependency = child<DependencyArcView>(panel, "dependencyView");
    auto *colourBy = child<QComboBox>(panel, "colourCombo");
    auto *unit = child<QSpinBox>(panel, "unitSpin");
    auto *legend = child<ColourLegend>(panel, "legend");
    auto *details = child<NodeDetailsView>(panel, "details");
    auto *nearest = child<QListWidget>(panel, "nearestList");
    panel.resize(1000, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy shown(&panel, &TreePanel::treesShown);
    panel.showCaption(kSentence);
    const InspectedTree tree = handMadeInspection();
    panel.setInspectedTree(tree);
    QCOMPARE(panel.inspectedView(), static_cast<TreeViewBase *>(dependency));
    QVERIFY(colourBy->isEnabled());
    QVERIFY(legend->isVisibleTo(&panel));
    QCOMPARE(legend->scale().kind(), ColourScale::Sequential);
    QCOMPARE(legend->scale().hi(), tree.nodes[4].norm); // the largest norm

    // Hovering "bikes" (node 2): tooltip and side box with its norm and its unit strip.
    DependencyArcView &view = *dependency;
    const QPoint bikes = view.nodeRect(2).center().toPoint();
    const QString norm = QString::number(tree.nodes[2].norm, 'f', 3);
    QCOMPARE(view.toolTipAt(bikes), QStringLiteral("bikes (dobj): ‖h‖ = %1, similarity 0.200").arg(norm));
    hover(view, bikes);
    QTRY_VERIFY2(details->text().contains(norm), qPrintable(details->text()));
    QVERIFY(details->text().contains(QStringLiteral("bikes")));
    QCOMPARE(details->stripCount(), 1);
    QHelpEvent help(QEvent::ToolTip, bikes, view.mapToGlobal(bikes));
    QCoreApplication::sendEvent(&view, &help);
    QTRY_VERIFY(QToolTip::text().contains(norm));

    // The parse arriving after the inspection leaves the model's tree in place.
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, kParseTimeoutMs);
    QCOMPARE(dependency->tree().wordCount(), 5);
    QCOMPARE(dependency->tree().nodes[1].word, QStringLiteral("ride"));
    QVERIFY(child<ConstituencyTreeView>(panel, "constituencyView")->tree().wordCount() >= 5);

    // One unit: diverging scale; similarity is offered because the inspection has it.
    colourBy->setCurrentIndex(TreePanel::ByUnit);
    unit->setValue(1);
    QCOMPARE(unit->maximum(), 3);
    QCOMPARE(legend->scale().kind(), ColourScale::Diverging);
    QCOMPARE(legend->scale().hi(), 1.0); // max |h[1]| = 0.25 × 4
    colourBy->setCurrentIndex(TreePanel::BySimilarity);
    QCOMPARE(colourBy->currentIndex(), int(TreePanel::BySimilarity));
    QCOMPARE(legend->scale().hi(), 0.4);
    QVERIFY(legend->title().contains(QStringLiteral("img7")));

    // Clicking a node without an embedded run says why no images are listed.
    QTest::mouseClick(&view, Qt::LeftButton, {}, bikes);
    QCOMPARE(view.selectedNode(), 2);
    QCOMPARE(nearest->count(), 1);
    QVERIFY(!(nearest->item(0)->flags() & Qt::ItemIsEnabled));

    // DT-LSTM: one strip for h and one per gate group (i, o, u, f l1, f r1).
    panel.setInspectedTree(handMadeInspection(5));
    QCOMPARE(NodeDetailsView::gateGroupNames(5),
             (QStringList{QStringLiteral("i"), QStringLiteral("o"), QStringLiteral("u"), QStringLiteral("f l1"), QStringLiteral("f r1")}));
    hover(view, view.nodeRect(0).center().toPoint());
    QTRY_COMPARE(details->stripCount(), 6);
  }

  void rendersAndExports() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    TreePanel panel(bridge, state);
    auto *dependency = child<DependencyArcView>(panel, "dependencyView");
    panel.resize(1000, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy shown(&panel, &TreePanel::treesShown);
    panel.showCaption(kSentence);
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() == 1, kParseTimeoutMs);
    panel.setInspectedTree(handMadeInspection());
    const QImage arcs = dependency->grab().toImage();
    QVERIFY2(nonWhitePixels(arcs) > arcs.width() * arcs.height() / 20, qPrintable(QString::number(nonWhitePixels(arcs))));
    // The coloured word boxes are painted with the scale's colours.
    const QColor rootColour = child<ColourLegend>(panel, "legend")->scale().colour(handMadeInspection().nodes[1].norm);
    const QRect rootBox = dependency->nodeRect(1).toAlignedRect();
    QCOMPARE(QColor(arcs.pixel(rootBox.left() + 2, rootBox.center().y())), rootColour);
    const QImage tree = child<ConstituencyTreeView>(panel, "constituencyView")->grab().toImage();
    if (qEnvironmentVariableIsSet("GS_SAVE_GRABS")) // look at it: GS_SAVE_GRABS=/some/folder
      panel.grab().save(qEnvironmentVariable("GS_SAVE_GRABS") + QStringLiteral("/treepanel.png"));
    QVERIFY(nonWhitePixels(tree) > tree.width() * tree.height() / 30);

    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("trees.png"));
    QVERIFY(panel.exportTrees(png, QSize(1200, 800)).ok);
    const QImage exported(png);
    QCOMPARE(exported.size(), QSize(1200, 800));
    QVERIFY(nonWhitePixels(exported) > 10000);
    const QString svg = dir.filePath(QStringLiteral("trees.svg"));
    QVERIFY(panel.exportTrees(svg).ok);
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("nsubj"));
    QVERIFY(text.contains("bikes"));
  }

  // With the run's test split embedded: similarity colouring, and a clicked phrase ranks the test
  // images; picking one selects it in the state.
  void ranksImagesForAClickedPhrase() {
    QTemporaryDir dir;
    QString backbone;
    const QString folder = demoWithFeatures(dir, 50, &backbone);
    TrainingSource source{folder, backbone, dir.filePath(QStringLiteral("features")), true};
    const TrainingData data = prepareTrainingData(source);
    TrainConfig config = TrainConfig::defaultsFor(QStringLiteral("dtrnn"));
    config.epochs = 1;
    const QString runDir = dir.filePath(QStringLiteral("run"));
    train(data, config, runDir);
    const auto space = JointSpace::open(runDir, Split::Test);
    QCOMPARE(space->imageCount(), 5);

    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    TreePanel panel(bridge, state);
    auto *colourBy = child<QComboBox>(panel, "colourCombo");
    auto *nearest = child<QListWidget>(panel, "nearestList");
    panel.resize(1000, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    state.setDataset(std::make_shared<Dataset>(loadDataset(folder)));
    state.setJointSpace(space);
    const int image = state.imageIndexOf(space->imageIds().front());
    const int caption = state.dataset()->images[std::size_t(image)].captions.front();
    QSignalSpy inspected(&panel, &TreePanel::inspectionShown);
    state.selectCaption(caption);
    QTRY_VERIFY_WITH_TIMEOUT(panel.hasInspection() && panel.inspection()->hasSimilarity, kParseTimeoutMs);
    QCOMPARE(panel.inspection()->imageId, space->imageIds().front());
    colourBy->setCurrentIndex(TreePanel::BySimilarity);
    QCOMPARE(colourBy->currentIndex(), int(TreePanel::BySimilarity));

    TreeViewBase &view = *panel.inspectedView();
    const int root = panel.inspection()->root;
    QTest::mouseClick(&view, Qt::LeftButton, {}, view.nodeRect(root).center().toPoint());
    QCOMPARE(view.selectedNode(), root);
    QCOMPARE(nearest->count(), 5); // every test image, best first
    double last = 1e9;
    for (int r = 0; r < 5; ++r) {
      const QString text = nearest->item(r)->text();
      const double score = text.section(QLatin1Char('('), -1).chopped(1).toDouble();
      QVERIFY2(score <= last + 1e-9, qPrintable(text));
      last = score;
    }
    // The root's vector is the caption's embedding: its ranking is the sentence's ranking.
    const auto ranked = space->rankImagesForVector(panel.inspection()->nodes[std::size_t(root)].joint);
    QCOMPARE(nearest->item(0)->data(Qt::UserRole).toString(), space->imageIds()[ranked.front().row]);
    QTRY_VERIFY(!nearest->item(0)->icon().isNull()); // thumbnails decoded off the GUI thread
    QListWidgetItem *third = nearest->item(2);
    nearest->itemClicked(third);
    const QString thirdId = third->data(Qt::UserRole).toString();
    QCOMPARE(state.selectedImage(), state.imageIndexOf(thirdId));
    // The similarity now follows that image; the clicked node and the list stay.
    QTRY_COMPARE(panel.inspection()->imageId, thirdId);
    QCOMPARE(view.selectedNode(), root);
    QCOMPARE(nearest->count(), 5);
    QVERIFY(child<ColourLegend>(panel, "legend")->title().contains(thirdId));
  }

  // The real path: a tiny DT-RNN trained here, its TreeInspector built and run off the GUI thread.
  void inspectsATrainedTreeRun() {
    QTemporaryDir dir;
    const TrainingData data = test::syntheticTrainingData(1);
    TrainConfig config = TrainConfig::defaultsFor(QStringLiteral("dtrnn"));
    config.epochs = 1;
    config.seed = 1;
    const QString runDir = dir.filePath(QStringLiteral("dtrnn"));
    train(data, config, runDir);
    TrainConfig bowConfig = TrainConfig::defaultsFor(QStringLiteral("bow"));
    bowConfig.epochs = 1;
    const QString bowDir = dir.filePath(QStringLiteral("bow"));
    train(data, bowConfig, bowDir);

    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    TreePanel panel(bridge, state);
    auto *dependency = child<DependencyArcView>(panel, "dependencyView");
    auto *note = child<QLabel>(panel, "noteLabel");
    QSignalSpy inspected(&panel, &TreePanel::inspectionShown);
    state.openRun(bridge, runDir); // its joint space fails to open (no dataset): the inspector does not need it
    panel.showCaption(QStringLiteral("a red circle"));
    QTRY_VERIFY_WITH_TIMEOUT(inspected.count() >= 1, kParseTimeoutMs);
    QVERIFY(panel.hasInspection());
    QCOMPARE(panel.inspection()->model, QStringLiteral("dtrnn"));
    QCOMPARE(int(panel.inspection()->nodes.size()), 3);
    for (const InspectedNode &n : panel.inspection()->nodes) QVERIFY(n.norm > 0);
    QCOMPARE(dependency->tree().wordCount(), 3);
    QVERIFY(note->text().contains(QStringLiteral("the one DT-RNN composed")));
    const QPoint node = dependency->nodeRect(0).center().toPoint();
    QVERIFY(dependency->toolTipAt(node).contains(QStringLiteral("‖h‖ = ")));

    // A bag-of-words run: the trees stay, with a note that activations need a tree model.
    state.openRun(bridge, bowDir);
    QVERIFY(!panel.hasInspection());
    QTRY_VERIFY_WITH_TIMEOUT(note->text().contains(QStringLiteral("tree model")), kParseTimeoutMs);
    QVERIFY(!panel.hasInspection());
    QVERIFY(dependency->tree().wordCount() >= 3); // the parser's tree again
  }

  // Colour by contribution: a DT-RNN run's tree coloured on a scale symmetric about 0, each node
  // red where its contribution raises the score and blue where it lowers it, the value, the
  // subtree's sum, the edited sentence and the new rank in its tooltip.
  void coloursNodesByContribution() {
    QTemporaryDir dir;
    QString backbone;
    const QString folder = demoWithFeatures(dir, 50, &backbone);
    TrainingSource source{folder, backbone, dir.filePath(QStringLiteral("features")), true};
    TrainConfig config = TrainConfig::defaultsFor(QStringLiteral("dtrnn"));
    config.epochs = 1;
    const QString runDir = dir.filePath(QStringLiteral("run"));
    train(prepareTrainingData(source), config, runDir);

    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    TreePanel panel(bridge, state);
    panel.resize(1000, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    state.setDataset(std::make_shared<Dataset>(loadDataset(folder)));
    state.openRun(bridge, runDir);
    int image = 0;
    while (state.dataset()->images[std::size_t(image)].split != Split::Test) ++image;
    QSignalSpy shown(&panel, &TreePanel::contributionsShown);
    state.selectCaption(state.dataset()->images[std::size_t(image)].captions.front());
    auto *colourBy = child<QComboBox>(panel, "colourCombo");
    QTRY_VERIFY_WITH_TIMEOUT(colourBy->isEnabled(), kParseTimeoutMs);
    colourBy->setCurrentIndex(TreePanel::ByContribution);
    QVERIFY(child<QComboBox>(panel, "methodCombo")->isVisibleTo(&panel));
    QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), kParseTimeoutMs);
    auto *legend = child<ColourLegend>(panel, "legend");
    QTRY_VERIFY_WITH_TIMEOUT(legend->isVisibleTo(&panel) && legend->title().contains(QStringLiteral("contribution")), kParseTimeoutMs);
    QCOMPARE(legend->scale().kind(), ColourScale::Diverging);
    QCOMPARE(legend->scale().lo(), -legend->scale().hi());
    QVERIFY(child<QPushButton>(panel, "exportContributionsButton")->isEnabled());

    auto *view = child<DependencyArcView>(panel, "dependencyView");
    QTRY_VERIFY(view->tree().wordCount() >= 3);
    const QImage picture = view->grab().toImage();
    int checked = 0;
    for (int n = 0; n < int(view->tree().nodes.size()); ++n) {
      const QString tip = view->toolTipOf(n);
      if (!tip.contains(QStringLiteral("contribution: "))) continue;
      QVERIFY2(tip.contains(QStringLiteral("subtree sum: ")), qPrintable(tip));
      // Occlusion: the sentence without the node, its score and the image's new rank (the root
      // takes everything away).
      QVERIFY2(tip.contains(QStringLiteral("rank ")) || tip.contains(QStringLiteral("nothing would remain")), qPrintable(tip));
      const double value = tip.section(QStringLiteral("contribution: "), 1).section(QLatin1Char('\n'), 0, 0).toDouble();
      const QRectF box = view->nodeRect(n);
      const QColor fill = picture.pixelColor(QPoint(int(box.left() + 2), int(box.center().y())) * picture.devicePixelRatio());
      if (std::abs(value) < 0.05 * legend->scale().hi()) continue; // near white: no sign to read
      QVERIFY2((value > 0) == (fill.red() > fill.blue()), qPrintable(QStringLiteral("%1: %2").arg(tip, fill.name())));
      ++checked;
    }
    QVERIFY(checked >= 1);

    // One explainer per run: a caption lab opened on the same state takes the panel's.
    QVERIFY(panel.explainer());
    QCOMPARE(state.explainer(runDir).get(), panel.explainer().get());
    CaptionLab lab(bridge, state);
    QTRY_VERIFY_WITH_TIMEOUT(lab.explainer() != nullptr, kParseTimeoutMs);
    QCOMPARE(lab.explainer().get(), panel.explainer().get());
  }
};

QTEST_MAIN(TestTreePanel)
#include "tst_treepanel.moc"
