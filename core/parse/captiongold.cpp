#include "parse/captiongold.h"

#include <QFile>

#include <stdexcept>

namespace gs {

std::map<QString, QString> readFlickr8kCaptions(const QString &tokenFile) {
  QFile file(tokenFile);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
    throw std::runtime_error(QStringLiteral("%1: cannot open (%2)").arg(tokenFile, file.errorString()).toStdString());
  std::map<QString, QString> captions;
  int lineNo = 0;
  while (!file.atEnd()) {
    const QString line = QString::fromUtf8(file.readLine()).trimmed();
    ++lineNo;
    if (line.isEmpty()) continue;
    const qsizetype tab = line.indexOf(QLatin1Char('\t'));
    if (tab <= 0)
      throw std::runtime_error(QStringLiteral("%1:%2: expected 'ID#N<TAB>caption'").arg(tokenFile).arg(lineNo).toStdString());
    captions[line.left(tab)] = line.mid(tab + 1);
  }
  return captions;
}

void fillFormsFromCaptions(std::vector<ConlluSentence> &sentences, const std::map<QString, QString> &captions, const QString &goldPath) {
  for (ConlluSentence &s : sentences) {
    const auto where = [&] { return QStringLiteral("%1:%2").arg(goldPath).arg(s.line); };
    const auto it = captions.find(s.sentId);
    if (s.sentId.isEmpty() || it == captions.end())
      throw std::runtime_error(QStringLiteral("%1: caption '%2' is not in the captions file").arg(where(), s.sentId).toStdString());
    s.text = it->second;
    for (int t = 0; t < s.forms.size(); ++t) {
      int from = -1, to = -1;
      for (const QString &item : s.misc.value(t).split(QLatin1Char('|')))
        if (item.startsWith(QLatin1String("TokenRange="))) {
          const QStringList range = item.mid(11).split(QLatin1Char(':'));
          bool a = false, b = false;
          if (range.size() == 2) {
            from = range[0].toInt(&a);
            to = range[1].toInt(&b);
          }
          if (!a || !b) from = to = -1;
        }
      if (from < 0 || to <= from || to > s.text.size())
        throw std::runtime_error(QStringLiteral("%1: token %2 has no TokenRange inside the caption ('%3')")
                                     .arg(where()).arg(t + 1).arg(s.misc.value(t)).toStdString());
      s.forms[t] = s.text.mid(from, to - from);
    }
  }
}

}  // namespace gs
