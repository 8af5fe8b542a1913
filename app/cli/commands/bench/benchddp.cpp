// `groundscope-cli bench ddp`: what data-parallel training buys on this machine. The same `train`
// run three ways, each a fresh process tree timed by its own minibatch loop (TrainResult's
// "distributed" figures, evaluation excluded): 1 process × 1 thread, 1 process × N threads (the
// baseline: what one process does with the whole machine), and N processes × 1 thread through
// `launch`, with the all-reduce and gather time per step.

#include "clioutput.h"
#include "commands/commands.h"
#include "data/scenes/scenesdemo.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "training/modelregistry.h"
#include "vision/backbonespec.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

namespace gs::cli {

namespace {

struct Layout {
  QString name;
  int processes = 1;
  int threads = 1;
};

// Runs one layout to completion and returns rank 0's result JSON (throws with the workers' log).
QJsonObject runLayout(const Layout &layout, const QStringList &train, const QString &runDir) {
  QProcess process;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert(QStringLiteral("GS_THREADS"), QString::number(layout.threads));
  process.setProcessEnvironment(env);
  QStringList arguments;
  if (layout.processes > 1)
    arguments << QStringLiteral("launch") << QStringLiteral("--nproc") << QString::number(layout.processes) << QStringLiteral("--threads")
              << QString::number(layout.threads) << QStringLiteral("--");
  arguments << train << QStringLiteral("--out") << runDir;
  process.start(QCoreApplication::applicationFilePath(), arguments);
  if (!process.waitForStarted() || !process.waitForFinished(-1) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
    throw std::runtime_error(QStringLiteral("bench ddp: %1 failed: %2")
                                 .arg(layout.name, QString::fromUtf8(process.readAllStandardError()).trimmed().section(QLatin1Char('\n'), -3))
                                 .toStdString());
  return QJsonDocument::fromJson(process.readAllStandardOutput()).object();
}

int benchDdp(const Arguments &args) {
  const int n = args.intValue(QStringLiteral("nproc"), 2, 2, 64);
  QString dataset = args.value(QStringLiteral("dataset"));
  if (dataset.isEmpty()) {
    Engine engine;
    JobOutcome outcome = runJob(engine, QStringLiteral("Scenes demo"), [&dataset](JobContext &job) {
      dataset = ensureScenesDemo(ScenesOptions{}, &job);
    });
    requireSuccess(outcome);
  }
  QStringList train{QStringLiteral("train"), QStringLiteral("--dataset"), dataset, QStringLiteral("--model"), args.value(QStringLiteral("model")),
                    QStringLiteral("--epochs"), args.value(QStringLiteral("epochs")), QStringLiteral("--backbone"), args.value(QStringLiteral("backbone"))};
  if (args.isSet(QStringLiteral("config"))) train << QStringLiteral("--config") << args.value(QStringLiteral("config"));
  QTemporaryDir runs;
  if (!runs.isValid()) throw std::runtime_error("bench ddp: cannot create a temporary folder for the runs");
  // The baseline first: it also fills the feature and parse caches the other layouts then read.
  const std::vector<Layout> layouts{{QStringLiteral("1 process x %1 threads").arg(n), 1, n},
                                    {QStringLiteral("1 process x 1 thread"), 1, 1},
                                    {QStringLiteral("%1 processes x 1 thread").arg(n), n, 1}};
  QJsonArray rows;
  double baseline = 0;
  for (std::size_t i = 0; i < layouts.size(); ++i) {
    err() << "bench ddp: " << layouts[i].name << '\n';
    err().flush();
    const QJsonObject result = runLayout(layouts[i], train, runs.filePath(QStringLiteral("run%1").arg(i)));
    const QJsonObject d = result.value(QStringLiteral("distributed")).toObject();
    const double rate = d.value(QStringLiteral("steps_per_second")).toDouble();
    if (i == 0) baseline = rate;
    rows.append(QJsonObject{{QStringLiteral("layout"), layouts[i].name},
                            {QStringLiteral("processes"), layouts[i].processes},
                            {QStringLiteral("threads"), layouts[i].threads},
                            {QStringLiteral("steps"), d.value(QStringLiteral("steps"))},
                            {QStringLiteral("steps_per_second"), rate},
                            {QStringLiteral("ratio_to_baseline"), baseline > 0 ? rate / baseline : 0.0},
                            {QStringLiteral("allreduce_ms_per_step"), d.value(QStringLiteral("allreduce_ms_per_step"))},
                            {QStringLiteral("gather_ms_per_step"), d.value(QStringLiteral("gather_ms_per_step"))},
                            {QStringLiteral("test_rsum"), result.value(QStringLiteral("test")).toObject().value(QStringLiteral("rsum"))}});
  }
  if (args.isSet(QStringLiteral("json"))) {
    out() << QJsonDocument(rows).toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  out() << QStringLiteral("data-parallel training: %1, %2 epochs on %3 (minibatch loop only, evaluation excluded)\n")
               .arg(args.value(QStringLiteral("model")), args.value(QStringLiteral("epochs")), QDir::toNativeSeparators(dataset));
  for (const QJsonValue &v : rows) {
    const QJsonObject r = v.toObject();
    out() << QStringLiteral("  %1 %2 steps/s  %3x baseline  all-reduce %4 ms/step  gather %5 ms/step  test rsum %6\n")
                 .arg(r.value(QStringLiteral("layout")).toString(), -24)
                 .arg(r.value(QStringLiteral("steps_per_second")).toDouble(), 7, 'f', 2)
                 .arg(r.value(QStringLiteral("ratio_to_baseline")).toDouble(), 4, 'f', 2)
                 .arg(r.value(QStringLiteral("allreduce_ms_per_step")).toDouble(), 6, 'f', 2)
                 .arg(r.value(QStringLiteral("gather_ms_per_step")).toDouble(), 6, 'f', 2)
                 .arg(r.value(QStringLiteral("test_rsum")).toDouble(), 0, 'f', 1);
  }
  return kExitOk;
}

}  // namespace

Command benchDdpCommand() {
  Command command;
  command.name = QStringLiteral("ddp");
  command.summary = QStringLiteral("data-parallel training: N processes x 1 thread against 1 process x N threads");
  command.syntax.options = {
      {QStringLiteral("dataset"), QStringLiteral("PATH"), QStringLiteral("Dataset (default: the Scenes demo).")},
      {QStringLiteral("model"), QStringLiteral("M"), QStringLiteral("Model to train."), modelEntry(ModelKind::DtRnn).name},
      {QStringLiteral("epochs"), QStringLiteral("N"), QStringLiteral("Epochs per layout."), QStringLiteral("2")},
      {QStringLiteral("backbone"), QStringLiteral("SPEC"), QStringLiteral("Image features."), defaultBackbone()},
      {QStringLiteral("config"), QStringLiteral("FILE.json"), QStringLiteral("Training settings (batch_size, ...).")},
      {QStringLiteral("nproc"), QStringLiteral("N"), QStringLiteral("Workers (and the baseline's threads)."), QStringLiteral("2")},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}};
  command.run = benchDdp;
  return command;
}

}  // namespace gs::cli
