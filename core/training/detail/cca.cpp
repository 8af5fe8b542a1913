#include "training/detail/cca.h"

#include "io/atomicfile.h"
#include "models/detail/wordvectors.h"

#include <QFile>

#include <sstream>

namespace gs::detail {

torch::Tensor inverseSquareRoot(const torch::Tensor &c) {
  const auto [values, vectors] = torch::linalg::eigh(c.to(torch::kDouble), "L");
  return torch::mm(vectors * values.clamp_min(1e-12).rsqrt().unsqueeze(0), vectors.t());
}

namespace {

torch::Tensor covariance(const torch::Tensor &a, const torch::Tensor &b) { return torch::mm(a.t(), b) / double(a.size(0)); }

}  // namespace

torch::Tensor CcaEmbedder::sentenceFeatures(const std::vector<EncodedCaption> &encoded, const std::vector<int> &rows) const {
  const std::int64_t dim = m_wordVectors.defined() ? m_wordVectors.size(1) : m_vocabulary;
  auto x = torch::zeros({std::int64_t(rows.size()), dim});
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const auto &words = encoded.at(rows[k]).words;
    const auto ids = torch::tensor(words, torch::kInt64);
    if (m_wordVectors.defined()) {
      x[k] = m_wordVectors.index_select(0, ids).mean(0); // Socher: "the average of word vectors"
    } else {
      x[k].index_add_(0, ids, torch::ones({std::int64_t(words.size())}));
      x[k] /= x[k].norm().clamp_min(1e-12);
    }
  }
  return x;
}

std::shared_ptr<CcaEmbedder> CcaEmbedder::fit(const TrainConfig &config, const Vocabulary &vocabulary,
                                              const TrainingData &data, const std::vector<EncodedCaption> &encoded) {
  torch::NoGradGuard noGrad;
  auto cca = std::make_shared<CcaEmbedder>();
  cca->m_vocabulary = vocabulary.size();
  if (!config.wordVectors.isEmpty()) {
    cca->m_wordVectors = torch::zeros({vocabulary.size(), std::int64_t(config.wordDim)});
    loadWordVectors(config.wordVectors, vocabulary, cca->m_wordVectors);
  }
  const std::vector<int> rows = data.captionsIn(Split::Train);
  std::vector<std::int64_t> imageRows;
  for (int c : rows) imageRows.push_back(data.captions[c].image);
  // Solved in double precision (see inverseSquareRoot), stored in float like every other model.
  auto x = cca->sentenceFeatures(encoded, rows).to(torch::kDouble);
  auto y = featureTensor(data).index_select(0, torch::tensor(imageRows, torch::kInt64)).to(torch::kDouble);
  const auto meanX = x.mean(0), meanY = y.mean(0);
  x = x - meanX;
  y = y - meanY;
  const double r = config.ccaRegularisation;
  const auto eye = [](std::int64_t n) { return torch::eye(n, torch::kDouble); };
  const auto cxxInv = inverseSquareRoot(covariance(x, x) + r * eye(x.size(1)));
  const auto cyyInv = inverseSquareRoot(covariance(y, y) + r * eye(y.size(1)));
  const auto m = torch::mm(torch::mm(cxxInv, covariance(x, y)), cyyInv);
  const auto [u, s, vh] = torch::linalg::svd(m, /*full_matrices=*/false, c10::nullopt);
  const std::int64_t k = std::min<std::int64_t>({std::int64_t(config.embedDim), s.size(0)});
  // Each canonical direction is weighted by √ρ on both sides, so inner products weight it by ρ.
  const auto weight = s.slice(0, 0, k).sqrt().unsqueeze(0);
  cca->m_meanX = meanX.to(torch::kFloat);
  cca->m_meanY = meanY.to(torch::kFloat);
  cca->m_wx = (torch::mm(cxxInv, u.slice(1, 0, k)) * weight).to(torch::kFloat);
  cca->m_wy = (torch::mm(cyyInv, vh.slice(0, 0, k).t()) * weight).to(torch::kFloat);
  cca->m_correlations = s.slice(0, 0, k).to(torch::kFloat);
  return cca;
}

torch::Tensor CcaEmbedder::images(const torch::Tensor &features) {
  torch::NoGradGuard noGrad;
  return torch::mm(features - m_meanY, m_wy);
}

torch::Tensor CcaEmbedder::captions(const std::vector<EncodedCaption> &encoded, const std::vector<int> &rows) {
  torch::NoGradGuard noGrad;
  return torch::mm(sentenceFeatures(encoded, rows) - m_meanX, m_wx);
}

torch::Tensor CcaEmbedder::score(const torch::Tensor &images, const torch::Tensor &captions) {
  return torch::mm(images, captions.t());
}

void CcaEmbedder::save(const QString &path) const {
  torch::serialize::OutputArchive archive;
  archive.write("vocabulary", c10::IValue(m_vocabulary));
  archive.write("mean_x", m_meanX);
  archive.write("mean_y", m_meanY);
  archive.write("wx", m_wx);
  archive.write("wy", m_wy);
  archive.write("correlations", m_correlations);
  if (m_wordVectors.defined()) archive.write("word_vectors", m_wordVectors);
  std::ostringstream stream;
  archive.save_to(stream);
  const std::string bytes = stream.str();
  writeFileAtomically(path, QByteArray(bytes.data(), qsizetype(bytes.size())));
}

std::shared_ptr<CcaEmbedder> CcaEmbedder::load(const QString &path, const Vocabulary &vocabulary) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot open: %2").arg(path, file.errorString()).toStdString());
  const QByteArray bytes = file.readAll();
  auto cca = std::make_shared<CcaEmbedder>();
  try {
    torch::serialize::InputArchive archive;
    archive.load_from(bytes.constData(), std::size_t(bytes.size()));
    c10::IValue value;
    archive.read("vocabulary", value);
    cca->m_vocabulary = value.toInt();
    archive.read("mean_x", cca->m_meanX);
    archive.read("mean_y", cca->m_meanY);
    archive.read("wx", cca->m_wx);
    archive.read("wy", cca->m_wy);
    archive.read("correlations", cca->m_correlations);
    torch::Tensor vectors;
    if (archive.try_read("word_vectors", vectors)) cca->m_wordVectors = vectors;
  } catch (const c10::Error &error) {
    throw std::runtime_error(
        QStringLiteral("%1: not a CCA model: %2").arg(path, QString::fromStdString(error.what_without_backtrace())).toStdString());
  }
  if (cca->m_vocabulary != vocabulary.size())
    throw std::runtime_error(QStringLiteral("%1: vocabulary size differs from the run's vocabulary.json").arg(path).toStdString());
  return cca;
}

}  // namespace gs::detail
