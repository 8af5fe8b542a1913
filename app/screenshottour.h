#pragma once
// `groundscope --screenshots DIR`: drives the real window through the workbench's main path on the
// Scenes demo — the welcome view first (welcome.png), open the demo, pick a test image and caption, train a model (DT-RNN unless
// `--tour-model` names another) for a few epochs from the Training panel, embed the test split, rank images for the caption, compute the map (t-SNE unless `--tour-map` says umap or pca) —
// then saves the whole window and each panel as PNGs into DIR, replays the run's recorded epochs
// on the Map (map-epoch-N.png at the first, a middle and the last epoch), writes the Regions figure
// as its Export button does (figure.png) and the manual's getting-started page (manual.png), and
// quits. The manual's screenshots (docs/screenshots/, and docs/screenshots/start/ with
// `--tour-model hmlstm` for the getting-started walk) are made this way, under Xvfb, so they show
// what a user sees.

#include "map/mappanel.h"

#include <QObject>
#include <QTemporaryDir>

namespace gs {

class MainWindow;

class ScreenshotTour : public QObject {
  Q_OBJECT
public:
  ScreenshotTour(MainWindow &window, const QString &outDir, const QString &model, LayoutMethod mapMode = LayoutMethod::Tsne,
                 QObject *parent = nullptr);
  void start();

Q_SIGNALS:
  void finished(int exitCode);

private:
  void onDatasetOpened();
  void onRunReady();
  void capture();
  void captureHelpAndFigure();
  void captureWorkspaces();
  void captureEpochs();
  void fail(const QString &why);
  // Writes `widget` as DIR/name and logs it; false on failure.
  bool saveFigure(QWidget &widget, const QString &name);
  void settle(); // lets the window lay out and repaint for a moment

  MainWindow &m_window;
  QString m_outDir;
  QString m_model; // the registry name trained from the Training panel
  LayoutMethod m_mapMode;
  QTemporaryDir m_runs;
  int m_image = -1;   // dataset index of the test image shown
  int m_caption = -1; // dataset index of its caption shown
  bool m_embedded = false;
  QString m_colouring; // the Map's colouring key, applied again to the epoch replay
  int m_failures = 0;   // screenshots that could not be written
};

}  // namespace gs
