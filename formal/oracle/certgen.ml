(* tanbo-certgen: writes test certificates (format 1, docs/certificates.md) for small starts, so
   that tanbo-certcheck has certificates to judge before the solver (solve/) writes its own.
   Memoized negamax on the extracted rules (tanbo_cert.ml: moves, play, winner): the prover is
   the side that wins the start; at its turns it plays its first winning move in row-major
   order, at the opponent's every legal move is followed; lines are written children first, each
   position once. Not trusted: the checker judges what it writes, and --damage writes the broken
   copies the tests expect the checker to refuse.

     tanbo-certgen START SIZE CELLS SIDE [--damage KIND]

   START is the header's start text, CELLS the start's cells row-major ('.', 'X', 'O'), SIDE X or
   O. The sha256 line is not written (OCaml's standard library has no SHA-256):
   formal/make-test-certificates.sh appends it with sha256sum. KIND is one of
     illegal-move     a prover line's move replaced by an occupied point
     missing-reply    an opponent line's reply (a position it needs) deleted
     lost-leaf        a finished game the prover won, recoloured: won by the other side
     out-of-order     a line moved after the first line that needs it
     wrong-last-line  the start line dropped, so the last line is another position
     duplicate        a line listed twice
     missing-move     a prover line without its move
     missing-result   the position a prover move reaches deleted
     wrong-count      the header's count one more than the lines *)
open Tanbo_cert

let cell_char = function Empty -> '.' | Stone Black -> 'X' | Stone White -> 'O'
let side_char = function Black -> 'X' | White -> 'O'
let text cells = String.init (List.length cells) (fun i -> cell_char (List.nth cells i))

let () =
  let args = Array.to_list Sys.argv in
  let start_text, n, cells, side, damage =
    match args with
    | [ _; s; n; c; side ] -> (s, int_of_string n, c, side, None)
    | [ _; s; n; c; side; "--damage"; k ] -> (s, int_of_string n, c, side, Some k)
    | _ -> prerr_endline "usage: tanbo-certgen START SIZE CELLS SIDE [--damage KIND]"; exit 2
  in
  let cell_of = function 'X' -> Stone Black | 'O' -> Stone White | _ -> Empty in
  let start = (List.init (n * n) (fun i -> cell_of cells.[i]), if side = "X" then Black else White) in
  let after (l, c) p = (encode n (snd (play n (decode n l) c p)), opponent c) in
  let key (l, c) = text l ^ String.make 1 (side_char c) in
  (* wins: does the side to move win? *)
  let memo = Hashtbl.create 100000 in
  let rec wins ((l, c) as pos) =
    match Hashtbl.find_opt memo (key pos) with
    | Some v -> v
    | None ->
        let b = decode n l in
        let v =
          match winner n b with
          | Some w -> w = c
          | None -> List.exists (fun p -> not (wins (after pos p))) (moves n b c)
        in
        Hashtbl.replace memo (key pos) v;
        v
  in
  let prover = if wins start then snd start else opponent (snd start) in
  (* The lines, children first: (position, prover move, kind) with kind `Fin | `Prov | `Opp *)
  let emitted = Hashtbl.create 100000 and lines = ref [] in
  let rec emit ((l, c) as pos) =
    if not (Hashtbl.mem emitted (key pos)) then begin
      let b = decode n l in
      (match winner n b with
      | Some _ -> lines := (pos, None, `Fin) :: !lines
      | None ->
          if c = prover then begin
            let p = List.find (fun p -> not (wins (after pos p))) (moves n b c) in
            emit (after pos p);
            lines := (pos, Some p, `Prov) :: !lines
          end
          else begin
            List.iter (fun p -> emit (after pos p)) (moves n b c);
            lines := (pos, None, `Opp) :: !lines
          end);
      Hashtbl.replace emitted (key pos) ()
    end
  in
  emit start;
  let lines = Array.of_list (List.rev !lines) in
  let count = Array.length lines in
  let index = Hashtbl.create 100000 in
  Array.iteri (fun i (pos, _, _) -> Hashtbl.replace index (key pos) i) lines;
  let first f = let rec go i = if i >= count then failwith "no line to damage" else if f i then i else go (i + 1) in go 0 in
  let remove i a = Array.append (Array.sub a 0 i) (Array.sub a (i + 1) (Array.length a - i - 1)) in
  let needs j i =
    (* line j needs line i *)
    let pos, mv, kind = lines.(j) in
    let l, c = pos in
    let target, _, _ = lines.(i) in
    match (kind, mv) with
    | `Prov, Some p -> key (after pos p) = key target
    | `Opp, _ -> List.exists (fun p -> key (after pos p) = key target) (moves n (decode n l) c)
    | _ -> false
  in
  let out, header_count =
    match damage with
    | None -> (lines, count)
    | Some "illegal-move" ->
        let i = first (fun i -> match lines.(i) with _, _, `Prov -> true | _ -> false) in
        let (l, c), _, k = lines.(i) in
        let occupied = first (fun q -> List.nth l q <> Empty) in
        let a = Array.copy lines in
        a.(i) <- ((l, c), Some (occupied mod n, occupied / n), k);
        (a, count)
    | Some "missing-reply" ->
        let j = first (fun j -> match lines.(j) with _, _, `Opp -> true | _ -> false) in
        let i = first (fun i -> i < j && needs j i) in
        (remove i lines, count - 1)
    | Some "missing-result" ->
        let j = first (fun j -> match lines.(j) with _, _, `Prov -> true | _ -> false) in
        let i = first (fun i -> i < j && needs j i) in
        (remove i lines, count - 1)
    | Some "lost-leaf" ->
        let i = first (fun i -> match lines.(i) with _, _, `Fin -> true | _ -> false) in
        let (l, c), _, k = lines.(i) in
        let swap = function Stone Black -> Stone White | Stone White -> Stone Black | Empty -> Empty in
        let a = Array.copy lines in
        a.(i) <- ((List.map swap l, c), None, k);
        (a, count)
    | Some "out-of-order" ->
        (* the first line some later line needs, moved right after that later line *)
        let i = first (fun i -> i < count - 1 && List.exists (fun j -> j > i && needs j i) (List.init count Fun.id)) in
        let j = first (fun j -> j > i && needs j i) in
        let a = remove i lines in
        let a = Array.concat [ Array.sub a 0 j; [| lines.(i) |]; Array.sub a j (count - 1 - j) ] in
        (a, count)
    | Some "wrong-last-line" -> (Array.sub lines 0 (count - 1), count - 1)
    | Some "duplicate" -> (Array.append [| lines.(0) |] lines, count + 1)
    | Some "missing-move" ->
        let i = first (fun i -> match lines.(i) with _, _, `Prov -> true | _ -> false) in
        let pos, _, k = lines.(i) in
        let a = Array.copy lines in
        a.(i) <- (pos, None, k);
        (a, count)
    | Some "wrong-count" -> (lines, count + 1)
    | Some k -> Printf.eprintf "tanbo-certgen: unknown damage '%s'\n" k; exit 2
  in
  Printf.printf "tanbo-certificate 1\nstart %s\nsize %d\nprover %c\npositions %d\n" start_text n (side_char prover) header_count;
  Array.iter
    (fun ((l, c), mv, _) ->
      match mv with
      | Some (x, y) -> Printf.printf "%s %c %d,%d\n" (text l) (side_char c) x y
      | None -> Printf.printf "%s %c\n" (text l) (side_char c))
    out
