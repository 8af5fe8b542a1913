#pragma once
// `groundscope --screenshots DIR`: drives the real window through the workbench's main path on the
// Scenes demo — the welcome view first (welcome.png), open the demo, pick a test image and caption, train a model (DT-RNN unless
// `--tour-model` names another) for a few epochs from the Training panel, embed the test split, rank images for the caption, compute the map (t-SNE unless `--tour-map` says umap or pca) —
// then saves the whole window and each panel as PNGs into DIR, replays the run's recorded epochs
// on the Map (map-epoch-N.png at the first, a middle and the last epoch), writes the Regions figure
// as its Export button does (figure.png), the Caption lab after an edit of the caption (captionlab.png), the Runs view listing the run (runs.png) and the manual's getting-started page (manual.png), and
// quits. The manual's screenshots (docs/screenshots/, and docs/screenshots/start/ with
// `--tour-model hmlstm` for the getting-started walk) are made this way, under Xvfb, so they show
// what a user sees. After those, the Trees dock coloured by occlusion contributions
// (trees-contribution.png) and, for a run on a pixel backbone, the Regions dock's occlusion map
// (regions-occlusion.png). TourOptions::runDir tours an existing run over its own dataset instead
// of training one on the demo; caption and swap are the two sentences the Caption lab scores.

#include "map/mappanel.h"
#include "training/modelregistry.h"

#include <QObject>
#include <QTemporaryDir>

#include <functional>

class QDockWidget;

namespace gs {

class MainWindow;

struct TourOptions {
  QString model = modelEntry(ModelKind::DtRnn).name; // the model trained from the Training panel
  LayoutMethod mapMode = LayoutMethod::Tsne;
  QString runDir;  // a trained run to tour instead of training one; its dataset is opened
  QString caption; // the Caption lab's first sentence ("": the shown caption)
  QString swap;    // its second ("": the first with two colour words exchanged)
  // Runs to compare after the tour ("": none): the Runs view grouped by seeds, the Training dock's
  // bands with an epoch picked, the Map's movers and the Retrieval dock's A | B lists
  // (runs-groups.png, training-bands.png, movers.png, retrieval-ab.png; screenshottourcompare.cpp),
  // then the Analysis dock with its worst slice and the Map showing it (analysis.png, map-slice.png).
  QString compareFolder;
  // A gold set of phrase boxes (a file or "entities:DIR") the Regions dock scores before its
  // screenshot, which then shows the set's first photo of the run's data ("": none).
  QString gold;
};

class ScreenshotTour : public QObject {
  Q_OBJECT
public:
  ScreenshotTour(MainWindow &window, const QString &outDir, const TourOptions &options, QObject *parent = nullptr);
  void start();

Q_SIGNALS:
  void finished(int exitCode);

private:
  void onDatasetOpened();
  bool chooseImageAndCaption(); // false when the dataset has no test image with a caption
  bool chooseGoldCaption();
  void trainTourModel();
  void onRunReady();
  void capture();
  void captureHubs();
  void captureHelpAndFigure();
  void captureWorkspaces();
  void prepareCaptionLab(); // the tour's caption, then the same with two words swapped, scored in the lab
  void captureContributions(); // trees-contribution.png, regions-occlusion.png
  void captureEpochs();
  void finishTour(); // the comparison's screenshots when asked for, then finished()
  void captureComparison();
  void captureRunGroups(const QStringList &runs);
  void captureBandsAndMovers(const QStringList &runs);
  void whenRunEmbedded(const std::function<void()> &then);
  void captureMovers(const QStringList &runs);
  void captureSideBySide(const QStringList &runs);
  void captureAnalysis();
  void fail(const QString &why);
  // Writes `widget` as DIR/name and logs it; false on failure.
  bool saveFigure(QWidget &widget, const QString &name);
  void settle(); // lets the window lay out and repaint for a moment
  void withFloatingDock(QDockWidget &dock, const std::function<void()> &grab);

  MainWindow &m_window;
  QString m_outDir;
  TourOptions m_options;
  QTemporaryDir m_runs;
  int m_image = -1;   // dataset index of the test image shown
  int m_caption = -1; // dataset index of its caption shown
  bool m_embedded = false;
  QString m_colouring; // the Map's colouring key, applied again to the epoch replay
  int m_failures = 0;   // screenshots that could not be written
};

}  // namespace gs
