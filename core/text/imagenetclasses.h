#pragma once
// ImageNet's classes (the ILSVRC-2012 synset list) and which of them a caption's noun covers
// through WordNet's noun hierarchy.

#include "text/wordnet.h"

#include <QHash>
#include <QString>

#include <vector>

namespace gs {

struct ClassLabel {
  QString wnid;  // "n01440764"
  QString name;  // "tench, Tinca tinca"
};

// Reads a synset list, one class per line in the network's output order:
// "n01440764 tench, Tinca tinca". Blank lines may only end the file, since a class's index is
// its line. Throws std::runtime_error naming the file when it cannot be read or lists no
// class, and "FILE:LINE: reason" for a malformed line or a class listed twice.
std::vector<ClassLabel> readClassLabels(const QString &path);

// The classes a noun covers: those whose synset lies in the hyponym closure of one of the
// noun's frequent senses (WordNet::frequentSenses), so "dog" covers ImageNet's 118 dog breeds
// and not its hotdog, and "man" covers none.
//
// Keeps a pointer to `wordNet`, which must outlive it. classesOf caches its answers per lemma
// in a mutable table without a lock: one ClassCoverage must not be asked from two threads at
// once; give each thread its own.
class ClassCoverage {
public:
  // Throws std::invalid_argument naming a label whose wnid is no noun synset of `wordNet`: a
  // list made for another WordNet version would otherwise quietly cover nothing.
  ClassCoverage(const WordNet &wordNet, const std::vector<ClassLabel> &labels);

  // Indices into the labels, sorted, each once; {} when the noun covers no class ("snow") or
  // is no noun. The first call for a lemma costs O(size of its senses' subtrees), later ones a
  // table look-up.
  std::vector<int> classesOf(const QString &noun) const;

  int classCount() const { return m_classCount; }

private:
  std::vector<int> coveredClasses(const QString &lemma) const;

  const WordNet *m_wordNet;
  int m_classCount = 0;
  QHash<int, std::vector<int>> m_classesOfSynset;  // synset offset → label indices
  mutable QHash<QString, std::vector<int>> m_cache;  // lemma → classesOf
};

}  // namespace gs
