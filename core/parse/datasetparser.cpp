#include "parse/datasetparser.h"

#include "engine/jobcontext.h"
#include "parse/parsecache.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>

#include <atomic>
#include <mutex>
#include <thread>

namespace gs {

QJsonObject CaptionParseStats::toJson() const {
  return {{QStringLiteral("captions"), captions},   {QStringLiteral("parsed"), parsed},
          {QStringLiteral("cached"), cached},       {QStringLiteral("complete"), complete},
          {QStringLiteral("partial"), partial},     {QStringLiteral("fallback"), fallback},
          {QStringLiteral("timed out"), timedOut},  {QStringLiteral("failed"), failed},
          {QStringLiteral("threads"), threads},
          {QStringLiteral("captions/s"), QString::number(captionsPerSecond(), 'f', 1)}};
}

CaptionParses parseCaptions(const QStringList &texts, const CaptionParseOptions &options, JobContext *job) {
  QElapsedTimer clock;
  clock.start();
  CaptionParses result;
  const int total = static_cast<int>(texts.size());
  result.captions.resize(static_cast<std::size_t>(total));
  result.stats.captions = total;

  std::optional<ParseCache> cache;
  if (!options.cacheName.isEmpty()) {
    cache.emplace(options.cacheName, options.parser.style);
    cache->load();
  }
  std::vector<int> todo;
  for (int i = 0; i < total; ++i) {
    const CompactParse *hit = cache ? cache->find(texts[i]) : nullptr;
    if (hit) {
      result.captions[static_cast<std::size_t>(i)] = *hit;
      ++result.stats.cached;
    } else {
      todo.push_back(i);
    }
  }

  // Workers take the next caption index from an atomic counter; each owns its CaptionParser (its
  // own Link Grammar parse options: see detail/linkgrammar.cpp on thread safety).
  const int threads = std::max(1, std::min(options.threads > 0 ? options.threads : QThread::idealThreadCount(),
                                           std::max(1, static_cast<int>(todo.size()))));
  result.stats.threads = threads;
  std::atomic<std::size_t> next{0};
  std::atomic<int> done{0};
  std::atomic<bool> stop{false};
  std::mutex failuresMutex;
  QStringList failures;
  auto work = [&] {
    CaptionParser parser(options.parser);
    while (!stop.load()) {
      const std::size_t k = next.fetch_add(1);
      if (k >= todo.size()) break;
      const int i = todo[k];
      try {
        result.captions[static_cast<std::size_t>(i)] = CompactParse(parser.parse(texts[i]));
      } catch (const std::exception &error) {
        std::lock_guard<std::mutex> lock(failuresMutex);
        failures << QStringLiteral("caption %1: %2").arg(i).arg(QString::fromUtf8(error.what()));
      }
      ++done;
    }
  };
  std::vector<std::thread> workers;
  for (int t = 0; t < threads && !todo.empty(); ++t) workers.emplace_back(work);
  auto joinAll = [&] {
    for (std::thread &w : workers) w.join();
    workers.clear();
  };
  if (job) {
    try {
      while (done.load() < static_cast<int>(todo.size())) {
        job->setItemProgress(result.stats.cached + done.load(), total, QStringLiteral("parsing captions"));
        job->checkpoint();
        QThread::msleep(20);
      }
    } catch (...) {
      stop = true;
      joinAll();
      throw;
    }
  }
  joinAll();
  result.stats.failed = static_cast<int>(failures.size());
  if (job)
    for (const QString &failure : failures) job->warn(failure);

  for (int k : todo) {
    const CompactParse &p = result.captions[static_cast<std::size_t>(k)];
    if (!p.hasTrees()) continue;
    ++result.stats.parsed;
    if (cache) cache->insert(p);
  }
  for (const CompactParse &p : result.captions) {
    if (!p.hasTrees()) continue;
    result.stats.complete += p.quality() == ParseQuality::Complete;
    result.stats.partial += p.quality() == ParseQuality::Partial;
    result.stats.fallback += p.quality() == ParseQuality::Fallback;
    result.stats.timedOut += p.timedOut();
  }
  if (cache && result.stats.parsed > 0) cache->save();
  result.stats.seconds = clock.nsecsElapsed() / 1e9;
  if (job) {
    job->setItemProgress(total, total, QStringLiteral("parsed"));
    job->setSummary(result.stats.toJson());
  }
  return result;
}

CaptionParseOptions trainingCaptionParseOptions() {
  CaptionParseOptions options;
  options.parser.style = DependencyStyle::Collapsed;
  options.cacheName = QStringLiteral("training-captions");
  return options;
}

CaptionParses parseDataset(const Dataset &dataset, CaptionParseOptions options, JobContext *job) {
  QStringList texts;
  texts.reserve(static_cast<qsizetype>(dataset.captions.size()));
  for (const CaptionRecord &caption : dataset.captions) texts << caption.raw;
  if (options.cacheName.isEmpty())
    options.cacheName = !dataset.name.isEmpty() ? dataset.name : QFileInfo(dataset.root).fileName();
  return parseCaptions(texts, options, job);
}

}  // namespace gs
