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
  static constexpr int kMaxBlocks = 20000; // keeps a long training log from growing without bound
};

}  // namespace gs
