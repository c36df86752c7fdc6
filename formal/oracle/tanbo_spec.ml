(* tanbo-spec: the rules proven in Coq (Rules.v, extracted to tanbo_rules.ml) run as an oracle.

     tanbo-spec check [FILE]        reads a trace (default: stdin), recomputes every line with
                                    the extracted rules, prints the differences; exit 1 if any
                                    (or if the trace holds no position), 2 on a malformed line
     tanbo-spec replay N CELLS SIDE [x,y ...]   plays the moves from the position, printing
                                    the trace; exit 2 on a malformed or illegal move

   Trace lines (the C++ side, formal/spec_trace.cpp, writes the same; docs/formal.md):
     S <label>                                              a new game or walk starts
     P <n> <cells> <side> winner=<X|O|-> legal=<x,y;...>    a position, row-major cells . X O
     M <x,y> removal=<none|expanded|bounded> removed=<x,y;...> after=<cells> <side>
   An M line is a move from the last P line. The P line right after an S line is a start, taken
   as given, except that when the label's first word names a variant (lattice-5, classic, ...)
   it must be that variant's opening as Openings.v defines it (named_openings); every other P line must be a position some earlier M line of the same game reached
   (so a P line's cells and side are checked too, not only what follows from them).

   Every rule decision comes from the extracted code: `moves` (rule 3 and rule 7: no move once
   the game is over) for the legal set, `step` for the move (None when it is not in that set;
   otherwise the removal kind, the removed stones and the board after, proven in Rules.v:
   step_spec, play_kind, play_removed_list), `winner` for rule 7's winner. This file only reads
   and prints lines; it rejects negative and off-board coordinates before they reach the
   extracted code, whose naturals are OCaml ints. *)
open Tanbo_rules

let fail fmt = Printf.ksprintf (fun s -> prerr_endline ("tanbo-spec: " ^ s); exit 2) fmt

let cell_char = function Empty -> '.' | Stone Black -> 'X' | Stone White -> 'O'
let side_char = function Black -> 'X' | White -> 'O'

let side_of where = function
  | "X" -> Black
  | "O" -> White
  | s -> fail "%s: side to move '%s' is not X or O" where s

(* A board read from a trace: the cells string, row-major. *)
type position = { n : int; cells : string; side : color }

let key pos = Printf.sprintf "%s %c" pos.cells (side_char pos.side)

let board_of { n; cells; _ } : board =
 fun (x, y) ->
  if x < 0 || y < 0 || x >= n || y >= n then Empty
  else
    match cells.[(y * n) + x] with
    | 'X' -> Stone Black
    | 'O' -> Stone White
    | _ -> Empty

let position_of where n_text cells side =
  let n =
    match int_of_string_opt n_text with
    | Some n when n >= 1 && n <= 1000 -> n
    | _ -> fail "%s: bad size '%s'" where n_text
  in
  if String.length cells <> n * n then fail "%s: %d cells for a %dx%d board" where (String.length cells) n n;
  String.iter (fun c -> if c <> '.' && c <> 'X' && c <> 'O' then fail "%s: bad cell '%c'" where c) cells;
  { n; cells; side = side_of where side }

let point_text (x, y) = Printf.sprintf "%d,%d" x y
let points_text ps = String.concat ";" (List.map point_text ps)

(* A point of the n x n board; anything else (negative, off the board, not two numbers) is
   rejected here, since the extracted code reads OCaml ints as naturals. *)
let point_of where n text =
  match String.split_on_char ',' text with
  | [ x; y ] -> (
      match (int_of_string_opt x, int_of_string_opt y) with
      | Some x, Some y when x >= 0 && y >= 0 && x < n && y < n -> (x, y)
      | Some _, Some _ -> fail "%s: point '%s' is off the %dx%d board" where text n n
      | _ -> fail "%s: bad point '%s'" where text)
  | _ -> fail "%s: bad point '%s'" where text

let cells_text n (b : board) = String.init (n * n) (fun i -> cell_char (b (i mod n, i / n)))

(* The P line of a position, as the rules compute it. *)
let position_line pos =
  let b = board_of pos in
  let winner_text = match winner pos.n b with Some c -> String.make 1 (side_char c) | None -> "-" in
  Printf.sprintf "P %d %s %c winner=%s legal=%s" pos.n pos.cells (side_char pos.side) winner_text
    (points_text (moves pos.n b pos.side))

(* The M line of a move, and the position after it (None: the move is not open to the mover). *)
let move_line pos p =
  match step pos.n (board_of pos) pos.side p with
  | None -> (Printf.sprintf "M %s illegal" (point_text p), None)
  | Some ((kind, removed), after) ->
      let kind_text = match kind with NoRemoval -> "none" | ExpandedRoot -> "expanded" | BoundedRoots -> "bounded" in
      let next = { n = pos.n; cells = cells_text pos.n after; side = opponent pos.side } in
      ( Printf.sprintf "M %s removal=%s removed=%s after=%s %c" (point_text p) kind_text (points_text removed)
          next.cells (side_char next.side),
        Some next )

(* The names of Variant::all_named(), in the order of Openings.named_openings. *)
let opening_names =
  [ "classic"; "lattice-5"; "lattice-7"; "lattice-9"; "lattice-13"; "lattice-19"; "lattice-21" ]
  @ List.map (Printf.sprintf "dense-%d") [ 5; 7; 9; 11; 13; 15; 17; 19; 21; 23; 25 ]

let named_starts =
  List.map2 (fun name (n, b) -> (name, { n; cells = cells_text n b; side = Black })) opening_names named_openings

let check channel =
  let opening = ref None in
  let current = ref None and start_next = ref false and reached = Hashtbl.create 1024 in
  let games = ref 0 and positions = ref 0 and moves = ref 0 and differences = ref 0 in
  let line_no = ref 0 in
  let differ where what expected got =
    incr differences;
    if !differences <= 10 then Printf.printf "difference at %s: %s\n  C++:  %s\n  spec: %s\n" where what got expected
  in
  (try
     while true do
       let line = input_line channel in
       incr line_no;
       let where = Printf.sprintf "line %d" !line_no in
       match String.split_on_char ' ' line with
       | "S" :: label :: _ ->
           if !start_next then fail "%s: a start with no position" where;
           opening := List.assoc_opt label named_starts;
           incr games;
           Hashtbl.reset reached;
           current := None;
           start_next := true
       | "P" :: n :: cells :: side :: _ ->
           let pos = position_of where n cells side in
           incr positions;
           if !start_next then (
             start_next := false;
             (match !opening with
             | Some o when o <> pos -> differ where "the start is not the variant's opening (Openings.v)" (position_line o) line
             | _ -> ());
             Hashtbl.replace reached (key pos) ())
           else if !games = 0 then fail "%s: a position before any S line" where
           else if not (Hashtbl.mem reached (key pos)) then
             differ where "no earlier move of this game reaches this position" "(a position reached by an M line)" line;
           current := Some pos;
           let mine = position_line pos in
           if mine <> line then differ where "the position's line" mine line
       | "M" :: p :: _ -> (
           match !current with
           | None -> fail "%s: a move before any position" where
           | Some pos ->
               incr moves;
               let mine, next = move_line pos (point_of where pos.n p) in
               (match next with
               | Some next -> Hashtbl.replace reached (key next) ()
               | None -> differ where "the move is not among the legal moves" mine line);
               if next <> None && mine <> line then differ where "the move's line" mine line)
       | [ "" ] -> ()
       | _ -> fail "%s: not a trace line: %s" where line
     done
   with End_of_file -> ());
  if !start_next then fail "end of trace: a start with no position";
  Printf.printf "tanbo-spec: %d games, %d positions, %d moves, %d differences\n" !games !positions !moves !differences;
  if !positions = 0 then (
    print_endline "tanbo-spec: the trace holds no position";
    exit 1);
  if !differences > 0 then exit 1

let replay args =
  match args with
  | n :: cells :: side :: moves ->
      let pos = ref (position_of "position" n cells side) in
      print_endline "S replay";
      print_endline (position_line !pos);
      List.iter
        (fun m ->
          let line, next = move_line !pos (point_of ("move " ^ m) !pos.n m) in
          print_endline line;
          match next with
          | None -> fail "move %s is illegal" m
          | Some next ->
              pos := next;
              print_endline (position_line next))
        moves
  | _ -> fail "replay needs N CELLS SIDE [x,y ...]"

let () =
  match Array.to_list Sys.argv with
  | _ :: "check" :: [] -> check stdin
  | _ :: "check" :: [ file ] ->
      let ch = try open_in file with Sys_error e -> fail "%s" e in
      check ch
  | _ :: "replay" :: args -> replay args
  | _ ->
      prerr_endline "usage: tanbo-spec check [TRACE] | tanbo-spec replay N CELLS SIDE [x,y ...]";
      exit 2
