#include "text/sentencepiecetokenizer.h"

#include "runtime/isolatedlibrary.h"
#include "text/detail/sentencepieceshim.h"

#include <QCoreApplication>
#include <QFile>
#include <QStringList>

#include <dlfcn.h>

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

// The installed module's folder relative to the executables' (CMake sets it from the install layout).
#ifndef GS_SENTENCEPIECE_INSTALL_DIR
#define GS_SENTENCEPIECE_INSTALL_DIR "../lib/groundscope"
#endif

namespace gs {

namespace {

// The module's file name (CMake's MODULE library gs_sentencepiece).
const QString kModuleName = QStringLiteral("libgs_sentencepiece.so");
// The size of the error buffers handed to the module.
constexpr size_t kErrorSize = 1024;

// The module's functions, resolved once per process. `failure` says why they could not be, and
// is empty when they were.
struct Shim {
  decltype(&gs_sp_load) load = nullptr;
  decltype(&gs_sp_free) free = nullptr;
  decltype(&gs_sp_piece_count) pieceCount = nullptr;
  decltype(&gs_sp_eos_id) eosId = nullptr;
  decltype(&gs_sp_pad_id) padId = nullptr;
  decltype(&gs_sp_piece_to_id) pieceToId = nullptr;
  decltype(&gs_sp_is_unknown) isUnknown = nullptr;
  decltype(&gs_sp_id_to_piece) idToPiece = nullptr;
  decltype(&gs_sp_encode) encode = nullptr;
  QString failure;
};

// Where the module may be, in order: $GS_SENTENCEPIECE_MODULE, the install layout beside the
// executable (bin/ → lib/groundscope/), the executable's own folder, then the build tree's module.
// The build tree comes last so that an installed program never loads from the folder it was
// built in.
QStringList moduleCandidates() {
  QStringList paths;
  const QString variable = qEnvironmentVariable("GS_SENTENCEPIECE_MODULE");
  if (!variable.isEmpty()) paths << variable;
  if (QCoreApplication::instance()) {
    const QString folder = QCoreApplication::applicationDirPath();
    paths << folder + QStringLiteral("/" GS_SENTENCEPIECE_INSTALL_DIR "/") + kModuleName
          << folder + QLatin1Char('/') + kModuleName;
  }
#ifdef GS_SENTENCEPIECE_BUILD_MODULE
  paths << QStringLiteral(GS_SENTENCEPIECE_BUILD_MODULE);
#endif
  paths.removeDuplicates();
  return paths;
}

// Resolves every function of `shim` from `module`; false when one is missing.
bool resolve(void *module, Shim &shim) {
  const auto symbol = [module](auto &function, const char *name) {
    function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(dlsym(module, name));
    return function != nullptr;
  };
  return symbol(shim.load, "gs_sp_load") && symbol(shim.free, "gs_sp_free") &&
         symbol(shim.pieceCount, "gs_sp_piece_count") && symbol(shim.eosId, "gs_sp_eos_id") &&
         symbol(shim.padId, "gs_sp_pad_id") && symbol(shim.pieceToId, "gs_sp_piece_to_id") &&
         symbol(shim.isUnknown, "gs_sp_is_unknown") && symbol(shim.idToPiece, "gs_sp_id_to_piece") &&
         symbol(shim.encode, "gs_sp_encode");
}

// Opens the first candidate that loads and has this interface's version, in a scope of its own
// (runtime/isolatedlibrary.h): libsentencepiece's protobuf and LibTorch's libprotobuf must not see
// each other. The module stays open for the life of the process.
Shim loadShim() {
  Shim shim;
  QStringList attempts;
  for (const QString &path : moduleCandidates()) {
    QString error;
    void *module = runtime::openIsolatedLibrary(path, &error);
    if (!module) {
      attempts << error;
      continue;
    }
    const auto version = reinterpret_cast<decltype(&gs_sp_abi_version)>(dlsym(module, "gs_sp_abi_version"));
    const int found = version ? version() : -1;
    if (found == GS_SENTENCEPIECE_ABI_VERSION && resolve(module, shim)) return shim;
    attempts << path + (found == GS_SENTENCEPIECE_ABI_VERSION ? QStringLiteral(": lacks a function of its interface")
                        : found < 0 ? QStringLiteral(": lacks gs_sp_abi_version")
                                    : QStringLiteral(": has interface version %1, not %2")
                                          .arg(found)
                                          .arg(GS_SENTENCEPIECE_ABI_VERSION));
    dlclose(module);
    shim = Shim();
  }
  shim.failure = attempts.isEmpty() ? QStringLiteral("no path to try") : attempts.join(QStringLiteral("; "));
  return shim;
}

// The module, loaded at the first call (thread-safe: a function-local static).
const Shim &sentencePieceShim() {
  static const Shim shim = loadShim();
  return shim;
}

}  // namespace

struct SentencePieceTokenizer::Model {
  const Shim &shim = sentencePieceShim();
  GsSentencePiece *handle = nullptr;
  QString file;

  ~Model() {
    if (handle) shim.free(handle);
  }

  // The id of a piece the spec names; throws when the model has no such piece (SentencePiece
  // answers its unknown id for those).
  std::int64_t pieceId(const QString &piece) const {
    const QByteArray utf8 = piece.toUtf8();
    const int id = shim.pieceToId(handle, utf8.constData(), size_t(utf8.size()));
    if (shim.isUnknown(handle, id) && this->piece(id) != piece)
      throw std::runtime_error(QStringLiteral("%1: the model has no piece '%2'").arg(file, piece).toStdString());
    return id;
  }

  // The spec's token when it names one, "" for none, else the model's own id (`own`, negative
  // when the model has none).
  std::optional<std::int64_t> special(const std::optional<QString> &token, int own) const {
    if (token) return token->isEmpty() ? std::nullopt : std::optional<std::int64_t>(pieceId(*token));
    return own >= 0 ? std::optional<std::int64_t>(own) : std::nullopt;
  }

  // The piece of `id`; "" for an id outside the model.
  QString piece(int id) const {
    char buffer[64];
    const ptrdiff_t length = shim.idToPiece(handle, id, buffer, sizeof buffer);
    if (length <= ptrdiff_t(sizeof buffer)) return length < 0 ? QString() : QString::fromUtf8(buffer, length);
    QByteArray longer(length, Qt::Uninitialized);
    shim.idToPiece(handle, id, longer.data(), size_t(length));
    return QString::fromUtf8(longer);
  }

  QString piece(std::optional<std::int64_t> id) const { return id ? piece(int(*id)) : QString(); }
};

SentencePieceTokenizer::SentencePieceTokenizer(const TokenizerSpec &spec)
    : TextTokenizer(spec.contextLength), m_model(std::make_unique<Model>()), m_lowerCase(spec.lowerCase) {
  Model &model = *m_model;
  model.file = spec.vocabularyFile;
  if (!model.shim.failure.isEmpty())
    throw std::runtime_error(QStringLiteral("%1: cannot load the SentencePiece model: the SentencePiece module "
                                            "could not be loaded (%2)")
                                 .arg(spec.vocabularyFile, model.shim.failure)
                                 .toStdString());
  char error[kErrorSize] = {};
  model.handle = model.shim.load(QFile::encodeName(spec.vocabularyFile).constData(), error, sizeof error);
  if (!model.handle)
    throw std::runtime_error(QStringLiteral("%1: cannot load the SentencePiece model: %2")
                                 .arg(spec.vocabularyFile, QString::fromUtf8(error))
                                 .toStdString());
  const int eos = model.shim.eosId(model.handle), pad = model.shim.padId(model.handle);
  const std::optional<std::int64_t> begin = model.special(spec.beginToken, -1);
  const std::optional<std::int64_t> end = model.special(spec.endToken, eos);
  const std::optional<std::int64_t> padding = model.special(spec.padToken, pad >= 0 ? pad : eos);
  setFraming(begin, model.piece(begin), end, model.piece(end), padding.value_or(0));
}

SentencePieceTokenizer::~SentencePieceTokenizer() = default;

int SentencePieceTokenizer::vocabularySize() const { return m_model->shim.pieceCount(m_model->handle); }

TextTokenizer::Subwords SentencePieceTokenizer::subwords(const QString &text) const {
  const QByteArray utf8 = (m_lowerCase ? text.toLower() : text).toUtf8();
  // One id per byte and a few more is nearly always enough; a longer result asks again.
  std::vector<int> ids(size_t(utf8.size()) + 8);
  ptrdiff_t count = -1;
  for (int attempt = 0; attempt < 2; ++attempt) {
    count = m_model->shim.encode(m_model->handle, utf8.constData(), size_t(utf8.size()), ids.data(), ids.size(),
                                 nullptr, 0);
    if (count <= ptrdiff_t(ids.size())) break;
    ids.resize(size_t(count));
  }
  // Encoding fails only for a model that is not loaded, which the constructor rules out.
  Subwords out;
  if (count < 0) return out;
  ids.resize(size_t(count));
  out.ids.assign(ids.begin(), ids.end());
  for (int id : ids) out.pieces << m_model->piece(id);
  return out;
}

}  // namespace gs
