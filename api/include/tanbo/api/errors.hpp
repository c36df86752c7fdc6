// The error model of every front end (CLI, C API, Python, JavaScript), decided once here so that
// the same bad input gets the same error class and the same message on every face. Faces pass the
// caller's input to tanbo::api (points.hpp, start.hpp, game.hpp, explain.hpp) instead of checking
// it themselves, and translate the class below one to one (C: a status code; Python and
// JavaScript: the exception of the same name; CLI: exit status 1, or 2 for a command-line option).
// Every message says what was wrong and where ("line 4, column 3: move 5: illegal move A1 by X:
// ...", "'A0' is not a point of the 5x5 board (columns A-E, rows 1-5)"), quotes the caller's text
// through tanbo::printable, and every rejected call leaves the game unchanged.
//
//   bad input                                         class (core/errors.hpp)
//   ------------------------------------------------  ------------------------------------------
//   malformed point name ("A0", "A05", "", "hello",   ParseError ("'A0' is not a point of the
//     "B1\x00"), in any call, move or query              5x5 board (columns A-E, rows 1-5)")
//   a well-formed name off this board ("F1" on 5x5)   as a move: that ParseError; as a query
//                                                       (is legal?): no error, false
//   point or index off the board as a move            IllegalMoveError, reason OffBoard ("illegal
//     ((5, 0), index 25, 2^31, 2^32+3, 2^53, 1e300,     move index 25 (indices are 0..24) by X:
//     NaN, -1)                                          the point is not on the board")
//   the same as a query: is_legal / explain           no error: false / reason OffBoard
//   the same where a board point is required          UsageError ("rootAt: index 25 is not on the
//     (the content at a point, the root at a point)     5x5 board (0..24)")
//   an illegal move (occupied, rule 3, game over)     IllegalMoveError with its IllegalReason
//   malformed variant name ("lattice-8",              ParseError (Variant::parse, listing the
//     "lattice-05", "custom-5" as a start)              accepted names: Variant::families_text)
//   malformed position string ("X X", "X3O/5 X")      ParseError with the column
//   malformed record, or an illegal move in it, or    ParseError located (line, column) in the
//     a header start that cannot begin a game           record text (replay_record)
//   a start that cannot begin a game (a side          InvalidPositionError
//     without stones, a bounded root)
//   API misuse: unknown engine name, undo at ply 0,   UsageError
//     last result at ply 0, random move after the
//     end, a number option out of its range, a line
//     break inside a protocol session's request line
//   a damaged, truncated or foreign table file        TableError (api/solution.hpp; C:
//     (api::Solution::open, read, from_bytes)           TANBO_ERR_BAD_TABLE): "t.tbl: byte 48:
//     or one of another start (open(path, start)),      content hash mismatch", "t.tbl: byte 8:
//     another format version, a repeated or             format version 2; ...", "t.tbl: byte 200:
//     out-of-order record                               a repeated record: ..."
//   a forged table (its hash recomputed) whose        TableError, when probed there or verified
//     record contradicts rule 7 or its children's       (Solution::verify, `tanbo solve --verify`):
//     records, or misses a child                        "t.tbl: byte 34840: the table is
//                                                       inconsistent: the record of X2O/4/4/O2X X
//                                                       says X to move wins in 15 plies, but its
//                                                       moves' records give X to move loses in 15
//                                                       plies"
//   a table file that cannot be opened                UsageError ("t.tbl: cannot open the table
//                                                       file")
//   perfect play misused: probing a position of       UsageError ("the position is on a 5x5
//     another board size than the table's, a solve      board but the table of X2O/4/4/O2X X is
//     budget outside [1, 2^40] nodes, solving on        of 4x4", "the node budget must be in
//     demand a start larger than 5x5 or of more         [1, 1099511627776], got 0")
//     position classes than allowed
//   a position the table does not hold (same size)    no error: the answer "unknown"
//     or the budget does not settle
//   a request the engine protocol refuses             no error: the session's answer "?[id] KIND
//     (protocol::Server, tanbo_session)                  ..." (docs/protocol.md)
//   a value of the wrong type (a bool, bytes,         the face's own type error (Python
//     a float where an int is meant)                    TypeError, JS TypeError, CLI usage)
//
// Numbers are range-checked on the caller's full value before any narrowing (points.hpp), so
// 2^32 + 3 is never the index 3, and a range error states both bounds ("must be an int in [0, 64]").
#pragma once

#include "tanbo/core/errors.hpp"
