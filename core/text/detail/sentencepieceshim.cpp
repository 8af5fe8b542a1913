// gs_sentencepiece: libsentencepiece behind the plain C interface of sentencepieceshim.h. Built
// as a module of its own that links only libsentencepiece (no Qt, no gscore), and loaded with
// dlopen by sentencepiecetokenizer.cpp. Every entry point catches whatever the library throws.

#include "text/detail/sentencepieceshim.h"

#include <sentencepiece_processor.h>

#include <algorithm>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <vector>

struct GsSentencePiece {
  sentencepiece::SentencePieceProcessor processor;
};

extern "C" {

int gs_sp_abi_version(void) { return GS_SENTENCEPIECE_ABI_VERSION; }

GsSentencePiece *gs_sp_load(const char *path, char *error, size_t errorSize) {
  try {
    auto model = std::make_unique<GsSentencePiece>();
    const sentencepiece::util::Status status = model->processor.Load(path);
    if (!status.ok()) {
      gsWriteSentencePieceError(error, errorSize, status.ToString());
      return nullptr;
    }
    return model.release();
  } catch (const std::exception &e) {
    gsWriteSentencePieceError(error, errorSize, e.what());
  } catch (...) {
    gsWriteSentencePieceError(error, errorSize, "unknown exception");
  }
  return nullptr;
}

void gs_sp_free(GsSentencePiece *model) { delete model; }

int gs_sp_piece_count(const GsSentencePiece *model) { return model->processor.GetPieceSize(); }
int gs_sp_bos_id(const GsSentencePiece *model) { return model->processor.bos_id(); }
int gs_sp_eos_id(const GsSentencePiece *model) { return model->processor.eos_id(); }
int gs_sp_pad_id(const GsSentencePiece *model) { return model->processor.pad_id(); }
int gs_sp_unk_id(const GsSentencePiece *model) { return model->processor.unk_id(); }

int gs_sp_piece_to_id(const GsSentencePiece *model, const char *piece, size_t length) {
  try {
    return model->processor.PieceToId(absl::string_view(piece, length));
  } catch (...) {
    return model->processor.unk_id();
  }
}

int gs_sp_is_unknown(const GsSentencePiece *model, int id) {
  try {
    return model->processor.IsUnknown(id) ? 1 : 0;
  } catch (...) {
    return 1;
  }
}

ptrdiff_t gs_sp_id_to_piece(const GsSentencePiece *model, int id, char *out, size_t capacity) {
  if (id < 0 || id >= model->processor.GetPieceSize()) return -1;
  try {
    const std::string &piece = model->processor.IdToPiece(id);
    std::memcpy(out, piece.data(), std::min(piece.size(), capacity));
    return ptrdiff_t(piece.size());
  } catch (...) {
    return -1;
  }
}

ptrdiff_t gs_sp_encode(const GsSentencePiece *model, const char *text, size_t length, int *ids, size_t capacity,
                       char *error, size_t errorSize) {
  try {
    std::vector<int> encoded;
    const sentencepiece::util::Status status = model->processor.Encode(absl::string_view(text, length), &encoded);
    if (!status.ok()) {
      gsWriteSentencePieceError(error, errorSize, status.ToString());
      return -1;
    }
    std::copy_n(encoded.begin(), std::min(encoded.size(), capacity), ids);
    return ptrdiff_t(encoded.size());
  } catch (const std::exception &e) {
    gsWriteSentencePieceError(error, errorSize, e.what());
  } catch (...) {
    gsWriteSentencePieceError(error, errorSize, "unknown exception");
  }
  return -1;
}

}  // extern "C"
