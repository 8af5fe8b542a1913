#include "map/mapdisplaycontrols.h"

#include "analysis/mapclusters.h"
#include "analysis/mapmodel.h"
#include "engine/jobcontext.h"
#include "figures/mapcolouring.h"
#include "map/mapview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QImageReader>
#include <QLabel>
#include <QLineEdit>

#include <memory>
#include <stdexcept>
#include <utility>

namespace gs {

namespace {
constexpr int kThumbnailSize = 32;   // pixels, longest side
constexpr int kMaxThumbnails = 2000; // beyond this a map of pictures is unreadable anyway

// The map's thumbnails by image row, decoded and scaled (QImageReader scales while decoding, so a
// large JPEG costs little); an unreadable image has none. Cost: one image decode per path.
QHash<int, QImage> readThumbnails(const QStringList &paths, JobContext &job) {
  QHash<int, QImage> images;
  for (int r = 0; r < paths.size(); ++r) {
    job.checkpoint();
    job.setItemProgress(r, paths.size(), QStringLiteral("thumbnails"));
    if (paths[r].isEmpty()) continue;
    QImageReader reader(paths[r]);
    const QSize size = reader.size();
    if (size.isValid()) reader.setScaledSize(size.scaled(kThumbnailSize, kThumbnailSize, Qt::KeepAspectRatio));
    QImage image = reader.read();
    if (image.isNull()) continue; // unreadable: the circle stays
    if (image.width() > kThumbnailSize || image.height() > kThumbnailSize)
      image = image.scaled(kThumbnailSize, kThumbnailSize, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    images.insert(r, image);
  }
  return images;
}
}  // namespace

MapDisplayControls::MapDisplayControls(EngineBridge &bridge, MapModel &model, MapView &view, QWidget *parent)
    : QWidget(parent), m_model(model), m_view(view), m_thumbnailJob(bridge, this), m_clusterJob(bridge, this, JobLane::Query) {
  createControls();
  arrange();
  connectControls();
}

void MapDisplayControls::createControls() {
  m_colourBy = new QComboBox(this);
  m_colourBy->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  m_colourBy->setToolTip(tr("Colour the items by what the data knows about them; click a legend entry to hide or show its items"));
  m_sizeBy = new QComboBox(this);
  m_sizeBy->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  m_sizeBy->setToolTip(tr("A second variable as three marker sizes: larger is a caption whose image ranks low, a higher loss, a longer caption, an item that is among the nearest neighbours of many (a hub)"));
  m_search = new QLineEdit(this);
  m_search->setPlaceholderText(tr("Find captions: words, or /regex/"));
  m_search->setClearButtonEnabled(true);
  m_search->setMinimumWidth(160);
  m_lines = new QCheckBox(tr("Image–caption lines"), this);
  m_lines->setChecked(true);
  m_thumbnails = new QCheckBox(tr("Thumbnails"), this);
  m_clusters = new QCheckBox(tr("Cluster labels"), this);
  m_clusters->setToolTip(tr("Label the map's dense regions with the words that set their captions apart (finer when zoomed in)"));
  m_unitLength = new QCheckBox(tr("Unit length"), this);
  m_unitLength->setChecked(m_model.normalised());
  m_unitLength->setToolTip(tr("Map directions (cosine geometry) rather than raw vectors; applies from the next Compute"));
  m_centre = new QCheckBox(tr("Centre each modality"), this);
  m_centre->setChecked(m_model.centredModalities());
  m_centre->setToolTip(tr("Subtract the images' mean from the images and the captions' mean from the captions before the "
                          "layout: the gap between the two modalities otherwise splits the map into an image cloud and a "
                          "caption cloud. Applies from the next Compute"));
}

void MapDisplayControls::arrange() {
  auto *display = new QHBoxLayout(this);
  display->setContentsMargins(0, 0, 0, 0);
  display->addWidget(new QLabel(tr("Colour by"), this));
  display->addWidget(m_colourBy);
  display->addWidget(new QLabel(tr("Size by"), this));
  display->addWidget(m_sizeBy);
  display->addWidget(m_search, 1);
  for (QWidget *box : std::initializer_list<QWidget *>{m_lines, m_unitLength, m_centre, m_thumbnails, m_clusters}) display->addWidget(box);
  display->addStretch();
}

void MapDisplayControls::connectControls() {
  connect(m_colourBy, &QComboBox::activated, this, [this](int index) { setColouring(m_colourBy->itemData(index).toString()); });
  connect(m_sizeBy, &QComboBox::activated, this, [this](int index) { setSizing(m_sizeBy->itemData(index).toString()); });
  connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) { search(text); });
  connect(m_lines, &QCheckBox::toggled, this, &MapDisplayControls::setLinesVisible);
  connect(m_thumbnails, &QCheckBox::toggled, this, &MapDisplayControls::setThumbnailsVisible);
  connect(m_clusters, &QCheckBox::toggled, this, &MapDisplayControls::setClusterLabelsVisible);
  connect(m_unitLength, &QCheckBox::toggled, this, [this](bool on) { m_model.setNormalised(on); });
  connect(m_centre, &QCheckBox::toggled, this, [this](bool on) { m_model.setCentredModalities(on); });
}

void MapDisplayControls::reset() {
  m_thumbnailJob.cancel(); // its thumbnails belong to the previous items
  m_thumbnailsLoaded = false;
  m_clusterJob.cancel();
  m_colourBy->clear();
  for (const QString &key : availableColourings(m_model)) m_colourBy->addItem(colouringTitle(key), key);
  fillSizings();
  m_view.setSizing({});
  m_categoryHidden.clear();
  m_view.setColouring({});
  if (!m_search->text().isEmpty()) search(m_search->text());
  if (m_thumbnails->isChecked()) loadThumbnails();
}

void MapDisplayControls::fillSizings() {
  m_sizeBy->clear();
  m_sizeBy->addItem(tr("one size"), QString());
  for (const QString &key : availableSizings(m_model))
    m_sizeBy->addItem(key == QLatin1String("rank")   ? tr("rank of the partner")
                      : key == QLatin1String("loss") ? tr("the model's loss")
                      : key == QLatin1String("hubs") ? tr("k-occurrence (hubs)")
                                                     : tr("caption length"),
                      key);
}

QString MapDisplayControls::colouringKey() const { return m_colourBy->currentData().toString(); }

QString MapDisplayControls::sizingKey() const { return m_sizeBy->currentData().toString(); }

bool MapDisplayControls::setColouring(const QString &key) {
  MapColouring colouring;
  try {
    colouring = colourMap(m_model, key);
  } catch (const std::invalid_argument &error) {
    Q_EMIT statusChanged(tr("Cannot colour by %1: %2").arg(key, QString::fromUtf8(error.what())));
    return false;
  }
  const int index = m_colourBy->findData(key);
  if (index >= 0) m_colourBy->setCurrentIndex(index);
  m_categoryHidden.assign(colouring.categories.size(), 0);
  m_model.setHidden({});
  m_view.setColouring(colouring);
  Q_EMIT colouringChanged(key);
  return true;
}

bool MapDisplayControls::setSizing(const QString &key) {
  MapSizing sizing;
  if (!key.isEmpty()) {
    try {
      sizing = sizeMap(m_model, key);
    } catch (const std::invalid_argument &error) {
      Q_EMIT statusChanged(tr("Cannot size by %1: %2").arg(key, QString::fromUtf8(error.what())));
      return false;
    }
  }
  const int index = m_sizeBy->findData(key);
  if (index >= 0) m_sizeBy->setCurrentIndex(index);
  m_view.setSizing(std::move(sizing));
  Q_EMIT sizingChanged(key);
  return true;
}

void MapDisplayControls::toggleCategory(int category) {
  const MapColouring &colouring = m_view.colouring();
  if (category < 0 || category >= int(colouring.categories.size()) || category >= int(m_categoryHidden.size())) return;
  m_categoryHidden[std::size_t(category)] = !m_categoryHidden[std::size_t(category)];
  std::vector<char> hidden(std::size_t(m_model.itemCount()), 0);
  int count = 0;
  for (std::size_t c = 0; c < colouring.categories.size(); ++c)
    if (m_categoryHidden[c])
      for (int item : colouring.categories[c].items) {
        hidden[std::size_t(item)] = 1;
        ++count;
      }
  m_model.setHidden(std::move(hidden));
  m_view.setCategoryShown(category, !m_categoryHidden[std::size_t(category)]);
  refreshClusters();
  Q_EMIT statusChanged(tr("%n item(s) hidden by the legend (click an entry again to show them).", nullptr, count));
}

std::vector<int> MapDisplayControls::search(const QString &query) {
  if (m_search->text() != query) {
    const QSignalBlocker block(m_search);
    m_search->setText(query);
  }
  std::vector<int> matches;
  try {
    matches = m_model.matchCaptions(query);
  } catch (const std::invalid_argument &error) {
    m_view.setMatches({});
    Q_EMIT statusChanged(tr("Search: invalid regular expression: %1").arg(QString::fromUtf8(error.what())));
    return {};
  }
  m_view.setMatches(matches);
  if (!query.trimmed().isEmpty())
    Q_EMIT statusChanged(tr("%n caption(s) match “%1”.", nullptr, int(matches.size())).arg(query.trimmed()));
  return matches;
}

void MapDisplayControls::setClusterLabelsVisible(bool visible) {
  if (m_clusters->isChecked() != visible) {
    m_clusters->setChecked(visible); // toggled() calls back here
    return;
  }
  refreshClusters();
}

void MapDisplayControls::refreshClusters() {
  if (!m_clusters->isChecked() || !m_model.hasPositions()) {
    m_clusterJob.cancel(); // an answer on its way is no longer wanted
    m_view.setClusterLevels({});
    return;
  }
  // The job's own copy of the model: the panel may change it while the job runs.
  m_clusterJob.start(
      tr("Map cluster labels"), [model = std::make_shared<const MapModel>(m_model)](JobContext &) { return summariseMap(*model); },
      [this](std::vector<MapClusterLevel> levels) {
        const int count = int(levels.size());
        m_view.setClusterLevels(std::move(levels));
        Q_EMIT clustersShown(count);
      },
      [](const JobOutcome &) {}); // cancelled from the Jobs tab or failed: the labels stay as they were
}

void MapDisplayControls::setLinesVisible(bool visible) {
  if (m_lines->isChecked() != visible) m_lines->setChecked(visible);
  m_view.setLinesVisible(visible);
}

void MapDisplayControls::setThumbnailsVisible(bool visible) {
  if (m_thumbnails->isChecked() != visible) m_thumbnails->setChecked(visible);
  m_view.setThumbnailsVisible(visible);
  if (visible && !m_thumbnailsLoaded) loadThumbnails();
}

// Reads the images as an engine job; only the conversion to QPixmap happens on the GUI thread.
// Cancelled (from the Jobs tab), the map goes back to circles.
void MapDisplayControls::loadThumbnails() {
  if (m_thumbnailJob.isRunning()) return;
  m_thumbnailJob.start(
      tr("Map thumbnails"),
      [paths = m_model.data().imagePaths.mid(0, kMaxThumbnails)](JobContext &job) { return readThumbnails(paths, job); },
      [this](const QHash<int, QImage> &images) {
        m_thumbnailsLoaded = true;
        QHash<int, QPixmap> pixmaps;
        for (auto it = images.cbegin(); it != images.cend(); ++it) pixmaps.insert(it.key(), QPixmap::fromImage(it.value()));
        m_view.setThumbnails(pixmaps);
        Q_EMIT thumbnailsLoaded(int(pixmaps.size()));
      },
      [this](const JobOutcome &) { setThumbnailsVisible(false); });
}

}  // namespace gs
