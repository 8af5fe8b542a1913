#pragma once
// The Dataset browser: a thumbnail grid of the open dataset's images (lazy, off-thread thumbnails;
// smooth at 30,000 images), a search over image ids and caption words, a split filter, the
// selected image's captions (order-sensitive demo captions marked) and the load report.
// Selecting an image or caption goes through the WorkbenchState, and selections made by other
// panels are followed. A folder or file dropped on it is offered as a dataset to open.

#include "common/backgroundjob.h"
#include "common/workbenchstate.h"

#include <QWidget>

#include <functional>
#include <memory>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QListView;
class QListWidget;
class QPlainTextEdit;
class QTabWidget;
class QTimer;

namespace gs {

class DatasetFilterModel;
class ImageSearchIndex;
class ThumbnailModel;

class DatasetBrowser : public QWidget {
  Q_OBJECT
public:
  // bridge and state must outlive the browser.
  DatasetBrowser(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);

  int shownImage() const { return m_shownImage; } // dataset index whose captions are listed, -1: none

  // Applies the search now (typing applies it after a short pause); while the captions are still
  // being indexed (isIndexing), as soon as they are.
  void applySearch();
  bool isIndexing() const { return m_indexJob.isRunning(); }
  // An image's file changed on disk: its thumbnail is decoded again.
  void refreshImage(int image);

Q_SIGNALS:
  // A folder or file was dropped on the browser: the main window opens it as a dataset.
  void datasetDropped(const QString &path);

protected:
  void dragEnterEvent(QDragEnterEvent *event) override;
  void dragMoveEvent(QDragMoveEvent *event) override;
  void dropEvent(QDropEvent *event) override;

private:
  void buildUi();
  QHBoxLayout *buildFilterBar();
  void buildGrid();
  void buildDetailTabs();
  void connectSignals();
  void onDatasetChanged();
  void onImageSelected(int image);
  void onCaptionSelected(int caption);
  void onGridCurrentChanged(const QModelIndex &current);
  void onCaptionRowChanged(int row);
  void showImage(int image);
  void syncGrid(); // the grid's current cell follows the state's selected image
  void changeFilter(const std::function<void()> &change);
  void updatePreview();
  void updateCount();

  void indexCaptions(); // the search's index of the state's dataset, as an engine job

  WorkbenchState &m_state;
  BackgroundJob m_indexJob;
  std::shared_ptr<const ImageSearchIndex> m_index; // the shown dataset's; null while indexing
  ThumbnailModel *m_model;
  DatasetFilterModel *m_filter;
  QLineEdit *m_search;
  QComboBox *m_split;
  QLabel *m_count;
  QLabel *m_hint;
  QListView *m_grid;
  QTabWidget *m_tabs;
  QLabel *m_preview;
  QLabel *m_imageInfo;
  QListWidget *m_captions;
  QPlainTextEdit *m_report;
  QTimer *m_searchTimer;
  int m_shownImage = -1;
  bool m_syncing = false; // applying a selection that came from the state: don't echo it back
};

}  // namespace gs
