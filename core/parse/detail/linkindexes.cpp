// The links other rules consult, indexed before the walk: given names, OF / J / D links, a direct
// question's wh-words, and appositive names.

#include "parse/detail/linkconversion.h"

namespace gs::detail {

// Names that start with a given name ("Jim.m Lobe") are a person's: every later word of such a
// G-link chain is remembered, so the name is not read as a compound headed by a common noun.
void LinkConversion::collectGivenNameChains() {
  const int n = size();
  std::map<int, int> nameLeft; // G links: word → the name word before it
  for (const LgLink &link : m_links)
    if (link.left >= 0 && link.right < n && linkType(link.label) == QLatin1String("G")) nameLeft[link.right] = link.left;
  for (const auto &[word, left] : nameLeft) {
    int first = left;
    for (int guard = 0; nameLeft.count(first) && guard < n; ++guard) first = nameLeft.at(first);
    const QString &suffix = m_words[u(first)].suffix;
    if (suffix == QLatin1String("m") || suffix == QLatin1String("f")) m_givenNameChains.insert(word);
  }
}

// OF links ("hundreds of"), J links (a preposition's object) and determiner links, which the
// rules for D and GN links and the later rewrites look up.
void LinkConversion::indexOfPrepositionAndDeterminerLinks() {
  for (const LgLink &link : m_links)
  {
    const QString t = linkType(link.label);
    if (link.left >= 0 && t == QLatin1String("OF")) {
      m_ofWords.insert(link.left);
      m_ofLink[link.left] = link.right;
    }
    if (link.left >= 0 && t == QLatin1String("J")) m_prepObject[link.left] = link.right;
    if (link.left >= 0 && (t == QLatin1String("D") || t == QLatin1String("DD") || t == QLatin1String("DG") || t == QLatin1String("DT")))
      m_determined.insert(link.right);
  }
}

// A direct question's wh-phrase: the wall's Wq / Ws / Wj word ("What did he say", "Which one";
// after a first "And", that word's),
// or the noun its wh-determiner picks ("What foods do you eat": Dmcw).
void LinkConversion::collectQuestionWords() {
  const int n = size();
  for (const LgLink &link : m_links)
    if (link.left <= 0 && link.right < n && linkType(link.label) == QLatin1String("W") && link.label.size() > 1 && // wall, or Wc's "And"
        QStringLiteral("qsj").contains(link.label.at(1)))
      m_questionWords.insert(link.right);
  for (const LgLink &link : m_links)
    if (link.left >= 0 && link.right < n && m_questionWords.contains(link.left) && linkType(link.label) == QLatin1String("D") &&
        link.label.contains(QLatin1Char('w')))
      m_questionWords.insert(link.right);
}

// "the militant group Hamas": the determined noun heads and the name is its appositive, so the
// arc Link Grammar gives the name (Os from "joined", S to "claimed") belongs to the noun.
void LinkConversion::collectAppositiveNames() {
  const int n = size();
  for (const LgLink &link : m_links)
    if (link.left >= 0 && link.right < n && linkType(link.label) == QLatin1String("GN") && m_determined.contains(link.left) &&
        !m_words[u(link.right)].commonLower)
      m_appositiveOf[link.right] = link.left;
}

}  // namespace gs::detail
