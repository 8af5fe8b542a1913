#include "parse/detail/linkgrammar.h"

#include <link-grammar/dict-api.h>
#include <link-grammar/link-includes.h>

#include <QByteArray>

#include <algorithm>
#include <mutex>
#include <stdexcept>

// Thread safety, from Link Grammar's README ("Multi-threading", 5.x): "It is safe to use
// link-grammar for parsing in multiple threads. Different threads may use different dictionaries,
// or the same dictionary. Parse options can be set on a per-thread basis, with the exception of
// verbosity, which is a global." So: one Dictionary per process, created once and only read
// afterwards; one Parse_Options per LinkGrammarSession (one session per worker thread); each
// Sentence and Linkage lives inside one parse() call. Verbosity is set to 0 (quiet) everywhere.

namespace gs::detail {

namespace {

// Link Grammar reports through a (per-thread) error handler; its default prints locale notes and
// "Debug:" chatter on stderr. Captions that fail to parse are reported by our own statistics.
void quietHandler(lg_errinfo *, void *) {}

Dictionary sharedDictionary() {
  static std::once_flag once;
  static Dictionary dictionary = nullptr;
  std::call_once(once, [] {
    lg_error_set_handler(quietHandler, nullptr);
    dictionary = dictionary_create_lang("en");
  });
  if (!dictionary)
    throw std::runtime_error("LinkGrammarSession: cannot load the Link Grammar English dictionary "
                             "(install link-grammar-dictionaries-en)");
  return dictionary;
}

Parse_Options opts(void *p) { return static_cast<Parse_Options>(p); }

// Byte offset in the UTF-8 input → QString index.
std::vector<int> byteToIndex(const QString &input) {
  std::vector<int> map;
  for (int i = 0; i < input.size(); ++i) {
    const int bytes = input.mid(i, input[i].isHighSurrogate() ? 2 : 1).toUtf8().size();
    for (int b = 0; b < bytes; ++b) map.push_back(i);
    if (input[i].isHighSurrogate()) ++i;
  }
  map.push_back(static_cast<int>(input.size()));
  return map;
}

// Link Grammar ranks its linkages by cost; one reading it ranks too well for our sentences is the
// quotation inversion ("… ," said Chahine): a CP link from the wall to a verb with at most two
// words before it ("Chahine said her family spent …") makes the sentence's start a fragment.
// The first of the `count` cheapest linkages without it, else the cheapest.
bool quotationInversionAtStart(Linkage linkage) {
  for (LinkIdx k = 0; k < linkage_get_num_links(linkage); ++k)
    if (linkage_get_link_lword(linkage, k) == 0 && qstrncmp(linkage_get_link_label(linkage, k), "CP", 2) == 0 &&
        linkage_get_link_rword(linkage, k) <= 3)
      return true;
  return false;
}

// Each linkage index is created at most once: Link Grammar edits a sentence's linkage data in
// place when it builds a linkage (null words, morphology), and building one twice corrupts it.
Linkage preferredLinkage(Sentence sentence, Parse_Options o, int count) {
  Linkage cheapest = linkage_create(0, sentence, o);
  if (!cheapest || !quotationInversionAtStart(cheapest)) return cheapest;
  for (int k = 1; k < count; ++k) {
    Linkage linkage = linkage_create(k, sentence, o);
    if (!linkage) continue;
    if (!quotationInversionAtStart(linkage)) {
      linkage_delete(cheapest);
      return linkage;
    }
    linkage_delete(linkage);
  }
  return cheapest;
}

}  // namespace

QString linkGrammarVersion() { return QString::fromLatin1(linkgrammar_get_version()); }

LinkGrammarSession::LinkGrammarSession() {
  sharedDictionary();
  lg_error_set_handler(quietHandler, nullptr); // this thread's handler
  Parse_Options o = parse_options_create();
  parse_options_set_verbosity(o, 0);
  parse_options_set_linkage_limit(o, 100);  // enough for the cost ranking of caption-length sentences
  parse_options_set_spell_guess(o, 0);      // keep words as written; a guess would change the tokens
  parse_options_set_max_parse_time(o, 3);
  parse_options_set_display_morphology(o, 0);
  // The English dictionary's "bad-spelling" entries (there.#their, be.#by …) cost nothing by
  // default, so a correct sentence may be parsed as a misspelt one ("there will be" as "their
  // will by"); its own no-bad-spelling dialect prices them like any unlikely reading.
  parse_options_set_dialect(o, "no-bad-spelling");
  m_options = o;
}

LinkGrammarSession::~LinkGrammarSession() { parse_options_delete(opts(m_options)); }

bool LinkGrammarSession::isKnownWord(const QString &word) const {
  // dictionary_word_is_known also answers yes for anything a regex class matches ("xyzzyqs" as
  // a plural): only the dictionary's own entries say the word is a common English word.
  const QByteArray utf8 = word.toUtf8();
  if (utf8.isEmpty()) return false;
  Dict_node *entries = dictionary_lookup_list(sharedDictionary(), utf8.constData());
  const bool known = entries != nullptr;
  free_lookup_list(sharedDictionary(), entries);
  return known;
}

QStringList LinkGrammarSession::subscriptsOf(const QString &word) const {
  QStringList subscripts;
  const QByteArray utf8 = word.toUtf8();
  if (utf8.isEmpty()) return subscripts;
  Dict_node *entries = dictionary_lookup_list(sharedDictionary(), utf8.constData());
  for (Dict_node *e = entries; e; e = e->right) {
    // The dictionary keeps "best.a" as "best" SUBSCRIPT_MARK (\3) "a".
    const QString entry = QString::fromUtf8(e->string);
    const int mark = std::max(entry.lastIndexOf(QChar(3)), entry.lastIndexOf(QLatin1Char('.')));
    subscripts << (mark > 0 ? entry.mid(mark + 1) : QString());
  }
  free_lookup_list(sharedDictionary(), entries);
  return subscripts;
}

void LinkGrammarSession::setTimeLimit(int seconds) { parse_options_set_max_parse_time(opts(m_options), std::max(seconds, 1)); }

LinkGrammarResult LinkGrammarSession::parse(const QString &input, bool allowNulls) {
  LinkGrammarResult result;
  lg_error_set_handler(quietHandler, nullptr);
  Parse_Options o = opts(m_options);
  const QByteArray utf8 = input.toUtf8();
  Sentence sentence = sentence_create(utf8.constData(), sharedDictionary());
  if (!sentence) return result;
  int found = 0;
  if (sentence_split(sentence, o) >= 0) {
    // Complete linkages first; only when none exists, allow null links (words left unlinked).
    parse_options_reset_resources(o);
    parse_options_set_min_null_count(o, 0);
    parse_options_set_max_null_count(o, 0);
    found = sentence_parse(sentence, o);
    result.timedOut = parse_options_timer_expired(o);
    if (found <= 0 && !result.timedOut && allowNulls) {
      parse_options_reset_resources(o);
      parse_options_set_min_null_count(o, 1);
      parse_options_set_max_null_count(o, sentence_length(sentence));
      found = sentence_parse(sentence, o);
      result.timedOut = parse_options_timer_expired(o);
    }
  }
  if (found > 0) {
    Linkage linkage = preferredLinkage(sentence, o, std::min(found, 10));
    if (linkage) {
      result.nullCount = sentence_null_count(sentence);
      const int count = static_cast<int>(linkage_get_num_words(linkage));
      const bool leftWall = count > 0 && qstrcmp(linkage_get_word(linkage, 0), "LEFT-WALL") == 0;
      const bool rightWall = count > 0 && qstrcmp(linkage_get_word(linkage, static_cast<WordIdx>(count - 1)), "RIGHT-WALL") == 0;
      const int first = leftWall ? 1 : 0, last = rightWall ? count - 1 : count;
      const std::vector<int> index = byteToIndex(input);
      const auto at = [&](std::size_t byte) { return index[std::min(byte, index.size() - 1)]; };
      for (int w = first; w < last; ++w) {
        const auto wi = static_cast<WordIdx>(w);
        result.words.push_back({QString::fromUtf8(linkage_get_word(linkage, wi)), at(linkage_get_word_byte_start(linkage, wi)),
                                at(linkage_get_word_byte_end(linkage, wi))});
      }
      const int words = last - first;
      const auto map = [&](std::size_t w) {
        const int i = static_cast<int>(w) - first;
        return i < 0 ? -1 : std::min(i, words);
      };
      for (LinkIdx k = 0; k < linkage_get_num_links(linkage); ++k)
        result.links.push_back({map(linkage_get_link_lword(linkage, k)), map(linkage_get_link_rword(linkage, k)),
                                QString::fromLatin1(linkage_get_link_label(linkage, k))});
      char *tree = linkage_print_constituent_tree(linkage, SINGLE_LINE);
      if (tree) {
        result.constituents = QString::fromUtf8(tree);
        linkage_free_constituent_tree_str(tree);
      }
      linkage_delete(linkage);
    }
  }
  sentence_delete(sentence);
  return result;
}

}  // namespace gs::detail
