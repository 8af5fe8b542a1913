#include "engine/enginebridge.h"

#include <QMetaObject>

namespace gs {

EngineBridge::EngineBridge(Engine &engine, QObject *parent) : QObject(parent), m_engine(engine) {
  qRegisterMetaType<gs::JobId>("gs::JobId");
  qRegisterMetaType<gs::JobProgress>();
  qRegisterMetaType<gs::JobOutcome>();
  qRegisterMetaType<gs::LogLevel>();
  m_engine.addObserver(this);
}

EngineBridge::~EngineBridge() {
  // Waits for a callback in flight; events already posted to us die with this object.
  m_engine.removeObserver(this);
}

void EngineBridge::cancelCurrent() {
  if (auto id = m_engine.currentJob()) m_engine.cancel(*id);
}

// Posting with `this` as the context object drops the call if the bridge is gone by then.
void EngineBridge::jobStarted(JobId id, const QString &name) {
  QMetaObject::invokeMethod(this, [this, id, name] { Q_EMIT started(id, name); }, Qt::QueuedConnection);
}

void EngineBridge::jobProgress(JobId id, const JobProgress &progress) {
  QMetaObject::invokeMethod(this, [this, id, progress] { Q_EMIT progressChanged(id, progress); },
                            Qt::QueuedConnection);
}

void EngineBridge::jobLog(JobId id, LogLevel level, const QString &line) {
  QMetaObject::invokeMethod(this, [this, id, level, line] { Q_EMIT logLine(id, level, line); },
                            Qt::QueuedConnection);
}

void EngineBridge::jobFinished(JobId id, const QString &name, const JobOutcome &outcome) {
  QMetaObject::invokeMethod(this, [this, id, name, outcome] { Q_EMIT finished(id, name, outcome); },
                            Qt::QueuedConnection);
}

}  // namespace gs
