// The caption lab's exports (captionlab.h): the shown caption's contributions as a table
// (inference/attributionfile.h, as `groundscope-cli explain` writes them) and as a figure
// (figures/attributionfigure.h), so what the lab shows can go into a paper or a notebook.
#include "captionlab/captionlab.h"

#include "common/attributiontext.h"
#include "common/viewexport.h"
#include "figures/attributionfigure.h"
#include "inference/attributionfile.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QMessageBox>
#include <QPushButton>

#include <stdexcept>

namespace gs {

QLayout *CaptionLab::createExportRow() {
  m_exportContributions = new QPushButton(tr("Export contributions…"));
  m_exportContributions->setObjectName(QStringLiteral("exportContributionsButton"));
  m_exportContributions->setToolTip(tr("Write each part's contribution to the score as a CSV or JSON table"));
  m_exportFigure = new QPushButton(tr("Export figure…"));
  m_exportFigure->setObjectName(QStringLiteral("exportFigureButton"));
  m_exportFigure->setToolTip(tr("Write the caption's parts coloured by contribution as a PNG, SVG or PDF figure"));
  for (QPushButton *button : {m_exportContributions, m_exportFigure}) button->setEnabled(false);
  connect(m_exportContributions, &QPushButton::clicked, this, &CaptionLab::exportContributionsClicked);
  connect(m_exportFigure, &QPushButton::clicked, this, &CaptionLab::exportFigureClicked);
  auto *row = new QHBoxLayout;
  row->addStretch(1);
  row->addWidget(m_exportContributions);
  row->addWidget(m_exportFigure);
  return row;
}

QString CaptionLab::exportContributions(const QString &path) const {
  if (!m_attribution) return tr("No caption is scored yet.");
  try {
    writeAttribution(path, *m_attribution);
  } catch (const std::exception &e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

QString CaptionLab::exportFigure(const QString &path) const {
  if (!m_attribution) return tr("No caption is scored yet.");
  try {
    writeSentenceAttributionFigure(path, *m_attribution);
  } catch (const std::exception &e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

void CaptionLab::exportContributionsClicked() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export the contributions"), QString(), attributionFileFilter());
  if (path.isEmpty()) return;
  const QString error = exportContributions(path);
  if (!error.isEmpty()) QMessageBox::warning(this, tr("Export the contributions"), error);
}

void CaptionLab::exportFigureClicked() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export the figure"), QString(), figureFileFilter());
  if (path.isEmpty()) return;
  const QString error = exportFigure(path);
  if (!error.isEmpty()) QMessageBox::warning(this, tr("Export the figure"), error);
}

}  // namespace gs
