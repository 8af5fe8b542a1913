// The Runs view's actions on the selected runs (rename, tags, colour, trash, export, open) and the
// dialogs that ask for them.
#include "runs/runspanel.h"

#include "common/backgroundjob.h"
#include "common/runcolours.h"
#include "common/workbenchstate.h"
#include "io/atomicfile.h"
#include "runs/runsortfiltermodel.h"
#include "runs/runtablemodel.h"
#include "training/runs/runexport.h"

#include <QColorDialog>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>

namespace gs {

namespace {
constexpr int kNamesListed = 10; // a confirmation lists this many runs, then "and N more"

QStringList parseTags(const QString &text) {
  QStringList tags;
  for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const QString tag = part.trimmed();
    if (!tag.isEmpty() && !tags.contains(tag)) tags << tag;
  }
  return tags;
}
}  // namespace

bool RunsPanel::renameRun(const QString &dir, const QString &name, QString *error) {
  try {
    RunLabels labels = readRunLabels(dir);
    const QString trimmed = name.trimmed();
    // The folder's own name is the default: no label is kept for it.
    labels.name = trimmed == QFileInfo(dir).fileName() ? QString() : trimmed;
    writeRunLabels(dir, labels);
    m_model->setLabels(dir, labels);
    return true;
  } catch (const std::exception &e) {
    if (error) *error = QString::fromUtf8(e.what());
    return false;
  }
}

bool RunsPanel::setTags(const QStringList &dirs, const QStringList &tags, QString *error) {
  try {
    std::vector<RunLabels> labels;
    for (const QString &dir : dirs) labels.push_back(readRunLabels(dir));
    QStringList shared = labels.empty() ? QStringList() : labels.front().tags;
    for (const RunLabels &l : labels) shared.removeIf([&l](const QString &tag) { return !l.tags.contains(tag); });
    for (std::size_t i = 0; i < labels.size(); ++i) {
      labels[i].tags.removeIf([&shared](const QString &tag) { return shared.contains(tag); });
      for (const QString &tag : tags)
        if (!labels[i].tags.contains(tag)) labels[i].tags << tag;
      writeRunLabels(dirs[qsizetype(i)], labels[i]);
      m_model->setLabels(dirs[qsizetype(i)], labels[i]);
    }
    return true;
  } catch (const std::exception &e) {
    if (error) *error = QString::fromUtf8(e.what());
    return false;
  }
}

void RunsPanel::setColour(const QStringList &dirs, const QColor &colour) {
  for (const QString &dir : dirs) m_state.runColours().setColour(dir, colour);
}

bool RunsPanel::moveToTrash(const QStringList &dirs, QString *error) {
  QStringList problems;
  const QString current = QFileInfo(m_state.runDir()).canonicalFilePath(); // the table's folders are canonical
  for (const QString &dir : dirs) {
    QString problem;
    if (!moveRunToTrash(dir, &problem)) problems << problem;
    else if (!current.isEmpty() && dir == current) m_state.openRun(m_bridge, QString()); // its files are gone
  }
  refresh();
  if (error) *error = problems.join(QLatin1Char('\n'));
  return problems.isEmpty();
}

void RunsPanel::exportRuns(const QStringList &dirs, const QString &path, bool curves) {
  std::vector<RunRecord> runs;
  for (const QString &dir : dirs)
    if (const RunRecord *run = m_model->runByDir(dir)) runs.push_back(*run);
  RunExportOptions options;
  options.curves = curves;
  const bool json = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
  m_exportJob->start(
      tr("Export runs"),
      [runs = std::move(runs), options, json, path](JobContext &) {
        QStringList warnings;
        writeFileAtomically(path, json ? runsToJson(runs, options, &warnings) : runsToCsv(runs, options, &warnings));
        return warnings;
      },
      [this, path](const QStringList &warnings) {
        m_status->setText(tr("Exported %1").arg(QDir::toNativeSeparators(path)) +
                          (warnings.isEmpty() ? QString() : QLatin1Char(' ') + tr("(%n line(s) skipped)", nullptr, int(warnings.size()))));
        m_status->setToolTip(warnings.join(QLatin1Char('\n')));
        Q_EMIT exportFinished(path, QString());
      },
      [this, path](const JobOutcome &outcome) {
        const QString error = BackgroundJob::failureText(outcome);
        m_status->setText(tr("Could not export %1: %2").arg(QDir::toNativeSeparators(path), error));
        Q_EMIT exportFinished(path, error);
      });
}

void RunsPanel::openRuns(const QStringList &dirs) {
  // A run without a model yet (stopped before its first epoch ended) has only curves to show.
  for (const QString &dir : dirs) {
    const RunRecord *run = m_model->runByDir(dir);
    if (run && (run->state == RunState::Finished || run->keptEpoch > 0)) {
      m_state.openRun(m_bridge, dir);
      break;
    }
  }
  for (const QString &dir : dirs) Q_EMIT runActivated(dir);
}

// --- dialogs ----------------------------------------------------------------------------------

void RunsPanel::chooseFolder() {
  const QString folder = QFileDialog::getExistingDirectory(this, tr("Add a runs folder"));
  if (!folder.isEmpty()) addFolder(folder);
}

void RunsPanel::askRename() {
  const QStringList dirs = selectedRunDirs();
  if (dirs.size() != 1) return;
  const RunRecord *run = m_model->runByDir(dirs.front());
  bool ok = false;
  const QString name = QInputDialog::getText(this, tr("Rename run"), tr("Name (empty: the folder's name):"), QLineEdit::Normal,
                                             run ? run->name : QString(), &ok);
  QString error;
  if (ok && !renameRun(dirs.front(), name.isEmpty() ? QFileInfo(dirs.front()).fileName() : name, &error))
    QMessageBox::warning(this, tr("Rename run"), error);
}

void RunsPanel::askTags() {
  const QStringList dirs = selectedRunDirs();
  if (dirs.isEmpty()) return;
  QStringList shared;
  if (const RunRecord *first = m_model->runByDir(dirs.front())) shared = first->tags;
  for (const QString &dir : dirs)
    if (const RunRecord *run = m_model->runByDir(dir)) shared.removeIf([run](const QString &tag) { return !run->tags.contains(tag); });
  bool ok = false;
  const QString label = dirs.size() == 1 ? tr("Tags, separated by commas:")
                                         : tr("Tags of all %1 runs, separated by commas (their other tags stay):").arg(dirs.size());
  const QString text = QInputDialog::getText(this, tr("Tags"), label, QLineEdit::Normal, shared.join(QStringLiteral(", ")), &ok);
  QString error;
  if (ok && !setTags(dirs, parseTags(text), &error)) QMessageBox::warning(this, tr("Tags"), error);
}

void RunsPanel::askColour() {
  const QStringList dirs = selectedRunDirs();
  if (dirs.isEmpty()) return;
  const QColor colour = QColorDialog::getColor(m_state.runColours().colourOf(dirs.front()), this, tr("Run colour"));
  if (colour.isValid()) setColour(dirs, colour);
}

void RunsPanel::askMoveToTrash() {
  const QStringList dirs = selectedRunDirs();
  if (dirs.isEmpty()) return;
  QStringList names;
  for (const QString &dir : dirs.mid(0, kNamesListed)) names << QDir::toNativeSeparators(dir);
  if (dirs.size() > kNamesListed) names << tr("and %n more", nullptr, int(dirs.size() - kNamesListed));
  const auto answer = QMessageBox::question(
      this, tr("Move to trash"),
      tr("Move %n run folder(s) to the trash?", nullptr, int(dirs.size())) + QStringLiteral("\n\n") + names.join(QLatin1Char('\n')) +
          QStringLiteral("\n\n") + tr("Do not move a run that is training now."),
      QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
  if (answer != QMessageBox::Yes) return;
  QString error;
  if (!moveToTrash(dirs, &error)) QMessageBox::warning(this, tr("Move to trash"), error);
}

void RunsPanel::askExport() {
  const QStringList dirs = actionRuns();
  if (dirs.isEmpty()) return;
  const QString table = tr("CSV, the table (*.csv)"), tableCurves = tr("CSV, the table and the curves (*.csv)");
  const QString json = tr("JSON, the table (*.json)"), jsonCurves = tr("JSON, the table and the curves (*.json)");
  QString filter = table;
  const QString path = QFileDialog::getSaveFileName(this, tr("Export %n run(s)", nullptr, int(dirs.size())), QStringLiteral("runs.csv"),
                                                    QStringList{table, tableCurves, json, jsonCurves}.join(QStringLiteral(";;")), &filter);
  if (path.isEmpty()) return;
  // The format is the chosen filter's, whatever suffix was typed.
  const bool wantsJson = filter == json || filter == jsonCurves;
  QString target = path;
  if (wantsJson != target.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
    const QFileInfo typed(path);
    target = QDir(typed.path()).filePath(typed.completeBaseName() + (wantsJson ? QStringLiteral(".json") : QStringLiteral(".csv")));
  }
  exportRuns(dirs, target, filter == tableCurves || filter == jsonCurves);
}

}  // namespace gs
