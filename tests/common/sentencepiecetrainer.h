#pragma once
// Trains a SentencePiece model through the test-only module gs_sentencepiece_train
// (tests/core/sentencepiecetrainmodule.cpp), opened as core opens gs_sentencepiece, in a scope of
// its own (runtime/isolatedlibrary.h). The test's target defines GS_SENTENCEPIECE_TRAIN_MODULE,
// the module's path.

#include "runtime/isolatedlibrary.h"

#include <QString>

#include <dlfcn.h>

#include <stdexcept>

// Trains with SentencePieceTrainer's flags ("--input=… --model_prefix=…"); "" on success, else
// the trainer's reason. Throws std::runtime_error when the module cannot be loaded (a fault of
// the build, not of the trainer).
inline QString trainSentencePiece(const QString &args) {
  using Train = int (*)(const char *, char *, size_t);
  static const Train train = [] {
    QString error;
    void *module = gs::runtime::openIsolatedLibrary(QStringLiteral(GS_SENTENCEPIECE_TRAIN_MODULE), &error);
    const auto function = module ? reinterpret_cast<Train>(dlsym(module, "gs_sp_train")) : nullptr;
    if (!function) {
      const QString reason = module ? QStringLiteral("no gs_sp_train") : error;
      throw std::runtime_error(QStringLiteral("cannot load SentencePiece's trainer: %1").arg(reason).toStdString());
    }
    return function;
  }();
  char error[1024] = {};
  return train(args.toUtf8().constData(), error, sizeof error) == 0 ? QString() : QString::fromUtf8(error);
}
