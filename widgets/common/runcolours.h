#pragma once
// One colour per run, everywhere: the Training dock's curves, the Runs view, both maps of a
// comparison, the side-by-side ranked lists and the figures they export all ask here. A run's
// colour is given on first request (the first of Tableau's ten not yet given, then round again),
// can be changed by the user, and is remembered across sessions (QSettings, keyed by the run
// folder's canonical path), so a run looks the same tomorrow. Only the most recently used
// kRemembered runs are remembered: a workbench that trains runs for hours would otherwise grow its
// settings file, and this object, by one entry per run folder it ever saw.

#include <QColor>
#include <QHash>
#include <QList>
#include <QObject>
#include <QSettings>
#include <QString>
#include <QStringList>

class QIcon;

namespace gs {

class RunColours : public QObject {
  Q_OBJECT
public:
  explicit RunColours(QObject *parent = nullptr);

  // The run's colour, given (and remembered) now if it has none.
  QColor colourOf(const QString &runDir);
  // The user's choice; runColourChanged follows.
  void setColour(const QString &runDir, const QColor &colour);
  bool hasColour(const QString &runDir) const;

  static const QList<QColor> &palette(); // Tableau 10
  static constexpr int kRemembered = 256;
  static QIcon swatch(const QColor &colour, int size = 12);

Q_SIGNALS:
  void runColourChanged(const QString &runDir, const QColor &colour);

private:
  static QString keyOf(const QString &runDir); // canonical path, or the path as given when absent
  QColor remembered(const QString &key) const;
  // Moves the key to the recent end of the order and forgets the oldest past kRemembered.
  void touch(const QString &key);
  QStringList &order();
  QHash<QString, QColor> m_colours; // this session's, by key; only keys still in the order
  QStringList m_order;              // run keys (as keyOf gives them), least recently used first
  bool m_orderLoaded = false;
  // One object for every read and write, so the colours a table's rows first ask for reach the file
  // together, once per turn of the event loop, rather than as one rewrite of the file each.
  mutable QSettings m_settings;
};

}  // namespace gs
