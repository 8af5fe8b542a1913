#include "map/comparedmap.h"

#include "analysis/jointspace.h"
#include "engine/enginebridge.h"
#include "engine/jobcontext.h"
#include "map/mapview.h"
#include "map/runheading.h"
#include "figures/mapcolouring.h"
#include "figures/maplasso.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QPointer>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace gs {

ComparedMap::ComparedMap(EngineBridge &bridge, RunColours &colours, QWidget *parent)
    : QWidget(parent), m_bridge(bridge), m_view(new MapView(m_model, this)), m_heading(new RunHeading(colours, this)),
      m_close(new QToolButton(this)),
      m_openJob(bridge, this), m_relay(new QObject, [](QObject *relay) { relay->deleteLater(); }) {
  m_view->setObjectName(QStringLiteral("comparedView")); // apart from the first map's "view"
  m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
  m_close->setToolTip(tr("Close the comparison"));
  m_close->setAccessibleName(tr("Close the comparison"));
  m_heading->setObjectName(QStringLiteral("comparedHeading"));
  auto *header = new QHBoxLayout;
  header->addWidget(m_heading, 1);
  header->addWidget(m_close);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(header);
  layout->addWidget(m_view, 1);
  connect(m_close, &QToolButton::clicked, this, &ComparedMap::closeRequested);
  connect(m_view, &MapView::rectSelected, this, [this](const QRectF &rect) { Q_EMIT itemsPicked(m_model.itemsInRect(rect)); });
  connect(m_view, &MapView::itemClicked, this, [this](int item) { Q_EMIT itemsPicked({item}); });
  connect(m_view, &MapView::lassoSelected, this, [this](const QPolygonF &outline) { Q_EMIT itemsPicked(itemsInPolygon(m_model, outline)); });
  connect(&m_bridge, &EngineBridge::finished, this, [this](JobId id, const QString &, const JobOutcome &outcome) {
    if (id != m_jobId) return; // a success has already posted its layout and cleared m_jobId
    m_jobId = 0;
    const QString message = outcome.status == JobStatus::Cancelled ? tr("%1 — cancelled").arg(m_modelName)
                                                                    : tr("%1 — the layout failed: %2").arg(m_modelName, outcome.error);
    m_heading->setText(message);
    Q_EMIT laidOut(false, message);
  });
}

ComparedMap::~ComparedMap() { cancel(); }

void ComparedMap::cancel() {
  if (m_jobId != 0) m_bridge.engine().cancel(m_jobId);
  m_jobId = 0;
  ++m_token;
}

QString ComparedMap::title() const { return m_heading->text(); }

QColor ComparedMap::runColour() const { return m_heading->colour(); }

void ComparedMap::open(const QString &runDir, std::optional<Split> split, std::shared_ptr<const Dataset> dataset) {
  cancel();
  m_runDir = runDir;
  m_heading->setRun(runDir);
  m_heading->setText(tr("Opening %1…").arg(QDir::toNativeSeparators(runDir)));
  m_openJob.start(
      tr("Open %1 for comparison").arg(QFileInfo(runDir).fileName()),
      [runDir, split, dataset](JobContext &job) {
        const std::shared_ptr<const JointSpace> space = split ? JointSpace::open(runDir, *split, &job, dataset)
                                                              : JointSpace::openAll(runDir, &job, dataset);
        MapData data = MapData::fromJointSpace(*space);
        if (dataset) data.addDatasetMetadata(*dataset);
        return std::make_pair(std::move(data), space->model());
      },
      [this](std::pair<MapData, QString> opened) { showOpened(std::move(opened.first), opened.second); },
      [this](const JobOutcome &outcome) { refuseOpening(BackgroundJob::failureText(outcome)); });
}

void ComparedMap::showOpened(MapData data, const QString &model) {
  try {
    m_model.setData(std::move(data));
  } catch (const std::exception &error) {
    refuseOpening(QString::fromUtf8(error.what()));
    return;
  }
  m_modelName = model;
  m_model.clearPositions();
  m_view->rebuild();
  m_heading->setText(tr("%1 — %2").arg(m_modelName, QFileInfo(m_runDir).fileName()));
  Q_EMIT opened(true, m_heading->text());
}

void ComparedMap::refuseOpening(const QString &why) {
  m_heading->setText(tr("Cannot open %1: %2").arg(QDir::toNativeSeparators(m_runDir), why));
  Q_EMIT opened(false, m_heading->text());
}

JobId ComparedMap::layOut(const LayoutSequenceOptions &requested, const MapModel &reference) {
  cancel();
  const int n = m_model.itemCount(), dim = m_model.data().dim;
  if (n < 3) return 0;
  m_model.setNormalised(reference.normalised());
  m_fromReference = reference.hasPositions() && m_model.sameItemsAs(reference);
  std::vector<float> start;
  if (m_fromReference)
    for (int item = 0; item < n; ++item) {
      const QPointF p = reference.position(item);
      start.push_back(float(p.x()));
      start.push_back(float(p.y()));
    }
  const LayoutSequenceOptions options = fittedToItems(requested, n);
  const int token = m_token;
  const QPointer<ComparedMap> self(this);
  m_jobId = m_bridge.submitInteractive(tr("Compared map"), [self, relay = m_relay, token, points = m_model.stackedEmbeddings(), n, dim, options,
                                                 start = std::move(start)](JobContext &job) {
    std::vector<float> xy = layoutAfter(points, n, dim, options, start, &job).positions;
    const double preservation = neighbourhoodPreservation(points, n, dim, xy, std::min(10, n - 1), 2000);
    QMetaObject::invokeMethod(
        relay.get(),
        [self, token, xy = std::move(xy), preservation]() mutable {
          if (!self || token != self->m_token) return;
          self->m_jobId = 0;
          self->m_model.setPositions(std::move(xy));
          self->m_view->updatePositions(true);
          self->setSizing(self->m_sizingKey);
          const QString message = tr("%1 — %2 % of each item's 10 nearest neighbours kept%3")
                                      .arg(self->m_modelName)
                                      .arg(100 * preservation, 0, 'f', 1)
                                      .arg(self->m_fromReference ? tr("; started from the first map") : QString());
          self->m_heading->setText(message);
          Q_EMIT self->laidOut(true, message);
        },
        Qt::QueuedConnection);
  });
  m_heading->setText(tr("%1 — laying out…").arg(m_modelName));
  return m_jobId;
}

void ComparedMap::showMatching(const MapModel &source, const std::vector<int> &items) {
  m_model.setSelection(m_model.itemsMatching(source, items));
  m_view->updateSelection();
}

void ComparedMap::setSizing(const QString &key) {
  m_sizingKey = key;
  MapSizing sizing;
  try {
    if (!key.isEmpty()) sizing = sizeMap(m_model, key);
  } catch (const std::invalid_argument &) {
    // this run's data cannot: one size
  }
  m_view->setSizing(std::move(sizing));
}

void ComparedMap::setColouring(const QString &key) {
  try {
    m_view->setColouring(colourMap(m_model, key));
  } catch (const std::invalid_argument &) {
    m_view->setColouring({}); // this run's data cannot (e.g. no partner ranks): by modality
  }
}

}  // namespace gs
