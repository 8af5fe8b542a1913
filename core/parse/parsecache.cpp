#include "parse/parsecache.h"

#include "io/atomicfile.h"
#include "io/paths.h"
#include "parse/captionparser.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <stdexcept>

namespace gs {

namespace {

QJsonArray intArray(const std::vector<int> &values) {
  QJsonArray array;
  for (int v : values) array.append(v);
  return array;
}

std::vector<int> intVector(const QJsonValue &value) {
  std::vector<int> out;
  for (const QJsonValue &v : value.toArray()) out.push_back(v.toInt());
  return out;
}

QStringList stringList(const QJsonValue &value) {
  QStringList out;
  for (const QJsonValue &v : value.toArray()) out << v.toString();
  return out;
}

}  // namespace

QJsonObject parsedCaptionToJson(const ParsedCaption &p) {
  std::vector<int> heads;
  QStringList relations;
  for (int t = 0; t < p.tokens.size(); ++t) {
    const int node = p.dependency.nodeOfToken(t);
    heads.push_back(p.dependency.parent(node));
    relations << p.dependency.label(node);
  }
  // Constituency nodes: (label, parent, token) triples in node order.
  QJsonArray nodes;
  for (int n = 0; n < p.constituency.nodeCount(); ++n) {
    const TreeNode &node = p.constituency.node(n);
    nodes.append(QJsonArray{node.label, node.parent, node.token});
  }
  return {{QStringLiteral("text"), p.text},
          {QStringLiteral("tokens"), QJsonArray::fromStringList(p.tokens)},
          {QStringLiteral("upos"), QJsonArray::fromStringList(p.upos)},
          {QStringLiteral("xpos"), QJsonArray::fromStringList(p.xpos)},
          {QStringLiteral("offsets"), intArray(p.offsets)},
          {QStringLiteral("heads"), intArray(heads)},
          {QStringLiteral("rels"), QJsonArray::fromStringList(relations)},
          {QStringLiteral("const"), nodes},
          {QStringLiteral("style"), styleName(p.style)},
          {QStringLiteral("quality"), qualityName(p.quality)},
          {QStringLiteral("timedOut"), p.timedOut},
          {QStringLiteral("nulls"), p.nullCount},
          {QStringLiteral("fragment"), p.fragment},
          {QStringLiteral("segments"), p.segments}};
}

ParsedCaption parsedCaptionFromJson(const QJsonObject &json) {
  ParsedCaption p;
  p.text = json.value(QStringLiteral("text")).toString();
  p.tokens = stringList(json.value(QStringLiteral("tokens")));
  p.upos = stringList(json.value(QStringLiteral("upos")));
  p.xpos = stringList(json.value(QStringLiteral("xpos")));
  p.offsets = intVector(json.value(QStringLiteral("offsets")));
  if (p.offsets.size() != static_cast<std::size_t>(p.tokens.size()) || p.xpos.size() != p.tokens.size())
    throw std::invalid_argument("parsedCaptionFromJson: token columns differ in length");
  p.dependency = Tree::dependency(p.tokens, p.upos, intVector(json.value(QStringLiteral("heads"))),
                                  stringList(json.value(QStringLiteral("rels"))));
  std::vector<TreeNode> nodes;
  for (const QJsonValue &v : json.value(QStringLiteral("const")).toArray()) {
    const QJsonArray a = v.toArray();
    TreeNode node;
    node.label = a.at(0).toString();
    node.parent = a.at(1).toInt();
    node.token = a.at(2).toInt(-1);
    if (node.token >= 0) {
      if (node.token >= p.tokens.size()) throw std::invalid_argument("parsedCaptionFromJson: leaf token out of range");
      node.word = p.tokens[node.token];
      node.pos = p.upos[node.token];
    }
    nodes.push_back(node);
  }
  p.constituency = Tree::constituency(std::move(nodes));
  if (!styleFromName(json.value(QStringLiteral("style")).toString(), &p.style))
    throw std::invalid_argument("parsedCaptionFromJson: unknown style");
  const QString quality = json.value(QStringLiteral("quality")).toString();
  p.quality = quality == QLatin1String("partial") ? ParseQuality::Partial
              : quality == QLatin1String("fallback") ? ParseQuality::Fallback : ParseQuality::Complete;
  p.timedOut = json.value(QStringLiteral("timedOut")).toBool();
  p.nullCount = json.value(QStringLiteral("nulls")).toInt();
  p.fragment = json.value(QStringLiteral("fragment")).toBool();
  p.segments = std::max(json.value(QStringLiteral("segments")).toInt(1), 1);
  return p;
}

ParseCache::ParseCache(const QString &name, DependencyStyle style) : m_version(parserVersion()) {
  QString stem = name;
  stem.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("_"));
  m_path = QDir(userCacheDir(QStringLiteral("parses"))).filePath(QStringLiteral("%1-%2.jsonl").arg(stem, styleName(style)));
}

void ParseCache::load() {
  m_entries.clear();
  QFile file(m_path);
  if (!file.open(QIODevice::ReadOnly)) return;
  while (!file.atEnd()) {
    const QJsonObject line = QJsonDocument::fromJson(file.readLine()).object();
    if (line.value(QStringLiteral("v")).toString() != m_version) continue;
    try {
      CompactParse p(parsedCaptionFromJson(line.value(QStringLiteral("parse")).toObject()));
      m_entries.insert(p.text(), std::move(p));
    } catch (const std::exception &) {
      // A damaged line costs one re-parse, nothing more.
    }
  }
}

const CompactParse *ParseCache::find(const QString &text) const {
  const auto it = m_entries.constFind(text);
  return it == m_entries.constEnd() ? nullptr : &it.value();
}

void ParseCache::insert(const CompactParse &parsed) { m_entries.insert(parsed.text(), parsed); }

void ParseCache::save() const {
  QByteArray data;
  for (auto it = m_entries.constBegin(); it != m_entries.constEnd(); ++it) {
    const QJsonObject line{{QStringLiteral("v"), m_version}, {QStringLiteral("parse"), parsedCaptionToJson(it.value().expand())}};
    data += QJsonDocument(line).toJson(QJsonDocument::Compact);
    data += '\n';
  }
  writeFileAtomically(m_path, data);
}

}  // namespace gs
