// What Link Grammar leaves unlinked or heads oddly: words a partial (null-link) parse left out, and
// the time stamps of e-mail headers.

#include "parse/detail/linkconversion.h"
#include "parse/detail/wordclasses.h"

#include <QRegularExpression>

namespace gs::detail {

// Unlinked determiners, adjectives and numbers modify the noun that follows them (within a few
// words, not across punctuation or a verb): better than hanging them on the root as `dep`.
void LinkConversion::attachNullModifiers(int root) {
  for (int i = 0; i < size(); ++i) {
    if (i == root || m_heads[u(i)] >= 0 || !m_words[u(i)].null) continue;
    const QString &pos = m_upos[i];
    const bool det = pos == QLatin1String("DET") || possessivePronouns().contains(m_lower[i]);
    if (!det && pos != QLatin1String("ADJ") && pos != QLatin1String("NUM")) continue;
    for (int j = i + 1; j < size() && j <= i + 4; ++j) {
      const QString &next = m_upos[j];
      if (next == QLatin1String("PUNCT") || next == QLatin1String("VERB") || next == QLatin1String("AUX") || next == QLatin1String("ADP")) break;
      if (next != QLatin1String("NOUN") && next != QLatin1String("PROPN")) continue;
      if (dominates(i, j)) break;
      attach(i, j, possessivePronouns().contains(m_lower[i]) ? QStringLiteral("poss")
                   : det ? QStringLiteral("det") : pos == QLatin1String("NUM") ? QStringLiteral("num") : QStringLiteral("amod"));
      break;
    }
  }
}

// What attachNullModifiers left of the unlinked determiners, adjectives, pronouns and
// prepositions belongs, far more often than not, to the word right after it (EWT dev: "[a] good
// portions", "[the] kids", "[I] ve been", "[at] 7"): it hangs there, a pronoun before a verb as
// its subject, a preposition as a dependent of its object (the UD reading: case). Anything else
// unlinked still goes to the root.
void LinkConversion::attachNullFunctionWords(int root) {
  for (int i = 0; i + 1 < size(); ++i) {
    if (i == root || m_heads[u(i)] >= 0 || !m_words[u(i)].null) continue;
    const QString &pos = m_upos[i];
    if (pos != QLatin1String("DET") && pos != QLatin1String("ADJ") && pos != QLatin1String("PRON") && pos != QLatin1String("ADP")) continue;
    int next = i + 1;
    while (next < size() && isPunctuation(m_words[u(next)].form)) ++next;
    if (next >= size() || next > i + 2 || dominates(i, next)) continue;
    const QString &nextPos = m_upos[next];
    QString rel = QStringLiteral("dep");
    if (pos == QLatin1String("DET")) rel = QStringLiteral("det");
    else if (pos == QLatin1String("ADJ")) rel = QStringLiteral("amod");
    else if (pos == QLatin1String("PRON") && (nextPos == QLatin1String("VERB") || nextPos == QLatin1String("AUX"))) rel = QStringLiteral("nsubj");
    attach(i, next, rel);
  }
}

// A preposition the partial parse left unlinked ("Airplane [in] dive position."): its object is
// the noun phrase that follows (the head of the next nominal run), and it modifies the nominal
// just before it; the tree is re-rooted when the object was the fragment's root.
void LinkConversion::repairNullPrepositions(int root) {
  for (int p = 1; p + 1 < size(); ++p) {
    if (!m_words[u(p)].null || !prepositions().contains(m_lower[p])) continue;
    int end = p + 1;
    while (end < size() && (isNominal(m_upos[end]) || m_upos[end] == QLatin1String("ADJ") || m_upos[end] == QLatin1String("DET")))
      ++end;
    if (end == p + 1) continue;
    int object = end - 1; // the run's head: its last nominal
    while (object > p && !isNominal(m_upos[object])) --object;
    const int left = p - 1;
    if (object <= p || (!isNominal(m_upos[left]) && m_upos[left] != QLatin1String("VERB"))) continue;
    if (dominates(object, left) && object == rootOf(object)) { // re-root at the left nominal
      m_heads[u(left)] = -1;
      m_rel[left] = QStringLiteral("root");
      root = left;
    }
    attach(p, left, QStringLiteral("prep"));
    attach(object, p, QStringLiteral("pobj"));
    m_upos[p] = QStringLiteral("ADP");
  }
  (void)root;
}

// E-mail headers and signatures write "04/26/2001 07:17 AM": the date heads the stamp (EWT: the
// time is its list item, AM the time's modifier); Link Grammar heads it by "AM". The stamp keeps
// the head and relation its top word had.
void LinkConversion::attachTimestamps() {
  static const QRegularExpression date(QStringLiteral("^\\d{1,2}/\\d{1,2}/\\d{2,4}$"));
  static const QRegularExpression time(QStringLiteral("^\\d{1,2}:\\d{2}(:\\d{2})?$"));
  for (int d = 0; d + 1 < size(); ++d) {
    if (!date.match(m_words[u(d)].form).hasMatch() || !time.match(m_words[u(d + 1)].form).hasMatch()) continue;
    const int last = d + 2 < size() && (m_lower[d + 2] == QLatin1String("am") || m_lower[d + 2] == QLatin1String("pm")) ? d + 2 : d + 1;
    const auto inStamp = [&](int w) { return w >= d && w <= last; };
    int top = d;
    for (int w = d; w <= last; ++w)
      if (!inStamp(m_heads[u(w)])) top = w;
    const int head = m_heads[u(top)];
    const QString rel = m_rel[top];
    for (int i = 0; i < size(); ++i)
      if (!inStamp(i) && inStamp(m_heads[u(i)])) m_heads[u(i)] = d;
    m_heads[u(d)] = head;
    m_rel[d] = rel;
    m_heads[u(d + 1)] = d;
    m_rel[d + 1] = QStringLiteral("dep");
    if (last > d + 1) {
      m_heads[u(last)] = d + 1;
      m_rel[last] = QStringLiteral("dep");
    }
  }
}

}  // namespace gs::detail
