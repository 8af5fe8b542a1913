#pragma once
// Our hand-checked UD trees of real captions (tests/data/flickr8k-captions-ud.conllu). The file
// holds only the annotation — ids, heads, relations, and each token's character range in the
// caption (MISC TokenRange=from:to); the caption text is Flickr8k's, read from its own
// Flickr8k.token.txt by caption id ("# sent_id = 1000268201_693b08cb0e.jpg#0"), so nothing of the
// dataset is copied into this repository.

#include "parse/conllu.h"

#include <map>

namespace gs {

// Caption id → text from a Flickr8k.token.txt ("ID#N<TAB>caption" per line). Throws
// std::runtime_error naming the file and line when it cannot be read or a line has no tab.
std::map<QString, QString> readFlickr8kCaptions(const QString &tokenFile);

// Fills `text` and every FORM of the sentences read from `goldPath` from the captions. Throws
// std::runtime_error naming goldPath and the sentence's line when its caption id is missing, a
// token has no TokenRange, or a range falls outside the caption.
void fillFormsFromCaptions(std::vector<ConlluSentence> &sentences, const std::map<QString, QString> &captions, const QString &goldPath);

}  // namespace gs
