#pragma once
// The C interface of gs_sentencepiece, the module that holds libsentencepiece. Debian's
// libsentencepiece embeds its own protobuf and exports its symbols, which clash with the
// libprotobuf LibTorch loads (linked together, the process crashes at start-up); so nothing links
// the module: sentencepiecetokenizer.cpp opens it in a scope of its own
// (runtime/isolatedlibrary.h: RTLD_LOCAL | RTLD_DEEPBIND), and this interface carries only plain
// C types: no C++ object, allocation or exception crosses it.
//
// Every function is safe to call from several threads at once on one model, except
// gs_sp_free. Strings are UTF-8 with explicit lengths.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// The interface's version: the loader refuses a module that answers another one.
#define GS_SENTENCEPIECE_ABI_VERSION 1

// The module is built with hidden visibility: these functions are all it exports.
#define GS_SP_API __attribute__((visibility("default")))

typedef struct GsSentencePiece GsSentencePiece;

GS_SP_API int gs_sp_abi_version(void);

// Loads the .model file at `path`. Null on failure, with the reason written to `error`
// (NUL-terminated, cut to `errorSize` bytes).
GS_SP_API GsSentencePiece *gs_sp_load(const char *path, char *error, size_t errorSize);
GS_SP_API void gs_sp_free(GsSentencePiece *model);

// The number of pieces, and the model's special ids (negative when it has none).
GS_SP_API int gs_sp_piece_count(const GsSentencePiece *model);
GS_SP_API int gs_sp_bos_id(const GsSentencePiece *model);
GS_SP_API int gs_sp_eos_id(const GsSentencePiece *model);
GS_SP_API int gs_sp_pad_id(const GsSentencePiece *model);
GS_SP_API int gs_sp_unk_id(const GsSentencePiece *model);

// The id of a piece; the unknown id when the model has no such piece.
GS_SP_API int gs_sp_piece_to_id(const GsSentencePiece *model, const char *piece, size_t length);
GS_SP_API int gs_sp_is_unknown(const GsSentencePiece *model, int id);

// Writes the piece of `id` to `out` (not NUL-terminated, at most `capacity` bytes) and returns
// its full length in bytes: a result above `capacity` asks for a larger buffer. -1 for an id
// outside [0, piece count).
GS_SP_API ptrdiff_t gs_sp_id_to_piece(const GsSentencePiece *model, int id, char *out, size_t capacity);

// Encodes `text` and writes at most `capacity` ids to `ids`; returns the number of ids the text
// has (a result above `capacity` asks for a larger buffer), or -1 when encoding fails, with the
// reason in `error`.
GS_SP_API ptrdiff_t gs_sp_encode(const GsSentencePiece *model, const char *text, size_t length, int *ids,
                                 size_t capacity, char *error, size_t errorSize);

#ifdef __cplusplus
}
#endif

#ifdef __cplusplus
#include <algorithm>
#include <cstring>
#include <string>

// Writes `message` into a caller's error buffer, NUL-terminated and cut to `errorSize` bytes: how
// the module (and the tests' trainer module) hands a reason across the C interface.
inline void gsWriteSentencePieceError(char *error, size_t errorSize, const std::string &message) {
  if (!error || errorSize == 0) return;
  const size_t length = std::min(message.size(), errorSize - 1);
  std::memcpy(error, message.data(), length);
  error[length] = '\0';
}
#endif
