// Shared plumbing of the C API: the handle's definition and the exception barrier that every
// entry point goes through, so no C++ exception ever crosses into C code.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>

#include "tanbo/api/game.hpp"
#include "tanbo/api/points.hpp"
#include "tanbo/api/errors.hpp"
#include "tanbo/api/solution.hpp"
#include "tanbo/tanbo.h"

/// The integer a C caller passed for an enum parameter. C lets any int through, but in C++ a
/// value outside the enumerators' range is undefined behaviour once loaded as the enum type
/// (UBSan's -fsanitize=enum), so entry points inspect the object representation instead.
template <typename Enum>
int raw_enum_value(const Enum& value) noexcept {
  static_assert(sizeof(Enum) == sizeof(int), "C enums are int-sized on supported platforms");
  int raw = 0;
  std::memcpy(&raw, &value, sizeof raw);
  return raw;
}

/// The opaque handle. The message lives in a fixed array so recording an error never
/// allocates and therefore can never fail (an out-of-memory report must itself succeed).
struct tanbo_game {
  explicit tanbo_game(std::unique_ptr<tanbo::api::AnyGame> g) noexcept : game(std::move(g)) {}
  /// A copy with its own engine state and history, and no message.
  tanbo_game(const tanbo_game& other) : game(other.game) {}
  tanbo_game& operator=(const tanbo_game&) = delete;
  ~tanbo_game() = default;

  /// Either engine (tanbo::api::make_game); `game->` reaches the AnyGame. The per-move calls
  /// (a move, a random move, is the game over) go through tanbo::api's GameHandle functions,
  /// which run the default engine's own code without a virtual call.
  tanbo::api::GameHandle game;
  char last_error[512] = {};  ///< Message of the last failed call; "" after a success.
};

namespace tanbo::capi {

// tanbo_rng carries tanbo::Rng's state through C; both are plain bytes of the same size.
static_assert(std::is_trivially_copyable_v<tanbo::Rng>);
static_assert(sizeof(tanbo::Rng) == sizeof(tanbo_rng::state));

/// The generator a tanbo_rng holds.
inline tanbo::Rng load(const tanbo_rng& r) noexcept {
  tanbo::Rng rng;
  std::memcpy(static_cast<void*>(&rng), r.state, sizeof rng);
  return rng;
}

/// Writes `rng` back into the caller's tanbo_rng.
inline void store(const tanbo::Rng& rng, tanbo_rng& r) noexcept {
  std::memcpy(r.state, static_cast<const void*>(&rng), sizeof rng);
}

/// Copies `msg` into buf[0..len), cut to fit and NUL-terminated; no-op when there is no room.
inline void copy_message(char* buf, std::size_t len, std::string_view msg) noexcept {
  if (buf == nullptr || len == 0) return;
  const std::size_t n = msg.size() < len - 1 ? msg.size() : len - 1;
  std::memcpy(buf, msg.data(), n);
  buf[n] = '\0';
}

/// Where a failing call puts its message: the handle's array, or the caller's buffer for the
/// create functions. Writes "<function>: <what>" without allocating.
struct ErrorSink {
  char* buf;
  std::size_t len;
  const char* function;

  tanbo_status fail(tanbo_status status, std::string_view what) const noexcept {
    // tanbo::api messages that name their caller were given this function's name: keep one.
    if (const std::string_view own(function); what.substr(0, own.size()) == own &&
                                               what.substr(own.size(), 2) == ": ")
      what.remove_prefix(own.size() + 2);
    if (buf != nullptr && len > 0) {
      copy_message(buf, len, function);
      const std::size_t used = std::strlen(buf);
      copy_message(buf + used, len - used, ": ");
      const std::size_t used2 = std::strlen(buf);
      copy_message(buf + used2, len - used2, what);
    }
    return status;
  }
  void clear() const noexcept { copy_message(buf, len, ""); }
};

/// The sink of a handle (which must not be null).
inline ErrorSink sink(tanbo_game* g, const char* function) noexcept {
  return {g->last_error, sizeof g->last_error, function};
}

/// Runs `body` (returning tanbo_status), clearing the message first and translating every
/// exception into a status plus message. The catch order goes from specific to general.
template <typename Body>
tanbo_status guarded(const ErrorSink& err, Body&& body) noexcept {
  err.clear();
  try {
    return body();
  } catch (const IllegalMoveError& e) {
    return err.fail(TANBO_ERR_ILLEGAL_MOVE, e.what());
  } catch (const ParseError& e) {
    return err.fail(TANBO_ERR_PARSE, e.what());
  } catch (const InvalidPositionError& e) {
    return err.fail(TANBO_ERR_INVALID_POSITION, e.what());
  } catch (const UsageError& e) {
    return err.fail(TANBO_ERR_INVALID_ARGUMENT, e.what());
  } catch (const api::TableError& e) {
    return err.fail(TANBO_ERR_BAD_TABLE, e.what());
  } catch (const std::bad_alloc&) {
    return err.fail(TANBO_ERR_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return err.fail(TANBO_ERR_INTERNAL, e.what());
  } catch (...) {
    return err.fail(TANBO_ERR_INTERNAL, "unknown exception");
  }
}

/// The point of a row-major index where the call needs a board point. @throws the error model's
/// UsageError for an index off the board (tanbo::api::query_index_point words it).
inline Point board_point(const ErrorSink& err, int size, int index) {
  return api::query_index_point(size, static_cast<long long>(index), err.function);
}

/// snprintf-style output of `text` (see "Strings out" in tanbo.h).
inline tanbo_status write_text(const ErrorSink& err, const std::string& text, char* buf,
                               std::size_t len, std::size_t* needed) {
  if (buf == nullptr && len > 0) return err.fail(TANBO_ERR_NULL_ARGUMENT, "buf is NULL but len > 0");
  if (needed != nullptr) *needed = text.size();
  copy_message(buf, len, text);
  if (text.size() >= len) {
    return err.fail(TANBO_ERR_BUFFER_TOO_SMALL,
                    "the text needs " + std::to_string(text.size() + 1) +
                        " bytes with the NUL but the buffer has " + std::to_string(len));
  }
  return TANBO_OK;
}

// Writes a list of ints snprintf-style: everything or (with BUFFER_TOO_SMALL) a prefix.
template <typename Ints>
inline tanbo_status write_ints(const ErrorSink& err, const Ints& values, int* out, std::size_t capacity,
                        std::size_t* count, const char* what) {
  if (out == nullptr && capacity > 0) return err.fail(TANBO_ERR_NULL_ARGUMENT, "out is NULL but capacity > 0");
  if (count != nullptr) *count = values.size();
  std::copy_n(values.begin(), std::min(values.size(), capacity), out);
  if (values.size() > capacity)
    return err.fail(TANBO_ERR_BUFFER_TOO_SMALL, std::string("there are ") + std::to_string(values.size()) +
                                                    " " + what + " but room for " + std::to_string(capacity));
  return TANBO_OK;
}

}  // namespace tanbo::capi

// The C API's source files (the only includers of this header) call the barrier and the argument
// helpers by their short names.
using tanbo::capi::ErrorSink;
using tanbo::capi::guarded;
using tanbo::capi::load;
using tanbo::capi::sink;
using tanbo::capi::store;
