#pragma once
// The Map's display row: what the items are coloured by (a click on a legend entry hides or shows
// that colour's items) and sized by, the caption search, the image–caption lines, the geometry of
// the mapped vectors (unit length, each modality centred; applied from the next layout),
// thumbnails and cluster labels. It draws through the panel's MapView and filters the panel's
// MapModel.
//
// Thumbnails are read as an engine job on the interactive lane. The cluster labels (summariseMap
// over positions already in memory) run on the engine's query lane: they answer each layout and
// legend toggle in milliseconds even while a layout holds the interactive lane.

#include "common/backgroundjob.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QLineEdit;

namespace gs {

class MapModel;
class MapView;

class MapDisplayControls : public QWidget {
  Q_OBJECT
public:
  // bridge, model and view must outlive the controls.
  MapDisplayControls(EngineBridge &bridge, MapModel &model, MapView &view, QWidget *parent = nullptr);

  // New items in the model: the colourings and sizings they allow (one colour and one size until
  // chosen), no legend filter, the search run again, the thumbnails read again when shown.
  void reset();

  // Colour by a key of availableColourings (resets the legend filter); false when the data cannot.
  bool setColouring(const QString &key);
  // Size by a key of availableSizings ("" for one size); false when the data cannot.
  bool setSizing(const QString &key);
  QString colouringKey() const; // the colour box's
  QString sizingKey() const;    // the size box's
  // Hides or shows a category of the colouring, as a click on its legend entry does.
  void toggleCategory(int category);
  // The search box: captions matching words or /regex/ are ringed; returns their items (empty and
  // the status says why for an invalid expression).
  std::vector<int> search(const QString &query);
  // Cluster summaries on or off: when on, the layout's clusters at three resolutions are computed
  // off the GUI thread (again at each refreshClusters) and labelled; clustersShown follows.
  void setClusterLabelsVisible(bool visible);
  void refreshClusters(); // for the positions and legend filter now in the model
  void setLinesVisible(bool visible);
  void setThumbnailsVisible(bool visible); // reads the thumbnails off the GUI thread on first use

Q_SIGNALS:
  void statusChanged(const QString &text);
  void colouringChanged(const QString &key);
  void sizingChanged(const QString &key);
  void thumbnailsLoaded(int count);
  void clustersShown(int levels);

private:
  void createControls();
  void arrange();
  void connectControls();
  void fillSizings();
  void loadThumbnails();

  MapModel &m_model;
  MapView &m_view;
  QComboBox *m_colourBy, *m_sizeBy;
  QLineEdit *m_search;
  QCheckBox *m_lines, *m_thumbnails, *m_clusters, *m_unitLength;
  QCheckBox *m_centre; // subtract each modality's mean (the modality gap)
  std::vector<char> m_categoryHidden; // by category of the colouring
  BackgroundJob m_thumbnailJob;       // reads the thumbnails of the items on the map
  BackgroundJob m_clusterJob;         // summarises the map's clusters (query lane)
  bool m_thumbnailsLoaded = false;
};

}  // namespace gs
