#pragma once
// Runs one engine job from the CLI: progress and log lines on stderr, Ctrl-C cancels the job
// (a second Ctrl-C kills), and the job's outcome comes back to the command.

#include "engine/engine.h"

namespace gs::cli {

JobOutcome runJob(Engine &engine, const QString &name, JobFunction function);

// For commands that can only go on after a job succeeded: a failed job's message (or
// "cancelled") becomes the runtime error main() prints with exit code 1.
void requireSuccess(const JobOutcome &outcome);

// Whether Ctrl-C stopped a job of this process (the command then exits 130, the shell's code for
// an interrupt, after the job's clean stop).
bool stoppedByInterrupt();

}  // namespace gs::cli
