#include "common/captionparsejob.h"

#include "parse/captionparser.h"

#include <QCoreApplication>

namespace gs {

namespace {
// The query lane's parser: made on its worker thread by the first parse, kept with that thread.
ParsedCaption parseOnQueryLane(const QString &caption) {
  thread_local CaptionParser parser;
  return parser.parse(caption);
}

QString jobName(const QString &caption) {
  return QCoreApplication::translate("gs::CaptionParseJob", "Parse “%1”").arg(BackgroundJob::quoted(caption));
}
}  // namespace

CaptionParseJob::CaptionParseJob(EngineBridge &bridge, QObject *receiver) : m_job(bridge, receiver, JobLane::Query) {}

void CaptionParseJob::start(const QString &caption, std::function<void(const ParsedCaption &)> done,
                            std::function<void(const QString &)> failed) {
  m_job.start(
      jobName(caption), [caption](JobContext &) { return parseOnQueryLane(caption); },
      [done = std::move(done)](const ParsedCaption &parse) { done(parse); },
      [failed = std::move(failed)](const JobOutcome &outcome) { failed(BackgroundJob::failureText(outcome)); });
}

}  // namespace gs
