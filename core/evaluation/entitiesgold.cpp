#include "evaluation/entitiesgold.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QXmlStreamReader>

#include <algorithm>
#include <stdexcept>

namespace gs {

namespace {

using ChainBoxes = std::map<QString, std::vector<Box>>;

// A phrase as marked in a Sentences line, its range already in the text without markup.
struct PhraseMark {
  QString chain;
  QStringList types;
  int from = 0, to = 0;
};

struct MarkedCaption {
  QString text;
  std::vector<PhraseMark> phrases;
};

[[noreturn]] void fail(const QString &path, qint64 line, const QString &what) {
  throw std::runtime_error(QStringLiteral("%1:%2: %3").arg(path).arg(line).arg(what).toStdString());
}

QByteArray readAll(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot read (%2)").arg(path, file.errorString()).toStdString());
  return file.readAll();
}

// "18/people/other" → chain "18", types {"people", "other"}.
void parseHeader(PhraseMark &mark, const QString &header, const QString &path, int line) {
  const QStringList parts = header.split(QLatin1Char('/'));
  bool ok = false;
  parts[0].toInt(&ok);
  const bool typesOk = parts.size() > 1 && std::none_of(parts.begin() + 1, parts.end(), [](const QString &t) { return t.isEmpty(); });
  if (!ok || !typesOk) fail(path, line, QStringLiteral("phrase header '/EN#%1' is not /EN#ID/TYPE[/TYPE…]").arg(header));
  mark.chain = parts[0];
  mark.types = parts.mid(1);
}

// Reads the phrase whose '[' is at `open`, appends its words to the caption's text and returns the
// index after its ']'. The words follow the header after one space and end at the first ']'.
qsizetype readPhrase(MarkedCaption &caption, const QString &line, qsizetype open, const QString &path, int lineNumber) {
  const QLatin1String prefix("[/EN#");
  if (QStringView(line).mid(open, prefix.size()) != prefix) fail(path, lineNumber, QStringLiteral("'[' not followed by /EN#ID/TYPE"));
  const qsizetype close = line.indexOf(QLatin1Char(']'), open);
  const qsizetype nextOpen = line.indexOf(QLatin1Char('['), open + 1);
  if (close < 0 || (nextOpen >= 0 && nextOpen < close)) fail(path, lineNumber, QStringLiteral("unclosed '[' phrase"));
  const qsizetype space = line.indexOf(QLatin1Char(' '), open);
  if (space < 0 || space > close) fail(path, lineNumber, QStringLiteral("phrase '%1' has no words").arg(line.mid(open, close - open + 1)));
  PhraseMark mark;
  parseHeader(mark, line.mid(open + prefix.size(), space - open - prefix.size()), path, lineNumber);
  const QString words = line.mid(space + 1, close - space - 1);
  const QString trimmed = words.trimmed();
  if (trimmed.isEmpty()) fail(path, lineNumber, QStringLiteral("empty phrase '%1'").arg(line.mid(open, close - open + 1)));
  // The range covers the words without the spaces a sloppy line may leave around them.
  mark.from = int(caption.text.size() + words.indexOf(trimmed));
  mark.to = mark.from + int(trimmed.size());
  caption.text += words;
  caption.phrases.push_back(mark);
  return close + 1;
}

// "[/EN#18/people A man] in …" → "A man in …" and its phrases.
MarkedCaption parseSentence(const QString &line, const QString &path, int lineNumber) {
  MarkedCaption caption;
  qsizetype at = 0;
  while (at < line.size()) {
    const QChar c = line[at];
    if (c == QLatin1Char('[')) {
      at = readPhrase(caption, line, at, path, lineNumber);
    } else if (c == QLatin1Char(']')) {
      fail(path, lineNumber, QStringLiteral("']' without an opening '['"));
    } else {
      caption.text += c;
      ++at;
    }
  }
  return caption;
}

// The enclosing box of `boxes` (non-empty).
Box unionBox(const std::vector<Box> &boxes) {
  float left = boxes[0].x, top = boxes[0].y, right = left + boxes[0].width, bottom = top + boxes[0].height;
  for (const Box &b : boxes) {
    left = std::min(left, b.x);
    top = std::min(top, b.y);
    right = std::max(right, b.x + b.width);
    bottom = std::max(bottom, b.y + b.height);
  }
  return Box{left, top, right - left, bottom - top};
}

[[noreturn]] void failXml(const QXmlStreamReader &xml, const QString &path, qint64 line, const QString &what) {
  // A syntax error inside an element cuts its text short: report the XML error, not its symptom.
  if (xml.hasError()) fail(path, xml.lineNumber(), xml.errorString());
  fail(path, line, what);
}

// <bndbox> with 1-based inclusive VOC corners → a Box of 0-based x, y and pixel width, height.
Box readBndbox(QXmlStreamReader &xml, const QString &path) {
  const qint64 boxLine = xml.lineNumber();
  std::map<QString, double> corner;
  while (xml.readNextStartElement()) {
    const QString name = xml.name().toString();
    if (name != QLatin1String("xmin") && name != QLatin1String("ymin") && name != QLatin1String("xmax") && name != QLatin1String("ymax")) {
      xml.skipCurrentElement();
      continue;
    }
    const qint64 line = xml.lineNumber();
    const QString text = xml.readElementText().trimmed();
    bool ok = false;
    corner[name] = text.toDouble(&ok);
    if (!ok || xml.hasError()) failXml(xml, path, line, QStringLiteral("<%1> is not a number: '%2'").arg(name, text));
  }
  for (const char *name : {"xmin", "ymin", "xmax", "ymax"})
    if (!corner.count(QLatin1String(name))) failXml(xml, path, boxLine, QStringLiteral("<bndbox> lacks <%1>").arg(QLatin1String(name)));
  const double xmin = corner[QStringLiteral("xmin")], ymin = corner[QStringLiteral("ymin")];
  const double xmax = corner[QStringLiteral("xmax")], ymax = corner[QStringLiteral("ymax")];
  if (xmax < xmin || ymax < ymin) fail(path, boxLine, QStringLiteral("<bndbox> has xmax < xmin or ymax < ymin"));
  return Box{float(xmin - 1), float(ymin - 1), float(xmax - xmin + 1), float(ymax - ymin + 1)};
}

// One <object>: its box, if any, belongs to every chain it names.
void readObject(QXmlStreamReader &xml, const QString &path, ChainBoxes &chains) {
  QStringList names;
  std::vector<Box> boxes;
  while (xml.readNextStartElement()) {
    if (xml.name() == QLatin1String("name"))
      names << xml.readElementText().trimmed();
    else if (xml.name() == QLatin1String("bndbox"))
      boxes.push_back(readBndbox(xml, path));
    else
      xml.skipCurrentElement();
  }
  for (const QString &name : names) chains[name].insert(chains[name].end(), boxes.begin(), boxes.end());
}

// Every chain's boxes in an Annotations file; chains without a box are absent.
ChainBoxes readAnnotations(const QString &path) {
  QXmlStreamReader xml(readAll(path));
  ChainBoxes chains;
  while (!xml.atEnd()) {
    xml.readNext();
    if (xml.isStartElement() && xml.name() == QLatin1String("object")) readObject(xml, path, chains);
  }
  if (xml.hasError()) fail(path, xml.lineNumber(), xml.errorString());
  return chains;
}

GoldPhraseBox goldPhrase(const PhraseMark &mark, const ChainBoxes &chains, EntitiesGold &gold) {
  GoldPhraseBox phrase;
  phrase.from = mark.from;
  phrase.to = mark.to;
  phrase.types = mark.types;
  const auto boxes = chains.find(mark.chain);
  if (mark.types.contains(QLatin1String("notvisual"))) {
    phrase.visible = false;
    phrase.reason = QStringLiteral("notvisual");
    ++gold.notVisual;
  } else if (boxes == chains.end() || boxes->second.empty()) {
    phrase.visible = false;
    phrase.reason = QStringLiteral("no-box");
    ++gold.noBox;
  } else {
    phrase.box = unionBox(boxes->second);
  }
  return phrase;
}

void readImage(const QString &sentencesPath, const QString &annotationsPath, const QString &imageId, EntitiesGold &gold) {
  const ChainBoxes chains = readAnnotations(annotationsPath);
  const QStringList lines = QString::fromUtf8(readAll(sentencesPath)).split(QLatin1Char('\n'));
  int captionIndex = 0;
  for (int i = 0; i < lines.size(); ++i) {
    const QString line = lines[i].trimmed();
    if (line.isEmpty()) continue;
    const MarkedCaption caption = parseSentence(line, sentencesPath, i + 1);
    const QString captionId = QStringLiteral("%1.jpg#%2").arg(imageId).arg(captionIndex);
    gold.captions[captionId] = caption.text;
    for (const PhraseMark &mark : caption.phrases) {
      GoldPhraseBox phrase = goldPhrase(mark, chains, gold);
      phrase.captionId = captionId;
      phrase.imageId = imageId;
      phrase.captionIndex = captionIndex;
      phrase.line = i + 1;
      gold.phrases.push_back(phrase);
    }
    ++captionIndex;
  }
  ++gold.images;
}

QStringList allImageIds(const QDir &sentences) {
  QStringList ids;
  for (const QString &file : sentences.entryList({QStringLiteral("*.txt")}, QDir::Files, QDir::Name)) ids << QFileInfo(file).completeBaseName();
  return ids;
}

}  // namespace

EntitiesGold readEntitiesGold(const QString &folder, const QStringList &imageIds) {
  const QDir root(folder);
  const QString sentences = root.filePath(QStringLiteral("Sentences")), annotations = root.filePath(QStringLiteral("Annotations"));
  if (!QFileInfo(sentences).isDir() || !QFileInfo(annotations).isDir())
    throw std::runtime_error(QStringLiteral("%1: not a Flickr30k Entities folder (no Sentences/ and Annotations/); download it from "
                                            "https://github.com/BryanPlummer/flickr30k_entities (annotations.zip)")
                                 .arg(folder)
                                 .toStdString());
  EntitiesGold gold;
  for (const QString &id : imageIds.isEmpty() ? allImageIds(QDir(sentences)) : imageIds) {
    const QString sentencesPath = QDir(sentences).filePath(id + QStringLiteral(".txt"));
    const QString annotationsPath = QDir(annotations).filePath(id + QStringLiteral(".xml"));
    if (!QFileInfo::exists(sentencesPath) || !QFileInfo::exists(annotationsPath))
      gold.missingAnnotations << id;
    else
      readImage(sentencesPath, annotationsPath, id, gold);
  }
  return gold;
}

QStringList entityTypes() {
  return {QStringLiteral("people"),      QStringLiteral("clothing"), QStringLiteral("bodyparts"), QStringLiteral("animals"),
          QStringLiteral("vehicles"),    QStringLiteral("instruments"), QStringLiteral("scene"), QStringLiteral("other")};
}

}  // namespace gs
