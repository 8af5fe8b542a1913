// The subword tokenizers of imported text encoders, on small hand-made vocabularies whose outputs
// are worked out by hand below: BERT's WordPiece, GPT-2's and CLIP's byte-level BPE, and a
// SentencePiece model trained here on three sentences. Every malformed file must be named in
// the error, with its line where one is at fault.

#include "text/bytebpe.h"
#include "text/texttokenizer.h"
#include "text/wordpiece.h"

#include "sentencepiecetrainer.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <stdexcept>

using namespace gs;

namespace {

using Ids = QList<qint64>;

void writeFile(const QString &path, const QByteArray &bytes) {
  QFile file(path);
  QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(path));
  file.write(bytes);
}

template <typename F>
QString errorOf(F run) {
  try {
    run();
  } catch (const std::exception &error) {
    return QString::fromStdString(error.what());
  }
  return {};
}

Ids list(const std::vector<std::int64_t> &values) { return Ids(values.begin(), values.end()); }

// `ids` followed by `pad` up to `length`.
Ids padded(Ids ids, int length, qint64 pad) {
  while (ids.size() < length) ids << pad;
  return ids;
}

Ids maskOf(int tokens, int length) {
  Ids mask(tokens, 1);
  while (mask.size() < length) mask << 0;
  return mask;
}

// --- WordPiece ------------------------------------------------------------------------------------

// id = line index. [PAD] is not 0, so padding shows which id it used.
const char kWordPieceVocabulary[] = "[UNK]\n[CLS]\n[SEP]\n[PAD]\n" // 0-3
                                    "a\ndog\n,\nrunning\n!\n"     // 4-8
                                    "cafe\nnaive\n"              // 9-10
                                    "un\n##aff\n##able\n##a\n"   // 11-14
                                    "\xe7\x8b\x97\n$\n\xc2\xbf\n"  // 15 狗, 16 $, 17 ¿
                                    "Dog\nCaf\xc3\xa9\nrun\n##ning\n"; // 18-21 (Café composed)

// --- byte-level BPE fixtures ------------------------------------------------------------------------

// GPT-2's byte table written out again for the fixtures: the printable bytes '!'..'~', '¡'..'¬',
// '®'..'ÿ' are themselves, the others U+0100 onwards in byte order; the vocabulary lists the
// printable ones first. So '!' is 0, 'a' is 97 − 33 = 64, ' ' is U+0120 "Ġ" with id 188 + 32 = 220
// and '\n' is U+010A "Ċ" with id 198, as in GPT-2's own vocabulary.
bool printable(int byte) { return (byte >= 33 && byte <= 126) || (byte >= 0xA1 && byte <= 0xAC) || byte >= 0xAE; }

QStringList byteSymbolsInVocabularyOrder() {
  QStringList printables;
  QStringList others;
  int next = 256;
  for (int byte = 0; byte < 256; ++byte) {
    if (printable(byte))
      printables << QString(QChar(byte));
    else
      others << QString(QChar(next++));
  }
  return printables + others;
}

QByteArray vocabularyJson(const QStringList &tokens) {
  QJsonObject json;
  for (int id = 0; id < int(tokens.size()); ++id) json.insert(tokens[id], id);
  return QJsonDocument(json).toJson();
}

// GPT-2 merges by rank, and the worked examples:
//   "dog": d o g; pairs (d,o) rank 3, (o,g) rank 0 → d og; (d,og) is no merge → [d, og]. Merging
//          left to right instead would have given [do, g].
//   " dog": Ġ d o g → Ġ d og (rank 0) → Ġd og (rank 1) → Ġdog (rank 2).
//   "ooo": (o,o) rank 4 joins the first two only, without overlap → [oo, o].
const char kGpt2Merges[] = "#version: 0.2\no g\n\xc4\xa0 d\n\xc4\xa0\x64 og\nd o\no o\n";
const QStringList kGpt2Added{QStringLiteral("og"), QStringLiteral("\u0120d"), QStringLiteral("\u0120dog"),
                             QStringLiteral("do"), QStringLiteral("oo"), QStringLiteral("<|endoftext|>")};
const qint64 kOg = 256, kSpaceDog = 258, kOo = 260, kGpt2End = 261;
const qint64 kD = 67, kO = 78, kCapitalD = 35, kSpace = 220, kNewline = 198, kApostrophe = 6, kS = 82;

QByteArray gpt2Vocabulary() { return vocabularyJson(byteSymbolsInVocabularyOrder() + kGpt2Added); }

// CLIP's merges file: a header line, then merges by rank. Its vocabulary is the 256 byte symbols
// (ids 0–255), the same with "</w>" (256–511), the merges' results (512 "og</w>", 513 "do",
// 514 "dog</w>"), then <|startoftext|> 515 and <|endoftext|> 516. Worked examples:
//   "dog": d o g</w>; (d,o) rank 1, (o,g</w>) rank 0 → d og</w> → dog</w> (rank 2): [514].
//   "do": d o</w>; "d o" needs an o inside the word, "o</w>" ends it: [67, 256 + 78 = 334].
//   "dogs": d o g s</w>; (o,g) is no merge when g is not last: do g s</w> → [513, 70, 338].
const char kClipMerges[] = "\"bpe_simple_vocab_16e6.txt#version: 0.2\no g</w>\nd o\nd og</w>\n";
const qint64 kClipBegin = 515, kClipEnd = 516;

QByteArray clipVocabulary() {
  QStringList tokens = byteSymbolsInVocabularyOrder();
  for (int i = 0; i < 256; ++i) tokens << tokens[i] + QStringLiteral("</w>");
  tokens << QStringLiteral("og</w>") << QStringLiteral("do") << QStringLiteral("dog</w>")
         << QStringLiteral("<|startoftext|>") << QStringLiteral("<|endoftext|>");
  return vocabularyJson(tokens);
}

void appendLittleEndian(QByteArray &out, quint32 value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.append(char((value >> (8 * i)) & 0xFF));
}

quint32 crc32Of(const QByteArray &bytes) {
  quint32 crc = 0xFFFFFFFFu;
  for (const char c : bytes) {
    crc ^= quint8(c);
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

// A gzip member (RFC 1952) holding `data` in stored deflate blocks (RFC 1951, Sec. 3.2.4): a real
// gzip stream, written without a compressor.
QByteArray gzipStored(const QByteArray &data) {
  QByteArray out("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff", 10);
  qsizetype at = 0;
  do {
    const qsizetype size = std::min<qsizetype>(65535, data.size() - at);
    out.append(char(at + size == data.size() ? 1 : 0)); // BFINAL, BTYPE 00
    appendLittleEndian(out, quint32(size), 2);
    appendLittleEndian(out, quint32(~size & 0xFFFF), 2);
    out.append(data.mid(at, size));
    at += size;
  } while (at < data.size());
  appendLittleEndian(out, crc32Of(data), 4);
  appendLittleEndian(out, quint32(data.size()), 4);
  return out;
}

// The ids of a SentencePiece model's pieces, from the .vocab file its trainer writes beside it
// ("piece<TAB>score", id = line index).
QHash<QString, qint64> pieceIds(const QString &path) {
  QHash<QString, qint64> ids;
  QFile vocabulary(path);
  if (!vocabulary.open(QIODevice::ReadOnly)) return ids;
  for (qint64 line = 0; !vocabulary.atEnd(); ++line)
    ids.insert(QString::fromUtf8(vocabulary.readLine()).section(QLatin1Char('\t'), 0, 0), line);
  return ids;
}

struct Fixture {
  QTemporaryDir dir;
  QString path(const char *name) const { return dir.filePath(QLatin1String(name)); }
};

TokenizerSpec spec(TokenizerKind kind, const QString &vocabulary, const QString &merges, int contextLength) {
  TokenizerSpec result = TokenizerSpec::forKind(kind);
  result.vocabularyFile = vocabulary;
  result.mergesFile = merges;
  result.contextLength = contextLength;
  return result;
}

void checkEncoding(const TextTokenizer &tokenizer, const QString &text, const Ids &tokens, qint64 pad) {
  const TokenizedText encoded = tokenizer.encode(text);
  const int length = tokenizer.contextLength();
  QCOMPARE(list(encoded.ids), padded(tokens, length, pad));
  QCOMPARE(list(encoded.mask), maskOf(int(tokens.size()), length));
  QCOMPARE(encoded.pieces.size(), tokens.size());
}

}  // namespace

class TestSubwordTokenizers : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_files.dir.isValid());
    writeFile(m_files.path("vocab.txt"), kWordPieceVocabulary);
    writeFile(m_files.path("vocab.json"), gpt2Vocabulary());
    writeFile(m_files.path("merges.txt"), kGpt2Merges);
    writeFile(m_files.path("clip.txt.gz"), gzipStored(kClipMerges));
    writeFile(m_files.path("clip.txt"), kClipMerges);
    writeFile(m_files.path("clip-vocab.json"), clipVocabulary());
    writeFile(m_files.path("clip-merges.txt"), QByteArray("#version: 0.2\no g</w>\nd o\nd og</w>\n"));
  }

  void kindNames() {
    QCOMPARE(enumNames<TokenizerKind>(), (QStringList{QStringLiteral("wordpiece"), QStringLiteral("clip-bpe"),
                                                      QStringLiteral("gpt2-bpe"), QStringLiteral("sentencepiece")}));
    QVERIFY(!TokenizerSpec::forKind(TokenizerKind::Gpt2Bpe).lowerCase);
    QVERIFY(TokenizerSpec::forKind(TokenizerKind::ClipBpe).lowerCase);
    QCOMPARE(defaultSpecialTokens(TokenizerKind::WordPiece).begin, QStringLiteral("[CLS]"));
    QCOMPARE(defaultSpecialTokens(TokenizerKind::ClipBpe).pad, QString());
  }

  void specRoundTripsThroughJson() {
    TokenizerSpec original = spec(TokenizerKind::ClipBpe, {}, QStringLiteral("/m/clip.txt.gz"), 64);
    original.lowerCase = false;
    original.endToken = QString();
    original.padToken = QStringLiteral("<|endoftext|>");
    const TokenizerSpec back = TokenizerSpec::fromJson(original.toJson());
    QCOMPARE(back.kind, TokenizerKind::ClipBpe);
    QCOMPARE(back.vocabularyFile, QString());
    QCOMPARE(back.mergesFile, original.mergesFile);
    QCOMPARE(back.lowerCase, false);
    QCOMPARE(back.contextLength, 64);
    QVERIFY(!back.beginToken);
    QVERIFY(back.endToken && back.endToken->isEmpty());
    QCOMPARE(back.padToken.value_or(QString()), QStringLiteral("<|endoftext|>"));
    QCOMPARE(back.specialTokens().begin, QStringLiteral("<|startoftext|>"));
    QCOMPARE(back.specialTokens().end, QString());
    // An absent key keeps the kind's default.
    const TokenizerSpec gpt2 = TokenizerSpec::fromJson(QJsonObject{{QStringLiteral("kind"), QStringLiteral("gpt2-bpe")}});
    QCOMPARE(gpt2.lowerCase, false);
    QCOMPARE(gpt2.contextLength, 77);
  }

  void badSpecJsonNamesTheKey_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no kind") << QByteArray(R"({"vocabulary": "v"})") << QStringLiteral("'kind' is missing");
    QTest::newRow("unknown kind") << QByteArray(R"({"kind": "bpe"})") << QStringLiteral("unknown kind 'bpe'");
    QTest::newRow("unknown key") << QByteArray(R"({"kind": "wordpiece", "lowercase": true})")
                                 << QStringLiteral("unknown key 'lowercase'");
    QTest::newRow("fractional length") << QByteArray(R"({"kind": "wordpiece", "context_length": 7.5})")
                                       << QStringLiteral("'context_length'");
    QTest::newRow("string flag") << QByteArray(R"({"kind": "wordpiece", "lower_case": "yes"})")
                                 << QStringLiteral("'lower_case'");
    QTest::newRow("numeric token") << QByteArray(R"({"kind": "wordpiece", "pad_token": 0})")
                                   << QStringLiteral("'pad_token' must be a string");
  }

  void badSpecJsonNamesTheKey() {
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const QString error = errorOf([&] { TokenizerSpec::fromJson(QJsonDocument::fromJson(json).object()); });
    QVERIFY2(error.startsWith(QStringLiteral("tokenizer spec: ")) && error.contains(expected), qPrintable(error));
  }

  void bertBasicTokens_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("lowerCase");
    QTest::addColumn<QStringList>("tokens");
    QTest::newRow("punctuation") << QStringLiteral("a dog, running!") << true
                                 << QStringList{QStringLiteral("a"), QStringLiteral("dog"), QStringLiteral(","),
                                                QStringLiteral("running"), QStringLiteral("!")};
    QTest::newRow("accents stripped") << QStringLiteral("Caf\u00e9 na\u00efve") << true
                                      << QStringList{QStringLiteral("cafe"), QStringLiteral("naive")};
    QTest::newRow("accents kept when cased") << QStringLiteral("Caf\u00e9") << false
                                             << QStringList{QStringLiteral("Caf\u00e9")};
    QTest::newRow("decomposed made composed") << QStringLiteral("Cafe\u0301") << false
                                              << QStringList{QStringLiteral("Caf\u00e9")};
    QTest::newRow("controls dropped") << QStringLiteral("d\u200bo\u0007g\ufffd \tdog\n") << true
                                      << QStringList{QStringLiteral("dog"), QStringLiteral("dog")};
    QTest::newRow("CJK spaced") << QStringLiteral("\u72d7\u72d7dog") << true
                                << QStringList{QStringLiteral("\u72d7"), QStringLiteral("\u72d7"), QStringLiteral("dog")};
    QTest::newRow("ASCII symbols split") << QStringLiteral("5$ a^b") << true
                                         << QStringList{QStringLiteral("5"), QStringLiteral("$"), QStringLiteral("a"),
                                                        QStringLiteral("^"), QStringLiteral("b")};
    QTest::newRow("Unicode punctuation split") << QStringLiteral("\u00bfdog\u2014cat") << true
                                               << QStringList{QStringLiteral("\u00bf"), QStringLiteral("dog"),
                                                              QStringLiteral("\u2014"), QStringLiteral("cat")};
  }

  void bertBasicTokens() {
    QFETCH(QString, text);
    QFETCH(bool, lowerCase);
    QFETCH(QStringList, tokens);
    QCOMPARE(gs::bertBasicTokens(text, lowerCase), tokens);
  }

  void wordPiece_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("lowerCase");
    QTest::addColumn<Ids>("ids"); // without padding; [CLS] 1 … [SEP] 2
    QTest::newRow("punctuation") << QStringLiteral("a dog, running!") << true << Ids{1, 4, 5, 6, 7, 8, 2};
    QTest::newRow("accents") << QStringLiteral("Caf\u00e9 na\u00efve") << true << Ids{1, 9, 10, 2};
    QTest::newRow("cased keeps accents") << QStringLiteral("Caf\u00e9") << false << Ids{1, 19, 2};
    QTest::newRow("cased keeps capitals") << QStringLiteral("Dog dog") << false << Ids{1, 18, 5, 2};
    QTest::newRow("uncased") << QStringLiteral("Dog") << true << Ids{1, 5, 2};
    QTest::newRow("unknown word") << QStringLiteral("a zebra") << true << Ids{1, 4, 0, 2};
    QTest::newRow("several pieces") << QStringLiteral("unaffable") << true << Ids{1, 11, 12, 13, 2};
    // "un" matches, but nothing continues "x": the whole word is unknown, not "un [UNK]".
    QTest::newRow("unspellable rest") << QStringLiteral("unx") << true << Ids{1, 0, 2};
    // The longest entry first: "running", not "run ##ning"; "runs" has no "##s".
    QTest::newRow("longest first") << QStringLiteral("running runs") << true << Ids{1, 7, 0, 2};
    QTest::newRow("CJK") << QStringLiteral("\u72d7dog") << true << Ids{1, 15, 5, 2};
    QTest::newRow("symbols") << QStringLiteral("\u00bfdog$") << true << Ids{1, 17, 5, 16, 2};
    QTest::newRow("empty") << QString() << true << Ids{1, 2};
  }

  void wordPiece() {
    QFETCH(QString, text);
    QFETCH(bool, lowerCase);
    QFETCH(Ids, ids);
    TokenizerSpec wordPieceSpec = spec(TokenizerKind::WordPiece, m_files.path("vocab.txt"), {}, 16);
    wordPieceSpec.lowerCase = lowerCase;
    const std::unique_ptr<TextTokenizer> tokenizer = openTokenizer(wordPieceSpec);
    QCOMPARE(tokenizer->vocabularySize(), 22);
    checkEncoding(*tokenizer, text, ids, 3);
  }

  void wordPiecePieces() {
    const auto tokenizer = openTokenizer(spec(TokenizerKind::WordPiece, m_files.path("vocab.txt"), {}, 16));
    QCOMPARE(tokenizer->encode(QStringLiteral("Unaffable zebra!")).pieces,
             (QStringList{QStringLiteral("[CLS]"), QStringLiteral("un"), QStringLiteral("##aff"),
                          QStringLiteral("##able"), QStringLiteral("[UNK]"), QStringLiteral("!"),
                          QStringLiteral("[SEP]")}));
  }

  // BERT spells words of at most 100 characters: 100 a's are "a" and 99 "##a", 101 are unknown.
  void wordPieceLongWord() {
    const auto tokenizer = openTokenizer(spec(TokenizerKind::WordPiece, m_files.path("vocab.txt"), {}, 128));
    Ids hundred{1, 4};
    for (int i = 0; i < 99; ++i) hundred << 14;
    hundred << 2;
    checkEncoding(*tokenizer, QString(100, QLatin1Char('a')), hundred, 3);
    checkEncoding(*tokenizer, QString(101, QLatin1Char('a')), Ids{1, 0, 2}, 3);
  }

  void contextLengthCut() {
    const QString vocabulary = m_files.path("vocab.txt");
    // Seven tokens into five: the first three of the text stay, [SEP] still ends it.
    const auto five = openTokenizer(spec(TokenizerKind::WordPiece, vocabulary, {}, 5));
    const TokenizedText cut = five->encode(QStringLiteral("a dog, running!"));
    QCOMPARE(list(cut.ids), (Ids{1, 4, 5, 6, 2}));
    QCOMPARE(list(cut.mask), (Ids{1, 1, 1, 1, 1}));
    QCOMPARE(cut.pieces, (QStringList{QStringLiteral("[CLS]"), QStringLiteral("a"), QStringLiteral("dog"),
                                      QStringLiteral(","), QStringLiteral("[SEP]")}));
    const auto six = openTokenizer(spec(TokenizerKind::WordPiece, vocabulary, {}, 6));
    const TokenizedText short_ = six->encode(QStringLiteral("a dog"));
    QCOMPARE(list(short_.ids), (Ids{1, 4, 5, 2, 3, 3}));
    QCOMPARE(list(short_.mask), (Ids{1, 1, 1, 1, 0, 0}));
    QCOMPARE(short_.pieces.size(), 4);
    const auto two = openTokenizer(spec(TokenizerKind::WordPiece, vocabulary, {}, 2));
    QCOMPARE(list(two->encode(QStringLiteral("a dog")).ids), (Ids{1, 2}));
    // No room for [CLS] and [SEP].
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, openTokenizer(spec(TokenizerKind::WordPiece, vocabulary, {}, 1)));
    // Without an end token the cut keeps the first tokens.
    TokenizerSpec noEnd = spec(TokenizerKind::WordPiece, vocabulary, {}, 3);
    noEnd.endToken = QString();
    QCOMPARE(list(openTokenizer(noEnd)->encode(QStringLiteral("a dog, running!")).ids), (Ids{1, 4, 5}));
  }

  void bpeMergesByRank() {
    const ByteBpeTokenizer tokenizer(spec(TokenizerKind::Gpt2Bpe, m_files.path("vocab.json"), m_files.path("merges.txt"), 8));
    const auto split = [](const char *word) { return QString::fromUtf8(word).split(QLatin1Char(' ')); };
    QCOMPARE(tokenizer.merged(split("d o g")), split("d og"));
    QCOMPARE(tokenizer.merged(split("\xc4\xa0 d o g")), split("\xc4\xa0\x64og"));
    QCOMPARE(tokenizer.merged(split("o o o")), split("oo o"));
    QCOMPARE(tokenizer.merged(split("o o o o")), split("oo oo"));
  }

  void gpt2Bpe_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<Ids>("ids"); // without padding; <|endoftext|> ends the text
    QTest::newRow("first word has no space") << QStringLiteral("dog") << Ids{kD, kOg, kGpt2End};
    QTest::newRow("leading space merges in") << QStringLiteral("dog dog") << Ids{kD, kOg, kSpaceDog, kGpt2End};
    // "\s+(?!\S)": of two spaces the first is a word of its own, the second goes with "dog".
    QTest::newRow("two spaces") << QStringLiteral("dog  dog") << Ids{kD, kOg, kSpace, kSpaceDog, kGpt2End};
    QTest::newRow("newline") << QStringLiteral("dog\n") << Ids{kD, kOg, kNewline, kGpt2End};
    QTest::newRow("contraction") << QStringLiteral("dog's") << Ids{kD, kOg, kApostrophe, kS, kGpt2End};
    QTest::newRow("cased") << QStringLiteral("Dog") << Ids{kCapitalD, kOg, kGpt2End};
    QTest::newRow("no overlap") << QStringLiteral("ooo") << Ids{kOo, kO, kGpt2End};
    // "é" is UTF-8 C3 A9: "Ã" (0xC3, a printable byte: 106 + 0xC3 − 0xAE = 127) and "©" (94 + 0xA9 − 0xA1 = 102).
    QTest::newRow("UTF-8 bytes") << QStringLiteral("\u00e9") << Ids{127, 102, kGpt2End};
  }

  void gpt2Bpe() {
    QFETCH(QString, text);
    QFETCH(Ids, ids);
    const auto tokenizer = openTokenizer(spec(TokenizerKind::Gpt2Bpe, m_files.path("vocab.json"), m_files.path("merges.txt"), 8));
    QCOMPARE(tokenizer->vocabularySize(), 262);
    QVERIFY(!tokenizer->beginId());
    checkEncoding(*tokenizer, text, ids, kGpt2End);
  }

  void gpt2Pieces() {
    const auto tokenizer = openTokenizer(spec(TokenizerKind::Gpt2Bpe, m_files.path("vocab.json"), m_files.path("merges.txt"), 8));
    QCOMPARE(tokenizer->encode(QStringLiteral("dog dog")).pieces,
             (QStringList{QStringLiteral("d"), QStringLiteral("og"), QStringLiteral("\u0120dog"),
                          QStringLiteral("<|endoftext|>")}));
  }

  void clipBpe_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<Ids>("ids"); // without padding
    // "a</w>" 256 + 64, "!</w>" 256 + 0; lower-cased, whitespace dropped.
    QTest::newRow("words and punctuation") << QStringLiteral("A  dog!") << Ids{kClipBegin, 320, 514, 256, kClipEnd};
    QTest::newRow("word ends") << QStringLiteral("do dogs") << Ids{kClipBegin, 67, 334, 513, 70, 338, kClipEnd};
    // Digits are words of one digit each: "2</w>" = 256 + 17.
    QTest::newRow("digits") << QStringLiteral("22") << Ids{kClipBegin, 273, 273, kClipEnd};
    QTest::newRow("special token in text") << QStringLiteral("dog<|endoftext|>") << Ids{kClipBegin, 514, kClipEnd, kClipEnd};
    QTest::newRow("contraction") << QStringLiteral("dog's") << Ids{kClipBegin, 514, 6, 338, kClipEnd};
    // "é": "Ã" 127, then "©</w>" 256 + 102.
    QTest::newRow("UTF-8 bytes") << QStringLiteral("\u00e9") << Ids{kClipBegin, 127, 358, kClipEnd};
    QTest::newRow("empty") << QStringLiteral("   ") << Ids{kClipBegin, kClipEnd};
  }

  // The same tokens from CLIP's gzip file, the same file inflated, and vocab.json + merges.txt.
  void clipBpe() {
    QFETCH(QString, text);
    QFETCH(Ids, ids);
    const QList<TokenizerSpec> specs{spec(TokenizerKind::ClipBpe, {}, m_files.path("clip.txt.gz"), 10),
                                     spec(TokenizerKind::ClipBpe, {}, m_files.path("clip.txt"), 10),
                                     spec(TokenizerKind::ClipBpe, m_files.path("clip-vocab.json"),
                                          m_files.path("clip-merges.txt"), 10)};
    for (const TokenizerSpec &clipSpec : specs) {
      const auto tokenizer = openTokenizer(clipSpec);
      QCOMPARE(tokenizer->vocabularySize(), 517);
      checkEncoding(*tokenizer, text, ids, 0); // CLIP pads with id 0
    }
  }

  void clipPiecesAndCut() {
    const auto tokenizer = openTokenizer(spec(TokenizerKind::ClipBpe, {}, m_files.path("clip.txt.gz"), 4));
    const TokenizedText cut = tokenizer->encode(QStringLiteral("a dog do"));
    QCOMPARE(list(cut.ids), (Ids{kClipBegin, 320, 514, kClipEnd}));
    QCOMPARE(list(cut.mask), (Ids{1, 1, 1, 1}));
    QCOMPARE(cut.pieces, (QStringList{QStringLiteral("<|startoftext|>"), QStringLiteral("a</w>"),
                                      QStringLiteral("dog</w>"), QStringLiteral("<|endoftext|>")}));
  }

  void sentencePiece() {
    const QString corpus = m_files.path("corpus.txt");
    writeFile(corpus, "a dog runs\nthe dog and a cat\nab ab ba\n");
    // A character model: its pieces are the corpus's characters and "▁" (a word start), so the
    // expected segmentation is known; ids come from the .vocab file the trainer writes.
    const auto train = [&](const char *prefix, const char *options) {
      const QString args = QStringLiteral("--input=%1 --model_prefix=%2 --vocab_size=30 --model_type=char "
                                          "--character_coverage=1.0 --minloglevel=2 %3")
                               .arg(corpus, m_files.path(prefix), QLatin1String(options));
      return trainSentencePiece(args);
    };
    for (const QString &failure : {train("withpad", "--pad_id=3"), train("nopad", "")})
      if (!failure.isEmpty()) QSKIP(qPrintable(QStringLiteral("SentencePiece cannot train here: ") + failure));
    const QHash<QString, qint64> ids = pieceIds(m_files.path("withpad.vocab"));
    const qint64 word = ids.value(QStringLiteral("\u2581")), a = ids.value(QStringLiteral("a")),
                 b = ids.value(QStringLiteral("b")), eos = ids.value(QStringLiteral("</s>"));
    QCOMPARE(eos, 2); // the trainer's default: <unk> 0, <s> 1, </s> 2

    TokenizerSpec withPad = spec(TokenizerKind::SentencePiece, m_files.path("withpad.model"), {}, 8);
    const auto tokenizer = openTokenizer(withPad);
    const TokenizedText encoded = tokenizer->encode(QStringLiteral("ab a"));
    QCOMPARE(list(encoded.ids), (Ids{word, a, b, word, a, eos, 3, 3}));
    QCOMPARE(list(encoded.mask), (Ids{1, 1, 1, 1, 1, 1, 0, 0}));
    QCOMPARE(encoded.pieces, (QStringList{QStringLiteral("\u2581"), QStringLiteral("a"), QStringLiteral("b"),
                                          QStringLiteral("\u2581"), QStringLiteral("a"), QStringLiteral("</s>")}));
    QCOMPARE(tokenizer->vocabularySize(), int(ids.size()));
    // Cased by default: "A" is unknown (0); lower-cased it is "a".
    QCOMPARE(list(tokenizer->encode(QStringLiteral("A")).ids).mid(0, 3), (Ids{word, 0, eos}));
    withPad.lowerCase = true;
    QCOMPARE(list(openTokenizer(withPad)->encode(QStringLiteral("A")).ids).mid(0, 3), (Ids{word, a, eos}));
    // Cut to four: eos still last.
    withPad.contextLength = 4;
    QCOMPARE(list(openTokenizer(withPad)->encode(QStringLiteral("ab a")).ids), (Ids{word, a, b, eos}));
    // No eos, a begin token by name.
    withPad.endToken = QString();
    withPad.beginToken = QStringLiteral("<s>");
    QCOMPARE(list(openTokenizer(withPad)->encode(QStringLiteral("ab")).ids), (Ids{1, word, a, b}));
    // A model without a pad id pads with eos.
    const QHash<QString, qint64> noPadIds = pieceIds(m_files.path("nopad.vocab"));
    QCOMPARE(noPadIds.value(QStringLiteral("</s>")), eos);
    const auto noPad = openTokenizer(spec(TokenizerKind::SentencePiece, m_files.path("nopad.model"), {}, 5));
    QCOMPARE(list(noPad->encode(QStringLiteral("a")).ids),
             (Ids{noPadIds.value(QStringLiteral("\u2581")), noPadIds.value(QStringLiteral("a")), eos, eos, eos}));
    QCOMPARE(list(noPad->encode(QStringLiteral("a")).mask), (Ids{1, 1, 1, 0, 0}));
    // A named token the model lacks.
    withPad.beginToken = QStringLiteral("<nope>");
    const QString error = errorOf([&] { openTokenizer(withPad); });
    QVERIFY2(error.contains(m_files.path("withpad.model")) && error.contains(QStringLiteral("'<nope>'")), qPrintable(error));
  }

  void malformedFilesAreNamed_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("vocabularyName"); // "" leaves the spec's vocabulary file empty
    QTest::addColumn<QByteArray>("vocabulary");  // null: the file is not written
    QTest::addColumn<QString>("mergesName");
    QTest::addColumn<QByteArray>("merges");
    QTest::addColumn<QStringList>("expected"); // fragments of the message
    const QString wp = QStringLiteral("wordpiece"), gpt2 = QStringLiteral("gpt2-bpe"), clip = QStringLiteral("clip-bpe"),
                  sp = QStringLiteral("sentencepiece");
    const QString vocabTxt = QStringLiteral("vocab.txt"), vocabJson = QStringLiteral("vocab.json"),
                  mergesTxt = QStringLiteral("merges.txt"), clipGz = QStringLiteral("clip.txt.gz");
    const QByteArray none;
    const QByteArray gpt2Vocabulary = ::gpt2Vocabulary();
    QTest::newRow("vocab.txt empty") << wp << vocabTxt << QByteArray("") << QString() << none
                                     << QStringList{QStringLiteral("vocab.txt: is empty")};
    QTest::newRow("vocab.txt repeats a token")
        << wp << vocabTxt << QByteArray("[UNK]\n[CLS]\n[SEP]\n[PAD]\na\ndog\na\n") << QString() << none
        << QStringList{QStringLiteral("vocab.txt:7:"), QStringLiteral("repeats line 5")};
    QTest::newRow("vocab.txt lacks [CLS]") << wp << vocabTxt << QByteArray("[UNK]\n[SEP]\n[PAD]\n") << QString() << none
                                           << QStringList{QStringLiteral("vocab.txt"), QStringLiteral("'[CLS]'")};
    QTest::newRow("vocab.txt missing") << wp << QStringLiteral("absent.txt") << none << QString() << none
                                       << QStringList{QStringLiteral("absent.txt: cannot open")};
    QTest::newRow("merge of three") << gpt2 << vocabJson << gpt2Vocabulary << mergesTxt
                                    << QByteArray("#version: 0.2\no g\n\xc4\xa0 d x\n")
                                    << QStringList{QStringLiteral("merges.txt:3:"), QStringLiteral("found 3")};
    QTest::newRow("merge of one") << gpt2 << vocabJson << gpt2Vocabulary << mergesTxt << QByteArray("o g\nog\n")
                                  << QStringList{QStringLiteral("merges.txt:2:"), QStringLiteral("found 1")};
    QTest::newRow("merge result missing") << gpt2 << vocabJson << gpt2Vocabulary << mergesTxt
                                          << QByteArray("#version: 0.2\no g\nx y\n")
                                          << QStringList{QStringLiteral("merges.txt:3:"), QStringLiteral("'xy'"),
                                                         QStringLiteral("vocab.json lacks")};
    QTest::newRow("vocab.json a list") << gpt2 << vocabJson << QByteArray("[1, 2]") << mergesTxt << QByteArray("")
                                       << QStringList{QStringLiteral("vocab.json:"), QStringLiteral("expected a JSON object")};
    QTest::newRow("vocab.json syntax") << gpt2 << vocabJson << QByteArray("{\"a\": 1,\n \"b\" 2}") << mergesTxt
                                       << QByteArray("") << QStringList{QStringLiteral("vocab.json:2:")};
    QTest::newRow("vocab.json string id") << gpt2 << vocabJson << QByteArray(R"({"a": "x"})") << mergesTxt
                                          << QByteArray("")
                                          << QStringList{QStringLiteral("vocab.json: 'a' maps to \"x\"")};
    QTest::newRow("vocab.json fractional id") << gpt2 << vocabJson << QByteArray(R"({"a": 1.5})") << mergesTxt
                                              << QByteArray("") << QStringList{QStringLiteral("vocab.json: 'a' maps to 1.5")};
    QTest::newRow("vocab.json lacks bytes")
        << gpt2 << vocabJson << QByteArray(R"({"<|endoftext|>": 0})") << mergesTxt << QByteArray("")
        << QStringList{QStringLiteral("vocab.json: lacks the symbol"), QStringLiteral("byte 0x00")};
    QTest::newRow("vocab.json lacks end token")
        << gpt2 << vocabJson << vocabularyJson(byteSymbolsInVocabularyOrder()) << mergesTxt << QByteArray("")
        << QStringList{QStringLiteral("vocab.json: lacks the special token '<|endoftext|>'")};
    QTest::newRow("merges.txt missing") << gpt2 << vocabJson << gpt2Vocabulary << QStringLiteral("absent.txt") << none
                                        << QStringList{QStringLiteral("absent.txt: cannot open")};
    QTest::newRow("CLIP merge of three") << clip << QString() << none << clipGz
                                         << gzipStored("header\no g</w>\nd o g\n")
                                         << QStringList{QStringLiteral("clip.txt.gz:3:")};
    QTest::newRow("CLIP gzip corrupt") << clip << QString() << none << clipGz
                                       << QByteArray("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff\x07garbage", 18)
                                       << QStringList{QStringLiteral("clip.txt.gz: cannot inflate")};
    QTest::newRow("CLIP gzip truncated") << clip << QString() << none << clipGz
                                         << gzipStored(kClipMerges).left(30)
                                         << QStringList{QStringLiteral("clip.txt.gz: cannot inflate"),
                                                        QStringLiteral("truncated")};
    QTest::newRow("model missing") << sp << QStringLiteral("absent.model") << none << QString() << none
                                   << QStringList{QStringLiteral("absent.model")};
    QTest::newRow("model not a model") << sp << QStringLiteral("bad.model") << QByteArray("not a protobuf\n")
                                       << QString() << none << QStringList{QStringLiteral("bad.model")};
  }

  void malformedFilesAreNamed() {
    QFETCH(QString, kind);
    QFETCH(QString, vocabularyName);
    QFETCH(QByteArray, vocabulary);
    QFETCH(QString, mergesName);
    QFETCH(QByteArray, merges);
    QFETCH(QStringList, expected);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    TokenizerSpec badSpec = TokenizerSpec::forKind(*enumFromName<TokenizerKind>(kind));
    if (!vocabularyName.isEmpty()) badSpec.vocabularyFile = dir.filePath(vocabularyName);
    if (!mergesName.isEmpty()) badSpec.mergesFile = dir.filePath(mergesName);
    if (!vocabulary.isNull()) writeFile(badSpec.vocabularyFile, vocabulary);
    if (!merges.isNull()) writeFile(badSpec.mergesFile, merges);
    QString error;
    try {
      openTokenizer(badSpec);
    } catch (const std::runtime_error &e) {
      error = QString::fromStdString(e.what());
    }
    QVERIFY2(!error.isEmpty(), "no std::runtime_error");
    QVERIFY2(error.startsWith(dir.path()), qPrintable(error));
    for (const QString &fragment : expected) QVERIFY2(error.contains(fragment), qPrintable(error));
  }

  void specWithoutFilesIsRejected() {
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, openTokenizer(TokenizerSpec::forKind(TokenizerKind::WordPiece)));
    TokenizerSpec gpt2 = TokenizerSpec::forKind(TokenizerKind::Gpt2Bpe);
    gpt2.vocabularyFile = m_files.path("vocab.json");
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, openTokenizer(gpt2));
  }

private:
  Fixture m_files;
};

QTEST_GUILESS_MAIN(TestSubwordTokenizers)
#include "tst_subwordtokenizers.moc"
