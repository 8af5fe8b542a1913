#pragma once
// What the Regions dock writes: the figure as shown (options, selection and heat map included) as
// PNG/SVG/PDF, and the correspondences — every noun phrase's best region — of the shown image's
// captions (at once) or of the whole test split (an engine job on the interactive lane) as CSV/JSON.
// The dialogs ask where and how large; the functions behind them are the panel's public API.

#include "common/backgroundjob.h"

#include <QObject>
#include <QSize>

class QWidget;

namespace gs {

class RegionImageView;
class RegionRun;
class RegionScene;

class RegionExport : public QObject {
  Q_OBJECT
public:
  // `view`, `run` and `scene` must outlive this; `parent` is the dialogs' parent.
  RegionExport(EngineBridge &bridge, const RegionImageView &view, const RegionRun &run, const RegionScene &scene, QWidget *parent);

  // PNG at size × devicePixelRatio, SVG/PDF in points; an empty size is the figure's natural size.
  // Returns "" or the error.
  QString exportFigure(const QString &path, QSize size = {}, qreal devicePixelRatio = 1.0) const;
  QString exportImageData(const QString &path) const; // returns "" or the error
  void exportSplitData(const QString &path);          // dataExported() follows

  void exportFigureClicked();
  void exportDataClicked();

Q_SIGNALS:
  void dataExported(const QString &path, const QString &error);

private:
  QWidget *dialogParent() const;

  BackgroundJob m_job;
  const RegionImageView &m_view;
  const RegionRun &m_run;
  const RegionScene &m_scene;
};

}  // namespace gs
