// `groundscope-cli retrieve RUN_DIR (--text "…" | --image IMAGE)`: a sentence ranks the split's
// images (image search), an image — any image of the run's dataset — ranks the split's captions
// (image annotation). Ranking, the relevant items and the true rank come from JointSpace, the same
// as the Retrieval panel's; the list prints as CSV or JSON (analysis/rankedlist.h) and `--out`
// writes it as the panel exports it (.csv, .json, or .html with embedded thumbnails).

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "analysis/jointspace.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "figures/rankedlisthtml.h"
#include "text/tokenizer.h"

namespace gs::cli {

Command retrieveCommand() {
  Command command;
  command.name = QStringLiteral("retrieve");
  command.summary = QStringLiteral("rank images for a sentence, or captions for an image, with a trained run");
  command.syntax = {QStringLiteral("RUN_DIR"), 1, 1,
                    {{QStringLiteral("text"), QStringLiteral("SENTENCE"), QStringLiteral("Rank the split's images for this sentence.")},
                     {QStringLiteral("image"), QStringLiteral("IMAGE"),
                      QStringLiteral("Rank the split's captions for this image of the dataset (id, file name or path).")},
                     {QStringLiteral("top"), QStringLiteral("K"), QStringLiteral("Results to print and write."), QStringLiteral("10")},
                     {QStringLiteral("format"), QStringLiteral("FORMAT"), QStringLiteral("csv or json."), QStringLiteral("csv")},
                     {QStringLiteral("split"), QStringLiteral("SPLIT"), QStringLiteral("Split to search: train, val or test."),
                      QStringLiteral("test")},
                     {QStringLiteral("out"), QStringLiteral("FILE"), QStringLiteral("Also write the list (.csv, .json, .html with thumbnails).")},
                     {QStringLiteral("index"), QStringLiteral("KIND"),
                      QStringLiteral("Search: flat (exact), hnsw or ivfpq (approximate, for large collections; built once and saved in "
                                     "RUN_DIR/index/, reused while the embeddings match), or auto (flat below 200,000 items, hnsw above)."),
                      QStringLiteral("auto")}}};
  command.notes = QStringLiteral("Give exactly one of --text and --image. The CSV columns and JSON keys are the Retrieval "
                                 "panel's export; for a sentence that is one of the split's captions the true image's rank "
                                 "goes to stderr (and into the JSON as true_rank).");
  command.run = [](const Arguments &args) {
    const bool byText = args.isSet(QStringLiteral("text"));
    if (byText == args.isSet(QStringLiteral("image"))) throw UsageError("give exactly one of --text and --image");
    const QString format = args.value(QStringLiteral("format"));
    if (format != QLatin1String("csv") && format != QLatin1String("json")) throw UsageError("--format: expected csv or json");
    const int top = args.intValue(QStringLiteral("top"), 10, 1, 1000000);
    const auto split = splitFromName(args.value(QStringLiteral("split")));
    if (!split || *split == Split::Unassigned) throw UsageError("--split: expected train, val or test");
    const QString runDir = args.positional().first();
    const QString query = byText ? args.value(QStringLiteral("text")) : args.value(QStringLiteral("image"));
    if (byText && gs::tokenize(query).isEmpty()) throw UsageError("--text: the sentence has no words");
    const std::optional<IndexKind> indexKind = indexKindFromName(args.value(QStringLiteral("index")));
    if (!indexKind) throw UsageError("--index: expected auto, flat, hnsw or ivfpq");
    IndexOptions indexOptions;
    indexOptions.kind = *indexKind;
    bool reused = false;
    IndexKind usedKind = IndexKind::Flat;

    RankedList list;
    Engine engine;
    requireSuccess(runJob(engine, QStringLiteral("Retrieve"), [&](JobContext &job) {
      const auto space = JointSpace::open(runDir, *split, &job, nullptr, indexOptions);
      reused = space->indexReused();
      usedKind = space->indexKind();
      try {
        list = byText ? space->imagesForSentence(query) : space->captionsForImage(query);
      } catch (const std::invalid_argument &error) {
        throw std::runtime_error(error.what()); // a query the data does not have: a runtime failure
      }
    }));
    list = list.top(top);
    if (usedKind != IndexKind::Flat)
      err() << "searched with the " << indexKindName(usedKind) << " index (" << (reused ? "reused from " : "built and saved in ")
            << runDir << "/index); approximate: the best " << JointSpace::kApproximateDepth << " of " << list.candidates << " were ranked\n";
    if (args.isSet(QStringLiteral("out"))) {
      QString error;
      if (!writeRankedList(list, args.value(QStringLiteral("out")), &error)) throw std::runtime_error(error.toStdString());
      err() << "wrote " << args.value(QStringLiteral("out")) << '\n';
    }
    out() << QString::fromUtf8(format == QLatin1String("json") ? toJson(list) : toCsv(list));
    if (byText && list.trueRank > 0)
      err() << "the caption's own image ranks " << list.trueRank << " of " << list.candidates << '\n';
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
