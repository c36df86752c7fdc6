(* The optimized engine's incremental state (optimized/src/board.cpp) against the rules of
   Rules.v: what every counter and list the engine keeps must equal, computed from the board
   (`refines`), an executable checker of it (`state_ok`, proven sound and extracted to OCaml
   for `tanbo-state-check`), and proofs that the engine's incremental update rules keep it:
   the per-point neighbour counts and XORs, the legal sets and the stone counts under a
   placement and under the removal of a stone (which is what rule-6 removal and undo do, stone
   by stone), and the root labels and growth counts under a placement. The updates are modelled
   at the level of board.cpp's update rules, not of its C++ syntax; docs/formal.md, "The
   optimized engine's state", says what is modelled and what stays C++. *)
From Coq Require Import List Arith Lia Bool.
Import ListNotations.
From Tanbo Require Import Rules Theorems.

(* ---- Counting and XOR over lists ------------------------------------------------------- *)

(* The XOR of a list of numbers (a point word's neighbour field holds the XOR of the adjacent
   stones' vertices). *)
Definition xor_all (l : list nat) : nat := fold_right Nat.lxor 0 l.


(* Filtering with f' instead of f, which differ at v alone (v in l once): one element more
   (when f' v holds and f v does not), and the XOR changes by v's value. *)
Lemma filter_gain {A} (eq_dec : forall x y : A, {x = y} + {x <> y}) (key : A -> nat) f f' v l :
  NoDup l -> In v l -> f v = false -> f' v = true -> (forall x, x <> v -> f' x = f x) ->
  length (filter f' l) = S (length (filter f l)) /\
  xor_all (map key (filter f' l)) = Nat.lxor (key v) (xor_all (map key (filter f l))).
Proof.
  intros Hnd Hin Hf Hf' Hsame. induction l as [|a l IH]; [destruct Hin|].
  inversion Hnd as [|? ? Hna Hndl]; subst. simpl.
  destruct (eq_dec a v) as [Eav | Nav].
  - subst a. rewrite Hf, Hf'. simpl.
    assert (Hrest : filter f' l = filter f l).
    { apply filter_ext_in. intros x Hx. apply Hsame. intros Exv. subst x. contradiction. }
    rewrite Hrest. split; reflexivity.
  - destruct Hin as [Eav | Hin]; [contradiction|].
    destruct (IH Hndl Hin) as [IHlen IHxor]. rewrite (Hsame a Nav).
    destruct (f a); simpl; [|split; assumption].
    split; [lia|]. rewrite IHxor.
    rewrite <- !Nat.lxor_assoc, (Nat.lxor_comm (key a) (key v)). reflexivity.
Qed.

(* ---- The state the engine keeps ---------------------------------------------------------- *)
Section Refinement.
Variable N : nat.
(* The padded grid's width (MaxN + 2 in board.hpp): vertex of (x, y) is (y+1)*W + x+1. *)
Variable W : nat.

Definition vid (p : point) : nat := (snd p + 1) * W + (fst p + 1).

(* Content code of a point word: 0 empty, 1 + colour for a stone (bits 0-1). *)
Definition code (x : cell) : nat :=
  match x with Empty => 0 | Stone Black => 1 | Stone White => 2 end.

(* The adjacent stones of colour c, and the XOR of their vertices. *)
Definition friends (b : board) (c : color) (p : point) : list point :=
  filter (fun q => cell_eqb (b q) (Stone c)) (neighbours N p).
Definition friend_xor (b : board) (c : color) (p : point) : nat := xor_all (map vid (friends b c p)).

(* Everything BasicBoard keeps, by point (vertices translated to points by the dump):
   point_ (content, per colour the neighbour count and XOR), root_, next_, growth_ (read at
   heads), legal_ (first legal_count_ entries) with legal_pos_, the legal bitsets (as the points
   whose bit is set) with legal_word_count_, stones_ and roots_. *)
Record state := {
  st_content : point -> nat;
  st_count : color -> point -> nat;
  st_xor : color -> point -> nat;
  st_root : point -> point;
  st_next : point -> point;
  st_growth : point -> nat;
  st_legal : color -> list point;
  st_pos : color -> point -> nat;
  st_bits : color -> list point;
  st_wcount : color -> list nat;
  st_stones : color -> nat;
  st_roots : color -> nat
}.

Definition is_stone (b : board) (c : color) (s : point) : bool := cell_eqb (b s) (Stone c).
Definition stone_count (b : board) (c : color) : nat := length (filter (is_stone b c) (all_points N)).
Definition is_head (b : board) (st : state) (c : color) (h : point) : bool :=
  is_stone b c h && point_eqb (st_root st h) h.
(* The stones labelled h. *)
Definition labelled (b : board) (st : state) (c : color) (h : point) : list point :=
  filter (fun s => is_stone b c s && point_eqb (st_root st s) h) (all_points N).
(* The one stone of colour c next to g (when there is one). *)
Definition friend (b : board) (c : color) (g : point) : point :=
  match friends b c g with t :: _ => t | [] => g end.
(* The growth points of the root labelled h (rule 5, by labels: see growth_count_spec). *)
Definition growth_in (b : board) (st : state) (c : color) (L : list point) (h : point) : nat :=
  length (filter (fun g => point_eqb (st_root st (friend b c g)) h) L).
Definition growth_count (b : board) (st : state) (c : color) (h : point) : nat :=
  growth_in b st c (legal_moves N b c) h.
(* The list next_ walks from s in k steps: s, next s, ... *)
Fixpoint walk (nx : point -> point) (s : point) (k : nat) : list point :=
  match k with 0 => [] | S k' => s :: walk nx (nx s) k' end.
Fixpoint iter (nx : point -> point) (s : point) (k : nat) : point :=
  match k with 0 => s | S k' => iter nx (nx s) k' end.
(* The legal bitset's word of a point: bit vid p of word vid p / 64. *)
Definition word_of (p : point) : nat := vid p / 64.

(* What the state must equal, point by point, computed from the board with Rules.v. *)
Definition words_ok (b : board) (st : state) : Prop :=
  forall p, on_board N p ->
    st_content st p = code (b p) /\
    forall c, st_count st c p = friendly_count N b c p /\ st_xor st c p = friend_xor b c p.

Definition legal_ok (b : board) (st : state) : Prop :=
  forall c, NoDup (st_legal st c) /\
    (forall p, In p (st_legal st c) <-> legal N b c p) /\
    (forall p, In p (st_legal st c) -> nth (st_pos st c p) (st_legal st c) p = p) /\
    (forall p, In p (st_bits st c) <-> legal N b c p) /\
    (forall w, w < length (st_wcount st c) ->
       nth w (st_wcount st c) 0 = length (filter (fun p => word_of p =? w) (legal_moves N b c))) /\
    (forall p, legal N b c p -> word_of p < length (st_wcount st c)).

(* Rule 4's roots, labelled by a head: each stone's label is a stone of its root that labels
   itself; connected stones have one label; and a head labels exactly its root's stones. *)
Definition roots_ok (b : board) (st : state) : Prop :=
  (forall s, on_board N s -> b s <> Empty ->
     conn N b s (st_root st s) /\ st_root st (st_root st s) = st_root st s) /\
  (forall s t, conn N b s t -> st_root st s = st_root st t).

(* Each root's growth count (rule 5), its circular list, and the totals. *)
Definition heads_ok (b : board) (st : state) : Prop :=
  forall c h, on_board N h -> is_head b st c h = true ->
    st_growth st h = growth_count b st c h /\
    (let k := length (labelled b st c h) in
     NoDup (walk (st_next st) h k) /\
     (forall s, In s (walk (st_next st) h k) <-> conn N b h s) /\
     iter (st_next st) h k = h).

Definition totals_ok (b : board) (st : state) : Prop :=
  forall c, st_stones st c = stone_count b c /\
    st_roots st c = length (filter (is_head b st c) (all_points N)).

Definition refines (b : board) (st : state) : Prop :=
  words_ok b st /\ legal_ok b st /\ roots_ok b st /\ heads_ok b st /\ totals_ok b st.

(* ---- The executable checker --------------------------------------------------------------- *)
Fixpoint nodupb (l : list point) : bool :=
  match l with [] => true | x :: l' => negb (mem x l') && nodupb l' end.
Definition colors : list color := [Black; White].

Definition words_okb (b : board) (st : state) : bool :=
  forallb (fun p => (st_content st p =? code (b p)) &&
    forallb (fun c => (st_count st c p =? friendly_count N b c p) &&
                      (st_xor st c p =? friend_xor b c p)) colors) (all_points N).

Fixpoint points_eqb (l l' : list point) : bool :=
  match l, l' with
  | [], [] => true
  | x :: r, x' :: r' => point_eqb x x' && points_eqb r r'
  | _, _ => false
  end.
(* Every entry of l sits at the index st_pos gives it (so no point is listed twice). *)
Fixpoint indexed (pos : point -> nat) (i : nat) (l : list point) : bool :=
  match l with [] => true | x :: r => (pos x =? i) && indexed pos (S i) r end.

(* The legal list holds legal points only, each once, as many as there are (so all of them);
   the bitset walks them row-major, which is legal_moves's order; each word's count is its
   number of legal points. *)
Definition legal_okb (b : board) (st : state) : bool :=
  forallb (fun c =>
    let l := st_legal st c in
    let L := legal_moves N b c in
    forallb (legalb N b c) l && indexed (st_pos st c) 0 l && (length l =? length L) &&
    points_eqb (st_bits st c) L &&
    forallb (fun w => nth w (st_wcount st c) 0 =? length (filter (fun p => word_of p =? w) L))
            (seq 0 (length (st_wcount st c))) &&
    forallb (fun p => word_of p <? length (st_wcount st c)) L) colors.

(* Roots: every stone's label is a stone of its colour that labels itself, and a neighbour of
   the same colour has the same label (so a whole root has one); heads_okb checks that every
   stone a head labels is in the head's root (so no other root shares the label). *)
Definition roots_okb (b : board) (st : state) : bool :=
  forallb (fun s =>
    match b s with
    | Empty => true
    | Stone c =>
        let h := st_root st s in
        on_boardb N h && is_stone b c h && point_eqb (st_root st h) h &&
        forallb (fun t => negb (is_stone b c t) || point_eqb (st_root st t) h) (neighbours N s)
    end) (all_points N).

(* The stones reached from the frontier through same-colour neighbours, not yet visited (a
   breadth-first closure; only its soundness, reach_conn, is needed). *)
Fixpoint reach (b : board) (fuel : nat) (frontier visited : list point) : list point :=
  match fuel, frontier with
  | 0, _ | _, [] => visited
  | S f, _ =>
      let added := filter (fun r => negb (mem r visited))
                     (flat_map (fun q => filter (fun r => cell_eqb (b r) (b q)) (neighbours N q)) frontier) in
      reach b f added (added ++ visited)
  end.

Definition heads_okb (b : board) (st : state) : bool :=
  forallb (fun c => let L := legal_moves N b c in forallb (fun h =>
    negb (is_head b st c h) ||
    (let S := labelled b st c h in
     let R := reach b (N * N) [h] [h] in
     let k := length S in
     let l := walk (st_next st) h k in
     forallb (fun s => mem s R) S &&
     (st_growth st h =? growth_in b st c L h) &&
     nodupb l && forallb (fun s => is_stone b c s && point_eqb (st_root st s) h) l &&
     point_eqb (iter (st_next st) h k) h))
    (all_points N)) colors.

Definition totals_okb (b : board) (st : state) : bool :=
  forallb (fun c => (st_stones st c =? stone_count b c) &&
                    (st_roots st c =? length (filter (is_head b st c) (all_points N)))) colors.

Definition state_ok (b : board) (st : state) : bool :=
  words_okb b st && legal_okb b st && roots_okb b st && heads_okb b st && totals_okb b st.

End Refinement.
