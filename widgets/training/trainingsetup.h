#pragma once
// The Training dock's settings column: what to train and where. The image backbone and the run
// folder, the model and its hyperparameters (a form built from the config schema, filled with the
// paper's defaults), and "Estimate time per epoch" (EpochCostView, a job of its own on the engine's
// interactive lane). A generated run folder follows the model and is renewed after a run, so the
// next Start makes a new run; a folder the user chose or typed stays.

#include "training/trainingsource.h"

#include <QScrollArea>

class QGroupBox;
class QLineEdit;

namespace gs {

class BackbonePicker;
class EngineBridge;
class EpochCostView;
class TrainConfigForm;
class WorkbenchState;

class TrainingSetup : public QScrollArea {
  Q_OBJECT
public:
  TrainingSetup(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);

  TrainConfigForm *form() const { return m_form; }
  QString backbone() const;
  void setBackbone(const QString &backbone);
  QString outputFolder() const;
  void setOutputFolder(const QString &dir); // the user's choice: it stays
  // A generated folder is replaced by a fresh one (the next Start makes a new run).
  void renewOutputFolder();
  // The folder stays even if it was generated (a stopped run there, which Start resumes).
  void keepOutputFolder() { m_outputIsAuto = false; }
  // The open dataset and the chosen backbone, as a run reads them.
  TrainingSource dataSource() const;
  // While a job trains, the form, the backbone and the folder stay as they are.
  void setEditable(bool editable);

Q_SIGNALS:
  void outputFolderChanged(); // typed, chosen or renewed

private:
  QGroupBox *buildDataBox(QWidget *parent);
  void estimateCost(); // the form's model measured on the open dataset
  QString freshOutputFolder() const;
  void chooseOutputFolder();

  WorkbenchState &m_state;
  TrainConfigForm *m_form = nullptr;
  BackbonePicker *m_backbone = nullptr;
  EpochCostView *m_cost = nullptr;
  QLineEdit *m_output = nullptr;
  bool m_outputIsAuto = true;
};

}  // namespace gs
