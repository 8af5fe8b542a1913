#include "dataset/datasetbrowser.h"

#include "common/thumbnaildelegate.h"

#include "common/canvaspalette.h"

#include "dataset/datasetfiltermodel.h"
#include "data/imagesearch.h"
#include "engine/jobcontext.h"
#include "dataset/thumbnailmodel.h"

#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace gs {

namespace {
constexpr int kSearchDelayMs = 200;    // typing pause before the filter runs over every image
const QSize kThumbnailBox(112, 84);    // 4:3 cells; photos and demo scenes both fit
constexpr int kCellTextHeight = 34;    // two lines under the thumbnail: id and split
const QColor kOrderSensitive(150, 60, 0); // marks captions only word order can tell apart

// The first local path among the dragged URLs ("" when none).
QString droppedPath(const QMimeData *mime) {
  if (!mime || !mime->hasUrls()) return {};
  for (const QUrl &url : mime->urls())
    if (url.isLocalFile()) return url.toLocalFile();
  return {};
}
}  // namespace

DatasetBrowser::DatasetBrowser(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QWidget(parent), m_state(state), m_indexJob(bridge, this), m_model(new ThumbnailModel(kThumbnailBox, this)),
      m_filter(new DatasetFilterModel(this)), m_searchTimer(new QTimer(this)) {
  setAcceptDrops(true);
  m_model->setObjectName(QStringLiteral("thumbnailModel"));
  m_filter->setObjectName(QStringLiteral("filterModel"));
  m_filter->setSourceModel(m_model);
  buildUi();
  connectSignals();
  onDatasetChanged();
}

// The filter bar, the hint or the grid of thumbnails (left), the selected image's captions and the
// load report (right).
void DatasetBrowser::buildUi() {
  QHBoxLayout *bar = buildFilterBar();
  m_hint = new QLabel(tr("No dataset open. Drop a dataset folder or file here, or use File ▸ Open Dataset."));
  m_hint->setAlignment(Qt::AlignCenter);
  m_hint->setWordWrap(true);
  buildGrid();
  buildDetailTabs();
  auto *left = new QWidget;
  auto *leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addLayout(bar);
  leftLayout->addWidget(m_hint);
  leftLayout->addWidget(m_grid, 1);
  auto *splitter = new QSplitter(Qt::Horizontal);
  splitter->addWidget(left);
  splitter->addWidget(m_tabs);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 1);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(splitter);
}

// The search field, the split filter and the count of images shown.
QHBoxLayout *DatasetBrowser::buildFilterBar() {
  m_search = new QLineEdit;
  m_search->setObjectName(QStringLiteral("searchEdit"));
  m_search->setPlaceholderText(tr("Search image ids and caption words"));
  m_search->setClearButtonEnabled(true);
  m_search->setAcceptDrops(false); // a dropped folder opens a dataset rather than landing here as text
  m_search->setToolTip(tr("Every word must match the image id or the start of a word in one of its captions"));
  m_split = new QComboBox;
  m_split->setObjectName(QStringLiteral("splitCombo"));
  m_split->addItem(tr("All splits"), -1);
  m_split->addItem(tr("train"), int(Split::Train));
  m_split->addItem(tr("val"), int(Split::Val));
  m_split->addItem(tr("test"), int(Split::Test));
  m_split->addItem(tr("unassigned"), int(Split::Unassigned));
  m_count = new QLabel;
  m_count->setObjectName(QStringLiteral("countLabel"));
  auto *bar = new QHBoxLayout;
  bar->addWidget(m_search, 1);
  bar->addWidget(m_split);
  bar->addWidget(m_count);
  return bar;
}

void DatasetBrowser::buildGrid() {
  m_grid = new QListView;
  m_grid->setObjectName(QStringLiteral("grid"));
  m_grid->setAccessibleName(tr("Images of the dataset"));
  m_grid->setViewMode(QListView::IconMode);
  m_grid->setMovement(QListView::Static); // IconMode defaults to free movement and internal drops
  m_grid->setDragEnabled(false);
  m_grid->setAcceptDrops(false);
  m_grid->viewport()->setAcceptDrops(false);
  m_grid->setResizeMode(QListView::Adjust);
  m_grid->setUniformItemSizes(true); // layout of 30,000 cells without asking each for its size
  m_grid->setLayoutMode(QListView::Batched);
  m_grid->setBatchSize(500);
  m_grid->setIconSize(kThumbnailBox);
  m_grid->setGridSize(QSize(kThumbnailBox.width() + 16, kThumbnailBox.height() + kCellTextHeight + 8));
  m_grid->setWordWrap(true);
  m_grid->setSelectionMode(QAbstractItemView::SingleSelection);
  m_grid->setItemDelegate(new ThumbnailDelegate(m_grid)); // thumbnails drawn without QIcon's cache
  m_grid->setModel(m_filter);
}

// Captions: the selected image, its facts and its captions. Load report: what the loader said.
void DatasetBrowser::buildDetailTabs() {
  m_preview = new QLabel;
  m_preview->setFixedSize(kThumbnailBox);
  m_preview->setAlignment(Qt::AlignCenter);
  m_imageInfo = new QLabel;
  m_imageInfo->setWordWrap(true);
  m_imageInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_captions = new QListWidget;
  m_captions->setObjectName(QStringLiteral("captionList"));
  m_captions->setAccessibleName(tr("Captions of the selected image"));
  m_captions->setWordWrap(true);
  m_captions->setToolTip(tr("Select a caption to see its trees and where it ranks its image"));
  auto *imagePage = new QWidget;
  auto *header = new QHBoxLayout;
  header->addWidget(m_preview);
  header->addWidget(m_imageInfo, 1);
  auto *imageLayout = new QVBoxLayout(imagePage);
  imageLayout->addLayout(header);
  imageLayout->addWidget(m_captions, 1);

  m_report = new QPlainTextEdit;
  m_report->setObjectName(QStringLiteral("reportView"));
  m_report->setAccessibleName(tr("Load report"));
  m_report->setReadOnly(true);
  m_report->setLineWrapMode(QPlainTextEdit::NoWrap);
  m_tabs = new QTabWidget;
  m_tabs->addTab(imagePage, tr("Captions"));
  m_tabs->addTab(m_report, tr("Load report"));
}

// The search (typed: after a short pause; Enter: now), the split filter, the count, the selection
// both ways between the grid and the workbench state, and thumbnails that arrive late.
void DatasetBrowser::connectSignals() {
  m_searchTimer->setSingleShot(true);
  m_searchTimer->setInterval(kSearchDelayMs);
  connect(m_search, &QLineEdit::textChanged, m_searchTimer, qOverload<>(&QTimer::start));
  connect(m_searchTimer, &QTimer::timeout, this, &DatasetBrowser::applySearch);
  connect(m_search, &QLineEdit::returnPressed, this, &DatasetBrowser::applySearch);
  connect(m_split, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
    const int split = m_split->currentData().toInt();
    changeFilter([this, split] { m_filter->setSplitFilter(split < 0 ? std::nullopt : std::optional<Split>(Split(split))); });
  });
  for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
    connect(m_filter, signal, this, &DatasetBrowser::updateCount);
  connect(m_filter, &QAbstractItemModel::modelReset, this, &DatasetBrowser::updateCount);
  connect(m_filter, &QAbstractItemModel::layoutChanged, this, &DatasetBrowser::updateCount);
  connect(m_grid->selectionModel(), &QItemSelectionModel::currentChanged, this,
          [this](const QModelIndex &current) { onGridCurrentChanged(current); });
  connect(m_captions, &QListWidget::currentRowChanged, this, &DatasetBrowser::onCaptionRowChanged);
  connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &from, const QModelIndex &to) {
    if (m_shownImage >= from.row() && m_shownImage <= to.row()) updatePreview();
  });

  connect(&m_state, &WorkbenchState::datasetChanged, this, &DatasetBrowser::onDatasetChanged);
  connect(&m_state, &WorkbenchState::imageSelected, this, &DatasetBrowser::onImageSelected);
  connect(&m_state, &WorkbenchState::captionSelected, this, &DatasetBrowser::onCaptionSelected);
}

void DatasetBrowser::applySearch() {
  m_searchTimer->stop();
  const QString text = m_search->text();
  if (text.trimmed().isEmpty()) {
    changeFilter([this] { m_filter->setMatches(std::nullopt); });
    return;
  }
  if (!m_index) {
    m_count->setText(tr("Indexing the captions…")); // indexCaptions applies the search when it is done
    return;
  }
  changeFilter([this, &text] { m_filter->setMatches(m_index->matches(text)); });
}

void DatasetBrowser::indexCaptions() {
  m_index.reset();
  const auto dataset = m_state.dataset();
  if (!dataset) {
    m_indexJob.cancel();
    return;
  }
  m_indexJob.start(
      tr("Index the captions of %1 images").arg(dataset->images.size()),
      [dataset](JobContext &job) { return std::make_shared<const ImageSearchIndex>(ImageSearchIndex::build(*dataset, &job)); },
      [this](std::shared_ptr<const ImageSearchIndex> index) {
        m_index = std::move(index);
        if (!m_search->text().trimmed().isEmpty()) applySearch();
      },
      [this](const JobOutcome &outcome) { m_count->setText(tr("Cannot search: %1").arg(BackgroundJob::failureText(outcome))); });
}

void DatasetBrowser::onDatasetChanged() {
  const auto dataset = m_state.dataset();
  m_filter->setMatches(std::nullopt); // the last dataset's matches; searched again once indexed
  m_model->setDataset(dataset);
  indexCaptions();
  m_hint->setVisible(!dataset);
  m_grid->setVisible(bool(dataset));
  showImage(-1);
  if (!dataset) {
    m_report->clear();
    m_tabs->setTabText(1, tr("Load report"));
  } else {
    const int issues = dataset->report.total();
    m_report->setPlainText(issues ? dataset->report.toText() : tr("%1: loaded without problems.").arg(m_state.datasetPath()));
    m_tabs->setTabText(1, issues ? tr("Load report (%1)").arg(issues) : tr("Load report"));
  }
  updateCount();
  if (m_state.selectedImage() >= 0) onImageSelected(m_state.selectedImage());
}

void DatasetBrowser::updateCount() {
  const int total = m_model->rowCount();
  m_count->setText(tr("%1 of %2 images").arg(m_filter->rowCount()).arg(total));
}

void DatasetBrowser::onGridCurrentChanged(const QModelIndex &current) {
  if (m_syncing || !current.isValid()) return;
  const int image = current.data(ThumbnailModel::ImageIndexRole).toInt();
  showImage(image);
  m_state.selectImage(image);
}

void DatasetBrowser::onCaptionRowChanged(int row) {
  if (m_syncing || row < 0) return;
  const int caption = m_captions->item(row)->data(Qt::UserRole).toInt();
  m_state.selectCaption(caption);
}

void DatasetBrowser::onImageSelected(int image) {
  showImage(image);
  syncGrid();
}

void DatasetBrowser::syncGrid() {
  const int image = m_state.selectedImage();
  const QModelIndex proxy = image >= 0 && image < m_model->rowCount() ? m_filter->mapFromSource(m_model->index(image))
                                                                      : QModelIndex();
  m_syncing = true;
  if (proxy.isValid()) {
    m_grid->selectionModel()->setCurrentIndex(proxy, QItemSelectionModel::ClearAndSelect);
    m_grid->scrollTo(proxy);
  } else {
    // Hidden by the filter, or nothing selected: no stale cell stays highlighted.
    m_grid->selectionModel()->setCurrentIndex(QModelIndex(), QItemSelectionModel::Clear);
  }
  m_syncing = false;
}

void DatasetBrowser::changeFilter(const std::function<void()> &change) {
  // Rows leaving the proxy move the view's current index to a neighbour; that is not the user
  // choosing another image, so the state is not told, and the grid is re-synced after.
  m_syncing = true;
  change();
  m_syncing = false;
  syncGrid();
  updateCount();
}

void DatasetBrowser::onCaptionSelected(int caption) {
  const auto dataset = m_state.dataset();
  if (!dataset || caption < 0 || caption >= int(dataset->captions.size())) return;
  if (dataset->captions[std::size_t(caption)].image != m_shownImage) showImage(dataset->captions[std::size_t(caption)].image);
  m_syncing = true;
  for (int r = 0; r < m_captions->count(); ++r)
    if (m_captions->item(r)->data(Qt::UserRole).toInt() == caption) m_captions->setCurrentRow(r);
  m_syncing = false;
}

void DatasetBrowser::showImage(int image) {
  const auto dataset = m_state.dataset();
  if (!dataset || image < 0 || image >= int(dataset->images.size())) image = -1;
  if (image == m_shownImage && image >= 0) return;
  m_shownImage = image;
  m_syncing = true;
  m_captions->clear();
  if (image >= 0) {
    const ImageRecord &record = dataset->images[std::size_t(image)];
    for (int c : record.captions) {
      if (c < 0 || c >= int(dataset->captions.size())) continue;
      const CaptionRecord &caption = dataset->captions[std::size_t(c)];
      auto *item = new QListWidgetItem(caption.orderSensitive ? QStringLiteral("⇄ ") + caption.raw : caption.raw);
      item->setData(Qt::UserRole, c);
      if (caption.orderSensitive) {
        // Lighter on a dark palette, so the marking stays readable there.
        item->setForeground(CanvasColours::of(m_captions->palette()).dark ? kOrderSensitive.lighter(170) : kOrderSensitive);
        item->setToolTip(tr("Order-sensitive: a distractor image's captions have the same words in another order; "
                            "only word order tells them apart."));
      }
      m_captions->addItem(item);
    }
    if (m_state.selectedCaption() >= 0)
      for (int r = 0; r < m_captions->count(); ++r)
        if (m_captions->item(r)->data(Qt::UserRole).toInt() == m_state.selectedCaption()) m_captions->setCurrentRow(r);
  }
  m_syncing = false;
  updatePreview();
}

void DatasetBrowser::updatePreview() {
  const auto dataset = m_state.dataset();
  if (!dataset || m_shownImage < 0) {
    m_preview->clear();
    m_imageInfo->setText(dataset ? tr("Select an image to see its captions.") : QString());
    return;
  }
  const ImageRecord &record = dataset->images[std::size_t(m_shownImage)];
  QPixmap pixmap = m_model->cachedThumbnail(m_shownImage);
  if (pixmap.isNull()) {
    // Goes through the model like the grid: queues a decode, shows the placeholder meanwhile.
    pixmap = m_model->data(m_model->index(m_shownImage), Qt::DecorationRole).value<QPixmap>();
  }
  m_preview->setPixmap(pixmap);
  QString info = QStringLiteral("<b>%1</b> · %2").arg(record.id.toHtmlEscaped(), splitName(record.split));
  if (record.width > 0) info += QStringLiteral(" · %1×%2").arg(record.width).arg(record.height);
  info += QStringLiteral("<br>") + tr("%n caption(s)", nullptr, int(record.captions.size()));
  if (!record.concepts.isEmpty())
    info += QStringLiteral("<br>") + tr("Concepts: %1").arg(record.concepts.join(QStringLiteral(", ")).toHtmlEscaped());
  info += QStringLiteral("<br><small>%1</small>").arg(QFileInfo(record.path).fileName().toHtmlEscaped());
  m_imageInfo->setText(info);
}

void DatasetBrowser::dragEnterEvent(QDragEnterEvent *event) {
  if (!droppedPath(event->mimeData()).isEmpty()) event->acceptProposedAction();
  else event->ignore();
}

void DatasetBrowser::dragMoveEvent(QDragMoveEvent *event) {
  if (!droppedPath(event->mimeData()).isEmpty()) event->acceptProposedAction();
  else event->ignore();
}

void DatasetBrowser::dropEvent(QDropEvent *event) {
  const QString path = droppedPath(event->mimeData());
  if (path.isEmpty()) {
    event->ignore();
    return;
  }
  event->acceptProposedAction();
  Q_EMIT datasetDropped(path);
}

void DatasetBrowser::refreshImage(int image) { m_model->forgetThumbnail(image); }

}  // namespace gs
