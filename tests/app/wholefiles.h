#pragma once
// Whether the files under a folder are whole, as a reader of each kind needs them: JSON parses,
// each JSON-lines line parses, images decode, SVG is well-formed XML, a PDF has its end marker, an
// .npy holds what its header promises, and no atomic write left its temporary file behind.

#include "io/npy.h"

#include <QDirIterator>
#include <QFile>
#include <QImageReader>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStringList>
#include <QXmlStreamReader>

#include <stdexcept>

namespace gs::test {

// Why `path` is not whole, empty when it is (or is of a kind not checked).
inline QString whyNotWhole(const QString &path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return QStringLiteral("cannot be read");
  if (suffix == QLatin1String("json")) {
    QJsonParseError error{};
    QJsonDocument::fromJson(file.readAll(), &error);
    return error.error == QJsonParseError::NoError ? QString() : error.errorString();
  }
  if (suffix == QLatin1String("jsonl")) {
    for (int line = 1; !file.atEnd(); ++line) {
      const QByteArray text = file.readLine().trimmed();
      QJsonParseError error{};
      if (!text.isEmpty() && (QJsonDocument::fromJson(text, &error), error.error != QJsonParseError::NoError))
        return QStringLiteral("line %1: %2").arg(line).arg(error.errorString());
    }
    return {};
  }
  if (suffix == QLatin1String("png") || suffix == QLatin1String("jpg")) {
    QImageReader reader(&file);
    return reader.read().isNull() ? reader.errorString() : QString();
  }
  if (suffix == QLatin1String("svg")) {
    QXmlStreamReader xml(&file);
    while (!xml.atEnd()) xml.readNext();
    return xml.hasError() ? xml.errorString() : QString();
  }
  if (suffix == QLatin1String("pdf")) {
    const QByteArray bytes = file.readAll();
    return bytes.startsWith("%PDF") && bytes.trimmed().endsWith("%%EOF") ? QString() : QStringLiteral("no %PDF … %%EOF");
  }
  if (suffix == QLatin1String("npy")) {
    try {
      NpyMatrix::open(path);
    } catch (const std::exception &e) {
      return QString::fromUtf8(e.what());
    }
  }
  return {};
}

// "file: reason" for every file under `folder` that is not whole; a QSaveFile leftover ("x.json.AbC123")
// counts as one.
inline QStringList brokenFiles(const QString &folder) {
  QStringList out;
  for (QDirIterator it(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext();) {
    const QString path = it.next();
    static const QRegularExpression leftover(QStringLiteral("\\.(json|jsonl|png|svg|pdf|npy|pt|tsv|csv|txt|ini)\\.[A-Za-z0-9]{6}$"));
    if (leftover.match(path).hasMatch()) {
      out << path + QStringLiteral(": a temporary file left behind");
      continue;
    }
    if (const QString why = whyNotWhole(path); !why.isEmpty()) out << path + QStringLiteral(": ") + why;
  }
  return out;
}

}  // namespace gs::test
