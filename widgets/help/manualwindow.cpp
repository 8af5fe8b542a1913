#include "help/manualwindow.h"

#include "help/manualbrowser.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QRegularExpression>
#include <QSplitter>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace gs {

namespace {

constexpr int kPageRole = Qt::UserRole; // "page.md#anchor" of a contents item or a search hit

QString readText(const QString &path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// The page's lines outside fenced code blocks, where a '#' starts a heading and not a comment.
QStringList proseLines(const QString &text) {
  QStringList lines;
  bool fenced = false;
  for (const QString &line : text.split(QLatin1Char('\n'))) {
    if (line.trimmed().startsWith(QLatin1String("```"))) {
      fenced = !fenced;
      continue;
    }
    if (!fenced) lines << line;
  }
  return lines;
}

// A heading's level (1–6) and text, or level 0 for another line.
std::pair<int, QString> headingOf(const QString &line) {
  static const QRegularExpression heading(QStringLiteral("^(#{1,6})\\s+(.*?)\\s*#*\\s*$"));
  const QRegularExpressionMatch match = heading.match(line);
  if (!match.hasMatch()) return {0, {}};
  return {int(match.capturedLength(1)), match.captured(2)};
}

// A Markdown line as the reader sees it: images and link targets, emphasis and code marks gone.
QString plainLine(QString line) {
  static const QRegularExpression image(QStringLiteral("!\\[([^\\]]*)\\]\\([^)]*\\)"));
  static const QRegularExpression link(QStringLiteral("\\[([^\\]]*)\\]\\([^)]*\\)"));
  line.replace(image, QStringLiteral("\\1")).replace(link, QStringLiteral("\\1"));
  line.remove(QLatin1Char('`')).remove(QStringLiteral("**")).remove(QLatin1Char('|'));
  return line.simplified();
}

QString pageTitle(const QString &root, const QString &page) {
  for (const QString &line : proseLines(readText(root + QLatin1Char('/') + page))) {
    const auto [level, text] = headingOf(line);
    if (level == 1) return plainLine(text);
  }
  return page;
}

}  // namespace

std::vector<ManualHit> searchManual(const QString &root, const QString &query, int limit) {
  const QStringList words = query.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
  std::vector<ManualHit> hits;
  if (words.isEmpty()) return hits;
  QStringList pages;
  QDirIterator files(root, {QStringLiteral("*.md")}, QDir::Files, QDirIterator::Subdirectories);
  while (files.hasNext()) pages << QDir(root).relativeFilePath(files.next());
  std::sort(pages.begin(), pages.end());
  for (const QString &page : pages) {
    ManualHit context{page, {}, {}, {}};
    for (const QString &line : proseLines(readText(root + QLatin1Char('/') + page))) {
      const auto [level, text] = headingOf(line);
      if (level > 0) {
        context.anchor = headingAnchor(plainLine(text));
        context.section = plainLine(text);
      }
      const QString plain = plainLine(line);
      const QString lower = plain.toLower();
      if (!std::all_of(words.begin(), words.end(), [&lower](const QString &w) { return lower.contains(w); })) continue;
      context.line = plain;
      hits.push_back(context);
      if (int(hits.size()) >= limit) return hits;
    }
  }
  return hits;
}

ManualWindow::ManualWindow(QWidget *parent, const QString &root)
    : QWidget(parent, Qt::Window), m_root(root), m_browser(new ManualBrowser(this)), m_contents(new QTreeWidget(this)),
      m_search(new QLineEdit(this)), m_hits(new QListWidget(this)) {
  setObjectName(QStringLiteral("manualWindow"));
  setWindowTitle(tr("Groundscope — User manual"));
  m_search->setObjectName(QStringLiteral("manualSearch"));
  m_search->setPlaceholderText(tr("Search the manual"));
  m_search->setClearButtonEnabled(true);
  m_contents->setObjectName(QStringLiteral("manualContents"));
  m_contents->setHeaderHidden(true);
  m_hits->setObjectName(QStringLiteral("manualHits"));
  m_hits->setWordWrap(true);
  m_hits->hide();

  auto *back = new QToolButton(this);
  back->setText(tr("Back"));
  back->setIcon(QIcon::fromTheme(QStringLiteral("go-previous")));
  back->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  auto *home = new QToolButton(this);
  home->setText(tr("Contents"));
  home->setToolButtonStyle(Qt::ToolButtonTextOnly);
  connect(back, &QToolButton::clicked, m_browser, &QTextBrowser::backward);
  connect(m_browser, &QTextBrowser::backwardAvailable, back, &QWidget::setEnabled);
  back->setEnabled(false);
  connect(home, &QToolButton::clicked, this, [this] { openPage(QStringLiteral("index.md")); });

  auto *side = new QWidget(this);
  auto *sideLayout = new QVBoxLayout(side);
  sideLayout->setContentsMargins(0, 0, 0, 0);
  sideLayout->addWidget(m_search);
  sideLayout->addWidget(m_hits, 1);
  sideLayout->addWidget(m_contents, 2);
  auto *page = new QWidget(this);
  auto *pageLayout = new QVBoxLayout(page);
  pageLayout->setContentsMargins(0, 0, 0, 0);
  auto *navigation = new QHBoxLayout;
  navigation->addWidget(back);
  navigation->addWidget(home);
  navigation->addStretch(1);
  pageLayout->addLayout(navigation);
  pageLayout->addWidget(m_browser, 1);
  auto *splitter = new QSplitter(this);
  splitter->addWidget(side);
  splitter->addWidget(page);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({260, 800});
  auto *layout = new QVBoxLayout(this);
  layout->addWidget(splitter);
  resize(1080, 680);

  connect(m_search, &QLineEdit::returnPressed, this, [this] { search(m_search->text()); });
  connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
    if (text.trimmed().isEmpty()) m_hits->hide();
  });
  const auto openItem = [this](const QString &target, const QString &highlight) {
    openPage(target);
    if (!highlight.isEmpty()) m_browser->find(highlight);
  };
  connect(m_contents, &QTreeWidget::itemClicked, this, [openItem](QTreeWidgetItem *item) { openItem(item->data(0, kPageRole).toString(), {}); });
  connect(m_hits, &QListWidget::itemClicked, this, [this, openItem](QListWidgetItem *item) {
    openItem(item->data(kPageRole).toString(), m_search->text().split(QLatin1Char(' '), Qt::SkipEmptyParts).value(0));
  });
  connect(m_browser, &QTextBrowser::sourceChanged, this, &ManualWindow::syncContents);
  buildContents();
  openPage(QStringLiteral("index.md"));
}

void ManualWindow::buildContents() {
  // The contents follow the index page's links, in their order, each page with its sections.
  static const QRegularExpression link(QStringLiteral("\\]\\(([^)#\\s]+\\.md)\\)"));
  QStringList pages{QStringLiteral("index.md")};
  QRegularExpressionMatchIterator links = link.globalMatch(readText(m_root + QStringLiteral("/index.md")));
  while (links.hasNext()) {
    const QString page = QDir::cleanPath(links.next().captured(1));
    if (!pages.contains(page) && QFile::exists(m_root + QLatin1Char('/') + page)) pages << page;
  }
  for (const QString &page : pages) addPage(page, page == QLatin1String("index.md") ? tr("Contents") : pageTitle(m_root, page));
}

QTreeWidgetItem *ManualWindow::addPage(const QString &page, const QString &title) {
  auto *item = new QTreeWidgetItem(m_contents, {title});
  item->setData(0, kPageRole, page);
  for (const QString &line : proseLines(readText(m_root + QLatin1Char('/') + page))) {
    const auto [level, text] = headingOf(line);
    if (level != 2) continue;
    auto *section = new QTreeWidgetItem(item, {plainLine(text)});
    section->setData(0, kPageRole, QString(page + QLatin1Char('#') + headingAnchor(plainLine(text))));
  }
  return item;
}

bool ManualWindow::openPage(const QString &target) {
  const QString page = target.section(QLatin1Char('#'), 0, 0);
  const QString anchor = target.section(QLatin1Char('#'), 1);
  const QString path = m_root + QLatin1Char('/') + page;
  if (!QFile::exists(path)) return false;
  QUrl url = manualUrl(path);
  if (!anchor.isEmpty()) url.setFragment(anchor);
  m_browser->setSource(url);
  return true;
}

QString ManualWindow::currentPage() const {
  return QDir(m_root).relativeFilePath(manualFilePath(m_browser->source()));
}

void ManualWindow::search(const QString &query) {
  m_search->setText(query);
  showHits(searchManual(m_root, query), query);
}

void ManualWindow::showHits(const std::vector<ManualHit> &hits, const QString &query) {
  m_hits->clear();
  for (const ManualHit &hit : hits) {
    const QString where = hit.section.isEmpty() ? pageTitle(m_root, hit.page) : hit.section;
    auto *item = new QListWidgetItem(QStringLiteral("%1 — %2").arg(where, hit.line.left(160)), m_hits);
    item->setData(kPageRole, hit.anchor.isEmpty() ? hit.page : QString(hit.page + QLatin1Char('#') + hit.anchor));
    item->setToolTip(hit.page);
  }
  if (hits.empty()) new QListWidgetItem(tr("Nothing in the manual matches “%1”.").arg(query), m_hits);
  m_hits->setVisible(!query.trimmed().isEmpty());
}

void ManualWindow::syncContents() {
  const QString page = currentPage();
  for (int i = 0; i < m_contents->topLevelItemCount(); ++i) {
    QTreeWidgetItem *item = m_contents->topLevelItem(i);
    if (item->data(0, kPageRole).toString() != page) continue;
    m_contents->setCurrentItem(item);
    return;
  }
}

}  // namespace gs
