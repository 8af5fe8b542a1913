#include "aboutdialog.h"

#include "gs/version.h"
#include "runtime/runtime.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace gs {

AboutDialog::AboutDialog(QWidget *parent) : QDialog(parent) {
  setWindowTitle(tr("About Groundscope"));
  const runtime::RuntimeInfo info = runtime::info();
  const auto row = [](const QString &name, const QString &version, const QString &licence) {
    return QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>").arg(name, version, licence);
  };
  m_text = QStringLiteral("<h2>Groundscope %1</h2>").arg(QString::fromLatin1(kVersion)) +
           tr("<p>A workbench for visually grounded language: joint image–sentence spaces, their trees, "
              "regions and rankings.</p>") +
           tr("<p>Licensed under the GNU General Public License, version 3 or later.</p>") +
           QStringLiteral("<p>%1</p>").arg(runtime::describe(info).toHtmlEscaped()) +
           QStringLiteral("<table cellspacing=6><tr><th align=left>%1</th><th align=left>%2</th>"
                          "<th align=left>%3</th></tr>")
               .arg(tr("Library"), tr("Version"), tr("Licence")) +
           row(QStringLiteral("Qt"), info.versions.qt, QStringLiteral("LGPL-3.0 / GPL-3.0")) +
           row(QStringLiteral("LibTorch"), info.versions.torch, QStringLiteral("BSD-3-Clause")) +
           row(QStringLiteral("OpenCV"), info.versions.opencv, QStringLiteral("Apache-2.0")) +
           row(QStringLiteral("Boost"), info.versions.boost, QStringLiteral("BSL-1.0")) +
           row(QStringLiteral("QCustomPlot"), QStringLiteral(QCUSTOMPLOT_VERSION_STR), QStringLiteral("GPL-3.0")) +
           row(QStringLiteral("Link Grammar"), info.versions.linkGrammar, QStringLiteral("LGPL-2.1")) +
           // Debian 12's packages (install-deps.sh): FFTW 3.3.10 (t-SNE's FFT interpolation), FAISS 1.7.3
           // (search indexes), hnswlib 0.6.2 (approximate neighbours for the maps).
           row(QStringLiteral("FFTW"), QStringLiteral("3.3.10"), QStringLiteral("GPL-2.0-or-later")) +
           row(QStringLiteral("FAISS"), QStringLiteral("1.7.3"), QStringLiteral("MIT")) +
           row(QStringLiteral("hnswlib"), QStringLiteral("0.6.2"), QStringLiteral("Apache-2.0")) +
           row(info.blasName, QString(), QStringLiteral("BSD-3-Clause")) + QStringLiteral("</table>");

  auto *layout = new QVBoxLayout(this);
  auto *label = new QLabel(m_text, this);
  label->setTextFormat(Qt::RichText);
  label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  label->setWordWrap(true);
  auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(label);
  layout->addWidget(buttons);
}

}  // namespace gs
