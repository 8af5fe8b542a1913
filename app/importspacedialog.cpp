#include "importspacedialog.h"

#include "io/enumnames.h"
#include "training/modelregistry.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace gs {

namespace {

QString folderName(QString name) {
  name = name.trimmed().toLower();
  name.replace(QRegularExpression(QStringLiteral("[^a-z0-9._-]+")), QStringLiteral("-"));
  return name.isEmpty() ? modelEntry(ModelKind::Imported).name : name;
}

}  // namespace

ImportSpaceDialog::ImportSpaceDialog(const QString &dataset, const QString &runsFolder, QWidget *parent)
    : QDialog(parent), m_runsFolder(runsFolder) {
  setWindowTitle(tr("Import embeddings"));
  setMinimumWidth(640); // room for the paths; about 540 px high, it fits a 1366×768 screen
  for (QLineEdit **edit : {&m_dataset, &m_images, &m_imageIds, &m_captions, &m_captionIds, &m_imageEncoder, &m_textEncoder,
                           &m_vocabulary, &m_merges, &m_name, &m_out})
    *edit = new QLineEdit(this);
  m_dataset->setText(dataset);
  m_name->setPlaceholderText(tr("e.g. CLIP ViT-B/32"));
  m_imageEncoder->setPlaceholderText(tr("torchscript:FILE or onnx:FILE"));
  m_vectors = new QRadioButton(tr("Vectors: an image and a caption matrix"), this);
  m_encoders = new QRadioButton(tr("Encoders: image and text towers"), this);
  m_vectors->setChecked(true);

  auto *top = new QFormLayout;
  top->addRow(tr("Dataset"), pathField(m_dataset, tr("Dataset folder"), true));
  top->addRow(tr("Name"), m_name);
  m_similarity = new QComboBox(this);
  m_similarity->addItem(tr("cosine (CLIP, ALIGN, SigLIP, VSE++)"), enumName(SimilarityKind::Cosine));
  m_similarity->addItem(tr("dot product"), enumName(SimilarityKind::Dot));
  top->addRow(tr("Similarity"), m_similarity);

  auto *layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(m_vectors);
  layout->addWidget(m_vectorsPage = vectorsPage());
  layout->addWidget(m_encoders);
  layout->addWidget(m_encodersPage = encodersPage());
  auto *out = new QFormLayout;
  out->addRow(tr("Run folder"), pathField(m_out, tr("Run folder"), true));
  layout->addLayout(out);
  m_problem = new QLabel(this);
  m_problem->setWordWrap(true);
  layout->addWidget(m_problem);
  m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));
  layout->addWidget(m_buttons);
  connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(m_vectors, &QRadioButton::toggled, this, &ImportSpaceDialog::updateState);
  connect(m_out, &QLineEdit::textEdited, this, [this] { m_outEdited = true; });
  // The run's folder follows the name until the user types a folder of their own.
  connect(m_name, &QLineEdit::textChanged, this, [this](const QString &name) {
    if (!m_outEdited && !m_runsFolder.isEmpty()) m_out->setText(QDir(m_runsFolder).filePath(folderName(name)));
  });
  if (!m_runsFolder.isEmpty()) m_out->setText(QDir(m_runsFolder).filePath(folderName({})));
  for (QLineEdit *edit : findChildren<QLineEdit *>()) connect(edit, &QLineEdit::textChanged, this, &ImportSpaceDialog::updateState);
  updateState();
}

QWidget *ImportSpaceDialog::pathField(QLineEdit *edit, const QString &title, bool folder) {
  auto *field = new QWidget(this);
  auto *row = new QHBoxLayout(field);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(edit, 1);
  auto *browse = new QPushButton(tr("Browse…"), field);
  row->addWidget(browse);
  connect(browse, &QPushButton::clicked, this, [this, edit, title, folder] {
    const QString start = edit->text().isEmpty() ? QDir::homePath() : edit->text();
    const QString path = folder ? QFileDialog::getExistingDirectory(this, title, start) : QFileDialog::getOpenFileName(this, title, start);
    if (!path.isEmpty()) edit->setText(path);
  });
  return field;
}

QWidget *ImportSpaceDialog::vectorsPage() {
  auto *box = new QGroupBox(this);
  auto *form = new QFormLayout(box);
  form->addRow(tr("Image vectors"), pathField(m_images, tr("Image vectors (.npy or .tsv)"), false));
  form->addRow(tr("Image ids"), pathField(m_imageIds, tr("One image id per row"), false));
  form->addRow(tr("Caption vectors"), pathField(m_captions, tr("Caption vectors (.npy or .tsv)"), false));
  form->addRow(tr("Caption ids"), pathField(m_captionIds, tr("One caption id, or IMAGE<tab>TEXT, per row"), false));
  m_imageIds->setPlaceholderText(tr("optional: without it, the dataset's image order"));
  m_captionIds->setPlaceholderText(tr("optional: without it, the dataset's caption order"));
  return box;
}

QWidget *ImportSpaceDialog::encodersPage() {
  auto *box = new QGroupBox(this);
  auto *form = new QFormLayout(box);
  form->addRow(tr("Image tower"), pathField(m_imageEncoder, tr("TorchScript image tower"), false));
  form->addRow(tr("Text tower"), pathField(m_textEncoder, tr("TorchScript text tower"), false));
  m_tokenizer = new QComboBox(box);
  for (const auto &entry : enumTable<TokenizerKind>()) m_tokenizer->addItem(entry.name, entry.name);
  form->addRow(tr("Tokenizer"), m_tokenizer);
  form->addRow(tr("Vocabulary"), pathField(m_vocabulary, tr("vocab.txt, vocab.json or .model"), false));
  form->addRow(tr("Merges"), pathField(m_merges, tr("merges.txt or bpe_simple_vocab_16e6.txt.gz"), false));
  m_merges->setPlaceholderText(tr("byte-level BPE only"));
  return box;
}

ImportSpaceRequest ImportSpaceDialog::request() const {
  ImportSpaceRequest r;
  r.datasetPath = m_dataset->text().trimmed();
  r.name = m_name->text().trimmed();
  r.outDir = m_out->text().trimmed();
  r.similarity = enumFromName<SimilarityKind>(m_similarity->currentData().toString()).value_or(SimilarityKind::Cosine);
  if (m_vectors->isChecked()) {
    r.imagesFile = m_images->text().trimmed();
    r.imageIdsFile = m_imageIds->text().trimmed();
    r.captionsFile = m_captions->text().trimmed();
    r.captionIdsFile = m_captionIds->text().trimmed();
    return r;
  }
  const QString tower = m_imageEncoder->text().trimmed();
  r.imageEncoder = tower.contains(QLatin1Char(':')) ? tower : QStringLiteral("torchscript:") + tower;
  r.textEncoder = m_textEncoder->text().trimmed();
  r.tokenizer = TokenizerSpec::forKind(enumFromName<TokenizerKind>(m_tokenizer->currentData().toString()).value_or(TokenizerKind::WordPiece));
  r.tokenizer.vocabularyFile = m_vocabulary->text().trimmed();
  r.tokenizer.mergesFile = m_merges->text().trimmed();
  return r;
}

QString ImportSpaceDialog::problem() const {
  const ImportSpaceRequest r = request();
  if (r.datasetPath.isEmpty()) return tr("Choose the dataset the vectors belong to.");
  if (m_vectors->isChecked() && (r.imagesFile.isEmpty() || r.captionsFile.isEmpty()))
    return tr("Choose the image vectors and the caption vectors.");
  if (m_encoders->isChecked() && (m_imageEncoder->text().trimmed().isEmpty() || r.textEncoder.isEmpty()))
    return tr("Choose the image tower and the text tower.");
  if (m_encoders->isChecked() && r.tokenizer.vocabularyFile.isEmpty() && r.tokenizer.mergesFile.isEmpty())
    return tr("Choose the tokenizer's vocabulary (and merges, for byte-level BPE).");
  if (r.outDir.isEmpty()) return tr("Choose a new folder for the run.");
  if (QDir(r.outDir).exists() && !QDir(r.outDir).isEmpty()) return tr("%1 is not empty: choose a new folder.").arg(r.outDir);
  return {};
}

void ImportSpaceDialog::updateState() {
  m_vectorsPage->setEnabled(m_vectors->isChecked());
  m_encodersPage->setEnabled(m_encoders->isChecked());
  const QString text = problem();
  m_problem->setText(text);
  m_problem->setVisible(!text.isEmpty());
  m_buttons->button(QDialogButtonBox::Ok)->setEnabled(text.isEmpty());
}

}  // namespace gs
