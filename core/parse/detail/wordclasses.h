#pragma once
// Closed word classes and part-of-speech guesses the linkage conversion relies on.

#include "parse/detail/linkconverter.h"

#include <QSet>
#include <QString>

namespace gs::detail {

bool isPunctuation(const QString &form); // every character punctuation or symbol
bool isNumber(const QString &lower);     // digits ("3", "2.5", "10-15") or a number word
bool isNominal(const QString &upos);     // NOUN, PROPN, PRON, NUM

const QSet<QString> &determiners();
const QSet<QString> &possessivePronouns();
const QSet<QString> &pronouns();
const QSet<QString> &prepositions();
const QSet<QString> &beForms();
const QSet<QString> &whAdverbs();
// Verbs whose object takes a bare infinitive ("let me know", "made him laugh", "help us win"):
// Link Grammar's I link from them is a complement, not an auxiliary's.
const QSet<QString> &bareInfinitiveVerbs();

}  // namespace gs::detail
