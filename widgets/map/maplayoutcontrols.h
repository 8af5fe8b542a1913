#pragma once
// The Map's layout row and its job: the method (t-SNE, PCA, UMAP) with each method's settings —
// t-SNE's perplexity, iterations, θ and repulsion, UMAP's neighbours and minimum distance, those
// of the other methods disabled — the Compute and Cancel buttons, and the layout of the map's items
// (Barnes–Hut or FFT t-SNE, core/analysis/tsne.h; UMAP; PCA) as an engine job on the interactive
// lane, which the Jobs tab lists and can cancel. t-SNE and UMAP post their positions while they
// run. It draws nothing: the panel draws the positions it reports.

#include "analysis/layoutsequence.h"
#include "common/backgroundjob.h"
#include "engine/job.h"

#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QJsonObject;
class QPushButton;
class QSpinBox;

namespace gs {

class MapModel;

class MapLayoutControls : public QWidget {
  Q_OBJECT
public:
  // bridge and model (the map's items) must outlive the controls.
  MapLayoutControls(EngineBridge &bridge, const MapModel &model, QWidget *parent = nullptr);

  LayoutSequenceOptions options(LayoutMethod method) const; // the controls' settings for `method`
  LayoutMethod shownMethod() const;                         // the mode box's
  LayoutMethod ranMethod() const { return m_running; }      // of the current (or last) layout
  void showMethod(LayoutMethod method);                     // the controls show what is drawn

  // Lays the model's items out with `options`, lowered to what the items allow (the status says
  // so). Returns the job id, 0 when the items are too few (statusChanged says why).
  JobId start(LayoutSequenceOptions options);
  // Stops the job without waiting for it; whatever it still posts is dropped.
  void cancel();
  bool isRunning() const { return m_job.isRunning(); }
  void setActions(bool canCompute, bool computing); // enables Compute and Cancel

  // Why a layout job did not deliver, for the status line: cancelled, or its error.
  static QString failureText(const JobOutcome &outcome);
  // The modality gap of the model's vectors and whether the layout took it out (" …", or "" when
  // there is none), for the status line after a layout.
  QString modalityGapNote() const;

Q_SIGNALS:
  void computeRequested(); // the Compute button
  void cancelRequested();  // the Cancel button
  void statusChanged(const QString &text);
  // Positions of every item (itemCount × 2): live while t-SNE or UMAP runs, then the final ones.
  void positionsComputed(int step, double kl, const std::vector<float> &xy, bool final);
  // After the final positions, with the job's summary; or why there are none (ok false).
  void finished(bool ok, const QString &message);

private:
  void createControls();
  void arrange();
  void updateEnabled(); // the settings of the shown method only
  void post(int token, int step, double kl, const std::vector<float> &xy, bool final);
  QString computingText(LayoutMethod method, int n, const QString &note) const;
  QString finishedText(const QJsonObject &summary) const;
  QString repulsionLabel(TsneMethod repulsion) const;

  const MapModel &m_model;
  QComboBox *m_mode;
  QDoubleSpinBox *m_perplexity, *m_theta, *m_minDist;
  QSpinBox *m_iterations, *m_neighbours;
  QComboBox *m_repulsion; // t-SNE's repulsion: TsneMethod's order
  QPushButton *m_compute, *m_cancel;
  LayoutMethod m_running = LayoutMethod::Pca;
  BackgroundJob m_job;
  int m_token = 0; // identifies the current job's live posts; a newer job or a cancel drops older ones
  // The job posts its live positions to this GUI-thread object, which the job keeps alive while it
  // runs; the posted functors check a QPointer to the controls on the GUI thread (see start).
  std::shared_ptr<QObject> m_relay;
};

}  // namespace gs
