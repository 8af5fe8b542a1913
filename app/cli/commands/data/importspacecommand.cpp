// `groundscope-cli import-space --dataset PATH --out RUN (--images FILE | --image-encoder
// torchscript:FILE) (--captions FILE | --text-encoder FILE --tokenizer KIND --vocab FILE [--merges
// FILE]) [--image-ids FILE] [--caption-ids FILE] [--split S] [--similarity cosine|dot] [--name NAME]`:
// a joint space made elsewhere as a run folder (training/importedspace.h), evaluated as a trained run is.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "engine/jobcontext.h"
#include "io/enumnames.h"
#include "jobrunner.h"
#include "training/configenums.h"
#include "text/texttokenizer.h"
#include "training/importedspace.h"

#include <QJsonDocument>

namespace gs::cli {

namespace {

TokenizerSpec tokenizerOf(const Arguments &args) {
  const std::optional<TokenizerKind> kind = enumFromName<TokenizerKind>(args.value(QStringLiteral("tokenizer")));
  if (!kind) throw UsageError("--tokenizer: expected wordpiece, clip-bpe, gpt2-bpe or sentencepiece");
  TokenizerSpec spec = TokenizerSpec::forKind(*kind);
  spec.vocabularyFile = args.value(QStringLiteral("vocab"));
  spec.mergesFile = args.value(QStringLiteral("merges"));
  if (args.isSet(QStringLiteral("context-length"))) spec.contextLength = args.intValue(QStringLiteral("context-length"), 77, 2, 100000);
  if (args.isSet(QStringLiteral("cased"))) spec.lowerCase = false;
  if (args.isSet(QStringLiteral("lower-case"))) spec.lowerCase = true;
  return spec;
}

ImportSpaceRequest importRequest(const Arguments &args) {
  ImportSpaceRequest request;
  request.datasetPath = args.value(QStringLiteral("dataset"));
  request.imagesFile = args.value(QStringLiteral("images"));
  request.captionsFile = args.value(QStringLiteral("captions"));
  request.imageIdsFile = args.value(QStringLiteral("image-ids"));
  request.captionIdsFile = args.value(QStringLiteral("caption-ids"));
  request.outDir = args.value(QStringLiteral("out"));
  request.name = args.value(QStringLiteral("name"));
  request.epochsFolder = args.value(QStringLiteral("epochs"));
  const QString split = args.value(QStringLiteral("split"));
  if (split != QStringLiteral("all")) {
    request.split = splitFromName(split);
    if (!request.split || *request.split == Split::Unassigned) throw UsageError("--split: expected all, train, val or test");
  }
  request.imageEncoder = args.value(QStringLiteral("image-encoder"));
  request.textEncoder = args.value(QStringLiteral("text-encoder"));
  if (!request.textEncoder.isEmpty()) request.tokenizer = tokenizerOf(args);
  if (request.imagesFile.isEmpty() == request.imageEncoder.isEmpty()) throw UsageError("give --images or --image-encoder");
  if (request.captionsFile.isEmpty() && request.textEncoder.isEmpty()) throw UsageError("give --captions, --text-encoder, or both");
  const std::optional<SimilarityKind> similarity = enumFromName<SimilarityKind>(args.value(QStringLiteral("similarity")));
  if (!similarity) throw UsageError("--similarity: expected cosine or dot");
  request.similarity = *similarity;
  return request;
}

}  // namespace

Command importSpaceCommand() {
  Command command;
  command.name = QStringLiteral("import-space");
  command.summary = QStringLiteral("a joint space made elsewhere (image and caption vectors) as a run to explore");
  command.syntax = {
      {}, 0, 0,
      {{QStringLiteral("dataset"), QStringLiteral("PATH"), QStringLiteral("The dataset the vectors belong to."), {}, true},
       {QStringLiteral("images"), QStringLiteral("FILE"), QStringLiteral("Image vectors: .npy (float32/16/64) or .tsv, one row per image.")},
       {QStringLiteral("captions"), QStringLiteral("FILE"), QStringLiteral("Caption vectors, one row per caption, the images' dimension.")},
       {QStringLiteral("image-encoder"), QStringLiteral("SPEC"),
        QStringLiteral("Instead of --images: the image tower, torchscript:FILE (preprocessing from the name: clip, siglip, else torchvision).")},
       {QStringLiteral("text-encoder"), QStringLiteral("FILE"),
        QStringLiteral("The text tower (TorchScript: forward(ids, mask) -> [batch, dim]); embeds the captions without --captions, and new sentences.")},
       {QStringLiteral("tokenizer"), QStringLiteral("KIND"), QStringLiteral("The text tower's tokenizer: wordpiece, clip-bpe, gpt2-bpe or sentencepiece.")},
       {QStringLiteral("vocab"), QStringLiteral("FILE"),
        QStringLiteral("vocab.txt (wordpiece), vocab.json (BPE; clip-bpe may give only --merges), or the .model (sentencepiece).")},
       {QStringLiteral("merges"), QStringLiteral("FILE"), QStringLiteral("BPE merges: merges.txt, or CLIP's bpe_simple_vocab_16e6.txt.gz.")},
       {QStringLiteral("context-length"), QStringLiteral("N"), QStringLiteral("Tokens per caption the text tower takes (default 77).")},
       {QStringLiteral("cased"), {}, QStringLiteral("Keep the captions' case (the default for gpt2-bpe and sentencepiece).")},
       {QStringLiteral("lower-case"), {}, QStringLiteral("Lower-case the captions (the default for wordpiece and clip-bpe).")},
       {QStringLiteral("out"), QStringLiteral("DIR"), QStringLiteral("The run folder to create (new or empty)."), {}, true},
       {QStringLiteral("image-ids"), QStringLiteral("FILE"), QStringLiteral("One image id (or file name) per row; without it the rows follow the dataset's image order.")},
       {QStringLiteral("caption-ids"), QStringLiteral("FILE"),
        QStringLiteral("One caption id, or IMAGE<tab>TEXT (embed's captions.tsv), per row; without it the rows follow the dataset's caption order.")},
       {QStringLiteral("split"), QStringLiteral("SPLIT"), QStringLiteral("Without id lists: the rows are this split's (all, train, val, test)."),
        QStringLiteral("all")},
       {QStringLiteral("epochs"), QStringLiteral("DIR"),
        QStringLiteral("With vectors: DIR/epoch-N/images.npy and captions.npy, aligned as --images and --captions, for the Map's epoch replay.")},
       {QStringLiteral("similarity"), QStringLiteral("KIND"), QStringLiteral("The score the space was trained for: cosine or dot."), QStringLiteral("cosine")},
       {QStringLiteral("name"), QStringLiteral("NAME"), QStringLiteral("The run table's name for it (default: the folder's name).")},
       {QStringLiteral("json"), {}, QStringLiteral("Print the result as JSON only.")}}};
  command.run = [](const Arguments &args) {
    const ImportSpaceRequest request = importRequest(args);
    Engine engine;
    const JobOutcome outcome = runJob(engine, QStringLiteral("Import embeddings"), [&](JobContext &job) {
      const TrainResult result = importSpace(request, &job);
      job.setSummary(result.toJson());
    });
    requireSuccess(outcome);
    if (args.isSet(QStringLiteral("json"))) {
      out() << QJsonDocument(outcome.summary).toJson(QJsonDocument::Indented);
      return kExitOk;
    }
    const TrainResult result = TrainResult::fromJson(outcome.summary);
    out() << QStringLiteral("imported into %1: test rsum %2 (image→text R@1 %3, text→image R@1 %4)\n")
                 .arg(request.outDir)
                 .arg(result.test.rsum, 0, 'f', 1)
                 .arg(result.test.imageToText.r1, 0, 'f', 1)
                 .arg(result.test.textToImage.r1, 0, 'f', 1);
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
