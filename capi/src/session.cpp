// C API: the engine protocol's session (docs/protocol.md) as a handle, so every server - the npm
// package's tanbo-serve over WebAssembly included - pumps lines through the one C++ session
// (tanbo::protocol::Server) instead of speaking the protocol itself.
#include <cstring>
#include <string>
#include <string_view>

#include "internal.hpp"
#include "tanbo/protocol/protocol.hpp"

/// The opaque session handle: the C++ session, the last answer (kept so a caller whose buffer
/// was too small reads it again instead of handing the request twice) and the last message.
struct tanbo_session {
  explicit tanbo_session(std::string engine) : server(std::move(engine)) {}
  tanbo::protocol::Server server;
  std::string answer;         ///< Answer to the last request handed; "" for none (a comment).
  char last_error[512] = {};  ///< Message of the last failed call; "" after a success.
};

namespace {

ErrorSink session_sink(tanbo_session* s, const char* function) noexcept {
  return {s->last_error, sizeof s->last_error, function};
}

// Both handle calls. `line` is the request (NUL bytes included); NULL is misuse unless the
// call took a length of 0 (`counted`). A failed call leaves no answer to read again.
tanbo_status handle_line(tanbo_session* session, const char* function, const char* line, std::size_t line_len,
                         bool counted, char* buf, std::size_t len, std::size_t* needed) {
  const ErrorSink err = session_sink(session, function);
  session->answer.clear();
  return guarded(err, [&]() -> tanbo_status {
    if (line == nullptr && (!counted || line_len > 0))
      return err.fail(TANBO_ERR_NULL_ARGUMENT, counted ? "line is NULL but line_len > 0" : "line is NULL");
    if (buf == nullptr && len > 0) return err.fail(TANBO_ERR_NULL_ARGUMENT, "buf is NULL but len > 0");
    // The answer is stored before it is written out: a cut answer is read again, not recomputed.
    session->answer = session->server.handle(std::string_view(line == nullptr ? "" : line, line_len)).value_or("");
    return tanbo::capi::write_text(err, session->answer, buf, len, needed);
  });
}

}  // namespace

extern "C" {

tanbo_status tanbo_session_create(const char* engine, tanbo_session** out, char* err_buf, std::size_t err_len) {
  const ErrorSink err{err_buf, err_len, "tanbo_session_create"};
  return guarded(err, [&]() -> tanbo_status {
    if (out == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "out is NULL");
    *out = nullptr;
    if (engine == nullptr) return err.fail(TANBO_ERR_NULL_ARGUMENT, "engine is NULL");
    *out = new tanbo_session(engine);  // the registry refuses other names (UsageError)
    return TANBO_OK;
  });
}

void tanbo_session_free(tanbo_session* session) { delete session; }

const char* tanbo_session_last_error(const tanbo_session* session) {
  return session == nullptr ? "tanbo_session_last_error: session is NULL" : session->last_error;
}

tanbo_status tanbo_session_handle(tanbo_session* session, const char* line, char* buf, std::size_t len,
                                  std::size_t* needed) {
  if (session == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  return handle_line(session, "tanbo_session_handle", line, line == nullptr ? 0 : std::strlen(line), false, buf, len,
                     needed);
}

tanbo_status tanbo_session_handle_n(tanbo_session* session, const char* line, std::size_t line_len, char* buf,
                                    std::size_t len, std::size_t* needed) {
  if (session == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  return handle_line(session, "tanbo_session_handle_n", line, line_len, true, buf, len, needed);
}

tanbo_status tanbo_session_answer(tanbo_session* session, char* buf, std::size_t len, std::size_t* needed) {
  if (session == nullptr) return TANBO_ERR_NULL_ARGUMENT;
  const ErrorSink err = session_sink(session, "tanbo_session_answer");
  return guarded(err, [&] { return tanbo::capi::write_text(err, session->answer, buf, len, needed); });
}

int tanbo_session_done(const tanbo_session* session) {
  return session == nullptr ? -1 : session->server.done() ? 1 : 0;
}

}  // extern "C"
