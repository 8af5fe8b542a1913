#pragma once
// What the Regions dock shows: the selected image and caption, and what the run says about them —
// the photo, its proposals (with an HM-LSTM run, each one's feature norm and score against the
// caption), the caption's noun phrases grounded by the run (or the dataset's ground truth without
// one; a scored gold set's boxes as their truth) or a concepts run's inspection. Scoring them is an
// engine job on the interactive lane; a newer image or caption cancels it and drops what it returns.
// The figure is composed here from that data, the display options and the selection, so the dock
// and its export draw the same thing.

#include "common/backgroundjob.h"
#include "data/dataset.h"
#include "figures/regionfigurebuilder.h"
#include "inference/conceptinspection.h"
#include "inference/regiongrounding.h"

#include <QObject>

#include <memory>
#include <optional>
#include <vector>

namespace gs {

struct GoldGrounding;

// A box as the dock writes it: "x,y w×h" in image pixels.
QString boxText(const Box &box);

// What is selected in the figure: a phrase (its row in the phrases) and a region (1…; -1 none),
// clicked itself (drawn in gold) or the selected phrase's best.
struct RegionSelection {
  int phrase = -1;
  int region = -1;
  bool regionClicked = false;
};

class RegionScene : public QObject {
  Q_OBJECT
public:
  static constexpr int kConceptBars = 10; // concepts inspected (the bars)
  static constexpr int kConceptBoxes = 5; // of which drawn as boxes

  RegionScene(EngineBridge &bridge, QObject *parent = nullptr);

  // Selection, as dataset indices: an image shows the selected caption when it describes it, else
  // its first. Returns false (and changes nothing) for an index out of range.
  bool selectImage(const Dataset &dataset, int image, int selectedCaption);
  bool selectCaption(const Dataset &dataset, int caption);
  void clear(); // another dataset: no image

  int image() const { return m_image; } // dataset index of the selected image, -1 none
  bool hasImage(const Dataset &dataset) const { return m_image >= 0 && m_image < int(dataset.images.size()); }
  QString imageId() const { return m_imageId; } // of the image last scored
  QString caption() const { return m_caption; }
  bool isWorking() const { return m_working; }
  QString error() const { return m_error; }

  // Scores the selected image and caption (hasImage() must hold): scored() or failed() follows.
  void score(const Dataset &dataset, std::shared_ptr<const RegionGrounder> grounder, std::shared_ptr<const ConceptInspector> inspector,
             std::shared_ptr<const GoldGrounding> gold);

  const RegionFigure &base() const { return m_base; } // the photo alone
  const std::vector<GroundedPhrase> &phrases() const { return m_phrases; }
  const std::optional<ConceptInspection> &concepts() const { return m_concepts; }
  int phraseIndex(int begin, int end) const; // the phrase of that word span, -1 none

  // The figure: the photo with what the options draw, the selection emphasised.
  RegionFigure figure(bool proposals, const PhraseFigureOptions &options, const RegionSelection &selection, int highlightedConcept) const;
  // The concepts' first colour: after the phrases' when their true boxes are drawn too.
  int conceptColourOffset(bool truthShown) const;
  // What pointing at a box of the figure says (its scores and feature norm).
  QString toolTip(const FigureBox &box) const;

Q_SIGNALS:
  void scored(); // the image's figure data arrived (error() may say what could not be computed)
  void failed(); // the job failed: error() says why

private:
  struct Outcome;
  struct Request;
  static Outcome work(const Request &request);
  static void proposeRegions(Outcome &out, const QString &path);
  void onScored(const Outcome &outcome);

  BackgroundJob m_job;
  int m_image = -1;
  QString m_imageId, m_caption, m_error;
  bool m_working = false;
  RegionFigure m_base;
  std::vector<Box> m_proposals;
  std::vector<ImageRegion> m_regionInfo; // with an HM-LSTM run: norms and caption scores
  std::vector<GroundedPhrase> m_phrases;
  std::optional<ConceptInspection> m_concepts;
};

}  // namespace gs
