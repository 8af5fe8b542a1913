#pragma once
// The Map's selection and its link to the WorkbenchState: the items a rubber band, a lasso or a
// slice selected, ringed on the map and listed beside it (an entry clicked or activated is picked,
// as a click on the map picks an item); a picked item's image or caption selected in the state; the
// state's selected image highlighted on the map; a slice of the Analysis dock selecting its captions.

#include <QHash>
#include <QListWidget>

#include <vector>

namespace gs {

class MapModel;
class MapView;
class WorkbenchState;

class MapSelection : public QListWidget {
  Q_OBJECT
public:
  // model, view and state must outlive the list.
  MapSelection(MapModel &model, MapView &view, WorkbenchState &state, QWidget *parent = nullptr);

  // New items in the model: nothing selected. Not named reset(), which would override
  // QAbstractItemView::reset() and run again on the clear() it makes.
  void clearForNewData();
  // The model's selection, ringed and listed; selected follows.
  void select(std::vector<int> items);
  // The item's image, or its caption found among its image's captions, as the state's selection.
  void selectInState(int item);
  void highlightSelectedImage(); // the state's selected image (if any), on the map

Q_SIGNALS:
  void itemPicked(int item);                    // an entry clicked or activated
  void selected(const std::vector<int> &items); // the model's new selection
  void statusChanged(const QString &text);

private:
  int datasetImageOf(int imageRow) const;
  void highlightImage(int datasetImage); // -1: none
  void onSliceShown(const QString &label, const QStringList &captions);

  MapModel &m_model;
  MapView &m_view;
  WorkbenchState &m_state;
  QHash<QString, int> m_rowOfImageId; // the map's image rows by image id
};

}  // namespace gs
