// `groundscope-cli regions RUN_DIR --image ID [--caption TEXT] [--top K] [--format text|json|csv]`:
// every noun phrase of the image's captions (or of TEXT) with the image's regions ranked by a
// trained HM-LSTM (§4: region-oriented phrase-level description): rank, region, box, score, and the
// IoU with the phrase's ground-truth box where the dataset has one (the Scenes demo).

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "engine/jobcontext.h"
#include "io/csvfield.h"
#include "jobrunner.h"
#include "training/regiongrounding.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <memory>

namespace gs::cli {

namespace {

QJsonArray boxJson(const Box &b) { return {double(b.x), double(b.y), double(b.width), double(b.height)}; }

}  // namespace

Command regionsCommand() {
  Command command;
  command.name = QStringLiteral("regions");
  command.summary = QStringLiteral("the regions an HM-LSTM run gives each noun phrase of an image's captions");
  command.syntax = {QStringLiteral("RUN_DIR"), 1, 1,
                    {{QStringLiteral("image"), QStringLiteral("ID"), QStringLiteral("Image of the run's dataset."), {}, true},
                     {QStringLiteral("caption"), QStringLiteral("TEXT"), QStringLiteral("Ground this caption's noun phrases instead.")},
                     {QStringLiteral("top"), QStringLiteral("K"), QStringLiteral("Regions listed per phrase."), QStringLiteral("5")},
                     {QStringLiteral("format"), QStringLiteral("FORMAT"), QStringLiteral("text, json or csv."), QStringLiteral("text")}}};
  command.notes = QStringLiteral("Regions are the image's candidate boxes (selective-search proposals, or the demo's ground-truth "
                                 "boxes for a run trained with regions 'ground-truth'); region 0, the whole image, is not a "
                                 "candidate. IoU is given where the dataset has the phrase's box.");
  command.run = [](const Arguments &args) {
    const QString format = args.value(QStringLiteral("format"));
    if (format != QLatin1String("text") && format != QLatin1String("json") && format != QLatin1String("csv"))
      throw UsageError("--format: expected text, json or csv");
    const int top = args.intValue(QStringLiteral("top"), 5, 1, 1000);
    const QString runDir = args.positional().first(), imageId = args.value(QStringLiteral("image"));
    std::vector<GroundedPhrase> phrases;
    Engine engine;
    requireSuccess(runJob(engine, QStringLiteral("Ground phrases"), [&](JobContext &job) {
      const RegionGrounder grounder(runDir, &job);
      try {
        phrases = grounder.ground(imageId, args.value(QStringLiteral("caption")));
      } catch (const std::invalid_argument &error) {
        throw std::runtime_error(error.what()); // an image or caption the run cannot ground: a runtime failure
      }
    }));
    if (format == QLatin1String("json")) {
      QJsonArray list;
      for (const GroundedPhrase &p : phrases) {
        QJsonArray regions;
        for (std::size_t k = 0; k < p.regions.size() && int(k) < top; ++k) {
          QJsonObject r{{QStringLiteral("rank"), int(k) + 1},
                        {QStringLiteral("region"), p.regions[k].region},
                        {QStringLiteral("box"), boxJson(p.regions[k].box)},
                        {QStringLiteral("score"), p.regions[k].score}};
          if (p.hasTruth) r.insert(QStringLiteral("iou"), p.regions[k].iou);
          regions.append(r);
        }
        QJsonObject o{{QStringLiteral("caption"), p.caption}, {QStringLiteral("phrase"), p.text},
                      {QStringLiteral("begin"), p.begin},     {QStringLiteral("end"), p.end},
                      {QStringLiteral("regions"), regions}};
        if (p.hasTruth) o.insert(QStringLiteral("truth"), boxJson(p.truth));
        list.append(o);
      }
      out() << QJsonDocument(QJsonObject{{QStringLiteral("image"), imageId}, {QStringLiteral("phrases"), list}})
                   .toJson(QJsonDocument::Indented);
      return kExitOk;
    }
    if (format == QLatin1String("csv")) {
      out() << "caption,phrase,rank,region,x,y,width,height,score,iou\n";
      for (const GroundedPhrase &p : phrases)
        for (std::size_t k = 0; k < p.regions.size() && int(k) < top; ++k) {
          const RankedRegion &r = p.regions[k];
          out() << QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10\n")
                       .arg(QString::fromUtf8(csvField(p.caption)), QString::fromUtf8(csvField(p.text)))
                       .arg(k + 1)
                       .arg(r.region)
                       .arg(r.box.x)
                       .arg(r.box.y)
                       .arg(r.box.width)
                       .arg(r.box.height)
                       .arg(r.score, 0, 'f', 4)
                       .arg(p.hasTruth ? QString::number(r.iou, 'f', 3) : QString());
        }
      return kExitOk;
    }
    if (phrases.empty()) out() << QStringLiteral("image %1: no noun phrase to ground\n").arg(imageId);
    QString caption;
    for (const GroundedPhrase &p : phrases) {
      if (p.caption != caption) out() << QStringLiteral("\"%1\"\n").arg(caption = p.caption);
      out() << QStringLiteral("  %1%2\n")
                   .arg(p.text)
                   .arg(p.hasTruth ? QStringLiteral("  (ground truth %1,%2 %3×%4)")
                                         .arg(p.truth.x)
                                         .arg(p.truth.y)
                                         .arg(p.truth.width)
                                         .arg(p.truth.height)
                                   : QStringLiteral("  (no ground truth)"));
      for (std::size_t k = 0; k < p.regions.size() && int(k) < top; ++k) {
        const RankedRegion &r = p.regions[k];
        out() << QStringLiteral("    %1. region %2  %3,%4 %5×%6  score %7%8\n")
                     .arg(k + 1)
                     .arg(r.region, 2)
                     .arg(r.box.x)
                     .arg(r.box.y)
                     .arg(r.box.width)
                     .arg(r.box.height)
                     .arg(r.score, 0, 'f', 3)
                     .arg(p.hasTruth ? QStringLiteral("  IoU %1").arg(r.iou, 0, 'f', 2) : QString());
      }
    }
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
