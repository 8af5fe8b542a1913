#include "trees/nodedetailsview.h"

#include "common/colourwidgets.h"

#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace gs {

namespace {
QString nodeName(const InspectedNode &n) {
  if (!n.word.isEmpty()) return n.word;
  return n.label.isEmpty() ? NodeDetailsView::tr("(phrase)") : n.label;
}
}  // namespace

NodeDetailsView::NodeDetailsView(QWidget *parent) : QWidget(parent) {
  m_summary = new QLabel;
  m_summary->setWordWrap(true);
  m_summary->setTextFormat(Qt::RichText);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_stripBox = new QWidget;
  m_stripLayout = new QVBoxLayout(m_stripBox);
  m_stripLayout->setContentsMargins(0, 0, 0, 0);
  m_stripLayout->setSpacing(2);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(m_summary);
  layout->addWidget(m_stripBox);
  layout->addStretch(1);
  showMessage(tr("Point at a node to see its vector; click it to list the images nearest to the phrase."));
}

QString NodeDetailsView::text() const { return m_summary->text(); }

QStringList NodeDetailsView::gateGroupNames(int groups) {
  QStringList names{QStringLiteral("i"), QStringLiteral("o"), QStringLiteral("u")};
  const int forget = std::max(0, groups - 3);
  if (forget % 2 == 0) {
    for (int k = 1; k <= forget / 2; ++k) names << QStringLiteral("f l%1").arg(k);
    for (int k = 1; k <= forget / 2; ++k) names << QStringLiteral("f r%1").arg(k);
  } else {
    for (int k = 1; k <= forget; ++k) names << QStringLiteral("f%1").arg(k);
  }
  return names.mid(0, std::max(0, groups));
}

void NodeDetailsView::showMessage(const QString &message) {
  clearStrips();
  m_summary->setText(message.toHtmlEscaped());
}

void NodeDetailsView::showNode(const InspectedTree &tree, int node) {
  clearStrips();
  if (node < 0 || node >= int(tree.nodes.size())) {
    m_summary->clear();
    return;
  }
  const InspectedNode &n = tree.nodes[std::size_t(node)];
  QString html = QStringLiteral("<b>%1</b>").arg(nodeName(n).toHtmlEscaped());
  if (!n.label.isEmpty() && !n.word.isEmpty()) html += QStringLiteral(" · %1").arg(n.label.toHtmlEscaped());
  if (!n.position.isEmpty()) html += QStringLiteral(" · %1").arg(n.position.toHtmlEscaped());
  if (n.parent < 0) html += QStringLiteral(" · ") + tr("root");
  html += QStringLiteral("<br>‖h‖ = %1 · ").arg(n.norm, 0, 'f', 3) + tr("%n word(s) under it", nullptr, n.wordCount);
  if (tree.hasSimilarity)
    html += QStringLiteral("<br>") + tr("similarity to %1: %2").arg(tree.imageId.toHtmlEscaped()).arg(n.similarity, 0, 'f', 3);
  m_summary->setText(html);
  addStrip(QStringLiteral("h"), n.hidden);
  if (tree.gateGroups > 0 && !n.gates.empty()) {
    const int h = int(n.gates.size()) / tree.gateGroups;
    const QStringList names = tree.gateNames.size() == tree.gateGroups ? tree.gateNames : gateGroupNames(tree.gateGroups);
    for (int g = 0; g < tree.gateGroups && h > 0; ++g)
      addStrip(names.value(g), std::vector<float>(n.gates.begin() + g * h, n.gates.begin() + (g + 1) * h));
  }
}

void NodeDetailsView::clearStrips() {
  while (QLayoutItem *item = m_stripLayout->takeAt(0)) {
    if (QLayout *row = item->layout()) {
      while (QLayoutItem *inner = row->takeAt(0)) {
        delete inner->widget();
        delete inner;
      }
    }
    delete item->widget();
    delete item;
  }
  m_strips = 0;
}

void NodeDetailsView::addStrip(const QString &name, std::vector<float> values) {
  if (values.empty()) return;
  auto *row = new QHBoxLayout;
  auto *label = new QLabel(name);
  label->setMinimumWidth(QFontMetrics(font()).horizontalAdvance(QStringLiteral("f r9 ")));
  auto *strip = new HeatStrip;
  strip->setValues(std::move(values));
  row->addWidget(label);
  row->addWidget(strip, 1);
  m_stripLayout->addLayout(row);
  ++m_strips;
}

QString inspectedNodeToolTip(const InspectedTree &tree, int node) {
  if (node < 0 || node >= int(tree.nodes.size())) return {};
  const InspectedNode &n = tree.nodes[std::size_t(node)];
  QString tip = nodeName(n);
  if (!n.word.isEmpty() && !n.label.isEmpty()) tip += QStringLiteral(" (%1)").arg(n.label);
  tip += QStringLiteral(": ‖h‖ = %1").arg(n.norm, 0, 'f', 3);
  if (tree.hasSimilarity) tip += NodeDetailsView::tr(", similarity %1").arg(n.similarity, 0, 'f', 3);
  return tip;
}

}  // namespace gs
