// The C face of the bad-input table (api/tests/bad_inputs.tsv): feeds every row the C API can
// express to the C function that reads it and checks the status (mapped to the table's error
// class) and that tanbo_last_error says the row's message core; a rejected call must leave the
// game unchanged (hash and ply). Written in C++ for the table reading only: it calls nothing but
// tanbo.h. Usage: tanbo_capi_bad_inputs <bad_inputs.tsv>
#include <cinttypes>
#include <climits>
#include <cstdio>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "tanbo/tanbo.h"
#include "tsv.hpp"

namespace {

// The table's class of a C status (the mapping of tanbo/api/errors.hpp).
std::string class_of(tanbo_status s) {
  switch (s) {
    case TANBO_OK: return "ok";
    case TANBO_ERR_PARSE: return "ParseError";
    case TANBO_ERR_ILLEGAL_MOVE: return "IllegalMoveError";
    case TANBO_ERR_INVALID_POSITION: return "InvalidPositionError";
    case TANBO_ERR_INVALID_ARGUMENT:
    case TANBO_ERR_NO_MOVE_TO_UNDO:
    case TANBO_ERR_GAME_OVER: return "UsageError";
    default: return std::string("status ") + tanbo_status_string(s);
  }
}

using tanbo::tsv::split;

// A string argument as UTF-8, or nullopt when it holds a lone surrogate (no C string has one).
std::optional<std::string> unescape(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 >= s.size()) {
      out += s[i];
      continue;
    }
    const char c = s[++i];
    if (c == 'n') out += '\n';
    else if (c == 't') out += '\t';
    else if (c == 'u') {
      const unsigned long u = std::stoul(s.substr(i + 1, 4), nullptr, 16);
      i += 4;
      if (u >= 0xd800 && u <= 0xdfff) return std::nullopt;
      if (u < 0x80) out += static_cast<char>(u);
      else if (u < 0x800) {
        out += static_cast<char>(0xc0 | (u >> 6));
        out += static_cast<char>(0x80 | (u & 0x3f));
      } else {
        out += static_cast<char>(0xe0 | (u >> 12));
        out += static_cast<char>(0x80 | ((u >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (u & 0x3f));
      }
    } else out += c;
  }
  return out;
}

// An integer argument as a C int, or nullopt when no int holds it (C cannot pass it at all).
std::optional<int> as_int(const std::string& text) {
  if (text.find_first_not_of("-0123456789") != std::string::npos) return std::nullopt;
  try {
    const long long v = std::stoll(text);
    if (v < INT_MIN || v > INT_MAX) return std::nullopt;
    return static_cast<int>(v);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

struct Outcome {
  std::string cls;
  std::string message;
};

struct Free {
  void operator()(tanbo_game* g) const noexcept { tanbo_game_free(g); }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: tanbo_capi_bad_inputs <bad_inputs.tsv>\n");
    return 2;
  }
  int rows = 0, checked = 0, failures = 0;
  for (const tanbo::tsv::Row& row : tanbo::tsv::read(argv[1])) {
    const int number = row.line;
    ++rows;
    const std::vector<std::string>& f = row.fields;
    if (f.size() != 7) {
      std::fprintf(stderr, "bad_inputs.tsv:%d: %zu columns, not 7\n", number, f.size());
      ++failures;
      continue;
    }
    const std::string &op = f[0], &start = f[1], &moves = f[2], &arg = f[3], &want = f[4], &core = f[5], &at = f[6];
    const std::string kind = arg.substr(0, 2);
    const std::string value = arg.size() > 2 ? arg.substr(2) : "";
    std::optional<std::string> text;
    std::optional<int> number_arg;
    if (kind == "s:") {
      text = unescape(value);
      if (!text) continue;  // a lone surrogate: not a C string
    } else if (kind == "i:") {
      number_arg = as_int(value);
      if (!number_arg) continue;  // beyond int: a C caller cannot pass it
    } else if (arg != "-") {
      continue;  // floats, bools, bytes: C has no such argument
    }
    if (want == "TypeError") continue;
    char err[512] = {};
    tanbo_game* raw = nullptr;
    Outcome got;
    std::unique_ptr<tanbo_game, Free> game;
    if (start != "-") {
      if (tanbo_game_create_with_engine(start.c_str(), TANBO_ENGINE_OPTIMIZED, &raw, err, sizeof err) != TANBO_OK) {
        std::fprintf(stderr, "bad_inputs.tsv:%d: cannot start %s: %s\n", number, start.c_str(), err);
        ++failures;
        continue;
      }
      game.reset(raw);
      if (moves != "-")
        for (const std::string& m : split(moves, ',')) tanbo_play(raw, m.c_str());
    }
    const std::uint64_t hash = game ? tanbo_hash(raw) : 0;
    const int ply = game ? tanbo_ply(raw) : 0;
    auto on_game = [&](tanbo_status s) { got = {class_of(s), tanbo_last_error(raw)}; };
    if (op == "play") {
      on_game(text ? tanbo_play(raw, text->c_str()) : tanbo_play_index(raw, *number_arg));
    } else if (op == "is_legal") {
      int index = *(number_arg ? number_arg : std::optional<int>(-1));
      tanbo_status s = TANBO_OK;
      if (text) s = tanbo_point_index_query(raw, text->c_str(), &index);
      on_game(s);
      if (s == TANBO_OK) got.cls = tanbo_is_legal(raw, index) == 1 ? "true" : "false";
    } else if (op == "at") {
      int index = number_arg.value_or(-1);
      tanbo_status s = TANBO_OK;
      tanbo_color c = TANBO_NONE;
      if (text) s = tanbo_point_index(raw, text->c_str(), &index);
      if (s == TANBO_OK) s = tanbo_cell_at(raw, index, &c);
      on_game(s);
    } else if (op == "undo") {
      on_game(tanbo_undo(raw));
    } else if (op == "last_result") {
      tanbo_move_result r;
      on_game(tanbo_last_result(raw, &r, nullptr, 0, nullptr));
    } else if (op == "perft") {
      std::uint64_t nodes = 0;
      on_game(tanbo_perft(raw, *number_arg, &nodes));
    } else if (op == "engine") {
      tanbo_engine e = TANBO_ENGINE_OPTIMIZED;
      got = {class_of(tanbo_engine_parse(text->c_str(), &e, err, sizeof err)), err};
    } else if (op == "start" || op == "record") {
      const tanbo_status s = op == "start"
          ? tanbo_game_create_with_engine(text->c_str(), TANBO_ENGINE_OPTIMIZED, &raw, err, sizeof err)
          : tanbo_game_create_from_record(text->c_str(), TANBO_ENGINE_OPTIMIZED, &raw, err, sizeof err);
      if (s == TANBO_OK) tanbo_game_free(raw);
      got = {class_of(s), err};
    } else {
      std::fprintf(stderr, "bad_inputs.tsv:%d: unknown op '%s'\n", number, op.c_str());
      ++failures;
      continue;
    }
    ++checked;
    const bool class_ok = got.cls == want;
    const std::string located = at == "-" ? "" : "line " + at.substr(0, at.find(':')) + ", column " +
                                                       at.substr(at.find(':') + 1) + ": ";
    const bool message_ok = (core == "-" || got.message.find(core) != std::string::npos) &&
                            got.message.find(located) != std::string::npos;
    const bool unchanged = !game || (tanbo_hash(game.get()) == hash && tanbo_ply(game.get()) == ply);
    if (!class_ok || !message_ok || !unchanged) {
      std::fprintf(stderr, "bad_inputs.tsv:%d: %s %s: got %s \"%s\", want %s \"%s\"%s\n", number, op.c_str(),
                   arg.c_str(), got.cls.c_str(), got.message.c_str(), want.c_str(), core.c_str(),
                   unchanged ? "" : " (and the game changed)");
      ++failures;
    }
  }
  std::printf("C face: %d of %d rows checked, %d failed\n", checked, rows, failures);
  return failures == 0 && checked > 0 ? 0 : 1;
}
