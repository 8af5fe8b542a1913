#include "map/neighbourlist.h"

#include "analysis/jointspace.h"
#include "analysis/mapmodel.h"
#include "map/mapview.h"

#include <vector>

namespace gs {

NeighbourList::NeighbourList(EngineBridge &bridge, const MapModel &model, MapView &view, QWidget *parent)
    : QListWidget(parent), m_model(model), m_view(view), m_job(bridge, this, JobLane::Query) {
  setObjectName(QStringLiteral("neighbourList"));
  setAccessibleName(tr("Nearest neighbours in the joint space"));
  setToolTip(tr("The clicked item's nearest images and captions by the run's own score, in the joint space itself (not on the map)"));
  connect(this, &QListWidget::itemActivated, this, [this](QListWidgetItem *entry) {
    if (entry->data(kItemRole).isValid()) Q_EMIT itemPicked(entry->data(kItemRole).toInt());
  });
}

void NeighbourList::clearForNewData() {
  m_job.cancel();
  clear();
}

void NeighbourList::addHeading(const QString &text) {
  auto *entry = new QListWidgetItem(text, this);
  QFont bold = entry->font();
  bold.setBold(true);
  entry->setFont(bold);
  entry->setFlags(Qt::ItemIsEnabled);
}

void NeighbourList::showNeighbours(const std::shared_ptr<const JointSpace> &space, int item, int k) {
  m_job.cancel(); // a newer click
  clear();
  m_view.setNeighbours({});
  // Only when the map shows that space's items. (An epoch replay's sample is the split itself when
  // the split is small; otherwise a part of it.)
  if (!space || item < 0 || item >= m_model.itemCount() || space->imageIds() != m_model.data().imageIds ||
      space->captions() != m_model.data().captions)
    return;
  const bool image = m_model.kind(item) == MapItemKind::Image;
  const int row = m_model.row(item);
  m_job.start(
      tr("Nearest neighbours"),
      [space, image, row, k](JobContext &) { return image ? space->neighboursOfImage(row, k) : space->neighboursOfCaption(row, k); },
      [this, item](const JointSpace::Neighbours &found) {
        std::vector<int> items;
        const auto add = [&](int mapItem, float score) {
          auto *entry = new QListWidgetItem(QStringLiteral("%1  %2").arg(score, 0, 'f', 3).arg(m_model.label(mapItem)), this);
          entry->setData(kItemRole, mapItem);
          entry->setToolTip(m_model.toolTip(mapItem));
          items.push_back(mapItem);
        };
        addHeading(tr("Images"));
        for (const JointSpace::Ranked &r : found.images) add(m_model.imageItem(r.row), r.score);
        addHeading(tr("Captions"));
        for (const JointSpace::Ranked &r : found.captions) add(m_model.captionItem(r.row), r.score);
        m_view.setNeighbours(std::move(items));
        Q_EMIT neighboursShown(item);
      },
      [this](const JobOutcome &outcome) { addItem(tr("No neighbours: %1").arg(BackgroundJob::failureText(outcome))); });
}

}  // namespace gs
