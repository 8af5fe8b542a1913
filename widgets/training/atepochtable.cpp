#include "training/atepochtable.h"

#include "common/runcolours.h"
#include "training/runs/runtablemetrics.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace gs {

namespace {
constexpr int kVisibleRows = 4; // rows in view before the table scrolls: the plots keep the height

// The columns after the run's name; twin accuracy only where some run measured it.
std::vector<RunMetric> columnsFor(int epoch, const std::vector<AtEpochTable::Run> &runs) {
  std::vector<RunMetric> columns = {RunMetric::ImageToTextR1, RunMetric::ImageToTextR5, RunMetric::ImageToTextR10,
                                    RunMetric::TextToImageR1, RunMetric::TextToImageR5, RunMetric::TextToImageR10,
                                    RunMetric::Rsum,          RunMetric::TrainLoss};
  for (const AtEpochTable::Run &run : runs)
    for (const EpochEvent &e : *run.epochs)
      if (e.epoch == epoch && epochMetric(e, RunMetric::TwinAccuracy)) {
        columns.push_back(RunMetric::TwinAccuracy);
        return columns;
      }
  return columns;
}

const EpochEvent *findEpoch(const std::vector<EpochEvent> &epochs, int epoch) {
  const auto it = std::find_if(epochs.begin(), epochs.end(), [epoch](const EpochEvent &e) { return e.epoch == epoch; });
  return it == epochs.end() ? nullptr : &*it;
}
} // namespace

AtEpochTable::AtEpochTable(QWidget *parent) : QWidget(parent) {
  m_title = new QLabel(this);
  auto *close = new QToolButton(this);
  close->setText(QStringLiteral("×"));
  close->setAutoRaise(true);
  close->setToolTip(tr("Hide the table (pick an epoch on the curves to show it again)"));
  close->setAccessibleName(tr("Hide the epoch table"));
  connect(close, &QToolButton::clicked, this, &QWidget::hide);
  m_table = new QTableWidget(this);
  m_table->setObjectName(QStringLiteral("atEpochTable"));
  m_table->setAccessibleName(tr("Metrics at the picked epoch"));
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->verticalHeader()->hide();
  m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  const int rowHeight = m_table->verticalHeader()->defaultSectionSize();
  m_table->setMaximumHeight(rowHeight * (kVisibleRows + 1) + 2 * m_table->frameWidth() + 4);
  auto *header = new QHBoxLayout;
  header->setContentsMargins(0, 0, 0, 0);
  header->addWidget(m_title, 1);
  header->addWidget(close);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addLayout(header);
  layout->addWidget(m_table);
  hide();
}

void AtEpochTable::setEpoch(int epoch, const std::vector<Run> &runs) {
  m_epoch = epoch;
  if (epoch <= 0) {
    hide();
    return;
  }
  m_title->setText(tr("At epoch %1").arg(epoch));
  const std::vector<RunMetric> columns = columnsFor(epoch, runs);
  m_table->clear();
  m_table->setColumnCount(int(columns.size()) + 1);
  m_table->setRowCount(int(runs.size()));
  QStringList headings{tr("Run")};
  for (RunMetric metric : columns) headings << metricLabel(metric);
  m_table->setHorizontalHeaderLabels(headings);
  for (int r = 0; r < int(runs.size()); ++r) {
    const Run &run = runs[std::size_t(r)];
    m_table->setItem(r, 0, new QTableWidgetItem(RunColours::swatch(run.colour), run.label));
    const EpochEvent *event = findEpoch(*run.epochs, epoch);
    for (int c = 0; c < int(columns.size()); ++c) {
      const std::optional<double> value = event ? epochMetric(*event, columns[std::size_t(c)]) : std::nullopt;
      const int decimals = columns[std::size_t(c)] == RunMetric::TrainLoss ? 3 : 1;
      auto *item = new QTableWidgetItem(value ? QString::number(*value, 'f', decimals) : QStringLiteral("—"));
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      m_table->setItem(r, c + 1, item);
    }
  }
  show();
}

}  // namespace gs
