// Data-parallel training on Gloo, as a user runs it: `launch --nproc 2 -- train …` and
// workers started by hand with --world-size/--rank/--rendezvous. Two workers must train exactly
// the model one process trains with the same global minibatch (every model family, uneven shares
// and a short last minibatch included); a worker killed mid-run stops the other with a message
// naming it, leaves the last checkpoint intact, and the run resumes with two workers.

// LibTorch first: Qt's `slots` keyword macro would rewrite its identifiers.
#include <torch/torch.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include "clitestsupport.h"


#include <arpa/inet.h>
#include <map>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

// Every tensor of a checkpoint's model, by its path of module names.
void collect(torch::serialize::InputArchive &archive, const std::string &prefix, std::map<std::string, torch::Tensor> &out) {
  for (const std::string &key : archive.keys()) {
    torch::Tensor tensor;
    if (archive.try_read(key, tensor) || archive.try_read(key, tensor, /*is_buffer=*/true)) {
      out[prefix + key] = tensor.detach().clone();
      continue;
    }
    torch::serialize::InputArchive child;
    if (archive.try_read(key, child)) collect(child, prefix + key + ".", out);
  }
}

std::map<std::string, torch::Tensor> modelTensors(const QString &checkpoint) {
  QFile file(checkpoint);
  if (!file.open(QIODevice::ReadOnly)) return {};
  const QByteArray bytes = file.readAll();
  torch::serialize::InputArchive archive;
  archive.load_from(bytes.constData(), std::size_t(bytes.size()));
  torch::serialize::InputArchive model;
  archive.read("model", model);
  std::map<std::string, torch::Tensor> tensors;
  collect(model, "", tensors);
  return tensors;
}

int checkpointEpoch(const QString &checkpoint) {
  QFile file(checkpoint);
  if (!file.open(QIODevice::ReadOnly)) return -1;
  const QByteArray bytes = file.readAll();
  torch::serialize::InputArchive archive;
  archive.load_from(bytes.constData(), std::size_t(bytes.size()));
  c10::IValue epoch;
  archive.read("epoch", epoch);
  return int(epoch.toInt());
}

// A TCP port nothing listens on now (the kernel's choice), for a tcp:// rendezvous.
int freePort() {
  const int s = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  int port = 0;
  if (::bind(s, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0 &&
      ::getsockname(s, reinterpret_cast<sockaddr *>(&address), &length) == 0)
    port = ntohs(address.sin_port);
  ::close(s);
  return port;
}

QString writeConfig(const QTemporaryDir &dir, const QString &name, const QJsonObject &settings) {
  const QString path = dir.filePath(name + QStringLiteral(".json"));
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
  file.write(QJsonDocument(settings).toJson());
  return path;
}

}  // namespace

class TestDistributed : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void launchUsage() {
    Result r = runCli({QStringLiteral("launch"), QStringLiteral("--nproc"), QStringLiteral("2"), QStringLiteral("--"),
                       QStringLiteral("eval"), QStringLiteral("run")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("-- train")), qPrintable(r.err));
    r = runCli({QStringLiteral("launch"), QStringLiteral("--nproc"), QStringLiteral("2"), QStringLiteral("--"), QStringLiteral("train"),
                QStringLiteral("--rank"), QStringLiteral("1")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--rank is the launcher's")), qPrintable(r.err));
    r = runCli({QStringLiteral("train"), QStringLiteral("--dataset"), QStringLiteral("x"), QStringLiteral("--model"), QStringLiteral("bow"),
                QStringLiteral("--out"), QStringLiteral("y"), QStringLiteral("--world-size"), QStringLiteral("2"), QStringLiteral("--rank"),
                QStringLiteral("2"), QStringLiteral("--rendezvous"), QStringLiteral("file:///tmp/z")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--rank 2: must be between 0 and 1")), qPrintable(r.err));
  }

  void twoWorkersTrainTheOneProcessModel_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("loss");
    QTest::addColumn<bool>("conceptCnn"); // the concept CNN's features (HM-LSTM: and region proposals)
    // SGD where Adam magnifies rounding beyond 1e-5 in 14 steps. Adam divides each gradient by its
    // own size, so a gradient that is zero but for rounding moves its parameter by ±learning rate:
    // Merkx & Frank's attention bias b_v (a constant per feature at every time step, which the
    // softmax over time cancels) and the HM-LSTM's biases before batch normalisation (which
    // subtracts them again) differ by 0.03 after two Adam steps between one process and two, whose
    // sums round differently; the concepts model's LSTM by 5e-5 after 14. AdaGrad divides by the
    // gradient's accumulated size too: the CT-RNN's child matrix, on the trees of parser revision 7,
    // differs by 1.2e-5 after 14 AdaGrad steps. With SGD every parameter of every model agrees to
    // 1e-5 (AdaGrad stays covered by the bow, rnn, lstm, DT-RNN, SDT-RNN and DT-LSTM rows). The
    // CT-RNN's summed node gradients are large: SGD at AdaGrad's 0.05 diverges in 14 steps (and
    // the two runs with it, by 5e3), at 0.003 they part by 1.4e-4; at 0.001 it trains and agrees.
    QTest::addColumn<QString>("optimizer");
    QTest::addColumn<double>("learningRate"); // 0: the model's own
    QTest::newRow("bow") << "bow" << "" << "" << false << "" << 0.0;
    QTest::newRow("bow squared loss (alternating sides)") << "bow" << "" << "squared" << false << "" << 0.0;
    QTest::newRow("rnn") << "rnn" << "" << "" << false << "" << 0.0;
    QTest::newRow("lstm") << "lstm" << "" << "" << false << "" << 0.0;
    QTest::newRow("chargru") << "chargru" << "" << "" << false << "sgd" << 0.0;
    QTest::newRow("ctrnn") << "ctrnn" << "" << "" << false << "sgd" << 0.001;
    QTest::newRow("dtrnn socher2014 (all negatives, AdaGrad)") << "dtrnn" << "socher2014" << "" << false << "" << 0.0;
    QTest::newRow("sdtrnn") << "sdtrnn" << "" << "" << false << "" << 0.0;
    QTest::newRow("dtlstm") << "dtlstm" << "" << "" << false << "" << 0.0;
    QTest::newRow("hmlstm (phrase-region losses, correspondence steps)") << "hmlstm" << "" << "" << true << "sgd" << 0.0;
    QTest::newRow("concepts (generation loss, extra negatives)") << "concepts" << "" << "" << true << "sgd" << 0.0;
  }

  // 40 training images × 5 captions in minibatches of 15: shares of 8 and 7 captions, and a last
  // minibatch of 5 (3 and 2), 14 steps.
  void twoWorkersTrainTheOneProcessModel() {
    QFETCH(QString, model);
    QFETCH(QString, preset);
    QFETCH(QString, loss);
    QFETCH(bool, conceptCnn);
    QFETCH(QString, optimizer);
    QFETCH(double, learningRate);
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 50);
    const QString backbone = conceptCnn ? QStringLiteral("concept-cnn") : QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy"));
    QJsonObject settings{{QStringLiteral("batch_size"), 15}, {QStringLiteral("epochs"), 1}};
    // HM-LSTM: a correspondence step first, so every minibatch has phrase-region pairs too.
    if (model == QLatin1String("hmlstm")) settings.insert(QStringLiteral("root_epochs"), 0);
    if (!loss.isEmpty()) settings.insert(QStringLiteral("loss"), loss);
    if (!optimizer.isEmpty()) settings.insert(QStringLiteral("optimizer"), optimizer);
    if (learningRate > 0) settings.insert(QStringLiteral("learning_rate"), learningRate);
    const QString config = writeConfig(dir, QStringLiteral("config"), settings);
    QStringList train{QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), model,
                      QStringLiteral("--backbone"), backbone, QStringLiteral("--config"), config, QStringLiteral("--format"), QStringLiteral("json")};
    if (!preset.isEmpty()) train << QStringLiteral("--preset") << preset;
    const QString one = dir.filePath(QStringLiteral("one")), two = dir.filePath(QStringLiteral("two"));
    Result r = runCli(train + QStringList{QStringLiteral("--out"), one}, {}, 300000);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    r = runCli(QStringList{QStringLiteral("launch"), QStringLiteral("--nproc"), QStringLiteral("2"), QStringLiteral("--")} + train +
                   QStringList{QStringLiteral("--out"), two},
               {}, 300000);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject result = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonObject distributed = result.value(QStringLiteral("distributed")).toObject();
    QCOMPARE(distributed.value(QStringLiteral("world_size")).toInt(), 2);
    const int batch = settings.value(QStringLiteral("batch_size")).toInt(), steps = (200 + batch - 1) / batch;
    QCOMPARE(distributed.value(QStringLiteral("steps")).toInt(), steps);
    QVERIFY2(r.err.contains(QStringLiteral("[rank 1] ")), qPrintable(r.err));

    const auto a = modelTensors(QDir(one).filePath(QStringLiteral("checkpoint-last.pt")));
    const auto b = modelTensors(QDir(two).filePath(QStringLiteral("checkpoint-last.pt")));
    QVERIFY(!a.empty());
    QCOMPARE(a.size(), b.size());
    double worst = 0, moved = 0;
    std::string worstName;
    for (const auto &[name, tensor] : a) {
      QVERIFY2(b.count(name), name.c_str());
      QCOMPARE(b.at(name).sizes().vec(), tensor.sizes().vec());
      const double difference = (b.at(name).to(torch::kDouble) - tensor.to(torch::kDouble)).abs().max().item<double>();
      if (difference > worst) worst = difference, worstName = name;
      moved += tensor.to(torch::kDouble).abs().sum().item<double>();
    }
    QVERIFY2(worst <= 1e-5, qPrintable(QStringLiteral("largest parameter difference %1 (%2)").arg(worst).arg(QString::fromStdString(worstName))));
    QVERIFY(moved > 0);
    // The run's own record of its minibatches is rank 0's alone: one line per step.
    QFile events(QDir(two).filePath(QStringLiteral("events.jsonl")));
    QVERIFY(events.open(QIODevice::ReadOnly));
    QCOMPARE(events.readAll().count('\n'), steps);
  }

  // Workers started by hand on a TCP rendezvous; rank 1 killed with SIGKILL after the first epoch's
  // checkpoint; rank 0 stops on its own naming rank 1; the checkpoint loads; `launch` resumes.
  void killedWorkerStopsTheOtherAndTheRunResumes() {
    QTemporaryDir dir;
    const QString data = makeDemoWithFeatures(dir, 50);
    const QString backbone = QStringLiteral("npy:") + dir.filePath(QStringLiteral("features.npy"));
    const QString config = writeConfig(dir, QStringLiteral("config"), {{QStringLiteral("batch_size"), 15}});
    const QString run = dir.filePath(QStringLiteral("run"));
    const QStringList train{QStringLiteral("train"), QStringLiteral("--dataset"), data, QStringLiteral("--model"), QStringLiteral("dtrnn"),
                            QStringLiteral("--backbone"), backbone, QStringLiteral("--config"), config, QStringLiteral("--out"), run,
                            QStringLiteral("--format"), QStringLiteral("json")};
    const int port = freePort();
    QVERIFY(port > 0);
    QProcess workers[2];
    for (int rank = 0; rank < 2; ++rank) {
      workers[rank].start(QStringLiteral(GS_CLI_PATH),
                          train + QStringList{QStringLiteral("--epochs"), QStringLiteral("500"), QStringLiteral("--world-size"),
                                              QStringLiteral("2"), QStringLiteral("--rank"), QString::number(rank),
                                              QStringLiteral("--rendezvous"), QStringLiteral("tcp://127.0.0.1:%1").arg(port)});
      QVERIFY(workers[rank].waitForStarted());
    }
    const QString checkpoint = QDir(run).filePath(QStringLiteral("checkpoint-last.pt"));
    QElapsedTimer clock;
    clock.start();
    while (!QFile::exists(checkpoint) && clock.elapsed() < 240000 && workers[0].state() == QProcess::Running) QThread::msleep(50);
    QVERIFY2(QFile::exists(checkpoint), workers[0].readAllStandardError().constData());
    QThread::msleep(300); // into the next epoch's minibatches
    workers[1].kill();
    QVERIFY(workers[1].waitForFinished(10000));
    clock.restart();
    QVERIFY2(workers[0].waitForFinished(60000), "rank 0 did not stop after rank 1 was killed");
    const QString message = QString::fromUtf8(workers[0].readAllStandardError());
    QCOMPARE(workers[0].exitCode(), 1);
    QVERIFY2(message.contains(QStringLiteral("worker rank 1 (pid")), qPrintable(message));
    qInfo("rank 0 stopped %.1f s after rank 1 was killed: %s", clock.elapsed() / 1000.0,
          qPrintable(message.trimmed().section(QLatin1Char('\n'), -1)));
    const int epoch = checkpointEpoch(checkpoint);
    QVERIFY2(epoch >= 1, qPrintable(QStringLiteral("checkpoint epoch %1").arg(epoch)));
    QVERIFY(!modelTensors(checkpoint).empty());

    // Two workers again, one epoch more: they resume from the checkpoint and finish.
    const Result r = runCli(QStringList{QStringLiteral("launch"), QStringLiteral("--nproc"), QStringLiteral("2"), QStringLiteral("--")} + train +
                                QStringList{QStringLiteral("--epochs"), QString::number(epoch + 1)},
                            {}, 300000);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject result = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(result.value(QStringLiteral("resumed_from")).toInt(), epoch);
    QCOMPARE(result.value(QStringLiteral("epochs_run")).toInt(), 1);
    QCOMPARE(checkpointEpoch(checkpoint), epoch + 1);
  }
};

QTEST_GUILESS_MAIN(TestDistributed)
#include "tst_distributed.moc"
