(* tanbo-state-check: the optimized engine's internal state against the rules (translation
   validation of formal/Refinement.v's abstraction).

     tanbo-state-check [FILE]    reads a trace of `tanbo_spec_trace --engine optimized-state`
                                 (default: stdin); every I line (the engine's state, see
                                 optimized::BasicBoard::state_dump) is checked against the
                                 board of the P line just before it by the extracted state_ok;
                                 prints each difference, then "tanbo-state-check: K states,
                                 D differences"; exit 1 if D > 0 or K = 0, 2 on a malformed line

   This file only reads: it splits each point word into its fields (the layout of board.hpp:
   bits 0-1 content, then per colour a 3-bit count and a 10-bit vertex XOR) and turns point
   indices into points. Every comparison is the extracted code's. *)
open Tanbo_state

let fail fmt = Printf.ksprintf (fun s -> prerr_endline ("tanbo-state-check: " ^ s); exit 2) fmt

let int_of where text =
  match int_of_string_opt text with
  | Some v when v >= 0 -> v
  | _ -> fail "%s: bad number '%s'" where text

let list_of text = if text = "" then [] else String.split_on_char ';' text

(* A point index y*n + x, or "-" (no point: a point off the board, which no check accepts). *)
let point_of where n text =
  if text = "-" then (n, n)
  else
    let i = int_of where text in
    if i >= n * n then fail "%s: point %d is off the %dx%d board" where i n n;
    (i mod n, i / n)

let board_of n cells : board =
 fun (x, y) ->
  if x >= n || y >= n then Empty
  else match cells.[(y * n) + x] with 'X' -> Stone Black | 'O' -> Stone White | _ -> Empty

(* The fields of an I line: "I n width name=value ...". *)
let state_of where n fields =
  let get name =
    match List.assoc_opt name fields with Some v -> v | None -> fail "%s: no %s= field" where name
  in
  let per_point name f =
    let a = Array.of_list (List.map f (list_of (get name))) in
    if Array.length a <> n * n then fail "%s: %s= has %d entries for %d points" where name (Array.length a) (n * n);
    a
  in
  let at a default (x, y) = if x < n && y < n then a.((y * n) + x) else default in
  let words = per_point "words" (int_of where) in
  let roots = per_point "root" (point_of where n) in
  let nexts = per_point "next" (point_of where n) in
  let growth = per_point "growth" (int_of where) in
  let by_colour name f = (f (name ^ "0"), f (name ^ "1")) in
  let pick (b, w) = function Black -> b | White -> w in
  let points name = List.map (point_of where n) (list_of (get name)) in
  let legal = by_colour "legal" points in
  let pos = by_colour "pos" (fun name -> per_point name (int_of where)) in
  let bits = by_colour "bits" points in
  let wcount = by_colour "wc" (fun name -> List.map (int_of where) (list_of (get name))) in
  let pair name =
    match list_of (get name) with
    | [ a ] -> (
        match String.split_on_char ',' a with
        | [ b; w ] -> (int_of where b, int_of where w)
        | _ -> fail "%s: bad %s=" where name)
    | _ -> fail "%s: bad %s=" where name
  in
  let shift = function Black -> 2 | White -> 15 in
  let word p = at words 0 p in
  {
    st_content = (fun p -> word p land 3);
    st_count = (fun c p -> (word p lsr shift c) land 7);
    st_xor = (fun c p -> (word p lsr (shift c + 3)) land 1023);
    st_root = at roots (n, n);
    st_next = at nexts (n, n);
    st_growth = at growth 0;
    st_legal = pick legal;
    st_pos = (fun c -> at (pick pos c) 0);
    st_bits = pick bits;
    st_wcount = pick wcount;
    st_stones = pick (pair "stones");
    st_roots = pick (pair "roots");
  }

let () =
  let input =
    match Sys.argv with
    | [| _ |] -> stdin
    | [| _; file |] -> (try open_in file with Sys_error e -> fail "%s" e)
    | _ -> fail "usage: tanbo-state-check [FILE]"
  in
  let board = ref None and states = ref 0 and differences = ref 0 and line_no = ref 0 in
  (try
     while true do
       let line = input_line input in
       incr line_no;
       let where = Printf.sprintf "line %d" !line_no in
       match String.split_on_char ' ' line with
       | "P" :: n :: cells :: _ ->
           let n = int_of where n in
           if n < 1 || String.length cells <> n * n then fail "%s: bad P line" where;
           board := Some (n, board_of n cells)
       | "I" :: n :: width :: fields -> (
           let n = int_of where n and width = int_of where width in
           let fields =
             List.map
               (fun f ->
                 match String.index_opt f '=' with
                 | Some i -> (String.sub f 0 i, String.sub f (i + 1) (String.length f - i - 1))
                 | None -> fail "%s: bad field '%s'" where f)
               fields
           in
           match !board with
           | Some (bn, b) when bn = n ->
               board := None;
               incr states;
               let st = state_of where n fields in
               if not (state_ok n width b st) then begin
                 incr differences;
                 let parts =
                   List.filter_map
                     (fun (name, ok) -> if ok n width b st then None else Some name)
                     [ ("point words", words_okb); ("legal sets", legal_okb);
                       ("root labels", fun n _ b st -> roots_okb n b st); ("heads (growth, lists)", fun n _ b st -> heads_okb n b st);
                       ("totals", fun n _ b st -> totals_okb n b st) ]
                 in
                 Printf.printf "difference at %s: the state does not refine the board (%s)\n" where
                   (String.concat ", " parts)
               end
           | _ -> fail "%s: an I line must follow the P line of its position" where)
       | _ -> ()
     done
   with End_of_file -> ());
  Printf.printf "tanbo-state-check: %d states, %d differences\n" !states !differences;
  exit (if !differences > 0 || !states = 0 then 1 else 0)
