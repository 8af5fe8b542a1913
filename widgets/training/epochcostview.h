#pragma once
// "Estimate time per epoch" under the Training form: measures the chosen model on the open
// dataset before a run starts (estimateEpochCost: its data prepared as the run would read it, a few
// timed minibatches) as a job on the engine's interactive lane, and says what one epoch costs
// here in time and memory. The result is for the settings it measured; changing them clears it.

#include "common/backgroundjob.h"
#include "training/trainconfig.h"
#include "training/trainingsource.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;

namespace gs {

class Dataset;

class EpochCostView : public QWidget {
  Q_OBJECT
public:
  explicit EpochCostView(EngineBridge &bridge, QWidget *parent = nullptr);

  void estimate(std::shared_ptr<const Dataset> dataset, const TrainingSource &source, const TrainConfig &config);
  void clear();                         // the settings changed: the last figure no longer applies
  void showProblem(const QString &why); // nothing to measure (no dataset, a setting that is wrong)
  QString text() const;

Q_SIGNALS:
  void requested(); // the button: the panel gathers the settings and calls estimate()
  void estimated(); // a figure or a failure is shown

private:
  QPushButton *m_button;
  QLabel *m_result;
  BackgroundJob m_job;
};

}  // namespace gs
