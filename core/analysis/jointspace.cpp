#include "analysis/jointspace.h"

#include "engine/jobcontext.h"
#include "text/tokenizer.h"
#include "training/trainedmodel.h"
#include "training/trainingsource.h"

#include <QHash>

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace gs {

JointSpace::~JointSpace() = default;

std::shared_ptr<const JointSpace> JointSpace::open(const QString &runDir, Split split, JobContext *job) {
  std::shared_ptr<JointSpace> space(new JointSpace);
  space->m_runDir = runDir;
  space->m_split = split;
  if (job) job->setProgress(0.05, QObject::tr("opening %1").arg(runDir));
  space->m_trained = std::make_shared<TrainedModel>(TrainedModel::open(runDir));
  const TrainedModel &model = *space->m_trained;
  space->m_model = model.config().model;
  space->m_dim = model.dim();
  space->m_featureDim = model.featureDim();

  const TrainingSource source = trainingSourceOfRun(runDir);
  space->m_datasetPath = source.datasetPath;
  const TrainingData data = prepareTrainingData(source, job);
  if (job) job->checkpoint();
  const std::vector<int> images = data.imagesIn(split);
  if (images.empty())
    throw std::runtime_error(QStringLiteral("%1: the run's data has no %2 images").arg(runDir, splitName(split)).toStdString());
  QHash<int, int> rowOfDataImage;
  for (int i : images) {
    rowOfDataImage.insert(i, space->imageCount());
    space->m_imageIds << data.imageIds[i];
    space->m_imagePaths << data.imagePaths.value(i);
    space->m_imageFeatures.insert(space->m_imageFeatures.end(),
                                  data.imageFeatures.begin() + std::size_t(i) * data.featureDim,
                                  data.imageFeatures.begin() + std::size_t(i + 1) * data.featureDim);
  }
  std::vector<TrainingCaption> texts;
  for (int c : data.captionsIn(split)) {
    texts.push_back(data.captions[c]);
    space->m_captions << data.captions[c].raw;
    space->m_captionImage.push_back(rowOfDataImage.value(data.captions[c].image, -1));
  }
  if (job) job->setProgress(0.6, QObject::tr("embedding %1 images and %2 captions").arg(images.size()).arg(texts.size()));
  space->m_imageEmbeddings = model.embedImages(space->m_imageFeatures, space->imageCount());
  if (job) job->checkpoint();
  space->m_captionEmbeddings = model.embedCaptions(texts);
  if (job) job->setProgress(1.0, QObject::tr("done"));
  return space;
}

std::vector<float> JointSpace::imageFeatures(int row) const {
  if (row < 0 || row >= imageCount()) throw std::out_of_range("JointSpace::imageFeatures: no image row " + std::to_string(row));
  return std::vector<float>(m_imageFeatures.begin() + std::size_t(row) * m_featureDim,
                            m_imageFeatures.begin() + std::size_t(row + 1) * m_featureDim);
}

int JointSpace::imageRowOf(const QString &id) const { return int(m_imageIds.indexOf(id)); }

std::vector<JointSpace::Ranked> JointSpace::ranked(const std::vector<float> &scores) const {
  std::vector<Ranked> out(scores.size());
  for (std::size_t i = 0; i < scores.size(); ++i) out[i] = {int(i), scores[i]};
  std::stable_sort(out.begin(), out.end(), [](const Ranked &a, const Ranked &b) { return a.score > b.score; });
  return out;
}

std::vector<JointSpace::Ranked> JointSpace::rankImagesForSentence(const QString &sentence) const {
  const QStringList tokens = tokenize(sentence);
  if (tokens.isEmpty()) throw std::invalid_argument("JointSpace::rankImagesForSentence: the sentence has no words");
  const std::vector<float> y = m_trained->embedCaptions({TrainingCaption{sentence, tokens, -1, false, nullptr}});
  return ranked(m_trained->score(m_imageEmbeddings, imageCount(), y, 1));
}

std::vector<JointSpace::Ranked> JointSpace::rankImagesForVector(const std::vector<float> &joint) const {
  if (int(joint.size()) != m_dim)
    throw std::invalid_argument("JointSpace::rankImagesForVector: expected " + std::to_string(m_dim) + " values, got " +
                                std::to_string(joint.size()));
  return ranked(m_trained->score(m_imageEmbeddings, imageCount(), joint, 1));
}

std::vector<JointSpace::Ranked> JointSpace::rankCaptionsForImage(int row) const {
  if (row < 0 || row >= imageCount())
    throw std::out_of_range("JointSpace::rankCaptionsForImage: no image row " + std::to_string(row));
  const std::vector<float> v(m_imageEmbeddings.begin() + std::size_t(row) * m_dim,
                             m_imageEmbeddings.begin() + std::size_t(row + 1) * m_dim);
  return ranked(m_trained->score(v, 1, m_captionEmbeddings, captionCount()));
}

int JointSpace::rankOf(const std::vector<Ranked> &ranked, int imageRow) {
  for (std::size_t r = 0; r < ranked.size(); ++r)
    if (ranked[r].row == imageRow) return int(r) + 1;
  return 0;
}

}  // namespace gs
