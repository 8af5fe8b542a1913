#pragma once
// The user manual inside the program (Help ▸ User manual, F1, a dock's "?"): the pages of docs/
// embedded under :/manual, with a contents list (each page and its sections, in the order of the
// manual's index page), a search over every page, and links between pages. Offline, one source:
// the same Markdown files are the manual on the web.

#include <QWidget>

class QLineEdit;
class QListWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace gs {

class ManualBrowser;

// One line a search found: the page, the section it is in, the line's text.
struct ManualHit {
  QString page;    // relative to the manual's root: "workbench/map.md"
  QString anchor;  // the section's heading anchor ("" before the first heading)
  QString section; // the section's heading text
  QString line;
};

// Every line of the manual's pages (below `root`) that contains all words of `query`,
// case-insensitive, in page order; at most `limit`.
std::vector<ManualHit> searchManual(const QString &root, const QString &query, int limit = 200);

class ManualWindow : public QWidget {
  Q_OBJECT
public:
  explicit ManualWindow(QWidget *parent = nullptr, const QString &root = QStringLiteral(":/manual"));

  // Shows `page` ("workbench/map.md", with an optional "#anchor"); false when there is no such page.
  bool openPage(const QString &page);
  // The page shown, relative to the root ("index.md").
  QString currentPage() const;
  // Runs the search field's query (as typing in it and pressing Enter does).
  void search(const QString &query);

private:
  void buildContents();
  QTreeWidgetItem *addPage(const QString &page, const QString &title);
  void showHits(const std::vector<ManualHit> &hits, const QString &query);
  void syncContents();

  QString m_root;
  ManualBrowser *m_browser;
  QTreeWidget *m_contents;
  QLineEdit *m_search;
  QListWidget *m_hits;
};

}  // namespace gs
