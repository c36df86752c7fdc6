(* tanbo-spec: the rules proven in Coq (Rules.v, extracted to tanbo_rules.ml) run as an oracle.

     tanbo-spec check [FILE]        reads a trace (default: stdin), recomputes every line with
                                    the extracted rules, prints the differences; exit 1 if any
     tanbo-spec replay POSITION MOVE...   plays the moves from POSITION, printing the trace

   Trace lines (the C++ side, formal/spec_trace.cpp, writes the same; docs/formal.md):
     P <n> <cells> <side> winner=<X|O|-> legal=<x,y;...>    a position, row-major cells . X O
     M <x,y> removal=<none|expanded|bounded> removed=<x,y;...> after=<cells> <side>
   An M line is a move from the last P line. Only this file's parsing and printing is unproven;
   every rule decision comes from the extracted code. *)
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

let board_of { n; cells; _ } : board =
 fun (x, y) ->
  if x < 0 || y < 0 || x >= n || y >= n then Empty
  else
    match cells.[(y * n) + x] with
    | 'X' -> Stone Black
    | 'O' -> Stone White
    | _ -> Empty

let position_of where n_text cells side =
  let n = match int_of_string_opt n_text with Some n when n >= 1 -> n | _ -> fail "%s: bad size '%s'" where n_text in
  if String.length cells <> n * n then fail "%s: %d cells for a %dx%d board" where (String.length cells) n n;
  String.iter (fun c -> if c <> '.' && c <> 'X' && c <> 'O' then fail "%s: bad cell '%c'" where c) cells;
  { n; cells; side = side_of where side }

let point_text (x, y) = Printf.sprintf "%d,%d" x y
let points_text ps = String.concat ";" (List.map point_text ps)

let point_of where text =
  match String.split_on_char ',' text with
  | [ x; y ] -> (
      match (int_of_string_opt x, int_of_string_opt y) with
      | Some x, Some y -> (x, y)
      | _ -> fail "%s: bad point '%s'" where text)
  | _ -> fail "%s: bad point '%s'" where text

let cells_text n (b : board) =
  String.init (n * n) (fun i -> cell_char (b (i mod n, i / n)))

(* The P line of a position, as the rules compute it. *)
let position_line pos =
  let b = board_of pos in
  let winner_text = match winner pos.n b with Some c -> String.make 1 (side_char c) | None -> "-" in
  (* Rule 7: no moves once the game is over. *)
  let legal = match winner pos.n b with Some _ -> [] | None -> legal_moves pos.n b pos.side in
  Printf.sprintf "P %d %s %c winner=%s legal=%s" pos.n pos.cells (side_char pos.side) winner_text
    (points_text legal)

(* The M line of a move, and the position after it. *)
let move_line pos p =
  let b = board_of pos in
  if not (legalb pos.n b pos.side p) then (Printf.sprintf "M %s illegal" (point_text p), None)
  else
    let (kind, removed), after = play pos.n b pos.side p in
    let kind_text = match kind with NoRemoval -> "none" | ExpandedRoot -> "expanded" | BoundedRoots -> "bounded" in
    let next = { n = pos.n; cells = cells_text pos.n after; side = opponent pos.side } in
    ( Printf.sprintf "M %s removal=%s removed=%s after=%s %c" (point_text p) kind_text (points_text removed)
        next.cells (side_char next.side),
      Some next )

let check channel =
  let current = ref None and positions = ref 0 and moves = ref 0 and differences = ref 0 in
  let line_no = ref 0 in
  let differ where expected got =
    incr differences;
    if !differences <= 10 then Printf.printf "difference at %s\n  C++:  %s\n  spec: %s\n" where got expected
  in
  (try
     while true do
       let line = input_line channel in
       incr line_no;
       let where = Printf.sprintf "line %d" !line_no in
       match String.split_on_char ' ' line with
       | "P" :: n :: cells :: side :: _ ->
           let pos = position_of where n cells side in
           current := Some pos;
           incr positions;
           let mine = position_line pos in
           if mine <> line then differ where mine line
       | "M" :: p :: _ -> (
           match !current with
           | None -> fail "%s: a move before any position" where
           | Some pos ->
               incr moves;
               let mine, _ = move_line pos (point_of where p) in
               if mine <> line then differ where mine line)
       | [ "" ] -> ()
       | _ -> fail "%s: not a trace line: %s" where line
     done
   with End_of_file -> ());
  Printf.printf "tanbo-spec: %d positions, %d moves, %d differences\n" !positions !moves !differences;
  if !differences > 0 then exit 1

let replay args =
  match args with
  | n :: cells :: side :: moves ->
      let pos = ref (position_of "position" n cells side) in
      print_endline (position_line !pos);
      List.iter
        (fun m ->
          let line, next = move_line !pos (point_of "move" m) in
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
