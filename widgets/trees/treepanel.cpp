#include "trees/treepanel.h"

#include "common/colourwidgets.h"
#include "common/headinglabel.h"
#include "shared/constituencytreeview.h"
#include "shared/dependencyarcview.h"
#include "trees/nodedetailsview.h"
#include "parse/captionparser.h"
#include "training/modelregistry.h"
#include "common/thumbnailloader.h"

#include <QComboBox>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace gs {

namespace {
constexpr int kNearestShown = 10;         // images listed for a clicked phrase
const QSize kNearestThumbnail(64, 48);
constexpr int kExportScale = 2;           // default PNG export: twice the on-screen size
}  // namespace

TreePanel::TreePanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QWidget(parent), m_bridge(bridge), m_state(state), m_inspectorJob(bridge, this), m_inspectJob(bridge, this),
      m_explainerJob(bridge, this), m_attributionJob(bridge, this), m_parseJob(bridge, this),
      m_thumbnails(new ThumbnailLoader(kNearestThumbnail, this)) {
  QLayout *bar = createToolBar();
  auto *splitter = new QSplitter(Qt::Horizontal);
  splitter->addWidget(createFigure());
  splitter->addWidget(createSidePane());
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 1);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(bar);
  layout->addWidget(m_note);
  layout->addWidget(splitter, 1);

  connectControls();
  connectState();
  updateSimilarityAvailability();
  updateNote();
  onRunChanged();
}

// The colouring, the hidden unit and the export above the figure; the note under them.
QLayout *TreePanel::createToolBar() {
  m_colourBy = new QComboBox;
  m_colourBy->setObjectName(QStringLiteral("colourCombo"));
  m_colourBy->addItem(tr("Activation norm ‖h‖"));
  m_colourBy->addItem(tr("One hidden unit"));
  m_colourBy->addItem(tr("Similarity to the selected image"));
  m_colourBy->addItem(tr("Contribution to the score"));
  m_colourBy->setToolTip(tr("What the node colours show (activations need a tree-model run; contributions any run)"));
  m_unit = new QSpinBox;
  m_unit->setObjectName(QStringLiteral("unitSpin"));
  m_unit->setAccessibleName(tr("Hidden unit shown"));
  m_unit->setPrefix(tr("unit "));
  m_unit->setRange(0, 0);
  m_export = new QPushButton(tr("Export figure…"));
  auto *bar = new QHBoxLayout;
  bar->addWidget(new QLabel(tr("Colour by")));
  bar->addWidget(m_colourBy);
  bar->addWidget(m_unit);
  bar->addLayout(createContributionControls());
  bar->addStretch(1);
  bar->addWidget(m_export);
  m_note = new QLabel;
  m_note->setObjectName(QStringLiteral("noteLabel"));
  m_note->setWordWrap(true);
  return bar;
}

// The figure that exports: the caption, both trees under their headings and the legend, scrolled.
QWidget *TreePanel::createFigure() {
  m_figure = new QWidget;
  m_figure->setObjectName(QStringLiteral("figure"));
  m_figure->setAutoFillBackground(true);
  m_figure->setBackgroundRole(QPalette::Base); // the figure exports as the canvas shows it
  m_figure->setForegroundRole(QPalette::Text);
  m_title = new QLabel;
  m_title->setWordWrap(true);
  m_dependency = new DependencyArcView;
  m_dependency->setObjectName(QStringLiteral("dependencyView"));
  m_constituency = new ConstituencyTreeView;
  m_constituency->setObjectName(QStringLiteral("constituencyView"));
  m_dependencyHeading = headingLabel(tr("Dependency tree"));
  m_constituencyHeading = headingLabel(tr("Constituency tree"));
  m_legend = new ColourLegend;
  m_legend->setObjectName(QStringLiteral("legend"));
  m_legend->hide();
  auto *figureLayout = new QVBoxLayout(m_figure);
  figureLayout->addWidget(m_title);
  figureLayout->addWidget(m_dependencyHeading);
  figureLayout->addWidget(m_dependency, 0, Qt::AlignLeft);
  figureLayout->addWidget(m_constituencyHeading);
  figureLayout->addWidget(m_constituency, 0, Qt::AlignLeft);
  figureLayout->addWidget(m_legend, 0, Qt::AlignLeft);
  figureLayout->addStretch(1);
  auto *scroll = new QScrollArea;
  scroll->setWidget(m_figure);
  scroll->setWidgetResizable(true);
  return scroll;
}

// Beside the figure: the pointed-at node's details and the images nearest to the clicked phrase.
QWidget *TreePanel::createSidePane() {
  m_details = new NodeDetailsView;
  m_details->setObjectName(QStringLiteral("details"));
  auto *detailsBox = new QGroupBox(tr("Node"));
  (new QVBoxLayout(detailsBox))->addWidget(m_details);
  m_nearest = new QListWidget;
  m_nearest->setObjectName(QStringLiteral("nearestList"));
  m_nearest->setAccessibleName(tr("Images nearest to the selected node"));
  m_nearest->setIconSize(kNearestThumbnail);
  m_nearest->setToolTip(tr("Test images ranked against the clicked phrase's joint-space vector"));
  auto *nearestBox = new QGroupBox(tr("Images nearest to the phrase"));
  (new QVBoxLayout(nearestBox))->addWidget(m_nearest);
  auto *side = new QSplitter(Qt::Vertical);
  side->addWidget(detailsBox);
  side->addWidget(nearestBox);
  return side;
}

void TreePanel::connectControls() {
  connect(m_colourBy, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] { applyColouring(); });
  connect(m_unit, qOverload<int>(&QSpinBox::valueChanged), this, [this] { applyColouring(); });
  connect(m_export, &QPushButton::clicked, this, &TreePanel::exportClicked);
  for (TreeViewBase *view : {static_cast<TreeViewBase *>(m_dependency), static_cast<TreeViewBase *>(m_constituency)}) {
    connect(view, &TreeViewBase::nodeHovered, this, [this, view](int node) { onNodeHovered(view, node); });
    connect(view, &TreeViewBase::nodeClicked, this, [this, view](int node) { onNodeClicked(view, node); });
  }
  const auto pick = [this](QListWidgetItem *item) {
    if (item && item->data(Qt::UserRole).isValid()) m_state.selectImage(m_state.imageIndexOf(item->data(Qt::UserRole).toString()));
  };
  connect(m_nearest, &QListWidget::itemClicked, this, pick);
  connect(m_nearest, &QListWidget::itemActivated, this, pick);
  connect(m_thumbnails, &ThumbnailLoader::thumbnailReady, this, &TreePanel::onNearestThumbnail);
}

// The workbench's caption, run, image and phrase selections.
void TreePanel::connectState() {
  connect(&m_state, &WorkbenchState::captionSelected, this, &TreePanel::onCaptionSelected);
  connect(&m_state, &WorkbenchState::runChanged, this, &TreePanel::onRunChanged);
  connect(&m_state, &WorkbenchState::explainerShared, this, &TreePanel::onExplainerShared);
  connect(&m_state, &WorkbenchState::jointSpaceChanged, this, [this] {
    onRunChanged(); // setJointSpace() may bring a run without runChanged
    requestInspection(); // similarity needs the run's image features
  });
  connect(&m_state, &WorkbenchState::datasetChanged, this, [this] { showCaption({}); });
  connect(&m_state, &WorkbenchState::imageSelected, this, [this](int image) {
    // The similarity is to the selected image, whichever panel selected it.
    if (image == m_imageIndex || m_caption.isEmpty()) return;
    m_imageIndex = image;
    requestInspection();
    resetAttribution();
    requestAttribution();
  });
  connect(&m_state, &WorkbenchState::phraseSelected, this, &TreePanel::followSelectedPhrase);
}

TreePanel::~TreePanel() = default;

void TreePanel::onCaptionSelected(int caption) {
  const auto dataset = m_state.dataset();
  if (!dataset || caption < 0 || caption >= int(dataset->captions.size())) return;
  const CaptionRecord &record = dataset->captions[std::size_t(caption)];
  showText(record.raw, record.image);
}

void TreePanel::showCaption(const QString &text) { showText(text, -1); }

void TreePanel::clearInspection() {
  if (m_inspectedView && m_parsed) {
    // Back to the parser's tree in the view that showed the model's.
    m_inspectedView->setTree(ViewTree::fromTree(m_inspectedView == m_dependency ? m_parsed->dependency : m_parsed->constituency));
  }
  m_inspected.reset();
  m_inspectedView = nullptr;
  m_clickedNode = -1;
  m_nearest->clear();
  applyColouring();
  updateSimilarityAvailability();
}

void TreePanel::showText(const QString &text, int image) {
  m_caption = text.trimmed();
  m_imageIndex = image;
  m_parseError.clear();
  m_parsed.reset();
  m_inspected.reset();
  m_inspectedView = nullptr;
  m_clickedNode = -1;
  m_nearest->clear();
  resetAttribution();
  m_details->showMessage(tr("Point at a node to see its vector; click it to list the images nearest to the phrase."));
  m_title->setText(m_caption.toHtmlEscaped().prepend(QStringLiteral("<i>")).append(QStringLiteral("</i>")));
  m_dependency->setTree({});
  m_constituency->setTree({});
  applyColouring();
  if (m_caption.isEmpty()) {
    m_parseJob.cancel(); // a parse still under way is for a caption no longer shown
    updateNote();
    return;
  }
  // Starting again drops a parse under way for the caption selected before.
  m_parseJob.start(
      m_caption, [this](const ParsedCaption &parse) { onParsed(&parse, {}); },
      [this](const QString &error) { onParsed(nullptr, error); });
  updateNote();
  requestInspection();
  requestAttribution();
}

void TreePanel::onParsed(const ParsedCaption *parse, const QString &error) {
  m_parseError = error;
  if (parse) {
    m_parsed = *parse;
    // The view showing the model's own tree keeps it; the other shows the parser's.
    if (m_inspectedView != m_dependency) m_dependency->setTree(ViewTree::fromTree(parse->dependency));
    if (m_inspectedView != m_constituency) m_constituency->setTree(ViewTree::fromTree(parse->constituency));
    if (parse->quality == ParseQuality::Fallback)
      m_parseError = tr("Link Grammar found no parse: the trees are a flat fallback.");
  }
  m_figure->adjustSize();
  updateNote();
  Q_EMIT treesShown();
}

void TreePanel::onRunChanged() {
  const QString run = m_state.runDir();
  if (run == m_inspectorRun) return;
  m_inspectorRun = run;
  m_inspector.reset();
  clearInspection(); // it came from the previous run's model
  m_inspectorError.clear();
  m_inspectorLoading = !run.isEmpty();
  updateNote();
  m_inspectJob.cancel(); // an inspection by the previous run's model
  m_explainer.reset();
  m_explainerJob.cancel();
  m_explainerLoading = false;
  m_explainerRun.clear();
  resetAttribution();
  requestAttribution();
  if (run.isEmpty()) {
    m_inspectorJob.cancel();
    return;
  }
  // Opening a run loads its model (seconds): an engine job, never on the GUI thread.
  m_inspectorJob.start(
      tr("Open the run's tree model"), [run](JobContext &) { return std::make_shared<const TreeInspector>(run); },
      [this](const std::shared_ptr<const TreeInspector> &inspector) { onInspectorOpened(inspector, {}); },
      [this](const JobOutcome &outcome) { onInspectorOpened(nullptr, BackgroundJob::failureText(outcome)); });
}

void TreePanel::onInspectorOpened(const std::shared_ptr<const TreeInspector> &inspector, const QString &error) {
  m_inspectorLoading = false;
  m_inspector = inspector;
  m_inspectorError = error;
  updateNote();
  requestInspection();
}

void TreePanel::requestInspection() {
  if (!m_inspector || m_caption.isEmpty()) {
    m_inspectJob.cancel(); // the tree of a caption no longer shown
    return;
  }
  std::vector<float> features;
  QString imageId;
  const auto dataset = m_state.dataset();
  const auto space = m_state.jointSpace();
  if (space && dataset && m_imageIndex >= 0 && m_imageIndex < int(dataset->images.size())) {
    const QString id = dataset->images[std::size_t(m_imageIndex)].id;
    const int row = space->imageRowOf(id);
    if (row >= 0) {
      features = space->imageFeatures(row);
      imageId = id;
    }
  }
  // A newer request (another caption, image or run) cancels this one and drops what it returns.
  m_inspectJob.start(
      tr("Inspect the caption's tree"),
      [inspector = m_inspector, text = m_caption, features, imageId](JobContext &) { return inspector->inspect(text, features, imageId); },
      [this](const InspectedTree &tree) { setInspectedTree(tree); },
      [this](const JobOutcome &outcome) {
        m_inspectorError = BackgroundJob::failureText(outcome);
        updateNote();
      });
}

void TreePanel::setInspectedTree(const InspectedTree &tree) {
  // The same caption again (another image selected for the similarity): keep the clicked node.
  const bool same = m_inspected && m_inspected->caption == tree.caption && m_inspected->model == tree.model &&
                    m_inspected->nodes.size() == tree.nodes.size();
  m_inspected = tree;
  m_inspectorError.clear();
  const TreeKind kind = treeKindOfModel(tree.model);
  m_inspectedView = kind == TreeKind::Constituency ? static_cast<TreeViewBase *>(m_constituency)
                                                   : static_cast<TreeViewBase *>(m_dependency);
  m_inspectedView->setTree(ViewTree::fromInspected(tree, kind));
  if (!same) m_clickedNode = -1;
  m_inspectedView->setSelectedNode(m_clickedNode);
  followSelectedPhrase();
  if (m_clickedNode >= 0) m_details->showNode(tree, m_clickedNode);
  int units = 0;
  for (const InspectedNode &n : tree.nodes) units = std::max(units, int(n.hidden.size()));
  m_unit->setRange(0, std::max(0, units - 1));
  updateSimilarityAvailability();
  applyColouring();
  m_figure->adjustSize();
  updateNote();
  Q_EMIT inspectionShown();
}

void TreePanel::updateSimilarityAvailability() {
  auto *model = qobject_cast<QStandardItemModel *>(m_colourBy->model());
  const bool available = m_inspected && m_inspected->hasSimilarity;
  if (model) model->item(BySimilarity)->setEnabled(available);
  if (!available && m_colourBy->currentIndex() == BySimilarity) m_colourBy->setCurrentIndex(ByNorm);
}

void TreePanel::applyColouring() {
  const bool on = m_inspected.has_value() && m_inspectedView;
  const int mode = m_colourBy->currentIndex();
  m_colourBy->setEnabled(on || !m_inspectorRun.isEmpty()); // contributions need any run
  m_unit->setEnabled(on && mode == ByUnit);
  m_unit->setVisible(mode == ByUnit);
  m_method->setVisible(mode == ByContribution);
  m_exportContributions->setVisible(mode == ByContribution);
  // The view the model's tree is not in keeps no colours from an earlier contribution colouring.
  for (TreeViewBase *view : {static_cast<TreeViewBase *>(m_dependency), static_cast<TreeViewBase *>(m_constituency)})
    if (view != m_inspectedView || mode == ByContribution) {
      view->setNodeColours({});
      view->setNodeToolTips({});
    }
  if (mode == ByContribution) {
    applyContributionColouring();
    return;
  }
  m_legend->setVisible(on);
  if (!on) return;
  std::vector<double> values;
  for (const InspectedNode &n : m_inspected->nodes) {
    if (mode == ByUnit) values.push_back(m_unit->value() < int(n.hidden.size()) ? double(n.hidden[std::size_t(m_unit->value())]) : 0.0);
    else if (mode == BySimilarity) values.push_back(n.similarity);
    else values.push_back(n.norm);
  }
  const ColourScale scale = ColourScale::fitted(values, mode == ByUnit ? ColourScale::Diverging : ColourScale::Sequential);
  std::vector<QColor> colours;
  std::vector<QString> tips;
  for (std::size_t i = 0; i < values.size(); ++i) {
    colours.push_back(scale.colour(values[i]));
    tips.push_back(inspectedNodeToolTip(*m_inspected, int(i)));
  }
  m_inspectedView->setNodeColours(std::move(colours));
  m_inspectedView->setNodeToolTips(std::move(tips));
  const QString title = mode == ByUnit       ? tr("unit %1 of h").arg(m_unit->value())
                        : mode == BySimilarity ? tr("similarity to %1").arg(m_inspected->imageId)
                                               : tr("‖h‖");
  m_legend->setScale(scale, title);
}

void TreePanel::updateNote() {
  QStringList lines;
  if (m_caption.isEmpty()) lines << tr("Select a caption to see its trees.");
  if (!m_parseError.isEmpty()) lines << tr("Parse: %1").arg(m_parseError);
  if (m_inspectorRun.isEmpty()) {
    if (!m_inspected) {
      QStringList titles;
      for (const QString &name : treeModelNames()) titles << modelNamed(name).title;
      lines << tr("Node activations need a tree-model run (%1): open one to colour the trees.").arg(titles.join(QStringLiteral(", ")));
    }
  } else if (m_inspectorLoading) {
    lines << tr("Opening the run's model…");
  } else if (!m_inspectorError.isEmpty() && m_colourBy->currentIndex() != ByContribution) {
    lines << tr("Node activations need a tree-model run: %1").arg(m_inspectorError);
  }
  if (m_colourBy->currentIndex() == ByContribution) {
    if (m_inspectorRun.isEmpty()) lines << tr("Contributions to the score need a trained run: open one.");
    else if (m_explainerLoading || m_attributionJob.isRunning()) lines << tr("Computing the contributions…");
    else if (!m_attributionError.isEmpty()) lines << tr("Contributions: %1").arg(m_attributionError);
  }
  if (m_inspected) {
    const ModelEntry *entry = findModel(m_inspected->model);
    const QString title = entry ? entry->title : m_inspected->model;
    if (entry && entry->tree == TreeInput::Phrases)
      lines << tr("The constituency tree is the one %1 composed (as parsed, punctuation dropped; outlined: the noun phrases, "
                  "whose h enter their parent through Û and are embedded beside the sentence).")
                   .arg(title);
    else if (treeKindOfModel(m_inspected->model) == TreeKind::Constituency)
      lines << tr("The constituency tree is the one %1 composed (binarised; • marks an added node).").arg(title);
    else
      lines << tr("The dependency tree is the one %1 composed (collapsed relations, punctuation dropped).").arg(title);
  }
  m_note->setText(lines.join(QLatin1Char('\n')));
  m_note->setVisible(!lines.isEmpty());
}

void TreePanel::onNodeHovered(TreeViewBase *view, int node) {
  if (node < 0) {
    if (m_inspected && m_clickedNode >= 0) m_details->showNode(*m_inspected, m_clickedNode);
    return;
  }
  if (m_inspected && view == m_inspectedView) m_details->showNode(*m_inspected, node);
  else m_details->showMessage(view->toolTipOf(node) + QLatin1Char('\n') + tr("(no activations: not the tree the model composed)"));
}

void TreePanel::onNodeClicked(TreeViewBase *view, int node) {
  if (!m_inspected || view != m_inspectedView) return;
  m_clickedNode = node;
  m_details->showNode(*m_inspected, node);
  showNearest(node);
  // A noun phrase of the H-LSTM's tree: the Regions dock shows its regions.
  const InspectedNode &n = m_inspected->nodes[std::size_t(node)];
  if (n.nounPhrase && n.spanBegin >= 0) m_state.selectPhrase(m_caption, n.spanBegin, n.spanEnd);
}

bool TreePanel::selectNode(int node) {
  if (!m_inspected || !m_inspectedView || node < 0 || node >= int(m_inspected->nodes.size())) return false;
  m_inspectedView->setSelectedNode(node);
  onNodeClicked(m_inspectedView, node);
  return true;
}

void TreePanel::followSelectedPhrase() {
  const WorkbenchState::Phrase phrase = m_state.selectedPhrase();
  if (!m_inspected || !m_inspectedView || phrase.begin < 0 || phrase.caption != m_caption) return;
  for (int n = 0; n < int(m_inspected->nodes.size()); ++n) {
    const InspectedNode &node = m_inspected->nodes[std::size_t(n)];
    if (!node.nounPhrase || node.spanBegin != phrase.begin || node.spanEnd != phrase.end || n == m_clickedNode) continue;
    m_clickedNode = n;
    m_inspectedView->setSelectedNode(n);
    m_details->showNode(*m_inspected, n);
    showNearest(n);
    return;
  }
}

void TreePanel::showNearest(int node) {
  m_nearest->clear();
  m_thumbnails->clear();
  const auto space = m_state.jointSpace();
  const auto dataset = m_state.dataset();
  if (!m_inspected || node < 0 || node >= int(m_inspected->nodes.size())) return;
  const std::vector<float> &joint = m_inspected->nodes[std::size_t(node)].joint;
  if (!space || int(joint.size()) != space->dim()) {
    auto *item = new QListWidgetItem(tr("The run's test split is not embedded yet: no images to rank."));
    item->setFlags(Qt::NoItemFlags);
    m_nearest->addItem(item);
    return;
  }
  // Cost: one dot product per test image (dim floats each): instant for thousands of images.
  const std::vector<JointSpace::Ranked> ranked = space->rankImagesForVector(joint);
  for (int k = 0; k < std::min<int>(kNearestShown, int(ranked.size())); ++k) {
    const QString id = space->imageIds().value(ranked[std::size_t(k)].row);
    auto *item = new QListWidgetItem(QStringLiteral("%1. %2  (%3)").arg(k + 1).arg(id).arg(double(ranked[std::size_t(k)].score), 0, 'f', 3));
    item->setData(Qt::UserRole, id);
    m_nearest->addItem(item);
    const int image = m_state.imageIndexOf(id);
    if (dataset && image >= 0) {
      item->setData(Qt::UserRole + 1, image);
      m_thumbnails->request(image, dataset->images[std::size_t(image)].path);
    }
  }
}

void TreePanel::onNearestThumbnail(int image, const QImage &thumbnail) {
  if (thumbnail.isNull()) return;
  for (int r = 0; r < m_nearest->count(); ++r)
    if (m_nearest->item(r)->data(Qt::UserRole + 1).toInt() == image && m_nearest->item(r)->data(Qt::UserRole + 1).isValid())
      m_nearest->item(r)->setIcon(QPixmap::fromImage(thumbnail));
}

FigureExportResult TreePanel::exportTrees(const QString &path, QSize size) {
  m_figure->adjustSize();
  return exportFigure(*m_figure, path, size);
}

void TreePanel::exportClicked() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export the trees"), QString(), figureFileFilter());
  if (path.isEmpty()) return;
  const QSize natural = m_figure->sizeHint().expandedTo(m_figure->size());
  bool ok = false;
  const int width = QInputDialog::getInt(this, tr("Export the trees"), tr("Width (pixels for PNG, points for SVG/PDF):"),
                                         natural.width() * kExportScale, 100, 20000, 50, &ok);
  if (!ok) return;
  const QSize size(width, int(double(width) * natural.height() / std::max(1, natural.width())));
  const FigureExportResult result = exportTrees(path, size);
  if (!result.ok) QMessageBox::warning(this, tr("Export the trees"), result.error);
}

}  // namespace gs
