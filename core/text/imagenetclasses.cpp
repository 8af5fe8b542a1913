#include "text/imagenetclasses.h"

#include <QFile>

#include <algorithm>
#include <stdexcept>

namespace gs {

namespace {

[[noreturn]] void failClassList(const QString &path, int line, const QString &reason) {
  throw std::runtime_error(
      QStringLiteral("%1:%2: %3").arg(path, QString::number(line), reason).toStdString());
}

// "n01440764 tench, Tinca tinca" → {"n01440764", "tench, Tinca tinca"}.
ClassLabel parseLabel(const QString &path, int number, const QString &line) {
  const qsizetype space = line.indexOf(QLatin1Char(' '));
  ClassLabel label;
  label.wnid = line.left(space);
  label.name = space < 0 ? QString() : line.mid(space + 1).trimmed();
  if (WordNet::offsetOfWnid(label.wnid) < 0)
    failClassList(path, number, QStringLiteral("expected a wnid such as n01440764, found '%1'").arg(label.wnid));
  if (label.name.isEmpty()) failClassList(path, number, QStringLiteral("class %1 has no name").arg(label.wnid));
  return label;
}

}  // namespace

std::vector<ClassLabel> readClassLabels(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
    throw std::runtime_error(
        QStringLiteral("%1: cannot read the class list: %2").arg(path, file.errorString()).toStdString());
  const QList<QByteArray> lines = file.readAll().split('\n');
  std::vector<ClassLabel> labels;
  QHash<QString, int> lineOfWnid;
  int firstBlank = 0;
  for (qsizetype i = 0; i < lines.size(); ++i) {
    const int number = int(i) + 1;
    const QString line = QString::fromUtf8(lines[i]).trimmed();
    if (line.isEmpty()) {
      if (firstBlank == 0) firstBlank = number;
      continue;
    }
    if (firstBlank > 0) failClassList(path, firstBlank, QStringLiteral("blank line before the last class"));
    ClassLabel label = parseLabel(path, number, line);
    if (lineOfWnid.contains(label.wnid))
      failClassList(path, number,
                    QStringLiteral("class %1 is already listed on line %2").arg(label.wnid).arg(lineOfWnid[label.wnid]));
    lineOfWnid.insert(label.wnid, number);
    labels.push_back(std::move(label));
  }
  if (labels.empty()) throw std::runtime_error(QStringLiteral("%1: lists no class").arg(path).toStdString());
  return labels;
}

ClassCoverage::ClassCoverage(const WordNet &wordNet, const std::vector<ClassLabel> &labels)
    : m_wordNet(&wordNet), m_classCount(int(labels.size())) {
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const int offset = WordNet::offsetOfWnid(labels[i].wnid);
    if (!wordNet.hasSynset(offset))
      throw std::invalid_argument(QStringLiteral("ClassCoverage: class %1 '%2' is no noun synset of %3")
                                      .arg(labels[i].wnid, labels[i].name, wordNet.folder())
                                      .toStdString());
    m_classesOfSynset[offset].push_back(int(i));
  }
}

std::vector<int> ClassCoverage::classesOf(const QString &noun) const {
  const QStringList lemmas = m_wordNet->lemmas(noun);
  if (lemmas.isEmpty()) return {};
  const auto cached = m_cache.constFind(lemmas.front());
  if (cached != m_cache.cend()) return cached.value();
  std::vector<int> classes = coveredClasses(lemmas.front());
  m_cache.insert(lemmas.front(), classes);
  return classes;
}

std::vector<int> ClassCoverage::coveredClasses(const QString &lemma) const {
  std::vector<int> classes;
  for (int sense : m_wordNet->frequentSenses(lemma))
    for (int offset : m_wordNet->hyponymClosure(sense)) {
      const auto found = m_classesOfSynset.constFind(offset);
      if (found != m_classesOfSynset.cend()) classes.insert(classes.end(), found->begin(), found->end());
    }
  std::sort(classes.begin(), classes.end());
  classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
  return classes;
}

}  // namespace gs
