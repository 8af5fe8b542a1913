#pragma once
// A read-only log of the engine's jobs: start, log lines (warnings and errors coloured),
// and how each job ended.

#include "engine/enginebridge.h"

#include <QPlainTextEdit>

namespace gs {

class LogView : public QPlainTextEdit {
  Q_OBJECT
public:
  explicit LogView(EngineBridge &bridge, QWidget *parent = nullptr);

  void appendLine(LogLevel level, const QString &line);

private:
  // The newest lines only: each costs about 0.5 KB with its layout, and a session of hours logs
  // tens of thousands of job starts and ends (20,000 lines held some 10 MB). 2,000 lines are a
  // screenful's history many times over and hold about 1 MB.
  static constexpr int kMaxBlocks = 2000;
};

}  // namespace gs
