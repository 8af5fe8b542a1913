#include "map/moverstable.h"

#include "engine/jobcontext.h"
#include "training/runs/runtrajectory.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHeaderView>
#include <QImageReader>
#include <QLabel>
#include <QMenu>
#include <QPixmap>
#include <QSet>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <exception>

namespace gs {

namespace {
constexpr int kNeighbours = 5;     // k of each item's neighbourhood (the core's default)
constexpr int kListed = 50;        // rows of the table: the most moved items
constexpr int kThumbnailSize = 32; // pixels, longest side, as the Map's own thumbnails
constexpr int kRowRole = Qt::UserRole + 1; // the mover's index in movers()

// Each image file of `ids`, from the dataset (joined by image id).
QHash<QString, QString> imageFiles(const Dataset &dataset, const QSet<QString> &ids) {
  QHash<QString, QString> files;
  for (const ImageRecord &image : dataset.images)
    if (ids.contains(image.id)) files.insert(image.id, image.path);
  return files;
}

QImage readThumbnail(const QString &path) {
  QImageReader reader(path);
  const QSize size = reader.size();
  if (size.isValid()) reader.setScaledSize(size.scaled(kThumbnailSize, kThumbnailSize, Qt::KeepAspectRatio));
  return reader.read(); // null when unreadable: the row keeps its text only
}
} // namespace

MoversTable::MoversTable(EngineBridge &bridge, QWidget *parent) : QWidget(parent), m_job(bridge, this) {
  m_epochA = new QComboBox(this);
  m_epochB = new QComboBox(this);
  m_epochA->setAccessibleName(tr("Movers: epoch A"));
  m_epochB->setAccessibleName(tr("Movers: epoch B"));
  m_epochA->setToolTip(tr("The epoch the neighbourhoods are compared from"));
  m_epochB->setToolTip(tr("The epoch they are compared to (of this run, or of the run chosen with “vs run…”)"));
  m_versus = new QToolButton(this);
  m_versus->setText(tr("vs run…"));
  m_versus->setToolTip(tr("Compare with another run that recorded the same sample, or with this run's own epochs"));
  m_versus->setPopupMode(QToolButton::InstantPopup);
  auto *menu = new QMenu(m_versus);
  menu->addAction(tr("This run's epochs"), this, [this] { setOtherRun(QString()); });
  menu->addAction(tr("Another run…"), this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Compare with run"), QFileInfo(m_runDir).absolutePath());
    if (!dir.isEmpty()) setOtherRun(dir);
  });
  m_versus->setMenu(menu);
  m_status = new QLabel(this);
  m_status->setWordWrap(true);
  m_table = new QTableWidget(0, 3, this);
  m_table->setObjectName(QStringLiteral("moversTable"));
  m_table->setAccessibleName(tr("Items whose neighbourhood moved most"));
  m_table->setHorizontalHeaderLabels({tr("Item"), tr("Change"), tr("Rank A→B")});
  m_table->horizontalHeaderItem(1)->setToolTip(tr("1 − the overlap of the item's %1 nearest items at A and at B (0: the same, 1: all new)").arg(kNeighbours));
  m_table->horizontalHeaderItem(2)->setToolTip(tr("Its partner's rank at A and at B (an image's best caption, a caption's image)"));
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setIconSize(QSize(kThumbnailSize, kThumbnailSize) * 3 / 4);
  m_table->setWordWrap(false); // one line a row: more rows in the narrow side pane
  m_table->setTextElideMode(Qt::ElideRight);
  m_table->verticalHeader()->hide();
  m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
  connect(m_table, &QTableWidget::itemSelectionChanged, this, &MoversTable::emitSelection);
  connect(m_epochA, &QComboBox::activated, this, &MoversTable::compute);
  connect(m_epochB, &QComboBox::activated, this, &MoversTable::compute);

  auto *choosers = new QGridLayout;
  choosers->setContentsMargins(0, 0, 0, 0);
  choosers->addWidget(new QLabel(tr("A"), this), 0, 0);
  choosers->addWidget(m_epochA, 0, 1);
  choosers->addWidget(new QLabel(tr("B"), this), 0, 2);
  choosers->addWidget(m_epochB, 0, 3);
  choosers->addWidget(m_versus, 1, 0, 1, 4);
  choosers->setColumnStretch(1, 1);
  choosers->setColumnStretch(3, 1);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(choosers);
  layout->addWidget(m_table, 1);
  layout->addWidget(m_status);
}

QString MoversTable::statusText() const { return m_status->text(); }

int MoversTable::epochA() const { return m_epochA->currentData().toInt(); }

int MoversTable::epochB() const { return m_epochB->currentData().toInt(); }

// Lists the run's recorded epochs; the first or the last chosen. Empty when it recorded none.
void MoversTable::fillChooser(QComboBox *chooser, const QString &runDir, bool last) {
  const QSignalBlocker block(chooser);
  chooser->clear();
  if (runDir.isEmpty() || !RunTrajectory::exists(runDir)) return;
  try {
    const RunTrajectory trajectory = RunTrajectory::open(runDir);
    for (int epoch : trajectory.epochs()) chooser->addItem(tr("epoch %1").arg(epoch), epoch);
  } catch (const std::exception &error) {
    m_status->setText(QString::fromUtf8(error.what()));
  }
  chooser->setCurrentIndex(last ? chooser->count() - 1 : 0);
}

void MoversTable::setRun(const QString &runDir) {
  m_runDir = runDir;
  m_otherDir.clear();
  m_versus->setText(tr("vs run…"));
  fillChooser(m_epochA, runDir, false);
  fillChooser(m_epochB, runDir, true);
  compute();
}

void MoversTable::setOtherRun(const QString &runDir) {
  m_otherDir = runDir;
  m_versus->setText(runDir.isEmpty() ? tr("vs run…") : tr("B: %1").arg(QFileInfo(runDir).fileName()));
  fillChooser(m_epochB, runDir.isEmpty() ? m_runDir : runDir, true);
  compute();
}

void MoversTable::setEpochs(int epochA, int epochB) {
  for (const auto &[chooser, epoch] : {std::pair{m_epochA, epochA}, std::pair{m_epochB, epochB}}) {
    const QSignalBlocker block(chooser);
    chooser->setCurrentIndex(chooser->findData(epoch));
  }
  compute();
}

void MoversTable::compute() {
  m_job.cancel(); // a newer choice: the older answer is dropped
  m_table->setRowCount(0);
  m_movers.clear();
  const QString dirB = m_otherDir.isEmpty() ? m_runDir : m_otherDir;
  if (m_epochA->currentIndex() < 0 || m_epochB->currentIndex() < 0) {
    m_status->setText(m_runDir.isEmpty() ? tr("No run.") : tr("The run recorded no epochs to compare."));
    Q_EMIT moversShown(false);
    return;
  }
  m_status->setText(tr("Comparing…"));
  m_job.start(
      tr("Movers between epochs"),
      [dirA = m_runDir, a = epochA(), dirB, b = epochB(), dataset = m_dataset](JobContext &job) {
        job.setProgress(-1, QStringLiteral("epoch %1 against epoch %2").arg(a).arg(b));
        return computeMovers(dirA, a, dirB, b, dataset);
      },
      [this](const Result &result) { showResult(result); },
      [this](const JobOutcome &outcome) {
        Result failed;
        failed.error = BackgroundJob::failureText(outcome);
        showResult(failed);
      });
}

MoversTable::Result MoversTable::computeMovers(const QString &dirA, int epochA, const QString &dirB, int epochB,
                                               const std::shared_ptr<const Dataset> &dataset) {
  Result result;
  try {
    const EpochSpace a = EpochSpace::open(dirA, epochA);
    const EpochSpace b = EpochSpace::open(dirB, epochB);
    result.movers = neighbourhoodMovers(a, b, kNeighbours);
    result.sample = a.sample();
  } catch (const std::exception &error) {
    result.error = QString::fromUtf8(error.what());
    return result;
  }
  if (!dataset) return result;
  QSet<QString> ids;
  const int listed = std::min<int>(kListed, int(result.movers.size()));
  for (int m = 0; m < listed; ++m)
    if (result.movers[std::size_t(m)].isImage) ids.insert(result.sample.imageIds[result.movers[std::size_t(m)].row]);
  const QHash<QString, QString> files = imageFiles(*dataset, ids);
  for (int m = 0; m < listed; ++m) {
    const Mover &mover = result.movers[std::size_t(m)];
    if (!mover.isImage) continue;
    const QImage image = readThumbnail(files.value(result.sample.imageIds[mover.row]));
    if (!image.isNull()) result.thumbnails.insert(mover.row, image);
  }
  return result;
}

void MoversTable::showResult(const Result &result) {
  if (!result.error.isEmpty()) {
    m_status->setText(tr("Cannot compare: %1").arg(result.error));
    Q_EMIT moversShown(false);
    return;
  }
  m_movers = result.movers;
  m_sample = result.sample;
  const int listed = std::min<int>(kListed, int(m_movers.size()));
  const QSignalBlocker block(m_table);
  m_table->setRowCount(listed);
  for (int r = 0; r < listed; ++r) {
    const Mover &mover = m_movers[std::size_t(r)];
    // An image shows its thumbnail and id (the column is narrow: no word "image" before it).
    const QString text = mover.isImage ? m_sample.imageIds[mover.row] : m_sample.captions[mover.row];
    auto *item = new QTableWidgetItem(text);
    item->setToolTip(mover.isImage ? tr("image %1").arg(text) : text);
    item->setData(kRowRole, r);
    if (mover.isImage && result.thumbnails.contains(mover.row)) item->setIcon(QPixmap::fromImage(result.thumbnails.value(mover.row)));
    m_table->setItem(r, 0, item);
    auto *change = new QTableWidgetItem(QString::number(mover.change, 'f', 2));
    change->setData(kRowRole, mover.change);
    change->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_table->setItem(r, 1, change);
    auto *rank = new QTableWidgetItem(QStringLiteral("%1 → %2").arg(mover.partnerRankA).arg(mover.partnerRankB));
    rank->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_table->setItem(r, 2, rank);
  }
  m_status->setText(tr("The %1 of %2 items whose %3 nearest items changed most from A to B.")
                        .arg(listed).arg(m_movers.size()).arg(kNeighbours));
  Q_EMIT moversShown(true);
}

void MoversTable::emitSelection() {
  std::vector<int> items;
  const int images = int(m_sample.imageIds.size());
  for (const QModelIndex &index : m_table->selectionModel()->selectedRows()) {
    const Mover &mover = m_movers[std::size_t(index.row())];
    items.push_back(mover.isImage ? mover.row : images + mover.row);
  }
  std::sort(items.begin(), items.end());
  Q_EMIT itemsPicked(items);
}

}  // namespace gs
