(* The named variants' openings (core/src/variant.cpp) and what the theorems give for every
   position reachable from one: no bounded root at the start of a turn, a legal move while both
   sides have stones (no pass), a winner once not (no draw), and the game-length bound.
   The per-opening facts are checked by computation on the executable rules. *)
(* check-map: code formal core *)
From Coq Require Import List Arith Lia Bool.
From Tanbo Require Import Rules Theorems.
Import ListNotations.

(* A lattice opening: k x k stones from (off, off), step apart, Black where i + j is even. *)
Definition lattice (k step off : nat) : board :=
  fun q => let (x, y) := q in
    if (off <=? x) && (off <=? y) && ((x - off) mod step =? 0) && ((y - off) mod step =? 0) &&
       ((x - off) / step <? k) && ((y - off) / step <? k)
    then if Nat.even ((x - off) / step + (y - off) / step) then Stone Black else Stone White
    else Empty.

(* A dense opening of side n: a stone on every point of even coordinates, Black where
   x mod 4 = y mod 4. *)
Definition dense (n : nat) : board :=
  fun q => let (x, y) := q in
    if (x <? n) && (y <? n) && Nat.even x && Nat.even y
    then if x mod 4 =? y mod 4 then Stone Black else Stone White
    else Empty.

(* Variant::all_named(), in its order: classic, lattice-5 7 9 13 19 21, dense-5 .. dense-25
   (kLattices in variant.cpp gives size, step, k, offset; here k, step, offset). tanbo-spec
   checks every trace start labelled with a variant's name against this list. *)
Definition named_openings : list (nat * board) :=
  [(19, lattice 4 6 0); (5, lattice 2 4 0); (7, lattice 2 6 0); (9, lattice 2 6 1);
   (13, lattice 4 4 0); (19, lattice 4 6 0); (21, lattice 6 4 0)] ++
  map (fun n => (n, dense n)) [5; 7; 9; 11; 13; 15; 17; 19; 21; 23; 25].

Definition opening_ok (nb : nat * board) : bool :=
  let (n, b) := nb in no_boundedb n b && has_stonesb n b Black && has_stonesb n b White.

(* Every named opening has no bounded root, and stones of both colours. *)
(* check-map: theorem openings_ok [rule2] *)
Theorem openings_ok : forall n b, In (n, b) named_openings ->
  no_bounded n b /\ has_stones n b Black /\ has_stones n b White.
Proof.
  assert (H : forallb opening_ok named_openings = true) by (vm_compute; reflexivity).
  rewrite forallb_forall in H. intros n b Hin. specialize (H (n, b) Hin). simpl in H.
  apply andb_true_iff in H as [H HW]. apply andb_true_iff in H as [H HB].
  split; [apply no_boundedb_spec; exact H|].
  split; apply has_stonesb_spec; assumption.
Qed.

(* ---- No draw ---- *)
(* After a move, some side has stones: the opponent's stones survive when the expanded root is
   removed alone (rule 6, first case), and the stone just placed survives otherwise. So a game
   never ends with an empty board. *)
(* check-map: theorem no_draw [rule7] *)
Theorem no_draw n b c p b' : has_stones n b (opponent c) -> move n b c p b' ->
  has_stones n b' c \/ has_stones n b' (opponent c).
Proof.
  intros [s [Hs Es]] [Hl Hmove]. destruct Hl as [Hp [He _]].
  destruct (boundedb n (place b p c) p) eqn:Eb.
  - apply boundedb_spec in Eb. right. exists s. split; auto.
    assert (Hsp : s <> p) by (intros ->; congruence).
    destruct (Hmove s Hs) as [[Hr _] | [_ E]].
    + exfalso. destruct Hr as [[_ Hc] | [Hnb _]]; [|contradiction].
      apply conn_inv in Hc as [_ [_ [_ Ec]]].
      rewrite place_other in Ec; auto. rewrite place_at, Es in Ec. destruct c; discriminate.
    + rewrite E, place_other; auto.
  - assert (Hnb : ~ bounded n (place b p c) p) by (rewrite <- boundedb_spec; congruence).
    left. exists p. split; auto.
    destruct (Hmove p Hp) as [[Hr _] | [_ E]].
    + exfalso. destruct Hr as [[Hb _] | [_ Hb]]; contradiction.
    + rewrite E. apply place_at.
Qed.

(* ---- Positions reachable from a named opening ---- *)
(* Black moves first; a move is played while both sides have stones (rule 7). *)
Inductive reachable : nat -> board -> color -> Prop :=
| reach_start n b : In (n, b) named_openings -> reachable n b Black
| reach_step n b c p b' : reachable n b c -> has_stones n b Black -> has_stones n b White ->
    move n b c p b' -> reachable n b' (opponent c).

(* The invariant over every reachable position: no root is bounded at the start of a turn; the
   position is either won by one side (the other has no stone), or both have stones and the side
   to move has a legal move (no pass is ever needed, no draw); and every game from it ends within
   (roots - 1) * N * N moves. *)
Corollary reachable_invariant n b c : reachable n b c ->
  no_bounded n b /\
  ((exists w, wins n b w) \/
   (has_stones n b Black /\ has_stones n b White /\ exists p, legal n b c p)) /\
  (forall k, game n b c k -> k <= (roots n b - 1) * (n * n)).
Proof.
  intros R.
  assert (Hinv : no_bounded n b /\ (has_stones n b Black \/ has_stones n b White)).
  { induction R as [n b Hin | n b c p b' R IH HB HW Hm].
    - destruct (openings_ok n b Hin) as [H1 [H2 _]]. auto.
    - destruct IH as [Hnb _]. split; [eapply start_of_turn; eauto|].
      assert (Ho : has_stones n b (opponent c)) by (destruct c; assumption).
      destruct (no_draw n b c p b' Ho Hm) as [H | H]; destruct c; simpl in H; auto. }
  destruct Hinv as [Hnb Hany]. split; [exact Hnb|]. split; [|intros k; apply game_bound].
  destruct (has_stonesb n b Black) eqn:EB, (has_stonesb n b White) eqn:EW;
    rewrite <- !has_stonesb_spec in Hany.
  - right. apply has_stonesb_spec in EB, EW. split; [auto|split; [auto|]].
    apply no_pass_needed; auto. destruct c; auto.
  - left. exists Black. split; [apply has_stonesb_spec; auto|].
    simpl. rewrite <- has_stonesb_spec. congruence.
  - left. exists White. split; [apply has_stonesb_spec; auto|].
    simpl. rewrite <- has_stonesb_spec. congruence.
  - exfalso. destruct Hany; congruence.
Qed.

(* ---- The small-board figures, computed on the executable rules ---- *)
(* The moves open to Black at each named opening, in named_openings's order: the comparison test
   "every opening to 1 ply" plays each of them (1,600 in all). *)
Definition opening_move_counts : list nat :=
  map (fun nb => length (moves (fst nb) (snd nb) Black)) named_openings.

Lemma opening_move_counts_value :
  opening_move_counts = [24; 4; 4; 8; 24; 24; 60; 12; 24; 40; 60; 84; 112; 144; 180; 220; 264; 312].
Proof. vm_compute. reflexivity. Qed.

Lemma opening_moves_total : fold_left Nat.add opening_move_counts 0 = 1600.
Proof. vm_compute. reflexivity. Qed.

(* A position as data: its cells in row-major order (all_points) and the side to move. *)
Definition pos := (list cell * color)%type.
Definition encode (n : nat) (b : board) : list cell := map b (all_points n).
Definition decode (n : nat) (l : list cell) : board :=
  fun q => if on_boardb n q then nth (snd q * n + fst q) l Empty else Empty.

Fixpoint cells_eqb (l1 l2 : list cell) : bool :=
  match l1, l2 with
  | [], [] => true
  | x :: r1, y :: r2 => cell_eqb x y && cells_eqb r1 r2
  | _, _ => false
  end.
Definition pos_eqb (x y : pos) : bool := color_eqb (snd x) (snd y) && cells_eqb (fst x) (fst y).

(* The positions one move from x (none once the game is over: `moves` applies rule 7). *)
Definition successors (n : nat) (x : pos) : list pos :=
  let b := decode n (fst x) in
  map (fun p => (encode n (snd (play n b (snd x) p)), opponent (snd x))) (moves n b (snd x)).

Fixpoint add_new (seen queue new : list pos) : list pos * list pos :=
  match new with
  | [] => (seen, queue)
  | y :: r => if existsb (pos_eqb y) seen then add_new seen queue r
              else add_new (y :: seen) (queue ++ [y]) r
  end.

(* The complete game graph, walked breadth first as tanbo_spec_trace --complete walks it: every
   position once, every move from each. Some (positions, moves) when the walk ends within fuel
   steps, None otherwise. *)
Fixpoint walk (n fuel : nat) (queue seen : list pos) (edges : nat) : option (nat * nat) :=
  match queue with
  | [] => Some (length seen, edges)
  | x :: rest =>
      match fuel with
      | 0 => None
      | S f => let ss := successors n x in
               let (seen', queue') := add_new seen rest ss in
               walk n f queue' seen' (edges + length ss)
      end
  end.

Definition graph_counts (n fuel : nat) (start : pos) : option (nat * nat) :=
  walk n fuel [start] [start] 0.

(* XO1/3/O1X X: the 3x3 start the comparison tests walk completely. *)
Definition start3 : pos :=
  ([Stone Black; Stone White; Empty; Empty; Empty; Empty; Stone White; Empty; Stone Black], Black).

Lemma count_3x3 : graph_counts 3 1000 start3 = Some (458, 674).
Proof. vm_compute. reflexivity. Qed.
