#include "parse/conllu.h"

#include <QFile>

#include <stdexcept>

namespace gs {

QString toConllu(const ParsedCaption &parsed, const QString &sentId) {
  QString out;
  if (!sentId.isEmpty()) out += QStringLiteral("# sent_id = %1\n").arg(sentId);
  out += QStringLiteral("# text = %1\n").arg(parsed.text.simplified());
  out += QStringLiteral("# parse = %1 %2%3%4\n")
             .arg(qualityName(parsed.quality), styleName(parsed.style), parsed.fragment ? QStringLiteral(" fragment") : QString(),
                  parsed.segments > 1 ? QStringLiteral(" pieces=%1").arg(parsed.segments) : QString());
  const std::vector<int> heads = parsed.dependency.conllHeads();
  for (int t = 0; t < parsed.tokens.size(); ++t) {
    const auto u = static_cast<std::size_t>(t);
    const bool spaceAfter = t + 1 >= parsed.tokens.size() ||
                            parsed.offsets[u] + parsed.tokens[t].size() < parsed.offsets[u + 1];
    const QString xpos = parsed.xpos.value(t).isEmpty() ? QStringLiteral("_") : parsed.xpos[t];
    out += QStringLiteral("%1\t%2\t_\t%3\t%4\t_\t%5\t%6\t_\t%7\n")
               .arg(t + 1)
               .arg(parsed.tokens[t], parsed.upos[t], xpos)
               .arg(heads[u])
               .arg(parsed.dependency.label(parsed.dependency.nodeOfToken(t)),
                    spaceAfter ? QStringLiteral("_") : QStringLiteral("SpaceAfter=No"));
  }
  return out + QLatin1Char('\n');
}

QString toPtb(const ParsedCaption &parsed) { return QStringLiteral("(ROOT %1)").arg(parsed.constituency.toBracketed()); }

std::vector<ConlluSentence> readConllu(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
    throw std::runtime_error(QStringLiteral("%1: cannot open (%2)").arg(path, file.errorString()).toStdString());
  std::vector<ConlluSentence> sentences;
  ConlluSentence current;
  int lineNo = 0;
  std::vector<int> tokenLines; // where each token of the current sentence was read
  auto finish = [&] {
    // A HEAD outside the sentence would index past it when the tree is scored (tests/data/bad).
    for (std::size_t t = 0; t < current.heads.size(); ++t)
      if (current.heads[t] < 0 || current.heads[t] > current.forms.size())
        throw std::runtime_error(QStringLiteral("%1:%2: HEAD %3 is outside the sentence of %4 tokens")
                                     .arg(path).arg(tokenLines[t]).arg(current.heads[t]).arg(current.forms.size())
                                     .toStdString());
    if (!current.forms.isEmpty()) sentences.push_back(current);
    current = ConlluSentence();
    tokenLines.clear();
  };
  while (!file.atEnd()) {
    const QString line = QString::fromUtf8(file.readLine()).trimmed();
    ++lineNo;
    if (line.isEmpty()) {
      finish();
      continue;
    }
    if (line.startsWith(QLatin1Char('#'))) {
      if (line.startsWith(QLatin1String("# text = "))) current.text = line.mid(9);
      if (line.startsWith(QLatin1String("# sent_id = "))) current.sentId = line.mid(12);
      continue;
    }
    const QStringList cols = line.split(QLatin1Char('\t'));
    if (cols.size() != 10)
      throw std::runtime_error(QStringLiteral("%1:%2: expected 10 tab-separated columns, found %3").arg(path).arg(lineNo).arg(cols.size()).toStdString());
    if (cols[0].contains(QLatin1Char('-')) || cols[0].contains(QLatin1Char('.'))) continue; // multiword range / empty node
    bool okId = false, okHead = false;
    const int id = cols[0].toInt(&okId);
    const int head = cols[6].toInt(&okHead);
    if (!okId || !okHead || id != current.forms.size() + 1)
      throw std::runtime_error(QStringLiteral("%1:%2: bad ID or HEAD ('%3', '%4')").arg(path).arg(lineNo).arg(cols[0], cols[6]).toStdString());
    if (current.forms.isEmpty()) current.line = lineNo;
    tokenLines.push_back(lineNo);
    current.forms << cols[1];
    current.heads.push_back(head);
    current.relations << cols[7];
    current.misc << cols[9];
  }
  finish();
  return sentences;
}

AttachmentScores scoreAgainst(const ConlluSentence &gold, const ParsedCaption &parsed) {
  AttachmentScores total;
  for (const AttachmentScores &token : scorePerToken(gold, parsed)) total.add(token);
  return total;
}

std::vector<AttachmentScores> scorePerToken(const ConlluSentence &gold, const ParsedCaption &parsed) {
  // Character offsets of gold tokens in the joined text, and the parsed token covering each.
  std::vector<AttachmentScores> perToken(static_cast<std::size_t>(gold.forms.size()));
  std::vector<int> goldStart;
  int pos = 0;
  for (const QString &form : gold.forms) {
    goldStart.push_back(pos);
    pos += static_cast<int>(form.size()) + 1;
  }
  const int parsedCount = static_cast<int>(parsed.tokens.size());
  auto parsedAt = [&](int offset) {
    int best = 0;
    for (int t = 0; t < parsedCount; ++t)
      if (parsed.offsets[static_cast<std::size_t>(t)] <= offset) best = t;
    return best;
  };
  std::vector<int> goldToParsed, parsedToGold(static_cast<std::size_t>(parsedCount), -1);
  for (int g = 0; g < static_cast<int>(gold.forms.size()); ++g) {
    const int p = parsedAt(goldStart[static_cast<std::size_t>(g)]);
    goldToParsed.push_back(p);
    if (parsedToGold[static_cast<std::size_t>(p)] < 0) parsedToGold[static_cast<std::size_t>(p)] = g;
  }
  const std::vector<int> heads = parsed.dependency.conllHeads();
  for (int g = 0; g < static_cast<int>(gold.forms.size()); ++g) {
    const int p = goldToParsed[static_cast<std::size_t>(g)];
    int predicted = -1; // 1-based gold index of the predicted head, 0 = root
    if (parsedToGold[static_cast<std::size_t>(p)] != g) {
      predicted = parsedToGold[static_cast<std::size_t>(p)] + 1; // a split-off piece hangs on its first piece
    } else {
      const int h = heads[static_cast<std::size_t>(p)];
      predicted = h == 0 ? 0 : parsedToGold[static_cast<std::size_t>(h - 1)] + 1;
    }
    AttachmentScores &scores = perToken[static_cast<std::size_t>(g)];
    ++scores.tokens;
    if (predicted == gold.heads[static_cast<std::size_t>(g)]) {
      ++scores.headCorrect;
      const QString goldRel = gold.relations[g].section(QLatin1Char(':'), 0, 0);
      const QString ourRel = parsed.dependency.label(parsed.dependency.nodeOfToken(p)).section(QLatin1Char(':'), 0, 0);
      if (parsedToGold[static_cast<std::size_t>(p)] == g && goldRel == ourRel) ++scores.labelCorrect;
    }
  }
  return perToken;
}

}  // namespace gs
