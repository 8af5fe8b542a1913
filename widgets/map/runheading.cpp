#include "map/runheading.h"

#include "common/runcolours.h"

#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>

namespace gs {

namespace {
constexpr int kSwatchSize = 12; // pixels, as the run list's swatches
}

RunHeading::RunHeading(RunColours &colours, QWidget *parent)
    : QWidget(parent), m_colours(colours), m_swatch(new QLabel(this)), m_title(new QLabel(this)) {
  m_swatch->setObjectName(QStringLiteral("runSwatch"));
  m_swatch->setFixedSize(kSwatchSize, kSwatchSize);
  m_swatch->setToolTip(tr("The run's colour, as its curves are drawn (the Training dock's run list can change it)"));
  m_swatch->hide();
  m_title->setObjectName(QStringLiteral("runTitle"));
  m_title->setWordWrap(true);
  auto *layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_swatch, 0, Qt::AlignTop | Qt::AlignLeft);
  layout->addWidget(m_title, 1);
  // Any run's change may be this one's (the signal names the run by the path it was set with):
  // asking again is cheap and needs no comparison of paths.
  connect(&m_colours, &RunColours::runColourChanged, this, &RunHeading::showColour);
}

void RunHeading::setRun(const QString &runDir) {
  m_runDir = runDir;
  showColour();
}

void RunHeading::setText(const QString &text) { m_title->setText(text); }

QString RunHeading::text() const { return m_title->text(); }

void RunHeading::showColour() {
  m_colour = m_runDir.isEmpty() ? QColor() : m_colours.colourOf(m_runDir);
  m_swatch->setVisible(m_colour.isValid());
  if (m_colour.isValid()) m_swatch->setPixmap(RunColours::swatch(m_colour, kSwatchSize).pixmap(kSwatchSize, kSwatchSize));
}

}  // namespace gs
