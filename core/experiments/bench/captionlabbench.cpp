#include "experiments/bench/captionlabbench.h"

#include <QElapsedTimer>

#include <algorithm>

namespace gs {

namespace {

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[std::min(values.size() - 1, std::size_t(p * double(values.size() - 1) + 0.5))];
}

}  // namespace

CaptionLabTiming measureCaptionLab(const QString &runDir, std::shared_ptr<const TrainingData> data, Split split, int edits,
                                   AttributionMethod method) {
  const ScoreExplainer explainer(runDir, data, split);
  CaptionLabTiming timing;
  timing.model = explainer.modelName();
  timing.method = method;
  std::vector<double> lab, score;
  for (int row : data->captionsIn(split)) {
    if (int(lab.size()) >= edits) break;
    const TrainingCaption &caption = data->captions[std::size_t(row)];
    if (caption.tokens.size() < 3) continue;
    const QString edited = caption.tokens.mid(0, caption.tokens.size() - 1).join(QLatin1Char(' '));
    QElapsedTimer clock;
    clock.start();
    const CaptionScore scored = explainer.scoreCaption(caption.image, edited, 5);
    if (scored.readable) explainer.explainSentence(caption.image, edited, method);
    lab.push_back(clock.nsecsElapsed() / 1e6);
    timing.candidates = scored.candidates;
    clock.restart();
    explainer.scoreCaption(caption.image, edited + QStringLiteral(" ."), 5); // a text not parsed yet
    score.push_back(clock.nsecsElapsed() / 1e6);
  }
  timing.edits = int(lab.size());
  timing.medianMs = percentile(lab, 0.5);
  timing.p95Ms = percentile(lab, 0.95);
  timing.scoreMedianMs = percentile(score, 0.5);
  return timing;
}

}  // namespace gs
