#include "common/runcolours.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QIcon>
#include <QPair>
#include <QPixmap>
#include <QSettings>

namespace gs {

namespace {
const QString kGroup = QStringLiteral("runColours");
const QString kOrderKey = QStringLiteral("runColourOrder");
// QSettings keys treat '/' and '\\' as group separators: the path is stored hex-encoded.
QString settingsKey(const QString &key) { return kGroup + QLatin1Char('/') + QString::fromLatin1(key.toUtf8().toHex()); }
// The run key a settings child key (the hex part) stands for.
QString keyOfHex(const QString &hex) { return QString::fromUtf8(QByteArray::fromHex(hex.toLatin1())); }
}  // namespace

RunColours::RunColours(QObject *parent) : QObject(parent) {}

const QList<QColor> &RunColours::palette() {
  static const QList<QColor> colours = {QColor(0x1f77b4), QColor(0xff7f0e), QColor(0x2ca02c), QColor(0xd62728),
                                        QColor(0x9467bd), QColor(0x8c564b), QColor(0xe377c2), QColor(0x7f7f7f),
                                        QColor(0xbcbd22), QColor(0x17becf)};
  return colours;
}

QIcon RunColours::swatch(const QColor &colour, int size) {
  // One icon per colour and size for the whole session. A new icon per call would be a new pixmap
  // each time a row is filled, and the icon engine caches every pixmap it scales (QPixmapCache,
  // keyed by the pixmap): hours of runs listed and relisted grew the heap by the keys.
  static QHash<QPair<QRgb, int>, QIcon> icons;
  const QPair<QRgb, int> key(colour.rgba(), size);
  if (const auto it = icons.constFind(key); it != icons.constEnd()) return *it;
  if (icons.size() >= 4 * kRemembered) icons.clear(); // user-chosen colours are few; bound them anyway
  QPixmap pixmap(size, size);
  pixmap.fill(colour);
  return icons.insert(key, QIcon(pixmap)).value();
}

QString RunColours::keyOf(const QString &runDir) {
  const QString canonical = QFileInfo(runDir).canonicalFilePath();
  return canonical.isEmpty() ? QDir::cleanPath(QFileInfo(runDir).absoluteFilePath()) : canonical;
}

QStringList &RunColours::order() {
  if (m_orderLoaded) return m_order;
  m_orderLoaded = true;
  m_order = m_settings.value(kOrderKey).toStringList();
  // Colours remembered before the order was kept count as the oldest.
  m_settings.beginGroup(kGroup);
  QStringList unordered;
  for (const QString &hex : m_settings.childKeys())
    if (const QString key = keyOfHex(hex); !m_order.contains(key)) unordered << key;
  m_settings.endGroup();
  m_order = unordered + m_order;
  return m_order;
}

void RunColours::touch(const QString &key) {
  QStringList &keys = order();
  if (!keys.isEmpty() && keys.constLast() == key) return;
  keys.removeOne(key);
  keys << key;
  while (keys.size() > kRemembered) {
    const QString oldest = keys.takeFirst();
    m_settings.remove(settingsKey(oldest));
    m_colours.remove(oldest);
  }
  m_settings.setValue(kOrderKey, keys);
}

QColor RunColours::remembered(const QString &key) const {
  const QColor colour(m_settings.value(settingsKey(key)).toString());
  return colour.isValid() ? colour : QColor();
}

bool RunColours::hasColour(const QString &runDir) const {
  const QString key = keyOf(runDir);
  return m_colours.contains(key) || remembered(key).isValid();
}

QColor RunColours::colourOf(const QString &runDir) {
  const QString key = keyOf(runDir);
  if (const auto it = m_colours.constFind(key); it != m_colours.constEnd()) return *it;
  QColor colour = remembered(key);
  if (!colour.isValid()) {
    // The first palette colour this session has not given yet; round again when all are.
    const QList<QColor> given = m_colours.values();
    colour = palette().at(m_colours.size() % palette().size());
    for (const QColor &candidate : palette())
      if (!given.contains(candidate)) {
        colour = candidate;
        break;
      }
    m_settings.setValue(settingsKey(key), colour.name());
  }
  m_colours.insert(key, colour);
  touch(key);
  return colour;
}

void RunColours::setColour(const QString &runDir, const QColor &colour) {
  if (!colour.isValid()) return;
  const QString key = keyOf(runDir);
  m_colours.insert(key, colour);
  m_settings.setValue(settingsKey(key), colour.name());
  touch(key);
  Q_EMIT runColourChanged(runDir, colour);
}

}  // namespace gs
