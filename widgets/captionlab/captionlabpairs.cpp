// The caption lab's contrast pairs (captionlab.h): the pairs table beside the history, the file
// opened into it, and a pair scored as two captions in turn, so its true caption and its edit sit
// in consecutive history rows.
#include "captionlab/captionlab.h"

#include "captionlab/contrastpairsview.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QLineEdit>
#include <QMessageBox>
#include <QVBoxLayout>

#include <stdexcept>

namespace gs {

QWidget *CaptionLab::createPairsPane() {
  m_pairs = new ContrastPairsView;
  m_pairs->setObjectName(QStringLiteral("contrastPairs"));
  connect(m_pairs, &ContrastPairsView::pairActivated, this, &CaptionLab::scorePair);
  auto *box = new QGroupBox(tr("Contrast pairs"));
  box->setObjectName(QStringLiteral("contrastPairsBox"));
  (new QVBoxLayout(box))->addWidget(m_pairs);
  box->hide(); // until a file is opened
  return box;
}

void CaptionLab::openContrastPairsClicked() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open contrast pairs"), QString(),
                                                    tr("Contrast pairs (*.json *.csv);;All files (*)"));
  if (path.isEmpty()) return;
  const QString error = openContrastPairs(path);
  if (!error.isEmpty()) QMessageBox::warning(this, tr("Open contrast pairs"), error);
}

QString CaptionLab::openContrastPairs(const QString &path) {
  std::vector<ContrastPairRecord> pairs;
  try {
    pairs = readContrastPairs(path);
  } catch (const std::exception &e) {
    return tr("Cannot open the contrast pairs: %1").arg(QString::fromStdString(e.what()));
  }
  m_pairs->setPairs(path, std::move(pairs));
  if (QWidget *box = m_pairs->parentWidget()) {
    box->show();
    if (auto *group = qobject_cast<QGroupBox *>(box))
      group->setTitle(tr("Contrast pairs — %1").arg(QFileInfo(path).fileName()));
  }
  return {};
}

// The pair's image by its id, then both sentences, the edit once the true caption's result is in.
void CaptionLab::scorePair(const ContrastPairRecord &pair) {
  const int image = m_state.imageIndexOf(pair.imageId);
  if (image < 0) {
    m_queued.clear();
    return showMessage(tr("Image %1 of the pair is not in the open dataset: open the dataset the run was trained on.").arg(pair.imageId));
  }
  m_state.selectImage(image);
  m_queued = QStringList{pair.edited};
  setCaption(pair.original);
}

void CaptionLab::scoreNextQueued() {
  if (m_queued.isEmpty()) return;
  setCaption(m_queued.takeFirst());
}

}  // namespace gs
