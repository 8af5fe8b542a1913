#include "figures/mapcolouring.h"

#include "analysis/jointspace.h"
#include "analysis/mapmodel.h"
#include "data/dataset.h"
#include "text/tokenizer.h"

#include <QCoreApplication>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace gs {

namespace {


// Ordered bins: a sequential palette, light to dark (ColorBrewer YlGnBu), so rank and length read
// as quantities; unknown values grey.
const std::vector<QColor> &sequential() {
  static const std::vector<QColor> colours{QColor(65, 182, 196), QColor(44, 127, 184), QColor(37, 52, 148),
                                           QColor(253, 141, 60), QColor(227, 26, 28)};
  return colours;
}
const QColor kGrey(160, 160, 160), kImageBlue(31, 119, 180), kCaptionOrange(255, 127, 14), kHighlight(214, 39, 40),
    kOther(150, 150, 150);

// Index of the first bin whose upper bound is ≥ value.
int binOf(int value, const std::vector<int> &upper) {
  for (std::size_t b = 0; b < upper.size(); ++b)
    if (value <= upper[b]) return int(b);
  return int(upper.size());
}

// Hubs (Radovanović et al. 2010): each item's k-occurrence against its share, the mean
// E = k · (other side's count) / (this side's count) that every item of its side would get if the
// other side's top-k lists spread evenly. Sides are measured apart, since with five captions per
// image an image's share is 50 and a caption's 2.
void sizeByOccurrence(const MapModel &model, MapSizing &out) {
  const MapData &d = model.data();
  out.title = QCoreApplication::translate("MapColouring", "Size: k-occurrence (hubs)");
  out.classNames = {QCoreApplication::translate("MapColouring", "at most its share"),
                    QCoreApplication::translate("MapColouring", "up to 3× its share"),
                    QCoreApplication::translate("MapColouring", "a hub (over 3× its share)")};
  const auto share = [](int side, int other) { return double(std::min(JointSpace::kOccurrenceK, side)) * other / side; };
  const auto sizeOf = [](int count, double expected) { return count <= expected ? 0 : count <= 3 * expected ? 1 : 2; };
  const double imageShare = share(model.imageCount(), model.captionCount()), captionShare = share(model.captionCount(), model.imageCount());
  for (int r = 0; r < model.imageCount(); ++r)
    out.itemClass[std::size_t(model.imageItem(r))] = sizeOf(d.imageOccurrence[std::size_t(r)], imageShare);
  for (int c = 0; c < model.captionCount(); ++c)
    out.itemClass[std::size_t(model.captionItem(c))] = sizeOf(d.captionOccurrence[std::size_t(c)], captionShare);
}

}  // namespace

QStringList availableColourings(const MapModel &model) {
  const MapData &d = model.data();
  QStringList keys{QStringLiteral("modality"), QStringLiteral("length")};
  if (!d.captionPartnerRank.empty()) keys << QStringLiteral("rank");
  if (!d.captionLoss.empty()) keys << QStringLiteral("loss");
  if (std::set<Split>(d.imageSplit.begin(), d.imageSplit.end()).size() > 1) keys << QStringLiteral("split");
  if (!d.captionOrderSensitive.empty() && std::any_of(d.captionOrderSensitive.begin(), d.captionOrderSensitive.end(), [](char c) { return c; }))
    keys << QStringLiteral("twin");
  for (const auto &[lists, prefix] : {std::pair{&d.imageConcepts, QStringLiteral("concept:")},
                                      std::pair{&d.imagePredictedConcepts, QStringLiteral("predicted:")}}) {
    std::set<QString> concepts;
    for (const QStringList &list : *lists)
      for (const QString &c : list) concepts.insert(c);
    for (const QString &c : concepts) keys << prefix + c;
  }
  return keys;
}

QString colouringTitle(const QString &key) {
  if (key == QLatin1String("modality")) return QCoreApplication::translate("MapColouring", "Modality");
  if (key == QLatin1String("length")) return QCoreApplication::translate("MapColouring", "Caption length");
  if (key == QLatin1String("rank")) return QCoreApplication::translate("MapColouring", "Rank of the partner");
  if (key == QLatin1String("twin")) return QCoreApplication::translate("MapColouring", "Order-sensitive captions");
  if (key == QLatin1String("split")) return QCoreApplication::translate("MapColouring", "Split");
  if (key == QLatin1String("loss")) return QCoreApplication::translate("MapColouring", "The model's loss");
  if (key.startsWith(QLatin1String("concept:"))) return QCoreApplication::translate("MapColouring", "Concept: %1").arg(key.mid(8));
  if (key.startsWith(QLatin1String("predicted:"))) return QCoreApplication::translate("MapColouring", "Predicted concept: %1").arg(key.mid(10));
  return key;
}

namespace {

[[noreturn]] void failColouring(const QString &key, const QString &why) {
  throw std::invalid_argument(QStringLiteral("colourMap: %1: %2").arg(key, why).toStdString());
}

std::vector<int> imageItems(const MapModel &model) {
  std::vector<int> images(std::size_t(model.imageCount()));
  for (int r = 0; r < model.imageCount(); ++r) images[std::size_t(r)] = model.imageItem(r);
  return images;
}

std::vector<MapCategory> byModality(const MapModel &model) {
  std::vector<MapCategory> categories;
  categories.push_back({QCoreApplication::translate("MapColouring", "images"), kImageBlue, imageItems(model)});
  std::vector<int> captions;
  for (int c = 0; c < model.captionCount(); ++c) captions.push_back(model.captionItem(c));
  categories.push_back({QCoreApplication::translate("MapColouring", "captions"), kCaptionOrange, captions});
  return categories;
}

// Captions binned by their number of words; the images grey.
std::vector<MapCategory> byLength(const MapModel &model) {
  const MapData &d = model.data();
  std::vector<MapCategory> categories;
  const std::vector<int> upper{5, 8, 11, 15};
  const QStringList names{QCoreApplication::translate("MapColouring", "1–5 words"), QCoreApplication::translate("MapColouring", "6–8 words"), QCoreApplication::translate("MapColouring", "9–11 words"), QCoreApplication::translate("MapColouring", "12–15 words"), QCoreApplication::translate("MapColouring", "16+ words")};
  for (int b = 0; b < 5; ++b) categories.push_back({names[b], sequential()[std::size_t(b)], {}});
  for (int c = 0; c < model.captionCount(); ++c)
    categories[std::size_t(binOf(int(tokenize(d.captions[c]).size()), upper))].items.push_back(model.captionItem(c));
  categories.push_back({QCoreApplication::translate("MapColouring", "images"), kGrey, imageItems(model)});
  return categories;
}

// Images and captions binned by the rank of their partner; those with none in the split grey.
std::vector<MapCategory> byRank(const MapModel &model, const QString &key) {
  const MapData &d = model.data();
  if (d.captionPartnerRank.empty()) failColouring(key, QStringLiteral("the data has no ranks"));
  std::vector<MapCategory> categories;
  const std::vector<int> upper{1, 5, 10, 50};
  const QStringList names{QCoreApplication::translate("MapColouring", "partner at rank 1"), QCoreApplication::translate("MapColouring", "rank 2–5"), QCoreApplication::translate("MapColouring", "rank 6–10"), QCoreApplication::translate("MapColouring", "rank 11–50"), QCoreApplication::translate("MapColouring", "rank over 50")};
  for (int b = 0; b < 5; ++b) categories.push_back({names[b], sequential()[std::size_t(b)], {}});
  MapCategory unknown{QCoreApplication::translate("MapColouring", "no partner in the split"), kGrey, {}};
  const auto place = [&](int item, int rank) {
    if (rank <= 0) unknown.items.push_back(item);
    else categories[std::size_t(binOf(rank, upper))].items.push_back(item);
  };
  for (int r = 0; r < model.imageCount(); ++r)
    place(model.imageItem(r), d.imagePartnerRank.empty() ? 0 : d.imagePartnerRank[std::size_t(r)]);
  for (int c = 0; c < model.captionCount(); ++c) place(model.captionItem(c), d.captionPartnerRank[std::size_t(c)]);
  categories.push_back(std::move(unknown));
  return categories;
}

// Zero (no margin violated) apart; the rest in quartiles of the positive losses, so the bins
// say "among this run's worst" whatever the margin and split size make the values.
std::vector<MapCategory> byLoss(const MapModel &model, const QString &key) {
  const MapData &d = model.data();
  if (d.captionLoss.size() != std::size_t(model.captionCount())) failColouring(key, QStringLiteral("the data has no losses"));
  std::vector<std::pair<int, float>> items;
  for (int r = 0; r < model.imageCount(); ++r)
    items.push_back({model.imageItem(r), d.imageLoss.size() == std::size_t(model.imageCount()) ? d.imageLoss[std::size_t(r)] : 0.0f});
  for (int c = 0; c < model.captionCount(); ++c) items.push_back({model.captionItem(c), d.captionLoss[std::size_t(c)]});
  std::vector<float> positive;
  for (const auto &[item, loss] : items)
    if (loss > 0) positive.push_back(loss);
  std::sort(positive.begin(), positive.end());
  const auto quantile = [&](double q) { return positive.empty() ? 0.0f : positive[std::size_t(q * double(positive.size() - 1))]; };
  const std::vector<float> upper{quantile(0.25), quantile(0.5), quantile(0.75)};
  std::vector<MapCategory> categories;
  categories.push_back({QCoreApplication::translate("MapColouring", "loss 0 (no margin violated)"), kGrey, {}});
  const QStringList names{QCoreApplication::translate("MapColouring", "lowest quarter (≤ %1)"), QCoreApplication::translate("MapColouring", "second quarter (≤ %1)"), QCoreApplication::translate("MapColouring", "third quarter (≤ %1)"), QCoreApplication::translate("MapColouring", "highest quarter (≤ %1)")};
  const std::vector<float> shown{upper[0], upper[1], upper[2], positive.empty() ? 0.0f : positive.back()};
  for (int b = 0; b < 4; ++b)
    categories.push_back({names[b].arg(double(shown[std::size_t(b)]), 0, 'g', 3), sequential()[std::size_t(b + 1)], {}});
  for (const auto &[item, loss] : items) {
    int bin = 0;
    if (loss > 0) {
      bin = 4;
      for (int b = 0; b < 3; ++b)
        if (loss <= upper[std::size_t(b)]) {
          bin = b + 1;
          break;
        }
    }
    categories[std::size_t(bin)].items.push_back(item);
  }
  return categories;
}

// An image and its captions share their split's colour (captions have none of their own). The
// small splits first: the first categories draw on top, and training items would bury them.
std::vector<MapCategory> bySplit(const MapModel &model, const QString &key) {
  const MapData &d = model.data();
  if (d.imageSplit.size() != std::size_t(model.imageCount())) failColouring(key, QStringLiteral("the data does not know the images' splits"));
  const std::vector<std::pair<Split, QColor>> splits{{Split::Test, QColor(214, 39, 40)}, {Split::Val, QColor(148, 103, 189)},
                                                     {Split::Train, QColor(44, 160, 44)}, {Split::Unassigned, kGrey}};
  std::vector<MapCategory> categories;
  for (const auto &[split, colour] : splits) categories.push_back({split == Split::Unassigned ? QCoreApplication::translate("MapColouring", "no split") : splitName(split), colour, {}});
  const auto categoryOf = [&](Split split) {
    for (std::size_t k = 0; k < splits.size(); ++k)
      if (splits[k].first == split) return k;
    return splits.size() - 1;
  };
  for (int r = 0; r < model.imageCount(); ++r) categories[categoryOf(d.imageSplit[std::size_t(r)])].items.push_back(model.imageItem(r));
  for (int c = 0; c < model.captionCount(); ++c) {
    const int image = d.captionImage[std::size_t(c)];
    categories[image >= 0 && image < model.imageCount() ? categoryOf(d.imageSplit[std::size_t(image)]) : splits.size() - 1]
        .items.push_back(model.captionItem(c));
  }
  categories.erase(std::remove_if(categories.begin(), categories.end(), [](const MapCategory &c) { return c.items.empty(); }),
                   categories.end());
  return categories;
}

std::vector<MapCategory> byTwin(const MapModel &model, const QString &key) {
  const MapData &d = model.data();
  if (d.captionOrderSensitive.empty()) failColouring(key, QStringLiteral("the data does not mark order-sensitive captions"));
  MapCategory twin{QCoreApplication::translate("MapColouring", "order-sensitive captions"), kHighlight, {}}, other{QCoreApplication::translate("MapColouring", "other captions"), kCaptionOrange, {}};
  for (int c = 0; c < model.captionCount(); ++c)
    (d.captionOrderSensitive[std::size_t(c)] ? twin : other).items.push_back(model.captionItem(c));
  return {std::move(twin), std::move(other), {QCoreApplication::translate("MapColouring", "images"), kGrey, imageItems(model)}};
}

// The images with a concept, and their captions, against the rest: the dataset's ground truth
// (concept:) or the concept CNN's labels (predicted:).
std::vector<MapCategory> byConcept(const MapModel &model, const QString &key) {
  const MapData &d = model.data();
  const bool predicted = key.startsWith(QLatin1String("predicted:"));
  const QString concept = key.mid(predicted ? 10 : 8);
  const std::vector<QStringList> &lists = predicted ? d.imagePredictedConcepts : d.imageConcepts;
  if (lists.size() != std::size_t(model.imageCount()))
    failColouring(key, predicted ? QStringLiteral("the run has no concept CNN scores") : QStringLiteral("the data has no image concepts"));
  const QStringList keys = availableColourings(model);
  if (!keys.contains(key)) {
    QStringList alike; // the concepts that are there, so a typo or a guess gets an answer
    for (const QString &k : keys)
      if (k.startsWith(key.left(predicted ? 10 : 8)) && alike.size() < 20) alike << k;
    failColouring(key, QStringLiteral("no image has the concept '%1' (these do: %2)").arg(concept, alike.join(QStringLiteral(", "))));
  }
  std::vector<char> has(std::size_t(model.imageCount()), 0);
  for (int r = 0; r < model.imageCount(); ++r) has[std::size_t(r)] = lists[std::size_t(r)].contains(concept);
  MapCategory with{QCoreApplication::translate("MapColouring", "with %1").arg(concept), kHighlight, {}}, without{QCoreApplication::translate("MapColouring", "without"), kOther, {}};
  for (int r = 0; r < model.imageCount(); ++r) (has[std::size_t(r)] ? with : without).items.push_back(model.imageItem(r));
  for (int c = 0; c < model.captionCount(); ++c) {
    const int image = d.captionImage[std::size_t(c)];
    (image >= 0 && image < model.imageCount() && has[std::size_t(image)] ? with : without).items.push_back(model.captionItem(c));
  }
  return {std::move(with), std::move(without)};
}

std::vector<MapCategory> categoriesOf(const MapModel &model, const QString &key) {
  if (key == QLatin1String("modality")) return byModality(model);
  if (key == QLatin1String("length")) return byLength(model);
  if (key == QLatin1String("rank")) return byRank(model, key);
  if (key == QLatin1String("loss")) return byLoss(model, key);
  if (key == QLatin1String("split")) return bySplit(model, key);
  if (key == QLatin1String("twin")) return byTwin(model, key);
  if (key.startsWith(QLatin1String("concept:")) || key.startsWith(QLatin1String("predicted:"))) return byConcept(model, key);
  failColouring(key, QStringLiteral("unknown colouring (one of: %1)").arg(availableColourings(model).join(QStringLiteral(", "))));
}

}  // namespace

MapColouring colourMap(const MapModel &model, const QString &key) {
  MapColouring out;
  out.key = key;
  out.title = colouringTitle(key);
  out.categories = categoriesOf(model, key);
  for (MapCategory &c : out.categories) std::sort(c.items.begin(), c.items.end());
  return out;
}

QStringList availableSizings(const MapModel &model) {
  const MapData &d = model.data();
  QStringList keys;
  if (!d.captionPartnerRank.empty()) keys << QStringLiteral("rank");
  if (!d.captionLoss.empty()) keys << QStringLiteral("loss");
  if (model.captionCount() > 0) keys << QStringLiteral("length");
  if (!d.imageOccurrence.empty() && !d.captionOccurrence.empty()) keys << QStringLiteral("hubs");
  return keys;
}

MapSizing sizeMap(const MapModel &model, const QString &key) {
  const MapData &d = model.data();
  MapSizing out;
  out.key = key;
  out.itemClass.assign(std::size_t(model.itemCount()), 0);
  const auto fail = [&](const QString &why) { throw std::invalid_argument(QStringLiteral("sizeMap: %1: %2").arg(key, why).toStdString()); };
  if (key == QLatin1String("rank")) {
    if (d.captionPartnerRank.empty()) fail(QStringLiteral("the data has no ranks"));
    out.title = QCoreApplication::translate("MapColouring", "Size: rank of the partner");
    out.classNames = {QCoreApplication::translate("MapColouring", "rank 1"), QCoreApplication::translate("MapColouring", "rank 2–10"), QCoreApplication::translate("MapColouring", "rank over 10")};
    const auto sizeOf = [](int rank) { return rank <= 1 ? 0 : rank <= 10 ? 1 : 2; }; // unknown (0) stays small
    for (int r = 0; r < model.imageCount() && std::size_t(r) < d.imagePartnerRank.size(); ++r)
      out.itemClass[std::size_t(model.imageItem(r))] = sizeOf(d.imagePartnerRank[std::size_t(r)]);
    for (int c = 0; c < model.captionCount(); ++c) out.itemClass[std::size_t(model.captionItem(c))] = sizeOf(d.captionPartnerRank[std::size_t(c)]);
  } else if (key == QLatin1String("loss")) {
    if (d.captionLoss.size() != std::size_t(model.captionCount())) fail(QStringLiteral("the data has no losses"));
    std::vector<float> positive;
    for (float v : d.captionLoss)
      if (v > 0) positive.push_back(v);
    for (float v : d.imageLoss)
      if (v > 0) positive.push_back(v);
    std::sort(positive.begin(), positive.end());
    const float median = positive.empty() ? 0.0f : positive[positive.size() / 2];
    out.title = QCoreApplication::translate("MapColouring", "Size: the model's loss");
    out.classNames = {QCoreApplication::translate("MapColouring", "loss 0"), QCoreApplication::translate("MapColouring", "loss up to the median (%1)").arg(double(median), 0, 'g', 3), QCoreApplication::translate("MapColouring", "loss above the median")};
    const auto sizeOf = [median](float loss) { return loss <= 0 ? 0 : loss <= median ? 1 : 2; };
    for (int r = 0; r < model.imageCount() && std::size_t(r) < d.imageLoss.size(); ++r)
      out.itemClass[std::size_t(model.imageItem(r))] = sizeOf(d.imageLoss[std::size_t(r)]);
    for (int c = 0; c < model.captionCount(); ++c) out.itemClass[std::size_t(model.captionItem(c))] = sizeOf(d.captionLoss[std::size_t(c)]);
  } else if (key == QLatin1String("hubs")) {
    if (d.imageOccurrence.empty() || d.captionOccurrence.empty()) fail(QStringLiteral("the data has no k-occurrences"));
    sizeByOccurrence(model, out);
  } else if (key == QLatin1String("length")) {
    out.title = QCoreApplication::translate("MapColouring", "Size: caption length");
    out.classNames = {QCoreApplication::translate("MapColouring", "1–8 words (and images)"), QCoreApplication::translate("MapColouring", "9–15 words"), QCoreApplication::translate("MapColouring", "16+ words")};
    for (int c = 0; c < model.captionCount(); ++c) {
      const int words = int(tokenize(d.captions[c]).size());
      out.itemClass[std::size_t(model.captionItem(c))] = words <= 8 ? 0 : words <= 15 ? 1 : 2;
    }
  } else {
    fail(QStringLiteral("unknown size (one of: %1)").arg(availableSizings(model).join(QStringLiteral(", "))));
  }
  return out;
}

}  // namespace gs
