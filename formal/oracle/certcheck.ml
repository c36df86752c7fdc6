(* tanbo-certcheck: the certificate checker proven sound in Coq (Certificate.v: check_sound),
   extracted to tanbo_cert.ml, run on a certificate file (format 1, docs/certificates.md).

     tanbo-certcheck [FILE]        (default: stdin)

   exit 0  "accepted: <prover> wins <start> within <D> plies (<K> positions)"
           D is the depth of the certified strategy, computed by the extracted checker
           (Certificate.check_sound_within: the prover wins within D plies against any defence);
           an optional header line `within <D'>` (after `prover`) is checked: D <= D'.
   exit 1  "refused: line L: why"   the certificate does not prove its claim (first bad line)
   exit 2  "line L, column C: what" malformed text, or a usage error

   This file is part of the trusted base (docs/formal.md, "The certificate checker"), so it only
   reads: it turns the header into the board size N, the prover, the start (a variant name
   becomes its index in Openings.named_openings, through the same name list as tanbo-spec) and the
   count K, and each position line into the Coq line (cells, side, optional move); then it calls
   the extracted `init`, `step` and `finish` exactly as `Certificate.check` does (`run` over the
   lines numbered from 1, then `finish`), one line at a time, so a certificate of millions of
   lines is never held in memory. Every judgment (legal moves, the position after a move, the
   winner, the set of earlier positions, duplicates, the count, the last line against the start)
   is the extracted code's. Numbers are read as non-negative decimal ints of at most 9 digits,
   since the extracted code reads OCaml ints as naturals.

   It reads exactly the language of docs/certificates.md, as the C++ checker (certificate/) does:
   the start line is a variant name or a position string and nothing else; the start must be able
   to begin a game (rule 5: a board of side 2 to 25, stones of both sides, no bounded root: the
   extracted Openings/Theorems functions decide the last two); numbers have one spelling (decimal,
   no sign, no leading zero); the sha256 line must hold the SHA-256 of every byte before it
   (oracle/sha256.ml) and be the last line, ended by its LF. The soundness of an acceptance does
   not rest on the hash (every position line is judged here, whatever produced it); checking it
   makes both checkers accept the same files. *)
open Tanbo_cert

let malformed line col fmt =
  Printf.ksprintf (fun s -> Printf.eprintf "tanbo-certcheck: line %d, column %d: %s\n" line col s; exit 2) fmt

(* The names of Variant::all_named(), in the order of Openings.named_openings (as tanbo-spec). *)
let opening_names =
  [ "classic"; "lattice-5"; "lattice-7"; "lattice-9"; "lattice-13"; "lattice-19"; "lattice-21" ]
  @ List.map (Printf.sprintf "dense-%d") [ 5; 7; 9; 11; 13; 15; 17; 19; 21; 23; 25 ]

let side_char = function Black -> 'X' | White -> 'O'

(* A number in its one spelling: decimal digits, no sign, no leading zero; at most 10 digits. *)
let number line col s =
  if s = "" || String.length s > 10 || not (String.for_all (fun c -> c >= '0' && c <= '9') s)
     || (s.[0] = '0' && s <> "0") then
    malformed line col "'%s' is not a number (decimal digits, no sign, no leading zero)" s;
  int_of_string s

let side_of line col = function
  | "X" -> Black
  | "O" -> White
  | s -> malformed line col "side '%s' is not X or O" s

let cell_of line col = function
  | '.' -> Empty
  | 'X' -> Stone Black
  | 'O' -> Stone White
  | c -> malformed line col "cell '%s' is not '.', 'X' or 'O'" (Char.escaped c)

(* A position string (core/position.hpp): rows from the top separated by '/', each a run of X, O
   and decimal counts of empty points (no leading zero, never 0), a space and the side to move,
   and nothing else. *)
let position_start n text =
  let col0 = 7 (* "start " is 6 columns *) in
  let board, side_text =
    match String.split_on_char ' ' text with
    | [ board; side ] -> (board, side)
    | board :: side :: rest -> malformed 2 (col0 + String.length board + String.length side + 2)
        "the start '%s %s' is followed by '%s'" board side (String.concat " " rest)
    | _ -> malformed 2 col0 "the start '%s' is neither a variant name nor a position string" text
  in
  let side = side_of 2 (col0 + String.length board + 1) side_text in
  let rows = String.split_on_char '/' board in
  if List.length rows <> n then malformed 2 col0 "the start has %d rows, the board %d" (List.length rows) n;
  let col = ref col0 in
  let cells =
    List.concat_map
      (fun row ->
        let out = ref [] and run = ref 0 in
        let flush () = for _ = 1 to !run do out := Empty :: !out done; run := 0 in
        String.iter
          (fun c ->
            (match c with
            | '0' .. '9' ->
                if !run = 0 && c = '0' then malformed 2 !col "a run of empty points written with a leading zero, or of none";
                run := (!run * 10) + Char.code c - 48;
                if !run > n then malformed 2 !col "a run of empty points longer than the row"
            | 'X' | 'O' -> flush (); out := cell_of 2 !col c :: !out
            | _ -> malformed 2 !col "'%s' in the start's board (X, O and digits only)" (Char.escaped c));
            incr col)
          row;
        flush ();
        incr col;
        if List.length !out <> n then malformed 2 (!col - 1) "a row of %d points on a board of side %d" (List.length !out) n;
        List.rev !out)
      rows
  in
  (cells, side)

let is_name s = s <> "" && String.for_all (fun c -> (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c = '-') s

let rec index_of x i = function [] -> None | y :: r -> if x = y then Some i else index_of x (i + 1) r

(* "<cells> <side>" or "<cells> <side> <x>,<y>" *)
let position_line n lno text : line =
  let cells_text, rest =
    match String.index_opt text ' ' with
    | Some i -> (String.sub text 0 i, String.sub text (i + 1) (String.length text - i - 1))
    | None -> malformed lno 1 "a position line is '<cells> <side> [<x>,<y>]'"
  in
  if String.length cells_text <> n * n then malformed lno 1 "%d cells, the board has %d" (String.length cells_text) (n * n);
  let cells = List.init (n * n) (fun i -> cell_of lno (i + 1) cells_text.[i]) in
  let scol = (n * n) + 2 in
  match String.split_on_char ' ' rest with
  | [ s ] -> ((cells, side_of lno scol s), None)
  | [ s; m ] -> (
      let side = side_of lno scol s in
      match String.split_on_char ',' m with
      | [ x; y ] ->
          let x = number lno (scol + 2) x in
          let y = number lno (scol + 3 + String.length (string_of_int x)) y in
          ((cells, side), Some (x, y))
      | _ -> malformed lno (scol + 2) "a move is '<x>,<y>'")
  | _ -> malformed lno scol "a position line is '<cells> <side> [<x>,<y>]'"

(* The certificate's lines, each fed to the SHA-256 with its LF. A line without its LF (the file's
   last) is refused. *)
let hash = Sha256.create ()

let next_line ch lno =
  let b = Buffer.create 80 in
  let rec go () =
    match input_char ch with
    | exception End_of_file ->
        if Buffer.length b = 0 then None
        else malformed lno (Buffer.length b + 1) "the file does not end with a newline (LF) after its last line"
    | '\n' -> Some (Buffer.contents b)
    | c -> Buffer.add_char b c; go ()
  in
  go ()

let hashed text = Sha256.feed hash text; Sha256.feed hash "\n"; text

let header_line ch lno key =
  match next_line ch lno with
  | None -> malformed lno 1 "the header ends early: '%s <...>' expected" key
  | Some t -> hashed t

let header_value lno key text =
  let prefix = key ^ " " in
  let lp = String.length prefix in
  if String.length text < lp || String.sub text 0 lp <> prefix then malformed lno 1 "'%s<...>' expected" prefix;
  String.sub text lp (String.length text - lp)

let header ch lno key = header_value lno key (header_line ch lno key)

let starts_with prefix s = String.length s >= String.length prefix && String.sub s 0 (String.length prefix) = prefix

let point_text (x, y) = Printf.sprintf "%d,%d" x y

let () =
  let ch =
    match Array.to_list Sys.argv with
    | [ _ ] | [ _; "-" ] -> stdin
    | [ _; file ] -> (
        try open_in_bin file with Sys_error e -> Printf.eprintf "tanbo-certcheck: %s\n" e; exit 2)
    | _ -> prerr_endline "usage: tanbo-certcheck [CERTIFICATE]"; exit 2
  in
  if header ch 1 "tanbo-certificate" <> "1" then malformed 1 19 "format version 1 expected";
  let start_text = header ch 2 "start" in
  let n = number 3 6 (header ch 3 "size") in
  if n < 2 || n > 25 then malformed 3 6 "size %d: boards are 2 to 25 points wide" n;
  let prover = side_of 4 8 (header ch 4 "prover") in
  (* An optional `within <D>` line, then `positions <K>`: hl is the number of header lines. *)
  let line5 = header_line ch 5 "positions" in
  let within, hl, positions_text =
    if starts_with "within " line5 then
      (Some (number 5 8 (header_value 5 "within" line5)), 6, header ch 6 "positions")
    else (None, 5, header_value 5 "positions" line5)
  in
  let k = number hl 11 positions_text in
  if k < 1 || k > 4294967294 then malformed hl 11 "%d positions: 1 to 4,294,967,294 expected" k;
  let start =
    let first_word = match String.index_opt start_text ' ' with Some i -> String.sub start_text 0 i | None -> start_text in
    if is_name first_word && not (String.contains first_word '/') then
      match index_of first_word 0 opening_names with
      | Some i when first_word = start_text -> Named i
      | Some _ ->
          malformed 2 (8 + String.length first_word) "the start '%s' is followed by '%s'" first_word
            (String.sub start_text (String.length first_word + 1) (String.length start_text - String.length first_word - 1))
      | None -> malformed 2 7 "'%s' is not a named variant (%s)" start_text (String.concat ", " opening_names)
    else
      let cells, side = position_start n start_text in
      (* Rule 5: a game can begin only with stones of both sides and no bounded root. *)
      let b = decode n cells in
      List.iter
        (fun c ->
          if not (has_stonesb n b c) then
            malformed 2 7 "the start cannot begin a game: %c has no stone" (side_char c))
        [ Black; White ];
      if not (no_boundedb n b) then
        malformed 2 7 "the start cannot begin a game: a root has no growth point (a bounded root, rule 5)";
      Given (cells, side)
  in
  (* Certificate.check, one line at a time: run from init over the lines numbered from 1. *)
  let st = ref init and i = ref 1 in
  let refuse lno fmt = Printf.ksprintf (fun s -> Printf.printf "refused: line %d: %s\n" lno s; exit 1) fmt in
  let rec loop () =
    let lno = !i + hl in
    match next_line ch lno with
    | None -> malformed lno 1 "the certificate ends without its sha256 line"
    | Some text when String.length text >= 7 && String.sub text 0 7 = "sha256 " ->
        let h = String.sub text 7 (String.length text - 7) in
        if String.length h <> 64 || not (String.for_all (fun c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')) h) then
          malformed lno 8 "the sha256 is not 64 lowercase hex digits";
        let actual = Sha256.hex hash in
        if h <> actual then malformed lno 8 "the sha256 is not the file's: its bytes before this line hash to %s" actual;
        (match input_char ch with exception End_of_file -> () | _ -> malformed (lno + 1) 1 "text after the sha256 line")
    | Some text ->
        let text = hashed text in
        let ((_, _), mv) as ln = position_line n lno text in
        (match step n prover !st ln with
        | Inl st' -> st := st'; incr i
        | Inr r ->
            let mv = match mv with Some p -> point_text p | None -> "" in
            let why =
              match r with
              | Duplicate -> "the position is already on an earlier line"
              | NoStones -> "neither side has a stone"
              | LostGame -> "a finished game the prover has not won (the winner is the side with stones)"
              | MoveAtFinished -> "the game is over, yet the line carries a move"
              | MissingMove -> "the prover is to move, yet the line carries no move"
              | IllegalMove -> Printf.sprintf "the prover's move %s is not legal" mv
              | MissingResult -> Printf.sprintf "the position after the prover's move %s is on no earlier line" mv
              | MoveAtOpponent -> "the opponent is to move, yet the line carries a move"
              | NoLegalMove -> "the opponent is to move and has no legal move"
              | MissingReply p -> Printf.sprintf "the position after the opponent's move %s is on no earlier line" (point_text p)
              | _ -> "refused"
            in
            refuse lno "%s" why);
        loop ()
  in
  loop ();
  match finish n start k !st with
  | None ->
      (match within with
      | Some bound when !st.depth > bound ->
          refuse 5 "the strategy needs %d plies, more than 'within %d'" !st.depth bound
      | _ -> ());
      Printf.printf "accepted: %c wins %s within %d plies (%d positions)\n" (side_char prover) start_text !st.depth !st.count
  | Some r -> (
      match r with
      | BadStart -> refuse 2 "%s is not a variant of side %d" start_text n
      | NoLines -> refuse (hl + 1) "the certificate lists no position"
      | WrongCount -> refuse hl "the header says %d positions, the certificate lists %d" k !st.count
      | WrongLastLine -> refuse (!st.count + hl) "the last position line is not the start (%s)" start_text
      | _ -> refuse (!st.count + hl + 1) "refused")
