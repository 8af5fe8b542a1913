#pragma once
// A map's heading in a comparison: a swatch of its run's colour (RunColours, as the Training
// dock's curves and the Runs view draw the run) before a word-wrapped title, the swatch following
// a change of that colour.

#include <QColor>
#include <QString>
#include <QWidget>

class QLabel;

namespace gs {

class RunColours;

class RunHeading : public QWidget {
  Q_OBJECT
public:
  // colours must outlive the heading.
  explicit RunHeading(RunColours &colours, QWidget *parent = nullptr);

  void setRun(const QString &runDir); // the swatch takes the run's colour ("" for none)
  void setText(const QString &text);
  QString text() const;
  QColor colour() const { return m_colour; } // invalid without a run

private:
  void showColour();

  RunColours &m_colours;
  QLabel *m_swatch, *m_title;
  QString m_runDir;
  QColor m_colour;
};

}  // namespace gs
