#pragma once
// How QCOMPARE prints Groundscope's enums when a comparison fails.

#include "engine/job.h"

#include <QTest>

namespace QTest {
template <> inline char *toString(const gs::JobStatus &status) { return qstrdup(qPrintable(gs::statusName(status))); }
template <> inline char *toString(const gs::LogLevel &level) { return qstrdup(level == gs::LogLevel::Info ? "info" : level == gs::LogLevel::Warning ? "warning" : "error"); }
}  // namespace QTest
