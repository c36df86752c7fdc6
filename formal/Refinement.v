(* The optimized engine's incremental state (optimized/src/board.cpp) against the rules of
   Rules.v: what every counter and list the engine keeps must equal, computed from the board
   (`refines`), an executable checker of it (`state_ok`, proven sound and extracted to OCaml
   for `tanbo-state-check`), and proofs that the engine's incremental update rules keep it:
   the per-point neighbour counts and XORs, the legal sets and the stone counts under a
   placement and under the removal of a stone (which is what rule-6 removal and undo do, stone
   by stone), the root labels under a placement, and that a placement changes the growth counts
   only through the placed point and its neighbours. Composed: a whole legal placement that
   removes nothing (play_as's add_stone and next_ link, `place_update`) keeps `refines`
   (`place_refines`, `move_refines`; with add_stone's growth arithmetic, `add_stone_growth_ok`
   and `add_stone_refines`), and its undo (undo_as's remove_stone and next_ restore,
   `undo_update`) makes the state refine the board before the move again (`undo_place`; with
   remove_stone's growth arithmetic, `remove_stone_growth_ok` and `undo_refines`). A head's
   growth count is zero exactly when its root is bounded (`bounded_growth`), so when no count is
   zero after the placement rule 6 removes nothing (`place_no_zero_growth`).
   Rule-6 removal (remove_bounded, remove_roots, remove_root) as its net effect on the state
   (`remove_update`, for the stones rm marks, which `strip` empties) keeps `refines` when rm
   marks exactly the stones Rules.v's `removed` takes (`remove_refines`), so a whole move with
   removal does (`move_refines_removal`: the stripped board is Rules.v's `move` result); the
   heads remove_bounded picks by their growth counts (the expanded root when its count is zero,
   else every head whose count is zero) are exactly the removed roots (`removed_heads`,
   `engine_rm_removed`), so a move whose removal is that choice keeps `refines` of the move's
   result (`move_refines_engine`). The
   undo of a removal (restore_root, `restore_update`) brings back a state refining the placed
   board, equal to the one before the removal but for the legal lists' order (`restore_refines`,
   `restore_same`), and the undo of a whole move with removal, restore_root then the placement
   taken back, refines the board before the move (`undo_move_refines`). The updates are
   modelled at the level of board.cpp's update rules (each one's net effect per point), not of
   its C++ syntax or step order; docs/formal.md, "The optimized engine's state", says what is
   modelled and what stays C++. *)
(* check-map: code formal optimized *)
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
    (forall i, i < length (st_legal st c) -> st_pos st c (nth i (st_legal st c) (0, 0)) = i) /\
    st_bits st c = legal_moves N b c /\
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
     nodupb l && forallb (fun s => on_boardb N s && is_stone b c s && point_eqb (st_root st s) h) l &&
     point_eqb (iter (st_next st) h k) h))
    (all_points N)) colors.

Definition totals_okb (b : board) (st : state) : bool :=
  forallb (fun c => (st_stones st c =? stone_count b c) &&
                    (st_roots st c =? length (filter (is_head b st c) (all_points N)))) colors.

Definition state_ok (b : board) (st : state) : bool :=
  words_okb b st && legal_okb b st && roots_okb b st && heads_okb b st && totals_okb b st.

(* ---- The checker is sound: state_ok = true means the state refines the board ------------ *)
Lemma nodupb_spec l : nodupb l = true -> NoDup l.
Proof.
  induction l as [|x l IH]; simpl; intros Hok; [constructor|].
  apply andb_true_iff in Hok as [Hx Hl]. constructor; [|auto].
  intros Hin. apply mem_spec in Hin. rewrite Hin in Hx. discriminate.
Qed.

Lemma points_eqb_spec l l' : points_eqb l l' = true -> l = l'.
Proof.
  revert l'. induction l as [|x l IH]; intros [|x' l'] Hok; simpl in Hok; try discriminate; auto.
  apply andb_true_iff in Hok as [Hx Hl]. destruct (point_eqb_spec x x') as [Ex|Ex]; [|discriminate].
  rewrite Ex, (IH l' Hl). reflexivity.
Qed.

Lemma indexed_spec pos l : forall k, indexed pos k l = true ->
  forall i, i < length l -> pos (nth i l (0, 0)) = k + i.
Proof.
  induction l as [|x l IH]; simpl; intros k Hok i Hi; [lia|].
  apply andb_true_iff in Hok as [Hx Hl]. apply Nat.eqb_eq in Hx.
  destruct i as [|i]; [lia|]. rewrite (IH (S k) Hl i); lia.
Qed.

Lemma length_walk nx : forall k s, length (walk nx s k) = k.
Proof. intros k. induction k as [|k IH]; simpl; intros s; auto. Qed.

Lemma reach_conn b h : forall fuel F V, (forall q, In q F \/ In q V -> conn N b h q) ->
  forall q, In q (reach b fuel F V) -> conn N b h q.
Proof.
  intros fuel. induction fuel as [|fuel IH]; intros F V HFV q Hq; simpl in Hq.
  - apply HFV. right. exact Hq.
  - destruct F as [|f F'] eqn:EF; [apply HFV; right; exact Hq|].
    rewrite <- EF in Hq, HFV. revert q Hq. apply IH. intros x Hx.
    assert (Hadded : forall y, In y (filter (fun r => negb (mem r V))
              (flat_map (fun q0 => filter (fun r => cell_eqb (b r) (b q0)) (neighbours N q0)) F)) ->
              conn N b h y).
    { intros y Hy. apply filter_In in Hy as [Hy _]. apply in_flat_map in Hy as [z [Hz Hy]].
      apply filter_In in Hy as [Hadj Hc]. apply in_neighbours in Hadj.
      destruct (cell_eqb_spec (b y) (b z)) as [Eyz|]; [|discriminate].
      eapply conn_step; [apply HFV; left; exact Hz | exact Hadj | exact Eyz]. }
    destruct Hx as [Hx | Hx]; [apply Hadded; exact Hx|].
    apply in_app_iff in Hx as [Hx | Hx]; [apply Hadded; exact Hx | apply HFV; right; exact Hx].
Qed.

Lemma in_colors c : In c colors.
Proof. destruct c; simpl; auto. Qed.

Lemma words_okb_sound b st : words_okb b st = true -> words_ok b st.
Proof.
  unfold words_okb, words_ok. rewrite forallb_forall. intros Hok p Hp.
  specialize (Hok p (proj2 (in_all_points N p) Hp)). apply andb_true_iff in Hok as [Hc Hcs].
  apply Nat.eqb_eq in Hc. split; [exact Hc|]. intros c.
  rewrite forallb_forall in Hcs. specialize (Hcs c (in_colors c)).
  apply andb_true_iff in Hcs as [Hn Hx]. apply Nat.eqb_eq in Hn, Hx. split; assumption.
Qed.

Lemma legal_okb_sound b st : legal_okb b st = true -> legal_ok b st.
Proof.
  unfold legal_okb, legal_ok. rewrite forallb_forall. intros Hok c.
  specialize (Hok c (in_colors c)).
  apply andb_true_iff in Hok as [Hok Hwords]. apply andb_true_iff in Hok as [Hok Hwc].
  apply andb_true_iff in Hok as [Hok Hbits]. apply andb_true_iff in Hok as [Hok Hlen].
  apply andb_true_iff in Hok as [Hall Hidx]. apply Nat.eqb_eq in Hlen.
  rewrite forallb_forall in Hall, Hwc, Hwords.
  set (l := st_legal st c) in *. set (L := legal_moves N b c) in *.
  assert (Hpos := indexed_spec (st_pos st c) l 0 Hidx).
  assert (Hnd : NoDup l).
  { apply (NoDup_nth l (0, 0)). intros i j Hi Hj E.
    assert (Pi := Hpos i Hi). assert (Pj := Hpos j Hj). rewrite E in Pi. lia. }
  assert (Hsub : incl l L).
  { intros p Hp. apply legal_moves_spec, legalb_spec, Hall, Hp. }
  assert (Hsup : incl L l) by (apply (@NoDup_length_incl _ l L Hnd); [lia | exact Hsub]).
  split; [exact Hnd|]. split.
  { intros p. split; intros Hp; [apply legal_moves_spec, Hsub, Hp | apply Hsup, legal_moves_spec, Hp]. }
  split; [intros i Hi; rewrite (Hpos i Hi); reflexivity|].
  split; [apply points_eqb_spec; exact Hbits|]. split.
  - intros w Hw. apply Nat.eqb_eq, Hwc, in_seq. lia.
  - intros p Hp. apply Nat.ltb_lt, Hwords, legal_moves_spec, Hp.
Qed.

(* The two root checks together give the labels of rule 4's roots. *)
Lemma roots_heads_sound b st : roots_okb b st = true -> heads_okb b st = true ->
  roots_ok b st /\ heads_ok b st.
Proof.
  unfold roots_okb, heads_okb. rewrite !forallb_forall. intros Hroots Hheads.
  (* A stone's label: a head of its colour; a same-colour neighbour shares it. *)
  assert (Hlab : forall s c, on_board N s -> b s = Stone c ->
            on_board N (st_root st s) /\ is_stone b c (st_root st s) = true /\
            st_root st (st_root st s) = st_root st s /\
            forall t, adj N s t -> b t = Stone c -> st_root st t = st_root st s).
  { intros s c Hs Hbs. specialize (Hroots s (proj2 (in_all_points N s) Hs)). rewrite Hbs in Hroots.
    apply andb_true_iff in Hroots as [Hr Hnb]. apply andb_true_iff in Hr as [Hr Hself].
    apply andb_true_iff in Hr as [Hon Hst]. apply on_boardb_spec in Hon.
    destruct (point_eqb_spec (st_root st (st_root st s)) (st_root st s)) as [Es|]; [|discriminate].
    split; [exact Hon|]. split; [exact Hst|]. split; [exact Es|].
    intros t Ht Hbt. rewrite forallb_forall in Hnb. specialize (Hnb t (proj2 (in_neighbours N s t) Ht)).
    unfold is_stone in Hnb. rewrite Hbt in Hnb. simpl in Hnb.
    destruct (color_eqb_spec c c) as [_|]; [|congruence]. simpl in Hnb.
    destruct (point_eqb_spec (st_root st t) (st_root st s)); [assumption|discriminate]. }
  assert (Hsame : forall s t, conn N b s t -> st_root st s = st_root st t).
  { intros s t Hc. induction Hc as [Hs Hne | q r Hq IH Ha E]; [reflexivity|].
    rewrite IH. destruct (b q) as [|c] eqn:Hbq; [exfalso; apply (conn_stone N b s q Hq); exact Hbq|].
    symmetry. apply (proj2 (proj2 (proj2 (Hlab q c (proj1 (adj_on_board N q r Ha)) Hbq))) r Ha). congruence. }
  (* What heads_okb says about a head h of colour c. *)
  assert (Hhead : forall c h, on_board N h -> is_head b st c h = true ->
            (forall s, In s (labelled b st c h) -> conn N b h s) /\
            st_growth st h = growth_count b st c h /\
            NoDup (walk (st_next st) h (length (labelled b st c h))) /\
            (forall s, In s (walk (st_next st) h (length (labelled b st c h))) -> In s (labelled b st c h)) /\
            iter (st_next st) h (length (labelled b st c h)) = h).
  { intros c h Hh Hhd. specialize (Hheads c (in_colors c)). rewrite forallb_forall in Hheads.
    specialize (Hheads h (proj2 (in_all_points N h) Hh)). rewrite Hhd in Hheads. simpl in Hheads.
    apply andb_true_iff in Hheads as [Hk Hiter]. apply andb_true_iff in Hk as [Hk Hlab2].
    apply andb_true_iff in Hk as [Hk Hnd]. apply andb_true_iff in Hk as [Hreach Hgr].
    rewrite forallb_forall in Hreach, Hlab2. apply Nat.eqb_eq in Hgr.
    destruct (point_eqb_spec (iter (st_next st) h (length (labelled b st c h))) h) as [Ei|]; [|discriminate].
    assert (Hbh : b h = Stone c).
    { unfold is_head, is_stone in Hhd. apply andb_true_iff in Hhd as [Hhd _].
      destruct (cell_eqb_spec (b h) (Stone c)); [assumption|discriminate]. }
    split; [|split; [exact Hgr|split; [apply nodupb_spec; exact Hnd|split; [|exact Ei]]]].
    - intros s Hs. apply (reach_conn b h (N * N) [h] [h]); [|apply mem_spec, Hreach, Hs].
      intros q [[<- | []] | [<- | []]]; constructor; [exact Hh|congruence|exact Hh|congruence].
    - intros s Hs. unfold labelled. apply filter_In. specialize (Hlab2 s Hs).
      apply andb_true_iff in Hlab2 as [Hst Hr]. apply andb_true_iff in Hst as [Hon Hst].
      split; [apply in_all_points, on_boardb_spec, Hon | rewrite Hst, Hr; reflexivity]. }
  split; [split|].
  - intros s Hs Hne. destruct (b s) as [|c] eqn:Hbs; [contradiction|].
    destruct (Hlab s c Hs Hbs) as [Hon [Hst [Hself _]]].
    split; [|exact Hself].
    assert (Hhd : is_head b st c (st_root st s) = true).
    { unfold is_head. rewrite Hst, Hself. simpl.
      destruct (point_eqb_spec (st_root st s) (st_root st s)); [reflexivity|contradiction]. }
    destruct (Hhead c (st_root st s) Hon Hhd) as [Hin _].
    apply conn_sym, Hin. unfold labelled. apply filter_In. split; [apply in_all_points; exact Hs|].
    unfold is_stone. rewrite Hbs. simpl. destruct (color_eqb_spec c c); [|congruence]. simpl.
    destruct (point_eqb_spec (st_root st s) (st_root st s)); [reflexivity|contradiction].
  - exact Hsame.
  - intros c h Hh Hhd. destruct (Hhead c h Hh Hhd) as [Hin [Hgr [Hnd [Hwl Hit]]]].
    split; [exact Hgr|]. cbv zeta. split; [exact Hnd|]. split; [|exact Hit].
    intros s. split; [intros Hs; apply Hin, Hwl, Hs|].
    intros Hc.
    assert (Hsub : incl (walk (st_next st) h (length (labelled b st c h))) (labelled b st c h))
      by (intros x Hx; apply Hwl, Hx).
    assert (Hle : length (labelled b st c h) <= length (walk (st_next st) h (length (labelled b st c h))))
      by (rewrite length_walk; lia).
    apply (@NoDup_length_incl _ _ _ Hnd Hle Hsub). unfold labelled. apply filter_In.
    destruct (conn_inv N b h s Hc) as [_ [Hs [_ Ebs]]].
    unfold is_head in Hhd. apply andb_true_iff in Hhd as [Hst Hself].
    split; [apply in_all_points; exact Hs|]. unfold is_stone in *. rewrite Ebs, Hst. simpl.
    rewrite <- (Hsame h s Hc). exact Hself.
Qed.

(* check-map: theorem state_ok_sound [internals] *)

Theorem state_ok_sound b st : state_ok b st = true -> refines b st.
Proof.
  unfold state_ok, refines. intros Hok.
  apply andb_true_iff in Hok as [Hok Htot]. apply andb_true_iff in Hok as [Hok Hheads].
  apply andb_true_iff in Hok as [Hok Hroots]. apply andb_true_iff in Hok as [Hwords Hlegal].
  destruct (roots_heads_sound b st Hroots Hheads) as [Hr Hh].
  split; [apply words_okb_sound; exact Hwords|]. split; [apply legal_okb_sound; exact Hlegal|].
  split; [exact Hr|]. split; [exact Hh|].
  unfold totals_okb in Htot. rewrite forallb_forall in Htot. intros c.
  specialize (Htot c (in_colors c)). apply andb_true_iff in Htot as [Hs Hk].
  apply Nat.eqb_eq in Hs, Hk. split; assumption.
Qed.

(* ---- The update rules keep the abstraction ------------------------------------------------ *)
(* Each rule is a relation between the state before (st) and after (st'), in the terms of
   board.cpp's primitives: add_stone (a placement, and undo's restore_root) and remove_stone /
   remove_root (undo, and rule 6's removal, stone by stone). *)

Definition clear (b : board) (v : point) : board := fun q => if point_eqb q v then Empty else b q.

Lemma mem_neighbours_sym v q : mem q (neighbours N v) = true <-> In v (neighbours N q).
Proof. rewrite mem_spec, !in_neighbours. split; apply adj_sym. Qed.

(* A stone of colour c on the empty point v: v's neighbours gain one c neighbour, v's vertex
   in their c XOR; nothing else changes. *)
Lemma friends_place b v c c' q : b v = Empty ->
  (color_eqb c' c && mem q (neighbours N v) = true ->
     length (friends (place b v c) c' q) = S (length (friends b c' q)) /\
     friend_xor (place b v c) c' q = Nat.lxor (vid v) (friend_xor b c' q)) /\
  (color_eqb c' c && mem q (neighbours N v) = false ->
     friends (place b v c) c' q = friends b c' q).
Proof.
  intros Hv. unfold friend_xor, friends. split.
  - intros Hup. apply andb_true_iff in Hup as [Hc Hn].
    destruct (color_eqb_spec c' c) as [->|]; [|discriminate].
    apply mem_neighbours_sym in Hn.
    apply (filter_gain point_eq_dec vid); [apply neighbours_nodup | exact Hn | | |].
    + rewrite Hv. reflexivity.
    + rewrite place_at. simpl. destruct (color_eqb_spec c c); [reflexivity|congruence].
    + intros x Hx. rewrite place_other; [reflexivity|exact Hx].
  - intros Hup. apply filter_ext_in. intros x Hx.
    destruct (point_eq_dec x v) as [->|Hxv]; [|rewrite place_other; [reflexivity|exact Hxv]].
    rewrite place_at, Hv. simpl.
    destruct (color_eqb_spec c' c) as [->|Hne]; [|destruct c, c'; simpl; congruence].
    apply andb_false_iff in Hup as [Hup|Hup]; [destruct c; discriminate|].
    assert (Hin : mem q (neighbours N v) = true) by (apply mem_neighbours_sym; exact Hx).
    congruence.
Qed.

(* add_stone's point-word updates (board.cpp: point_[v] gets the content; for each neighbour n,
   point_[n] = (point_[n] + kOne) ^ (v << xor_shift(c))) keep the point words exact. *)
Lemma place_words b st st' c v : words_ok b st -> b v = Empty ->
  (forall q, st_content st' q = if point_eqb q v then code (Stone c) else st_content st q) ->
  (forall c' q, st_count st' c' q =
     if color_eqb c' c && mem q (neighbours N v) then S (st_count st c' q) else st_count st c' q) ->
  (forall c' q, st_xor st' c' q =
     if color_eqb c' c && mem q (neighbours N v) then Nat.lxor (vid v) (st_xor st c' q) else st_xor st c' q) ->
  words_ok (place b v c) st'.
Proof.
  intros Hok Hv Hcontent Hcount Hxor p Hp. destruct (Hok p Hp) as [Hc Hcs]. split.
  - rewrite Hcontent. unfold place. destruct (point_eqb p v); [reflexivity|exact Hc].
  - intros c'. destruct (Hcs c') as [Hn Hx]. rewrite Hcount, Hxor.
    destruct (friends_place b v c c' p Hv) as [Hgain Hsame].
    unfold friendly_count. fold (friends (place b v c) c' p). fold (friends b c' p) in Hn.
    destruct (color_eqb c' c && mem p (neighbours N v)) eqn:Hup.
    + destruct (Hgain eq_refl) as [Hlen Hx']. rewrite Hlen, Hx', Hn, Hx. split; reflexivity.
    + rewrite (Hsame eq_refl). unfold friend_xor. rewrite (Hsame eq_refl). split; assumption.
Qed.

(* remove_stone's and remove_root's point-word updates (the content emptied; for each neighbour
   n, point_[n] = (point_[n] ^ (v << xor_shift(c))) - kOne) keep the point words exact. *)
Lemma clear_words b st st' c v : words_ok b st -> b v = Stone c ->
  (forall q, st_content st' q = if point_eqb q v then 0 else st_content st q) ->
  (forall c' q, st_count st' c' q =
     if color_eqb c' c && mem q (neighbours N v) then pred (st_count st c' q) else st_count st c' q) ->
  (forall c' q, st_xor st' c' q =
     if color_eqb c' c && mem q (neighbours N v) then Nat.lxor (vid v) (st_xor st c' q) else st_xor st c' q) ->
  words_ok (clear b v) st'.
Proof.
  intros Hok Hv Hcontent Hcount Hxor p Hp. destruct (Hok p Hp) as [Hc Hcs].
  (* b is clear b v with the stone placed back *)
  assert (Hback : forall q, b q = place (clear b v) v c q).
  { intros q. unfold place, clear. destruct (point_eqb_spec q v) as [->|]; [exact Hv|reflexivity]. }
  assert (Hcv : clear b v v = Empty) by (unfold clear; destruct (point_eqb_spec v v); congruence).
  split.
  - rewrite Hcontent. unfold clear. destruct (point_eqb p v); [reflexivity|exact Hc].
  - intros c'. destruct (Hcs c') as [Hn Hx]. rewrite Hcount, Hxor.
    destruct (friends_place (clear b v) v c c' p Hcv) as [Hgain Hsame].
    assert (Hf : friends b c' p = friends (place (clear b v) v c) c' p).
    { unfold friends. apply filter_ext. intros q. rewrite Hback. reflexivity. }
    unfold friendly_count in Hn |- *. fold (friends b c' p) in Hn. fold (friends (clear b v) c' p).
    unfold friend_xor in Hx |- *. rewrite Hf in Hn, Hx.
    destruct (color_eqb c' c && mem p (neighbours N v)) eqn:Hup.
    + destruct (Hgain eq_refl) as [Hlen Hx']. rewrite Hn, Hlen. split; [reflexivity|].
      rewrite Hx. unfold friend_xor in Hx'. rewrite Hx', <- Nat.lxor_assoc, Nat.lxor_nilpotent, Nat.lxor_0_l.
      reflexivity.
    + rewrite (Hsame eq_refl) in Hn, Hx. split; assumption.
Qed.

Lemma friendly_count_place b v c c' q : b v = Empty ->
  friendly_count N (place b v c) c' q =
  if color_eqb c' c && mem q (neighbours N v) then S (friendly_count N b c' q) else friendly_count N b c' q.
Proof.
  intros Hv. destruct (friends_place b v c c' q Hv) as [Hgain Hsame]. unfold friendly_count.
  fold (friends (place b v c) c' q). fold (friends b c' q).
  destruct (color_eqb c' c && mem q (neighbours N v)) eqn:Hup.
  - apply (proj1 (Hgain eq_refl)).
  - rewrite (Hsame eq_refl). reflexivity.
Qed.

(* add_stone's legal-set updates: v leaves both sets (legal_remove of c, and of the other colour
   when v was its growth point); a neighbour n of v is in c's set afterwards exactly when it was
   empty with no c neighbour (key == 0: added; key == kOne: removed); nothing else changes. *)
Lemma place_legal b c v (member member' : color -> point -> Prop) :
  b v = Empty ->
  (forall c' q, member c' q <-> legal N b c' q) ->
  (forall c' q, member' c' q <->
     q <> v /\ (if color_eqb c' c && mem q (neighbours N v)
                then b q = Empty /\ friendly_count N b c q = 0 else member c' q)) ->
  forall c' q, member' c' q <-> legal N (place b v c) c' q.
Proof.
  intros Hv Hmem Hmem' c' q. rewrite Hmem'. unfold legal.
  rewrite (friendly_count_place b v c c' q Hv).
  destruct (point_eq_dec q v) as [->|Hqv].
  - rewrite place_at. split; [intros [Hne _]; contradiction | intros [_ [Hs _]]; discriminate].
  - rewrite (place_other b v c q Hqv).
    destruct (color_eqb c' c && mem q (neighbours N v)) eqn:Hup.
    + apply andb_true_iff in Hup as [Hc Hn]. destruct (color_eqb_spec c' c) as [->|]; [|discriminate].
      apply mem_spec, in_neighbours in Hn. destruct (adj_on_board N v q Hn) as [_ Hq].
      split; [intros [_ [He Hz]]; rewrite Hz; tauto | intros [_ [He Hz]]; split; [exact Hqv|split; [exact He|lia]]].
    + rewrite Hmem. unfold legal. tauto.
Qed.

(* The same for remove_stone (undo's take-back of the placed stone, and each stone of a removed
   root): v becomes a point of each colour's set exactly when it is empty with one neighbour of
   that colour (is_growth_word of its word); a neighbour n of v is in c's set afterwards exactly
   when it is empty with two c neighbours before (key == 2 kOne: added; key == kOne: removed). *)
Lemma clear_legal b c v (member member' : color -> point -> Prop) :
  b v = Stone c -> on_board N v ->
  (forall c' q, member c' q <-> legal N b c' q) ->
  (forall c' q, member' c' q <->
     if point_eqb q v then friendly_count N b c' v = 1
     else if color_eqb c' c && mem q (neighbours N v)
          then b q = Empty /\ friendly_count N b c q = 2 else member c' q) ->
  forall c' q, member' c' q <-> legal N (clear b v) c' q.
Proof.
  intros Hv Hon Hmem Hmem' c' q. rewrite Hmem'.
  assert (Hcv : clear b v v = Empty) by (unfold clear; destruct (point_eqb_spec v v); congruence).
  assert (Hback : forall c'' r, friendly_count N b c'' r = friendly_count N (place (clear b v) v c) c'' r).
  { intros c'' r. unfold friendly_count. f_equal. apply filter_ext. intros x. unfold place, clear.
    destruct (point_eqb_spec x v) as [->|]; [rewrite Hv; reflexivity|reflexivity]. }
  unfold legal. rewrite !Hback, !(friendly_count_place (clear b v) v c _ _ Hcv).
  destruct (point_eqb_spec q v) as [->|Hqv].
  - rewrite Hcv. assert (Hself : mem v (neighbours N v) = false).
    { destruct (mem v (neighbours N v)) eqn:Hm; [|reflexivity].
      apply mem_spec, in_neighbours in Hm. exfalso. apply (adj_irrefl N v Hm). }
    rewrite Hself, andb_false_r. tauto.
  - assert (Hq : clear b v q = b q) by (unfold clear; destruct (point_eqb_spec q v); [contradiction|reflexivity]).
    rewrite Hq. destruct (color_eqb c' c && mem q (neighbours N v)) eqn:Hup.
    + assert (Hupc : color_eqb c c && mem q (neighbours N v) = true).
      { apply andb_true_iff in Hup as [Hc Hn]. destruct (color_eqb_spec c' c) as [->|]; [|discriminate].
        rewrite Hn. destruct c; reflexivity. }
      rewrite Hupc. cbv beta iota.
      apply andb_true_iff in Hup as [Hc Hn]. destruct (color_eqb_spec c' c) as [->|]; [|discriminate].
      apply mem_spec, in_neighbours in Hn. destruct (adj_on_board N v q Hn) as [_ Honq].
      split; [intros [He Htwo]; split; [exact Honq|split; [exact He|lia]] | intros [_ [He Hone]]; split; [exact He|lia]].
    + rewrite Hmem. unfold legal. rewrite Hback, (friendly_count_place (clear b v) v c _ _ Hcv), Hup.
      unfold place. destruct (point_eqb_spec q v) as [Eqv|_]; [contradiction|]. tauto.
Qed.

(* The one friendly neighbour of a legal point is the first of its friends. *)
Lemma friend_unique b c v t : legal N b c v -> adj N v t -> b t = Stone c ->
  (forall r, adj N v r -> b r = Stone c -> r = t) -> friend b c v = t.
Proof.
  intros [_ [_ Hone]] Ht Hbt Hu. unfold friend. unfold friendly_count in Hone. fold (friends b c v) in Hone.
  destruct (friends b c v) as [|x rest] eqn:Hf; [discriminate|].
  assert (Hx : In x (friends b c v)) by (rewrite Hf; left; reflexivity).
  unfold friends in Hx. apply filter_In in Hx as [Hx Hbx]. apply in_neighbours in Hx.
  destruct (cell_eqb_spec (b x) (Stone c)) as [Ex|]; [|discriminate]. apply Hu; assumption.
Qed.

(* play_as/add_stone's root update: the placed stone is labelled with the head of its one
   friendly neighbour (root_[v] = head = root_[attach]); no other label changes. *)
Lemma place_roots b st st' c v : legal N b c v -> roots_ok b st ->
  (forall q, st_root st' q = if point_eqb q v then st_root st (friend b c v) else st_root st q) ->
  roots_ok (place b v c) st'.
Proof.
  intros Hl [Hlab Hsame] Hroot.
  destruct (no_merge N b c v Hl) as [t [Ht [Hbt [Hu [Hconn_v Hconn_s]]]]].
  rewrite (friend_unique b c v t Hl Ht Hbt Hu) in Hroot.
  destruct Hl as [Hvon [Hv _]].
  assert (Hstone_ne : forall q, b q <> Empty -> q <> v) by (intros q Hq ->; contradiction).
  assert (Hold : forall q, q <> v -> st_root st' q = st_root st q).
  { intros q Hq. rewrite Hroot. destruct (point_eqb_spec q v); [contradiction|reflexivity]. }
  assert (Hnew : st_root st' v = st_root st t).
  { rewrite Hroot. destruct (point_eqb_spec v v); [reflexivity|contradiction]. }
  destruct (adj_on_board N v t Ht) as [_ Hton].
  assert (Ht_lab : conn N b t (st_root st t) /\ st_root st (st_root st t) = st_root st t)
    by (apply Hlab; [exact Hton|congruence]).
  assert (Hh_ne : st_root st t <> v)
    by (apply Hstone_ne, (conn_stone N b t), (proj1 Ht_lab)).
  split.
  - intros s Hs Hne. destruct (point_eq_dec s v) as [->|Hsv].
    + rewrite Hnew, (Hold _ Hh_ne). split; [|apply Ht_lab].
      apply Hconn_v. right. apply Ht_lab.
    + rewrite (place_other b v c s Hsv) in Hne. destruct (Hlab s Hs Hne) as [Hc Hself].
      assert (Hh : st_root st s <> v) by (apply Hstone_ne, (conn_stone N b s), Hc).
      rewrite (Hold s Hsv), (Hold _ Hh). split; [|exact Hself].
      apply Hconn_s; [exact Hsv|left; exact Hc].
  - intros s q Hc. destruct (point_eq_dec s v) as [->|Hsv].
    + apply Hconn_v in Hc as [->|Hc]; [reflexivity|].
      rewrite Hnew, (Hold q (Hstone_ne q (conn_stone N b t q Hc))). apply Hsame, Hc.
    + rewrite (Hold s Hsv). apply (Hconn_s s q Hsv) in Hc as [Hc|[-> Hc]].
      * rewrite (Hold q (Hstone_ne q (conn_stone N b s q Hc))). apply Hsame, Hc.
      * rewrite Hnew. apply Hsame, Hc.
Qed.

(* stones_[c] counts: ++ on a placement (add_stone), -- per removed stone (remove_stone,
   remove_root's total). *)
Lemma place_stones b c v c' : on_board N v -> b v = Empty ->
  stone_count (place b v c) c' = if color_eqb c' c then S (stone_count b c') else stone_count b c'.
Proof.
  intros Hon Hv. unfold stone_count.
  destruct (color_eqb_spec c' c) as [->|Hne].
  - destruct (filter_gain point_eq_dec vid (is_stone b c) (is_stone (place b v c) c) v (all_points N)
                (nodup_all_points N) (proj2 (in_all_points N v) Hon)) as [Hlen _].
    + unfold is_stone. rewrite Hv. reflexivity.
    + unfold is_stone. rewrite place_at. simpl. destruct (color_eqb_spec c c); [reflexivity|congruence].
    + intros x Hx. unfold is_stone. rewrite place_other; [reflexivity|exact Hx].
    + exact Hlen.
  - f_equal. apply filter_ext. intros x. unfold is_stone. destruct (point_eq_dec x v) as [->|Hx].
    + rewrite place_at, Hv. simpl. destruct (color_eqb_spec c c'); [congruence|reflexivity].
    + rewrite place_other; [reflexivity|exact Hx].
Qed.

Lemma clear_stones b c v c' : on_board N v -> b v = Stone c ->
  stone_count (clear b v) c' = if color_eqb c' c then pred (stone_count b c') else stone_count b c'.
Proof.
  intros Hon Hv.
  assert (Hcv : clear b v v = Empty) by (unfold clear; destruct (point_eqb_spec v v); congruence).
  assert (Hback : stone_count b c' = stone_count (place (clear b v) v c) c').
  { unfold stone_count, is_stone. f_equal. apply filter_ext. intros x. unfold place, clear.
    destruct (point_eqb_spec x v) as [->|]; [rewrite Hv; reflexivity|reflexivity]. }
  rewrite Hback, (place_stones (clear b v) c v c' Hon Hcv).
  destruct (color_eqb c' c); reflexivity.
Qed.

(* ---- Growth counts are local: a placement changes them only through v and its neighbours -- *)
Lemma filter_and_split (f g : point -> bool) l :
  length (filter f l) = length (filter (fun x => f x && g x) l) + length (filter (fun x => f x && negb (g x)) l).
Proof. induction l as [|a l IH]; simpl; auto. destruct (f a), (g a); simpl; lia. Qed.

(* Counting f over l: the points of D (in l, each once) counted apart. *)
Lemma filter_in_part (f : point -> bool) l D : NoDup l -> NoDup D -> incl D l ->
  length (filter (fun x => f x && mem x D) l) = length (filter f D).
Proof.
  intros Hl HD Hincl.
  assert (Hsame : forall x, In x (filter (fun x => f x && mem x D) l) <-> In x (filter f D)).
  { intros x. rewrite !filter_In, andb_true_iff, mem_spec. split; [tauto|].
    intros [HxD Hf]. split; [apply Hincl; exact HxD|tauto]. }
  apply Nat.le_antisymm; apply NoDup_incl_length;
    try (apply NoDup_filter; assumption); intros x Hx; apply Hsame; exact Hx.
Qed.

Lemma filter_local (f f' : point -> bool) l D : NoDup l -> NoDup D -> incl D l ->
  (forall x, In x l -> ~ In x D -> f x = f' x) ->
  length (filter f' l) + length (filter f D) = length (filter f l) + length (filter f' D).
Proof.
  intros Hl HD Hincl Hout.
  rewrite (filter_and_split f (fun x => mem x D) l), (filter_and_split f' (fun x => mem x D) l).
  rewrite !(filter_in_part _ l D Hl HD Hincl).
  assert (Hrest : filter (fun x => f x && negb (mem x D)) l = filter (fun x => f' x && negb (mem x D)) l).
  { apply filter_ext_in. intros x Hx. destruct (mem x D) eqn:Hm; [rewrite !andb_false_r; reflexivity|].
    rewrite (Hout x Hx); [reflexivity|]. intros HxD. apply mem_spec in HxD. congruence. }
  rewrite Hrest. lia.
Qed.

(* Whether g counts towards the growth of the root labelled h (growth_count's test). *)
Definition grows (b : board) (st : state) (c : color) (h g : point) : bool :=
  legalb N b c g && point_eqb (st_root st (friend b c g)) h.

Lemma filter_twice (f g : point -> bool) l : filter g (filter f l) = filter (fun x => f x && g x) l.
Proof. induction l as [|a l IH]; simpl; auto. destruct (f a); simpl; [destruct (g a); rewrite IH|]; auto. Qed.

Lemma growth_count_grows b st c h :
  growth_count b st c h = length (filter (grows b st c h) (all_points N)).
Proof.
  unfold growth_count, growth_in, legal_moves, grows. rewrite filter_twice. reflexivity.
Qed.

(* A placement of c on v (with v labelled anew and no other label changed) changes every
   growth count only through v and its neighbours: the growth counts after, plus what those
   points gave before, equal the counts before plus what they give after. So add_stone, which
   looks at v and its neighbours alone, has all it needs to keep every count exact. *)
(* check-map: theorem place_growth_local [rule5] *)
Theorem place_growth_local b st st' c v c' h : legal N b c v ->
  (forall q, q <> v -> st_root st' q = st_root st q) ->
  growth_count (place b v c) st' c' h + length (filter (grows b st c' h) (v :: neighbours N v)) =
  growth_count b st c' h + length (filter (grows (place b v c) st' c' h) (v :: neighbours N v)).
Proof.
  intros Hl Hroot. rewrite !growth_count_grows.
  destruct Hl as [Hvon [Hv _]].
  apply filter_local.
  - apply nodup_all_points.
  - constructor; [|apply neighbours_nodup]. intros Hin. apply in_neighbours in Hin.
    apply (adj_irrefl N v Hin).
  - intros x [<-|Hx]; apply in_all_points; [exact Hvon|].
    apply in_neighbours in Hx. apply (proj2 (adj_on_board N v x Hx)).
  - intros x _ Hout.
    assert (Hxv : x <> v) by (intros ->; apply Hout; left; reflexivity).
    assert (Hnb : mem x (neighbours N v) = false).
    { destruct (mem x (neighbours N v)) eqn:Hm; [|reflexivity].
      apply mem_spec in Hm. exfalso. apply Hout. right. exact Hm. }
    assert (Hup : color_eqb c' c && mem x (neighbours N v) = false) by (rewrite Hnb, andb_false_r; reflexivity).
    destruct (friends_place b v c c' x Hv) as [_ Hsame].
    unfold grows, legalb. rewrite (place_other b v c x Hxv), (friendly_count_place b v c c' x Hv), Hup.
    assert (Hfriend : friend (place b v c) c' x = friend b c' x).
    { unfold friend. rewrite (Hsame Hup). reflexivity. }
    rewrite Hfriend.
    assert (Hfv : friend b c' x <> v).
    { unfold friend. destruct (friends b c' x) as [|y rest] eqn:Hf; [exact Hxv|].
      intros ->. assert (Hy : In v (friends b c' x)) by (rewrite Hf; left; reflexivity).
      unfold friends in Hy. apply filter_In in Hy as [Hy _].
      apply mem_neighbours_sym in Hy. congruence. }
    rewrite (Hroot _ Hfv). reflexivity.
Qed.

(* ---- A whole placement without removal keeps the abstraction ------------------------------ *)

(* next_ walks: a step and the point reached after one step more. *)
Lemma walk_S nx s k : walk nx s (S k) = s :: walk nx (nx s) k.
Proof. reflexivity. Qed.
Lemma iter_S nx s k : iter nx s (S k) = iter nx (nx s) k.
Proof. reflexivity. Qed.

(* Changing next_ outside the points a walk visits changes neither the walk nor where it ends. *)
Lemma walk_same nx nx' : forall k s, (forall x, In x (walk nx s k) -> nx' x = nx x) ->
  walk nx' s k = walk nx s k /\ iter nx' s k = iter nx s k.
Proof.
  intros k. induction k as [|k IH]; intros s Hs; [split; reflexivity|].
  rewrite !walk_S, !iter_S, (Hs s (or_introl eq_refl)).
  destruct (IH (nx s)) as [Hw Hi]; [intros x Hx; apply Hs; right; exact Hx|].
  rewrite Hw. split; [reflexivity|exact Hi].
Qed.

(* play_as's list update: next_[v] = next_[a]; next_[a] = v (v linked right after a). *)
Definition insert_after (nx : point -> point) (a v : point) : point -> point :=
  fun q => if point_eqb q v then nx a else if point_eqb q a then v else nx q.

(* Linking v, not in a walk, right after a, in it: the walk one step longer visits v and the
   points it visited, each once, and ends where it ended. *)
Lemma walk_insert nx a v : forall k s,
  NoDup (walk nx s k) -> In a (walk nx s k) -> ~ In v (walk nx s k) ->
  NoDup (walk (insert_after nx a v) s (S k)) /\
  (forall x, In x (walk (insert_after nx a v) s (S k)) <-> x = v \/ In x (walk nx s k)) /\
  iter (insert_after nx a v) s (S k) = iter nx s k.
Proof.
  intros k. induction k as [|k IH]; intros s Hnd Ha Hv; [destruct Ha|].
  rewrite walk_S in Hnd, Ha, Hv. rewrite (walk_S nx s k), (iter_S nx s k).
  apply NoDup_cons_iff in Hnd as [Hs_out Hnd'].
  assert (Hav : a <> v) by (intros Eav; apply Hv; rewrite <- Eav; exact Ha).
  assert (Hsv : s <> v) by (intros Esv; apply Hv; left; exact Esv).
  rewrite (walk_S _ s (S k)), (iter_S _ s (S k)).
  destruct (point_eq_dec s a) as [Esa|Hsa].
  - subst s.
    assert (Hnxa : insert_after nx a v a = v).
    { unfold insert_after. destruct (point_eqb_spec a v) as [E|_]; [contradiction|].
      destruct (point_eqb_spec a a) as [_|E]; [reflexivity|contradiction]. }
    assert (Hnxv : insert_after nx a v v = nx a).
    { unfold insert_after. destruct (point_eqb_spec v v) as [_|E]; [reflexivity|contradiction]. }
    assert (Hrest : forall x, In x (walk nx (nx a) k) -> insert_after nx a v x = nx x).
    { intros x Hx. unfold insert_after. destruct (point_eqb_spec x v) as [Exv|Hxv].
      - exfalso. apply Hv. right. rewrite Exv in Hx. exact Hx.
      - destruct (point_eqb_spec x a) as [Exa|Hxa]; [|reflexivity].
        exfalso. apply Hs_out. rewrite Exa in Hx. exact Hx. }
    destruct (walk_same nx (insert_after nx a v) k (nx a) Hrest) as [Hw Hi].
    rewrite Hnxa, walk_S, iter_S, Hnxv, Hw, Hi.
    split; [|split; [|reflexivity]].
    + constructor.
      * intros [Eva|Hin]; [apply Hav; symmetry; exact Eva|contradiction].
      * constructor; [intros Hin; apply Hv; right; exact Hin|exact Hnd'].
    + intros x. simpl. split.
      * intros [Eax|[Evx|Hx]]; [right; left; exact Eax|left; symmetry; exact Evx|right; right; exact Hx].
      * intros [Exv|[Eax|Hx]]; [right; left; symmetry; exact Exv|left; exact Eax|right; right; exact Hx].
  - assert (Hnxs : insert_after nx a v s = nx s).
    { unfold insert_after. destruct (point_eqb_spec s v) as [E|_]; [contradiction|].
      destruct (point_eqb_spec s a) as [E|_]; [contradiction|reflexivity]. }
    destruct Ha as [Esa|Ha']; [contradiction|].
    assert (Hv' : ~ In v (walk nx (nx s) k)) by (intros Hin; apply Hv; right; exact Hin).
    destruct (IH (nx s) Hnd' Ha' Hv') as [Hnd2 [Hin2 Hit2]].
    rewrite Hnxs. split; [|split; [|exact Hit2]].
    + constructor; [|exact Hnd2]. intros Hin. apply Hin2 in Hin as [Esv'|Hin]; [contradiction|].
      contradiction.
    + intros x. split.
      * intros [Esx|Hx]; [right; left; exact Esx|].
        apply Hin2 in Hx as [Exv|Hx]; [left; exact Exv|right; right; exact Hx].
      * intros [Exv|[Esx|Hx]]; [right; apply Hin2; left; exact Exv|left; exact Esx|].
        right. apply Hin2. right. exact Hx.
Qed.

(* Whether s counts among the stones labelled h (labelled's test). *)
Definition labels (b : board) (st : state) (c : color) (h s : point) : bool :=
  is_stone b c s && point_eqb (st_root st s) h.

(* A placement of c on v, with v labelled as its friendly neighbour t (the labels of the other
   stones unchanged), keeps every head's labelled stones but for v, which the head of t gains. *)
Lemma place_labelled b st st' c v t c' h : on_board N v -> b v = Empty ->
  (forall q, q <> v -> st_root st' q = st_root st q) -> st_root st' v = st_root st t ->
  length (labelled (place b v c) st' c' h) =
  if color_eqb c' c && point_eqb h (st_root st t) then S (length (labelled b st c' h))
  else length (labelled b st c' h).
Proof.
  intros Hvon Hv Hold Hnew. unfold labelled.
  assert (Hout : forall x, x <> v ->
            is_stone (place b v c) c' x && point_eqb (st_root st' x) h = is_stone b c' x && point_eqb (st_root st x) h).
  { intros x Hx. unfold is_stone. rewrite (place_other b v c x Hx), (Hold x Hx). reflexivity. }
  assert (Hbefore : is_stone b c' v && point_eqb (st_root st v) h = false)
    by (unfold is_stone; rewrite Hv; reflexivity).
  destruct (color_eqb c' c && point_eqb h (st_root st t)) eqn:Hup.
  - apply andb_true_iff in Hup as [Hc Hh].
    destruct (color_eqb_spec c' c) as [Ec|]; [|discriminate]. subst c'.
    destruct (point_eqb_spec h (st_root st t)) as [Eh|]; [|discriminate].
    apply (filter_gain point_eq_dec vid _ _ v _ (nodup_all_points N) (proj2 (in_all_points N v) Hvon)).
    + exact Hbefore.
    + unfold is_stone. rewrite place_at, Hnew, Eh. simpl.
      destruct (color_eqb_spec c c) as [_|E]; [|contradiction].
      destruct (point_eqb_spec (st_root st t) (st_root st t)) as [_|E]; [reflexivity|contradiction].
    + intros x Hx. apply Hout, Hx.
  - f_equal. apply filter_ext. intros x. destruct (point_eq_dec x v) as [Exv|Hx]; [|apply Hout, Hx].
    subst x. rewrite Hbefore. unfold is_stone. rewrite place_at, Hnew. simpl.
    destruct (color_eqb_spec c c') as [Ec|Ec]; simpl.
    + subst c'. destruct (point_eqb_spec (st_root st t) h) as [Eh|]; [|reflexivity].
      rewrite Eh in Hup. destruct (color_eqb_spec c c) as [_|E]; [|contradiction].
      destruct (point_eqb_spec h h) as [_|E]; [discriminate|contradiction].
    + destruct c, c'; simpl; [contradiction|reflexivity|reflexivity|contradiction].
Qed.

(* play_as's updates of root_ (v gets the head of attach), next_ (v linked right after attach)
   and growth_ (each head's count changes by what v and its neighbours gain and lose as its
   growth points: add_stone looks at those points alone) keep every head's growth count and
   circular list exact. *)
Lemma place_heads b st st' c v : legal N b c v -> roots_ok b st -> heads_ok b st ->
  (forall q, st_root st' q = if point_eqb q v then st_root st (friend b c v) else st_root st q) ->
  (forall q, st_next st' q = insert_after (st_next st) (friend b c v) v q) ->
  (forall c' h, is_head (place b v c) st' c' h = true ->
     st_growth st' h + length (filter (grows b st c' h) (v :: neighbours N v)) =
     st_growth st h + length (filter (grows (place b v c) st' c' h) (v :: neighbours N v))) ->
  heads_ok (place b v c) st'.
Proof.
  intros Hl [Hlab Hsame] Hheads Hroot Hnext Hgrowth.
  destruct (no_merge N b c v Hl) as [t [Ht [Hbt [Hu [_ Hconn_s]]]]].
  assert (Hft : friend b c v = t) by (apply (friend_unique b c v t Hl Ht Hbt Hu)).
  rewrite Hft in Hroot, Hnext.
  pose proof Hl as [Hvon [Hv _]].
  assert (Hold : forall q, q <> v -> st_root st' q = st_root st q).
  { intros q Hq. rewrite Hroot. destruct (point_eqb_spec q v) as [E|_]; [contradiction|reflexivity]. }
  assert (Hnew : st_root st' v = st_root st t).
  { rewrite Hroot. destruct (point_eqb_spec v v) as [_|E]; [reflexivity|contradiction]. }
  destruct (adj_on_board N v t Ht) as [_ Hton].
  destruct (Hlab t Hton (ltac:(rewrite Hbt; discriminate))) as [Hthd Hhd_self].
  assert (Hnotv : forall q s, conn N b q s -> s <> v).
  { intros q s Hc Esv. apply (conn_stone N b q s Hc). rewrite Esv. exact Hv. }
  assert (Hhd_v : st_root st t <> v) by (apply (Hnotv t), Hthd).
  intros c' h Hh Hhead.
  assert (Hhv : h <> v).
  { intros Ehv. subst h. unfold is_head in Hhead. rewrite Hnew in Hhead.
    destruct (point_eqb_spec (st_root st t) v) as [E|_]; [contradiction|].
    rewrite andb_false_r in Hhead. discriminate. }
  assert (Hhead_old : is_head b st c' h = true).
  { unfold is_head, is_stone in Hhead |- *. rewrite (place_other b v c h Hhv), (Hold h Hhv) in Hhead.
    exact Hhead. }
  pose proof Hhead_old as Hho. unfold is_head, is_stone in Hho.
  apply andb_true_iff in Hho as [Hbh Hself].
  destruct (cell_eqb_spec (b h) (Stone c')) as [Ebh|]; [|discriminate].
  destruct (point_eqb_spec (st_root st h) h) as [Eself|]; [|discriminate].
  pose proof (Hheads c' h Hh Hhead_old) as Hold_h. cbv zeta in Hold_h.
  destruct Hold_h as [Hgr [Hnd [Hwalk Hiter]]].
  split.
  - pose proof (place_growth_local b st st' c v c' h Hl Hold) as Hloc.
    pose proof (Hgrowth c' h Hhead) as Hg. lia.
  - cbv zeta. rewrite (place_labelled b st st' c v t c' h Hvon Hv Hold Hnew).
    set (k := length (labelled b st c' h)) in *.
    destruct (color_eqb c' c && point_eqb h (st_root st t)) eqn:Hup.
    + apply andb_true_iff in Hup as [Hc Hhh].
      destruct (color_eqb_spec c' c) as [Ec|]; [|discriminate]. subst c'.
      destruct (point_eqb_spec h (st_root st t)) as [Eh|]; [|discriminate].
      assert (Hht : conn N b h t) by (rewrite Eh; apply conn_sym, Hthd).
      destruct (walk_insert (st_next st) t v k h Hnd (proj2 (Hwalk t) Hht)) as [Hnd2 [Hin2 Hit2]].
      { intros Hin. apply Hwalk in Hin. exact (Hnotv h v Hin eq_refl). }
      destruct (walk_same (insert_after (st_next st) t v) (st_next st') (S k) h) as [Hw Hi].
      { intros x _. apply Hnext. }
      rewrite Hw, Hi. split; [exact Hnd2|]. split; [|rewrite Hit2; exact Hiter].
      intros s. rewrite Hin2, (Hconn_s h s Hhv), (Hwalk s).
      split; [intros [Esv|Hs]; [right; split; [exact Esv|exact Hht]|left; exact Hs]|].
      intros [Hs|[Esv _]]; [right; exact Hs|left; exact Esv].
    + assert (Hnt : ~ conn N b h t).
      { intros Hht. destruct (conn_inv N b h t Hht) as [_ [_ [_ Ebt]]].
        rewrite Hbt, Ebh in Ebt. injection Ebt as Ec. subst c'.
        rewrite <- (Hsame h t Hht), Eself in Hup.
        destruct (color_eqb_spec c c) as [_|E]; [|contradiction].
        destruct (point_eqb_spec h h) as [_|E]; [discriminate|contradiction]. }
      destruct (walk_same (st_next st) (st_next st') k h) as [Hw Hi].
      { intros x Hx. apply Hwalk in Hx. rewrite Hnext. unfold insert_after.
        destruct (point_eqb_spec x v) as [Exv|_]; [exfalso; exact (Hnotv h x Hx Exv)|].
        destruct (point_eqb_spec x t) as [Ext|_]; [|reflexivity].
        exfalso. apply Hnt. rewrite <- Ext. exact Hx. }
      rewrite Hw, Hi. split; [exact Hnd|]. split; [|exact Hiter].
      intros s. rewrite (Hconn_s h s Hhv), (Hwalk s). split; [intros Hs; left; exact Hs|].
      intros [Hs|[_ Hht]]; [exact Hs|contradiction].
Qed.

(* Whether q is in colour c'’s legal set after add_stone puts c on v, read off the state before
   (l: the set's members before, as the legal list or the bitset holds them): v leaves both
   sets; a neighbour of v is in c's set exactly when its point word had key 0 (empty, no c
   neighbour: added), so not when it had key kOne (removed); every other point keeps its
   membership. *)
Definition legal_after (st : state) (c : color) (v : point) (c' : color) (l : list point) (q : point) : bool :=
  negb (point_eqb q v) &&
  if color_eqb c' c && mem q (neighbours N v)
  then (st_content st q =? 0) && (st_count st c q =? 0)
  else mem q l.

Lemma legal_after_spec b st c v c' l q : words_ok b st -> b v = Empty ->
  (forall p, In p l <-> legal N b c' p) ->
  (legal_after st c v c' l q = true <-> legal N (place b v c) c' q).
Proof.
  intros Hwords Hv Hl. unfold legal_after, legal.
  rewrite andb_true_iff, negb_true_iff, (friendly_count_place b v c c' q Hv).
  destruct (point_eqb_spec q v) as [Eqv|Hqv].
  - subst q. rewrite place_at. split; [intros [E _]; discriminate|intros [_ [E _]]; discriminate].
  - rewrite (place_other b v c q Hqv).
    destruct (color_eqb c' c && mem q (neighbours N v)) eqn:Hup.
    + apply andb_true_iff in Hup as [Hc Hn]. destruct (color_eqb_spec c' c) as [Ec|]; [|discriminate].
      subst c'. apply mem_spec, in_neighbours in Hn. destruct (adj_on_board N v q Hn) as [_ Hq].
      destruct (Hwords q Hq) as [Hcont Hcs]. destruct (Hcs c) as [Hcnt _].
      rewrite andb_true_iff, !Nat.eqb_eq, Hcont, Hcnt.
      assert (Hcode : code (b q) = 0 <-> b q = Empty).
      { destruct (b q) as [|[|]]; simpl; split; intros E; congruence. }
      rewrite Hcode. split; [intros [_ [He Hz]]; split; [exact Hq|split; [exact He|lia]]|].
      intros [_ [He Hone]]. split; [reflexivity|split; [exact He|lia]].
    + rewrite mem_spec, Hl. unfold legal. split; [intros [_ Hlg]; exact Hlg|intros Hlg; split; [reflexivity|exact Hlg]].
Qed.

(* Away from v and its neighbours a placement leaves legality alone. *)
Lemma legalb_place_out b v c c' x : b v = Empty -> x <> v -> ~ In x (neighbours N v) ->
  legalb N (place b v c) c' x = legalb N b c' x.
Proof.
  intros Hv Hxv Hxn. unfold legalb. rewrite (place_other b v c x Hxv), (friendly_count_place b v c c' x Hv).
  destruct (mem x (neighbours N v)) eqn:Hm; [apply mem_spec in Hm; contradiction|].
  rewrite andb_false_r. reflexivity.
Qed.

(* A stone of another colour than h's is not h. *)
Lemma other_stone_not b h c' x e : b h = Stone c' -> b x = Stone e -> e <> c' -> point_eqb x h = false.
Proof.
  intros Hbh Hbx Hne. destruct (point_eqb_spec x h) as [Exh|]; [|reflexivity].
  rewrite Exh, Hbh in Hbx. injection Hbx as E. symmetry in E. contradiction.
Qed.

(* A neighbour of an on-board v is another point, on the board. *)
Lemma neighbour_ok v n : In n (neighbours N v) -> n <> v /\ on_board N n.
Proof.
  intros Hn. apply in_neighbours in Hn. split; [|apply (proj2 (adj_on_board N v n Hn))].
  intros Env. subst n. apply (adj_irrefl N v Hn).
Qed.

(* v and its neighbours: on the board, each once. *)
Lemma around_ok v : on_board N v -> NoDup (v :: neighbours N v) /\ incl (v :: neighbours N v) (all_points N).
Proof.
  intros Hvon. split.
  - constructor; [|apply neighbours_nodup]. intros Hin. apply in_neighbours in Hin.
    apply (adj_irrefl N v Hin).
  - intros x [Evx|Hx]; apply in_all_points; [rewrite <- Evx; exact Hvon|].
    apply in_neighbours in Hx. apply (proj2 (adj_on_board N v x Hx)).
Qed.

(* The legal-set updates of add_stone and remove_stone have one shape. `adm c' l q` says, from
   the state before, whether q is in colour c''s set after (l: the set's members before, as the
   legal list or the bitset holds them); D is the points the update looks at. legal_[c'] holds
   the points adm admits, each once, with legal_pos_ indexing it (whatever order the
   swap-with-last removals and the appends leave); the bitset is the points adm admits; each
   word count changes by the bits set minus the bits cleared among D. *)
Definition legal_update (adm : color -> list point -> point -> bool) (D : list point) (st st' : state) : Prop :=
  forall c',
    NoDup (st_legal st' c') /\
    (forall q, In q (st_legal st' c') <-> adm c' (st_legal st c') q = true) /\
    (forall i, i < length (st_legal st' c') -> st_pos st' c' (nth i (st_legal st' c') (0, 0)) = i) /\
    st_bits st' c' = filter (adm c' (st_bits st c')) (all_points N) /\
    length (st_wcount st' c') = length (st_wcount st c') /\
    (forall w, w < length (st_wcount st c') ->
       nth w (st_wcount st' c') 0 +
         length (filter (fun p => (word_of p =? w) && mem p (st_bits st c')) D) =
       nth w (st_wcount st c') 0 +
         length (filter (fun p => (word_of p =? w) && adm c' (st_bits st c') p) D)).

(* Such an update keeps the legal sets exact, from board b to board b', when adm decides
   legality on b' from the legal set on b, legality changes only on D (each point once, on the
   board), and the word-count array spans the board. *)
Lemma legal_update_ok b b' st st' adm D : legal_ok b st -> NoDup D -> incl D (all_points N) ->
  (forall c' l q, (forall p, In p l <-> legal N b c' p) -> (adm c' l q = true <-> legal N b' c' q)) ->
  (forall c' x, ~ In x D -> legalb N b' c' x = legalb N b c' x) ->
  (forall c' p, on_board N p -> word_of p < length (st_wcount st c')) ->
  legal_update adm D st st' -> legal_ok b' st'.
Proof.
  intros Hlegal HndD HinclD Hadm Hout Hcover Hup c'.
  destruct (Hlegal c') as [_ [Hin [_ [Hbits [Hwc _]]]]].
  destruct (Hup c') as [Hnd' [Hin' [Hpos' [Hbits' [Hlen' Hwc']]]]].
  assert (Hbits_in : forall p, In p (st_bits st c') <-> legal N b c' p)
    by (intros p; rewrite Hbits; apply legal_moves_spec).
  assert (Hafter : forall q, adm c' (st_bits st c') q = legalb N b' c' q).
  { intros q. apply Bool.eq_iff_eq_true. rewrite legalb_spec. apply Hadm, Hbits_in. }
  assert (Hbefore : forall q, mem q (st_bits st c') = legalb N b c' q).
  { intros q. apply Bool.eq_iff_eq_true. rewrite legalb_spec, mem_spec. apply Hbits_in. }
  split; [exact Hnd'|]. split.
  { intros p. rewrite Hin'. apply Hadm, Hin. }
  split; [exact Hpos'|]. split.
  { rewrite Hbits'. unfold legal_moves. apply filter_ext. exact Hafter. }
  split.
  - intros w Hw. rewrite Hlen' in Hw. pose proof (Hwc' w Hw) as Hw'. rewrite (Hwc w Hw) in Hw'.
    unfold legal_moves in Hw' |- *. rewrite !filter_twice in Hw' |- *.
    assert (Hd1 : forall E, filter (fun p => (word_of p =? w) && mem p (st_bits st c')) E =
                           filter (fun p => legalb N b c' p && (word_of p =? w)) E).
    { intros E. apply filter_ext. intros p. rewrite Hbefore, andb_comm. reflexivity. }
    assert (Hd2 : forall E, filter (fun p => (word_of p =? w) && adm c' (st_bits st c') p) E =
                           filter (fun p => legalb N b' c' p && (word_of p =? w)) E).
    { intros E. apply filter_ext. intros p. rewrite Hafter, andb_comm. reflexivity. }
    rewrite Hd1, Hd2 in Hw'.
    pose proof (filter_local (fun p => legalb N b c' p && (word_of p =? w))
                  (fun p => legalb N b' c' p && (word_of p =? w))
                  (all_points N) D (nodup_all_points N) HndD HinclD) as Hloc.
    assert (Hsame : forall x, In x (all_points N) -> ~ In x D ->
              legalb N b c' x && (word_of x =? w) = legalb N b' c' x && (word_of x =? w)).
    { intros x _ Hx. rewrite (Hout c' x Hx). reflexivity. }
    specialize (Hloc Hsame). lia.
  - intros p Hp. rewrite Hlen'. apply Hcover, (proj1 Hp).
Qed.

(* The legal-set part of add_stone: legal_after admits, on v and its neighbours. *)
Definition place_legal_update (st st' : state) (c : color) (v : point) : Prop :=
  legal_update (legal_after st c v) (v :: neighbours N v) st st'.

(* add_stone's legal-set updates keep the legal lists, positions, bitsets and word counts exact
   (the word-count array spanning the board, as board.cpp's does). *)
Lemma place_legal_ok b st st' c v : words_ok b st -> legal_ok b st -> on_board N v -> b v = Empty ->
  (forall c' p, on_board N p -> word_of p < length (st_wcount st c')) ->
  place_legal_update st st' c v -> legal_ok (place b v c) st'.
Proof.
  intros Hwords Hlegal Hvon Hv Hcover Hup.
  destruct (around_ok v Hvon) as [HndD HinclD].
  apply (legal_update_ok b (place b v c) st st' (legal_after st c v) (v :: neighbours N v));
    [exact Hlegal|exact HndD|exact HinclD| | |exact Hcover|exact Hup].
  - intros c' l q Hl. apply legal_after_spec; assumption.
  - intros c' x Hx. apply legalb_place_out; [exact Hv| |].
    + intros Exv. apply Hx. left. symmetry. exact Exv.
    + intros Hxn. apply Hx. right. exact Hxn.
Qed.

(* add_stone's totals: stones_[c] goes up by one, roots_ unchanged (a placement makes no new
   root, rule 4). *)
Lemma place_totals b st st' c v : legal N b c v -> roots_ok b st -> totals_ok b st ->
  (forall q, st_root st' q = if point_eqb q v then st_root st (friend b c v) else st_root st q) ->
  (forall c', st_stones st' c' = if color_eqb c' c then S (st_stones st c') else st_stones st c') ->
  (forall c', st_roots st' c' = st_roots st c') ->
  totals_ok (place b v c) st'.
Proof.
  intros Hl [Hlab _] Htot Hroot Hstones Hroots c'.
  destruct (no_merge N b c v Hl) as [t [Ht [Hbt [Hu _]]]].
  rewrite (friend_unique b c v t Hl Ht Hbt Hu) in Hroot.
  pose proof Hl as [Hvon [Hv _]].
  destruct (Htot c') as [Hs Hr]. split.
  - rewrite Hstones, (place_stones b c v c' Hvon Hv), Hs. reflexivity.
  - rewrite Hroots, Hr. f_equal. apply filter_ext. intros q. unfold is_head, is_stone.
    destruct (point_eq_dec q v) as [Eqv|Hqv].
    + subst q. rewrite place_at, Hv, Hroot.
      destruct (point_eqb_spec v v) as [_|E]; [|contradiction].
      destruct (adj_on_board N v t Ht) as [_ Hton].
      destruct (Hlab t Hton (ltac:(rewrite Hbt; discriminate))) as [Hthd _].
      destruct (point_eqb_spec (st_root st t) v) as [Ehv|_].
      * exfalso. apply (conn_stone N b t v); [rewrite <- Ehv; exact Hthd|exact Hv].
      * rewrite andb_false_r. reflexivity.
    + rewrite (place_other b v c q Hqv), Hroot. destruct (point_eqb_spec q v) as [E|_]; [contradiction|reflexivity].
Qed.

(* play_as's placement of c on v without removal (add_stone, then the list link), as updates of
   the state st to st', all but the growth counts: v takes content c; each neighbour's c count
   goes up by one and v's vertex enters its c XOR; v takes the label of its one friendly
   neighbour attach (root_[v] = root_[attach]); next_[v] = next_[attach], next_[attach] = v;
   the legal sets change at v and its neighbours only (place_legal_update); stones_[c] goes up
   by one, roots_ stays. *)
Definition place_update_base (b : board) (st : state) (c : color) (v : point) (st' : state) : Prop :=
  (forall q, st_content st' q = if point_eqb q v then code (Stone c) else st_content st q) /\
  (forall c' q, st_count st' c' q =
     if color_eqb c' c && mem q (neighbours N v) then S (st_count st c' q) else st_count st c' q) /\
  (forall c' q, st_xor st' c' q =
     if color_eqb c' c && mem q (neighbours N v) then Nat.lxor (vid v) (st_xor st c' q) else st_xor st c' q) /\
  (forall q, st_root st' q = if point_eqb q v then st_root st (friend b c v) else st_root st q) /\
  (forall q, st_next st' q = insert_after (st_next st) (friend b c v) v q) /\
  place_legal_update st st' c v /\
  (forall c', st_stones st' c' = if color_eqb c' c then S (st_stones st c') else st_stones st c') /\
  (forall c', st_roots st' c' = st_roots st c').

(* The whole placement: those updates, and each head's growth count changed by what v and its
   neighbours gain and lose as its growth points (add_stone_growth_ok, below, shows add_stone's
   arithmetic does that). *)
Definition place_update (b : board) (st : state) (c : color) (v : point) (st' : state) : Prop :=
  place_update_base b st c v st' /\
  (forall c' h, is_head (place b v c) st' c' h = true ->
     st_growth st' h + length (filter (grows b st c' h) (v :: neighbours N v)) =
     st_growth st h + length (filter (grows (place b v c) st' c' h) (v :: neighbours N v))).

(* A legal placement, done by those updates, keeps the abstraction: a state that refines the
   board before refines the board with the stone placed (whether or not rule 6 then removes
   anything: this is the state add_stone leaves for remove_bounded). *)
(* check-map: theorem place_refines [rule3][rule5] *)
Theorem place_refines b st st' c v : refines b st -> legal N b c v ->
  (forall c' p, on_board N p -> word_of p < length (st_wcount st c')) ->
  place_update b st c v st' -> refines (place b v c) st'.
Proof.
  intros [Hwords [Hlegal [Hroots [Hheads Htot]]]] Hl Hcover
         [[Hcontent [Hcount [Hxor [Hroot [Hnext [Hlup [Hstones Hnroots]]]]]]] Hgrowth].
  pose proof Hl as [Hvon [Hv _]].
  split; [apply (place_words b st st' c v Hwords Hv Hcontent Hcount Hxor)|].
  split; [apply (place_legal_ok b st st' c v Hwords Hlegal Hvon Hv Hcover Hlup)|].
  split; [apply (place_roots b st st' c v Hl Hroots Hroot)|].
  split; [apply (place_heads b st st' c v Hl Hroots Hheads Hroot Hnext Hgrowth)|].
  apply (place_totals b st st' c v Hl Hroots Htot Hroot Hstones Hnroots).
Qed.

(* A whole move of rule 6 that removes nothing: c plays v, no root is bounded afterwards (so
   no stone is removed), and the board after the move is the board with the stone placed;
   play_as's updates take a state refining the board before to one refining the board after. *)
(* check-map: theorem move_refines [rule3][rule6] *)
Theorem move_refines b st st' c v : refines b st -> legal N b c v ->
  (forall q, on_board N q -> ~ removed N (place b v c) v q) ->
  (forall c' p, on_board N p -> word_of p < length (st_wcount st c')) ->
  place_update b st c v st' -> move N b c v (place b v c) /\ refines (place b v c) st'.
Proof.
  intros Href Hl Hnone Hcover Hup. split.
  - split; [exact Hl|]. intros q Hq. right. split; [apply Hnone, Hq|reflexivity].
  - apply (place_refines b st st' c v Href Hl Hcover Hup).
Qed.

(* ---- Undo of a placement without removal restores the abstraction ------------------------ *)

(* Whether q is in colour c'’s legal set after remove_stone empties v (a c stone), read off the
   state st' before it (l: the set's members): v joins a colour's set exactly when it has one
   neighbour of that colour (is_growth_word of its word); a neighbour of v joins c's set exactly
   when its word had key 2 kOne (empty, two c neighbours: added), so not when it had key kOne
   (removed); every other point keeps its membership. *)
Definition legal_undo (st' : state) (c : color) (v : point) (c' : color) (l : list point) (q : point) : bool :=
  if point_eqb q v then st_count st' c' v =? 1
  else if color_eqb c' c && mem q (neighbours N v)
  then (st_content st' q =? 0) && (st_count st' c q =? 2)
  else mem q l.

Lemma legal_undo_spec b st' c v c' l q : words_ok (place b v c) st' -> on_board N v -> b v = Empty ->
  (forall p, In p l <-> legal N (place b v c) c' p) ->
  (legal_undo st' c v c' l q = true <-> legal N b c' q).
Proof.
  intros Hwords Hvon Hv Hl. unfold legal_undo.
  destruct (point_eqb_spec q v) as [Eqv|Hqv].
  - subst q. destruct (Hwords v Hvon) as [_ Hcs]. destruct (Hcs c') as [Hcnt _].
    rewrite Nat.eqb_eq, Hcnt, (friendly_count_place b v c c' v Hv).
    assert (Hself : mem v (neighbours N v) = false).
    { destruct (mem v (neighbours N v)) eqn:Hm; [|reflexivity].
      apply mem_spec, in_neighbours in Hm. exfalso. apply (adj_irrefl N v Hm). }
    rewrite Hself, andb_false_r. unfold legal.
    split; [intros Hone; split; [exact Hvon|split; [exact Hv|exact Hone]]|intros [_ [_ Hone]]; exact Hone].
  - destruct (color_eqb c' c && mem q (neighbours N v)) eqn:Hup.
    + apply andb_true_iff in Hup as [Hc Hnm]. destruct (color_eqb_spec c' c) as [Ec|]; [|discriminate].
      subst c'. pose proof Hnm as Hn. apply mem_spec, in_neighbours in Hn.
      destruct (adj_on_board N v q Hn) as [_ Hq].
      destruct (Hwords q Hq) as [Hcont Hcs]. destruct (Hcs c) as [Hcnt _].
      rewrite andb_true_iff, !Nat.eqb_eq, Hcont, Hcnt, (place_other b v c q Hqv),
              (friendly_count_place b v c c q Hv).
      assert (Hupc : color_eqb c c && mem q (neighbours N v) = true) by (rewrite Hnm; destruct c; reflexivity).
      rewrite Hupc.
      assert (Hcode : code (b q) = 0 <-> b q = Empty).
      { destruct (b q) as [|[|]]; simpl; split; intros E; congruence. }
      rewrite Hcode. unfold legal.
      split; [intros [He Htwo]; split; [exact Hq|split; [exact He|lia]]|].
      intros [_ [He Hone]]. split; [exact He|lia].
    + rewrite mem_spec, Hl. unfold legal.
      rewrite (place_other b v c q Hqv), (friendly_count_place b v c c' q Hv), Hup. apply iff_refl.
Qed.

(* The legal-set part of remove_stone: legal_undo admits, on v and its neighbours. *)
Definition undo_legal_update (st' st'' : state) (c : color) (v : point) : Prop :=
  legal_update (legal_undo st' c v) (v :: neighbours N v) st' st''.

(* remove_stone's legal-set updates, taking back the stone placed on v, make the legal lists,
   positions, bitsets and word counts exact for the board before the placement. *)
Lemma undo_legal_ok b st' st'' c v : words_ok (place b v c) st' -> legal_ok (place b v c) st' ->
  on_board N v -> b v = Empty ->
  (forall c' p, on_board N p -> word_of p < length (st_wcount st' c')) ->
  undo_legal_update st' st'' c v -> legal_ok b st''.
Proof.
  intros Hwords Hlegal Hvon Hv Hcover Hup.
  destruct (around_ok v Hvon) as [HndD HinclD].
  apply (legal_update_ok (place b v c) b st' st'' (legal_undo st' c v) (v :: neighbours N v));
    [exact Hlegal|exact HndD|exact HinclD| | |exact Hcover|exact Hup].
  - intros c' l q Hl. apply legal_undo_spec; assumption.
  - intros c' x Hx. symmetry. apply legalb_place_out; [exact Hv| |].
    + intros Exv. apply Hx. left. symmetry. exact Exv.
    + intros Hxn. apply Hx. right. exact Hxn.
Qed.

(* undo_as's take-back of a placement of c on v that removed nothing, as updates of the state
   st' after the placement to st'', all but the growth counts: remove_stone empties v, each
   neighbour's c count goes down by one and v's vertex leaves its c XOR, root_ is left alone,
   the legal sets change at v and its neighbours only (undo_legal_update), stones_[c] goes down
   by one; then next_[attach] = next_[v] and next_[v] takes back its value from before the move
   (the move record's saved_next, here st_next st v). *)
Definition undo_update_base (b : board) (st : state) (c : color) (v : point) (st' st'' : state) : Prop :=
  (forall q, st_content st'' q = if point_eqb q v then 0 else st_content st' q) /\
  (forall c' q, st_count st'' c' q =
     if color_eqb c' c && mem q (neighbours N v) then pred (st_count st' c' q) else st_count st' c' q) /\
  (forall c' q, st_xor st'' c' q =
     if color_eqb c' c && mem q (neighbours N v) then Nat.lxor (vid v) (st_xor st' c' q) else st_xor st' c' q) /\
  (forall q, st_root st'' q = st_root st' q) /\
  (forall q, st_next st'' q =
     if point_eqb q (friend b c v) then st_next st' v else if point_eqb q v then st_next st v else st_next st' q) /\
  undo_legal_update st' st'' c v /\
  (forall c', st_stones st'' c' = if color_eqb c' c then pred (st_stones st' c') else st_stones st' c') /\
  (forall c', st_roots st'' c' = st_roots st' c').

(* The whole take-back: those updates, and each head's growth count changed by what v and its
   neighbours gain and lose as its growth points (remove_stone_growth_ok, below, shows
   remove_stone's arithmetic does that). *)
Definition undo_update (b : board) (st : state) (c : color) (v : point) (st' st'' : state) : Prop :=
  undo_update_base b st c v st' st'' /\
  (forall c' h, is_head b st'' c' h = true ->
     st_growth st'' h + length (filter (grows (place b v c) st' c' h) (v :: neighbours N v)) =
     st_growth st' h + length (filter (grows b st'' c' h) (v :: neighbours N v))).

(* A legal placement done by play_as's updates and taken back by undo_as's restores the
   abstraction: the state after the undo refines the board before the move again (its legal
   lists may be in another order; every other part the abstraction reads is as it was). *)
(* check-map: theorem undo_place [history] *)
Theorem undo_place b st st' st'' c v : refines b st -> legal N b c v ->
  (forall c' p, on_board N p -> word_of p < length (st_wcount st c')) ->
  place_update b st c v st' -> undo_update b st c v st' st'' -> refines b st''.
Proof.
  intros Href Hl Hcover Hpu Hun.
  pose proof (place_refines b st st' c v Href Hl Hcover Hpu) as Href'.
  destruct Href as [Hwords [Hlegal [Hroots [Hheads Htot]]]].
  destruct Href' as [Hwords' [Hlegal' _]].
  destruct Hpu as [[Pcontent [Pcount [Pxor [Proot [Pnext [Plup [Pstones Proots]]]]]]] Pgrowth].
  destruct Hun as [[Ucontent [Ucount [Uxor [Uroot [Unext [Ulup [Ustones Uroots]]]]]]] Ugrowth].
  pose proof Hl as [Hvon [Hv _]].
  destruct (no_merge N b c v Hl) as [t [Ht [Hbt [Hu _]]]].
  assert (Hft : friend b c v = t) by (apply (friend_unique b c v t Hl Ht Hbt Hu)).
  rewrite Hft in Proot, Pnext, Unext.
  destruct Hroots as [Hlab Hsame].
  assert (Hnotv : forall q s, conn N b q s -> s <> v).
  { intros q s Hc Esv. apply (conn_stone N b q s Hc). rewrite Esv. exact Hv. }
  assert (Hroot'' : forall q, q <> v -> st_root st'' q = st_root st q).
  { intros q Hq. rewrite Uroot, Proot. destruct (point_eqb_spec q v) as [E|_]; [contradiction|reflexivity]. }
  assert (Hhead'' : forall c' h, is_head b st'' c' h = is_head b st c' h).
  { intros c' h. unfold is_head, is_stone. destruct (point_eq_dec h v) as [Ehv|Hhv].
    - subst h. rewrite Hv. reflexivity.
    - rewrite (Hroot'' h Hhv). reflexivity. }
  assert (Hlabelled : forall c' h, labelled b st'' c' h = labelled b st c' h).
  { intros c' h. unfold labelled. apply filter_ext. intros s. unfold is_stone.
    destruct (point_eq_dec s v) as [Esv|Hsv].
    - subst s. rewrite Hv. reflexivity.
    - rewrite (Hroot'' s Hsv). reflexivity. }
  assert (Htv : t <> v) by (intros E; rewrite E in Hbt; congruence).
  assert (Hnext'' : forall q, st_next st'' q = st_next st q).
  { intros q. rewrite Unext. destruct (point_eqb_spec q t) as [Eqt|Hqt].
    - subst q. rewrite Pnext. unfold insert_after.
      destruct (point_eqb_spec v v) as [_|E]; [reflexivity|contradiction].
    - destruct (point_eqb_spec q v) as [Eqv|Hqv]; [subst q; reflexivity|].
      rewrite Pnext. unfold insert_after.
      destruct (point_eqb_spec q v) as [E|_]; [contradiction|].
      destruct (point_eqb_spec q t) as [E|_]; [contradiction|reflexivity]. }
  assert (Hfriend_stone : forall c' g, legal N b c' g -> b (friend b c' g) = Stone c').
  { intros c' g [_ [_ Hone]]. unfold friend. unfold friendly_count in Hone. fold (friends b c' g) in Hone.
    destruct (friends b c' g) as [|x rest] eqn:Hf; [discriminate|].
    assert (Hx : In x (friends b c' g)) by (rewrite Hf; left; reflexivity).
    unfold friends in Hx. apply filter_In in Hx as [_ Hbx].
    destruct (cell_eqb_spec (b x) (Stone c')) as [E|]; [exact E|discriminate]. }
  assert (Hgrows : forall c' h g, grows b st'' c' h g = grows b st c' h g).
  { intros c' h g. unfold grows. destruct (legalb N b c' g) eqn:Hlg; [|reflexivity].
    apply legalb_spec in Hlg. rewrite Hroot''; [reflexivity|].
    intros E. pose proof (Hfriend_stone c' g Hlg) as Hs. rewrite E, Hv in Hs. discriminate. }
  split; [|split; [|split; [|split]]].
  - intros p Hp. destruct (Hwords p Hp) as [Hc Hcs]. split.
    + rewrite Ucontent, Pcontent. destruct (point_eqb_spec p v) as [Epv|_]; [|exact Hc].
      subst p. rewrite Hv. reflexivity.
    + intros c'. destruct (Hcs c') as [Hn Hx]. rewrite Ucount, Uxor, Pcount, Pxor.
      destruct (color_eqb c' c && mem p (neighbours N v)); [|split; assumption].
      rewrite Nat.pred_succ, <- Nat.lxor_assoc, Nat.lxor_nilpotent, Nat.lxor_0_l. split; assumption.
  - apply (undo_legal_ok b st' st'' c v Hwords' Hlegal' Hvon Hv); [|exact Ulup].
    intros c' p Hp. destruct (Plup c') as [_ [_ [_ [_ [Hlen _]]]]]. rewrite Hlen. apply Hcover, Hp.
  - split.
    + intros s Hs Hne. assert (Hsv : s <> v) by (intros E; subst s; contradiction).
      destruct (Hlab s Hs Hne) as [Hc Hself].
      assert (Hr : st_root st s <> v) by (apply (Hnotv s), Hc).
      rewrite (Hroot'' s Hsv), (Hroot'' _ Hr). split; [exact Hc|exact Hself].
    + intros s q Hc. assert (Hqv : q <> v) by (apply (Hnotv s), Hc).
      assert (Hsv : s <> v) by (apply (Hnotv q), conn_sym, Hc).
      rewrite (Hroot'' s Hsv), (Hroot'' q Hqv). apply Hsame, Hc.
  - intros c' h Hh Hhd. rewrite Hhead'' in Hhd.
    pose proof (Hheads c' h Hh Hhd) as Hold_h. cbv zeta in Hold_h |- *.
    destruct Hold_h as [Hgr [Hnd [Hwalk Hiter]]].
    rewrite Hlabelled.
    destruct (walk_same (st_next st) (st_next st'') (length (labelled b st c' h)) h) as [Hw Hi];
      [intros x _; apply Hnext''|].
    rewrite Hw, Hi. split; [|split; [exact Hnd|split; [exact Hwalk|exact Hiter]]].
    assert (Hhv : h <> v).
    { intros Ehv. subst h. unfold is_head, is_stone in Hhd. rewrite Hv in Hhd. discriminate. }
    assert (Hhd' : is_head (place b v c) st' c' h = true).
    { unfold is_head, is_stone in Hhd |- *. rewrite (place_other b v c h Hhv), Proot.
      destruct (point_eqb_spec h v) as [E|_]; [contradiction|exact Hhd]. }
    assert (Hhd'' : is_head b st'' c' h = true) by (rewrite Hhead''; exact Hhd).
    pose proof (Pgrowth c' h Hhd') as Hp. pose proof (Ugrowth c' h Hhd'') as Hq.
    assert (Hf : forall l, filter (grows b st'' c' h) l = filter (grows b st c' h) l)
      by (intros l; apply filter_ext; intros g; apply Hgrows).
    rewrite Hf in Hq. rewrite !growth_count_grows in Hgr |- *. rewrite Hf. lia.
  - intros c'. destruct (Htot c') as [Hs Hr]. split.
    + rewrite Ustones, Pstones, Hs. destruct (color_eqb c' c); reflexivity.
    + rewrite Uroots, Proots, Hr. f_equal. apply filter_ext. intros q. symmetry. apply Hhead''.
Qed.

(* ---- add_stone's growth arithmetic --------------------------------------------------------- *)

(* A neighbour word's key (content and c count) in add_stone: kOne (empty, one c neighbour: a
   growth point of c) and 0 (empty, no c neighbour). *)
Definition key_one (st : state) (c : color) (q : point) : bool := (st_content st q =? 0) && (st_count st c q =? 1).
Definition key_zero (st : state) (c : color) (q : point) : bool := (st_content st q =? 0) && (st_count st c q =? 0).

(* The net effect of add_stone's growth_ arithmetic in a placement (kLog) of c on v, head being
   the label of v's friendly neighbour: when v was a growth point of the other colour d, its
   owner loses one (--growth_[owner]); each neighbour with key kOne stops being a growth point
   of its owner (--growth_[owner] and ++growth_[head] when the owner is not head, and head's
   share of the legal count's drop otherwise); head's count changes by the legal count's change
   otherwise: v leaves, each neighbour with key 0 comes. The owner of a growth point is the
   label of its one friendly neighbour (single_neighbour_in decodes it from the XOR; here
   `friend`). Stated additively: what each point's count lost, added after, equals what it
   gained, added before. *)
Definition add_stone_growth (b : board) (st : state) (c : color) (v : point) (st' : state) : Prop :=
  forall h,
    st_growth st' h + (if point_eqb (st_root st (friend b c v)) h then 1 else 0) +
      length (filter (fun n => key_one st c n && point_eqb (st_root st (friend b c n)) h) (neighbours N v)) +
      (if key_one st (opponent c) v && point_eqb (st_root st (friend b (opponent c) v)) h then 1 else 0) =
    st_growth st h +
      (if point_eqb (st_root st (friend b c v)) h then length (filter (key_zero st c) (neighbours N v)) else 0).

(* The one friendly neighbour of a legal point is a neighbour and a stone of that colour. *)
Lemma friend_stone b e g : legal N b e g -> adj N g (friend b e g) /\ b (friend b e g) = Stone e.
Proof.
  intros [_ [_ Hone]]. unfold friend. unfold friendly_count in Hone. fold (friends b e g) in Hone.
  destruct (friends b e g) as [|x rest] eqn:Hf; [discriminate|].
  assert (Hx : In x (friends b e g)) by (rewrite Hf; left; reflexivity).
  unfold friends in Hx. apply filter_In in Hx as [Hadj Hbx]. apply in_neighbours in Hadj.
  destruct (cell_eqb_spec (b x) (Stone e)) as [E|]; [split; [exact Hadj|exact E]|discriminate].
Qed.

(* Legality read off a point word: empty with one neighbour of the colour. *)
Lemma legalb_words b st e q : words_ok b st -> on_board N q -> legalb N b e q = key_one st e q.
Proof.
  intros Hw Hq. destruct (Hw q Hq) as [Hc Hcs]. destruct (Hcs e) as [Hn _].
  unfold legalb, key_one. rewrite Hc, Hn, (proj2 (on_boardb_spec N q) Hq), andb_true_l.
  destruct (b q) as [|[|]]; reflexivity.
Qed.

(* A neighbour of v with no c neighbour has v as its one c neighbour once c is placed on v. *)
Lemma friend_place_new b v c n : b v = Empty -> In n (neighbours N v) -> friendly_count N b c n = 0 ->
  friend (place b v c) c n = v.
Proof.
  intros Hv Hn Hzero.
  assert (Hup : color_eqb c c && mem n (neighbours N v) = true)
    by (rewrite (proj2 (mem_spec n _) Hn); destruct c; reflexivity).
  destruct (proj1 (friends_place b v c c n Hv) Hup) as [Hlen _].
  unfold friendly_count in Hzero. fold (friends b c n) in Hzero. rewrite Hzero in Hlen.
  assert (Hin : In v (friends (place b v c) c n)).
  { unfold friends. apply filter_In. split; [apply mem_neighbours_sym, mem_spec, Hn|].
    rewrite place_at. simpl. destruct (color_eqb_spec c c) as [_|E]; [reflexivity|contradiction]. }
  unfold friend. destruct (friends (place b v c) c n) as [|x [|y rest]]; [destruct Hin| |discriminate].
  destruct Hin as [Exv|[]]. exact Exv.
Qed.

Lemma len_filter_cons {A} (f : A -> bool) x l :
  length (filter f (x :: l)) = (if f x then 1 else 0) + length (filter f l).
Proof. simpl. destruct (f x); reflexivity. Qed.

Lemma len_filter_none {A} (f : A -> bool) l : (forall x, In x l -> f x = false) -> length (filter f l) = 0.
Proof.
  induction l as [|a l IH]; intros Hno; [reflexivity|]. simpl. rewrite (Hno a (or_introl eq_refl)).
  apply IH. intros x Hx. apply Hno. right. exact Hx.
Qed.

(* add_stone's growth arithmetic gives what place_update asks of the growth counts: each head's
   count changes by what v and its neighbours gain and lose as its growth points. *)
(* check-map: theorem add_stone_growth_ok [rule5] *)
Theorem add_stone_growth_ok b st st' c v : refines b st -> legal N b c v ->
  (forall q, st_root st' q = if point_eqb q v then st_root st (friend b c v) else st_root st q) ->
  add_stone_growth b st c v st' ->
  forall c' h, is_head (place b v c) st' c' h = true ->
    st_growth st' h + length (filter (grows b st c' h) (v :: neighbours N v)) =
    st_growth st h + length (filter (grows (place b v c) st' c' h) (v :: neighbours N v)).
Proof.
  intros [Hwords [_ [[Hlab _] _]]] Hl Hroot Harith c' h Hhead.
  destruct (no_merge N b c v Hl) as [t [Ht [Hbt [Hu _]]]].
  assert (Hft : friend b c v = t) by (apply (friend_unique b c v t Hl Ht Hbt Hu)).
  specialize (Harith h). rewrite Hft in Harith, Hroot.
  pose proof Hl as [Hvon [Hv _]].
  destruct (adj_on_board N v t Ht) as [_ Hton].
  assert (Hroot_col : forall s e, on_board N s -> b s = Stone e -> b (st_root st s) = Stone e).
  { intros s e Hs Hbs. assert (Hne : b s <> Empty) by (rewrite Hbs; discriminate).
    destruct (Hlab s Hs Hne) as [Hc _]. destruct (conn_inv N b s _ Hc) as [_ [_ [_ E]]].
    rewrite E. exact Hbs. }
  assert (Howner : forall e g, legal N b e g -> b (st_root st (friend b e g)) = Stone e).
  { intros e g Hg. destruct (friend_stone b e g Hg) as [Hadj Hbf].
    apply (Hroot_col _ e (proj2 (adj_on_board N g _ Hadj)) Hbf). }
  assert (Hhd_col : b (st_root st t) = Stone c) by (apply (Hroot_col t c Hton Hbt)).
  assert (Hhv : h <> v).
  { intros Ehv. subst h. unfold is_head in Hhead. rewrite Hroot in Hhead.
    destruct (point_eqb_spec v v) as [_|E]; [|contradiction].
    destruct (point_eqb_spec (st_root st t) v) as [E|_]; [rewrite E, Hv in Hhd_col; discriminate|].
    rewrite andb_false_r in Hhead. discriminate. }
  assert (Hbh : b h = Stone c').
  { unfold is_head, is_stone in Hhead. rewrite (place_other b v c h Hhv) in Hhead.
    apply andb_true_iff in Hhead as [Hs _]. destruct (cell_eqb_spec (b h) (Stone c')) as [E|]; [exact E|discriminate]. }
  assert (Hnot_h : forall x e, b x = Stone e -> e <> c' -> point_eqb x h = false)
    by (intros x e; apply (other_stone_not b h c' x e Hbh)).
  assert (Hnb : forall n, In n (neighbours N v) -> n <> v /\ on_board N n)
    by (intros n; apply neighbour_ok).
  assert (Hnew_v : grows (place b v c) st' c' h v = false).
  { unfold grows, legalb. rewrite place_at. destruct (on_boardb N v); reflexivity. }
  rewrite !len_filter_cons, Hnew_v.
  destruct (color_eqb_spec c' c) as [Ec|Hc'].
  - subst c'.
    assert (Hold_v : grows b st c h v = point_eqb (st_root st t) h).
    { unfold grows. rewrite (proj2 (legalb_spec N b c v) Hl), Hft. reflexivity. }
    assert (Hold_n : filter (grows b st c h) (neighbours N v) =
                     filter (fun n => key_one st c n && point_eqb (st_root st (friend b c n)) h) (neighbours N v)).
    { apply filter_ext_in. intros n Hn. unfold grows. rewrite (legalb_words b st c n Hwords (proj2 (Hnb n Hn))).
      reflexivity. }
    assert (Hnew_n : filter (grows (place b v c) st' c h) (neighbours N v) =
                     filter (fun n => key_zero st c n && point_eqb (st_root st t) h) (neighbours N v)).
    { apply filter_ext_in. intros n Hn. destruct (Hnb n Hn) as [Hnv Hnon].
      destruct (Hwords n Hnon) as [Hc Hcs]. destruct (Hcs c) as [Hcnt _].
      assert (Hleg : legalb N (place b v c) c n = key_zero st c n).
      { unfold legalb, key_zero. rewrite (place_other b v c n Hnv), (friendly_count_place b v c c n Hv), Hc, Hcnt.
        assert (Hup : color_eqb c c && mem n (neighbours N v) = true)
          by (rewrite (proj2 (mem_spec n _) Hn); destruct c; reflexivity).
        rewrite Hup, (proj2 (on_boardb_spec N n) Hnon), andb_true_l.
        destruct (b n) as [|[|]]; reflexivity. }
      unfold grows. rewrite Hleg. destruct (key_zero st c n) eqn:Hk0; [|reflexivity].
      unfold key_zero in Hk0. apply andb_true_iff in Hk0 as [_ Hz]. apply Nat.eqb_eq in Hz. rewrite Hcnt in Hz.
      rewrite (friend_place_new b v c n Hv Hn Hz), Hroot.
      destruct (point_eqb_spec v v) as [_|E]; [reflexivity|contradiction]. }
    assert (Hd : key_one st (opponent c) v && point_eqb (st_root st (friend b (opponent c) v)) h = false).
    { destruct (key_one st (opponent c) v) eqn:Hk1; [|reflexivity].
      rewrite <- (legalb_words b st (opponent c) v Hwords Hvon) in Hk1. apply legalb_spec in Hk1.
      apply (Hnot_h _ (opponent c) (Howner _ _ Hk1)). destruct c; discriminate. }
    rewrite Hold_v, Hold_n, Hnew_n. rewrite Hd in Harith.
    destruct (point_eqb (st_root st t) h).
    + assert (Hf : filter (fun n => key_zero st c n && true) (neighbours N v) = filter (key_zero st c) (neighbours N v))
        by (apply filter_ext; intros n; apply andb_true_r).
      rewrite Hf. lia.
    + rewrite (len_filter_none (fun n => key_zero st c n && false)); [lia|].
      intros n _. apply andb_false_r.
  - assert (Ec' : c' = opponent c) by (destruct c, c'; [contradiction|reflexivity|reflexivity|contradiction]).
    subst c'.
    assert (Hold_v : grows b st (opponent c) h v =
                     key_one st (opponent c) v && point_eqb (st_root st (friend b (opponent c) v)) h).
    { unfold grows. rewrite (legalb_words b st (opponent c) v Hwords Hvon). reflexivity. }
    assert (Hsame_n : filter (grows (place b v c) st' (opponent c) h) (neighbours N v) =
                      filter (grows b st (opponent c) h) (neighbours N v)).
    { apply filter_ext_in. intros n Hn. destruct (Hnb n Hn) as [Hnv _].
      assert (Hup : color_eqb (opponent c) c && mem n (neighbours N v) = false) by (destruct c; reflexivity).
      assert (Hleg : legalb N (place b v c) (opponent c) n = legalb N b (opponent c) n).
      { unfold legalb. rewrite (place_other b v c n Hnv), (friendly_count_place b v c (opponent c) n Hv), Hup.
        reflexivity. }
      unfold grows. rewrite Hleg. destruct (legalb N b (opponent c) n) eqn:Hlg; [|reflexivity].
      assert (Hfr : friend (place b v c) (opponent c) n = friend b (opponent c) n).
      { unfold friend. rewrite (proj2 (friends_place b v c (opponent c) n Hv) Hup). reflexivity. }
      apply legalb_spec in Hlg. destruct (friend_stone b (opponent c) n Hlg) as [_ Hbf].
      assert (Hfv : friend b (opponent c) n <> v) by (intros E; rewrite E, Hv in Hbf; discriminate).
      rewrite Hfr, Hroot. destruct (point_eqb_spec (friend b (opponent c) n) v) as [E|_]; [contradiction|].
      reflexivity. }
    assert (Hhead0 : point_eqb (st_root st t) h = false)
      by (apply (Hnot_h _ c Hhd_col); destruct c; discriminate).
    assert (Hk1 : length (filter (fun n => key_one st c n && point_eqb (st_root st (friend b c n)) h)
                           (neighbours N v)) = 0).
    { apply len_filter_none. intros n Hn. destruct (key_one st c n) eqn:Hk; [|reflexivity].
      rewrite <- (legalb_words b st c n Hwords (proj2 (Hnb n Hn))) in Hk. apply legalb_spec in Hk.
      apply (Hnot_h _ c (Howner _ _ Hk)). destruct c; discriminate. }
    rewrite Hold_v, Hsame_n. rewrite Hhead0, Hk1 in Harith. lia.
Qed.

(* So a placement whose growth counts add_stone's arithmetic updates (and the rest as
   place_update_base) keeps the abstraction. *)
(* check-map: theorem add_stone_refines [rule4][rule5] *)
Theorem add_stone_refines b st st' c v : refines b st -> legal N b c v ->
  (forall c' p, on_board N p -> word_of p < length (st_wcount st c')) ->
  place_update_base b st c v st' -> add_stone_growth b st c v st' -> refines (place b v c) st'.
Proof.
  intros Href Hl Hcover Hbase Harith. apply (place_refines b st st' c v Href Hl Hcover).
  split; [exact Hbase|]. destruct Hbase as [_ [_ [_ [Hroot _]]]].
  apply (add_stone_growth_ok b st st' c v Href Hl Hroot Harith).
Qed.

(* ---- remove_stone's growth arithmetic in an undo ------------------------------------------- *)

Definition key_two (st : state) (c : color) (q : point) : bool := (st_content st q =? 0) && (st_count st c q =? 2).

(* The net effect of remove_stone's growth_ arithmetic when undo takes back the c stone on v
   (st' the state before it, b the board after it, head = root_[v]): each neighbour with key
   kOne stops being a growth point of head (--growth_[head]); each neighbour with key 2 kOne
   becomes one of its owner (++growth_[owner]); v becomes a growth point of head when its word,
   emptied, has one c neighbour, and of its other-colour owner when it has one neighbour of that
   colour. Stated additively, as add_stone_growth. *)
Definition remove_stone_growth (b : board) (c : color) (v : point) (st' st'' : state) : Prop :=
  forall h,
    st_growth st'' h +
      (if point_eqb (st_root st' v) h then length (filter (key_one st' c) (neighbours N v)) else 0) =
    st_growth st' h +
      length (filter (fun n => key_two st' c n && point_eqb (st_root st' (friend b c n)) h) (neighbours N v)) +
      (if (st_count st' c v =? 1) && point_eqb (st_root st' v) h then 1 else 0) +
      (if (st_count st' (opponent c) v =? 1) && point_eqb (st_root st' (friend b (opponent c) v)) h then 1 else 0).

(* The one c neighbour of a point legal for c next to a c stone on v is v. *)
Lemma friend_is b c n v : legal N b c n -> adj N n v -> b v = Stone c -> friend b c n = v.
Proof.
  intros Hl Hadj Hbv. pose proof Hl as [_ [_ Hone]].
  destruct (friendly_unique N b c n Hone) as [t' [_ [_ Hu]]].
  apply (friend_unique b c n v Hl Hadj Hbv). intros r Hr Hbr.
  rewrite (Hu r Hr Hbr). symmetry. apply (Hu v Hadj Hbv).
Qed.

(* remove_stone's growth arithmetic, undoing a placement, gives what undo_update asks of the
   growth counts: each head's count changes by what v and its neighbours gain and lose as its
   growth points. *)
(* check-map: theorem remove_stone_growth_ok [rule5][rule6] *)
Theorem remove_stone_growth_ok b st st' st'' c v : refines b st -> legal N b c v ->
  place_update b st c v st' -> (forall q, st_root st'' q = st_root st' q) ->
  remove_stone_growth b c v st' st'' ->
  forall c' h, is_head b st'' c' h = true ->
    st_growth st'' h + length (filter (grows (place b v c) st' c' h) (v :: neighbours N v)) =
    st_growth st' h + length (filter (grows b st'' c' h) (v :: neighbours N v)).
Proof.
  intros [Hwords [_ [[Hlab _] _]]] Hl [[Pcontent [Pcount [Pxor [Proot _]]]] _] Hroot'' Harith c' h Hhead.
  pose proof Hl as [Hvon [Hv _]].
  pose proof (place_words b st st' c v Hwords Hv Pcontent Pcount Pxor) as Hwords'.
  destruct (no_merge N b c v Hl) as [t [Ht [Hbt [Hu _]]]].
  assert (Hft : friend b c v = t) by (apply (friend_unique b c v t Hl Ht Hbt Hu)).
  rewrite Hft in Proot.
  destruct (adj_on_board N v t Ht) as [_ Hton].
  assert (Hroot_col : forall s e, on_board N s -> b s = Stone e -> b (st_root st s) = Stone e).
  { intros s e Hs Hbs. assert (Hne : b s <> Empty) by (rewrite Hbs; discriminate).
    destruct (Hlab s Hs Hne) as [Hc _]. destruct (conn_inv N b s _ Hc) as [_ [_ [_ E]]].
    rewrite E. exact Hbs. }
  assert (Hroot_out : forall q, q <> v -> st_root st' q = st_root st q).
  { intros q Hq. rewrite Proot. destruct (point_eqb_spec q v) as [E|_]; [contradiction|reflexivity]. }
  assert (Hrootv : st_root st' v = st_root st t).
  { rewrite Proot. destruct (point_eqb_spec v v) as [_|E]; [reflexivity|contradiction]. }
  assert (Howner : forall e g, legal N b e g -> b (st_root st' (friend b e g)) = Stone e).
  { intros e g Hg. destruct (friend_stone b e g Hg) as [Hadj Hbf].
    assert (Hfv : friend b e g <> v) by (intros E; rewrite E, Hv in Hbf; discriminate).
    rewrite (Hroot_out _ Hfv). apply (Hroot_col _ e (proj2 (adj_on_board N g _ Hadj)) Hbf). }
  assert (Hhd_col : b (st_root st t) = Stone c) by (apply (Hroot_col t c Hton Hbt)).
  assert (Hbh : b h = Stone c').
  { unfold is_head, is_stone in Hhead. apply andb_true_iff in Hhead as [Hs _].
    destruct (cell_eqb_spec (b h) (Stone c')) as [E|]; [exact E|discriminate]. }
  assert (Hnot_h : forall x e, b x = Stone e -> e <> c' -> point_eqb x h = false)
    by (intros x e; apply (other_stone_not b h c' x e Hbh)).
  assert (Hnb : forall n, In n (neighbours N v) -> n <> v /\ on_board N n)
    by (intros n; apply neighbour_ok).
  assert (Hself : mem v (neighbours N v) = false).
  { destruct (mem v (neighbours N v)) eqn:Hm; [|reflexivity].
    apply mem_spec, in_neighbours in Hm. exfalso. apply (adj_irrefl N v Hm). }
  assert (Hleg_v : forall e, legalb N b e v = (st_count st' e v =? 1)).
  { intros e. destruct (Hwords' v Hvon) as [_ Hcs]. destruct (Hcs e) as [Hcnt _].
    rewrite Hcnt, (friendly_count_place b v c e v Hv), Hself, andb_false_r.
    unfold legalb. rewrite Hv, (proj2 (on_boardb_spec N v) Hvon). reflexivity. }
  assert (Hkey2 : forall n, In n (neighbours N v) -> legalb N b c n = key_two st' c n).
  { intros n Hn. destruct (Hnb n Hn) as [Hnv Hnon].
    destruct (Hwords' n Hnon) as [Hc Hcs]. destruct (Hcs c) as [Hcnt _].
    assert (Hup : color_eqb c c && mem n (neighbours N v) = true)
      by (rewrite (proj2 (mem_spec n _) Hn); destruct c; reflexivity).
    unfold key_two. rewrite Hc, Hcnt, (friendly_count_place b v c c n Hv), Hup, (place_other b v c n Hnv).
    unfold legalb. rewrite (proj2 (on_boardb_spec N n) Hnon), andb_true_l.
    destruct (b n) as [|[|]]; reflexivity. }
  assert (Hold_v : grows (place b v c) st' c' h v = false).
  { unfold grows, legalb. rewrite place_at. destruct (on_boardb N v); reflexivity. }
  specialize (Harith h). rewrite Hrootv in Harith. rewrite !len_filter_cons, Hold_v.
  destruct (color_eqb_spec c' c) as [Ec|Hc'].
  - subst c'.
    assert (Htv : t <> v) by (intros E; rewrite E, Hv in Hbt; discriminate).
    assert (Hnew_v : grows b st'' c h v = point_eqb (st_root st t) h).
    { unfold grows. rewrite (proj2 (legalb_spec N b c v) Hl), Hft, Hroot'', (Hroot_out t Htv). reflexivity. }
    assert (Hold_n : filter (grows (place b v c) st' c h) (neighbours N v) =
                     filter (fun n => key_one st' c n && point_eqb (st_root st t) h) (neighbours N v)).
    { apply filter_ext_in. intros n Hn. destruct (Hnb n Hn) as [Hnv Hnon].
      unfold grows. rewrite (legalb_words (place b v c) st' c n Hwords' Hnon).
      destruct (key_one st' c n) eqn:Hk1; [|reflexivity].
      rewrite <- (legalb_words (place b v c) st' c n Hwords' Hnon) in Hk1. apply legalb_spec in Hk1.
      rewrite (friend_is (place b v c) c n v Hk1 (adj_sym N v n (proj1 (in_neighbours N v n) Hn)) (place_at b v c)).
      rewrite Hrootv. reflexivity. }
    assert (Hnew_n : filter (grows b st'' c h) (neighbours N v) =
                     filter (fun n => key_two st' c n && point_eqb (st_root st' (friend b c n)) h) (neighbours N v)).
    { apply filter_ext_in. intros n Hn. unfold grows. rewrite (Hkey2 n Hn), Hroot''. reflexivity. }
    assert (Hcv : (st_count st' c v =? 1) = true) by (rewrite <- Hleg_v; apply legalb_spec, Hl).
    assert (Hd : (st_count st' (opponent c) v =? 1) && point_eqb (st_root st' (friend b (opponent c) v)) h = false).
    { destruct (st_count st' (opponent c) v =? 1) eqn:Hk1; [|reflexivity].
      rewrite <- Hleg_v in Hk1. apply legalb_spec in Hk1.
      apply (Hnot_h _ (opponent c) (Howner _ _ Hk1)). destruct c; discriminate. }
    rewrite Hnew_v, Hold_n, Hnew_n. rewrite Hcv, Hd, andb_true_l in Harith.
    destruct (point_eqb (st_root st t) h).
    + assert (Hf : filter (fun n => key_one st' c n && true) (neighbours N v) = filter (key_one st' c) (neighbours N v))
        by (apply filter_ext; intros n; apply andb_true_r).
      rewrite Hf. lia.
    + rewrite (len_filter_none (fun n => key_one st' c n && false)); [lia|].
      intros n _. apply andb_false_r.
  - assert (Ec' : c' = opponent c) by (destruct c, c'; [contradiction|reflexivity|reflexivity|contradiction]).
    subst c'.
    assert (Hnew_v : grows b st'' (opponent c) h v =
                     (st_count st' (opponent c) v =? 1) && point_eqb (st_root st' (friend b (opponent c) v)) h).
    { unfold grows. rewrite Hleg_v, Hroot''. reflexivity. }
    assert (Hsame_n : filter (grows (place b v c) st' (opponent c) h) (neighbours N v) =
                      filter (grows b st'' (opponent c) h) (neighbours N v)).
    { apply filter_ext_in. intros n Hn. destruct (Hnb n Hn) as [Hnv _].
      assert (Hup : color_eqb (opponent c) c && mem n (neighbours N v) = false) by (destruct c; reflexivity).
      assert (Hleg : legalb N (place b v c) (opponent c) n = legalb N b (opponent c) n).
      { unfold legalb. rewrite (place_other b v c n Hnv), (friendly_count_place b v c (opponent c) n Hv), Hup.
        reflexivity. }
      assert (Hfr : friend (place b v c) (opponent c) n = friend b (opponent c) n).
      { unfold friend. rewrite (proj2 (friends_place b v c (opponent c) n Hv) Hup). reflexivity. }
      unfold grows. rewrite Hleg, Hfr, Hroot''. reflexivity. }
    assert (Hhead0 : point_eqb (st_root st t) h = false)
      by (apply (Hnot_h _ c Hhd_col); destruct c; discriminate).
    assert (Hk2 : length (filter (fun n => key_two st' c n && point_eqb (st_root st' (friend b c n)) h)
                           (neighbours N v)) = 0).
    { apply len_filter_none. intros n Hn. destruct (key_two st' c n) eqn:Hk; [|reflexivity].
      rewrite <- (Hkey2 n Hn) in Hk. apply legalb_spec in Hk.
      apply (Hnot_h _ c (Howner _ _ Hk)). destruct c; discriminate. }
    rewrite Hnew_v, Hsame_n. rewrite Hhead0, Hk2, andb_false_r in Harith. lia.
Qed.

(* So a placement and its take-back whose growth counts add_stone's and remove_stone's
   arithmetic update (the rest as place_update_base and undo_update_base) leave a state that
   refines the board before the move again. *)
(* check-map: theorem undo_refines [history] *)
Theorem undo_refines b st st' st'' c v : refines b st -> legal N b c v ->
  (forall c' p, on_board N p -> word_of p < length (st_wcount st c')) ->
  place_update_base b st c v st' -> add_stone_growth b st c v st' ->
  undo_update_base b st c v st' st'' -> remove_stone_growth b c v st' st'' -> refines b st''.
Proof.
  intros Href Hl Hcover Hpb Hpa Hub Hua.
  assert (Hpu : place_update b st c v st').
  { split; [exact Hpb|]. destruct Hpb as [_ [_ [_ [Hroot _]]]].
    apply (add_stone_growth_ok b st st' c v Href Hl Hroot Hpa). }
  apply (undo_place b st st' st'' c v Href Hl Hcover Hpu). split; [exact Hub|].
  destruct Hub as [_ [_ [_ [Hroot'' _]]]].
  apply (remove_stone_growth_ok b st st' st'' c v Href Hl Hpu Hroot'' Hua).
Qed.

(* ---- Rule 6's test on the growth counts ---------------------------------------------------- *)

(* In a state that refines the board, a head's growth count is zero exactly when its root is
   bounded (rule 5): the test play_as applies to the roots it logged. *)
(* check-map: theorem bounded_growth [rule5] *)
Theorem bounded_growth b st c h : refines b st -> on_board N h -> is_head b st c h = true ->
  (bounded N b h <-> st_growth st h = 0).
Proof.
  intros [_ [_ [[Hlab Hsame] [Hheads _]]]] Hh Hhd.
  destruct (Hheads c h Hh Hhd) as [Hgr _]. rewrite Hgr.
  pose proof Hhd as Hhd'. unfold is_head, is_stone in Hhd'. apply andb_true_iff in Hhd' as [Hst Hself].
  destruct (cell_eqb_spec (b h) (Stone c)) as [Hbh|]; [|discriminate].
  destruct (point_eqb_spec (st_root st h) h) as [Eself|]; [|discriminate].
  unfold growth_count, growth_in. split.
  - intros [_ [_ Hno]]. destruct (filter _ (legal_moves N b c)) as [|g rest] eqn:Hf; [reflexivity|].
    exfalso. assert (Hg : In g (filter (fun g => point_eqb (st_root st (friend b c g)) h) (legal_moves N b c)))
      by (rewrite Hf; left; reflexivity).
    apply filter_In in Hg as [Hg Hr]. apply legal_moves_spec in Hg.
    destruct (point_eqb_spec (st_root st (friend b c g)) h) as [Er|]; [|discriminate].
    destruct (friend_stone b c g Hg) as [Hadj Hbf].
    destruct (adj_on_board N g _ Hadj) as [_ Hfon].
    destruct (Hlab _ Hfon (ltac:(rewrite Hbf; discriminate))) as [Hc _]. rewrite Er in Hc.
    apply (Hno g). destruct Hg as [Hgon [Hge Hone]].
    split; [exact Hgon|]. split; [exact Hge|]. split; [exists c; split; [exact Hbh|exact Hone]|].
    exists (friend b c g). split; [exact Hadj|apply conn_sym, Hc].
  - intros Hzero. split; [exact Hh|]. split; [rewrite Hbh; discriminate|].
    intros g [Hgon [Hge [[c' [Hc' Hone]] [t [Ht Hct]]]]].
    rewrite Hbh in Hc'. injection Hc' as Ec. subst c'.
    assert (Hgl : legal N b c g) by (split; [exact Hgon|split; [exact Hge|exact Hone]]).
    destruct (conn_inv N b h t Hct) as [_ [_ [_ Ebt]]]. rewrite Hbh in Ebt.
    assert (Hin : In g (filter (fun g => point_eqb (st_root st (friend b c g)) h) (legal_moves N b c))).
    { apply filter_In. split; [apply legal_moves_spec, Hgl|].
      rewrite (friend_is b c g t Hgl Ht Ebt), <- (Hsame h t Hct), Eself.
      destruct (point_eqb_spec h h) as [_|E]; [reflexivity|contradiction]. }
    destruct (filter _ (legal_moves N b c)) as [|x rest]; [destruct Hin|discriminate].
Qed.

(* So when, after a legal placement done by play_as's updates, no head has a zero growth count,
   rule 6 removes nothing: the board with the stone placed is the move's result, and the state
   refines it. *)
(* check-map: theorem place_no_zero_growth [rule5] *)
Theorem place_no_zero_growth b st st' c v : refines b st -> legal N b c v ->
  (forall c' p, on_board N p -> word_of p < length (st_wcount st c')) ->
  place_update b st c v st' ->
  (forall c' h, on_board N h -> is_head (place b v c) st' c' h = true -> st_growth st' h <> 0) ->
  move N b c v (place b v c) /\ refines (place b v c) st'.
Proof.
  intros Href Hl Hcover Hup Hnz.
  pose proof (place_refines b st st' c v Href Hl Hcover Hup) as Href'.
  apply (move_refines b st st' c v Href Hl); [|exact Hcover|exact Hup].
  assert (Hnb : forall s, bounded N (place b v c) s -> False).
  { intros s Hb. pose proof Hb as [Hs [Hne _]].
    pose proof Href' as [_ [_ [[Hlab _] _]]]. destruct (Hlab s Hs Hne) as [Hc Hself].
    destruct (place b v c s) as [|e] eqn:Hbs; [contradiction|].
    destruct (conn_inv N (place b v c) s _ Hc) as [_ [Hhon [_ Ebh]]].
    assert (Hhd : is_head (place b v c) st' e (st_root st' s) = true).
    { unfold is_head, is_stone. rewrite Ebh, Hbs, Hself. simpl.
      destruct (color_eqb_spec e e) as [_|E]; [|contradiction].
      destruct (point_eqb_spec (st_root st' s) (st_root st' s)) as [_|E]; [reflexivity|contradiction]. }
    apply (Hnz e _ Hhon Hhd).
    apply (proj1 (bounded_growth (place b v c) st' e _ Href' Hhon Hhd)).
    apply (bounded_conn N (place b v c) s); [exact Hc|exact Hb]. }
  intros q _ Hr. destruct Hr as [[Hb _]|[_ Hb]]; exact (Hnb _ Hb).
Qed.

End Refinement.

(* ======================= Rule 6's removal ================================================ *)
(* remove_bounded / remove_roots / remove_root (board.cpp) as their net effect on the state, after
   the placement: the removed stones are the points rm marks, and strip empties them. *)
Section RemovalRefinement.
Variables N W : nat.

(* The board after rule 6: the points rm marks emptied. *)
Definition strip (b1 : board) (rm : point -> bool) : board := fun q => if rm q then Empty else b1 q.

Lemma xor_split (k : point -> nat) (f g : point -> bool) l :
  xor_all (map k (filter f l)) =
  Nat.lxor (xor_all (map k (filter (fun x => f x && g x) l))) (xor_all (map k (filter (fun x => f x && negb (g x)) l))).
Proof.
  induction l as [|a l IH]; simpl; [reflexivity|].
  destruct (f a), (g a); simpl; rewrite IH; rewrite ?Nat.lxor_assoc; try reflexivity.
  rewrite <- !Nat.lxor_assoc, (Nat.lxor_comm (k a)). reflexivity.
Qed.

(* A point the removal made legal for c: its word reads empty with one c neighbour after, not
   before (remove_root's legal_add, for a neighbour whose count fell to one and for the emptied
   point itself). *)
Definition newly (st st' : state) (c : color) (q : point) : bool := key_one st' c q && negb (key_one st c q).

(* remove_root's legal-set updates, net, for each colour c': legal_add of each newly legal point
   (the list, each point once, indexed by legal_pos_, in whatever order; its bit set; its word's
   count up by one); nothing leaves. *)
Definition remove_legal_update (st st' : state) : Prop :=
  forall c',
    NoDup (st_legal st' c') /\
    (forall q, In q (st_legal st' c') <-> In q (st_legal st c') \/ (on_board N q /\ newly st st' c' q = true)) /\
    (forall i, i < length (st_legal st' c') -> st_pos st' c' (nth i (st_legal st' c') (0, 0)) = i) /\
    st_bits st' c' = filter (fun q => mem q (st_bits st c') || newly st st' c' q) (all_points N) /\
    length (st_wcount st' c') = length (st_wcount st c') /\
    (forall w, w < length (st_wcount st c') ->
       nth w (st_wcount st' c') 0 =
       nth w (st_wcount st c') 0 + length (filter (fun q => (word_of W q =? w) && newly st st' c' q) (all_points N))).

Section Strip.
Variables (b1 : board) (rm : point -> bool).
Variable Hrm_stone : forall q, rm q = true -> on_board N q /\ b1 q <> Empty.
Variable Hrm_closed : forall s q, rm s = true -> conn N b1 s q -> rm q = true.
Variable Hrm_bounded : forall s, rm s = true -> bounded N b1 s.
Local Notation b2 := (strip b1 rm).

Lemma strip_X q : on_board N q -> (rm q = true /\ b2 q = Empty) \/ (~ rm q = true /\ b2 q = b1 q).
Proof. intros _. unfold strip. destruct (rm q); [left|right]; split; congruence. Qed.

Lemma strip_conn s q : conn N b2 s q <-> (rm s = false /\ conn N b1 s q).
Proof.
  split.
  - intros Hc. split.
    + destruct (rm s) eqn:E; [|reflexivity]. exfalso. apply (conn_stone N b2 s s); [apply (conn_trans N b2 s q s Hc), conn_sym, Hc|].
      unfold strip. rewrite E. reflexivity.
    + apply (removal_conn_back N b1 b2 (fun x => rm x = true) strip_X s q Hc).
  - intros [Hs Hc]. apply (removal_conn N b1 b2 (fun x => rm x = true) strip_X Hrm_closed); [congruence|exact Hc].
Qed.

(* The removed stones' neighbours of colour c' around q. *)
Definition gone (c' : color) (q : point) : list point :=
  filter (fun n => rm n && is_stone b1 c' n) (neighbours N q).

Lemma strip_friends c' q : friends N b2 c' q = filter (fun n => is_stone b1 c' n && negb (rm n)) (neighbours N q).
Proof.
  unfold friends. apply filter_ext. intros n. unfold strip, is_stone. destruct (rm n); simpl.
  - rewrite andb_false_r. destruct c'; reflexivity.
  - rewrite andb_true_r. reflexivity.
Qed.

(* remove_root's point-word updates, net: each removed stone's point emptied; each point's count
   of colour c' down by its removed c' neighbours, their vertices XORed out of its c' XOR. *)
Lemma strip_words st st' : words_ok N W b1 st ->
  (forall q, st_content st' q = if rm q then 0 else st_content st q) ->
  (forall c' q, st_count st' c' q + length (gone c' q) = st_count st c' q) ->
  (forall c' q, st_xor st' c' q = Nat.lxor (xor_all (map (vid W) (gone c' q))) (st_xor st c' q)) ->
  words_ok N W b2 st'.
Proof.
  intros Hok Hcontent Hcount Hxor p Hp. destruct (Hok p Hp) as [Hc Hcs]. split.
  - rewrite Hcontent. unfold strip. destruct (rm p); [reflexivity|exact Hc].
  - intros c'. destruct (Hcs c') as [Hn Hx].
    specialize (Hcount c' p). rewrite Hxor.
    unfold friendly_count in Hn |- *. fold (friends N b2 c' p). fold (friends N b1 c' p) in Hn.
    unfold friend_xor in Hx |- *. rewrite strip_friends.
    assert (Hf : friends N b1 c' p = filter (is_stone b1 c') (neighbours N p)) by reflexivity.
    rewrite Hf in Hn, Hx.
    rewrite (filter_and_split (is_stone b1 c') (fun n => negb (rm n))) in Hn.
    rewrite (xor_split (vid W) (is_stone b1 c') (fun n => negb (rm n))) in Hx.
    assert (Hg : filter (fun x => is_stone b1 c' x && negb (negb (rm x))) (neighbours N p) = gone c' p).
    { unfold gone. apply filter_ext. intros n. rewrite negb_involutive, andb_comm. reflexivity. }
    rewrite Hg in Hn, Hx. split; [lia|].
    rewrite Hx. set (K := xor_all (map (vid W) (filter (fun x => is_stone b1 c' x && negb (rm x)) (neighbours N p)))).
    set (G := xor_all (map (vid W) (gone c' p))).
    rewrite (Nat.lxor_comm K G), <- Nat.lxor_assoc, Nat.lxor_nilpotent, Nat.lxor_0_l. reflexivity.
Qed.

Lemma is_stone_strip c' q : is_stone b2 c' q = is_stone b1 c' q && negb (rm q).
Proof.
  unfold is_stone, strip. destruct (rm q); simpl.
  - rewrite andb_false_r. destruct c'; reflexivity.
  - rewrite andb_true_r. reflexivity.
Qed.

(* Labels stay (remove_root does not touch root_): the surviving roots keep theirs. *)
Lemma strip_roots st st' : roots_ok N b1 st -> (forall q, st_root st' q = st_root st q) ->
  roots_ok N b2 st'.
Proof.
  intros [Hlab Hsame] Hroot. split.
  - intros s Hs Hne. assert (Hrs : rm s = false).
    { destruct (rm s) eqn:E; [|reflexivity]. exfalso. apply Hne. unfold strip. rewrite E. reflexivity. }
    assert (Hne1 : b1 s <> Empty) by (unfold strip in Hne; rewrite Hrs in Hne; exact Hne).
    destruct (Hlab s Hs Hne1) as [Hc Hself]. rewrite !Hroot. split; [|exact Hself].
    apply strip_conn. split; [exact Hrs|exact Hc].
  - intros s t Hc. rewrite !Hroot. apply Hsame, (proj2 (proj1 (strip_conn s t) Hc)).
Qed.

(* A stone next to a point legal for its colour is not removed: the point is a growth point of
   its root, which a removed root (bounded) has none of. *)
Lemma strip_keeps_friend c' g n : legal N b1 c' g -> In n (neighbours N g) -> is_stone b1 c' n = true ->
  rm n = false.
Proof.
  intros [Hg [He Hone]] Hn Hst. destruct (rm n) eqn:E; [|reflexivity]. exfalso.
  destruct (Hrm_bounded n E) as [Hnon [Hne Hno]]. apply (Hno g).
  unfold is_stone in Hst. destruct (cell_eqb_spec (b1 n) (Stone c')) as [Ebn|]; [|discriminate].
  split; [exact Hg|]. split; [exact He|]. split; [exists c'; split; [exact Ebn|exact Hone]|].
  exists n. split; [apply in_neighbours, Hn|]. constructor; [exact Hnon|exact Hne].
Qed.

Lemma strip_friends_legal c' g : legal N b1 c' g -> friends N b2 c' g = friends N b1 c' g.
Proof.
  intros Hl. rewrite strip_friends. unfold friends. apply filter_ext_in. intros n Hn.
  change (cell_eqb (b1 n) (Stone c')) with (is_stone b1 c' n).
  destruct (is_stone b1 c' n) eqn:Hs; [|reflexivity].
  rewrite (strip_keeps_friend c' g n Hl Hn Hs). reflexivity.
Qed.

(* Removal only makes points legal: a point legal before stays legal, with the same friend. *)
Lemma strip_legal_mono c' g : legal N b1 c' g -> legal N b2 c' g /\ friend N b2 c' g = friend N b1 c' g.
Proof.
  intros Hl. pose proof Hl as [Hg [He Hone]].
  assert (Hrg : rm g = false).
  { destruct (rm g) eqn:E; [|reflexivity]. destruct (Hrm_stone g E) as [_ Hne]. contradiction. }
  unfold friend. rewrite (strip_friends_legal c' g Hl). split; [|reflexivity].
  split; [exact Hg|]. split; [unfold strip; rewrite Hrg; exact He|].
  unfold friendly_count. fold (friends N b2 c' g). rewrite (strip_friends_legal c' g Hl). exact Hone.
Qed.

(* remove_root's totals, net: stones_ down by the removed stones, roots_ by the removed heads. *)
Lemma strip_totals st st' : totals_ok N b1 st -> (forall q, st_root st' q = st_root st q) ->
  (forall c, st_stones st' c + length (filter (fun q => rm q && is_stone b1 c q) (all_points N)) = st_stones st c) ->
  (forall c, st_roots st' c + length (filter (fun h => rm h && is_head b1 st c h) (all_points N)) = st_roots st c) ->
  totals_ok N b2 st'.
Proof.
  intros Htot Hroot Hstones Hroots c. destruct (Htot c) as [Hs Hr]. specialize (Hstones c). specialize (Hroots c).
  split.
  - unfold stone_count in Hs |- *. rewrite (filter_and_split (is_stone b1 c) (fun q => negb (rm q))) in Hs.
    assert (E1 : filter (is_stone b2 c) (all_points N) = filter (fun x => is_stone b1 c x && negb (rm x)) (all_points N))
      by (apply filter_ext; intros x; apply is_stone_strip).
    assert (E2 : filter (fun x => is_stone b1 c x && negb (negb (rm x))) (all_points N) =
                 filter (fun q => rm q && is_stone b1 c q) (all_points N))
      by (apply filter_ext; intros x; rewrite negb_involutive, andb_comm; reflexivity).
    rewrite E1. rewrite E2 in Hs. lia.
  - rewrite (filter_and_split (is_head b1 st c) (fun q => negb (rm q))) in Hr.
    assert (E1 : filter (is_head b2 st' c) (all_points N) = filter (fun x => is_head b1 st c x && negb (rm x)) (all_points N)).
    { apply filter_ext; intros x. unfold is_head. rewrite is_stone_strip, Hroot.
      destruct (rm x), (is_stone b1 c x); simpl; rewrite ?andb_false_r, ?andb_true_r; reflexivity. }
    assert (E2 : filter (fun x => is_head b1 st c x && negb (negb (rm x))) (all_points N) =
                 filter (fun h => rm h && is_head b1 st c h) (all_points N))
      by (apply filter_ext; intros x; rewrite negb_involutive, andb_comm; reflexivity).
    rewrite E1. rewrite E2 in Hr. lia.
Qed.

(* Read off the words: legality before and after, and what is newly legal. *)
Lemma strip_legalb st st' c' p : words_ok N W b1 st -> words_ok N W b2 st' -> on_board N p ->
  (legalb N b1 c' p = true -> legalb N b2 c' p = true) /\
  newly st st' c' p = legalb N b2 c' p && negb (legalb N b1 c' p).
Proof.
  intros Hw1 Hw2 Hp. split.
  - intros Hl. apply legalb_spec. apply legalb_spec in Hl. apply (strip_legal_mono c' p Hl).
  - unfold newly. rewrite (legalb_words N W b1 st c' p Hw1 Hp), (legalb_words N W b2 st' c' p Hw2 Hp). reflexivity.
Qed.

(* remove_root's legal-set updates keep the legal lists, positions, bitsets and word counts exact. *)
Lemma strip_legal_ok st st' : words_ok N W b1 st -> words_ok N W b2 st' -> legal_ok N W b1 st ->
  (forall c' p, on_board N p -> word_of W p < length (st_wcount st c')) ->
  remove_legal_update st st' -> legal_ok N W b2 st'.
Proof.
  intros Hw1 Hw2 Hlegal Hcover Hup c'.
  destruct (Hlegal c') as [_ [Hin [_ [Hbits [Hwc _]]]]].
  destruct (Hup c') as [Hnd' [Hin' [Hpos' [Hbits' [Hlen' Hwc']]]]].
  assert (Hpt : forall p, In p (all_points N) ->
            (legalb N b1 c' p = true -> legalb N b2 c' p = true) /\
            newly st st' c' p = legalb N b2 c' p && negb (legalb N b1 c' p))
    by (intros p Hp; apply strip_legalb; [exact Hw1|exact Hw2|apply in_all_points, Hp]).
  assert (Hmem : forall q, mem q (st_bits st c') = legalb N b1 c' q).
  { intros q. apply Bool.eq_iff_eq_true. rewrite mem_spec, Hbits, legal_moves_spec, legalb_spec. reflexivity. }
  split; [exact Hnd'|]. split.
  { intros q. rewrite Hin', Hin. split.
    - intros [Hq|[Hq Hn]]; [apply (strip_legal_mono c' q Hq)|].
      apply legalb_spec. destruct (Hpt q (proj2 (in_all_points N q) Hq)) as [_ E]. rewrite E in Hn.
      apply andb_true_iff in Hn as [Hn _]. exact Hn.
    - intros Hq. destruct (legalb N b1 c' q) eqn:E1; [left; apply legalb_spec, E1|right].
      pose proof (proj1 Hq) as Hon. split; [exact Hon|].
      destruct (Hpt q (proj2 (in_all_points N q) Hon)) as [_ E]. rewrite E, E1, (proj2 (legalb_spec N b2 c' q) Hq).
      reflexivity. }
  split; [exact Hpos'|]. split.
  { rewrite Hbits'. unfold legal_moves. apply filter_ext_in. intros q Hq. rewrite Hmem.
    destruct (Hpt q Hq) as [Hm E]. rewrite E. destruct (legalb N b1 c' q) eqn:E1.
    - rewrite (Hm eq_refl). reflexivity.
    - simpl. rewrite andb_true_r. reflexivity. }
  split.
  - intros w Hw. rewrite Hlen' in Hw. rewrite (Hwc' w Hw), (Hwc w Hw). unfold legal_moves. rewrite !filter_twice.
    rewrite (filter_and_split (fun x => legalb N b2 c' x && (word_of W x =? w)) (legalb N b1 c')).
    assert (EA : filter (fun x => legalb N b2 c' x && (word_of W x =? w) && legalb N b1 c' x) (all_points N) =
                 filter (fun x => legalb N b1 c' x && (word_of W x =? w)) (all_points N)).
    { apply filter_ext_in. intros q Hq. destruct (Hpt q Hq) as [Hm _].
      destruct (legalb N b1 c' q) eqn:E1; [rewrite (Hm eq_refl)|]; destruct (word_of W q =? w);
        rewrite ?andb_false_r; reflexivity. }
    assert (EB : filter (fun x => legalb N b2 c' x && (word_of W x =? w) && negb (legalb N b1 c' x)) (all_points N) =
                 filter (fun q => (word_of W q =? w) && newly st st' c' q) (all_points N)).
    { apply filter_ext_in. intros q Hq. destruct (Hpt q Hq) as [_ E]. rewrite E.
      destruct (legalb N b2 c' q), (word_of W q =? w), (legalb N b1 c' q); reflexivity. }
    rewrite EA, EB. reflexivity.
  - intros p Hp. rewrite Hlen'. apply Hcover, (proj1 Hp).
Qed.

(* Heads and lists: a surviving head labels the same stones, its next_ list is untouched, and its
   growth count goes up by the points newly legal for its colour whose one friendly neighbour
   (after the removal) it labels (remove_root's ++growth_[owner]). *)
Lemma strip_heads st st' : words_ok N W b1 st -> roots_ok N b1 st -> heads_ok N b1 st -> words_ok N W b2 st' ->
  (forall q, st_root st' q = st_root st q) -> (forall q, st_next st' q = st_next st q) ->
  (forall c h, is_head b2 st' c h = true ->
     st_growth st' h = st_growth st h +
       length (filter (fun g => newly st st' c g && point_eqb (st_root st (friend N b2 c g)) h) (all_points N))) ->
  heads_ok N b2 st'.
Proof.
  intros Hw1 [Hlab Hsame] Hheads Hw2 Hroot Hnext Hgrowth c h Hh Hhd.
  assert (Hhd1 : is_head b1 st c h = true /\ rm h = false).
  { unfold is_head in Hhd. rewrite is_stone_strip, Hroot in Hhd.
    destruct (rm h); [rewrite andb_false_r in Hhd; discriminate|]. rewrite andb_true_r in Hhd. split; [exact Hhd|reflexivity]. }
  destruct Hhd1 as [Hhd1 Hrh].
  destruct (Hheads c h Hh Hhd1) as [Hgr [Hnd [Hwalk Hiter]]].
  assert (Hlabelled : labelled N b2 st' c h = labelled N b1 st c h).
  { unfold labelled. apply filter_ext_in. intros s Hs. rewrite is_stone_strip, Hroot.
    destruct (rm s) eqn:Ers; [|rewrite andb_true_r; reflexivity].
    rewrite andb_false_r. simpl. symmetry.
    destruct (is_stone b1 c s) eqn:Es; [|reflexivity]. simpl.
    destruct (point_eqb_spec (st_root st s) h) as [Eh|]; [|reflexivity]. exfalso.
    destruct (Hrm_stone s Ers) as [Hson Hne].
    destruct (Hlab s Hson Hne) as [Hc _]. rewrite Eh in Hc.
    rewrite (Hrm_closed s h Ers Hc) in Hrh. discriminate. }
  cbv zeta. rewrite Hlabelled.
  destruct (walk_same (st_next st) (st_next st') (length (labelled N b1 st c h)) h) as [Ew Ei];
    [intros x _; apply Hnext|].
  rewrite Ew, Ei. split; [|split; [exact Hnd|split; [|exact Hiter]]].
  - rewrite (Hgrowth c h Hhd), Hgr. unfold growth_count, growth_in, legal_moves. rewrite !filter_twice.
    rewrite (filter_and_split (fun x => legalb N b2 c x && point_eqb (st_root st' (friend N b2 c x)) h) (legalb N b1 c)).
    assert (EA : filter (fun x => legalb N b2 c x && point_eqb (st_root st' (friend N b2 c x)) h && legalb N b1 c x) (all_points N) =
                 filter (fun x => legalb N b1 c x && point_eqb (st_root st (friend N b1 c x)) h) (all_points N)).
    { apply filter_ext_in. intros q Hq. destruct (legalb N b1 c q) eqn:E1; [|rewrite andb_false_r; reflexivity].
      destruct (strip_legal_mono c q (proj1 (legalb_spec N b1 c q) E1)) as [Hl2 Ef].
      rewrite (proj2 (legalb_spec N b2 c q) Hl2), Ef, Hroot. simpl. rewrite andb_true_r. reflexivity. }
    assert (EB : filter (fun x => legalb N b2 c x && point_eqb (st_root st' (friend N b2 c x)) h && negb (legalb N b1 c x)) (all_points N) =
                 filter (fun g => newly st st' c g && point_eqb (st_root st (friend N b2 c g)) h) (all_points N)).
    { apply filter_ext_in. intros q Hq.
      destruct (strip_legalb st st' c q Hw1 Hw2 (proj1 (in_all_points N q) Hq)) as [_ E]. rewrite E, Hroot.
      destruct (legalb N b2 c q), (point_eqb (st_root st (friend N b2 c q)) h), (legalb N b1 c q); reflexivity. }
    rewrite EA, EB. reflexivity.
  - intros s. rewrite Hwalk, strip_conn. split; [intros Hc; split; [exact Hrh|exact Hc]|intros [_ Hc]; exact Hc].
Qed.
End Strip.

(* Rule 6's removal of the roots rm marks (remove_bounded, remove_roots, remove_root), as its net
   effect on the state st left by the placement, giving st': every removed stone's point emptied;
   each point's count of colour c' down by its removed c' neighbours and their vertices XORed out
   of its c' XOR; root_ and next_ untouched (the removed roots' lists are kept for undo); the
   newly legal points added to the legal sets (remove_legal_update); each surviving head's growth
   count up by the newly legal points of its colour whose one friendly neighbour it labels; the
   removed heads' growth counts back to zero; stones_ down by the removed stones, roots_ by the
   removed heads. *)
Definition remove_update (b1 : board) (rm : point -> bool) (st st' : state) : Prop :=
  (forall q, st_content st' q = if rm q then 0 else st_content st q) /\
  (forall c' q, st_count st' c' q + length (gone b1 rm c' q) = st_count st c' q) /\
  (forall c' q, st_xor st' c' q = Nat.lxor (xor_all (map (vid W) (gone b1 rm c' q))) (st_xor st c' q)) /\
  (forall q, st_root st' q = st_root st q) /\
  (forall q, st_next st' q = st_next st q) /\
  remove_legal_update st st' /\
  (forall c h, is_head (strip b1 rm) st' c h = true ->
     st_growth st' h = st_growth st h +
       length (filter (fun g => newly st st' c g && point_eqb (st_root st (friend N (strip b1 rm) c g)) h) (all_points N))) /\
  (forall c h, rm h = true -> is_head b1 st c h = true -> st_growth st' h = 0) /\
  (forall c, st_stones st' c + length (filter (fun q => rm q && is_stone b1 c q) (all_points N)) = st_stones st c) /\
  (forall c, st_roots st' c + length (filter (fun h => rm h && is_head b1 st c h) (all_points N)) = st_roots st c).

(* Rule 6's removal keeps the abstraction: after c's stone on v, with rm marking exactly the
   stones rule 6 removes (Rules.v's `removed`), a state refining the board with the stone placed
   (place_refines) and updated by the removal refines the board with those stones emptied. *)
(* check-map: theorem remove_refines [rule6] *)
Theorem remove_refines b c v rm st st' :
  (forall q, rm q = true -> on_board N q) ->
  (forall q, on_board N q -> (rm q = true <-> removed N (place b v c) v q)) ->
  refines N W (place b v c) st ->
  (forall c' p, on_board N p -> word_of W p < length (st_wcount st c')) ->
  remove_update (place b v c) rm st st' ->
  refines N W (strip (place b v c) rm) st'.
Proof.
  intros Hon Hrm [Hwords [Hlegal [Hroots [Hheads Htot]]]] Hcover
         [Hcontent [Hcount [Hxor [Hroot [Hnext [Hlup [Hgrowth [_ [Hstones Hnroots]]]]]]]]].
  assert (Hrem : forall q, rm q = true -> removed N (place b v c) v q)
    by (intros q Hq; apply (Hrm q (Hon q Hq)), Hq).
  assert (Hstone : forall q, rm q = true -> on_board N q /\ place b v c q <> Empty)
    by (intros q Hq; apply (removed_stone N b c v q (Hrem q Hq))).
  assert (Hclosed : forall s q, rm s = true -> conn N (place b v c) s q -> rm q = true).
  { intros s q Hs Hc. destruct (conn_inv N _ s q Hc) as [_ [Hq _]].
    apply (Hrm q Hq), (removed_closed N b c v s q (Hrem s Hs) Hc). }
  assert (Hbounded : forall s, rm s = true -> bounded N (place b v c) s).
  { intros s Hs. destruct (Hrem s Hs) as [[Hb Hc]|[_ Hb]]; [apply (bounded_conn N _ v s Hc Hb)|exact Hb]. }
  assert (Hw2 : words_ok N W (strip (place b v c) rm) st') by (eapply strip_words; eassumption).
  split; [exact Hw2|].
  split; [eapply strip_legal_ok; eassumption|].
  split; [eapply strip_roots; eassumption|].
  split; [eapply strip_heads; eassumption|].
  eapply strip_totals; eassumption.
Qed.

(* A whole move in which rule 6 removes the stones rm marks: play_as's placement (place_update)
   then the removal (remove_update) take a state refining the board before the move to one
   refining the board after it, which is Rules.v's move result. *)
(* check-map: theorem move_refines_removal [rule6] *)
Theorem move_refines_removal b st st1 st2 c v rm : refines N W b st -> legal N b c v ->
  (forall c' p, on_board N p -> word_of W p < length (st_wcount st c')) ->
  place_update N W b st c v st1 ->
  (forall q, rm q = true -> on_board N q) ->
  (forall q, on_board N q -> (rm q = true <-> removed N (place b v c) v q)) ->
  remove_update (place b v c) rm st1 st2 ->
  move N b c v (strip (place b v c) rm) /\ refines N W (strip (place b v c) rm) st2.
Proof.
  intros Href Hl Hcover Hpu Hon Hrm Hru.
  pose proof (place_refines N W b st st1 c v Href Hl Hcover Hpu) as Href1.
  assert (Hcover1 : forall c' p, on_board N p -> word_of W p < length (st_wcount st1 c')).
  { intros c' p Hp. destruct Hpu as [[_ [_ [_ [_ [_ [Hlup _]]]]]] _].
    destruct (Hlup c') as [_ [_ [_ [_ [Hlen _]]]]]. rewrite Hlen. apply Hcover, Hp. }
  split.
  - split; [exact Hl|]. intros q Hq. unfold strip. destruct (rm q) eqn:E.
    + left. split; [apply (Hrm q Hq), E|reflexivity].
    + right. split; [|reflexivity]. intros Hr. apply (Hrm q Hq) in Hr. congruence.
  - apply (remove_refines b c v rm st1 st2 Hon Hrm Href1 Hcover1 Hru).
Qed.

(* A stone's label is a head of the stone's colour (roots_ok: the label is a stone of its root
   that labels itself). *)
Lemma label_is_head b st q e : roots_ok N b st -> on_board N q -> b q = Stone e ->
  is_head b st e (st_root st q) = true.
Proof.
  intros [Hlab _] Hq Hbq.
  assert (Hne : b q <> Empty) by (rewrite Hbq; discriminate).
  destruct (Hlab q Hq Hne) as [Hc Hself].
  destruct (conn_inv N _ q _ Hc) as [_ [_ [_ Ebh]]].
  unfold is_head, is_stone. rewrite Ebh, Hbq, Hself. simpl.
  destruct (color_eqb_spec e e) as [_|E]; [|contradiction].
  destruct (point_eqb_spec (st_root st q) (st_root st q)) as [_|E]; [reflexivity|contradiction].
Qed.

(* The roots remove_bounded removes are those of rule 6: in a state refining the board with c's
   stone placed on v, a head's root is removed exactly when either the growth count of v's head
   (the expanded root) is zero and the head is v's (case 1, that root alone), or it is not zero
   and the head's own growth count is zero (case 2, every root with no growth point left). *)
(* check-map: theorem removed_heads [rule6] *)
Theorem removed_heads b c v st c' h : refines N W (place b v c) st -> on_board N v ->
  on_board N h -> is_head (place b v c) st c' h = true ->
  (removed N (place b v c) v h <->
   (st_growth st (st_root st v) = 0 /\ st_root st v = h) \/
   (st_growth st (st_root st v) <> 0 /\ st_growth st h = 0)).
Proof.
  intros Href Hvon Hh Hhd. pose proof Href as [_ [_ [[Hlab Hsame] _]]].
  assert (Hv : place b v c v <> Empty) by (rewrite place_at; discriminate).
  destruct (Hlab v Hvon Hv) as [Hve Hself].
  destruct (conn_inv N _ v _ Hve) as [_ [Heon [_ Ebe]]].
  assert (Hehd : is_head (place b v c) st c (st_root st v) = true)
    by (apply label_is_head; [exact (conj Hlab Hsame)|exact Hvon|apply place_at]).
  assert (Hbv : bounded N (place b v c) v <-> st_growth st (st_root st v) = 0).
  { rewrite <- (bounded_growth N W _ st c _ Href Heon Hehd).
    split; intros Hb; [apply (bounded_conn N _ v _ Hve Hb)|apply (bounded_conn N _ _ v (conn_sym N _ v _ Hve) Hb)]. }
  assert (Hbh : bounded N (place b v c) h <-> st_growth st h = 0) by (apply (bounded_growth N W _ st c' h Href Hh Hhd)).
  assert (Hrh : st_root st h = h).
  { unfold is_head in Hhd. apply andb_true_iff in Hhd as [_ E].
    destruct (point_eqb_spec (st_root st h) h) as [E'|]; [exact E'|discriminate]. }
  assert (Hcv : conn N (place b v c) v h <-> st_root st v = h).
  { split; [intros Hc; rewrite (Hsame v h Hc); exact Hrh|intros E; rewrite <- E; exact Hve]. }
  unfold removed. rewrite Hbv, Hbh, Hcv. reflexivity.
Qed.
End RemovalRefinement.

(* ======================= Undo of a removal ================================================ *)
Section Restore.
Variables N W : nat.

(* undo_as's restore_root of each removed root (add_stone without logging, stone by stone along
   the root's intact next_ list, root_[s] = head; ++roots_), as its net effect on the state st2
   after the removal, giving st3: every removed stone's point gets its content back; each point's
   count of colour c' up by its removed c' neighbours and their vertices XORed back into its c'
   XOR; root_ and next_ as they are (the labels written are the heads they were); the points
   the removal had made legal taken out of the legal sets (legal_remove: out of the list, bit
   cleared, word count down); each head's growth count down by the points the removal had made
   legal for its colour whose friendly neighbour it labels; stones_ and roots_ back up by the
   restored stones and heads. *)
Definition restore_update (b1 : board) (rm : point -> bool) (st2 st3 : state) : Prop :=
  (forall q, st_content st3 q = if rm q then code (b1 q) else st_content st2 q) /\
  (forall c' q, st_count st3 c' q = st_count st2 c' q + length (gone N b1 rm c' q)) /\
  (forall c' q, st_xor st3 c' q = Nat.lxor (xor_all (map (vid W) (gone N b1 rm c' q))) (st_xor st2 c' q)) /\
  (forall q, st_root st3 q = st_root st2 q) /\
  (forall q, st_next st3 q = st_next st2 q) /\
  (forall c',
    NoDup (st_legal st3 c') /\
    (forall q, In q (st_legal st3 c') <-> In q (st_legal st2 c') /\ newly st3 st2 c' q = false) /\
    (forall i, i < length (st_legal st3 c') -> st_pos st3 c' (nth i (st_legal st3 c') (0, 0)) = i) /\
    st_bits st3 c' = filter (fun q => mem q (st_bits st2 c') && negb (newly st3 st2 c' q)) (all_points N) /\
    length (st_wcount st3 c') = length (st_wcount st2 c') /\
    (forall w, w < length (st_wcount st2 c') ->
       nth w (st_wcount st3 c') 0 + length (filter (fun q => (word_of W q =? w) && newly st3 st2 c' q) (all_points N)) =
       nth w (st_wcount st2 c') 0)) /\
  (forall c h, is_head b1 st3 c h = true ->
     st_growth st3 h +
       length (filter (fun g => newly st3 st2 c g && point_eqb (st_root st2 (friend N (strip b1 rm) c g)) h) (all_points N)) =
     st_growth st2 h) /\
  (forall c, st_stones st3 c = st_stones st2 c + length (filter (fun q => rm q && is_stone b1 c q) (all_points N))) /\
  (forall c, st_roots st3 c = st_roots st2 c + length (filter (fun h => rm h && is_head b1 st2 c h) (all_points N))).

(* The points a removal made newly legal, with the head owning each, are the same list whether
   read against st1 or st3, two states whose point words both describe b1 and whose labels agree
   with st2's: restore_refines and restore_same need it for every surviving head. *)
Lemma newly_owned_same b1 rm st1 st2 st3 c' h :
  words_ok N W b1 st1 -> words_ok N W b1 st3 -> (forall q, st_root st2 q = st_root st1 q) ->
  filter (fun g => newly st3 st2 c' g && point_eqb (st_root st2 (friend N (strip b1 rm) c' g)) h) (all_points N) =
  filter (fun g => newly st1 st2 c' g && point_eqb (st_root st1 (friend N (strip b1 rm) c' g)) h) (all_points N).
Proof.
  intros Hw1 Hw3 Rroot. apply filter_ext_in. intros g Hg. rewrite Rroot. unfold newly.
  rewrite <- (legalb_words N W b1 st3 c' g Hw3 (proj1 (in_all_points N g) Hg)).
  rewrite <- (legalb_words N W b1 st1 c' g Hw1 (proj1 (in_all_points N g) Hg)). reflexivity.
Qed.

(* Undo of rule 6's removal: after c's stone on v and the removal of the stones rm marks (those
   of rule 6), restore_root's updates take the state back to one refining the board with the
   stone placed (the board before the removal): every part as before the removal, the legal
   lists possibly in another order. *)
(* check-map: theorem restore_refines [rule6][history] *)
Theorem restore_refines b c v rm st1 st2 st3 :
  (forall q, rm q = true -> on_board N q) ->
  (forall q, on_board N q -> (rm q = true <-> removed N (place b v c) v q)) ->
  refines N W (place b v c) st1 ->
  (forall c' p, on_board N p -> word_of W p < length (st_wcount st1 c')) ->
  remove_update N W (place b v c) rm st1 st2 -> restore_update (place b v c) rm st2 st3 ->
  refines N W (place b v c) st3.
Proof.
  intros Hon Hrm Href1 Hcover1 Hru Hsu.
  pose proof (remove_refines N W b c v rm st1 st2 Hon Hrm Href1 Hcover1 Hru) as Href2.
  set (b1 := place b v c) in *.
  destruct Href1 as [Hw1 [Hl1 [Hr1 [Hh1 Ht1]]]]. destruct Href2 as [Hw2 [Hl2 _]].
  destruct Hru as [Rcontent [Rcount [Rxor [Rroot [Rnext [Rlup [Rgrowth [Rzero [Rstones Rroots]]]]]]]]].
  destruct Hsu as [Scontent [Scount [Sxor [Sroot [Snext [Slup [Sgrowth [Sstones Sroots]]]]]]]].
  assert (Hrem : forall q, rm q = true -> removed N b1 v q)
    by (intros q Hq; apply (Hrm q (Hon q Hq)), Hq).
  assert (Hbounded : forall s, rm s = true -> bounded N b1 s).
  { intros s Hs. destruct (Hrem s Hs) as [[Hb Hc]|[_ Hb]]; [apply (bounded_conn N _ v s Hc Hb)|exact Hb]. }
  assert (Hroot : forall q, st_root st3 q = st_root st1 q) by (intros q; rewrite Sroot, Rroot; reflexivity).
  assert (Hnext : forall q, st_next st3 q = st_next st1 q) by (intros q; rewrite Snext, Rnext; reflexivity).
  (* The point words are back to what they were before the removal. *)
  assert (Hw3 : words_ok N W b1 st3).
  { intros p Hp. destruct (Hw1 p Hp) as [Hc Hcs]. split.
    - rewrite Scontent, Rcontent. destruct (rm p); [reflexivity|exact Hc].
    - intros c'. destruct (Hcs c') as [Hn Hx]. rewrite Scount, Sxor, Rxor.
      specialize (Rcount c' p). split; [lia|].
      rewrite <- Nat.lxor_assoc, Nat.lxor_nilpotent, Nat.lxor_0_l. exact Hx. }
  assert (Hhead : forall c' h, is_head b1 st3 c' h = is_head b1 st1 c' h)
    by (intros c' h; unfold is_head; rewrite Hroot; reflexivity).
  assert (Hlabelled : forall c' h, labelled N b1 st3 c' h = labelled N b1 st1 c' h)
    by (intros c' h; unfold labelled; apply filter_ext; intros s; rewrite Hroot; reflexivity).
  split; [exact Hw3|]. split; [|split; [|split]].
  - (* legal sets *)
    intros c'. destruct (Hl2 c') as [_ [Hin2 [_ [Hbits2 [Hwc2 _]]]]].
    destruct (Slup c') as [Hnd3 [Hin3 [Hpos3 [Hbits3 [Hlen3 Hwc3]]]]].
    assert (Hpt : forall p, In p (all_points N) ->
              (legalb N b1 c' p = true -> legalb N (strip b1 rm) c' p = true) /\
              newly st3 st2 c' p = legalb N (strip b1 rm) c' p && negb (legalb N b1 c' p)).
    { intros p Hp. apply (strip_legalb N W b1 rm); try assumption.
      - intros q Hq. split; [apply Hon, Hq|apply (removed_stone N b c v q (Hrem q Hq))].
      - apply in_all_points, Hp. }
    assert (Hmem : forall q, mem q (st_bits st2 c') = legalb N (strip b1 rm) c' q).
    { intros q. apply Bool.eq_iff_eq_true. rewrite mem_spec, Hbits2, legal_moves_spec, legalb_spec. reflexivity. }
    split; [exact Hnd3|]. split.
    { intros q. rewrite Hin3, Hin2. split.
      - intros [Hq Hn]. pose proof (proj1 Hq) as Hqon.
        destruct (Hpt q (proj2 (in_all_points N q) Hqon)) as [_ E]. rewrite E, (proj2 (legalb_spec N _ c' q) Hq) in Hn.
        destruct (legalb N b1 c' q) eqn:E1; [apply legalb_spec, E1|discriminate].
      - intros Hq. pose proof (proj1 Hq) as Hqon.
        destruct (Hpt q (proj2 (in_all_points N q) Hqon)) as [Hm E].
        pose proof (Hm (proj2 (legalb_spec N b1 c' q) Hq)) as Hq2.
        split; [apply legalb_spec, Hq2|]. rewrite E, (proj2 (legalb_spec N b1 c' q) Hq), andb_false_r. reflexivity. }
    split; [exact Hpos3|]. split.
    { rewrite Hbits3. unfold legal_moves. apply filter_ext_in. intros q Hq. rewrite Hmem.
      destruct (Hpt q Hq) as [Hm E]. rewrite E. destruct (legalb N b1 c' q) eqn:E1.
      - rewrite (Hm eq_refl). reflexivity.
      - destruct (legalb N (strip b1 rm) c' q); reflexivity. }
    destruct (Rlup c') as [_ [_ [_ [_ [Rlen _]]]]].
    split.
    + intros w Hw. rewrite Hlen3 in Hw.
      pose proof (Hwc3 w Hw) as E3. rewrite (Hwc2 w Hw) in E3.
      unfold legal_moves in E3 |- *. rewrite !filter_twice in E3 |- *.
      rewrite (filter_and_split (fun x => legalb N (strip b1 rm) c' x && (word_of W x =? w)) (legalb N b1 c')) in E3.
      assert (EA : filter (fun x => legalb N (strip b1 rm) c' x && (word_of W x =? w) && legalb N b1 c' x) (all_points N) =
                   filter (fun x => legalb N b1 c' x && (word_of W x =? w)) (all_points N)).
      { apply filter_ext_in. intros q Hq. destruct (Hpt q Hq) as [Hm _].
        destruct (legalb N b1 c' q) eqn:E1; [rewrite (Hm eq_refl)|]; destruct (word_of W q =? w);
          rewrite ?andb_false_r; reflexivity. }
      assert (EB : filter (fun x => legalb N (strip b1 rm) c' x && (word_of W x =? w) && negb (legalb N b1 c' x)) (all_points N) =
                   filter (fun q => (word_of W q =? w) && newly st3 st2 c' q) (all_points N)).
      { apply filter_ext_in. intros q Hq. destruct (Hpt q Hq) as [_ E]. rewrite E.
        destruct (legalb N (strip b1 rm) c' q), (word_of W q =? w), (legalb N b1 c' q); reflexivity. }
      rewrite EA, EB in E3. lia.
    + intros p Hp. rewrite Hlen3, Rlen. apply Hcover1, (proj1 Hp).
  - (* labels: as before the removal *)
    destruct Hr1 as [Hlab Hsame]. split.
    + intros s Hs Hne. rewrite !Hroot. apply Hlab; assumption.
    + intros s t Hc. rewrite !Hroot. apply Hsame, Hc.
  - (* heads: growth counts and lists as before the removal *)
    intros c' h Hh Hhd. rewrite Hhead in Hhd. destruct (Hh1 c' h Hh Hhd) as [Hgr [Hnd [Hwalk Hiter]]].
    cbv zeta. rewrite Hlabelled.
    destruct (walk_same (st_next st1) (st_next st3) (length (labelled N b1 st1 c' h)) h) as [Ew Ei];
      [intros x _; apply Hnext|].
    rewrite Ew, Ei. split; [|split; [exact Hnd|split; [exact Hwalk|exact Hiter]]].
    assert (Hgc : growth_count N b1 st3 c' h = growth_count N b1 st1 c' h).
    { unfold growth_count, growth_in. f_equal. apply filter_ext. intros g. rewrite Hroot. reflexivity. }
    rewrite Hgc, <- Hgr.
    assert (Hs3 := Sgrowth c' h (eq_trans (Hhead c' h) Hhd)).
    destruct (rm h) eqn:Erh.
    + (* a restored head: bounded before the removal, so its count was and is zero *)
      rewrite (Rzero c' h Erh Hhd) in Hs3.
      rewrite (proj1 (bounded_growth N W b1 st1 c' h (conj Hw1 (conj Hl1 (conj Hr1 (conj Hh1 Ht1)))) Hh Hhd) (Hbounded h Erh)).
      lia.
    + (* a surviving head: the removal's gain taken back *)
      assert (Hhd2 : is_head (strip b1 rm) st2 c' h = true).
      { unfold is_head in Hhd |- *. rewrite is_stone_strip, Rroot, Erh, andb_true_r. exact Hhd. }
      rewrite (Rgrowth c' h Hhd2) in Hs3.
      rewrite (newly_owned_same b1 rm st1 st2 st3 c' h Hw1 Hw3 Rroot) in Hs3. lia.
  - (* totals: as before the removal *)
    intros c'. destruct (Ht1 c') as [Hs Hr]. split.
    + rewrite Sstones, <- Hs, <- (Rstones c'). reflexivity.
    + assert (E1 : filter (is_head b1 st3 c') (all_points N) = filter (is_head b1 st1 c') (all_points N))
        by (apply filter_ext; intros h; apply Hhead).
      assert (E2 : filter (fun h => rm h && is_head b1 st2 c' h) (all_points N) = filter (fun h => rm h && is_head b1 st1 c' h) (all_points N))
        by (apply filter_ext; intros h; unfold is_head; rewrite Rroot; reflexivity).
      rewrite Sroots, E1, E2, <- Hr, <- (Rroots c'). reflexivity.
Qed.

(* After restore_root the state is the one before the removal, but for the order of the legal
   lists (and growth_ away from heads): every other field the abstraction reads is equal. *)
Lemma restore_same b c v rm st1 st2 st3 :
  (forall q, rm q = true -> on_board N q) ->
  (forall q, on_board N q -> (rm q = true <-> removed N (place b v c) v q)) ->
  refines N W (place b v c) st1 ->
  (forall c' p, on_board N p -> word_of W p < length (st_wcount st1 c')) ->
  remove_update N W (place b v c) rm st1 st2 -> restore_update (place b v c) rm st2 st3 ->
  (forall q, st_content st3 q = st_content st1 q) /\
  (forall c' q, st_count st3 c' q = st_count st1 c' q) /\
  (forall c' q, st_xor st3 c' q = st_xor st1 c' q) /\
  (forall q, st_root st3 q = st_root st1 q) /\
  (forall q, st_next st3 q = st_next st1 q) /\
  (forall c' q, In q (st_legal st3 c') <-> In q (st_legal st1 c')) /\
  (forall c', st_bits st3 c' = st_bits st1 c') /\
  (forall c', st_wcount st3 c' = st_wcount st1 c') /\
  (forall c' h, is_head (place b v c) st1 c' h = true -> st_growth st3 h = st_growth st1 h) /\
  (forall c', st_stones st3 c' = st_stones st1 c') /\
  (forall c', st_roots st3 c' = st_roots st1 c').
Proof.
  intros Hon Hrm Href1 Hcover1 Hru Hsu.
  pose proof (restore_refines b c v rm st1 st2 st3 Hon Hrm Href1 Hcover1 Hru Hsu) as Href3.
  pose proof (remove_refines N W b c v rm st1 st2 Hon Hrm Href1 Hcover1 Hru) as Href2.
  set (b1 := place b v c) in *.
  pose proof Href1 as [Hw1 [Hl1 [Hr1 [Hh1 Ht1]]]]. destruct Href3 as [Hw3 [Hl3 [_ [_ Ht3]]]].
  destruct Href2 as [Hw2 _].
  destruct Hru as [Rcontent [Rcount [Rxor [Rroot [Rnext [Rlup [Rgrowth [Rzero [Rstones Rroots]]]]]]]]].
  destruct Hsu as [Scontent [Scount [Sxor [Sroot [Snext [Slup [Sgrowth [Sstones Sroots]]]]]]]].
  assert (Hroot : forall q, st_root st3 q = st_root st1 q) by (intros q; rewrite Sroot, Rroot; reflexivity).
  split; [|split; [|split; [|split; [|split; [|split; [|split; [|split; [|split; [|split]]]]]]]]].
  - intros q. rewrite Scontent, Rcontent. destruct (rm q) eqn:E; [|reflexivity].
    destruct (Hw1 q (Hon q E)) as [Hc _]. symmetry. exact Hc.
  - intros c' q. rewrite Scount. specialize (Rcount c' q). lia.
  - intros c' q. rewrite Sxor, Rxor, <- Nat.lxor_assoc, Nat.lxor_nilpotent, Nat.lxor_0_l. reflexivity.
  - exact Hroot.
  - intros q. rewrite Snext, Rnext. reflexivity.
  - intros c' q. destruct (Hl3 c') as [_ [E3 _]]. destruct (Hl1 c') as [_ [E1 _]]. rewrite E3, E1. reflexivity.
  - intros c'. destruct (Hl3 c') as [_ [_ [_ [E3 _]]]]. destruct (Hl1 c') as [_ [_ [_ [E1 _]]]]. rewrite E3, E1. reflexivity.
  - intros c'. destruct (Hl3 c') as [_ [_ [_ [_ [E3 _]]]]]. destruct (Hl1 c') as [_ [_ [_ [_ [E1 _]]]]].
    destruct (Slup c') as [_ [_ [_ [_ [Hlen3 _]]]]]. destruct (Rlup c') as [_ [_ [_ [_ [Hlen2 _]]]]].
    apply (nth_ext _ _ 0 0); [rewrite Hlen3, Hlen2; reflexivity|].
    intros w Hw. rewrite (E3 w Hw). rewrite Hlen3, Hlen2 in Hw. rewrite (E1 w Hw). reflexivity.
  - intros c' h Hhd. assert (Hhd3 : is_head b1 st3 c' h = true) by (unfold is_head; rewrite Hroot; exact Hhd).
    pose proof (Sgrowth c' h Hhd3) as Hs3.
    destruct (rm h) eqn:Erh.
    + rewrite (Rzero c' h Erh Hhd) in Hs3.
      assert (Hbd : bounded N b1 h).
      { assert (Hr : removed N b1 v h) by (apply (Hrm h (Hon h Erh)), Erh).
        destruct Hr as [[Hb Hc]|[_ Hb]]; [apply (bounded_conn N _ v h Hc Hb)|exact Hb]. }
      rewrite (proj1 (bounded_growth N W b1 st1 c' h Href1 (Hon h Erh) Hhd) Hbd). lia.
    + assert (Hhd2 : is_head (strip b1 rm) st2 c' h = true).
      { unfold is_head in Hhd |- *. rewrite is_stone_strip, Rroot, Erh, andb_true_r. exact Hhd. }
      rewrite (Rgrowth c' h Hhd2) in Hs3.
      rewrite (newly_owned_same b1 rm st1 st2 st3 c' h Hw1 Hw3 Rroot) in Hs3. lia.
  - intros c'. destruct (Ht3 c') as [E3 _]. destruct (Ht1 c') as [E1 _]. rewrite E3, E1. reflexivity.
  - intros c'. destruct (Ht3 c') as [_ E3]. destruct (Ht1 c') as [_ E1]. rewrite E3, E1.
    f_equal. apply filter_ext. intros h. unfold is_head. rewrite Hroot. reflexivity.
Qed.

(* The undo of a whole move that removed stones (undo_as): restore_root for the removed roots
   (restore_update), then the placement taken back (remove_stone and the next_ restore,
   undo_update, read off the restored state) leaves a state refining the board before the move. *)
(* check-map: theorem undo_move_refines [history] *)
Theorem undo_move_refines b st st1 st2 st3 st4 c v rm : refines N W b st -> legal N b c v ->
  (forall c' p, on_board N p -> word_of W p < length (st_wcount st c')) ->
  place_update N W b st c v st1 ->
  (forall q, rm q = true -> on_board N q) ->
  (forall q, on_board N q -> (rm q = true <-> removed N (place b v c) v q)) ->
  remove_update N W (place b v c) rm st1 st2 -> restore_update (place b v c) rm st2 st3 ->
  undo_update N W b st c v st3 st4 -> refines N W b st4.
Proof.
  intros Href Hl Hcover Hpu Hon Hrm Hru Hsu Hun.
  pose proof (place_refines N W b st st1 c v Href Hl Hcover Hpu) as Href1.
  assert (Hcover1 : forall c' p, on_board N p -> word_of W p < length (st_wcount st1 c')).
  { intros c' p Hp. destruct Hpu as [[_ [_ [_ [_ [_ [Hlup _]]]]]] _].
    destruct (Hlup c') as [_ [_ [_ [_ [Hlen _]]]]]. rewrite Hlen. apply Hcover, Hp. }
  destruct (restore_same b c v rm st1 st2 st3 Hon Hrm Href1 Hcover1 Hru Hsu)
    as [Econtent [Ecount [Exor [Eroot [Enext [Elegal [Ebits [Ewc [Egrowth [Estones Eroots]]]]]]]]]].
  apply (undo_place N W b st st1 st4 c v Href Hl Hcover Hpu).
  destruct Hun as [[Ucontent [Ucount [Uxor [Uroot [Unext [Ulup [Ustones Uroots]]]]]]] Ugrowth].
  split; [split; [|split; [|split; [|split; [|split; [|split; [|split]]]]]]|].
  - intros q. rewrite Ucontent, Econtent. reflexivity.
  - intros c' q. rewrite Ucount, Ecount. reflexivity.
  - intros c' q. rewrite Uxor, Exor. reflexivity.
  - intros q. rewrite Uroot, Eroot. reflexivity.
  - intros q. rewrite Unext, !Enext. reflexivity.
  - intros c'. destruct (Ulup c') as [Hnd [Hin [Hpos [Hbits [Hlen Hwc]]]]].
    assert (Hundo : forall l l', (forall q, In q l <-> In q l') -> forall q,
              legal_undo N st3 c v c' l q = legal_undo N st1 c v c' l' q).
    { intros l l' Hll q. unfold legal_undo. rewrite !Ecount, !Econtent.
      destruct (point_eqb q v); [reflexivity|]. destruct (color_eqb c' c && mem q (neighbours N v)); [reflexivity|].
      apply Bool.eq_iff_eq_true. rewrite !mem_spec. apply Hll. }
    split; [exact Hnd|]. split.
    { intros q. rewrite Hin, (Hundo _ (st_legal st1 c')); [reflexivity|apply Elegal]. }
    split; [exact Hpos|]. split.
    { rewrite Hbits, Ebits. apply filter_ext. intros q. apply Hundo. reflexivity. }
    rewrite Ewc in Hlen, Hwc. split; [exact Hlen|].
    intros w Hw. specialize (Hwc w Hw). rewrite Ebits in Hwc.
    assert (Hf : filter (fun p => (word_of W p =? w) && legal_undo N st3 c v c' (st_bits st1 c') p) (v :: neighbours N v) =
                 filter (fun p => (word_of W p =? w) && legal_undo N st1 c v c' (st_bits st1 c') p) (v :: neighbours N v)).
    { apply filter_ext. intros p. rewrite (Hundo (st_bits st1 c') (st_bits st1 c')); [reflexivity|]. intros q. reflexivity. }
    rewrite Hf in Hwc. exact Hwc.
  - intros c'. rewrite Ustones, Estones. reflexivity.
  - intros c'. rewrite Uroots, Eroots. reflexivity.
  - intros c' h Hhd. pose proof (Ugrowth c' h Hhd) as Hg.
    pose proof Hl as [_ [Hv _]].
    assert (Hhv : h <> v).
    { intros E. subst h. unfold is_head, is_stone in Hhd. rewrite Hv in Hhd. discriminate. }
    assert (Hhd1 : is_head (place b v c) st1 c' h = true).
    { unfold is_head, is_stone in Hhd |- *. rewrite (place_other b v c h Hhv), <- Eroot, <- Uroot. exact Hhd. }
    assert (Hf : filter (grows N (place b v c) st3 c' h) (v :: neighbours N v) =
                 filter (grows N (place b v c) st1 c' h) (v :: neighbours N v))
      by (apply filter_ext; intros g; unfold grows; rewrite Eroot; reflexivity).
    rewrite Hf, (Egrowth c' h Hhd1) in Hg. exact Hg.
Qed.
End Restore.

(* ======================= The removal remove_bounded picks ================================== *)
Section EngineChoice.
Variables N W : nat.

(* The stones remove_bounded removes, read off the state st after the placement on v: those
   labelled by the expanded root's head when its growth count is zero (case 1), else those
   labelled by a head whose growth count is zero (case 2). *)
Definition engine_rm (b1 : board) (st : state) (v : point) (q : point) : bool :=
  on_boardb N q && negb (cell_eqb (b1 q) Empty) &&
  (if st_growth st (st_root st v) =? 0 then point_eqb (st_root st q) (st_root st v)
   else st_growth st (st_root st q) =? 0).

(* Those are exactly the stones rule 6 removes. *)
(* check-map: theorem engine_rm_removed [rule6] *)
Theorem engine_rm_removed b c v st : refines N W (place b v c) st -> on_board N v ->
  (forall q, engine_rm (place b v c) st v q = true -> on_board N q) /\
  (forall q, on_board N q -> (engine_rm (place b v c) st v q = true <-> removed N (place b v c) v q)).
Proof.
  intros Href Hvon. pose proof Href as [_ [_ [[Hlab Hsame] _]]].
  split.
  - intros q Hq. unfold engine_rm in Hq. apply andb_true_iff in Hq as [Hq _]. apply andb_true_iff in Hq as [Hq _].
    apply on_boardb_spec, Hq.
  - intros q Hq. unfold engine_rm. rewrite (proj2 (on_boardb_spec N q) Hq), andb_true_l.
    destruct (place b v c q) as [|e] eqn:Hbq.
    + simpl. split; [discriminate|]. intros Hr. destruct (removed_stone N b c v q Hr) as [_ Hne]. contradiction.
    + simpl. assert (Hne : place b v c q <> Empty) by (rewrite Hbq; discriminate).
      destruct (Hlab q Hq Hne) as [Hc Hself].
      destruct (conn_inv N _ q _ Hc) as [_ [Hhon [_ Ebh]]].
      assert (Hhd : is_head (place b v c) st e (st_root st q) = true)
        by (apply (label_is_head N); [exact (conj Hlab Hsame)|exact Hq|exact Hbq]).
      assert (Hrq : removed N (place b v c) v q <-> removed N (place b v c) v (st_root st q)).
      { split; intros Hr; [apply (removed_closed N b c v q _ Hr Hc)|apply (removed_closed N b c v _ q Hr (conn_sym N _ _ _ Hc))]. }
      rewrite Hrq, (removed_heads N W b c v st e _ Href Hvon Hhon Hhd).
      destruct (Nat.eqb_spec (st_growth st (st_root st v)) 0) as [Z|Z].
      * destruct (point_eqb_spec (st_root st q) (st_root st v)) as [E|E].
        { split; [intros _; left; split; [exact Z|symmetry; exact E]|reflexivity]. }
        { split; [discriminate|]. intros [[_ E']|[Z' _]]; [symmetry in E'; contradiction|contradiction]. }
      * rewrite Nat.eqb_eq. split; [intros E; right; split; [exact Z|exact E]|].
        intros [[Z' _]|[_ E]]; [contradiction|exact E].
Qed.

(* A whole move whose removal is the one remove_bounded picks from the growth counts after the
   placement keeps the abstraction: the board after is Rules.v's move result, and the state
   refines it. *)
(* check-map: theorem move_refines_engine [rule3][rule6] *)
Theorem move_refines_engine b st st1 st2 c v : refines N W b st -> legal N b c v ->
  (forall c' p, on_board N p -> word_of W p < length (st_wcount st c')) ->
  place_update N W b st c v st1 ->
  remove_update N W (place b v c) (engine_rm (place b v c) st1 v) st1 st2 ->
  move N b c v (strip (place b v c) (engine_rm (place b v c) st1 v)) /\
  refines N W (strip (place b v c) (engine_rm (place b v c) st1 v)) st2.
Proof.
  intros Href Hl Hcover Hpu Hru.
  pose proof (place_refines N W b st st1 c v Href Hl Hcover Hpu) as Href1.
  destruct (engine_rm_removed b c v st1 Href1 (proj1 Hl)) as [Hon Hrm].
  apply (move_refines_removal N W b st st1 st2 c v _ Href Hl Hcover Hpu Hon Hrm Hru).
Qed.
End EngineChoice.
