#pragma once
// The Regions dock's gold set: a file of hand-drawn phrase boxes on photos (evaluation/phraseboxgold.h)
// or a Flickr30k Entities folder, scored against the open HM-LSTM run as an engine job on the
// interactive lane. Its summary gives phrase → region accuracy with its interval beside the choices
// no model needs (whole image, largest box, chance, the label prior) and the ceiling, and says so
// when the run loses to them. Every shown caption that
// the gold set covers then draws its gold boxes as the phrases' ground truth, with the IoU of each
// learned box. Its button sits beside the phrase list's heading and its summary under the list, so
// this is not one widget: it makes both, and the panel lays them out.

#include "common/backgroundjob.h"

#include <QObject>

#include <memory>

class QLabel;
class QPushButton;
class QWidget;

namespace gs {

class JobContext;
class RegionGrounder;
class RegionRun;
struct GoldGrounding;

class GoldBoxesView : public QObject {
  Q_OBJECT
public:
  // `run` must outlive this; `parent` holds the button and the label.
  GoldBoxesView(EngineBridge &bridge, const RegionRun &run, QWidget *parent);

  QPushButton *button() const { return m_button; } // "Gold boxes…": a file or a Flickr30k Entities folder
  QLabel *label() const { return m_label; }        // the summary, hidden while empty

  // Scores the run's choices against the gold file `path`, or "entities:DIR" (goldScored() follows).
  void load(const QString &path);
  void clear(); // another run: the gold set was scored against the previous one
  const std::shared_ptr<const GoldGrounding> &gold() const { return m_gold; }
  QString summary() const;

Q_SIGNALS:
  void goldScored();  // a gold set was scored (gold()), or the label says why not
  void goldChanged(); // after goldScored(), when a gold set was scored: captions draw its boxes

private:
  void openClicked();
  void openEntitiesClicked();
  QString displayName() const;
  static GoldGrounding score(const QString &spec, const RegionGrounder &grounder, JobContext &job);
  void showText(const QString &text);

  const RegionRun &m_run;
  BackgroundJob m_job;
  std::shared_ptr<const GoldGrounding> m_gold;
  QString m_path;
  QPushButton *m_button;
  QLabel *m_label;
};

}  // namespace gs
