#pragma once
// What the panels say about an attribution (inference/attribution.h): the methods' titles,
// a part's tooltip (its contribution, its subtree's sum, and for occlusion the edited sentence,
// the score and the image's new rank), per-word contributions for views that draw words (a
// character model's characters summed over each word), and the diverging colour scale all of
// them share: centred at 0, blue where a part lowers the score, red where it raises it.

#include "common/colourscale.h"
#include "inference/attribution.h"

#include <QString>

class QWidget;

#include <vector>

namespace gs {

QString attributionMethodTitle(AttributionMethod method);
// Why a method cannot be used with `explainer`'s run ("" when it can).
QString attributionMethodUnavailable(const ScoreExplainer &explainer, AttributionMethod method);

QString sentencePartToolTip(const SentenceAttribution &attribution, int part);
QString imageAreaToolTip(const ImageAttribution &attribution, int area);

// One value per word token (attribution.tokens): a word's own part, a tree node's own word, or
// the sum over a word's characters. NaN for a token no part covers.
std::vector<double> tokenContributions(const SentenceAttribution &attribution);

// Symmetric about 0 (±max|v|), diverging.
ColourScale contributionScale(const std::vector<double> &values);
QString contributionLegendTitle(AttributionMethod method);
// For the file dialogs of "Export contributions…" (attributionfile.h writes either).
QString attributionFileFilter();
// "Export contributions…": asks for a file and writes `attribution` there as CSV or JSON, saying in
// a message box why it could not.
void exportAttributionAsked(QWidget *parent, const SentenceAttribution &attribution);
void exportAttributionAsked(QWidget *parent, const ImageAttribution &attribution);

}  // namespace gs
