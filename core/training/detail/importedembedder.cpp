#include "training/detail/importedembedder.h"

#include "training/detail/importedtextencoder.h"

#include "io/jsonfile.h"
#include "io/npy.h"

#include <QDir>
#include <QJsonArray>

namespace gs::detail {

ImportedEmbedder::ImportedEmbedder(torch::Tensor captionVectors, const QStringList &captionTexts, SimilarityKind similarity,
                                   QString source, TextEncoder textEncoder)
    : m_captionVectors(std::move(captionVectors)), m_similarity(similarity), m_source(std::move(source)),
      m_textEncoder(std::move(textEncoder)) {
  if (m_captionVectors.dim() != 2 || m_captionVectors.size(0) != captionTexts.size())
    throw std::invalid_argument(QStringLiteral("%1: %2 caption vectors for %3 caption texts")
                                    .arg(m_source)
                                    .arg(m_captionVectors.dim() == 2 ? m_captionVectors.size(0) : -1)
                                    .arg(captionTexts.size())
                                    .toStdString());
  m_rowOf.reserve(captionTexts.size());
  for (int row = 0; row < captionTexts.size(); ++row)
    if (!m_rowOf.contains(captionTexts[row])) m_rowOf.insert(captionTexts[row], row);
}

bool ImportedEmbedder::canEmbed(const QString &text) const {
  return m_rowOf.contains(text) || (m_textEncoder && !text.trimmed().isEmpty());
}

torch::Tensor ImportedEmbedder::captions(const std::vector<EncodedCaption> &encoded, const std::vector<int> &rows) {
  torch::NoGradGuard noGrad;
  auto out = torch::empty({std::int64_t(rows.size()), m_captionVectors.size(1)});
  std::vector<std::int64_t> unknownAt; // rows of `out` the text tower fills
  QStringList unknownTexts;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const QString &text = encoded.at(std::size_t(rows[k])).text;
    const int row = m_rowOf.value(text, -1);
    if (row >= 0) {
      out[std::int64_t(k)] = m_captionVectors[row];
      continue;
    }
    if (!m_textEncoder)
      throw std::invalid_argument(QStringLiteral("%1: this imported space has no text encoder and no vector for \"%2\"; "
                                                 "it ranks its own captions only (import a text encoder to embed new sentences)")
                                      .arg(m_source, text.left(80))
                                      .toStdString());
    unknownAt.push_back(std::int64_t(k));
    unknownTexts << text;
  }
  if (!unknownAt.empty()) {
    const torch::Tensor encodedRows = m_textEncoder(unknownTexts).to(torch::kFloat);
    out.index_copy_(0, torch::tensor(unknownAt, torch::kInt64), encodedRows);
  }
  return out;
}

torch::Tensor ImportedEmbedder::score(const torch::Tensor &images, const torch::Tensor &captions) {
  torch::NoGradGuard noGrad;
  if (m_similarity == SimilarityKind::Dot) return torch::mm(images, captions.t());
  namespace F = torch::nn::functional; // as a trained model's cosine, so a round trip scores alike
  return torch::mm(F::normalize(images, F::NormalizeFuncOptions().dim(1)), F::normalize(captions, F::NormalizeFuncOptions().dim(1)).t());
}

ScoreKind ImportedEmbedder::scoreKind() const {
  return m_similarity == SimilarityKind::Cosine ? ScoreKind::Cosine : ScoreKind::InnerProduct;
}

ImportedSpaceFiles::ImportedSpaceFiles(const QString &runDir) : folder(QDir(runDir).filePath(QStringLiteral("space"))) {
  const QDir dir(folder);
  images = dir.filePath(QStringLiteral("images.npy"));
  imageIds = dir.filePath(QStringLiteral("images.ids.txt"));
  captions = dir.filePath(QStringLiteral("captions.npy"));
  captionTexts = dir.filePath(QStringLiteral("captions.json"));
  description = dir.filePath(QStringLiteral("space.json"));
}

std::shared_ptr<ImportedEmbedder> openImportedEmbedder(const QString &runDir, SimilarityKind similarity) {
  const ImportedSpaceFiles files(runDir);
  const NpyMatrix vectors = NpyMatrix::open(files.captions);
  const QJsonArray texts = readJsonObjectFile(files.captionTexts).value(QStringLiteral("texts")).toArray();
  QStringList captionTexts;
  captionTexts.reserve(texts.size());
  for (const QJsonValue &text : texts) captionTexts << text.toString();
  if (captionTexts.size() != vectors.rows())
    throw std::runtime_error(QStringLiteral("%1: %2 texts for the %3 rows of %4")
                                 .arg(files.captionTexts)
                                 .arg(captionTexts.size())
                                 .arg(vectors.rows())
                                 .arg(files.captions)
                                 .toStdString());
  const torch::Tensor table =
      torch::from_blob(const_cast<float *>(vectors.data()), {vectors.rows(), vectors.cols()}, torch::kFloat).clone();
  ImportedEmbedder::TextEncoder encode;
  const QJsonObject text = readJsonObjectFile(files.description).value(QStringLiteral("text_encoder")).toObject();
  if (!text.isEmpty()) {
    TokenizerSpec tokenizer;
    try {
      tokenizer = TokenizerSpec::fromJson(text.value(QStringLiteral("tokenizer")).toObject());
    } catch (const std::exception &error) {
      throw std::runtime_error(QStringLiteral("%1: %2").arg(files.description, QString::fromUtf8(error.what())).toStdString());
    }
    const auto encoder = std::make_shared<const ImportedTextEncoder>(text.value(QStringLiteral("module")).toString(), tokenizer);
    if (encoder->dim() != vectors.cols())
      throw std::runtime_error(QStringLiteral("%1: the text encoder gives %2-d vectors, the space is %3-d")
                                   .arg(encoder->file()).arg(encoder->dim()).arg(vectors.cols()).toStdString());
    encode = [encoder](const QStringList &texts) { return encoder->encode(texts); };
  }
  return std::make_shared<ImportedEmbedder>(table, captionTexts, similarity, files.captions, encode);
}

}  // namespace gs::detail
