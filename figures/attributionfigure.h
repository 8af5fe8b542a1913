#pragma once
// Figures of a score's attribution, for `groundscope-cli explain --figure` and the GUI's exports:
// the sentence's tree (or its words, or characters) with each part coloured by its contribution,
// and the photo with its cells, regions or concepts coloured likewise; both with a legend. One
// diverging scale, symmetric about zero: blue where a part lowers the score, red where it raises it.

#include "inference/attribution.h"

#include <QColor>
#include <QString>

namespace gs {

// `value` on the scale ±`extent` (white at 0; saturated at and beyond ±extent).
QColor contributionColour(double value, double extent);

// Throw std::runtime_error naming the file when it cannot be written (or the photo read),
// std::invalid_argument for a suffix other than png, svg or pdf.
void writeSentenceAttributionFigure(const QString &path, const SentenceAttribution &attribution);
void writeImageAttributionFigure(const QString &path, const ImageAttribution &attribution, const QString &photoPath);

}  // namespace gs
