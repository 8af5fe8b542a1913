#include "map/maplayoutcontrols.h"

#include "analysis/mapmodel.h"
#include "engine/jobcontext.h"
#include "io/enumnames.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>

#include <algorithm>
#include <utility>

namespace gs {

namespace {
constexpr int kReportEvery = 25;          // t-SNE iterations between live updates
constexpr int kUmapReportEvery = 10;      // UMAP epochs between live updates
constexpr int kPreservationSample = 2000; // items scored for the status line's neighbourhood preservation

// What the job hands back: the final layout and its summary (also the Jobs tab's).
struct LaidOut {
  LayoutResult result;
  QJsonObject summary;
};

// Why n items are too few for the method (empty: they are enough): t-SNE needs n − 1 > 3·perplexity
// for a perplexity of at least 1, UMAP more items than its 2 neighbours.
QString tooFewItems(LayoutMethod method, int n) {
  switch (method) {
  case LayoutMethod::Tsne: return (n - 2) / 3.0 < 1 ? MapLayoutControls::tr("Too few items for t-SNE (%1); use PCA.").arg(n) : QString();
  case LayoutMethod::Umap: return n < 3 ? MapLayoutControls::tr("Too few items for UMAP (%1); use PCA.").arg(n) : QString();
  case LayoutMethod::Pca: break;
  }
  return n < 2 ? MapLayoutControls::tr("Nothing to map: the run's split has fewer than 2 items.") : QString();
}

// What fittedToItems lowered for a small split, for the status line.
QString loweredNote(const LayoutSequenceOptions &requested, const LayoutSequenceOptions &fitted, int n) {
  if (fitted.method == LayoutMethod::Tsne && fitted.tsne.perplexity < requested.tsne.perplexity)
    return MapLayoutControls::tr(" (perplexity lowered from %1 to %2 for %3 items)").arg(requested.tsne.perplexity).arg(fitted.tsne.perplexity).arg(n);
  if (fitted.method == LayoutMethod::Umap && fitted.umap.neighbours < requested.umap.neighbours)
    return MapLayoutControls::tr(" (neighbours lowered from %1 to %2 for %3 items)").arg(requested.umap.neighbours).arg(fitted.umap.neighbours).arg(n);
  return {};
}

QString jobTitle(LayoutMethod method) {
  switch (method) {
  case LayoutMethod::Tsne: break;
  case LayoutMethod::Umap: return MapLayoutControls::tr("UMAP map");
  case LayoutMethod::Pca: return MapLayoutControls::tr("PCA map");
  }
  return MapLayoutControls::tr("t-SNE map");
}

// The job's summary, which finishedText reports; t-SNE's and UMAP's with the map's neighbourhood
// preservation (PCA, the quick first view, reports only its axes).
QJsonObject summariseLayout(JobContext &job, const LayoutSequenceOptions &options, const LayoutResult &result,
                            const std::vector<float> &points, int n, int dim) {
  if (options.method == LayoutMethod::Pca) return {};
  job.setProgress(-1, QStringLiteral("neighbourhood preservation"));
  const double preservation = neighbourhoodPreservation(points, n, dim, result.positions, std::min(10, n - 1), kPreservationSample);
  if (options.method == LayoutMethod::Umap)
    return {{QStringLiteral("umap_epochs"), result.steps}, {QStringLiteral("seconds"), result.seconds},
            {QStringLiteral("components"), result.components}, {QStringLiteral("neighbours"), options.umap.neighbours},
            {QStringLiteral("preservation"), preservation}};
  return {{QStringLiteral("kl"), result.kl}, {QStringLiteral("seconds"), result.seconds},
          {QStringLiteral("iterations"), result.steps}, {QStringLiteral("repulsion"), enumName(result.repulsion)},
          {QStringLiteral("preservation"), preservation}};
}
}  // namespace

MapLayoutControls::MapLayoutControls(EngineBridge &bridge, const MapModel &model, QWidget *parent)
    : QWidget(parent), m_model(model), m_job(bridge, this), m_relay(new QObject, [](QObject *relay) { relay->deleteLater(); }) {
  createControls();
  arrange();
  connect(m_compute, &QPushButton::clicked, this, &MapLayoutControls::computeRequested);
  connect(m_cancel, &QPushButton::clicked, this, &MapLayoutControls::cancelRequested);
  connect(m_mode, &QComboBox::currentIndexChanged, this, &MapLayoutControls::updateEnabled);
  connect(m_repulsion, &QComboBox::currentIndexChanged, this, &MapLayoutControls::updateEnabled);
  updateEnabled();
  setActions(false, false);
}

// The layout method and its settings.
void MapLayoutControls::createControls() {
  m_mode = new QComboBox(this);
  m_mode->setObjectName(QStringLiteral("layoutMethod"));
  m_mode->addItem(tr("t-SNE"), int(LayoutMethod::Tsne));
  m_mode->addItem(tr("PCA"), int(LayoutMethod::Pca));
  m_mode->addItem(tr("UMAP"), int(LayoutMethod::Umap));
  m_perplexity = new QDoubleSpinBox(this);
  m_perplexity->setRange(2, 100);
  m_perplexity->setValue(30);
  m_perplexity->setToolTip(tr("Effective number of neighbours each point keeps (needs more than 3× as many points)"));
  m_iterations = new QSpinBox(this);
  m_iterations->setRange(50, 10000);
  m_iterations->setSingleStep(250);
  m_iterations->setValue(1000);
  m_theta = new QDoubleSpinBox(this);
  m_theta->setRange(0, 1);
  m_theta->setSingleStep(0.1);
  m_theta->setValue(0.5);
  m_theta->setToolTip(tr("Barnes–Hut accuracy: 0 is exact (slow for many points), 0.5 is the usual trade-off"));
  // Order as TsneMethod: Auto, BarnesHut, Fft, Exact.
  m_repulsion = new QComboBox(this);
  m_repulsion->addItems({tr("Automatic"), tr("Barnes–Hut"), tr("FFT interpolation"), tr("Exact")});
  m_repulsion->setToolTip(tr("How t-SNE computes its repulsive forces. Automatic: exact below 150 points, Barnes–Hut below 8,000, "
                             "FFT-accelerated interpolation (FIt-SNE) above — faster for large maps, and as accurate"));
  m_repulsion->setAccessibleName(tr("t-SNE repulsion"));
  m_neighbours = new QSpinBox(this);
  m_neighbours->setRange(2, 200);
  m_neighbours->setValue(15);
  m_neighbours->setToolTip(tr("UMAP: neighbours each point's local metric spans (the point itself counted); more favours global structure"));
  m_minDist = new QDoubleSpinBox(this);
  m_minDist->setRange(0, 1);
  m_minDist->setSingleStep(0.05);
  m_minDist->setValue(0.1);
  m_minDist->setToolTip(tr("UMAP: how tightly points may pack on the map"));
  m_compute = new QPushButton(tr("Compute"), this);
  m_cancel = new QPushButton(tr("Cancel"), this);
}

void MapLayoutControls::arrange() {
  auto *controls = new QHBoxLayout(this);
  controls->setContentsMargins(0, 0, 0, 0);
  controls->addWidget(m_mode);
  const std::pair<QString, QWidget *> labelled[] = {{tr("Perplexity"), m_perplexity}, {tr("Iterations"), m_iterations},
                                                    {tr("θ"), m_theta},                 {tr("Repulsion"), m_repulsion},
                                                    {tr("Neighbours"), m_neighbours},   {tr("Min. distance"), m_minDist}};
  for (const auto &[label, field] : labelled) {
    auto *form = new QFormLayout; // one per field, so each label sits beside its own box
    form->addRow(label, field);
    controls->addLayout(form);
  }
  controls->addWidget(m_compute);
  controls->addWidget(m_cancel);
  controls->addStretch();
}

void MapLayoutControls::updateEnabled() {
  const bool tsne = shownMethod() == LayoutMethod::Tsne, umap = shownMethod() == LayoutMethod::Umap;
  m_perplexity->setEnabled(tsne);
  m_iterations->setEnabled(tsne);
  m_repulsion->setEnabled(tsne);
  const auto repulsion = TsneMethod(m_repulsion->currentIndex());
  m_theta->setEnabled(tsne && (repulsion == TsneMethod::Auto || repulsion == TsneMethod::BarnesHut));
  m_neighbours->setEnabled(umap);
  m_minDist->setEnabled(umap);
}

void MapLayoutControls::setActions(bool canCompute, bool computing) {
  m_compute->setEnabled(canCompute);
  m_cancel->setEnabled(computing);
}

LayoutMethod MapLayoutControls::shownMethod() const { return LayoutMethod(m_mode->currentData().toInt()); }

void MapLayoutControls::showMethod(LayoutMethod method) {
  m_running = method;
  m_mode->setCurrentIndex(m_mode->findData(int(method)));
}

LayoutSequenceOptions MapLayoutControls::options(LayoutMethod method) const {
  LayoutSequenceOptions options;
  options.method = method;
  options.tsne.perplexity = m_perplexity->value();
  options.tsne.iterations = m_iterations->value();
  options.tsne.theta = m_theta->value();
  options.tsne.method = TsneMethod(m_repulsion->currentIndex());
  options.umap.neighbours = m_neighbours->value();
  options.umap.minDist = m_minDist->value();
  return options;
}

JobId MapLayoutControls::start(LayoutSequenceOptions options) {
  const int n = m_model.itemCount(), dim = m_model.data().dim;
  if (const QString refusal = tooFewItems(options.method, n); !refusal.isEmpty()) {
    Q_EMIT statusChanged(refusal);
    return 0;
  }
  const LayoutSequenceOptions requested = options;
  options = fittedToItems(options, n);
  options.tsne.reportEvery = kReportEvery;
  options.umap.reportEvery = kUmapReportEvery;
  const int token = ++m_token; // the previous job's late posts are stale
  showMethod(options.method);
  auto points = std::make_shared<const std::vector<float>>(m_model.stackedEmbeddings());
  // Live updates: the job's progress callback (engine thread) posts the positions to the relay, a
  // GUI-thread object the job keeps alive; the functor runs on the GUI thread, where the QPointer
  // says whether the controls still exist. Stale tokens (a newer job, a cancel) are dropped.
  const QPointer<MapLayoutControls> self(this);
  const JobId id = m_job.start(
      jobTitle(options.method),
      [self, relay = m_relay, token, points, n, dim, options](JobContext &job) {
        const auto post = [&relay, self, token](int step, double kl, const std::vector<float> &xy) {
          QMetaObject::invokeMethod(
              relay.get(), [self, token, step, kl, xy] { if (self) self->post(token, step, kl, xy, false); }, Qt::QueuedConnection);
        };
        job.setProgress(-1, QStringLiteral("%1 of %2 vectors").arg(layoutMethodTitle(options.method)).arg(n));
        LaidOut laid{layoutAfter(*points, n, dim, options, {}, &job, post), {}};
        laid.summary = summariseLayout(job, options, laid.result, *points, n, dim);
        job.setSummary(laid.summary);
        return laid;
      },
      [this](const LaidOut &laid) {
        post(m_token, laid.result.steps, laid.result.kl, laid.result.positions, true);
        Q_EMIT finished(true, finishedText(laid.summary));
      },
      [this](const JobOutcome &outcome) { Q_EMIT finished(false, failureText(outcome)); });
  Q_EMIT statusChanged(computingText(options.method, n, loweredNote(requested, options, n)));
  return id;
}

void MapLayoutControls::cancel() {
  m_job.cancel();
  ++m_token; // whatever it still posts is stale
}

void MapLayoutControls::post(int token, int step, double kl, const std::vector<float> &xy, bool final) {
  if (token != m_token || xy.size() != std::size_t(m_model.itemCount()) * 2) return;
  if (!final && m_running == LayoutMethod::Umap) Q_EMIT statusChanged(tr("UMAP: epoch %1…").arg(step));
  else if (!final) Q_EMIT statusChanged(tr("t-SNE: iteration %1, KL %2…").arg(step).arg(kl, 0, 'f', 3));
  Q_EMIT positionsComputed(step, kl, xy, final);
}

QString MapLayoutControls::computingText(LayoutMethod method, int n, const QString &note) const {
  switch (method) {
  case LayoutMethod::Tsne: break;
  case LayoutMethod::Umap: return tr("Computing UMAP of %1 items%2…").arg(n).arg(note);
  case LayoutMethod::Pca: return tr("Computing PCA of %1 items…").arg(n);
  }
  return tr("Computing t-SNE of %1 items%2…").arg(n).arg(note);
}

// The status line's name of the repulsion t-SNE used (what its Auto resolved to).
QString MapLayoutControls::repulsionLabel(TsneMethod repulsion) const {
  switch (repulsion) {
  case TsneMethod::Fft: return tr("FFT interpolation");
  case TsneMethod::Exact: return tr("exact");
  case TsneMethod::BarnesHut:
  case TsneMethod::Auto: break;
  }
  return tr("Barnes–Hut");
}

QString MapLayoutControls::finishedText(const QJsonObject &summary) const {
  const double preservation = summary.value(QStringLiteral("preservation")).toDouble();
  if (summary.contains(QStringLiteral("kl")))
    return tr("t-SNE (%5): %1 iterations in %2 s, KL divergence %3; %4 % of each item's 10 nearest neighbours kept on the map.")
        .arg(summary.value(QStringLiteral("iterations")).toInt())
        .arg(summary.value(QStringLiteral("seconds")).toDouble(), 0, 'f', 1)
        .arg(summary.value(QStringLiteral("kl")).toDouble(), 0, 'f', 3)
        .arg(100 * preservation, 0, 'f', 1)
        .arg(repulsionLabel(enumFromName<TsneMethod>(summary.value(QStringLiteral("repulsion")).toString()).value_or(TsneMethod::BarnesHut)));
  if (summary.contains(QStringLiteral("umap_epochs")))
    return tr("UMAP: %1 epochs in %2 s (%3 neighbours, %4 component(s)); %5 % of each item's 10 nearest neighbours kept on the map.")
        .arg(summary.value(QStringLiteral("umap_epochs")).toInt())
        .arg(summary.value(QStringLiteral("seconds")).toDouble(), 0, 'f', 1)
        .arg(summary.value(QStringLiteral("neighbours")).toInt())
        .arg(summary.value(QStringLiteral("components")).toInt())
        .arg(100 * preservation, 0, 'f', 1);
  return tr("PCA: the two principal axes of %1 items.").arg(m_model.itemCount());
}

QString MapLayoutControls::failureText(const JobOutcome &outcome) {
  return outcome.status == JobStatus::Cancelled ? tr("Cancelled.") : tr("The map failed: %1").arg(outcome.error);
}

QString MapLayoutControls::modalityGapNote() const {
  const MapModel::ModalityGap gap = m_model.modalityGap();
  if (gap.distance <= 0) return {};
  return QLatin1Char(' ') + (m_model.centredModalities() ? tr("Modality gap %1 (%2× the spread within a modality), centred out.")
                                                         : tr("Modality gap %1 (%2× the spread within a modality), kept."))
                                .arg(gap.distance, 0, 'f', 3)
                                .arg(gap.relative, 0, 'f', 2);
}

}  // namespace gs
