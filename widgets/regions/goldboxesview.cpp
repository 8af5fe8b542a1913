#include "regions/goldboxesview.h"

#include "engine/jobcontext.h"
#include "inference/goldgrounding.h"
#include "training/datalabelprior.h"
#include "regions/regionrun.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QPushButton>

#include <cmath>

namespace gs {

GoldBoxesView::GoldBoxesView(EngineBridge &bridge, const RegionRun &run, QWidget *parent)
    : QObject(parent), m_run(run), m_job(bridge, this) {
  m_button = new QPushButton(tr("Gold boxes…"), parent);
  m_button->setObjectName(QStringLiteral("goldButton"));
  m_button->setToolTip(tr("Score the run's phrase → region choices against hand-drawn phrase boxes (a gold file, or a "
                          "Flickr30k Entities folder), beside choices that need no model: the whole image, the largest and "
                          "the most central box, and the label prior. The gold boxes and the prior's choices are then drawn "
                          "on the captions they cover."));
  auto *menu = new QMenu(m_button);
  menu->addAction(tr("Gold phrase-box file…"), this, &GoldBoxesView::openClicked);
  menu->addAction(tr("Flickr30k Entities folder…"), this, &GoldBoxesView::openEntitiesClicked);
  m_button->setMenu(menu);
  m_label = new QLabel(parent);
  m_label->setObjectName(QStringLiteral("goldLabel"));
  m_label->setWordWrap(true);
  m_label->hide();
}

void GoldBoxesView::openClicked() {
  const QString path = QFileDialog::getOpenFileName(m_button->parentWidget(), tr("Gold phrase boxes"), m_path,
                                                    tr("Phrase boxes (*.tsv *.txt);;All files (*)"));
  if (!path.isEmpty()) load(path);
}

void GoldBoxesView::openEntitiesClicked() {
  const QString folder = QFileDialog::getExistingDirectory(m_button->parentWidget(), tr("Flickr30k Entities folder (Sentences/ and Annotations/)"));
  if (!folder.isEmpty()) load(QStringLiteral("entities:") + folder);
}

// On the engine's thread: the gold set on the run's images, with the label prior where the run's
// backbone has a classifier and a class list (else `why` says what is missing).
GoldGrounding GoldBoxesView::score(const QString &spec, const RegionGrounder &grounder, JobContext &job) {
  const TrainingData &data = grounder.data();
  const GoldSource gold = readGoldSource(spec, imageStems(data.imageIds));
  std::unique_ptr<LabelPriorSource> prior;
  try {
    prior = openLabelPrior(data, {}, &job);
  } catch (const std::exception &error) {
    job.warn(QStringLiteral("label prior: %1").arg(QString::fromUtf8(error.what())));
  }
  return groundGold(grounder, gold.phrases, gold.path, gold.captions, &job, prior ? &prior->prior() : nullptr);
}

void GoldBoxesView::load(const QString &path) {
  m_path = path;
  m_gold.reset();
  if (m_run.kind() != RegionRunKind::Phrases || !m_run.grounder()) {
    showText(tr("Gold boxes score an HM-LSTM run's choices: open one first."));
    Q_EMIT goldScored();
    return;
  }
  showText(tr("Scoring %1…").arg(displayName()));
  m_job.start(
      tr("Score the gold phrase boxes"),
      [path, grounder = m_run.grounder()](JobContext &job) { return std::make_shared<const GoldGrounding>(score(path, *grounder, job)); },
      [this](const std::shared_ptr<const GoldGrounding> &gold) {
        m_gold = gold;
        showText(summary());
        Q_EMIT goldScored();
        Q_EMIT goldChanged();
      },
      [this](const JobOutcome &outcome) {
        showText(tr("Cannot score the gold boxes: %1").arg(BackgroundJob::failureText(outcome)));
        Q_EMIT goldScored();
      });
}

void GoldBoxesView::clear() {
  m_job.cancel();
  m_gold.reset();
  showText({});
}

QString GoldBoxesView::displayName() const {
  return m_path.startsWith(QLatin1String("entities:")) ? tr("Flickr30k Entities") : QFileInfo(m_path).fileName();
}

QString GoldBoxesView::summary() const {
  if (!m_gold) return {};
  const GoldGrounding &g = *m_gold;
  if (g.images == 0) return tr("None of the gold set's %1 images is in the run's data.").arg(g.goldImages);
  const auto percent = [&](GroundingBaseline b) { return QStringLiteral("%1 %").arg(g.baselines.accuracyOf(b), 0, 'f', 1); };
  QString text = tr("Gold set %1: %2 phrases on %3 of its %4 images. The run: %5 % [%6, %7] of phrases on their box (IoU ≥ 0.5).")
                     .arg(displayName())
                     .arg(g.phrases)
                     .arg(g.images)
                     .arg(g.goldImages)
                     .arg(g.accuracy, 0, 'f', 1)
                     .arg(g.accuracyInterval.low, 0, 'f', 1)
                     .arg(g.accuracyInterval.high, 0, 'f', 1);
  text += QLatin1Char(' ') + tr("Without a model: whole image %1, largest box %2, chance %3; best candidate (ceiling) %4.")
                                 .arg(percent(GroundingBaseline::WholeImage), percent(GroundingBaseline::Largest),
                                      percent(GroundingBaseline::Chance), percent(GroundingBaseline::Ceiling));
  const double prior = g.baselines.accuracyOf(GroundingBaseline::LabelPrior);
  if (!std::isnan(prior))
    text += QLatin1Char(' ') + tr("Label prior %1 (its nouns cover %2 of the phrases; grey dashed boxes).")
                                   .arg(percent(GroundingBaseline::LabelPrior))
                                   .arg(g.baselines.covered);
  double best = 0;
  for (const BaselineRow &row : g.baselines.rows)
    if (row.baseline != GroundingBaseline::Ceiling) best = std::max(best, row.accuracy.percent);
  if (g.accuracyInterval.high < best)
    text += QStringLiteral("\n") + tr("⚠ The run's boxes are worse than a choice made without any model: read them as noise on these photos.");
  return text;
}

void GoldBoxesView::showText(const QString &text) {
  m_label->setText(text);
  m_label->setVisible(!text.isEmpty());
}

}  // namespace gs
