#pragma once
// What the window shows in its centre until a dataset is open: what Groundscope is, one button to
// open the built-in demo, one to open a dataset, the datasets and runs opened before, and the way
// into the manual. It only asks; the main window does the opening.

#include <QWidget>

class QListWidget;

namespace gs {

class WelcomeView : public QWidget {
  Q_OBJECT
public:
  explicit WelcomeView(QWidget *parent = nullptr);

  // The lists of what was opened before, most recent first; an empty list says so.
  void setRecentDatasets(const QStringList &paths);
  void setRecentRuns(const QStringList &runDirs);

Q_SIGNALS:
  void demoRequested();
  void openDatasetRequested();
  void datasetChosen(const QString &path);
  void runChosen(const QString &runDir);
  void manualRequested(const QString &page);

private:
  static void fill(QListWidget *list, const QStringList &paths, const QString &none);

  QListWidget *m_datasets;
  QListWidget *m_runs;
};

}  // namespace gs
