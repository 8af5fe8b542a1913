#include "analysis/captionconcepts.h"

#include "io/enumnames.h"
#include "parse/compactparse.h"
#include "vision/conceptvocabulary.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <stdexcept>

namespace gs {

const char *conceptSourceDescription(ConceptSource source) {
  switch (source) {
  case ConceptSource::GroundTruth: return QT_TRANSLATE_NOOP("ConceptSource", "the dataset's ground truth");
  case ConceptSource::Predicted: return QT_TRANSLATE_NOOP("ConceptSource", "the concept CNN's predictions");
  case ConceptSource::CaptionConsensus: return QT_TRANSLATE_NOOP("ConceptSource", "the nouns most of each image's captions use");
  case ConceptSource::None: break;
  }
  return QT_TRANSLATE_NOOP("ConceptSource", "none");
}

template <>
const std::vector<EnumName<ConceptSource>> &enumTable<ConceptSource>() {
  static const std::vector<EnumName<ConceptSource>> table{{ConceptSource::None, QStringLiteral("none")},
                                                          {ConceptSource::GroundTruth, QStringLiteral("ground_truth")},
                                                          {ConceptSource::Predicted, QStringLiteral("predicted")},
                                                          {ConceptSource::CaptionConsensus, QStringLiteral("caption_consensus")}};
  return table;
}

namespace {

// Per image: how many captions use each noun lemma, and how often each written form occurs.
struct NounCounts {
  int captions = 0;
  QHash<QString, int> lemmaCaptions;
  QHash<QString, QHash<QString, int>> forms;
};

void countNouns(const ParsedCaption &caption, NounCounts &counts) {
  counts.captions += 1;
  QSet<QString> seen;
  for (int t = 0; t < caption.tokens.size() && t < caption.upos.size(); ++t) {
    if (caption.upos.at(t) != QLatin1String("NOUN")) continue;
    const QString word = caption.tokens.at(t).toLower();
    const QString lemma = conceptLemma(word);
    counts.forms[lemma][word] += 1;
    if (!seen.contains(lemma)) counts.lemmaCaptions[lemma] += 1;
    seen.insert(lemma);
  }
}

QString commonestForm(const QHash<QString, int> &forms) {
  QString best;
  int most = 0;
  for (auto it = forms.cbegin(); it != forms.cend(); ++it)
    if (it.value() > most || (it.value() == most && it.key() < best)) {
      best = it.key();
      most = it.value();
    }
  return best;
}

}  // namespace

std::vector<QStringList> captionConsensusConcepts(const std::vector<CompactParse> &captions, const std::vector<int> &captionImage,
                                                  int images) {
  if (captions.size() != captionImage.size())
    throw std::invalid_argument("captionConsensusConcepts: " + std::to_string(captions.size()) + " captions but " +
                                std::to_string(captionImage.size()) + " image rows");
  std::vector<NounCounts> counts(std::size_t(std::max(images, 0)));
  for (std::size_t c = 0; c < captions.size(); ++c) {
    const int image = captionImage[c];
    if (image >= 0 && image < images) countNouns(captions[c].expand(), counts[std::size_t(image)]);
  }
  std::vector<QStringList> concepts(counts.size());
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const NounCounts &n = counts[i];
    if (n.captions < 2) continue;
    for (auto it = n.lemmaCaptions.cbegin(); it != n.lemmaCaptions.cend(); ++it)
      if (2 * it.value() > n.captions) concepts[i] << commonestForm(n.forms.value(it.key()));
    concepts[i].sort();
  }
  return concepts;
}

}  // namespace gs
