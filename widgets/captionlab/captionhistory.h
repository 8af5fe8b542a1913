#pragma once
// The caption lab's history: one row per scored edit (the caption, the image it was scored
// against, the score, the image's rank, and the score's difference to the first row), so two
// wordings ("a dog chases a cat", "a cat chases a dog") can be read side by side. A double-click
// on a row asks for its caption again. It keeps the newest kKeptRows rows: over hours of typing it
// would otherwise grow without end.

#include <QTableWidget>

namespace gs {

class CaptionHistory : public QTableWidget {
  Q_OBJECT
public:
  enum Column { CaptionColumn, ImageColumn, ScoreColumn, RankColumn, DeltaColumn };
  static constexpr int kKeptRows = 500;
  explicit CaptionHistory(QWidget *parent = nullptr);
  // Adds a row unless it repeats the last one (same caption, image and score).
  void addEntry(const QString &caption, const QString &imageId, double score, int rank, int candidates);

Q_SIGNALS:
  void captionChosen(const QString &caption);

private:
  double m_first = 0; // the first row's score
};

}  // namespace gs
