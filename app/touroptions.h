#pragma once
// The screenshot tour's options on the program's command line (--tour-model, --tour-map,
// --tour-run, --tour-caption, --tour-swap, --tour-compare, --tour-gold), declared and read in one place.

#include "screenshottour.h"

#include <QCommandLineParser>

#include <optional>

namespace gs {

void addTourOptions(QCommandLineParser &parser);
// The options given; nothing, with `error` saying which option is wrong, for a bad value.
std::optional<TourOptions> tourOptionsFrom(const QCommandLineParser &parser, QString *error);

}  // namespace gs
