#pragma once
// The embedder of a space made elsewhere (importedspace.h): image rows arrive already in the joint
// space (the run's "features" are the imported image vectors, or a TorchScript image tower's output),
// so the image side is the identity; a caption is looked up by its text among the imported caption
// vectors, or encoded by the imported text tower where the space has one. Scores are the cosine or
// the inner product the space was trained for.

#include "training/detail/embedder.h"

#include <QHash>
#include <QString>

#include <functional>
#include <memory>

namespace gs::detail {

class ImportedEmbedder : public Embedder {
public:
  // Encodes sentences the table does not hold: [C, d] for C texts. Null: the space has no text tower.
  using TextEncoder = std::function<torch::Tensor(const QStringList &texts)>;

  // `captionVectors` is [C, d], row k the vector of `captionTexts[k]`; `source` names the file for
  // messages. Throws std::invalid_argument when the sizes disagree.
  ImportedEmbedder(torch::Tensor captionVectors, const QStringList &captionTexts, SimilarityKind similarity,
                   QString source, TextEncoder textEncoder = nullptr);

  torch::Tensor images(const torch::Tensor &features) override { return features; }
  // Throws std::invalid_argument naming the source for a text it neither holds nor can encode.
  torch::Tensor captions(const std::vector<EncodedCaption> &encoded, const std::vector<int> &rows) override;
  torch::Tensor score(const torch::Tensor &images, const torch::Tensor &captions) override;
  ScoreKind scoreKind() const override;

  // Whether captions() can embed `text`: a text of the table, or any non-empty text with a text tower.
  bool canEmbed(const QString &text) const;
  bool hasTextEncoder() const { return bool(m_textEncoder); }

private:
  torch::Tensor m_captionVectors;
  QHash<QString, int> m_rowOf; // caption text → its row (the first, where a text repeats)
  SimilarityKind m_similarity;
  QString m_source;
  TextEncoder m_textEncoder;
};

// Where an imported space keeps its vectors inside its run folder.
struct ImportedSpaceFiles {
  explicit ImportedSpaceFiles(const QString &runDir);
  QString folder;       // RUN/space
  QString images;       // images.npy: one row per imported image
  QString imageIds;     // images.ids.txt: the dataset's id of each row (npy:FILE's id list)
  QString captions;     // captions.npy: one row per imported caption
  QString captionTexts; // captions.json: {"texts": [...], "images": [...]}, one entry per row
  QString description;  // space.json: the files it was imported from
};

// The space's embedder from its files. Throws std::runtime_error naming the file when one is
// missing or malformed, or rows and texts disagree.
std::shared_ptr<ImportedEmbedder> openImportedEmbedder(const QString &runDir, SimilarityKind similarity);

}  // namespace gs::detail
