#include "text/wordnet.h"

#include <QDir>
#include <QFile>

#include <algorithm>
#include <charconv>
#include <numeric>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace gs {

namespace {

// The noun detachment rules of WordNet's morphy (morph.c), tried in this order.
struct Detachment {
  QLatin1String suffix;
  QLatin1String ending;
};
const Detachment kDetachments[] = {
    {QLatin1String("s"), QLatin1String("")},      {QLatin1String("ses"), QLatin1String("s")},
    {QLatin1String("xes"), QLatin1String("x")},   {QLatin1String("zes"), QLatin1String("z")},
    {QLatin1String("ches"), QLatin1String("ch")}, {QLatin1String("shes"), QLatin1String("sh")},
    {QLatin1String("men"), QLatin1String("man")}, {QLatin1String("ies"), QLatin1String("y")},
};

[[noreturn]] void fail(const QString &path, int line, const QString &reason) {
  throw std::runtime_error(
      QStringLiteral("%1:%2: %3").arg(path, QString::number(line), reason).toStdString());
}

QByteArray readRequired(const QString &path, const char *what) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot read WordNet's %2; install Debian's "
                                            "wordnet-base or set GS_WORDNET_DIR")
                                 .arg(path, QLatin1String(what))
                                 .toStdString());
  return file.readAll();
}

QString resolveFolder(const QString &folder) {
  if (!folder.isEmpty()) return folder;
  const QString fromEnvironment = qEnvironmentVariable("GS_WORDNET_DIR");
  return fromEnvironment.isEmpty() ? QStringLiteral("/usr/share/wordnet") : fromEnvironment;
}

QString text(std::string_view bytes) { return QString::fromUtf8(bytes.data(), qsizetype(bytes.size())); }

// A whole field read as a non-negative number; -1 when it is not one.
int toNumber(std::string_view field, int base = 10) {
  int value = -1;
  const char *end = field.data() + field.size();
  const auto result = std::from_chars(field.data(), end, value, base);
  if (field.empty() || result.ec != std::errc() || result.ptr != end || value < 0) return -1;
  return value;
}

// Synset offsets are written as 8 zero-filled digits everywhere in the database.
int toOffset(std::string_view field) { return field.size() == 8 ? toNumber(field) : -1; }

// The space-separated fields of one line, read front to back.
class Fields {
public:
  explicit Fields(std::string_view line) : m_rest(line) {}
  // The next field; empty at the end of the line.
  std::string_view next() {
    const std::size_t start = m_rest.find_first_not_of(' ');
    if (start == std::string_view::npos) return m_rest = {};
    m_rest.remove_prefix(start);
    const std::string_view field = m_rest.substr(0, m_rest.find(' '));
    m_rest.remove_prefix(field.size());
    return field;
  }

private:
  std::string_view m_rest;
};

// Calls entry(line, lineNumber) for every line but blank ones and the license header, whose
// lines start with two spaces so that WordNet's binary search over the index skips them.
template <typename Entry>
void forEachEntry(const QByteArray &bytes, Entry entry) {
  std::string_view rest(bytes.constData(), std::size_t(bytes.size()));
  for (int number = 1; !rest.empty(); ++number) {
    const std::size_t end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(' ') == std::string_view::npos || line.substr(0, 2) == "  ") continue;
    entry(line, number);
  }
}

// A noun's sense key without its head fields, as cntlist.rev and data.noun both give it:
// "dog%1:05:00::" and the word "dog" with lex_id 0 in a synset of lexicographer file 5.
QByteArray senseKey(std::string_view lemma, int lexFile, int lexId) {
  return QByteArray(lemma.data(), qsizetype(lemma.size())).toLower() + '%' +
         QByteArray::number(lexFile) + ':' + QByteArray::number(lexId);
}

}  // namespace

// Fills a WordNet from the file contents; data.noun first, since the index and the counts
// refer to its synsets.
class WordNet::Loader {
public:
  explicit Loader(WordNet &wordNet) : m_wn(wordNet) {}

  void readData(const QString &path, const QByteArray &bytes, bool keepSenseKeys) {
    m_keepSenseKeys = keepSenseKeys;
    forEachEntry(bytes, [&](std::string_view line, int number) { readSynset(path, line, number); });
    if (m_wn.m_synsets.empty())
      throw std::runtime_error(QStringLiteral("%1: holds no synset").arg(path).toStdString());
    resolvePointers(path);
  }

  void readIndex(const QString &path, const QByteArray &bytes) {
    forEachEntry(bytes, [&](std::string_view line, int number) { readIndexEntry(path, line, number); });
    if (m_wn.m_index.isEmpty())
      throw std::runtime_error(QStringLiteral("%1: holds no noun").arg(path).toStdString());
  }

  void readExceptions(const QString &path, const QByteArray &bytes) {
    forEachEntry(bytes, [&](std::string_view line, int number) {
      Fields fields(line);
      const QString inflected = text(fields.next());
      QStringList bases;
      for (std::string_view base = fields.next(); !base.empty(); base = fields.next()) bases << text(base);
      if (bases.isEmpty()) fail(path, number, QStringLiteral("expected an inflected form and its base forms"));
      m_wn.m_exceptions[inflected] += bases;
    });
  }

  // cntlist.rev: "sense_key sense_number tag_count", one line per tagged sense of any part of
  // speech. The sense number is not used (see frequentSenses); keys that match no synset are
  // left out.
  void readCounts(const QString &path, const QByteArray &bytes) {
    forEachEntry(bytes, [&](std::string_view line, int number) {
      Fields fields(line);
      const std::string_view key = fields.next();
      const int senseNumber = toNumber(fields.next());
      const int count = toNumber(fields.next());
      if (senseNumber < 1 || count < 0 || !fields.next().empty())
        fail(path, number, QStringLiteral("expected 'sense_key sense_number tag_count'"));
      addCount(path, number, key, count);
    });
  }

private:
  struct Pointers {
    int line = 0;
    std::vector<int> hypernyms;  // offsets, resolved into indices once all synsets are read
    std::vector<int> hyponyms;
  };

  // synset_offset lex_filenum ss_type w_cnt word lex_id [word lex_id...] p_cnt [ptr...] | gloss
  void readSynset(const QString &path, std::string_view line, int number) {
    Fields fields(line);
    Synset synset;
    synset.offset = toOffset(fields.next());
    const int lexFile = toNumber(fields.next());
    if (synset.offset < 0 || lexFile < 0 || fields.next() != "n")
      fail(path, number, QStringLiteral("expected 'offset lex_filenum n' to begin a noun synset"));
    const int wordCount = toNumber(fields.next(), 16);
    if (wordCount < 1) fail(path, number, QStringLiteral("expected a hexadecimal word count"));
    for (int i = 0; i < wordCount; ++i) {
      const std::string_view word = fields.next();
      const int lexId = toNumber(fields.next(), 16);
      if (word.empty() || lexId < 0)
        fail(path, number, QStringLiteral("expected %1 words, each with its lex_id").arg(wordCount));
      synset.words << text(word);
      if (m_keepSenseKeys) m_senseKeys.insert(senseKey(word, lexFile, lexId), synset.offset);
    }
    Pointers pointers = readPointers(path, fields, number);
    if (m_wn.m_synsetIndex.contains(synset.offset))
      fail(path, number, QStringLiteral("synset %1 is listed twice").arg(wnid(synset.offset)));
    m_wn.m_synsetIndex.insert(synset.offset, int(m_wn.m_synsets.size()));
    m_wn.m_synsets.push_back(std::move(synset));
    m_pointers.push_back(std::move(pointers));
  }

  // p_cnt, then per pointer "symbol offset pos source/target", then the gloss's "|". Only the
  // noun hierarchy is kept: hypernyms (@, @i) and hyponyms (~, ~i).
  Pointers readPointers(const QString &path, Fields &fields, int number) {
    Pointers pointers;
    pointers.line = number;
    const int count = toNumber(fields.next());
    if (count < 0) fail(path, number, QStringLiteral("expected a pointer count after the words"));
    for (int i = 0; i < count; ++i) {
      const std::string_view symbol = fields.next();
      const int target = toOffset(fields.next());
      const std::string_view pos = fields.next();
      if (symbol.empty() || target < 0 || pos.empty() || fields.next().size() != 4)
        fail(path, number, QStringLiteral("pointer %1 of %2 is malformed or missing").arg(i + 1).arg(count));
      if (pos != "n") continue;
      if (symbol == "@" || symbol == "@i") pointers.hypernyms.push_back(target);
      if (symbol == "~" || symbol == "~i") pointers.hyponyms.push_back(target);
    }
    if (fields.next() != "|")
      fail(path, number, QStringLiteral("expected '|' and the gloss after %1 pointers").arg(count));
    return pointers;
  }

  std::vector<int> resolve(const QString &path, int line, const std::vector<int> &offsets) const {
    std::vector<int> indices;
    indices.reserve(offsets.size());
    for (int offset : offsets) {
      const auto found = m_wn.m_synsetIndex.constFind(offset);
      if (found == m_wn.m_synsetIndex.cend())
        fail(path, line, QStringLiteral("pointer to %1, which is no synset of this file").arg(wnid(offset)));
      indices.push_back(found.value());
    }
    return indices;
  }

  void resolvePointers(const QString &path) {
    for (std::size_t i = 0; i < m_pointers.size(); ++i) {
      m_wn.m_synsets[i].hypernyms = resolve(path, m_pointers[i].line, m_pointers[i].hypernyms);
      m_wn.m_synsets[i].hyponyms = resolve(path, m_pointers[i].line, m_pointers[i].hyponyms);
    }
    m_pointers.clear();
  }

  // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
  void readIndexEntry(const QString &path, std::string_view line, int number) {
    Fields fields(line);
    const QString lemma = text(fields.next());
    if (fields.next() != "n") fail(path, number, QStringLiteral("expected 'lemma n' to begin a noun's entry"));
    const int senseCount = toNumber(fields.next());
    const int pointerTypes = toNumber(fields.next());
    if (senseCount < 1 || pointerTypes < 0) fail(path, number, QStringLiteral("expected synset_cnt and p_cnt"));
    for (int i = 0; i < pointerTypes; ++i)
      if (fields.next().empty()) fail(path, number, QStringLiteral("expected %1 pointer symbols").arg(pointerTypes));
    const int senseCountAgain = toNumber(fields.next());
    const int tagSenseCount = toNumber(fields.next());
    if (senseCountAgain != senseCount || tagSenseCount < 0 || tagSenseCount > senseCount)
      fail(path, number, QStringLiteral("expected sense_cnt %1 and a tagsense_cnt up to it").arg(senseCount));
    IndexEntry entry;
    for (int i = 0; i < senseCount; ++i) {
      const int offset = toOffset(fields.next());
      if (offset < 0) fail(path, number, QStringLiteral("expected %1 synset offsets").arg(senseCount));
      if (!m_wn.m_synsetIndex.contains(offset))
        fail(path, number, QStringLiteral("sense %1 of '%2' is no synset of data.noun").arg(wnid(offset), lemma));
      entry.senses.push_back(offset);
    }
    if (!fields.next().empty())
      fail(path, number, QStringLiteral("more fields than the %1 synset offsets").arg(senseCount));
    if (m_wn.m_index.contains(lemma)) fail(path, number, QStringLiteral("'%1' is listed twice").arg(lemma));
    m_wn.m_index.insert(lemma, std::move(entry));
  }

  // key = lemma%ss_type:lex_filenum:lex_id:head_word:head_id; nouns have ss_type 1.
  void addCount(const QString &path, int number, std::string_view key, int count) {
    const std::size_t percent = key.find('%');
    if (percent == std::string_view::npos || percent == 0)
      fail(path, number, QStringLiteral("expected a sense key 'lemma%ss_type:…'"));
    const std::string_view lemma = key.substr(0, percent);
    std::string_view parts[3];
    std::string_view rest = key.substr(percent + 1);
    for (std::string_view &part : parts) {
      const std::size_t colon = rest.find(':');
      part = rest.substr(0, colon);
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
    if (parts[0] != "1") return;
    const int lexFile = toNumber(parts[1]);
    const int lexId = toNumber(parts[2]);
    if (lexFile < 0 || lexId < 0) fail(path, number, QStringLiteral("malformed noun sense key"));
    const auto synset = m_senseKeys.constFind(senseKey(lemma, lexFile, lexId));
    const auto entry = m_wn.m_index.find(text(lemma));
    if (synset == m_senseKeys.cend() || entry == m_wn.m_index.end()) return;
    const std::vector<int> &senses = entry->senses;
    const auto sense = std::find(senses.begin(), senses.end(), synset.value());
    if (sense == senses.end()) return;
    entry->tagCounts.resize(senses.size());
    entry->tagCounts[std::size_t(sense - senses.begin())] += count;
  }

  WordNet &m_wn;
  bool m_keepSenseKeys = false;
  std::vector<Pointers> m_pointers;     // parallel to m_wn.m_synsets while reading
  QHash<QByteArray, int> m_senseKeys;  // senseKey(...) → synset offset
};

WordNet WordNet::open(const QString &folder) {
  WordNet wordNet;
  wordNet.m_folder = resolveFolder(folder);
  const QDir dir(wordNet.m_folder);
  const QString indexPath = dir.filePath(QStringLiteral("index.noun"));
  const QString dataPath = dir.filePath(QStringLiteral("data.noun"));
  const QString exceptionsPath = dir.filePath(QStringLiteral("noun.exc"));
  const QString countsPath = dir.filePath(QStringLiteral("cntlist.rev"));
  const QByteArray index = readRequired(indexPath, "noun index");
  const QByteArray data = readRequired(dataPath, "noun synsets");
  const QByteArray exceptions = readRequired(exceptionsPath, "noun exceptions");
  const bool haveCounts = QFile::exists(countsPath);
  const QByteArray counts = haveCounts ? readRequired(countsPath, "sense counts") : QByteArray();

  Loader loader(wordNet);
  loader.readData(dataPath, data, haveCounts);
  loader.readIndex(indexPath, index);
  loader.readExceptions(exceptionsPath, exceptions);
  loader.readCounts(countsPath, counts);
  return wordNet;
}

QStringList WordNet::lemmas(const QString &word) const {
  const QString form = word.simplified().toLower().replace(QLatin1Char(' '), QLatin1Char('_'));
  if (form.isEmpty()) return {};
  QStringList candidates{form};
  candidates += m_exceptions.value(form);
  // As morphy does, words ending in "ss" ("glass") and words of two letters are not detached.
  if (form.size() > 2 && !form.endsWith(QLatin1String("ss")))
    for (const Detachment &rule : kDetachments)
      if (form.endsWith(rule.suffix)) candidates.append(QString(form.chopped(rule.suffix.size()) + rule.ending));
  QStringList forms;
  for (const QString &candidate : std::as_const(candidates))
    if (m_index.contains(candidate) && !forms.contains(candidate)) forms << candidate;
  return forms;
}

std::vector<int> WordNet::nounSenses(const QString &word) const {
  const QStringList forms = lemmas(word);
  return forms.isEmpty() ? std::vector<int>() : m_index.value(forms.front()).senses;
}

std::vector<int> WordNet::frequentSenses(const QString &word) const {
  const QStringList forms = lemmas(word);
  if (forms.isEmpty()) return {};
  const IndexEntry &entry = *m_index.constFind(forms.front());
  std::vector<int> senses{entry.senses.front()};
  const auto countOf = [&](std::size_t sense) { return sense < entry.tagCounts.size() ? entry.tagCounts[sense] : 0; };
  const int first = countOf(0);
  for (std::size_t sense = 1; sense < entry.senses.size(); ++sense) {
    const int count = countOf(sense);
    if (first > 0 && count > 0 && 4 * count >= first) senses.push_back(entry.senses[sense]);
  }
  return senses;
}

QStringList WordNet::nounsByUse() const {
  struct Ranked {
    QString lemma;
    int tagged = 0;
    int senses = 0;
  };
  std::vector<Ranked> ranked;
  ranked.reserve(std::size_t(m_index.size()));
  const auto plainWord = [](const QString &lemma) {
    return std::all_of(lemma.cbegin(), lemma.cend(), [](QChar c) { return c >= QLatin1Char('a') && c <= QLatin1Char('z'); });
  };
  for (auto entry = m_index.cbegin(); entry != m_index.cend(); ++entry) {
    if (!plainWord(entry.key())) continue;
    const std::vector<int> &counts = entry->tagCounts;
    ranked.push_back({entry.key(), std::accumulate(counts.cbegin(), counts.cend(), 0), int(entry->senses.size())});
  }
  std::sort(ranked.begin(), ranked.end(), [](const Ranked &a, const Ranked &b) {
    if (a.tagged != b.tagged) return a.tagged > b.tagged;
    if (a.senses != b.senses) return a.senses > b.senses;
    return a.lemma < b.lemma;
  });
  QStringList nouns;
  nouns.reserve(qsizetype(ranked.size()));
  for (const Ranked &noun : ranked) nouns << noun.lemma;
  return nouns;
}

int WordNet::indexOf(int offset, const char *function) const {
  const auto found = m_synsetIndex.constFind(offset);
  if (found == m_synsetIndex.cend())
    throw std::out_of_range(QStringLiteral("%1: no noun synset at offset %2")
                                .arg(QLatin1String(function), QString::number(offset))
                                .toStdString());
  return found.value();
}

std::vector<int> WordNet::hyponymClosure(int offset) const {
  const int start = indexOf(offset, "WordNet::hyponymClosure");
  std::vector<char> seen(m_synsets.size(), 0);
  std::vector<int> queue{start};  // breadth first: `queue` grows while it is walked
  seen[std::size_t(start)] = 1;
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (int child : m_synsets[std::size_t(queue[i])].hyponyms)
      if (!seen[std::size_t(child)]) {
        seen[std::size_t(child)] = 1;
        queue.push_back(child);
      }
  std::vector<int> offsets;
  offsets.reserve(queue.size());
  for (int index : queue) offsets.push_back(m_synsets[std::size_t(index)].offset);
  return offsets;
}

std::vector<int> WordNet::hypernyms(int offset) const {
  std::vector<int> offsets;
  for (int index : m_synsets[std::size_t(indexOf(offset, "WordNet::hypernyms"))].hypernyms)
    offsets.push_back(m_synsets[std::size_t(index)].offset);
  return offsets;
}

QStringList WordNet::words(int offset) const {
  QStringList words = m_synsets[std::size_t(indexOf(offset, "WordNet::words"))].words;
  for (QString &word : words) word.replace(QLatin1Char('_'), QLatin1Char(' '));
  return words;
}

QString WordNet::wnid(int offset) { return QStringLiteral("n%1").arg(offset, 8, 10, QLatin1Char('0')); }

int WordNet::offsetOfWnid(const QString &wnid) {
  if (wnid.size() != 9 || wnid.front() != QLatin1Char('n')) return -1;
  for (qsizetype i = 1; i < wnid.size(); ++i)
    if (wnid[i] < QLatin1Char('0') || wnid[i] > QLatin1Char('9')) return -1;
  return wnid.mid(1).toInt();
}

}  // namespace gs
