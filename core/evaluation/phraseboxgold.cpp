#include "evaluation/phraseboxgold.h"

#include <QFile>
#include <QFileInfo>

#include <stdexcept>

namespace gs {

namespace {

[[noreturn]] void fail(const QString &path, int line, const QString &what) {
  throw std::runtime_error(QStringLiteral("%1:%2: %3").arg(path).arg(line).arg(what).toStdString());
}

// "IMAGE.jpg#K" → image id (file name without extension) and K.
void parseCaptionId(GoldPhraseBox &phrase, const QString &path) {
  const int hash = int(phrase.captionId.lastIndexOf(QLatin1Char('#')));
  bool ok = false;
  phrase.captionIndex = hash > 0 ? phrase.captionId.mid(hash + 1).toInt(&ok) : -1;
  if (!ok || phrase.captionIndex < 0)
    fail(path, phrase.line, QStringLiteral("caption id '%1' is not IMAGE#K").arg(phrase.captionId));
  phrase.imageId = QFileInfo(phrase.captionId.left(hash)).completeBaseName();
}

void parseRange(GoldPhraseBox &phrase, const QString &field, const QString &path) {
  const QStringList parts = field.split(QLatin1Char(':'));
  bool okFrom = false, okTo = false;
  if (parts.size() == 2) {
    phrase.from = parts[0].toInt(&okFrom);
    phrase.to = parts[1].toInt(&okTo);
  }
  if (!okFrom || !okTo || phrase.from < 0 || phrase.to <= phrase.from)
    fail(path, phrase.line, QStringLiteral("range '%1' is not FROM:TO with FROM < TO").arg(field));
}

void parseBox(GoldPhraseBox &phrase, const QString &field, const QString &path) {
  if (field == QLatin1String("-")) {
    phrase.visible = false;
    return;
  }
  const QStringList parts = field.split(QLatin1Char(','));
  double v[4] = {0, 0, 0, 0};
  bool ok = parts.size() == 4;
  for (int k = 0; ok && k < 4; ++k) v[k] = parts[k].toDouble(&ok);
  if (!ok) fail(path, phrase.line, QStringLiteral("box '%1' is not X,Y,W,H or -").arg(field));
  if (v[0] < 0 || v[1] < 0 || v[2] <= 0 || v[3] <= 0) fail(path, phrase.line, QStringLiteral("box '%1' is empty or negative").arg(field));
  phrase.box = Box{float(v[0]), float(v[1]), float(v[2]), float(v[3])};
}

}  // namespace

std::vector<GoldPhraseBox> readPhraseBoxGold(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
    throw std::runtime_error(QStringLiteral("%1: cannot read (%2)").arg(path, file.errorString()).toStdString());
  std::vector<GoldPhraseBox> phrases;
  int lineNumber = 0;
  while (!file.atEnd()) {
    const QString line = QString::fromUtf8(file.readLine()).trimmed();
    ++lineNumber;
    if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) continue;
    const QStringList fields = line.split(QLatin1Char('\t'));
    if (fields.size() < 3 || fields.size() > 4)
      fail(path, lineNumber, QStringLiteral("expected CAPTION_ID, FROM:TO, X,Y,W,H or - and an optional reason, tab-separated; found %1 field(s)").arg(fields.size()));
    GoldPhraseBox phrase;
    phrase.line = lineNumber;
    phrase.captionId = fields[0].trimmed();
    parseCaptionId(phrase, path);
    parseRange(phrase, fields[1].trimmed(), path);
    parseBox(phrase, fields[2].trimmed(), path);
    if (fields.size() == 4) phrase.reason = fields[3].trimmed();
    phrases.push_back(phrase);
  }
  if (phrases.empty()) throw std::runtime_error(QStringLiteral("%1: no phrase (an empty gold set)").arg(path).toStdString());
  return phrases;
}

QString goldPhraseText(const GoldPhraseBox &phrase, const QString &caption, const QString &goldPath) {
  if (phrase.to > caption.size())
    fail(goldPath, phrase.line, QStringLiteral("range %1:%2 reaches past the %3 characters of caption %4 (\"%5\")")
                                    .arg(phrase.from).arg(phrase.to).arg(caption.size()).arg(phrase.captionId, caption));
  return caption.mid(phrase.from, phrase.to - phrase.from);
}

}  // namespace gs
