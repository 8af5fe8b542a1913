#pragma once
// Shows one page of the user manual: the Markdown files of docs/, embedded under :/manual, rendered
// by QTextBrowser with their screenshots. Adds what QTextBrowser leaves out for Markdown pages:
// #anchors that name a heading the way GitHub names them (so the same links work on the web and
// here), and images scaled down to the page's width.

#include <QTextBrowser>

namespace gs {

// GitHub's anchor of a heading: lower case; letters, digits, '-' and '_' kept; spaces to '-';
// every other character dropped ("Colour by: partner rank" → "colour-by-partner-rank").
QString headingAnchor(const QString &heading);
// A page's or image's URL as the path QFile reads (qrc:/manual/x.md → ":/manual/x.md"), and back:
// the manual is read from resources, and from a folder in tests.
QString manualFilePath(const QUrl &url);
QUrl manualUrl(const QString &path);

class ManualBrowser : public QTextBrowser {
  Q_OBJECT
public:
  explicit ManualBrowser(QWidget *parent = nullptr);

  // Scrolls to the heading whose anchor is `anchor`; false when the page has none.
  bool scrollToHeading(const QString &anchor);

protected:
  void doSetSource(const QUrl &name, QTextDocument::ResourceType type) override;
  QVariant loadResource(int type, const QUrl &name) override;
};

}  // namespace gs
