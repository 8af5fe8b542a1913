#pragma once
// One caption parsed off the GUI thread, for every view that draws a caption's trees: a job on the
// engine's query lane (JobLane::Query), so it shows in the Jobs tab, can be cancelled there and never
// waits behind a map's layout or a run being opened on the interactive lane.
//
// CaptionParser is bound to the thread that made it (Link Grammar's dictionary and options are not
// shared between threads), so the parser is one thread_local on the query lane's single worker,
// made by the first parse and kept for the engine's life: every view shares that one parser, and no
// view keeps a thread pool of its own for it.

#include "common/backgroundjob.h"
#include "parse/parsedcaption.h"

#include <QString>

#include <functional>

namespace gs {

class CaptionParseJob {
public:
  CaptionParseJob(EngineBridge &bridge, QObject *receiver);

  // Parses `caption`. `done` gets the parse on the receiver's thread; `failed` gets why it did not
  // arrive (the parser's error, or "cancelled" when the Jobs tab cancelled it). Starting again, or
  // cancel(), drops the earlier parse's result without calling either.
  void start(const QString &caption, std::function<void(const ParsedCaption &)> done,
             std::function<void(const QString &)> failed);
  void cancel() { m_job.cancel(); }
  bool isRunning() const { return m_job.isRunning(); }

private:
  BackgroundJob m_job;
};

}  // namespace gs
