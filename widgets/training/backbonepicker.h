#pragma once
// The Training form's image-features picker: the built-in concept CNN (trained on the open
// dataset's captions: right for the Scenes demo, weak on photos), the network files the user added
// (ONNX or TorchScript, each with the preset its file name gives, or a precomputed .npy), and "Add
// a network file…". The networks added are kept in the settings (group "backbones"). Editable: a
// backbone written as the command line takes it ("onnx:FILE", "npy:FILE") is accepted as typed.

#include <QComboBox>

namespace gs {

class BackbonePicker : public QComboBox {
  Q_OBJECT
public:
  explicit BackbonePicker(QWidget *parent = nullptr);

  // The backbone as `train --backbone` takes it: the chosen item's, or the typed text.
  QString backbone() const;
  void setBackbone(const QString &backbone);
  // Adds a network or feature file as "onnx:", "torchscript:" or "npy:" by its suffix, remembers it,
  // and chooses it; false (nothing added) for another suffix.
  bool addNetworkFile(const QString &path);

private:
  void addChoice(const QString &spec);
  void onActivated(int index);
  int addItemIndex() const { return count() - 1; }

  int m_previous = 0; // chosen before "Add a network file…", back when the dialog is cancelled
};

}  // namespace gs
