#include "vision/labelprior.h"

#include "vision/features.h"

#include <QDir>
#include <QHash>
#include <QFileInfo>

#include <algorithm>
#include <stdexcept>

namespace gs {

double LabelPrior::massOn(const float *feature, const std::vector<int> &classes) const {
  return massIn(head->probabilities(feature), classes);
}

double LabelPrior::massIn(const std::vector<float> &probabilities, const std::vector<int> &classes) {
  double mass = 0;
  for (int c : classes)
    if (c >= 0 && c < int(probabilities.size())) mass += probabilities[std::size_t(c)];
  return mass;
}

QString headNounOfWords(const QStringList &words) {
  for (auto it = words.rbegin(); it != words.rend(); ++it)
    if (std::any_of(it->begin(), it->end(), [](QChar c) { return c.isLetter(); })) return it->toLower();
  return {};
}

NounCoverage nounCoverage(const ClassCoverage &coverage, const QStringList &headNouns, int count) {
  NounCoverage result;
  QHash<QString, int> uncovered;
  for (const QString &noun : headNouns) {
    if (!coverage.classesOf(noun).empty()) ++result.covered;
    else ++uncovered[noun.toLower()];
  }
  QStringList nouns = uncovered.keys();
  std::sort(nouns.begin(), nouns.end(), [&](const QString &a, const QString &b) {
    return uncovered[a] != uncovered[b] ? uncovered[a] > uncovered[b] : a < b;
  });
  result.uncovered = nouns.mid(0, count);
  return result;
}

QString classLabelsBeside(const QString &modelPath) {
  const QDir folder = QFileInfo(modelPath).dir();
  for (const QString name : {QStringLiteral("imagenet_synsets.txt"), QStringLiteral("synset_words.txt"), QStringLiteral("synsets.txt"),
                             QStringLiteral("LOC_synset_mapping.txt")})
    if (folder.exists(name)) return folder.filePath(name);
  return {};
}

LabelPriorSource::LabelPriorSource(WordNet wordNet, std::vector<ClassLabel> labels, ClassHead head)
    : m_wordNet(std::move(wordNet)), m_labels(std::move(labels)), m_head(std::move(head)) {
  m_coverage = std::make_unique<ClassCoverage>(m_wordNet, m_labels);
  m_prior.coverage = m_coverage.get();
  m_prior.head = &m_head;
}

std::unique_ptr<LabelPriorSource> LabelPriorSource::open(const BackboneSpec &spec, const QStringList &samplePaths, const QString &featureFolder,
                                                         const QString &labelsPathIn, JobContext *job) {
  const QString labelsPath = labelsPathIn.isEmpty() ? classLabelsBeside(spec.path) : labelsPathIn;
  if (labelsPath.isEmpty())
    throw std::runtime_error(QStringLiteral("%1: no class list beside the model (imagenet_synsets.txt or synset_words.txt: one "
                                            "'n01440764 tench, …' line per output); give one with --labels")
                                 .arg(spec.path)
                                 .toStdString());
  std::vector<ClassLabel> labels = readClassLabels(labelsPath);
  ClassHead head = classHeadOf(spec, samplePaths, featureFolder, job);
  if (int(labels.size()) != head.classes)
    throw std::runtime_error(QStringLiteral("%1: lists %2 classes, the network's classifier has %3")
                                 .arg(labelsPath)
                                 .arg(labels.size())
                                 .arg(head.classes)
                                 .toStdString());
  // The constructor is private: make_unique cannot reach it.
  return std::unique_ptr<LabelPriorSource>(new LabelPriorSource(WordNet::open(), std::move(labels), std::move(head)));
}

}  // namespace gs
