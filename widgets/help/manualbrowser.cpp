#include "help/manualbrowser.h"

#include <QFileInfo>
#include <QImage>
#include <QScrollBar>
#include <QTextBlock>

#include <algorithm>

namespace gs {

namespace {
// Screenshots are taken at 1366 pixels and more; the page shows them at most this wide.
constexpr int kMaxImageWidth = 860;
}  // namespace

QString manualFilePath(const QUrl &url) {
  return url.scheme() == QLatin1String("qrc") ? QLatin1Char(':') + url.path() : url.toLocalFile();
}

QUrl manualUrl(const QString &path) {
  return path.startsWith(QLatin1String(":/")) ? QUrl(QStringLiteral("qrc") + path) : QUrl::fromLocalFile(path);
}

QString headingAnchor(const QString &heading) {
  QString anchor;
  for (const QChar ch : heading.toLower()) {
    if (ch == QLatin1Char(' ')) anchor += QLatin1Char('-');
    else if (ch.isLetterOrNumber() || ch.isMark() || ch == QLatin1Char('-') || ch == QLatin1Char('_')) anchor += ch;
  }
  return anchor;
}

ManualBrowser::ManualBrowser(QWidget *parent) : QTextBrowser(parent) {
  setOpenExternalLinks(true);
  setObjectName(QStringLiteral("manualPage"));
}

bool ManualBrowser::scrollToHeading(const QString &anchor) {
  for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
    if (block.blockFormat().headingLevel() == 0 || headingAnchor(block.text()) != anchor) continue;
    QTextCursor cursor(block);
    setTextCursor(cursor);
    // The heading at the top of the view, not just somewhere inside it.
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
    ensureCursorVisible();
    return true;
  }
  return false;
}

void ManualBrowser::doSetSource(const QUrl &name, QTextDocument::ResourceType type) {
  // A relative link names a page beside the one shown, as a click on it does.
  const QUrl target = name.isRelative() && source().isValid() ? source().resolved(name) : name;
  if (QFileInfo(target.path()).suffix().toLower() == QLatin1String("md")) type = QTextDocument::MarkdownResource;
  QUrl page = target;
  page.setFragment({});
  if (page != source() || target.fragment().isEmpty()) QTextBrowser::doSetSource(page, type);
  if (!target.fragment().isEmpty()) scrollToHeading(target.fragment());
}

QVariant ManualBrowser::loadResource(int type, const QUrl &name) {
  if (type != QTextDocument::ImageResource) return QTextBrowser::loadResource(type, name);
  QImage image(manualFilePath(name));
  if (image.isNull()) return QTextBrowser::loadResource(type, name);
  const int width = std::min(kMaxImageWidth, std::max(200, viewport()->width() - 40));
  if (image.width() > width) image = image.scaledToWidth(width, Qt::SmoothTransformation);
  return image;
}

}  // namespace gs
