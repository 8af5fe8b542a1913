#include "common/attributiontext.h"

#include "inference/attributionfile.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QMessageBox>

#include <cmath>

namespace gs {

namespace {
// The strings' translation context.
struct Attribution {
  Q_DECLARE_TR_FUNCTIONS(gs::Attribution)
};
QString number(double v) { return QString::number(v, 'f', 4); }

// The characters of each token within the caption: [first, last) positions, -1 when not found.
std::vector<std::pair<int, int>> tokenCharacterSpans(const SentenceAttribution &a) {
  std::vector<std::pair<int, int>> spans;
  int from = 0;
  for (const QString &token : a.tokens) {
    const int at = a.caption.indexOf(token, from, Qt::CaseInsensitive);
    if (at < 0) {
      spans.emplace_back(-1, -1);
      continue;
    }
    spans.emplace_back(at, at + int(token.size()));
    from = at + int(token.size());
  }
  return spans;
}

// A tree node's own word: the token its span covers that none of its children's spans does.
int ownToken(const SentenceAttribution &a, const AttributedPart &part) {
  for (int t = part.begin; t >= 0 && t < part.end; ++t) {
    bool covered = false;
    for (int c : part.children) {
      const AttributedPart &child = a.parts[std::size_t(c)];
      covered = covered || (t >= child.begin && t < child.end);
    }
    if (!covered) return t;
  }
  return -1;
}
}  // namespace

QString attributionMethodTitle(AttributionMethod method) {
  switch (method) {
  case AttributionMethod::Occlusion: return Attribution::tr("Occlusion");
  case AttributionMethod::Gradient: return Attribution::tr("Gradient × input");
  case AttributionMethod::IntegratedGradients: return Attribution::tr("Integrated gradients");
  }
  return {};
}

QString attributionMethodUnavailable(const ScoreExplainer &explainer, AttributionMethod method) {
  if (method != AttributionMethod::Occlusion && !explainer.hasGradients())
    return Attribution::tr("kCCA is a closed-form projection, not a network: it has no gradient to follow. Use occlusion.");
  return {};
}

QString sentencePartToolTip(const SentenceAttribution &a, int index) {
  if (index < 0 || index >= int(a.parts.size())) return {};
  const AttributedPart &p = a.parts[std::size_t(index)];
  QStringList lines;
  lines << (p.label.isEmpty() ? p.text : QStringLiteral("%1 (%2)").arg(p.text, p.label));
  lines << Attribution::tr("contribution: %1").arg(number(p.contribution));
  if (a.unit == SentenceUnitKind::TreeNode) lines << Attribution::tr("subtree sum: %1").arg(number(p.subtree));
  if (a.method == AttributionMethod::Occlusion) {
    if (p.occludedCaption.isEmpty() || std::isnan(p.occludedScore)) {
      lines << Attribution::tr("without it nothing would remain");
    } else {
      lines << Attribution::tr("without it: “%1”").arg(p.occludedCaption);
      lines << Attribution::tr("score %1 (was %2), rank %3 of %4 (was %5)")
                   .arg(number(p.occludedScore), number(a.score))
                   .arg(p.occludedRank)
                   .arg(a.candidates)
                   .arg(a.rank);
    }
  }
  return lines.join(QLatin1Char('\n'));
}

QString imageAreaToolTip(const ImageAttribution &a, int index) {
  if (index < 0 || index >= int(a.areas.size())) return {};
  const AttributedArea &area = a.areas[std::size_t(index)];
  QStringList lines{area.name, Attribution::tr("Δscore: %1").arg(number(area.contribution)),
                    Attribution::tr("score occluded: %1 (was %2)").arg(number(area.occludedScore), number(a.score))};
  if (area.occludedRank > 0) lines << Attribution::tr("rank occluded: %1 of %2 (was %3)").arg(area.occludedRank).arg(a.candidates).arg(a.rank);
  return lines.join(QLatin1Char('\n'));
}

std::vector<double> tokenContributions(const SentenceAttribution &a) {
  std::vector<double> values(std::size_t(a.tokens.size()), std::nan(""));
  const auto add = [&values](int token, double v) {
    if (token < 0 || token >= int(values.size())) return;
    double &slot = values[std::size_t(token)];
    slot = std::isnan(slot) ? v : slot + v;
  };
  if (a.unit == SentenceUnitKind::Character) {
    const auto spans = tokenCharacterSpans(a);
    for (const AttributedPart &p : a.parts)
      for (int t = 0; t < int(spans.size()); ++t)
        if (p.begin >= spans[std::size_t(t)].first && p.begin < spans[std::size_t(t)].second) add(t, p.contribution);
    return values;
  }
  for (const AttributedPart &p : a.parts) {
    if (a.unit == SentenceUnitKind::Word) add(p.begin, p.contribution);
    else add(ownToken(a, p), p.contribution); // phrase nodes have no word of their own
  }
  return values;
}

ColourScale contributionScale(const std::vector<double> &values) { return ColourScale::fitted(values, ColourScale::Diverging); }

QString contributionLegendTitle(AttributionMethod method) {
  return Attribution::tr("contribution to the score (%1): blue lowers it, red raises it").arg(attributionMethodTitle(method));
}

QString attributionFileFilter() {
  return QCoreApplication::translate("gs::Attribution", "CSV table (*.csv);;JSON (*.json)");
}

namespace {
template <typename Attributed>
void exportAsked(QWidget *parent, const Attributed &attribution) {
  const QString title = Attribution::tr("Export the contributions");
  const QString path = QFileDialog::getSaveFileName(parent, title, QString(), attributionFileFilter());
  if (path.isEmpty()) return;
  try {
    writeAttribution(path, attribution);
  } catch (const std::exception &e) {
    QMessageBox::warning(parent, title, QString::fromStdString(e.what()));
  }
}
}  // namespace

void exportAttributionAsked(QWidget *parent, const SentenceAttribution &attribution) { exportAsked(parent, attribution); }
void exportAttributionAsked(QWidget *parent, const ImageAttribution &attribution) { exportAsked(parent, attribution); }

}  // namespace gs
