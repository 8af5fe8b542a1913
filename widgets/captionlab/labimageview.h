#pragma once
// The caption lab's picture of the selected image, for the models that look at parts of it: an
// HM-LSTM run's phrase boxes (the region each noun phrase of the typed caption picks, HM-LSTM §4)
// and a concepts run's gate t (Huang et al. Eq. 2: v = t ⊙ p̂ + (1 − t) ⊙ x̂, how much the image's
// vector leans on its concepts p̂ rather than its global context x̂) with its top concepts' boxes.
// Other models have nothing to draw here and the box stays hidden.
//
// The tools are opened with the run's explainer, once per run, and each caption or image is
// grounded in the lab's scoring job: both functions below run on the engine's thread.

#include "figures/regionfigure.h"
#include "inference/conceptinspection.h"
#include "inference/regiongrounding.h"

#include <QGroupBox>

#include <memory>
#include <optional>

class QLabel;

namespace gs {

class JobContext;
class RegionImageView;

struct LabImageTools {
  std::shared_ptr<const RegionGrounder> grounder;    // HM-LSTM runs
  std::shared_ptr<const ConceptInspector> inspector; // concepts runs
  QString error; // why the run's tool could not be opened (the lab still scores)
  bool any() const { return grounder || inspector; }
};

// The tools of `runDir` when its model has any. `data`: the run's prepared data (the explainer's;
// prepared with regions for an HM-LSTM run), which the grounder copies. A concepts run's inspector
// opens its own data (ConceptInspector has no constructor over prepared data). Failures go into
// `error`, never thrown, so the lab scores without them.
LabImageTools openLabImageTools(const QString &runDir, const TrainingData &data, JobContext &job);

struct LabImageResult {
  RegionFigure figure;
  std::vector<GroundedPhrase> phrases;       // HM-LSTM: the caption's noun phrases, regions best first
  std::optional<ConceptInspection> concepts; // concepts model: the image's gate and top concepts
  QString error;                             // why nothing could be grounded (e.g. an image the data skipped)
};

// The photo with the caption's phrase boxes or the image's concepts drawn. Never throws: what
// fails is in `error`.
LabImageResult groundOnImage(const LabImageTools &tools, const ImageRecord &image, const QString &caption);

class LabImageView : public QGroupBox {
  Q_OBJECT
public:
  explicit LabImageView(QWidget *parent = nullptr);
  void setResult(const LabImageResult &result);
  void clear();
  // The text under the picture: each phrase and its region, or the gate and the top concepts.
  QString summary() const;
  const RegionFigure &figure() const;

private:
  RegionImageView *m_view;
  QLabel *m_summary;
};

}  // namespace gs
