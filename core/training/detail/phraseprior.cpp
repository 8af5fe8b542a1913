#include "training/detail/phraseprior.h"

#include <torch/torch.h>

#include <algorithm>

namespace gs::detail {

namespace {

// Softmax of the classifier on rows [first, last) of the region features: [last − first, classes].
torch::Tensor classProbabilities(const TrainingData &data, const ClassHead &head, int first, int last) {
  const torch::Tensor x = regionFeatureTensor(data).narrow(0, first, last - first);
  const torch::Tensor w = torch::from_blob(const_cast<float *>(head.weights.data()), {head.classes, head.dim}, torch::kFloat);
  const torch::Tensor b = torch::from_blob(const_cast<float *>(head.bias.data()), {head.classes}, torch::kFloat);
  return torch::softmax(torch::addmm(b, x, w.t()), 1).contiguous();
}

}  // namespace

QString phraseHeadNoun(const TrainingData &data, const PhraseIndex &phrases, int p) {
  const QStringList &tokens = data.captions[std::size_t(phrases.caption[std::size_t(p)])].tokens;
  const int begin = phrases.spanBegin[std::size_t(p)], end = std::min<int>(phrases.spanEnd[std::size_t(p)], int(tokens.size()));
  return begin < end ? headNounOfWords(tokens.mid(begin, end - begin)) : QString();
}

PhrasePriors phrasePriors(const TrainingData &data, const PhraseIndex &phrases, const LabelPrior &prior, double weight) {
  if (prior.head->dim != data.featureDim)
    throw std::runtime_error(QStringLiteral("label prior: the classifier reads %1-d features, the region features are %2-d")
                                 .arg(prior.head->dim)
                                 .arg(data.featureDim)
                                 .toStdString());
  PhrasePriors out;
  out.weight = weight;
  out.mass.resize(std::size_t(phrases.size()));
  // Phrases grouped by image, so each image's candidates are classified once.
  std::vector<std::vector<int>> phrasesOfImage(std::size_t(data.imageCount()));
  for (int p = 0; p < phrases.size(); ++p)
    phrasesOfImage[std::size_t(data.captions[std::size_t(phrases.caption[std::size_t(p)])].image)].push_back(p);
  torch::NoGradGuard noGrad;
  for (int image = 0; image < data.imageCount(); ++image) {
    const auto [first, last] = data.phraseCandidateRows(image);
    if (last <= first || phrasesOfImage[std::size_t(image)].empty()) continue;
    const torch::Tensor probabilities = classProbabilities(data, *prior.head, first, last);
    const float *table = probabilities.data_ptr<float>();
    for (int p : phrasesOfImage[std::size_t(image)]) {
      const std::vector<int> classes = prior.coverage->classesOf(phraseHeadNoun(data, phrases, p));
      if (classes.empty()) continue;
      std::vector<float> &mass = out.mass[std::size_t(p)];
      mass.assign(std::size_t(last - first), 0.f);
      for (int r = 0; r < last - first; ++r)
        for (int c : classes) mass[std::size_t(r)] += table[std::size_t(r) * std::size_t(prior.head->classes) + std::size_t(c)];
      ++out.covered;
    }
  }
  return out;
}

QString describePhrasePriors(const TrainingData &data, const PhraseIndex &phrases, const PhrasePriors &priors, const LabelPrior &prior) {
  QStringList headNouns;
  for (int p = 0; p < phrases.size(); ++p) headNouns << phraseHeadNoun(data, phrases, p);
  return QStringLiteral("label prior (λ = %1): %2 of %3 noun phrases have a head noun that covers an ImageNet class (%4 %); "
                        "the others follow the model alone (most frequent: %5)")
      .arg(priors.weight)
      .arg(priors.covered)
      .arg(phrases.size())
      .arg(phrases.size() > 0 ? 100.0 * priors.covered / phrases.size() : 0.0, 0, 'f', 1)
      .arg(nounCoverage(*prior.coverage, headNouns, 5).uncovered.join(QStringLiteral(", ")));
}

}  // namespace gs::detail
