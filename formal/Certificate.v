(* The certificate checker (docs/certificates.md), proven sound over Rules.v's game.
   A certificate (format 1, docs/certificates.md) lists positions, each followed only by
   positions on earlier lines; `check` reads its lines in order and accepts only if every line
   is a position the prover wins given the earlier ones, and the last line is the start.
   `check_sound`: an accepted certificate proves that the prover has a winning strategy from
   the start in the sense of `wins_from` (plain words beside it). ExtractCertificate.v turns the
   checker into OCaml for `tanbo-certcheck` (oracle/certcheck.ml); docs/formal.md, section
   "The certificate checker", says what is trusted. *)
(* check-map: code formal certificate *)
From Coq Require Import List Arith Lia Bool.
From Tanbo Require Import Rules Theorems Openings.
Import ListNotations.

(* ======================= The winning-strategy predicate ================================== *)
Section Game.
Variable N : nat.

(* wins_from N prover b c, in plain words: in Rules.v's game on the N x N board b, with c to
   move, the side `prover` can force a win, however the other side plays. Exactly one of:
   (a) the game is over and the prover has won: the prover has stones and the opponent none
       (Rules.wins, rule 7: the side with stones wins, whoever is to move);
   (b) both sides have stones (the game is not over), the prover is to move, and the prover has
       a legal move p whose result b' (Rules.move: rules 3 to 6, legality included) is again a
       win for the prover, the opponent to move;
   (c) both sides have stones, the opponent is to move, the opponent has at least one legal
       move, and the result of EVERY legal move (every p, b' with Rules.move) is again a win for
       the prover, the prover to move.
   The predicate is inductive (the least one closed under (a) to (c)), so a derivation is a
   finite tree: a strategy for the prover that wins within a bounded number of moves against
   every defence. A position where neither side has a stone wins for nobody. The opponent's
   "at least one legal move" keeps (c) from holding vacuously; Theorems.no_pass_needed shows it
   always holds in positions with no bounded root (every position reachable from a named opening,
   Openings.reachable_invariant), and the checker checks it on every opponent line anyway. *)
Inductive wins_from (prover : color) : board -> color -> Prop :=
| won b c : wins N b prover -> wins_from prover b c
| prover_moves b p b' :
    has_stones N b Black -> has_stones N b White ->
    move N b prover p b' -> wins_from prover b' (opponent prover) ->
    wins_from prover b prover
| opponent_moves b c :
    has_stones N b Black -> has_stones N b White -> c <> prover ->
    (exists p, legal N b c p) ->
    (forall p b', move N b c p b' -> wins_from prover b' (opponent c)) ->
    wins_from prover b c.

Lemma wins_from_inv prover b c : wins_from prover b c ->
  wins N b prover \/
  (has_stones N b Black /\ has_stones N b White /\
   ((c = prover /\ exists p b', move N b c p b' /\ wins_from prover b' (opponent c)) \/
    (c <> prover /\ (exists p, legal N b c p) /\
     forall p b', move N b c p b' -> wins_from prover b' (opponent c)))).
Proof.
  intros Hw. destruct Hw as [b c Hw | b p b' HB HW Hm Hn | b c HB HW Hc Hex Hall].
  - left. exact Hw.
  - right. split; [exact HB|]. split; [exact HW|]. left. split; [reflexivity|]. eauto.
  - right. split; [exact HB|]. split; [exact HW|]. right. auto.
Qed.

Lemma wins_both_stones b c : wins N b c -> has_stones N b Black -> has_stones N b White -> False.
Proof. intros [_ Hno] HB HW. destruct c; simpl in Hno; contradiction. Qed.

(* The predicate is not trivial: the two sides never both win from the same position. *)
(* check-map: theorem wins_from_exclusive [certificate] *)
Theorem wins_from_exclusive prover b c :
  wins_from prover b c -> ~ wins_from (opponent prover) b c.
Proof.
  intros H1. induction H1 as [b c Hw | b p b' HB HW Hm Hn IH | b c HB HW Hc Hex Hall IH];
    intros H2;
    apply wins_from_inv in H2 as [Hw2 | [HB2 [HW2 [[Hc2 [p2 [b2 [Hm2 Hn2]]]] | [Hc2 [_ Hall2]]]]]].
  - destruct Hw as [Hs _], Hw2 as [_ Hno]. destruct prover; simpl in Hno; contradiction.
  - destruct prover; eapply wins_both_stones; eauto.
  - destruct prover; eapply wins_both_stones; eauto.
  - eapply wins_both_stones; eauto.
  - destruct prover; discriminate.
  - apply (IH (Hall2 p b' Hm)).
  - eapply wins_both_stones; eauto.
  - exact (IH p2 b2 Hm2 Hn2).
  - destruct prover, c; simpl in *; congruence.
Qed.


(* ---- The rules see only the points of the board ---- *)
(* Boards are functions; two boards that agree on every point of the board are the same
   position. The rules respect this, so `wins_from` does too; this replaces functional
   extensionality (an axiom), which nothing here uses. *)
Definition same (b1 b2 : board) : Prop := forall q, on_board N q -> b1 q = b2 q.

Lemma same_sym b1 b2 : same b1 b2 -> same b2 b1.
Proof. intros Hs q Hq. symmetry. exact (Hs q Hq). Qed.

Lemma friendly_count_same b1 b2 c p : same b1 b2 -> friendly_count N b1 c p = friendly_count N b2 c p.
Proof.
  intros Hs. unfold friendly_count. f_equal. apply filter_ext_in. intros q Hq.
  apply in_neighbours in Hq. destruct Hq as [_ [Hq _]]. rewrite (Hs q Hq). reflexivity.
Qed.

Lemma legal_same b1 b2 c p : same b1 b2 -> legal N b1 c p -> legal N b2 c p.
Proof.
  intros Hs [Hp [He Hf]]. split; [exact Hp|]. split.
  - rewrite <- (Hs p Hp). exact He.
  - rewrite <- (friendly_count_same b1 b2 c p Hs). exact Hf.
Qed.

Lemma conn_same b1 b2 s q : same b1 b2 -> conn N b1 s q -> conn N b2 s q.
Proof.
  intros Hs Hc. induction Hc as [Hon Hne | q0 r Hc IH Ha E].
  - apply conn_refl; [exact Hon|]. rewrite <- (Hs s Hon). exact Hne.
  - apply conn_step with q0; [exact IH | exact Ha |].
    destruct Ha as [Hq [Hr _]]. rewrite <- (Hs r Hr), <- (Hs q0 Hq). exact E.
Qed.

Lemma growth_point_same b1 b2 s g : same b1 b2 -> growth_point N b1 s g -> growth_point N b2 s g.
Proof.
  intros Hs [Hg [He [[c [Hsc Hf]] [t [Ha Hc]]]]].
  assert (Hon : on_board N s) by (apply conn_inv in Hc; tauto).
  split; [exact Hg|]. split; [rewrite <- (Hs g Hg); exact He|]. split.
  - exists c. rewrite <- (Hs s Hon), <- (friendly_count_same b1 b2 c g Hs). auto.
  - exists t. split; [exact Ha|]. exact (conn_same b1 b2 s t Hs Hc).
Qed.

Lemma bounded_same b1 b2 s : same b1 b2 -> bounded N b1 s -> bounded N b2 s.
Proof.
  intros Hs [Hon [Hne Hno]]. split; [exact Hon|]. split; [rewrite <- (Hs s Hon); exact Hne|].
  intros g Hg. apply (Hno g). exact (growth_point_same b2 b1 s g (same_sym b1 b2 Hs) Hg).
Qed.

Lemma removed_same b1 b2 p q : same b1 b2 -> removed N b1 p q -> removed N b2 p q.
Proof.
  intros Hs [[Hb Hc] | [Hnb Hb]].
  - left. split; [exact (bounded_same b1 b2 p Hs Hb) | exact (conn_same b1 b2 p q Hs Hc)].
  - right. split; [|exact (bounded_same b1 b2 q Hs Hb)].
    intros Hb2. exact (Hnb (bounded_same b2 b1 p (same_sym b1 b2 Hs) Hb2)).
Qed.

Lemma place_same b1 b2 p c : same b1 b2 -> same (place b1 p c) (place b2 p c).
Proof. intros Hs q Hq. unfold place. destruct (point_eqb q p); [reflexivity | exact (Hs q Hq)]. Qed.

(* A move depends only on the board's points: the same move from the same position. *)
Lemma move_same b1 b2 c p b' : same b1 b2 -> move N b1 c p b' -> move N b2 c p b'.
Proof.
  intros Hs [Hl Hm]. split; [exact (legal_same b1 b2 c p Hs Hl)|]. intros q Hq.
  assert (Hp := place_same b1 b2 p c Hs).
  destruct (Hm q Hq) as [[Hr E] | [Hr E]].
  - left. split; [exact (removed_same _ _ p q Hp Hr) | exact E].
  - right. split.
    + intros Hr2. exact (Hr (removed_same _ _ p q (same_sym _ _ Hp) Hr2)).
    + rewrite E. exact (Hp q Hq).
Qed.

Lemma move_same_after b c p b' b'' : same b' b'' -> move N b c p b' -> move N b c p b''.
Proof.
  intros Hs [Hl Hm]. split; [exact Hl|]. intros q Hq. rewrite <- (Hs q Hq). exact (Hm q Hq).
Qed.

Lemma has_stones_same b1 b2 c : same b1 b2 -> has_stones N b1 c -> has_stones N b2 c.
Proof. intros Hs [s [Hon E]]. exists s. split; [exact Hon|]. rewrite <- (Hs s Hon). exact E. Qed.

Lemma wins_same b1 b2 c : same b1 b2 -> wins N b1 c -> wins N b2 c.
Proof.
  intros Hs [Hc Hno]. split; [exact (has_stones_same b1 b2 c Hs Hc)|].
  intros Ho. exact (Hno (has_stones_same b2 b1 _ (same_sym b1 b2 Hs) Ho)).
Qed.

(* The winning predicate speaks of positions, not of the functions that hold them. *)
(* check-map: theorem wins_from_same [certificate] *)
Theorem wins_from_same prover b1 b2 c : same b1 b2 -> wins_from prover b1 c -> wins_from prover b2 c.
Proof.
  intros Hs Hw. destruct Hw as [b c Hw | b p b' HB HW Hm Hn | b c HB HW Hc Hex Hall].
  - apply won. exact (wins_same b b2 prover Hs Hw).
  - apply prover_moves with p b'; [exact (has_stones_same b b2 _ Hs HB) | exact (has_stones_same b b2 _ Hs HW)
                                 | exact (move_same b b2 prover p b' Hs Hm) | exact Hn].
  - apply opponent_moves; [exact (has_stones_same b b2 _ Hs HB) | exact (has_stones_same b b2 _ Hs HW)
                          | exact Hc | |].
    + destruct Hex as [p Hp]. exists p. exact (legal_same b b2 c p Hs Hp).
    + intros p b' Hm. apply Hall with p. exact (move_same b2 b c p b' (same_sym b b2 Hs) Hm).
Qed.

(* ---- Winning within a number of plies ---- *)
(* wins_within N prover d b c: wins_from with a bound. The prover wins, whatever the other side
   plays, in at most d plies (moves of either side) from b with c to move: a finished game won by
   the prover needs none; a prover move needs one more than the position it leads to; the
   opponent's turn one more than the most any of its replies needs. This is the depth the
   checkers compute and report, and that a `within D` header line bounds. *)
Inductive wins_within (prover : color) : nat -> board -> color -> Prop :=
| won_within d b c : wins N b prover -> wins_within prover d b c
| prover_within d b p b' :
    has_stones N b Black -> has_stones N b White ->
    move N b prover p b' -> wins_within prover d b' (opponent prover) ->
    wins_within prover (S d) b prover
| opponent_within d b c :
    has_stones N b Black -> has_stones N b White -> c <> prover ->
    (exists p, legal N b c p) ->
    (forall p b', move N b c p b' -> wins_within prover d b' (opponent c)) ->
    wins_within prover (S d) b c.

Lemma wins_within_mono prover d b c :
  wins_within prover d b c -> forall d', d <= d' -> wins_within prover d' b c.
Proof.
  induction 1 as [d b c Hw | d b p b' HB HW Hm Hn IH | d b c HB HW Hc Hex Hall IH]; intros d' Hd.
  - apply won_within. exact Hw.
  - destruct d' as [|d']; [lia|]. apply prover_within with p b'; [exact HB | exact HW | exact Hm |].
    apply IH. lia.
  - destruct d' as [|d']; [lia|]. apply opponent_within; [exact HB | exact HW | exact Hc | exact Hex |].
    intros p b' Hm. apply (IH p b' Hm). lia.
Qed.

(* A win within d plies is a win. *)
(* check-map: theorem wins_within_from [certificate] *)
Theorem wins_within_from prover d b c : wins_within prover d b c -> wins_from prover b c.
Proof.
  induction 1 as [d b c Hw | d b p b' HB HW Hm Hn IH | d b c HB HW Hc Hex Hall IH].
  - apply won. exact Hw.
  - apply prover_moves with p b'; [exact HB | exact HW | exact Hm | exact IH].
  - apply opponent_moves; [exact HB | exact HW | exact Hc | exact Hex |].
    intros p b' Hm. exact (IH p b' Hm).
Qed.

(* check-map: theorem wins_within_same [certificate] *)

Theorem wins_within_same prover d b1 b2 c :
  same b1 b2 -> wins_within prover d b1 c -> wins_within prover d b2 c.
Proof.
  intros Hs Hw. destruct Hw as [d b c Hw | d b p b' HB HW Hm Hn | d b c HB HW Hc Hex Hall].
  - apply won_within. exact (wins_same b b2 prover Hs Hw).
  - apply prover_within with p b'; [exact (has_stones_same b b2 _ Hs HB) | exact (has_stones_same b b2 _ Hs HW)
                                   | exact (move_same b b2 prover p b' Hs Hm) | exact Hn].
  - apply opponent_within; [exact (has_stones_same b b2 _ Hs HB) | exact (has_stones_same b b2 _ Hs HW)
                           | exact Hc | |].
    + destruct Hex as [p Hp]. exists p. exact (legal_same b b2 c p Hs Hp).
    + intros p b' Hm. apply Hall with p. exact (move_same b2 b c p b' (same_sym b b2 Hs) Hm).
Qed.

(* ---- Positions as data: cells in all_points order (Openings.encode and decode) ---- *)
Lemma nth_rows k s y x : y < k -> x < N ->
  nth (y * N + x) (flat_map (fun y => map (fun x => (x, y)) (seq 0 N)) (seq s k)) (0, 0) = (x, s + y).
Proof.
  revert s y. induction k as [|k IH]; intros s y Hy Hx; [lia|]. simpl.
  assert (Hlen : length (map (fun x => (x, s)) (seq 0 N)) = N) by (rewrite len_map, len_seq; reflexivity).
  destruct y as [|y].
  - simpl. rewrite app_nth1 by lia. rewrite (nth_indep _ _ (0, s)) by lia.
    rewrite (map_nth (fun x => (x, s)) (seq 0 N) 0 x), seq_nth by lia. f_equal; lia.
  - rewrite app_nth2 by (simpl; lia). rewrite Hlen.
    replace (S y * N + x - N) with (y * N + x) by (simpl; lia).
    rewrite IH by lia. f_equal; lia.
Qed.

Lemma nth_all_points x y : x < N -> y < N -> nth (y * N + x) (all_points N) (0, 0) = (x, y).
Proof. intros Hx Hy. unfold all_points. rewrite nth_rows by lia. reflexivity. Qed.

(* Reading back the cells of a board gives the board, on every point of it. *)
(* check-map: theorem decode_encode [certificate] *)
Theorem decode_encode b : same (decode N (encode N b)) b.
Proof.
  intros [x y] Hq. unfold decode, encode. assert (Hb := Hq). apply on_boardb_spec in Hb.
  rewrite Hb. destruct Hq as [Hx Hy]. simpl in Hx, Hy. simpl.
  assert (Hi : y * N + x < length (all_points N)) by (rewrite length_all_points; nia).
  rewrite (nth_indep _ _ (b (0, 0))) by (rewrite len_map; exact Hi).
  rewrite map_nth, nth_all_points by assumption. reflexivity.
Qed.

(* The checker reads a line's board through rows_decode: the cells cut into rows once, so that
   a point costs a walk down the rows and along one row, not along the whole list (the rules
   look points up many times per move). It is Openings.decode's board on every point. *)
Fixpoint rows_of (n k : nat) (l : list cell) : list (list cell) :=
  match k with 0 => [] | S k' => firstn n l :: rows_of n k' (skipn n l) end.
Definition rows_decode (n : nat) (l : list cell) : board :=
  let rs := rows_of n n l in
  fun q => if on_boardb n q then nth (fst q) (nth (snd q) rs []) Empty else Empty.

Lemma nth_firstn_lt {A} n : forall (l : list A) x d, x < n -> nth x (firstn n l) d = nth x l d.
Proof.
  induction n as [|n IH]; intros l x d Hx; [lia|].
  destruct l as [|a l]; [destruct x; reflexivity|].
  destruct x as [|x]; [reflexivity|]. simpl. apply IH. lia.
Qed.

Lemma nth_skipn_add {A} k : forall (l : list A) x d, nth x (skipn k l) d = nth (k + x) l d.
Proof.
  induction k as [|k IH]; intros l x d; [reflexivity|].
  destruct l as [|a l]; simpl; [destruct x; reflexivity | apply IH].
Qed.

Lemma nth_rows_of n k : forall l y x d, y < k -> x < n ->
  nth x (nth y (rows_of n k l) []) d = nth (y * n + x) l d.
Proof.
  induction k as [|k IH]; intros l y x d Hy Hx; [lia|].
  destruct y as [|y]; simpl.
  - exact (nth_firstn_lt n l x d Hx).
  - rewrite IH by lia. rewrite nth_skipn_add. f_equal. lia.
Qed.

Lemma rows_decode_same l : same (rows_decode N l) (decode N l).
Proof.
  intros [x y] Hq. unfold rows_decode, decode. assert (Hb := Hq). apply on_boardb_spec in Hb.
  rewrite Hb. destruct Hq as [Hx Hy]. simpl in Hx, Hy |- *.
  exact (nth_rows_of N N l y x Empty Hy Hx).
Qed.

End Game.

(* ======================= The set of accepted positions =================================== *)
(* A position's key: its side to move, then its cells packed 30 to a number (base 4, digits 1 to
   3, so below 4^30 < 2^60: the numbers stay OCaml ints once extracted). Only injectivity is
   used: two positions with the same key are the same position. *)
Definition digit (x : cell) : nat := match x with Empty => 1 | Stone Black => 2 | Stone White => 3 end.
Fixpoint chunk_value (l : list cell) : nat :=
  match l with [] => 0 | x :: r => digit x + 4 * chunk_value r end.
(* The cells cut into chunks of at most 30 (each chunk reversed: cur gathers it). *)
Fixpoint chunks (l : list cell) (k : nat) (cur : list cell) : list (list cell) :=
  match l with
  | [] => [cur]
  | x :: r => match k with 0 => cur :: chunks r 29 [x] | S k' => chunks r k' (x :: cur) end
  end.
Definition key := list nat.
Definition side_digit (c : color) : nat := match c with Black => 1 | White => 2 end.
Definition pos_key (l : list cell) (c : color) : key := side_digit c :: map chunk_value (chunks l 30 []).

Lemma chunks_concat l : forall k cur, concat (map (@rev cell) (chunks l k cur)) = rev cur ++ l.
Proof.
  induction l as [|x r IH]; intros k cur; simpl.
  - rewrite app_nil_r. reflexivity.
  - destruct k as [|k]; simpl.
    + rewrite IH. reflexivity.
    + rewrite IH. simpl. rewrite <- app_assoc. reflexivity.
Qed.

Lemma digit_inj x y : digit x = digit y -> x = y.
Proof. destruct x as [|[|]], y as [|[|]]; simpl; congruence. Qed.

Lemma chunk_value_inj l1 : forall l2, chunk_value l1 = chunk_value l2 -> l1 = l2.
Proof.
  induction l1 as [|x r1 IH]; intros l2 E; destruct l2 as [|y r2]; simpl in E.
  - reflexivity.
  - destruct y as [|[|]]; simpl in E; lia.
  - destruct x as [|[|]]; simpl in E; lia.
  - assert (Hx : digit x = digit y /\ chunk_value r1 = chunk_value r2).
    { destruct x as [|[|]], y as [|[|]]; simpl in E |- *; lia. }
    destruct Hx as [Hx Hr]. rewrite (digit_inj x y Hx), (IH r2 Hr). reflexivity.
Qed.

Lemma map_inj {A B} (f : A -> B) : (forall x y, f x = f y -> x = y) ->
  forall l1 l2, map f l1 = map f l2 -> l1 = l2.
Proof.
  intros Hf l1. induction l1 as [|x r1 IH]; intros l2 E; destruct l2 as [|y r2]; simpl in E;
    try discriminate; [reflexivity|].
  injection E as Exy Er. rewrite (Hf x y Exy), (IH r2 Er). reflexivity.
Qed.

Lemma pos_key_inj l1 c1 l2 c2 : pos_key l1 c1 = pos_key l2 c2 -> l1 = l2 /\ c1 = c2.
Proof.
  unfold pos_key. intros E. injection E as Ec El. split.
  - apply (map_inj chunk_value chunk_value_inj) in El.
    assert (H1 := chunks_concat l1 30 []). assert (H2 := chunks_concat l2 30 []).
    rewrite El in H1. simpl in H1, H2. congruence.
  - destruct c1, c2; simpl in Ec; congruence.
Qed.

Fixpoint key_compare (a b : key) : comparison :=
  match a, b with
  | [], [] => Eq
  | [], _ => Lt
  | _, [] => Gt
  | x :: a', y :: b' => match Nat.compare x y with Eq => key_compare a' b' | o => o end
  end.

Lemma key_compare_eq a : forall b, key_compare a b = Eq -> a = b.
Proof.
  induction a as [|x a IH]; intros b E; destruct b as [|y b]; simpl in E; try discriminate;
    [reflexivity|].
  destruct (Nat.compare x y) eqn:Exy; try discriminate.
  apply Nat.compare_eq in Exy. rewrite Exy, (IH b E). reflexivity.
Qed.

(* An AVL tree from keys to depths (the plies the position's line needs, wins_within).
   Soundness needs only that a key found was added, with that depth (find_sound, add_in); that
   every added key is found (so good certificates are accepted) is the usual AVL code, exercised
   by the tests, not proven. *)
Inductive tree := Leaf | Node (l : tree) (k : key) (v : nat) (r : tree) (h : nat).
Fixpoint InT (x : key) (w : nat) (t : tree) : Prop :=
  match t with Leaf => False | Node l k v r _ => InT x w l \/ (x = k /\ w = v) \/ InT x w r end.
Definition height (t : tree) : nat := match t with Leaf => 0 | Node _ _ _ _ h => h end.
Definition node (l : tree) (k : key) (v : nat) (r : tree) : tree :=
  Node l k v r (S (Nat.max (height l) (height r))).
Definition balance (l : tree) (k : key) (v : nat) (r : tree) : tree :=
  let hl := height l in
  let hr := height r in
  if hr + 2 <=? hl then
    match l with
    | Leaf => node l k v r
    | Node ll lk lv lr _ =>
        if height lr <=? height ll then node ll lk lv (node lr k v r)
        else match lr with
             | Leaf => node l k v r
             | Node lrl lrk lrv lrr _ => node (node ll lk lv lrl) lrk lrv (node lrr k v r)
             end
    end
  else if hl + 2 <=? hr then
    match r with
    | Leaf => node l k v r
    | Node rl rk rv rr _ =>
        if height rl <=? height rr then node (node l k v rl) rk rv rr
        else match rl with
             | Leaf => node l k v r
             | Node rll rlk rlv rlr _ => node (node l k v rll) rlk rlv (node rlr rk rv rr)
             end
    end
  else node l k v r.
Fixpoint add (x : key) (w : nat) (t : tree) : tree :=
  match t with
  | Leaf => node Leaf x w Leaf
  | Node l k v r h =>
      match key_compare x k with
      | Lt => balance (add x w l) k v r
      | Gt => balance l k v (add x w r)
      | Eq => t
      end
  end.
Fixpoint find (x : key) (t : tree) : option nat :=
  match t with
  | Leaf => None
  | Node l k v r _ =>
      match key_compare x k with Lt => find x l | Gt => find x r | Eq => Some v end
  end.

Lemma find_sound x w t : find x t = Some w -> InT x w t.
Proof.
  induction t as [|l IHl k v r IHr h]; simpl; [discriminate|].
  destruct (key_compare x k) eqn:E; intros Hm.
  - right. left. injection Hm as Hm. split; [exact (key_compare_eq x k E) | symmetry; exact Hm].
  - left. exact (IHl Hm).
  - right. right. exact (IHr Hm).
Qed.

Lemma balance_in x w l k v r : InT x w (balance l k v r) -> InT x w l \/ (x = k /\ w = v) \/ InT x w r.
Proof.
  unfold balance, node.
  destruct (height r + 2 <=? height l); [|destruct (height l + 2 <=? height r)].
  - destruct l as [|ll lk lv lr lh]; [simpl; tauto|].
    destruct (height lr <=? height ll); [simpl; tauto|].
    destruct lr as [|lrl lrk lrv lrr lrh]; simpl; tauto.
  - destruct r as [|rl rk rv rr rh]; [simpl; tauto|].
    destruct (height rl <=? height rr); [simpl; tauto|].
    destruct rl as [|rll rlk rlv rlr rlh]; simpl; tauto.
  - simpl; tauto.
Qed.

Lemma add_in y u x w t : InT y u (add x w t) -> (y = x /\ u = w) \/ InT y u t.
Proof.
  induction t as [|l IHl k v r IHr h]; simpl.
  - tauto.
  - destruct (key_compare x k); intros Hy.
    + exact (or_intror Hy).
    + apply balance_in in Hy as [Hy | Hy]; [apply IHl in Hy|]; simpl; tauto.
    + apply balance_in in Hy as [Hy | [Hy | Hy]]; [tauto | tauto|]. apply IHr in Hy. tauto.
Qed.

(* ======================= The checker ===================================================== *)
(* A certificate line: the cells (row-major, all_points order), the side to move, the prover's
   move when the line carries one. *)
Definition line := (list cell * color * option point)%type.

(* Why a line, or the certificate, is refused. *)
Inductive refusal :=
| Duplicate              (* the position is on an earlier line already *)
| NoStones               (* neither side has a stone: no game *)
| LostGame               (* a finished game the prover has not won *)
| MoveAtFinished         (* a finished game carries a move *)
| MissingMove            (* the prover is to move and the line carries no move *)
| IllegalMove            (* the prover's move is not legal *)
| MissingResult          (* the position after the prover's move is on no earlier line *)
| MoveAtOpponent         (* the opponent is to move and the line carries a move *)
| NoLegalMove            (* the opponent, to move, has no legal move *)
| MissingReply (p : point) (* the position after the opponent's legal move p is on no earlier line *)
| BadStart               (* the named start is not a variant of this board size *)
| NoLines                (* the certificate lists no position *)
| WrongCount             (* the header's position count is not the number of lines *)
| WrongLastLine.         (* the last line is not the start *)

Section Checker.
Variable N : nat.
Variable prover : color.

(* The cells of the position after c plays p on b. *)
Definition after_cells (b : board) (c : color) (p : point) : list cell :=
  encode N (snd (play N b c p)).

(* One line, given `found`, which gives the depth of a position (cells, side to move) listed on
   an earlier line: inl d when the line is a win for the prover within d plies given that those
   are wins within their depths (a finished game 0, a prover line 1 + its result's depth, an
   opponent line 1 + the most of its replies' depths), otherwise inr of why not. Both checkers
   judge a line with it: `verdict` below (an AVL tree of keys, extracted) and KernelCheck.v's (a
   tree of primitive-integer hashes that Coq's kernel runs). *)
Section Found.
Variable found : list cell -> color -> option nat.

(* The replies ms of c on b: the most of their results' depths (at least acc), or the first
   reply whose result is not listed. *)
Fixpoint replies (b : board) (c : color) (ms : list point) (acc : nat) : nat + refusal :=
  match ms with
  | [] => inl acc
  | p :: rest => match found (after_cells b c p) (opponent c) with
                 | Some d => replies b c rest (Nat.max acc d)
                 | None => inr (MissingReply p)
                 end
  end.

Definition verdict_by (l : list cell) (c : color) (mv : option point) : nat + refusal :=
  let b := rows_decode N l in
  match winner N b with
  | Some w => if color_eqb w prover
              then match mv with None => inl 0 | Some _ => inr MoveAtFinished end
              else inr LostGame
  | None =>
      if negb (has_stonesb N b Black && has_stonesb N b White) then inr NoStones
      else if color_eqb c prover then
        match mv with
        | None => inr MissingMove
        | Some p => if legalb N b c p
                    then match found (after_cells b c p) (opponent c) with
                         | Some d => inl (S d)
                         | None => inr MissingResult
                         end
                    else inr IllegalMove
        end
      else
        match mv with
        | Some _ => inr MoveAtOpponent
        | None =>
            match legal_moves N b c with
            | [] => inr NoLegalMove
            | ms => match replies b c ms 0 with inl d => inl (S d) | inr r => inr r end
            end
        end
  end.

Variable found_sound :
  forall l c d, found l c = Some d -> wins_within N prover d (decode N l) c.

(* The position after a move, found among the accepted ones, is a win for the prover. *)
Lemma after_wins b c p b' d :
  found (after_cells b c p) (opponent c) = Some d -> move N b c p b' ->
  wins_within N prover d b' (opponent c).
Proof.
  intros Hm Hmove. apply found_sound in Hm. unfold after_cells in Hm.
  apply (wins_within_same N prover d _ _ _ (decode_encode N _)) in Hm.
  apply (wins_within_same N prover d (snd (play N b c p))); [|exact Hm].
  intros q Hq. destruct Hmove as [Hl Hmv].
  exact (move_unique N b c p _ _ (play_spec N b c p Hl) (conj Hl Hmv) q Hq).
Qed.

Lemma replies_sound b c ms : forall acc D, replies b c ms acc = inl D ->
  acc <= D /\ forall p, In p ms -> exists d, found (after_cells b c p) (opponent c) = Some d /\ d <= D.
Proof.
  induction ms as [|p rest IH]; simpl; intros acc D E.
  - injection E as E. subst. split; [reflexivity | tauto].
  - destruct (found (after_cells b c p) (opponent c)) as [d|] eqn:Ef; [|discriminate].
    destruct (IH _ _ E) as [Hacc Hall]. split; [lia|].
    intros q [<- | Hq]; [exists d; split; [exact Ef | lia] | exact (Hall q Hq)].
Qed.

(* verdict_by is sound whenever `found` is. *)
(* check-map: theorem verdict_by_sound [certificate] *)
Theorem verdict_by_sound l c mv D :
  verdict_by l c mv = inl D -> wins_within N prover D (rows_decode N l) c.
Proof.
  unfold verdict_by. set (b := rows_decode N l).
  destruct (winner N b) as [w|] eqn:Ew.
  - destruct (color_eqb_spec w prover) as [Ewp|Ewp]; [|discriminate].
    destruct mv; [discriminate|]. intros _.
    apply won_within. rewrite <- Ewp. apply winner_spec. exact Ew.
  - destruct (has_stonesb N b Black) eqn:EB; [|discriminate].
    destruct (has_stonesb N b White) eqn:EW; [|discriminate]. cbn [negb andb].
    apply has_stonesb_spec in EB. apply has_stonesb_spec in EW.
    destruct (color_eqb_spec c prover) as [Ecp|Ecp].
    + destruct mv as [p|]; [|discriminate].
      destruct (legalb N b c p) eqn:El; [|discriminate].
      destruct (found (after_cells b c p) (opponent c)) as [d|] eqn:Em; [|discriminate].
      intros E. injection E as E. subst D.
      apply legalb_spec in El. subst c.
      apply prover_within with p (snd (play N b prover p)); [exact EB | exact EW | |].
      * exact (play_spec N b prover p El).
      * exact (after_wins b prover p _ d Em (play_spec N b prover p El)).
    + destruct mv as [p|]; [discriminate|].
      destruct (legal_moves N b c) as [|p0 ms] eqn:Ems; [discriminate|].
      destruct (replies b c (p0 :: ms) 0) as [d|r] eqn:Er; [|discriminate].
      intros E. injection E as E. subst D.
      destruct (replies_sound b c (p0 :: ms) 0 d Er) as [_ Hall].
      apply opponent_within; [exact EB | exact EW | exact Ecp | |].
      * exists p0. apply legal_moves_spec. rewrite Ems. left. reflexivity.
      * intros p b' Hm.
        assert (Hin : In p (p0 :: ms)).
        { rewrite <- Ems. apply legal_moves_spec. destruct Hm as [Hl _]. exact Hl. }
        destruct (Hall p Hin) as [d' [Ef Hd]].
        exact (wins_within_mono N prover d' _ _ (after_wins b c p b' d' Ef Hm) d Hd).
Qed.

End Found.

(* One line against the tree t of the positions on earlier lines. *)
Definition verdict (t : tree) (l : list cell) (c : color) (mv : option point) : nat + refusal :=
  verdict_by (fun l' c' => find (pos_key l' c') t) l c mv.

(* The checker's state between lines: the accepted positions, how many, the last one and its
   depth. *)
Record state := { seen : tree; count : nat; last : option (list cell * color); depth : nat }.
Definition init : state := {| seen := Leaf; count := 0; last := None; depth := 0 |}.

(* One line: refused if its position is listed already or its verdict is a refusal. *)
Definition step (st : state) (ln : line) : state + refusal :=
  let '(l, c, mv) := ln in
  let k := pos_key l c in
  match find k (seen st) with
  | Some _ => inr Duplicate
  | None => match verdict (seen st) l c mv with
            | inr r => inr r
            | inl d => inl {| seen := add k d (seen st); count := S (count st); last := Some (l, c);
                              depth := d |}
            end
  end.

(* The start: a named variant (its index in Openings.named_openings, whose board size must be
   N; Black moves first) or a given position. *)
Inductive start := Named (i : nat) | Given (cells : list cell) (side : color).

Definition start_position (s : start) : option (list cell * color) :=
  match s with
  | Named i => match nth_error named_openings i with
               | Some (n, b) => if n =? N then Some (encode N b, Black) else None
               | None => None
               end
  | Given l c => Some (l, c)
  end.

(* The board and side the theorem speaks of. *)
Definition start_board (s : start) : board :=
  match s with
  | Named i => match nth_error named_openings i with Some (_, b) => b | None => fun _ => Empty end
  | Given l _ => decode N l
  end.
Definition start_side (s : start) : color := match s with Named _ => Black | Given _ c => c end.

Fixpoint cells_equal (l1 l2 : list cell) : bool :=
  match l1, l2 with
  | [], [] => true
  | x :: r1, y :: r2 => cell_eqb x y && cells_equal r1 r2
  | _, _ => false
  end.

(* After the last line: K lines in all, the last of them the start. *)
Definition finish (s : start) (K : nat) (st : state) : option refusal :=
  match start_position s with
  | None => Some BadStart
  | Some (l0, c0) =>
      match last st with
      | None => Some NoLines
      | Some (l, c) =>
          if negb (count st =? K) then Some WrongCount
          else if cells_equal l l0 && color_eqb c c0 then None else Some WrongLastLine
      end
  end.

(* Accepted: how many positions, and the depth of the start (the plies the prover needs). *)
Inductive outcome := Accepted (positions depth : nat) | Refused (line : nat) (why : refusal).

(* The lines in order, numbered from i; the first refused line's number and why. *)
Fixpoint run (st : state) (i : nat) (lines : list line) : state + (nat * refusal) :=
  match lines with
  | [] => inl st
  | ln :: rest => match step st ln with
                  | inl st' => run st' (S i) rest
                  | inr r => inr (i, r)
                  end
  end.

(* The checker: the lines numbered from 1 (the header's lines not counted). *)
Definition check (s : start) (K : nat) (lines : list line) : outcome :=
  match run init 1 lines with
  | inr (i, r) => Refused i r
  | inl st => match finish s K st with
              | None => Accepted (count st) (depth st)
              | Some r => Refused (match r with WrongLastLine => count st | _ => S (count st) end) r
              end
  end.

(* ---- Soundness ---- *)
(* What the checker keeps true: every position it accepted is a win for the prover within the
   depth it recorded. *)
Definition tree_sound (t : tree) : Prop :=
  forall x w, InT x w t -> exists l c, x = pos_key l c /\ wins_within N prover w (decode N l) c.
Definition sound_state (st : state) : Prop :=
  tree_sound (seen st) /\
  (forall l c, last st = Some (l, c) -> wins_within N prover (depth st) (decode N l) c).

Lemma find_wins t l c w : tree_sound t ->
  find (pos_key l c) t = Some w -> wins_within N prover w (decode N l) c.
Proof.
  intros Ht Hm. apply find_sound, Ht in Hm as [l' [c' [E Hw]]].
  apply pos_key_inj in E as [El Ec]. rewrite El, Ec. exact Hw.
Qed.

(* check-map: theorem verdict_sound [certificate] *)

Theorem verdict_sound t l c mv D : tree_sound t ->
  verdict t l c mv = inl D -> wins_within N prover D (rows_decode N l) c.
Proof.
  intros Ht. apply verdict_by_sound. intros l' c' w Hm. exact (find_wins t l' c' w Ht Hm).
Qed.

(* check-map: theorem init_sound [certificate] *)

Theorem init_sound : sound_state init.
Proof. split; simpl; [intros x w [] | discriminate]. Qed.

(* check-map: theorem step_sound [certificate] *)

Theorem step_sound st ln st' : sound_state st -> step st ln = inl st' -> sound_state st'.
Proof.
  destruct ln as [[l c] mv]. unfold step. intros [Hseen Hlast].
  destruct (find (pos_key l c) (seen st)); [discriminate|].
  destruct (verdict (seen st) l c mv) as [d|r] eqn:Ev; [|discriminate].
  intros E. injection E as E. subst st'.
  assert (Hw := wins_within_same N prover d _ _ c (rows_decode_same N l) (verdict_sound (seen st) l c mv d Hseen Ev)).
  split; simpl.
  - intros x w Hx. apply add_in in Hx as [[Hx Hwd] | Hx]; [|exact (Hseen x w Hx)].
    subst. exists l, c. auto.
  - intros l' c' E. injection E as El Ec. subst. exact Hw.
Qed.

Lemma run_sound lines : forall st i st', sound_state st -> run st i lines = inl st' -> sound_state st'.
Proof.
  induction lines as [|ln rest IH]; simpl; intros st i st' Hs E.
  - injection E as E. subst. exact Hs.
  - destruct (step st ln) as [st1|r] eqn:Es; [|discriminate].
    exact (IH st1 (S i) st' (step_sound st ln st1 Hs Es) E).
Qed.

Lemma cells_equal_eq l1 : forall l2, cells_equal l1 l2 = true -> l1 = l2.
Proof.
  induction l1 as [|x r IH]; intros l2 E; destruct l2 as [|y r2]; simpl in E; try discriminate;
    [reflexivity|].
  apply andb_true_iff in E as [Ex Er]. destruct (cell_eqb_spec x y) as [Exy|Exy]; [|discriminate].
  rewrite Exy, (IH r2 Er). reflexivity.
Qed.

(* The last line, when it is the start, carries over to the start's board: a named start's
   opening is the cells the checker compared with (encode), a given one is decoded. *)
Lemma start_wins s l c d : start_position s = Some (l, c) ->
  wins_within N prover d (decode N l) c -> wins_within N prover d (start_board s) (start_side s).
Proof.
  intros Es Hw. destruct s as [i|l0 c0]; simpl in Es |- *.
  - destruct (nth_error named_openings i) as [[n b]|]; [|discriminate].
    destruct (n =? N); [|discriminate]. injection Es as El0 Ec0. subst.
    exact (wins_within_same N prover d _ _ _ (decode_encode N b) Hw).
  - injection Es as El0 Ec0. subst. exact Hw.
Qed.

(* check-map: theorem finish_sound [certificate] *)

Theorem finish_sound s K st : sound_state st -> finish s K st = None ->
  wins_within N prover (depth st) (start_board s) (start_side s).
Proof.
  intros [_ Hlast]. unfold finish.
  destruct (start_position s) as [[l0 c0]|] eqn:Es; [|discriminate].
  destruct (last st) as [[l c]|] eqn:El; [|discriminate].
  destruct (negb (count st =? K)); [discriminate|].
  destruct (cells_equal l l0) eqn:Ecl; [|discriminate].
  destruct (color_eqb_spec c c0) as [Ec|Ec]; [|discriminate]. intros _.
  apply cells_equal_eq in Ecl. subst l0 c0.
  exact (start_wins s l c _ Es (Hlast l c eq_refl)).
Qed.

(* The soundness theorems: a certificate the checker accepts, with depth D, proves that the
   prover wins from the start within D plies (wins_within), so has a winning strategy
   (wins_from). *)
(* check-map: theorem check_sound_within [certificate] *)
Theorem check_sound_within s K lines K' D :
  check s K lines = Accepted K' D -> wins_within N prover D (start_board s) (start_side s).
Proof.
  unfold check. destruct (run init 1 lines) as [st|[i r]] eqn:Er; [|discriminate].
  destruct (finish s K st) as [r|] eqn:Ef; [discriminate|]. intros E. injection E as _ E. subst D.
  exact (finish_sound s K st (run_sound lines init 1 st init_sound Er) Ef).
Qed.

(* check-map: theorem check_sound [certificate] *)

Theorem check_sound s K lines K' D :
  check s K lines = Accepted K' D -> wins_from N prover (start_board s) (start_side s).
Proof. intros Hc. exact (wins_within_from N prover D _ _ (check_sound_within s K lines K' D Hc)). Qed.

End Checker.

(* For a named start the theorem speaks of the variant's opening as Openings.v defines it, on
   the board size the variant has. *)
(* check-map: theorem check_sound_named [certificate] *)
Theorem check_sound_named N prover i K lines K' D :
  check N prover (Named i) K lines = Accepted K' D ->
  exists b, nth_error named_openings i = Some (N, b) /\ wins_within N prover D b Black.
Proof.
  intros Hc. assert (Hw := check_sound_within N prover (Named i) K lines K' D Hc). simpl in Hw.
  unfold check, finish in Hc. simpl in Hc.
  destruct (nth_error named_openings i) as [[n b]|]; [|destruct (run N prover (init) 1 lines) as [st|[j r]]; discriminate].
  exists b. destruct (Nat.eqb_spec n N) as [En|En].
  - subst n. split; [reflexivity | exact Hw].
  - destruct (run N prover (init) 1 lines) as [st|[j r]]; discriminate.
Qed.

(* lattice-5 (index 1 in named_openings): X3O/5/5/5/O3X, Black to move. *)
Corollary check_sound_lattice5 prover K lines K' D :
  check 5 prover (Named 1) K lines = Accepted K' D -> wins_within 5 prover D (lattice 2 4 0) Black.
Proof.
  intros Hc. destruct (check_sound_named 5 prover 1 K lines K' D Hc) as [b [E Hw]].
  simpl in E. injection E as Eb. subst b. exact Hw.
Qed.

(* ---- A certificate checked inside Coq ---- *)
(* formal/test-certificates/xo3.cert, the certificate tanbo-certgen writes for the 3x3 start
   XO1/3/O1X X (Openings.start3, Black to move), as Coq data. The kernel runs the checker on it
   (vm_compute), so this result rests on neither extraction nor the OCaml reader: White, the
   second player, wins the 3x3 start. *)
Module Xo3.
Local Definition e := Empty.
Local Definition x := Stone Black.
Local Definition o := Stone White.
Definition lines : list line := [
  ([o;o;e;o;e;e;o;e;e], White, None);
  ([o;o;x;o;e;x;o;e;x], Black, None);
  ([o;e;x;o;e;x;o;e;x], White, Some (1,0));
  ([o;o;e;o;x;x;o;e;x], Black, None);
  ([o;e;e;o;x;x;o;e;x], White, Some (1,0));
  ([o;o;e;o;e;x;o;x;x], Black, None);
  ([o;e;e;o;e;x;o;x;x], White, Some (1,0));
  ([o;e;e;o;e;x;o;e;x], Black, None);
  ([e;e;e;o;e;x;o;e;x], White, Some (0,0));
  ([o;o;o;o;e;e;e;e;e], White, None);
  ([o;o;o;o;x;e;e;x;x], Black, None);
  ([o;o;o;e;x;e;e;x;x], White, Some (0,1));
  ([o;o;o;o;e;x;e;x;x], Black, None);
  ([o;o;o;e;e;x;e;x;x], White, Some (0,1));
  ([o;o;o;o;e;e;x;x;x], Black, None);
  ([o;o;o;e;e;e;x;x;x], White, Some (0,1));
  ([o;o;o;e;e;e;e;x;x], Black, None);
  ([e;o;o;e;e;e;e;x;x], White, Some (0,0));
  ([e;o;o;o;e;e;o;e;x], Black, None);
  ([e;o;o;e;e;e;o;e;x], White, Some (0,1));
  ([o;e;e;o;e;e;o;e;e], Black, None);
  ([e;x;e;o;x;x;o;e;x], White, Some (0,0));
  ([e;e;e;o;e;e;o;e;e], White, None);
  ([e;e;e;o;x;x;o;e;x], Black, None);
  ([e;e;e;e;x;x;o;e;x], White, Some (0,1));
  ([o;o;o;e;e;e;o;e;e], White, None);
  ([o;o;o;e;e;x;o;e;x], Black, None);
  ([e;o;o;e;e;x;o;e;x], White, Some (0,0));
  ([x;o;o;x;e;e;o;e;x], Black, None);
  ([x;o;e;x;e;e;o;e;x], White, Some (2,0));
  ([e;o;o;o;e;e;o;e;e], Black, None);
  ([x;o;o;e;e;e;o;e;e], White, Some (0,1));
  ([x;o;o;e;e;x;o;e;x], Black, None);
  ([x;o;e;e;e;x;o;e;x], White, Some (2,0));
  ([e;o;o;e;e;e;o;x;x], White, Some (0,0));
  ([x;o;o;e;e;e;o;x;x], Black, None);
  ([x;o;e;e;e;e;o;x;x], White, Some (2,0));
  ([x;o;e;e;e;e;o;e;x], Black, None)
].
End Xo3.

(* ... and within 9 plies (the depth of the certificate's strategy). *)
(* check-map: theorem xo3_white_wins_within [solve] *)
Theorem xo3_white_wins_within : wins_within 3 White 9 (decode 3 (fst start3)) (snd start3).
Proof.
  apply (check_sound_within 3 White (Given (fst start3) (snd start3)) 38 Xo3.lines 38 9).
  vm_compute. reflexivity.
Qed.

(* check-map: theorem xo3_white_wins [solve] *)

Theorem xo3_white_wins : wins_from 3 White (decode 3 (fst start3)) (snd start3).
Proof. exact (wins_within_from 3 White 9 _ _ xo3_white_wins_within). Qed.
