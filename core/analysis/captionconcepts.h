#pragma once
// Concept labels for photos that have none: the nouns a majority of an image's captions use. Real
// caption datasets (Flickr8k, Flickr30k) give no object labels, and plausible-match retrieval
// (plausiblematches.h) needs some; PCME and ECCV Caption take COCO's object classes. Independent
// annotators agreeing on a noun is the nearest thing these datasets hold: "dog" named by three of
// five people is in the photo, a noun one person used may be an interpretation. Nouns are those the
// parser tags NOUN, unified over plural and singular by conceptLemma (conceptvocabulary.h) and
// shown in their most frequent written form. Torch-free.

#include "io/enumnames.h"

#include <QStringList>

#include <vector>

namespace gs {

class CompactParse;

// Where an analysis's image concepts come from.
enum class ConceptSource {
  None,             // no image has any
  GroundTruth,      // the dataset's labels (the demo's scene objects)
  Predicted,        // a concepts run's concept CNN (scores at or above its presence threshold)
  CaptionConsensus  // captionConsensusConcepts below
};
template <> const std::vector<EnumName<ConceptSource>> &enumTable<ConceptSource>();
// What the source is, in words, for a report: English, marked for translation in the context
// "ConceptSource" (the GUI passes it through QCoreApplication::translate).
const char *conceptSourceDescription(ConceptSource source);

// For each of `images` image rows, the nouns used by more than half of its captions (captionImage[c]
// is caption c's row, -1 for none); an image with fewer than two captions gets none, since one
// caption is no consensus. Sorted. Cost O(caption tokens). Throws std::invalid_argument when
// `captions` and `captionImage` differ in size.
std::vector<QStringList> captionConsensusConcepts(const std::vector<CompactParse> &captions, const std::vector<int> &captionImage,
                                                  int images);

}  // namespace gs
