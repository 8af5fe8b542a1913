#include "map/mapselection.h"

#include "analysis/mapmodel.h"
#include "common/workbenchstate.h"
#include "figures/maplasso.h"
#include "map/mapview.h"

#include <QSet>

#include <algorithm>
#include <utility>

namespace gs {

namespace {
constexpr int kItemRole = Qt::UserRole + 1; // an entry's map item
// A selection lists its first items only: a rubber band over a third of COCO's map holds hundreds of
// thousands, which no one reads in a list, and listing them all took longer than a frame.
constexpr int kListedItems = 1000;
}  // namespace

MapSelection::MapSelection(MapModel &model, MapView &view, WorkbenchState &state, QWidget *parent)
    : QListWidget(parent), m_model(model), m_view(view), m_state(state) {
  setObjectName(QStringLiteral("selectionList"));
  setAccessibleName(tr("Selected items"));
  setMinimumWidth(160);
  setUniformItemSizes(true);
  for (auto signal : {&QListWidget::itemActivated, &QListWidget::itemClicked})
    connect(this, signal, this, [this](QListWidgetItem *entry) {
      if (entry->data(kItemRole).isValid()) Q_EMIT itemPicked(entry->data(kItemRole).toInt()); // not the "… more" line
    });
  connect(&m_view, &MapView::rectSelected, this, [this](const QRectF &rect) { select(m_model.itemsInRect(rect)); });
  connect(&m_view, &MapView::lassoSelected, this, [this](const QPolygonF &outline) { select(itemsInPolygon(m_model, outline)); });
  connect(&m_state, &WorkbenchState::imageSelected, this, &MapSelection::highlightImage);
  connect(&m_state, &WorkbenchState::sliceShown, this, &MapSelection::onSliceShown);
}

void MapSelection::clearForNewData() {
  m_rowOfImageId.clear();
  for (int r = 0; r < m_model.imageCount(); ++r) m_rowOfImageId.insert(m_model.data().imageIds[r], r);
  clear();
}

void MapSelection::select(std::vector<int> items) {
  m_model.setSelection(std::move(items));
  m_view.updateSelection();
  clear();
  const std::vector<int> &selection = m_model.selection();
  const std::size_t listed = std::min(selection.size(), std::size_t(kListedItems));
  for (std::size_t k = 0; k < listed; ++k) {
    const int item = selection[k];
    auto *entry = new QListWidgetItem(
        (m_model.kind(item) == MapItemKind::Image ? QStringLiteral("○ ") : QStringLiteral("× ")) + m_model.label(item), this);
    entry->setData(kItemRole, item);
    entry->setToolTip(m_model.toolTip(item));
  }
  if (listed < selection.size()) {
    auto *more = new QListWidgetItem(tr("… and %n more (ringed on the map)", nullptr, int(selection.size() - listed)), this);
    more->setFlags(Qt::NoItemFlags);
  }
  Q_EMIT selected(m_model.selection());
  Q_EMIT statusChanged(tr("%n item(s) selected.", nullptr, int(m_model.selection().size())));
}

// A slice of the Analysis dock: its captions' items selected (a text met twice selects both), so
// the list names them. An empty slice clears the selection.
void MapSelection::onSliceShown(const QString &label, const QStringList &captions) {
  const QSet<QString> wanted(captions.begin(), captions.end());
  std::vector<int> items;
  const QStringList &shown = m_model.data().captions;
  for (int row = 0; row < int(shown.size()); ++row)
    if (wanted.contains(shown.at(row))) items.push_back(m_model.captionItem(row));
  const int count = int(items.size());
  select(std::move(items));
  if (!label.isEmpty()) Q_EMIT statusChanged(tr("Slice: %1 — %2 captions").arg(label).arg(count));
}

int MapSelection::datasetImageOf(int imageRow) const {
  if (imageRow < 0 || imageRow >= m_model.imageCount()) return -1;
  return m_state.imageIndexOf(m_model.data().imageIds[imageRow]);
}

void MapSelection::selectInState(int item) {
  const int row = m_model.row(item);
  if (m_model.kind(item) == MapItemKind::Image) {
    m_state.selectImage(datasetImageOf(row));
    return;
  }
  // A caption: find it among its image's captions in the dataset (the joint space keeps the text).
  const int image = datasetImageOf(m_model.data().captionImage[std::size_t(row)]);
  const auto dataset = m_state.dataset();
  if (!dataset || image < 0) return;
  for (int c : dataset->images[std::size_t(image)].captions)
    if (dataset->captions[std::size_t(c)].raw == m_model.data().captions[row]) {
      m_state.selectCaption(c);
      return;
    }
  m_state.selectImage(image);
}

void MapSelection::highlightSelectedImage() {
  if (m_state.selectedImage() >= 0) highlightImage(m_state.selectedImage());
}

void MapSelection::highlightImage(int datasetImage) {
  const auto dataset = m_state.dataset();
  int row = -1;
  if (dataset && datasetImage >= 0 && datasetImage < int(dataset->images.size()))
    row = m_rowOfImageId.value(dataset->images[std::size_t(datasetImage)].id, -1);
  m_view.setHighlightedImage(row);
}

}  // namespace gs
