#pragma once
// File ▸ Import embeddings…: the form behind `groundscope-cli import-space`. A joint space made
// elsewhere, as its vectors (an image and a caption matrix with their id lists) or its encoders (a
// TorchScript image tower, a text tower and its tokenizer files), for a dataset, into a new run
// folder. The dialog only builds the request; the window runs it as a job.

#include "training/importedspace.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QRadioButton;

namespace gs {

class ImportSpaceDialog : public QDialog {
  Q_OBJECT
public:
  // `dataset`: the open dataset's path (the default); `runsFolder`: where the new run goes unless
  // the user picks another folder.
  ImportSpaceDialog(const QString &dataset, const QString &runsFolder, QWidget *parent = nullptr);

  ImportSpaceRequest request() const;
  // "" when the form can be submitted, else what is missing (also shown in the dialog).
  QString problem() const;

  // The fields, for tests.
  QLineEdit *datasetEdit() const { return m_dataset; }
  QLineEdit *imagesEdit() const { return m_images; }
  QLineEdit *captionsEdit() const { return m_captions; }
  QLineEdit *imageEncoderEdit() const { return m_imageEncoder; }
  QLineEdit *textEncoderEdit() const { return m_textEncoder; }
  QLineEdit *vocabularyEdit() const { return m_vocabulary; }
  QLineEdit *nameEdit() const { return m_name; }
  QLineEdit *outEdit() const { return m_out; }
  QRadioButton *encodersButton() const { return m_encoders; }
  QComboBox *tokenizerBox() const { return m_tokenizer; }

private:
  QWidget *pathField(QLineEdit *edit, const QString &title, bool folder);
  QWidget *vectorsPage();
  QWidget *encodersPage();
  void updateState();

  QString m_runsFolder;
  QLineEdit *m_dataset, *m_images, *m_imageIds, *m_captions, *m_captionIds;
  QLineEdit *m_imageEncoder, *m_textEncoder, *m_vocabulary, *m_merges;
  QLineEdit *m_name, *m_out;
  QRadioButton *m_vectors, *m_encoders;
  QComboBox *m_tokenizer, *m_similarity;
  QWidget *m_vectorsPage, *m_encodersPage;
  QLabel *m_problem;
  QDialogButtonBox *m_buttons;
  bool m_outEdited = false;
};

}  // namespace gs
