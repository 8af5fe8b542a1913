// `groundscope-cli bench generator`: the concepts model's two LSTMs at the paper's sizes, each against
// its baseline in the same run: the generation loss a step at a time against the teacher-forced
// sequence in one LSTM call, and the sentence LSTM through LibTorch's packed recurrence against the
// encoder's own.

#include "arguments.h"
#include "cli.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "experiments/bench/generatorbench.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace gs::cli {

namespace {

int benchGenerator(const Arguments &args) {
  GeneratorBenchOptions options;
  options.batches = args.intValue(QStringLiteral("batches"), options.batches, 1, 100000);
  options.batchSize = args.intValue(QStringLiteral("batch-size"), options.batchSize, 1, 100000);
  options.vocabulary = args.intValue(QStringLiteral("vocabulary"), options.vocabulary, 2, 10000000);
  options.negatives = args.intValue(QStringLiteral("negatives"), options.negatives, 0, 100000);
  const GeneratorBenchResult r = measureGenerator(options);
  if (args.isSet(QStringLiteral("json"))) {
    out() << QJsonDocument(QJsonObject{{QStringLiteral("batch_size"), options.batchSize},
                                       {QStringLiteral("negatives"), options.negatives},
                                       {QStringLiteral("vocabulary"), options.vocabulary},
                                       {QStringLiteral("word_dim"), options.wordDim},
                                       {QStringLiteral("state_dim"), options.stateDim},
                                       {QStringLiteral("batches"), options.batches},
                                       {QStringLiteral("stepwise_s"), r.stepwiseSeconds},
                                       {QStringLiteral("sequence_s"), r.sequenceSeconds},
                                       {QStringLiteral("sentence_lstm_libtorch_s"), r.libTorchSentenceSeconds},
                                       {QStringLiteral("sentence_lstm_s"), r.sentenceSeconds},
                                       {QStringLiteral("sentence_speedup"), r.sentenceSpeedup()},
                                       {QStringLiteral("largest_relative_state_difference"), r.largestStateDifference},
                                       {QStringLiteral("generator_speedup"), r.generatorSpeedup()},
                                       {QStringLiteral("step_speedup"), r.stepSpeedup()},
                                       {QStringLiteral("largest_relative_loss_difference"), r.largestLossDifference}})
                 .toJson(QJsonDocument::Indented);
    return kExitOk;
  }
  out() << QStringLiteral("generation loss (Huang et al. Eq. 3), forward + backward, minibatches of %1 captions, V = %2, D = %3, H = %4:\n")
               .arg(options.batchSize).arg(options.vocabulary).arg(options.wordDim).arg(options.stateDim)
        << QStringLiteral("  a step at a time          %1 s\n").arg(r.stepwiseSeconds, 7, 'f', 3)
        << QStringLiteral("  the sequence in one call  %1 s   %2x\n").arg(r.sequenceSeconds, 7, 'f', 3).arg(r.generatorSpeedup(), 0, 'f', 2)
        << QStringLiteral("  largest relative difference of the loss: %1\n").arg(r.largestLossDifference, 0, 'g', 2)
        << QStringLiteral("sentence LSTM over the minibatch and its extra mismatched captions, forward + backward:\n")
        << QStringLiteral("  LibTorch's packed LSTM    %1 s\n").arg(r.libTorchSentenceSeconds, 7, 'f', 3)
        << QStringLiteral("  the encoder's own         %1 s   %2x\n").arg(r.sentenceSeconds, 7, 'f', 3).arg(r.sentenceSpeedup(), 0, 'f', 2)
        << QStringLiteral("  largest relative difference of the states: %1\n").arg(r.largestStateDifference, 0, 'g', 2)
        << QStringLiteral("the two LSTMs together (the bulk of a step), both changes against neither: %1x faster\n").arg(r.stepSpeedup(), 0, 'f', 2);
  return kExitOk;
}

}  // namespace

Command benchGeneratorCommand() {
  Command command;
  command.name = QStringLiteral("generator");
  command.summary = QStringLiteral("the concepts model's two LSTMs: the generation loss in one call against a step at a time, the sentence LSTM's own recurrence against LibTorch's");
  command.syntax.options = {
      {QStringLiteral("batches"), QStringLiteral("N"), QStringLiteral("Timed minibatches per way."), QStringLiteral("5")},
      {QStringLiteral("batch-size"), QStringLiteral("B"), QStringLiteral("Captions generated per minibatch."), QStringLiteral("64")},
      {QStringLiteral("vocabulary"), QStringLiteral("V"), QStringLiteral("Words the generator predicts over (MS-COCO: about 10,000)."), QStringLiteral("10000")},
      {QStringLiteral("negatives"), QStringLiteral("K"), QStringLiteral("Mismatched captions per pair (the sentence LSTM reads the extra ones)."), QStringLiteral("128")},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}};
  command.run = benchGenerator;
  return command;
}

}  // namespace gs::cli
