// Fuzzes what opens a run folder: config.json, run.json, result.json, metrics.json, events.jsonl,
// vocabulary.json and trees.json. Input: the first byte picks the file, the rest is its content;
// the other files are left as a valid DT-RNN run writes them, so each reader is reached. The
// readers are the ones TrainedModel uses (training/detail/runfiles.h for the vocabularies).
#include "fuzzsupport.h"

#include "io/jsonfile.h"
#include "models/detail/encodedtree.h"
#include "training/detail/runfiles.h"
#include "training/runs/runfolder.h"

#include <QJsonDocument>

namespace {

const char *const kFiles[] = {"config.json", "run.json", "result.json", "metrics.json", "events.jsonl", "vocabulary.json", "trees.json"};

void writeValidRun(const QString &relative) {
  gs::TrainConfig config = gs::TrainConfig::defaultsFor(QStringLiteral("dtrnn"));
  gs::fuzz::writeScratchFile(relative + QStringLiteral("/config.json"), QJsonDocument(config.toJson()).toJson());
  gs::fuzz::writeScratchFile(relative + QStringLiteral("/run.json"),
                             R"({"backbone": "layout", "captions": 50, "dataset": "/data/scenes-10", "feature_dim": 24,
                                 "features": "/cache/scenes-10-layout", "images": 10})");
  const char *const metrics = R"({"captions": 5, "image_to_text": {"meanr": 6.9, "medr": 4, "r1": 40, "r10": 90, "r20": 90,
                                  "r5": 50, "r50": 100}, "images": 1, "rsum": 396, "text_to_image": {"meanr": 3.02,
                                  "medr": 3, "r1": 28, "r10": 100, "r20": 100, "r5": 88, "r50": 100}})";
  gs::fuzz::writeScratchFile(relative + QStringLiteral("/result.json"),
                             QByteArray(R"({"best_epoch": 1, "epochs_run": 1, "test": )") + metrics + R"(, "validation": )" + metrics + "}");
  gs::fuzz::writeScratchFile(relative + QStringLiteral("/metrics.json"),
                             QByteArray(R"({"best_epoch": 1, "epochs": [{"epoch": 1, "seconds": 0.1, "train_loss": 8.5, "validation": )") +
                                 metrics + "}]}");
  gs::fuzz::writeScratchFile(relative + QStringLiteral("/events.jsonl"), "{\"batch\":1,\"epoch\":1,\"iteration\":1,\"loss\":2.5,\"lr\":0.05}\n");
  gs::fuzz::writeScratchFile(relative + QStringLiteral("/vocabulary.json"), R"({"words": ["<pad>", "<unk>", "a", "dog"]})");
  gs::fuzz::writeScratchFile(relative + QStringLiteral("/trees.json"),
                             R"({"constituency": false, "max_left": 2, "max_right": 2, "relations": ["<rare>", "nsubj"]})");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  if (size == 0) return 0;
  const QString relative = QStringLiteral("run");
  writeValidRun(relative);
  const QString name = QString::fromLatin1(kFiles[data[0] % std::size(kFiles)]);
  const QString file = gs::fuzz::writeScratchFile(relative + QLatin1Char('/') + name, gs::fuzz::bytesOf(data + 1, size - 1));
  const gs::RunFolder run(gs::fuzz::scratch() + QLatin1Char('/') + relative);
  gs::fuzz::expectCleanRefusal({file}, [&] {
    if (name == QLatin1String("config.json")) {
      const gs::TrainConfig config = run.config(); // validated, or refused naming the file
      (void)gs::TrainConfig::fromJson(config.toJson()); // what was accepted writes back and reads again
    } else if (name == QLatin1String("run.json")) {
      (void)run.source();
      (void)run.featureDim();
    } else if (name == QLatin1String("result.json")) {
      (void)run.result();
    } else if (name == QLatin1String("metrics.json")) {
      (void)run.epochs();
      (void)run.keptEpoch();
    } else if (name == QLatin1String("events.jsonl")) {
      QStringList warnings;
      (void)run.batches(&warnings);
    } else if (name == QLatin1String("vocabulary.json")) {
      const gs::detail::Vocabulary words = gs::detail::readVocabulary(run); // as TrainedModel opens it
      for (const QString &word : words.words()) (void)words.index(word);
      (void)words.encodeWords(words.words());
    } else {
      const auto trees = gs::detail::readTreeVocabulary(run, run.config());
      if (trees) (void)trees->relationIndex(QStringLiteral("nsubj"));
    }
  });
  return 0;
}
