#include "data/dataset.h"

#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace gs {

QString splitName(Split split) {
  switch (split) {
  case Split::Train: return QStringLiteral("train");
  case Split::Val: return QStringLiteral("val");
  case Split::Test: return QStringLiteral("test");
  case Split::Unassigned: return QStringLiteral("none");
  }
  return QStringLiteral("none");
}

std::optional<Split> splitFromName(const QString &name) {
  const QString n = name.trimmed().toLower();
  if (n == QLatin1String("train") || n == QLatin1String("restval")) return Split::Train;
  if (n == QLatin1String("val") || n == QLatin1String("dev") || n == QLatin1String("valid") ||
      n == QLatin1String("validation"))
    return Split::Val;
  if (n == QLatin1String("test")) return Split::Test;
  if (n == QLatin1String("none") || n.isEmpty()) return Split::Unassigned;
  return std::nullopt;
}

void LoadReport::add(const QString &kind, const QString &example) {
  auto it = std::find_if(issues.begin(), issues.end(), [&](const LoadIssue &issue) { return issue.kind == kind; });
  if (it == issues.end()) {
    issues.push_back({kind, 0, {}});
    it = issues.end() - 1;
  }
  ++it->count;
  if (it->examples.size() < kExamplesKept) it->examples << example;
}

int LoadReport::count(const QString &kind) const {
  for (const LoadIssue &issue : issues)
    if (issue.kind == kind) return issue.count;
  return 0;
}

int LoadReport::total() const {
  int sum = 0;
  for (const LoadIssue &issue : issues) sum += issue.count;
  return sum;
}

QString LoadReport::toText() const {
  if (issues.empty()) return QStringLiteral("no problems\n");
  QString text;
  for (const LoadIssue &issue : issues) {
    text += QStringLiteral("%1: %2\n").arg(issue.kind).arg(issue.count);
    for (const QString &example : issue.examples) text += QStringLiteral("  %1\n").arg(example);
    if (issue.count > issue.examples.size())
      text += QStringLiteral("  … and %1 more\n").arg(issue.count - issue.examples.size());
  }
  return text;
}

std::vector<int> Dataset::imagesIn(Split split) const {
  std::vector<int> indices;
  for (int i = 0; i < int(images.size()); ++i)
    if (images[i].split == split) indices.push_back(i);
  return indices;
}

std::vector<int> Dataset::captionsIn(Split split) const {
  std::vector<int> indices;
  for (int i = 0; i < int(captions.size()); ++i) {
    const int image = captions[i].image;
    if (image >= 0 && image < int(images.size()) && images[image].split == split) indices.push_back(i);
  }
  return indices;
}

DatasetStats Dataset::stats() const {
  DatasetStats stats;
  for (const ImageRecord &image : images) ++stats.imagesPerSplit[int(image.split)];
  QSet<QString> words;
  for (const CaptionRecord &caption : captions) {
    if (caption.image >= 0 && caption.image < int(images.size())) ++stats.captionsPerSplit[int(images[caption.image].split)];
    for (const QString &token : caption.tokens) words.insert(token);
    const int length = int(caption.tokens.size());
    if (int(stats.captionLengthHistogram.size()) <= length) stats.captionLengthHistogram.resize(length + 1, 0);
    ++stats.captionLengthHistogram[length];
  }
  stats.vocabularySize = int(words.size());
  stats.missingImages = report.count(QStringLiteral("missing image"));
  return stats;
}

QStringList Dataset::vocabulary() const {
  QSet<QString> words;
  for (const CaptionRecord &caption : captions)
    for (const QString &token : caption.tokens) words.insert(token);
  QStringList list(words.begin(), words.end());
  list.sort();
  return list;
}

bool Dataset::isLoadedFrom(const QString &path) const {
  return !source.isEmpty() && !path.isEmpty() && QFileInfo(source).absoluteFilePath() == QFileInfo(path).absoluteFilePath();
}

}  // namespace gs
