// `groundscope-cli bench retrieval`: nearest-neighbour search over a generated joint space
// (experiments/bench/retrievalbench.h) — LibTorch mm + topk, bare FAISS flat, and Groundscope's flat, HNSW
// and IVF-PQ indexes in one run; ratios against bare FAISS flat (the baseline).

#include "experiments/bench/retrievalbench.h"
#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gs::cli {

Command benchRetrievalCommand() {
  Command command;
  command.name = QStringLiteral("retrieval");
  command.summary = QStringLiteral("k-NN search: LibTorch mm+topk, bare FAISS flat, Groundscope flat/HNSW/IVF-PQ; queries/s and recall@k");
  command.syntax.options = {
      {QStringLiteral("items"), QStringLiteral("N"), QStringLiteral("Vectors in the collection."), QStringLiteral("1000000"), false},
      {QStringLiteral("dim"), QStringLiteral("D"), QStringLiteral("Dimensions."), QStringLiteral("512"), false},
      {QStringLiteral("queries"), QStringLiteral("Q"), QStringLiteral("Queries, searched as one batch."), QStringLiteral("1000"), false},
      {QStringLiteral("k"), QStringLiteral("K"), QStringLiteral("Neighbours per query (recall@K)."), QStringLiteral("10"), false},
      {QStringLiteral("methods"), QStringLiteral("LIST"), QStringLiteral("Any of torch,faiss,flat,hnsw,ivfpq."),
       QStringLiteral("torch,faiss,flat,hnsw,ivfpq"), false},
      {QStringLiteral("seed"), QStringLiteral("S"), QStringLiteral("Seed of the generated mixture."), QStringLiteral("1"), false},
      {QStringLiteral("hnsw-links"), QStringLiteral("M"), QStringLiteral("HNSW links per node."), QString::number(IndexOptions{}.hnswLinks), false},
      {QStringLiteral("hnsw-ef-construction"), QStringLiteral("E"), QStringLiteral("HNSW candidate list while building."),
       QString::number(IndexOptions{}.hnswEfConstruction), false},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON."), {}, false}};
  command.run = [](const Arguments &args) {
    RetrievalBenchOptions options;
    options.items = args.intValue(QStringLiteral("items"), 1000000, 10, 2000000000);
    options.dim = args.intValue(QStringLiteral("dim"), 512, 1, 65536);
    options.queries = args.intValue(QStringLiteral("queries"), 1000, 1, 1000000);
    options.k = args.intValue(QStringLiteral("k"), 10, 1, 10000);
    options.seed = args.intValue(QStringLiteral("seed"), 1, 0, 1 << 30);
    options.hnswLinks = args.intValue(QStringLiteral("hnsw-links"), options.hnswLinks, 4, 256);
    options.hnswEfConstruction = args.intValue(QStringLiteral("hnsw-ef-construction"), options.hnswEfConstruction, 8, 4096);
    options.methods = args.value(QStringLiteral("methods")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &m : options.methods)
      if (!QStringList{QStringLiteral("torch"), QStringLiteral("faiss"), QStringLiteral("flat"), QStringLiteral("hnsw"), QStringLiteral("ivfpq")}.contains(m))
        throw UsageError("--methods: a comma-separated list of torch, faiss, flat, hnsw, ivfpq");
    std::vector<RetrievalBenchRow> rows;
    Engine engine;
    requireSuccess(runJob(engine, QStringLiteral("Benchmark retrieval"), [&](JobContext &job) { rows = runRetrievalBench(options, &job); }));
    double baseline = 0; // bare FAISS flat's batch time (always measured: it gives the exact answers)
    for (const RetrievalBenchRow &r : rows)
      if (r.method == QLatin1String("faiss")) baseline = r.batchSeconds;
    if (args.isSet(QStringLiteral("json"))) {
      QJsonArray array;
      for (const RetrievalBenchRow &r : rows)
        array.append(QJsonObject{{QStringLiteral("method"), r.method}, {QStringLiteral("build_seconds"), r.buildSeconds},
                                 {QStringLiteral("batch_seconds"), r.batchSeconds}, {QStringLiteral("queries_per_second"), r.queriesPerSecond},
                                 {QStringLiteral("latency_ms"), r.latencyMs}, {QStringLiteral("recall"), r.recall},
                                 {QStringLiteral("index_mb"), r.indexMb}, {QStringLiteral("effort"), r.effort}});
      out() << QJsonDocument(QJsonObject{{QStringLiteral("items"), options.items}, {QStringLiteral("dim"), options.dim},
                                         {QStringLiteral("queries"), options.queries}, {QStringLiteral("k"), options.k},
                                         {QStringLiteral("runs"), array}})
                   .toJson(QJsonDocument::Indented);
      return kExitOk;
    }
    out() << QStringLiteral("Retrieval over %1 × %2 unit vectors (a mixture of %3 clusters), %4 queries from the same mixture, k = %5\n"
                            "batch = all queries at once; latency = one query at a time (mean of %6); recall@%5 against exact search\n")
                 .arg(options.items).arg(options.dim).arg(options.clusters).arg(options.queries).arg(options.k).arg(options.latencyQueries);
    for (const RetrievalBenchRow &r : rows)
      out() << QStringLiteral("  %1 build %2 s, batch %3 s = %4 queries/s%5, latency %6 ms, recall %7%8\n")
                   .arg(r.label, -42)
                   .arg(r.buildSeconds, 7, 'f', 2)
                   .arg(r.batchSeconds, 0, 'f', 3)
                   .arg(r.queriesPerSecond, 0, 'f', 0)
                   .arg(baseline > 0 ? QStringLiteral(" (%1x bare FAISS flat's time)").arg(r.batchSeconds / baseline, 0, 'f', 3) : QString())
                   .arg(r.latencyMs, 0, 'f', 2)
                   .arg(r.recall, 0, 'f', 3)
                   .arg(r.indexMb > 0 ? QStringLiteral(", index file %1 MB").arg(r.indexMb, 0, 'f', 0) : QString());
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
