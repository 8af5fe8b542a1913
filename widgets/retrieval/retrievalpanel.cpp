#include "retrieval/retrievalpanel.h"

#include "retrieval/rankedlistmodel.h"
#include "retrieval/retrievalcompare.h"
#include "retrieval/retrievalsource.h"
#include "common/workbenchstate.h"

#include "analysis/jointspace.h"
#include "text/tokenizer.h"

#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QSet>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>

namespace gs {

namespace {
constexpr int kImageThumbnail = 96;   // grid of ranked images
constexpr int kCaptionThumbnail = 40; // the image beside each ranked caption
// Large collections (bench_retrievaldock: 200,000 images, 1,000,000 captions) change two things:
//  - the image picker's thumbnails load for its first kComboThumbnails entries only: 200,000 of them
//    kept both cores and the GUI thread busy for minutes, and rankings waited behind them;
//  - the search field completes captions that start with what is typed, from the sorted distinct
//    captions (a binary search per keystroke), instead of those that contain it (a scan of every
//    caption per keystroke: 16 s per key at 100,000 captions).
//  - a ranking lists its best kListedRows rows (or the export's top K, if more): building and
//    showing all million took half a second, and nobody scrolls past the first thousands;
constexpr int kComboThumbnails = 2000;
constexpr int kListedRows = 10000;
constexpr int kContainsCompletion = 20000;
constexpr int kDefaultTopK = 20;

struct Ranking {
  RankedList list;
  QString error;
};

// Runs `rank` as `job` (a query-lane job, see retrievalpanel.h); `done` gets the list, or why there
// is none (the ranking's error, or "cancelled" from the Jobs tab), on the GUI thread.
template <typename Rank, typename Done>
void runRanking(BackgroundJob &job, const QString &name, Rank rank, Done done) {
  job.start(
      name, [rank](JobContext &) { return Ranking{rank(), {}}; }, done,
      [done](const JobOutcome &outcome) { done(Ranking{{}, BackgroundJob::failureText(outcome)}); });
}


QListView *makeView(QWidget *parent, bool grid, int thumbnail) {
  auto *view = new QListView(parent);
  view->setAccessibleName(QObject::tr("Ranked list"));
  view->setIconSize(QSize(thumbnail, thumbnail));
  view->setUniformItemSizes(true);
  view->setSelectionMode(QAbstractItemView::SingleSelection);
  view->setEditTriggers(QAbstractItemView::NoEditTriggers);
  if (grid) {
    view->setViewMode(QListView::IconMode);
    view->setResizeMode(QListView::Adjust);
    view->setMovement(QListView::Static);
    view->setGridSize(QSize(thumbnail + 60, thumbnail + 44)); // room for a bold "10. scene_00012"
    view->setWordWrap(true);
  } else {
    view->setWordWrap(true);
    view->setAlternatingRowColors(true);
  }
  return view;
}
} // namespace

RetrievalPanel::RetrievalPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QWidget(parent), m_state(state), m_bridge(bridge), m_imageRankingJob(bridge, this, JobLane::Query),
      m_captionRankingJob(bridge, this, JobLane::Query), m_epochJob(bridge, this),
      m_imageModel(new RankedListModel(kImageThumbnail, this)), m_captionModel(new RankedListModel(kCaptionThumbnail, this)) {
  m_hint = new QLabel(this);
  m_hint->setAlignment(Qt::AlignCenter);
  m_hint->setWordWrap(true);
  m_imageModel->setObjectName(QStringLiteral("imageResults"));
  m_captionModel->setObjectName(QStringLiteral("captionResults"));
  QWidget *imagesTab = createImagesTab();
  QWidget *captionsTab = createCaptionsTab();

  m_tabs = new QTabWidget(this);
  m_tabs->setObjectName(QStringLiteral("tabs"));
  m_tabs->addTab(imagesTab, tr("Sentence → images"));
  m_tabs->addTab(captionsTab, tr("Image → captions"));
  m_compare = new RetrievalCompareView(m_bridge, m_state, this);
  m_compare->setObjectName(QStringLiteral("compareView"));
  m_tabs->addTab(m_compare, tr("A | B"));
  m_tabs->setTabToolTip(2, tr("One query ranked by this run and a second run, side by side"));

  auto *exportRow = new QHBoxLayout;
  exportRow->addStretch();
  exportRow->addWidget(new QLabel(tr("Top K"), this));
  m_topK = new QSpinBox(this);
  m_topK->setObjectName(QStringLiteral("topKSpin"));
  m_topK->setRange(1, 100000);
  m_topK->setValue(kDefaultTopK);
  m_topK->setToolTip(tr("How many of the ranked results an export writes"));
  exportRow->addWidget(m_topK);
  auto *exportButton = new QPushButton(tr("Export…"), this);
  exportButton->setToolTip(tr("Write the shown list as CSV, JSON or an HTML page with thumbnails (A | B: both lists as CSV)"));
  connect(exportButton, &QPushButton::clicked, this, &RetrievalPanel::chooseExport);
  exportRow->addWidget(exportButton);

  auto *work = new QWidget(this);
  auto *workLayout = new QVBoxLayout(work);
  workLayout->setContentsMargins(0, 0, 0, 0);
  workLayout->addWidget(createEpochBanner());
  workLayout->addWidget(m_tabs, 1);
  workLayout->addLayout(exportRow);
  m_stack = new QStackedWidget(this);
  m_stack->addWidget(m_hint);
  m_stack->addWidget(work);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_stack);

  connect(&m_state, &WorkbenchState::jointSpaceChanged, this, &RetrievalPanel::onJointSpaceChanged);
  connect(&m_state, &WorkbenchState::runChanged, this, &RetrievalPanel::onJointSpaceChanged);
  connect(&m_state, &WorkbenchState::runFailed, this, [this](const QString &runDir, const QString &error) {
    m_hint->setText(tr("Could not open the run %1:\n%2").arg(QDir::toNativeSeparators(runDir), error));
  });
  connect(&m_state, &WorkbenchState::imageSelected, this, &RetrievalPanel::onImageSelected);
  connect(&m_state, &WorkbenchState::captionSelected, this, &RetrievalPanel::onCaptionSelected);
  connect(&m_state, &WorkbenchState::epochPicked, this, &RetrievalPanel::onEpochPicked);
  connect(&m_state, &WorkbenchState::sliceShown, this, &RetrievalPanel::applySlice);
  onJointSpaceChanged();
  if (m_state.pickedEpoch() > 0) onEpochPicked(m_state.pickedEpochRun(), m_state.pickedEpoch());
}

RetrievalPanel::~RetrievalPanel() = default;

// Sentence → images: the sentence, the true image's rank, the ranked images.
QWidget *RetrievalPanel::createImagesTab() {
  auto *imagesTab = new QWidget(this);
  auto *imagesLayout = new QVBoxLayout(imagesTab);
  m_sentence = new QLineEdit(imagesTab);
  m_sentence->setObjectName(QStringLiteral("retrievalSentence"));
  m_sentence->setAccessibleName(tr("Sentence to rank images for"));
  m_sentence->setPlaceholderText(tr("Type a sentence and press Enter"));
  m_sentence->setClearButtonEnabled(true);
  connect(m_sentence, &QLineEdit::returnPressed, this, [this] { rankImages(m_sentence->text()); });
  imagesLayout->addWidget(m_sentence);
  m_imageRanking = new QLabel(imagesTab);
  m_imageRanking->setWordWrap(true); // at an epoch it explains which sentences can be ranked
  imagesLayout->addWidget(m_imageRanking);
  m_imageView = makeView(imagesTab, true, kImageThumbnail);
  m_imageView->setObjectName(QStringLiteral("imageView"));
  m_imageView->setModel(m_imageModel);
  connect(m_imageView->selectionModel(), &QItemSelectionModel::currentChanged, this, &RetrievalPanel::onImageResultChosen);
  m_imageView->setToolTip(tr("Double-click an image to rank the captions for it"));
  connect(m_imageView, &QListView::activated, this, [this](const QModelIndex &index) {
    const int row = m_imageModel->sourceRow(index.row());
    if (row < 0) return;
    m_tabs->setCurrentIndex(1);
    rankCaptions(row);
  });
  imagesLayout->addWidget(m_imageView, 1);
  return imagesTab;
}

// Image → captions: the image, its best caption's rank, the ranked captions.
QWidget *RetrievalPanel::createCaptionsTab() {
  auto *captionsTab = new QWidget(this);
  auto *captionsLayout = new QVBoxLayout(captionsTab);
  captionsLayout->addWidget(createSliceNote());
  m_imageCombo = new QComboBox(captionsTab);
  m_imageCombo->setObjectName(QStringLiteral("imageCombo"));
  m_imageCombo->setIconSize(QSize(kCaptionThumbnail, kCaptionThumbnail));
  m_imageCombo->setToolTip(tr("The image whose captions are ranked"));
  connect(m_imageCombo, &QComboBox::activated, this, [this](int row) { rankCaptions(row); });
  captionsLayout->addWidget(m_imageCombo);
  m_captionRanking = new QLabel(captionsTab);
  captionsLayout->addWidget(m_captionRanking);
  m_captionView = makeView(captionsTab, false, kCaptionThumbnail);
  m_captionView->setObjectName(QStringLiteral("captionView"));
  m_captionView->setModel(m_captionModel);
  connect(m_captionView->selectionModel(), &QItemSelectionModel::currentChanged, this,
          &RetrievalPanel::onCaptionResultChosen);
  m_captionView->setToolTip(tr("Double-click a caption to rank the images for it"));
  connect(m_captionView, &QListView::activated, this, [this](const QModelIndex &index) {
    const QString caption = m_captionModel->data(index, RankedListModel::CaptionRole).toString();
    if (caption.isEmpty()) return;
    m_tabs->setCurrentIndex(0);
    rankImages(caption);
  });
  captionsLayout->addWidget(m_captionView, 1);
  return captionsTab;
}

// "Slice: length=13-16 — 4 images", with a button that shows every image again.
QWidget *RetrievalPanel::createSliceNote() {
  m_sliceNote = new QWidget(this);
  auto *row = new QHBoxLayout(m_sliceNote);
  row->setContentsMargins(0, 0, 0, 0);
  m_sliceLabel = new QLabel(m_sliceNote);
  m_sliceLabel->setObjectName(QStringLiteral("sliceNote"));
  m_sliceLabel->setWordWrap(true);
  row->addWidget(m_sliceLabel, 1);
  auto *clear = new QPushButton(tr("Clear"), m_sliceNote);
  clear->setObjectName(QStringLiteral("clearSliceButton"));
  clear->setToolTip(tr("List every image of the split again"));
  connect(clear, &QPushButton::clicked, this, [this] { m_state.showSlice({}, {}); });
  row->addWidget(clear);
  m_sliceNote->hide();
  return m_sliceNote;
}

// The picker keeps a row per image of the source (its row is the image row rankCaptions takes), so
// a slice hides rows rather than removing them.
void RetrievalPanel::applySlice() {
  const QStringList captions = m_state.sliceCaptions();
  const bool sliced = !m_state.sliceLabel().isEmpty();
  auto *view = qobject_cast<QListView *>(m_imageCombo->view());
  std::vector<bool> keep(std::size_t(m_imageCombo->count()), !sliced);
  if (sliced && m_source) {
    const QSet<QString> wanted(captions.begin(), captions.end());
    for (int c = 0; c < m_source->captionCount(); ++c)
      if (wanted.contains(m_source->captions().at(c))) keep[std::size_t(m_source->captionImage()[std::size_t(c)])] = true;
  }
  int shown = 0;
  for (int row = 0; row < m_imageCombo->count(); ++row) {
    if (view) view->setRowHidden(row, !keep[std::size_t(row)]);
    shown += keep[std::size_t(row)];
  }
  m_sliceLabel->setText(sliced ? tr("Slice: %1 — %2 images").arg(m_state.sliceLabel()).arg(shown) : QString());
  m_sliceNote->setVisible(sliced);
}

QStringList RetrievalPanel::pickerImageIds() const {
  const auto *view = qobject_cast<const QListView *>(m_imageCombo->view());
  QStringList ids;
  for (int row = 0; row < m_imageCombo->count(); ++row)
    if (!view || !view->isRowHidden(row)) ids << m_imageCombo->itemText(row);
  return ids;
}

QString RetrievalPanel::sliceNoteText() const { return m_sliceLabel->text(); }

QString RetrievalPanel::imageRankingText() const { return m_imageRanking->text(); }
QString RetrievalPanel::captionRankingText() const { return m_captionRanking->text(); }
QString RetrievalPanel::hintText() const { return m_stack->currentWidget() == m_hint ? m_hint->text() : QString(); }

void RetrievalPanel::onJointSpaceChanged() {
  const auto space = m_state.jointSpace();
  if (space == m_space && space) return;
  m_space = space;
  m_compare->setSpaceA(m_space);
  // An epoch's sample belongs to its run: it stays while that run's kept model is embedded.
  if (m_epochSource && m_epochSource->runDir() == m_state.runDir()) return;
  const bool leftEpoch = m_epochSource != nullptr;
  m_epochSource.reset();
  ++m_epochGeneration; // an epoch of the previous run still opening
  setSource(m_space ? std::make_shared<const RetrievalSource>(m_space) : nullptr);
  if (leftEpoch) Q_EMIT epochShown(0);
}

void RetrievalPanel::setSource(std::shared_ptr<const RetrievalSource> source) {
  m_source = std::move(source);
  ++m_imageGeneration; // rankings under way belong to the old source
  ++m_captionGeneration;
  m_imageModel->clear();
  m_captionModel->clear();
  m_imageRanking->clear();
  m_captionRanking->clear();
  m_imageCombo->clear();
  loadComboIcons(); // stops the previous source's, starts this one's
  updateEpochBanner();
  if (!m_source) {
    m_hint->setText(m_state.runDir().isEmpty() ? tr("Train a model or open a run to search its test split.")
                                               : tr("Embedding the run's test split…"));
    m_stack->setCurrentWidget(m_hint);
    return;
  }
  m_stack->setCurrentWidget(m_stack->widget(1));
  m_imageCombo->addItems(m_source->imageIds());
  m_imageCombo->setCurrentIndex(-1);
  applySlice();
  updateCompleter();
  if (!m_sentence->text().trimmed().isEmpty()) rankImages(m_sentence->text());
  if (m_state.selectedImage() >= 0) onImageSelected(m_state.selectedImage());
}

// The search field completes the shown captions (at an epoch, the only sentences it can rank).
void RetrievalPanel::updateCompleter() {
  QCompleter *completer = nullptr;
  if (m_source->captionCount() <= kContainsCompletion) {
    completer = new QCompleter(m_source->captions(), m_sentence);
    completer->setFilterMode(Qt::MatchContains);
  } else {
    QStringList sorted = m_source->captions();
    std::sort(sorted.begin(), sorted.end(), [](const QString &a, const QString &b) { return a.compare(b, Qt::CaseInsensitive) < 0; });
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    completer = new QCompleter(sorted, m_sentence);
    completer->setFilterMode(Qt::MatchStartsWith);
    completer->setModelSorting(QCompleter::CaseInsensitivelySortedModel);
  }
  completer->setCaseSensitivity(Qt::CaseInsensitive);
  // One row height for all: a prefix like "a" matches most of 25,000 captions, and a popup that
  // measured each row took half a second a keystroke.
  if (auto *popup = qobject_cast<QListView *>(completer->popup())) popup->setUniformItemSizes(true);
  delete m_sentence->completer();
  m_sentence->setCompleter(completer);
}

void RetrievalPanel::loadComboIcons() {
  delete m_iconLoader; // its results belong to the previous source
  m_iconLoader = nullptr;
  if (!m_source) return;
  auto *watcher = new QFutureWatcher<QImage>(this);
  m_iconLoader = watcher;
  connect(watcher, &QFutureWatcherBase::resultReadyAt, this, [this, watcher](int row) {
    const QImage image = watcher->resultAt(row);
    if (!image.isNull() && row < m_imageCombo->count()) m_imageCombo->setItemIcon(row, QPixmap::fromImage(image));
  });
  connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
    if (m_iconLoader == watcher) m_iconLoader = nullptr;
    watcher->deleteLater();
  });
  watcher->setFuture(QtConcurrent::mapped(m_source->imagePaths().mid(0, kComboThumbnails),
                                          [](const QString &path) { return loadThumbnail(path, kCaptionThumbnail); }));
}

// Appended to a ranking's line when the space searches an approximate index (large collections):
// the list then holds the best JointSpace::kApproximateDepth items, not all of them.
QString RetrievalPanel::indexNote(IndexKind kind) const {
  if (kind == IndexKind::Flat) return {};
  return tr(" — approximate search (%1 index): the best %2 are ranked")
      .arg(QString::fromLatin1(indexKindName(kind)).toUpper())
      .arg(JointSpace::kApproximateDepth);
}

void RetrievalPanel::rankImages(const QString &sentence) {
  if (!m_source) return;
  if (m_sentence->text() != sentence) m_sentence->setText(sentence);
  const auto space = m_source;
  const int generation = ++m_imageGeneration;
  m_imageRanking->setText(tr("Ranking…"));
  const int depth = std::max(kListedRows, m_topK->value());
  runRanking(m_imageRankingJob, tr("Rank images for “%1”").arg(BackgroundJob::quoted(sentence)),
             [space, sentence, depth] { return space->imagesForSentence(sentence, depth); },
             [this, space, generation](const Ranking &result) {
               if (generation != m_imageGeneration || space != m_source) return;
               if (!result.error.isEmpty()) {
                 m_imageRanking->setText(tr("Cannot rank: %1").arg(result.error));
                 m_imageModel->clear();
                 Q_EMIT rankingFailed(result.error);
                 return;
               }
               // The sentence's own image(s), when it is one of the split's captions (JointSpace's rule).
               const RankedList &list = result.list;
               m_imageModel->setList(list);
               const int bestRow = list.trueRank > 0 ? m_imageModel->sourceRow(list.trueRank - 1) : -1;
               if (list.trueRank > 0 && bestRow < 0) { // ranked below the listed rows (a large collection)
                 m_imageRanking->setText(list.relevantCount == 1
                                             ? tr("True image ranks %1 of %2, below the %3 listed").arg(list.trueRank).arg(list.candidates).arg(list.rows.size())
                                             : tr("%1 images have this caption; the best ranks %2 of %3, below the %4 listed")
                                                   .arg(list.relevantCount)
                                                   .arg(list.trueRank)
                                                   .arg(list.candidates)
                                                   .arg(list.rows.size()));
               } else if (list.trueRank > 0) {
                 m_imageRanking->setText(list.relevantCount == 1
                                             ? tr("True image %1 ranks %2 of %3").arg(space->imageIds()[bestRow]).arg(list.trueRank).arg(list.candidates)
                                             : tr("%1 images have this caption; the best, %2, ranks %3 of %4")
                                                   .arg(list.relevantCount)
                                                   .arg(space->imageIds()[bestRow])
                                                   .arg(list.trueRank)
                                                   .arg(list.candidates));
               } else if (list.relevantCount > 0) {
                 m_imageRanking->setText(tr("The caption's own image is not among the best %1 of %2").arg(list.rows.size()).arg(list.candidates));
               } else {
                 m_imageRanking->setText(tr("%1 images ranked (the sentence is not one of the split's captions)").arg(list.candidates));
               }
               m_imageRanking->setText(m_imageRanking->text() + indexNote(space->imageIndexKind()));
               // A ranked list opens at rank 1, what the model put first; the line above says where
               // the true image is.
               m_imageView->scrollToTop();
               Q_EMIT imagesRanked();
             });
}

void RetrievalPanel::rankCaptions(int imageRow) {
  if (!m_source || imageRow < 0 || imageRow >= m_source->imageCount()) return;
  if (m_imageCombo->currentIndex() != imageRow) m_imageCombo->setCurrentIndex(imageRow);
  const auto space = m_source;
  const int generation = ++m_captionGeneration;
  m_captionRanking->setText(tr("Ranking…"));
  const int depth = std::max(kListedRows, m_topK->value());
  runRanking(m_captionRankingJob, tr("Rank captions for image %1").arg(space->imageIds().value(imageRow)),
             [space, imageRow, depth] { return space->captionsForImage(imageRow, depth); },
             [this, space, generation](const Ranking &result) {
               if (generation != m_captionGeneration || space != m_source) return;
               if (!result.error.isEmpty()) {
                 m_captionRanking->setText(tr("Cannot rank: %1").arg(result.error));
                 m_captionModel->clear();
                 Q_EMIT rankingFailed(result.error);
                 return;
               }
               const RankedList &list = result.list;
               m_captionModel->setList(list);
               m_captionRanking->setText(
                   (list.relevantCount > 0 && list.trueRank > 0
                        ? tr("Image %1: its best caption ranks %2 of %3 (%4 describe it, marked ✓)")
                              .arg(list.query)
                              .arg(list.trueRank)
                              .arg(list.candidates)
                              .arg(list.relevantCount)
                    : list.relevantCount > 0
                        ? tr("Image %1: none of its %2 captions is among the best %3 of %4").arg(list.query).arg(list.relevantCount).arg(list.rows.size()).arg(list.candidates)
                        : tr("Image %1: no caption of the split describes it").arg(list.query)) +
                   indexNote(space->captionIndexKind()));
               m_captionView->scrollToTop();
               Q_EMIT captionsRanked();
             });
}

void RetrievalPanel::onImageSelected(int datasetImage) {
  if (m_selecting || !m_source) return;
  const auto dataset = m_state.dataset();
  if (!dataset || datasetImage < 0 || datasetImage >= int(dataset->images.size())) return;
  const QString id = dataset->images[std::size_t(datasetImage)].id;
  const int row = m_source->imageRowOf(id);
  if (row < 0) {
    m_captionRanking->setText(m_source->epoch() > 0
                                  ? tr("Image %1 is not in the sample recorded at epoch %2").arg(id).arg(m_source->epoch())
                                  : tr("Image %1 is not in the run's %2 split").arg(id, splitName(m_space->split())));
    return;
  }
  if (row == m_imageCombo->currentIndex() && m_captionModel->rowCount() > 0) return;
  rankCaptions(row);
}

void RetrievalPanel::onCaptionSelected(int datasetCaption) {
  if (m_selecting || !m_source) return;
  const auto dataset = m_state.dataset();
  if (!dataset || datasetCaption < 0 || datasetCaption >= int(dataset->captions.size())) return;
  // A caption chosen elsewhere becomes the query: its images ranked, its own image's rank shown.
  const QString raw = dataset->captions[std::size_t(datasetCaption)].raw;
  if (raw != m_sentence->text()) rankImages(raw);
}

void RetrievalPanel::onImageResultChosen(const QModelIndex &index) {
  if (!index.isValid() || !m_source) return;
  const int row = m_imageModel->sourceRow(index.row());
  const int datasetImage = row >= 0 ? m_state.imageIndexOf(m_source->imageIds()[row]) : -1;
  if (datasetImage < 0) return; // the open dataset is not the run's
  m_selecting = true;
  m_state.selectImage(datasetImage);
  m_selecting = false;
}

int RetrievalPanel::datasetCaptionOf(int captionRow) const {
  const auto dataset = m_state.dataset();
  if (!dataset || !m_source || captionRow < 0 || captionRow >= m_source->captionCount()) return -1;
  const int imageRow = m_source->captionImage()[std::size_t(captionRow)];
  if (imageRow < 0) return -1;
  const int datasetImage = m_state.imageIndexOf(m_source->imageIds()[imageRow]);
  if (datasetImage < 0) return -1;
  const QString &raw = m_source->captions()[captionRow];
  for (int c : dataset->images[std::size_t(datasetImage)].captions)
    if (dataset->captions[std::size_t(c)].raw == raw) return c;
  return -1;
}

void RetrievalPanel::onCaptionResultChosen(const QModelIndex &index) {
  if (!index.isValid()) return;
  const int caption = datasetCaptionOf(m_captionModel->sourceRow(index.row()));
  if (caption < 0) return;
  m_selecting = true;
  m_state.selectCaption(caption);
  m_selecting = false;
}

RankedList RetrievalPanel::exportedList(RankedList::Kind kind, int topK) const {
  RankedList list = (kind == RankedList::Kind::Images ? m_imageModel : m_captionModel)->list();
  if (topK >= 0 && int(list.rows.size()) > topK) list.rows.resize(std::size_t(topK));
  return list;
}

bool RetrievalPanel::exportList(RankedList::Kind kind, const QString &path, int topK, QString *error) const {
  const RankedList list = exportedList(kind, topK);
  if (list.rows.empty()) {
    if (error) *error = tr("Nothing to export: rank something first");
    return false;
  }
  return writeRankedList(list, path, error);
}

void RetrievalPanel::chooseExport() {
  if (m_tabs->currentWidget() == m_compare) return m_compare->chooseExport(m_topK->value());
  const RankedList::Kind kind = m_tabs->currentIndex() == 0 ? RankedList::Kind::Images : RankedList::Kind::Captions;
  QString selectedFilter;
  QString path = QFileDialog::getSaveFileName(this, tr("Export ranked list"), {}, rankedListFileFilter(), &selectedFilter);
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) // take the suffix from the chosen filter
    path += selectedFilter.contains(QLatin1String("*.csv"))    ? QStringLiteral(".csv")
            : selectedFilter.contains(QLatin1String("*.json")) ? QStringLiteral(".json")
                                                               : QStringLiteral(".html");
  QString error;
  QLabel *label = kind == RankedList::Kind::Images ? m_imageRanking : m_captionRanking;
  if (exportList(kind, path, m_topK->value(), &error))
    label->setText(tr("Exported the top %1 to %2").arg(m_topK->value()).arg(QDir::toNativeSeparators(path)));
  else
    label->setText(error);
}

}  // namespace gs
