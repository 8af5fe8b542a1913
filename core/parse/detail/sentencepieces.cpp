#include "parse/detail/sentencepieces.h"

#include <algorithm>
#include <limits>

namespace gs::detail {

namespace {

// 0: ends a sentence; 1: joins clauses; 2: a comma (often inside one clause); -1: no separator.
int separatorRank(const QString &token) {
  static const QStringList ends{QStringLiteral("..."), QStringLiteral(".."), QStringLiteral("…"), QStringLiteral(";"),
                                QStringLiteral("!"), QStringLiteral("?"), QStringLiteral(".")};
  static const QStringList joins{QStringLiteral(":"), QStringLiteral("--"), QStringLiteral("-")};
  if (ends.contains(token)) return 0;
  if (joins.contains(token)) return 1;
  if (token == QLatin1String(",")) return 2;
  return -1;
}

class PieceSplitter {
public:
  PieceSplitter(const QString &input, const std::function<int(int, int)> &unlinked, int maxSeparators)
      : m_input(input), m_unlinked(unlinked), m_maxSeparators(maxSeparators) {
    for (int i = 0; i < input.size();) {
      while (i < input.size() && input[i].isSpace()) ++i;
      int end = i;
      while (end < input.size() && !input[end].isSpace()) ++end;
      if (end > i) m_tokens.push_back({i, end});
      i = end;
    }
  }

  SentencePieces run() {
    if (!m_tokens.empty()) split(0, static_cast<int>(m_tokens.size()), m_unlinked(m_tokens.front().from, m_tokens.back().to));
    return std::move(m_result);
  }

private:
  // Tokens [first, last) as one span that leaves `nulls` words unlinked.
  void split(int first, int last, int nulls) {
    const int from = m_tokens[std::size_t(first)].from, to = m_tokens[std::size_t(last - 1)].to;
    struct Candidate {
      int token, rank;
    };
    std::vector<Candidate> candidates;
    if (nulls > 0)
      for (int t = first + 1; t + 1 < last; ++t) {
        const int rank = separatorRank(text(t));
        if (rank >= 0) candidates.push_back({t, rank});
      }
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) { return a.rank < b.rank; });
    if (static_cast<int>(candidates.size()) > m_maxSeparators) candidates.resize(std::size_t(m_maxSeparators));
    int best = -1, bestScore = std::numeric_limits<int>::max(), bestLeft = 0, bestRight = 0;
    for (const Candidate &c : candidates) {
      const int left = m_unlinked(from, m_tokens[std::size_t(c.token - 1)].to);
      const int right = m_unlinked(m_tokens[std::size_t(c.token + 1)].from, to);
      if (left + right < bestScore) { // ties keep the stronger (earlier sorted) separator
        bestScore = left + right;
        best = c.token;
        bestLeft = left;
        bestRight = right;
      }
    }
    if (best < 0 || bestScore > nulls) {
      m_result.pieces.push_back({from, to});
      return;
    }
    split(first, best, bestLeft);
    m_result.separators.push_back(m_tokens[std::size_t(best)]);
    split(best + 1, last, bestRight);
  }

  QString text(int t) const {
    const SentencePiece &p = m_tokens[std::size_t(t)];
    return m_input.mid(p.from, p.to - p.from);
  }

  const QString &m_input;
  const std::function<int(int, int)> &m_unlinked;
  const int m_maxSeparators;
  std::vector<SentencePiece> m_tokens;
  SentencePieces m_result;
};

}  // namespace

bool isPieceSeparator(const QString &token) { return separatorRank(token) >= 0; }

SentencePieces splitIntoPieces(const QString &input, const std::function<int(int, int)> &unlinked, int maxSeparators) {
  return PieceSplitter(input, unlinked, maxSeparators).run();
}

Dependencies joinPieces(const std::vector<Dependencies> &parts, const QStringList &firstWords) {
  static const QStringList conjunctions{QStringLiteral("and"), QStringLiteral("but"), QStringLiteral("or"), QStringLiteral("so")};
  Dependencies joined;
  std::vector<int> roots, starts;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    if (k > 0) { // the separator before piece k
      joined.heads.push_back(-1);
      joined.relations << QStringLiteral("punct");
      joined.upos << QStringLiteral("PUNCT");
    }
    const int base = static_cast<int>(joined.heads.size());
    starts.push_back(base);
    roots.push_back(base);
    for (std::size_t i = 0; i < parts[k].heads.size(); ++i) {
      const int h = parts[k].heads[i];
      joined.heads.push_back(h < 0 ? -1 : h + base);
      if (h < 0) roots.back() = base + static_cast<int>(i);
    }
    joined.relations += parts[k].relations;
    joined.upos += parts[k].upos;
  }
  // The head piece: not a subordinate clause (its first word the `mark` of its root: "If you go
  // there , …", but not "If you go there , the food was good , …"), and not a lone word before the
  // clause ("Plus , it 's healthy", "Ginny , please see …"), nor a phrase that opens with a
  // preposition; when every piece is one of those, the first.
  // Link Grammar reads "though" / "although" as adverbs: they count as the clause's mark too.
  static const QStringList adverbialSubordinators{QStringLiteral("though"), QStringLiteral("although")};
  const auto subordinate = [&](std::size_t k) {
    const QString &rel = parts[k].relations.value(0);
    return parts[k].heads[0] == roots[k] - starts[k] &&
           (rel == QLatin1String("mark") || (rel == QLatin1String("advmod") && adverbialSubordinators.contains(firstWords.value(int(k)).toLower())));
  };
  const auto words = [&](std::size_t k) { return std::count_if(parts[k].upos.begin(), parts[k].upos.end(), [](const QString &p) { return p != QLatin1String("PUNCT"); }); };
  // "In an unrelated incident , eleven Iraqis were killed": a piece that opens with a preposition
  // is a phrase of the clause after it, not a clause.
  const auto prepositional = [&](std::size_t k) { return parts[k].upos.value(0) == QLatin1String("ADP") && k + 1 < parts.size(); };
  const auto leads = [&](std::size_t k) { return !subordinate(k) && !prepositional(k) && words(k) > 1; };
  std::size_t head = 0;
  while (head < parts.size() && !leads(head)) ++head;
  if (head == parts.size()) head = 0;
  const int root = roots[head];
  for (std::size_t k = 0; k < parts.size(); ++k) {
    if (k > 0) joined.heads[std::size_t(starts[k] - 1)] = roots[k];
    if (k == head) continue;
    joined.heads[std::size_t(roots[k])] = root;
    joined.relations[roots[k]] = k < head ? (subordinate(k) ? QStringLiteral("advcl") : QStringLiteral("dep"))
                                 : conjunctions.contains(firstWords.value(int(k)).toLower()) ? QStringLiteral("conj")
                                                                                            : QStringLiteral("parataxis");
  }
  return joined;
}

}  // namespace gs::detail
