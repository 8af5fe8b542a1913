#include "regions/regionexport.h"

#include "engine/jobcontext.h"
#include "inference/correspondencefile.h"
#include "regions/regionrun.h"
#include "regions/regionscene.h"
#include "shared/regionimageview.h"

#include <QFileDialog>
#include <QInputDialog>
#include <QMessageBox>

namespace gs {

RegionExport::RegionExport(EngineBridge &bridge, const RegionImageView &view, const RegionRun &run, const RegionScene &scene,
                           QWidget *parent)
    : QObject(parent), m_job(bridge, this), m_view(view), m_run(run), m_scene(scene) {}

QWidget *RegionExport::dialogParent() const { return qobject_cast<QWidget *>(parent()); }

QString RegionExport::exportFigure(const QString &path, QSize size, qreal devicePixelRatio) const {
  try {
    exportRegionFigure(m_view.figure(), m_view.figureStyle(), path, size, devicePixelRatio);
  } catch (const std::exception &e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

QString RegionExport::exportImageData(const QString &path) const {
  if (!m_run.grounder()) return tr("%1: the correspondences need an HM-LSTM run").arg(path);
  try {
    writeCorrespondences(path, m_run.grounder()->ground(m_scene.imageId()), 1);
  } catch (const std::exception &e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

void RegionExport::exportSplitData(const QString &path) {
  if (!m_run.grounder()) {
    Q_EMIT dataExported(path, tr("%1: the correspondences need an HM-LSTM run").arg(path));
    return;
  }
  m_job.start(
      tr("Export correspondences"),
      [grounder = m_run.grounder(), path](JobContext &job) {
        writeCorrespondences(path, grounder->groundSplit(Split::Test, &job), 1);
        return true;
      },
      [this, path](bool) { Q_EMIT dataExported(path, QString()); },
      [this, path](const JobOutcome &outcome) { Q_EMIT dataExported(path, BackgroundJob::failureText(outcome)); });
}

void RegionExport::exportFigureClicked() {
  QWidget *parent = dialogParent();
  const QString title = tr("Export the regions figure");
  const QString path = QFileDialog::getSaveFileName(parent, title, QString(), tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
  if (path.isEmpty()) return;
  const QSize natural = naturalFigureSize(m_view.figure(), m_view.figureStyle());
  bool ok = false;
  const int width = QInputDialog::getInt(parent, title, tr("Width (pixels for PNG, points for SVG/PDF):"), natural.width(), 100, 20000, 50, &ok);
  if (!ok) return;
  qreal ratio = 1;
  if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
    ratio = QInputDialog::getDouble(parent, title, tr("Device pixel ratio:"), 2.0, 0.5, 4.0, 1, &ok);
    if (!ok) return;
  }
  const QString error = exportFigure(path, QSize(width, int(double(width) * natural.height() / std::max(1, natural.width()))), ratio);
  if (!error.isEmpty()) QMessageBox::warning(parent, title, error);
}

void RegionExport::exportDataClicked() {
  QWidget *parent = dialogParent();
  const QString title = tr("Export correspondences");
  bool ok = false;
  const QStringList scopes = {tr("This image's captions"), tr("The whole test split")};
  const QString scope = QInputDialog::getItem(parent, title, tr("Which phrases:"), scopes, 0, false, &ok);
  if (!ok) return;
  const QString path = QFileDialog::getSaveFileName(parent, title, QString(), tr("CSV table (*.csv);;JSON (*.json)"));
  if (path.isEmpty()) return;
  if (scope == scopes.first()) {
    const QString error = exportImageData(path);
    if (!error.isEmpty()) QMessageBox::warning(parent, title, error);
    return;
  }
  connect(this, &RegionExport::dataExported, this, [parent, title](const QString &, const QString &error) {
    if (!error.isEmpty()) QMessageBox::warning(parent, title, error);
  }, Qt::SingleShotConnection);
  exportSplitData(path);
}

}  // namespace gs
