#pragma once
// The Map's epoch slider: steps through the epochs a run recorded (runtrajectory.h), with a label
// ("epoch 3 of 10") and a play button that advances one epoch every kPlayIntervalMs and stops at
// the last. It only chooses; the Map panel draws the chosen epoch's layout.

#include <QWidget>

#include <vector>

class QLabel;
class QSlider;
class QTimer;
class QToolButton;

namespace gs {

class EpochSlider : public QWidget {
  Q_OBJECT
public:
  static constexpr int kPlayIntervalMs = 700;

  explicit EpochSlider(QWidget *parent = nullptr);
  // The epochs on offer (ascending); shows the last. Empty: nothing to choose.
  void setEpochs(std::vector<int> epochs);
  const std::vector<int> &epochs() const { return m_epochs; }
  int index() const; // of the shown epoch, -1 when there are none
  void setIndex(int index);
  void play();       // from the first epoch when at the last
  void stop();
  bool playing() const;

Q_SIGNALS:
  void indexChanged(int index); // the user or play() moved to epochs()[index]

private:
  void updateLabel();

  std::vector<int> m_epochs;
  QSlider *m_slider;
  QLabel *m_label;
  QToolButton *m_play;
  QTimer *m_timer;
};

}  // namespace gs
