#pragma once
// Caption tokenisation as Karpathy's split JSON files have it (neuraltalk's preprocessing):
// lower-cased word tokens, punctuation dropped. Hyphenated words ("t-shirt") and numbers ("3",
// "2.5") stay one token; apostrophes inside a word are dropped ("man's" → "mans"), as
// Karpathy's tokens do.

#include <QString>
#include <QStringList>

namespace gs {

// Cost O(length of caption). Never throws; an empty or punctuation-only caption gives {}.
QStringList tokenize(const QString &caption);

}  // namespace gs
