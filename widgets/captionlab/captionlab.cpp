#include "captionlab/captionlab.h"

#include "captionlab/captionhistory.h"
#include "captionlab/contrastpairsview.h"
#include "captionlab/wordchips.h"
#include "common/attributiontext.h"
#include "common/colourwidgets.h"
#include "common/explaineropener.h"
#include "common/thumbnailloader.h"
#include "engine/jobcontext.h"
#include "shared/constituencytreeview.h"
#include "shared/contributioncolours.h"
#include "shared/dependencyarcview.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <cmath>
#include <stdexcept>

namespace gs {

namespace {
constexpr int kDebounceMs = 150; // a pause in typing this long scores the caption
constexpr int kTopShown = 5;     // best images listed
const QSize kThumbnail(64, 48);

QScrollArea *scrolled(QWidget *content) {
  auto *scroll = new QScrollArea;
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  return scroll;
}
}  // namespace

// What one scoring job returns: the score and the parts' attribution, or why there is none.
struct CaptionLab::Outcome {
  QString caption;
  QString imageId;
  CaptionScore score;
  std::optional<SentenceAttribution> attribution;
  std::optional<LabImageResult> image; // phrase boxes or gate, for runs that have them
  QString message;
};

// What opening the run returns: its explainer (the shared one when there was one) and the tools
// that ground a caption on the image.
struct CaptionLab::OpenedRun {
  std::shared_ptr<const ScoreExplainer> explainer;
  LabImageTools tools;
};

CaptionLab::CaptionLab(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QWidget(parent), m_bridge(bridge), m_state(state), m_explainerJob(bridge, this), m_scoreJob(bridge, this),
      m_thumbnails(new ThumbnailLoader(kThumbnail, this)) {
  m_debounce.setSingleShot(true);
  m_debounce.setInterval(kDebounceMs);
  auto *splitter = new QSplitter(Qt::Vertical);
  splitter->addWidget(createResults());
  m_history = new CaptionHistory;
  m_history->setObjectName(QStringLiteral("historyTable"));
  m_history->setAccessibleName(tr("Scored captions"));
  auto *bottom = new QSplitter(Qt::Horizontal);
  bottom->addWidget(m_history);
  bottom->addWidget(createPairsPane());
  splitter->addWidget(bottom);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 1);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(createInputs());
  layout->addWidget(splitter, 1);
  connect(&m_debounce, &QTimer::timeout, this, &CaptionLab::evaluate);
  connect(m_edit, &QLineEdit::textChanged, this, [this] { m_debounce.start(); });
  connect(m_edit, &QLineEdit::textEdited, this, [this] { m_queued.clear(); }); // the user's edit goes before a pair's
  connect(m_method, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] { m_debounce.start(); });
  connect(m_startFromSelected, &QPushButton::clicked, this, &CaptionLab::startFromSelectedCaption);
  connect(m_history, &CaptionHistory::captionChosen, this, &CaptionLab::setCaption);
  connect(m_thumbnails, &ThumbnailLoader::thumbnailReady, this, &CaptionLab::onThumbnail);
  connect(m_top, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
    if (item->data(Qt::UserRole).isValid()) m_state.selectImage(item->data(Qt::UserRole).toInt());
  });
  connectState();
  onRunChanged();
}

CaptionLab::~CaptionLab() = default;

// The caption, where it starts from, the image it is scored against and the method.
QWidget *CaptionLab::createInputs() {
  m_edit = new QLineEdit;
  m_edit->setObjectName(QStringLiteral("captionEdit"));
  m_edit->setAccessibleName(tr("Caption"));
  m_edit->setPlaceholderText(tr("Type a caption, e.g. “a red circle above a blue square”"));
  m_edit->setClearButtonEnabled(true);
  m_startFromSelected = new QPushButton(tr("Start from the selected caption"));
  m_startFromSelected->setObjectName(QStringLiteral("startFromSelectedButton"));
  m_startFromSelected->setToolTip(tr("Copy the caption selected in the dataset into the editor"));
  m_imageLabel = new QLabel;
  m_imageLabel->setObjectName(QStringLiteral("imageLabel"));
  m_method = new QComboBox;
  m_method->setObjectName(QStringLiteral("methodCombo"));
  m_method->setAccessibleName(tr("Attribution method"));
  for (AttributionMethod method : {AttributionMethod::Occlusion, AttributionMethod::Gradient, AttributionMethod::IntegratedGradients})
    m_method->addItem(attributionMethodTitle(method), int(method));
  m_openPairs = new QPushButton(tr("Open contrast pairs…"));
  m_openPairs->setObjectName(QStringLiteral("openContrastPairsButton"));
  m_openPairs->setToolTip(tr("Browse the pairs `groundscope-cli contrast RUN --export FILE` wrote (JSON or CSV)"));
  connect(m_openPairs, &QPushButton::clicked, this, &CaptionLab::openContrastPairsClicked);
  auto *captionRow = new QHBoxLayout;
  captionRow->addWidget(m_edit, 1);
  captionRow->addWidget(m_startFromSelected);
  captionRow->addWidget(m_openPairs);
  auto *imageRow = new QHBoxLayout;
  imageRow->addWidget(m_imageLabel, 1);
  imageRow->addWidget(new QLabel(tr("Colour by")));
  imageRow->addWidget(m_method);
  m_message = new QLabel;
  m_message->setObjectName(QStringLiteral("messageLabel"));
  m_message->setWordWrap(true);
  m_score = new QLabel;
  m_score->setObjectName(QStringLiteral("scoreLabel"));
  QFont big = m_score->font();
  big.setBold(true);
  big.setPointSizeF(big.pointSizeF() * 1.2);
  m_score->setFont(big);
  auto *inputs = new QWidget;
  auto *layout = new QVBoxLayout(inputs);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(captionRow);
  layout->addLayout(imageRow);
  layout->addWidget(m_message);
  layout->addWidget(m_score);
  return inputs;
}

// The caption's parts (a tree or word chips) under the legend, and the best images.
QWidget *CaptionLab::createResults() {
  m_dependency = new DependencyArcView;
  m_dependency->setObjectName(QStringLiteral("labDependencyView"));
  m_constituency = new ConstituencyTreeView;
  m_constituency->setObjectName(QStringLiteral("labConstituencyView"));
  m_chips = new WordChips;
  m_chips->setObjectName(QStringLiteral("wordChips"));
  m_parts = new QStackedWidget;
  m_parts->setObjectName(QStringLiteral("partsStack"));
  m_parts->addWidget(scrolled(m_chips));
  m_parts->addWidget(scrolled(m_dependency));
  m_parts->addWidget(scrolled(m_constituency));
  m_legend = new ColourLegend;
  m_legend->setObjectName(QStringLiteral("labLegend"));
  m_legend->hide();
  auto *partsBox = new QGroupBox(tr("Parts of the caption, by contribution to the score"));
  auto *partsLayout = new QVBoxLayout(partsBox);
  partsLayout->addWidget(m_parts, 1);
  partsLayout->addWidget(m_legend, 0, Qt::AlignLeft);
  partsLayout->addLayout(createExportRow());
  m_top = new QListWidget;
  m_top->setObjectName(QStringLiteral("topImages"));
  m_top->setAccessibleName(tr("Best images for the caption"));
  m_top->setViewMode(QListView::IconMode);
  m_top->setFlow(QListView::LeftToRight);
  m_top->setWrapping(false);
  m_top->setIconSize(kThumbnail);
  m_top->setMinimumHeight(kThumbnail.height() + 40);
  m_top->setToolTip(tr("The test images the caption scores highest against; activate one to select it"));
  auto *topBox = new QGroupBox(tr("Best images"));
  (new QVBoxLayout(topBox))->addWidget(m_top);
  m_imageView = new LabImageView;
  m_imageView->setObjectName(QStringLiteral("labImageBox"));
  // The parts and the image side by side: a phrase's words and its box read together.
  auto *row = new QHBoxLayout;
  row->addWidget(partsBox, 3);
  row->addWidget(m_imageView, 2);
  auto *results = new QWidget;
  auto *layout = new QVBoxLayout(results);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(row, 2);
  layout->addWidget(topBox, 1);
  return results;
}

void CaptionLab::connectState() {
  connect(&m_state, &WorkbenchState::runChanged, this, &CaptionLab::onRunChanged);
  connect(&m_state, &WorkbenchState::jointSpaceChanged, this, &CaptionLab::onRunChanged);
  connect(&m_state, &WorkbenchState::datasetChanged, this, &CaptionLab::onRunChanged);
  connect(&m_state, &WorkbenchState::imageSelected, this, [this] { m_debounce.start(); });
  connect(&m_state, &WorkbenchState::captionSelected, this, [this] {
    m_startFromSelected->setEnabled(true);
    if (m_edit->text().trimmed().isEmpty()) startFromSelectedCaption(); // a first caption to start from
  });
  m_startFromSelected->setEnabled(m_state.selectedCaption() >= 0);
}

void CaptionLab::setCaption(const QString &caption) {
  m_edit->setText(caption);
  m_debounce.stop();
  evaluate();
}

void CaptionLab::startFromSelectedCaption() {
  const auto dataset = m_state.dataset();
  const int caption = m_state.selectedCaption();
  if (!dataset || caption < 0 || caption >= int(dataset->captions.size())) return;
  setCaption(dataset->captions[std::size_t(caption)].raw);
}

void CaptionLab::onRunChanged() {
  if (m_state.runDir() == m_explainerRun && (m_explainer || m_explainerLoading)) return;
  m_explainer.reset();
  m_imageTools = {};
  m_imageView->clear();
  m_explainerJob.cancel();
  m_scoreJob.cancel();
  m_explainerRun = m_state.runDir();
  m_explainerLoading = false;
  if (m_explainerRun.isEmpty()) {
    showMessage(tr("Open a trained run to score captions (File > Open recent run, or train one)."));
    return;
  }
  openExplainer();
}

// Opening the run for attribution loads its model and data (seconds): an engine job, which takes
// the explainer another dock shared and opens the grounder or concept inspector beside it.
void CaptionLab::openExplainer() {
  m_explainerLoading = true;
  showMessage(tr("Opening the run…"), false);
  m_explainerJob.start(
      tr("Open the run for the caption lab"),
      [run = m_explainerRun, dataset = m_state.dataset(), shared = m_state.explainer(m_explainerRun)](JobContext &job) {
        OpenedRun out{shared ? shared : openScoreExplainer(run, dataset.get(), job), {}};
        job.checkpoint();
        out.tools = openLabImageTools(run, out.explainer->data(), job);
        return out;
      },
      [this](const OpenedRun &opened) {
        m_explainerLoading = false;
        m_explainer = m_state.shareExplainer(m_explainerRun, opened.explainer);
        m_imageTools = opened.tools;
        updateMethodAvailability();
        evaluate();
      },
      [this](const JobOutcome &outcome) {
        m_explainerLoading = false;
        showMessage(tr("The run cannot be opened for scoring: %1").arg(BackgroundJob::failureText(outcome)));
      });
}

// kCCA has no gradient: its gradient methods are greyed out with the reason as their tooltip.
void CaptionLab::updateMethodAvailability() {
  auto *model = qobject_cast<QStandardItemModel *>(m_method->model());
  for (int i = 0; model && m_explainer && i < m_method->count(); ++i) {
    const QString why = attributionMethodUnavailable(*m_explainer, AttributionMethod(m_method->itemData(i).toInt()));
    model->item(i)->setEnabled(why.isEmpty());
    model->item(i)->setToolTip(why);
    if (!why.isEmpty() && m_method->currentIndex() == i) m_method->setCurrentIndex(0);
  }
}

// The caption as it stands, against the selected image: scored and explained off the GUI thread.
void CaptionLab::evaluate() {
  const auto dataset = m_state.dataset();
  const int image = m_state.selectedImage();
  const bool hasImage = dataset && image >= 0 && image < int(dataset->images.size());
  const QString imageId = hasImage ? dataset->images[std::size_t(image)].id : QString();
  m_imageLabel->setText(hasImage ? tr("Image: %1").arg(imageId) : tr("Image: none selected"));
  const QString caption = m_edit->text().trimmed();
  if (!m_explainer) {
    if (m_explainerRun.isEmpty()) showMessage(tr("Open a trained run to score captions (File > Open recent run, or train one)."));
    return; // the opened explainer calls back here
  }
  if (caption.isEmpty()) return showMessage(tr("Type a caption to score it against the selected image."));
  const int row = hasImage ? m_explainer->imageRow(imageId) : -1;
  if (row < 0)
    return showMessage(hasImage ? tr("Image %1 is not in the run's data: select another image.").arg(imageId)
                                : tr("Select an image (in the Dataset dock) to score the caption against."));
  const auto method = AttributionMethod(m_method->currentData().toInt());
  m_scoreJob.start(
      tr("Score a caption in the lab"),
      [explainer = m_explainer, tools = m_imageTools, record = dataset->images[std::size_t(image)], row, caption, method](JobContext &) {
        Outcome out{caption, record.id, {}, std::nullopt, std::nullopt, {}};
        try {
          out.score = explainer->scoreCaption(row, caption, kTopShown);
          if (out.score.readable) out.attribution = explainer->explainSentence(row, caption, method);
        } catch (const std::invalid_argument &e) {
          out.message = QString::fromStdString(e.what()); // bad input: said in the lab, not a failed job
        }
        if (tools.any() && out.score.readable && out.message.isEmpty()) out.image = groundOnImage(tools, record, caption);
        return out;
      },
      [this](const Outcome &outcome) { showOutcome(outcome); },
      [this](const JobOutcome &outcome) { showMessage(BackgroundJob::failureText(outcome)); });
}

void CaptionLab::showMessage(const QString &message, bool final) {
  m_message->setText(message);
  m_message->setVisible(!message.isEmpty());
  m_score->clear();
  m_top->clear();
  m_chips->setChips({});
  m_dependency->setTree({});
  m_constituency->setTree({});
  m_legend->hide();
  m_attribution.reset();
  m_exportContributions->setEnabled(false);
  m_exportFigure->setEnabled(false);
  m_imageView->clear();
  if (!final) return;
  Q_EMIT resultShown();
  scoreNextQueued();
}

void CaptionLab::showOutcome(const Outcome &outcome) {
  if (!outcome.score.readable)
    return showMessage(tr("No word of “%1” is in the run's vocabulary: the model cannot read it.").arg(outcome.caption));
  if (!outcome.message.isEmpty()) return showMessage(outcome.message);
  m_message->hide();
  const CaptionScore &s = outcome.score;
  m_score->setText(tr("Score %1 — image %2 ranks %3 of %4").arg(s.score, 0, 'f', 3).arg(outcome.imageId).arg(s.rank).arg(s.candidates));
  showTopImages(s);
  m_attribution = outcome.attribution;
  m_exportContributions->setEnabled(m_attribution.has_value());
  m_exportFigure->setEnabled(m_attribution.has_value());
  if (outcome.attribution) showParts(*outcome.attribution);
  if (outcome.image) m_imageView->setResult(*outcome.image);
  else m_imageView->clear();
  m_history->addEntry(outcome.caption, outcome.imageId, s.score, s.rank, s.candidates);
  Q_EMIT resultShown();
  scoreNextQueued();
}

void CaptionLab::showTopImages(const CaptionScore &score) {
  m_top->clear();
  m_thumbnails->clear();
  const auto dataset = m_state.dataset();
  int place = 1;
  for (const CaptionScore::Ranked &r : score.top) {
    auto *item = new QListWidgetItem(QStringLiteral("%1. %2\n%3").arg(place++).arg(r.imageId).arg(r.score, 0, 'f', 3));
    m_top->addItem(item);
    const int image = m_state.imageIndexOf(r.imageId);
    if (!dataset || image < 0) continue;
    item->setData(Qt::UserRole, image);
    m_thumbnails->request(image, dataset->images[std::size_t(image)].path);
  }
}

void CaptionLab::onThumbnail(int image, const QImage &thumbnail) {
  if (thumbnail.isNull()) return;
  for (int r = 0; r < m_top->count(); ++r)
    if (m_top->item(r)->data(Qt::UserRole).isValid() && m_top->item(r)->data(Qt::UserRole).toInt() == image)
      m_top->item(r)->setIcon(QPixmap::fromImage(thumbnail));
}

// A tree model's parts on its own tree (dependency or constituency); a chain or character
// model's on chips. The legend's scale is fitted to the values drawn (symmetric about 0), so its
// ends are the strongest part shown either way.
void CaptionLab::showParts(const SentenceAttribution &a) {
  if (a.unit != SentenceUnitKind::TreeNode) return showChips(a);
  const TreeKind kind = treeKindOfModel(a.model);
  TreeViewBase *view = kind == TreeKind::Constituency ? static_cast<TreeViewBase *>(m_constituency) : m_dependency;
  view->setTree(ViewTree::fromAttribution(a, kind));
  NodeContributions shown = contributionsForTree(a, view->tree());
  const ColourScale scale = contributionScale(shown.values);
  std::vector<QColor> colours;
  for (double v : shown.values) colours.push_back(std::isnan(v) ? QColor() : scale.colour(v));
  view->setNodeColours(std::move(colours));
  view->setNodeToolTips(std::move(shown.tips));
  view->adjustSize();
  m_parts->setCurrentIndex(kind == TreeKind::Constituency ? 2 : 1);
  m_legend->setScale(scale, contributionLegendTitle(a.method));
  m_legend->show();
}

namespace {
// A character chip's text: whitespace made visible, since the model reads it too.
QString characterChipText(const QString &character) {
  return character.trimmed().isEmpty() ? QStringLiteral("\u2423") : character; // ␣
}
}  // namespace

// A character model's parts are characters: one chip each, so a word's letters can differ (the
// model sees "red" and "rod" apart by one). A word model's parts are its words.
void CaptionLab::showChips(const SentenceAttribution &a) {
  std::vector<WordChips::Chip> chips;
  std::vector<double> values;
  if (a.unit == SentenceUnitKind::Character) {
    for (int p = 0; p < int(a.parts.size()); ++p) {
      const AttributedPart &part = a.parts[std::size_t(p)];
      chips.push_back({characterChipText(part.text), QColor(), sentencePartToolTip(a, p)});
      values.push_back(part.contribution);
    }
  } else {
    values = tokenContributions(a);
    for (int t = 0; t < int(a.tokens.size()); ++t) {
      QString tip;
      for (int p = 0; p < int(a.parts.size()); ++p)
        if (a.parts[std::size_t(p)].begin == t) tip = sentencePartToolTip(a, p);
      chips.push_back({a.tokens[t], QColor(), tip});
    }
  }
  const ColourScale scale = contributionScale(values);
  for (std::size_t k = 0; k < chips.size(); ++k)
    if (!std::isnan(values[k])) chips[k].colour = scale.colour(values[k]);
  m_chips->setChips(chips, a.unit == SentenceUnitKind::Character);
  m_parts->setCurrentIndex(0);
  m_legend->setScale(scale, contributionLegendTitle(a.method));
  m_legend->show();
}

}  // namespace gs
