#pragma once
// WordNet 3.0's nouns, read from Princeton's database files (wndb(5WN): index.noun, data.noun,
// noun.exc and, when present, cntlist.rev), as Debian's wordnet-base installs them. Only nouns:
// what we ask WordNet is which ImageNet classes a caption's noun covers.
//
// A synset is named by its byte offset in data.noun (ImageNet's wnid "n02084071" is the noun
// synset at offset 2084071).

#include <QHash>
#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

class WordNet {
public:
  // Reads the noun files of `folder`; an empty folder means $GS_WORDNET_DIR when set, else
  // /usr/share/wordnet. Parses data.noun fully once (82k synsets, about 15 MB): O(file size).
  // Throws std::runtime_error naming the file, and "FILE:LINE: reason" for a malformed line.
  static WordNet open(const QString &folder = {});

  QString folder() const { return m_folder; }
  int synsetCount() const { return static_cast<int>(m_synsets.size()); }
  bool hasSynset(int offset) const { return m_synsetIndex.contains(offset); }

  // The noun base forms of `word` as WordNet's morphy finds them: `word` lower-cased with
  // spaces turned into underscores, then its noun.exc exceptions, then the detachment rules
  // (s→"", ses→s, xes→x, zes→z, ches→ch, shes→sh, men→man, ies→y), keeping only the forms the
  // noun index holds, each once. The word itself comes first when the index holds it, as in
  // WordNet's own search: "glasses" (spectacles) is a noun of its own, and so is "men" (the
  // enlisted men), which therefore comes before "man". {} when no form is a noun.
  QStringList lemmas(const QString &word) const;

  // The synset offsets of the first of lemmas(word), in WordNet's sense order (most frequent
  // in the tagged texts first); {} when `word` is no noun.
  std::vector<int> nounSenses(const QString &word) const;

  // The senses a caption's noun most likely means: the first sense, and every further sense
  // whose count in the sense-tagged texts (cntlist.rev) is at least a quarter of the first
  // sense's. WordNet lists every sense a word ever has, most of them rare: "dog" sense 1 is
  // the animal, sense 5 "frank, hotdog" would pull ImageNet's hotdog class into "dog", and
  // "cat" sense 7 (the big cats) would pull in lions. A sense as frequent as the first is kept
  // ("man": the adult male, 749 tags, and the serviceman, 346), a tail sense is not.
  // Counts are matched by sense key (lemma, lexicographer file, lex_id), not by the sense
  // number cntlist.rev also gives, because about 2% of those numbers are stale in WordNet 3.0;
  // the 1.5% of keys that match no synset are ignored. Without cntlist.rev, or when the first
  // sense has no count, only the first sense is kept.
  std::vector<int> frequentSenses(const QString &word) const;

  // Every noun lemma that is one word of the letters a-z, most used first: by its senses' summed
  // counts in the sense-tagged texts (cntlist.rev), then by how many senses it has (polysemy goes
  // with frequency), then alphabetically. A frequency-like ranking of the nouns where WordNet
  // gives no corpus frequencies; O(n log n) in the index's lemmas.
  QStringList nounsByUse() const;

  // `offset` and every synset below it through hyponym and instance-hyponym pointers, each
  // once, breadth first. Cost O(size of the subtree). Throws std::out_of_range for an offset
  // that is no noun synset.
  std::vector<int> hyponymClosure(int offset) const;
  // The synsets directly above `offset` (hypernym and instance-hypernym pointers); throws
  // std::out_of_range for an unknown offset.
  std::vector<int> hypernyms(int offset) const;
  // The synset's words as the lexicographers wrote them, underscores turned into spaces
  // ("Labrador retriever"). Throws std::out_of_range for an unknown offset.
  QStringList words(int offset) const;

  // "n%08d", ImageNet's name for a noun synset.
  static QString wnid(int offset);
  // The offset of "n" followed by 8 digits; -1 for anything else.
  static int offsetOfWnid(const QString &wnid);

private:
  WordNet() = default;  // only open() makes one

  struct Synset {
    int offset = 0;
    QStringList words;
    std::vector<int> hypernyms;  // indices into m_synsets
    std::vector<int> hyponyms;   // indices into m_synsets
  };
  struct IndexEntry {
    std::vector<int> senses;     // synset offsets in WordNet's sense order
    std::vector<int> tagCounts;  // per sense, from cntlist.rev (empty without it)
  };
  class Loader;

  // The position of `offset` in m_synsets; throws std::out_of_range naming `function`.
  int indexOf(int offset, const char *function) const;

  QString m_folder;
  std::vector<Synset> m_synsets;
  QHash<int, int> m_synsetIndex;  // offset → index into m_synsets
  QHash<QString, IndexEntry> m_index;
  QHash<QString, QStringList> m_exceptions;
};

}  // namespace gs
