#include "training/detail/loop/runresult.h"

#include "evaluation/retrievalintervals.h"
#include "io/atomicfile.h"
#include "training/detail/loop/runmetrics.h"
#include "training/runs/runfolder.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <tuple>

namespace gs::detail {

namespace {

// HM-LSTM §5.2–5.3: region–phrase ranking of the kept model, every correspondence step's figures.
void addGrounding(TrainResult &result, JointModel model, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                  const PhraseIndex &phrases, Split split, const QJsonArray &epochs) {
  result.grounded = true;
  result.grounding = evaluateGrounding(model, data, encoded, phrases, split);
  for (const QJsonValue &e : epochs) {
    const EpochEvent epoch = EpochEvent::fromJson(e.toObject());
    if (epoch.correspondence.step > 0) result.correspondenceSteps.push_back(epoch.correspondence);
  }
}

}  // namespace

TrainResult finishRun(Embedder &embedder, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                      const QString &runDir, const TrainerPosition &position, RunSpan span, const PhraseIndex *phrases,
                      const QJsonObject &distributed) {
  const Split tested = data.captionsIn(Split::Test).empty() ? Split::Val : Split::Test;
  TrainResult result;
  result.distributed = distributed;
  result.runDir = runDir;
  std::vector<int> captionImage;
  const std::vector<float> similarity = splitSimilarity(embedder, data, encoded, tested, captionImage);
  const int images = int(data.imagesIn(tested).size());
  result.test = evaluateRetrieval(similarity, images, int(captionImage.size()), captionImage);
  if (images > 0 && !captionImage.empty()) result.testIntervals = retrievalIntervals(similarity, images, int(captionImage.size()), captionImage);
  result.bestEpoch = position.bestEpoch;
  const QJsonArray epochs = position.history.value(QStringLiteral("epochs")).toArray();
  for (const QJsonValue &e : epochs)
    if (e.toObject().value(QStringLiteral("epoch")).toInt() == position.bestEpoch)
      result.validation = RetrievalMetrics::fromJson(e.toObject().value(QStringLiteral("validation")).toObject());
  result.resumedFrom = span.resumedFrom;
  result.epochsRun = span.epochsRun;
  result.sentenceSimilarityMeanRank = sentenceSimilarityOnTest(embedder, data, encoded);
  std::tie(result.twinAccuracy, result.twinCaptions) = twinAccuracy(embedder, data, encoded);
  if (auto *joint = dynamic_cast<JointEmbedder *>(&embedder); joint && phrases)
    addGrounding(result, joint->members().front(), data, encoded, *phrases, tested, epochs);
  writeFileAtomically(RunFolder(runDir).resultFile(), QJsonDocument(result.toJson()).toJson());
  return result;
}

}  // namespace gs::detail
