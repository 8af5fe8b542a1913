#include "retrieval/retrievalcompare.h"

#include "retrieval/comparedlistmodel.h"
#include "common/workbenchstate.h"
#include "shared/treepair.h"

#include "analysis/jointspace.h"

#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace gs {

namespace {
// Each list holds this many rows, as the single-run lists do (retrievalpanel.cpp); an item below
// them in the other run shows as "> N".
constexpr int kComparedRows = 10000;
constexpr int kSwatch = 12; // px
constexpr int kCompletedCaptions = 20000; // as the sentence tab's contains-completion (retrievalpanel.cpp)

struct Outcome {
  std::shared_ptr<const RankComparison> comparison;
  std::shared_ptr<const JointSpace> space;
  QString error;
};

// Runs `work(JobContext &)` as `job`; `done` gets its outcome on the GUI thread, with the error
// it threw, or "cancelled" when the Jobs tab cancelled it.
template <typename Work, typename Done>
void runJob(BackgroundJob &job, const QString &name, Work work, Done done) {
  job.start(name, std::move(work), done, [done](const JobOutcome &outcome) {
    Outcome out;
    out.error = BackgroundJob::failureText(outcome);
    done(out);
  });
}

// "True image ranks 3 of 100", as the single-run lists say it.
QString trueRankText(const RankedList &list) {
  const bool images = list.kind == RankedList::Kind::Images;
  if (list.trueRank > 0)
    return images ? RetrievalCompareView::tr("True image ranks %1 of %2").arg(list.trueRank).arg(list.candidates)
                  : RetrievalCompareView::tr("Best caption of the image ranks %1 of %2").arg(list.trueRank).arg(list.candidates);
  if (list.relevantCount > 0) return RetrievalCompareView::tr("True match not among the best %1").arg(list.rows.size());
  return images ? RetrievalCompareView::tr("%1 images ranked (no true image)").arg(list.candidates)
                : RetrievalCompareView::tr("%1 captions ranked").arg(list.candidates);
}
}  // namespace

RetrievalCompareView::RetrievalCompareView(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QWidget(parent), m_bridge(bridge), m_state(state), m_openJob(bridge, this), m_rankJob(bridge, this, JobLane::Query) {
  m_chooseB = new QPushButton(tr("Compare with run…"), this);
  m_chooseB->setObjectName(QStringLiteral("compareRunButton"));
  m_chooseB->setToolTip(tr("Choose a second run trained on the same test split"));
  connect(m_chooseB, &QPushButton::clicked, this, &RetrievalCompareView::chooseRunB);
  m_status = new QLabel(tr("Choose a second run to rank the same query with both."), this);
  m_status->setObjectName(QStringLiteral("compareStatus"));
  m_status->setWordWrap(true);
  auto *runRow = new QHBoxLayout;
  runRow->addWidget(m_chooseB);
  runRow->addWidget(m_status, 1);
  auto *splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(createColumn(0));
  splitter->addWidget(createColumn(1));
  auto *layout = new QVBoxLayout(this);
  layout->addLayout(runRow);
  layout->addLayout(createQueryRows());
  layout->addWidget(splitter, 1);
  connect(&m_state.runColours(), &RunColours::runColourChanged, this, &RetrievalCompareView::updateHeaders);
  updateHeaders();
}

// The query both runs answer: a sentence, or an image of the split; and the order of the lists.
QLayout *RetrievalCompareView::createQueryRows() {
  m_sentence = new QLineEdit(this);
  m_sentence->setObjectName(QStringLiteral("compareSentence"));
  m_sentence->setAccessibleName(tr("Sentence both runs rank images for"));
  m_sentence->setPlaceholderText(tr("Type a sentence and press Enter"));
  m_sentence->setClearButtonEnabled(true);
  connect(m_sentence, &QLineEdit::returnPressed, this, [this] { rankImages(m_sentence->text()); });
  m_imageCombo = new QComboBox(this);
  m_imageCombo->setObjectName(QStringLiteral("compareImageCombo"));
  m_imageCombo->setAccessibleName(tr("Image both runs rank captions for"));
  m_imageCombo->setToolTip(tr("…or an image whose captions both runs rank"));
  connect(m_imageCombo, &QComboBox::activated, this, [this](int row) { rankCaptions(row); });
  m_sort = new QComboBox(this);
  m_sort->setObjectName(QStringLiteral("compareSort"));
  m_sort->addItem(tr("By rank"));
  m_sort->addItem(tr("Moved most first"));
  m_sort->setAccessibleName(tr("Order of both lists"));
  m_sort->setToolTip(tr("Moved most first: the items whose ranks in A and B differ most"));
  connect(m_sort, qOverload<int>(&QComboBox::currentIndexChanged), this, [this](int i) { setMovedMostFirst(i == 1); });
  auto *imageRow = new QHBoxLayout;
  imageRow->addWidget(m_imageCombo, 1);
  imageRow->addWidget(m_sort);
  auto *rows = new QVBoxLayout;
  rows->addWidget(m_sentence);
  rows->addLayout(imageRow);
  return rows;
}

// One run's list under its colour, name and true partner's rank.
QWidget *RetrievalCompareView::createColumn(int side) {
  Column &c = m_columns[side];
  c.swatch = new QLabel;
  c.name = new QLabel;
  QFont bold = c.name->font();
  bold.setBold(true);
  c.name->setFont(bold);
  c.rank = new QLabel;
  c.rank->setObjectName(side == 0 ? QStringLiteral("compareRankA") : QStringLiteral("compareRankB"));
  c.rank->setWordWrap(true);
  c.model = new ComparedListModel(side, this);
  c.model->setObjectName(side == 0 ? QStringLiteral("comparedA") : QStringLiteral("comparedB"));
  c.view = new QTreeView;
  c.view->setObjectName(side == 0 ? QStringLiteral("compareViewA") : QStringLiteral("compareViewB"));
  c.view->setAccessibleName(side == 0 ? tr("Ranked by run A") : tr("Ranked by run B"));
  c.view->setModel(c.model);
  c.view->setRootIsDecorated(false);
  c.view->setUniformRowHeights(true);
  c.view->setAlternatingRowColors(true);
  c.view->setSelectionMode(QAbstractItemView::SingleSelection);
  c.view->setEditTriggers(QAbstractItemView::NoEditTriggers);
  c.view->setContextMenuPolicy(Qt::CustomContextMenu);
  // No header row: the cells say what they are ("3", the item, "B: 7"), and a header view is not
  // given its minimum height in a short dock.
  c.view->setHeaderHidden(true);
  c.view->header()->setStretchLastSection(false);
  c.view->header()->setSectionResizeMode(ComparedListModel::ItemColumn, QHeaderView::Stretch);
  c.view->header()->setSectionResizeMode(ComparedListModel::RankColumn, QHeaderView::ResizeToContents);
  c.view->header()->setSectionResizeMode(ComparedListModel::OtherRankColumn, QHeaderView::ResizeToContents);
  c.view->setToolTip(tr("Right-click a row for the caption's trees under both runs"));
  connect(c.view->selectionModel(), &QItemSelectionModel::currentChanged, this,
          [this, side](const QModelIndex &index) { onCurrentChanged(side, index.row()); });
  connect(c.view, &QWidget::customContextMenuRequested, this, [this, side](const QPoint &pos) { showContextMenu(side, pos); });
  auto *nameRow = new QHBoxLayout;
  nameRow->addWidget(c.swatch);
  nameRow->addWidget(c.name, 1);
  auto *column = new QWidget;
  auto *layout = new QVBoxLayout(column);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(nameRow);
  layout->addWidget(c.rank);
  layout->addWidget(c.view, 1);
  return column;
}

QString RetrievalCompareView::runName(int side) const {
  const auto &space = side == 0 ? m_spaceA : m_spaceB;
  return space ? QFileInfo(space->runDir()).fileName() : QString();
}

void RetrievalCompareView::updateHeaders() {
  for (int side = 0; side < 2; ++side) {
    Column &c = m_columns[side];
    const auto &space = side == 0 ? m_spaceA : m_spaceB;
    c.swatch->setVisible(space != nullptr);
    if (space) c.swatch->setPixmap(RunColours::swatch(m_state.runColours().colourOf(space->runDir()), kSwatch).pixmap(kSwatch, kSwatch));
    c.name->setText(space ? tr("%1: %2").arg(side == 0 ? tr("A") : tr("B"), runName(side))
                          : side == 0 ? tr("A: no run open") : tr("B: no run chosen"));
    c.name->setToolTip(space ? QDir::toNativeSeparators(space->runDir()) : QString());
    const RankedList *list = c.model->list();
    c.rank->setText(list ? trueRankText(*list) : QString());
  }
}

QString RetrievalCompareView::headerText(int side) const {
  return m_columns[side].name->text() + QLatin1Char('\n') + m_columns[side].rank->text();
}

QString RetrievalCompareView::statusText() const { return m_status->text(); }

void RetrievalCompareView::setSpaceA(std::shared_ptr<const JointSpace> space) {
  if (space == m_spaceA) return;
  m_spaceA = std::move(space);
  ++m_rankGeneration;
  m_comparison.reset();
  for (Column &c : m_columns) c.model->clear();
  m_imageCombo->clear();
  delete m_sentence->completer();
  m_sentence->setCompleter(nullptr);
  if (m_spaceA) {
    m_imageCombo->addItems(m_spaceA->imageIds());
    m_imageCombo->setCurrentIndex(-1);
    // The split's captions, matched anywhere; a large split's (the Large collections limit of the
    // other tabs) are left to typing, as scanning them per keystroke would stall the field.
    if (m_spaceA->captionCount() <= kCompletedCaptions) {
      auto *completer = new QCompleter(m_spaceA->captions(), m_sentence);
      completer->setFilterMode(Qt::MatchContains);
      completer->setCaseSensitivity(Qt::CaseInsensitive);
      m_sentence->setCompleter(completer);
    }
  }
  if (m_spaceA && m_spaceB) {
    const QString why = splitMismatch(*m_spaceA, *m_spaceB);
    if (!why.isEmpty()) {
      m_spaceB.reset();
      m_explainerB.reset();
      m_status->setText(tr("Run B was dropped: %1").arg(why));
    }
  }
  updateHeaders();
}

void RetrievalCompareView::chooseRunB() {
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Compare with run"), m_spaceA ? QFileInfo(m_spaceA->runDir()).path() : QString());
  if (!dir.isEmpty()) openRunB(dir);
}

void RetrievalCompareView::openRunB(const QString &runDir) {
  const int generation = ++m_openGeneration;
  m_status->setText(tr("Embedding the test split of %1…").arg(QDir::toNativeSeparators(runDir)));
  runJob(
      m_openJob, tr("Open run B: %1").arg(QFileInfo(runDir).fileName()),
      [runDir, dataset = m_state.dataset()](JobContext &job) {
        Outcome out;
        out.space = JointSpace::open(runDir, Split::Test, &job, dataset);
        return out;
      },
      [this, generation, runDir](const Outcome &out) {
        if (generation != m_openGeneration) return;
        if (!out.error.isEmpty()) fail(tr("Could not open %1: %2").arg(QDir::toNativeSeparators(runDir), out.error));
        else if (setSpaceB(out.space)) Q_EMIT runBOpened();
      });
}

bool RetrievalCompareView::setSpaceB(std::shared_ptr<const JointSpace> space) {
  const QString why = m_spaceA && space ? splitMismatch(*m_spaceA, *space) : QString();
  if (!why.isEmpty()) {
    fail(tr("Cannot compare: %1").arg(why));
    return false;
  }
  if (!space || !m_spaceB || space->runDir() != m_spaceB->runDir()) m_explainerB.reset();
  m_spaceB = std::move(space);
  ++m_rankGeneration;
  m_comparison.reset();
  for (Column &c : m_columns) c.model->clear();
  m_status->setText(m_spaceB ? tr("Type a sentence or pick an image: both runs rank it.") : QString());
  updateHeaders();
  return true;
}

void RetrievalCompareView::fail(const QString &error) {
  m_status->setText(error);
  Q_EMIT compareFailed(error);
}

void RetrievalCompareView::rankImages(const QString &sentence) {
  if (!m_spaceA || !m_spaceB) return fail(tr("Open a run and choose a second one to compare."));
  if (m_sentence->text() != sentence) m_sentence->setText(sentence);
  const int generation = ++m_rankGeneration;
  m_status->setText(tr("Ranking…"));
  runJob(
      m_rankJob, tr("Rank images with runs A and B"),
      [a = m_spaceA, b = m_spaceB, sentence](JobContext &) {
        Outcome out;
        out.comparison = std::make_shared<const RankComparison>(
            compareRankings(a->imagesForSentence(sentence, kComparedRows), b->imagesForSentence(sentence, kComparedRows)));
        return out;
      },
      [this, generation](const Outcome &out) {
        if (generation != m_rankGeneration) return;
        if (!out.error.isEmpty()) return fail(tr("Cannot rank: %1").arg(out.error));
        showComparison(out.comparison);
      });
}

void RetrievalCompareView::rankCaptions(int imageRow) {
  if (!m_spaceA || !m_spaceB) return fail(tr("Open a run and choose a second one to compare."));
  if (imageRow < 0 || imageRow >= m_spaceA->imageCount()) return;
  if (m_imageCombo->currentIndex() != imageRow) m_imageCombo->setCurrentIndex(imageRow);
  const int rowB = m_spaceB->imageRowOf(m_spaceA->imageIds()[imageRow]); // the splits hold the same images
  const int generation = ++m_rankGeneration;
  m_status->setText(tr("Ranking…"));
  runJob(
      m_rankJob, tr("Rank captions with runs A and B"),
      [a = m_spaceA, b = m_spaceB, imageRow, rowB](JobContext &) {
        Outcome out;
        out.comparison = std::make_shared<const RankComparison>(
            compareRankings(a->captionsForImage(imageRow, kComparedRows), b->captionsForImage(rowB, kComparedRows)));
        return out;
      },
      [this, generation](const Outcome &out) {
        if (generation != m_rankGeneration) return;
        if (!out.error.isEmpty()) return fail(tr("Cannot rank: %1").arg(out.error));
        showComparison(out.comparison);
      });
}

void RetrievalCompareView::showComparison(std::shared_ptr<const RankComparison> comparison) {
  m_comparison = std::move(comparison);
  for (Column &c : m_columns) {
    c.model->setComparison(m_comparison);
    c.view->scrollToTop();
  }
  m_status->setText(m_comparison->a.kind == RankedList::Kind::Images ? tr("Images for “%1”").arg(m_comparison->a.query)
                                                                     : tr("Captions for image %1").arg(m_comparison->a.query));
  updateHeaders();
  Q_EMIT compared();
}

void RetrievalCompareView::setMovedMostFirst(bool on) {
  if (m_sort->currentIndex() != int(on)) m_sort->setCurrentIndex(int(on)); // comes back here
  for (Column &c : m_columns) c.model->setMovedMostFirst(on);
}

// The same item in the other list becomes current there (and is scrolled to), or nothing when
// that list does not hold it.
void RetrievalCompareView::onCurrentChanged(int side, int viewRow) {
  if (m_linking || !m_comparison) return;
  const int partner = m_comparison->partnerRow(side, m_columns[side].model->listRow(viewRow));
  Column &other = m_columns[1 - side];
  const int otherRow = other.model->viewRowOf(partner);
  m_linking = true;
  if (otherRow >= 0) {
    const QModelIndex index = other.model->index(otherRow, ComparedListModel::ItemColumn);
    other.view->setCurrentIndex(index);
    other.view->scrollTo(index);
  } else {
    other.view->selectionModel()->clear();
  }
  m_linking = false;
}

void RetrievalCompareView::showContextMenu(int side, const QPoint &pos) {
  const QModelIndex index = m_columns[side].view->indexAt(pos);
  if (!index.isValid()) return;
  QMenu menu(this);
  QAction *trees = menu.addAction(tr("Trees for A and B"));
  trees->setToolTip(tr("The caption's trees under both runs, coloured by each run's contributions to the score"));
  if (menu.exec(m_columns[side].view->viewport()->mapToGlobal(pos)) == trees) openTrees(side, index.row());
}

TreePair *RetrievalCompareView::openTrees(int side, int viewRow) {
  const int row = m_columns[side].model->listRow(viewRow);
  if (!m_comparison || !m_spaceA || !m_spaceB || row < 0) return nullptr;
  const RankedList &list = side == 0 ? m_comparison->a : m_comparison->b;
  const RankedRow &r = list.rows[std::size_t(row)];
  // Images for a sentence: the sentence against the row's image; captions for an image: the row's
  // caption against the query image.
  const bool images = list.kind == RankedList::Kind::Images;
  const QString caption = images ? list.query : r.caption;
  const QString imageId = images ? r.imageId : list.query;
  TreePair *pair = openTreePairWindow(m_bridge, m_state, this, caption, imageId, m_spaceA->runDir(), m_spaceB->runDir(), m_explainerB);
  connect(pair, &TreePair::treesShown, this, [this, pair, runB = m_spaceB->runDir()] {
    if (m_spaceB && m_spaceB->runDir() == runB && pair->explainer(1)) m_explainerB = pair->explainer(1);
  });
  return pair;
}

bool RetrievalCompareView::exportCsv(const QString &path, int topK, QString *error) const {
  if (!m_comparison) {
    if (error) *error = tr("Nothing to export: rank something with both runs first");
    return false;
  }
  QSaveFile file(path);
  const QByteArray csv = comparisonCsv(*m_comparison, runName(0), runName(1), topK, m_columns[0].model->order(),
                                       m_columns[1].model->order());
  if (!file.open(QIODevice::WriteOnly) || file.write(csv) != csv.size() || !file.commit()) {
    if (error) *error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    return false;
  }
  return true;
}

void RetrievalCompareView::chooseExport(int topK) {
  QString path = QFileDialog::getSaveFileName(this, tr("Export both ranked lists"), {}, tr("CSV (*.csv)"));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".csv");
  QString error;
  if (exportCsv(path, topK, &error)) m_status->setText(tr("Exported the top %1 of both lists to %2").arg(topK).arg(QDir::toNativeSeparators(path)));
  else m_status->setText(error);
}

}  // namespace gs
