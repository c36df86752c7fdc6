(* The rules of Tanbo (docs/rules.md), as relations that read like the rules text, and
   executable versions of each, proven equal to them. The executable versions are what
   Extract.v turns into the OCaml oracle `tanbo-spec`; the theorems (Theorems.v) are stated over
   the relations. Points are (column, row) pairs counted from 0, rows from the top, as in the
   C++ engines; N is the board size (any N). *)
(* check-map: code formal *)
From Coq Require Import List Arith Lia Bool.
Import ListNotations.

Inductive color := Black | White.
Inductive cell := Empty | Stone (c : color).
Definition point := (nat * nat)%type.
(* A board gives every point its content; only the points on the board matter. *)
Definition board := point -> cell.

Definition opponent (c : color) : color := match c with Black => White | White => Black end.

Definition color_eqb (a b : color) : bool :=
  match a, b with Black, Black | White, White => true | _, _ => false end.
Definition cell_eqb (a b : cell) : bool :=
  match a, b with
  | Empty, Empty => true
  | Stone x, Stone y => color_eqb x y
  | _, _ => false
  end.
Definition point_eqb (p q : point) : bool := Nat.eqb (fst p) (fst q) && Nat.eqb (snd p) (snd q).

Lemma color_eqb_spec a b : reflect (a = b) (color_eqb a b).
Proof. destruct a, b; constructor; congruence. Qed.
Lemma cell_eqb_spec a b : reflect (a = b) (cell_eqb a b).
Proof.
  destruct a as [|x], b as [|y]; simpl; try (constructor; congruence).
  destruct (color_eqb_spec x y); constructor; congruence.
Qed.
Lemma point_eqb_spec p q : reflect (p = q) (point_eqb p q).
Proof.
  destruct p as [x y], q as [x' y']; unfold point_eqb; simpl.
  destruct (Nat.eqb_spec x x'), (Nat.eqb_spec y y'); simpl; constructor; congruence.
Qed.
Lemma point_eq_dec (p q : point) : {p = q} + {p <> q}.
Proof. destruct (point_eqb_spec p q); auto. Defined.

Section Rules.
Variable N : nat.

(* ---- Rule 1: the board --------------------------------------------------------------- *)
Definition on_board (p : point) : Prop := fst p < N /\ snd p < N.
Definition on_boardb (p : point) : bool := (fst p <? N) && (snd p <? N).

(* Every point of the board, row-major (row 0 first), as the engines list moves. *)
Definition all_points : list point :=
  flat_map (fun y => map (fun x => (x, y)) (seq 0 N)) (seq 0 N).

(* ---- Rule 3: adjacency, friendly neighbours, legal placement --------------------------- *)
(* Two points are adjacent when they are next to each other along a line. *)
Definition adj (p q : point) : Prop :=
  on_board p /\ on_board q /\
  ((fst p = fst q /\ (snd q = S (snd p) \/ snd p = S (snd q))) \/
   (snd p = snd q /\ (fst q = S (fst p) \/ fst p = S (fst q)))).

(* The neighbours of a point on the board: up, left, right, down (the engines' order). *)
Definition neighbours (p : point) : list point :=
  let (x, y) := p in
  if on_boardb p then
    (if 0 <? y then [(x, y - 1)] else []) ++ (if 0 <? x then [(x - 1, y)] else []) ++
    (if x + 1 <? N then [(x + 1, y)] else []) ++ (if y + 1 <? N then [(x, y + 1)] else [])
  else [].

(* How many stones of colour c are adjacent to p. *)
Definition friendly_count (b : board) (c : color) (p : point) : nat :=
  length (filter (fun q => cell_eqb (b q) (Stone c)) (neighbours p)).

(* Rule 3: c may place a stone on an empty point adjacent to exactly one stone of colour c. *)
Definition legal (b : board) (c : color) (p : point) : Prop :=
  on_board p /\ b p = Empty /\ friendly_count b c p = 1.
Definition legalb (b : board) (c : color) (p : point) : bool :=
  on_boardb p && cell_eqb (b p) Empty && (friendly_count b c p =? 1).

(* ---- Rule 4: roots --------------------------------------------------------------------- *)
(* conn b s q: the stone on q belongs to the root of the stone on s (same colour, connected
   through adjacent stones of that colour): the reflexive-transitive closure of same-colour
   adjacency. *)
Inductive conn (b : board) (s : point) : point -> Prop :=
| conn_refl : on_board s -> b s <> Empty -> conn b s s
| conn_step : forall q r, conn b s q -> adj q r -> b r = b q -> conn b s r.

(* ---- Rule 5: growth points and bounded roots -------------------------------------------- *)
(* g is a growth point of the root of s: an empty point adjacent to exactly one stone of the
   root's colour, that stone belonging to the root. *)
Definition growth_point (b : board) (s g : point) : Prop :=
  on_board g /\ b g = Empty /\
  (exists c, b s = Stone c /\ friendly_count b c g = 1) /\
  exists t, adj g t /\ conn b s t.

(* The root of the stone on s is bounded: it has no growth point. *)
Definition bounded (b : board) (s : point) : Prop :=
  on_board s /\ b s <> Empty /\ forall g, ~ growth_point b s g.

(* ---- Rule 6: the move ---------------------------------------------------------------------- *)
Definition place (b : board) (p : point) (c : color) : board :=
  fun q => if point_eqb q p then Stone c else b q.

(* Which stones go, looking at the board b1 just after the stone on p was placed: the expanded
   root alone if it is bounded, otherwise every bounded root of either colour. *)
Definition removed (b1 : board) (p q : point) : Prop :=
  (bounded b1 p /\ conn b1 p q) \/ (~ bounded b1 p /\ bounded b1 q).

(* move b c p b': c plays p on b and b' is the board afterwards (rules 3 to 6). *)
Definition move (b : board) (c : color) (p : point) (b' : board) : Prop :=
  legal b c p /\
  forall q, on_board q ->
    (removed (place b p c) p q /\ b' q = Empty) \/
    (~ removed (place b p c) p q /\ b' q = place b p c q).

(* ---- Rule 7: the end ---------------------------------------------------------------------- *)
Definition has_stones (b : board) (c : color) : Prop := exists s, on_board s /\ b s = Stone c.
(* The game is over and c has won: c has stones, the opponent none. *)
Definition wins (b : board) (c : color) : Prop := has_stones b c /\ ~ has_stones b (opponent c).

(* ======================= Executable versions ============================================= *)
Definition mem (q : point) (l : list point) : bool := existsb (point_eqb q) l.

(* One step of the closure: the same-colour neighbours of the frontier F (the points added last)
   that A lacks. Only the frontier is expanded: the other points of A had all their same-colour
   neighbours added already, which keeps a root's computation quadratic, not cubic. *)
Definition grow_step (b : board) (A F : list point) : list point :=
  filter (fun r => negb (mem r A))
         (flat_map (fun q => filter (fun r => cell_eqb (b r) (b q)) (neighbours q)) F).

(* Grows A until nothing is added; N*N steps always suffice (each adds a point). *)
Fixpoint grow (b : board) (fuel : nat) (A F : list point) : list point :=
  match fuel with
  | 0 => A
  | S f => match grow_step b A F with [] => A | added => grow b f (added ++ A) added end
  end.

(* The stones of the root of s (empty if s holds no stone). *)
Definition root_exec (b : board) (s : point) : list point :=
  if on_boardb s && negb (cell_eqb (b s) Empty) then grow b (N * N) [s] [s] else [].
Definition connb (b : board) (s q : point) : bool := mem q (root_exec b s).

(* g is a growth point of the root R of colour c. *)
Definition growth_pointb (b : board) (c : color) (R : list point) (g : point) : bool :=
  cell_eqb (b g) Empty && (friendly_count b c g =? 1) && existsb (fun t => mem t R) (neighbours g).

(* Cheap sufficient test that the root of s (colour c) is not bounded: a growth point next to s. *)
Definition own_growth_point (b : board) (c : color) (s : point) : bool :=
  existsb (fun g => cell_eqb (b g) Empty && (friendly_count b c g =? 1)) (neighbours s).

Definition boundedb (b : board) (s : point) : bool :=
  on_boardb s &&
  match b s with
  | Empty => false
  | Stone c => negb (own_growth_point b c s) &&
               negb (existsb (growth_pointb b c (root_exec b s)) all_points)
  end.

Definition removedb (b1 : board) (p q : point) : bool :=
  if boundedb b1 p then connb b1 p q else boundedb b1 q.

Inductive removal := NoRemoval | ExpandedRoot | BoundedRoots.

(* The move, computed: the kind of removal, the removed stones (row-major) and the board after. *)
Definition play (b : board) (c : color) (p : point) : removal * list point * board :=
  let b1 := place b p c in
  let expanded_bounded := boundedb b1 p in
  let gone := if expanded_bounded then root_exec b1 p else filter (boundedb b1) all_points in
  let gone_sorted := filter (fun q => mem q gone) all_points in
  let kind := match gone_sorted with
              | [] => NoRemoval
              | _ => if expanded_bounded then ExpandedRoot else BoundedRoots
              end in
  (kind, gone_sorted, fun q => if mem q gone_sorted then Empty else b1 q).

Definition legal_moves (b : board) (c : color) : list point := filter (legalb b c) all_points.

Definition has_stonesb (b : board) (c : color) : bool :=
  existsb (fun s => cell_eqb (b s) (Stone c)) all_points.
Definition winner (b : board) : option color :=
  match has_stonesb b Black, has_stonesb b White with
  | true, false => Some Black
  | false, true => Some White
  | _, _ => None
  end.

(* ======================= Basic facts ===================================================== *)
Lemma on_boardb_spec p : on_boardb p = true <-> on_board p.
Proof.
  unfold on_boardb, on_board. rewrite andb_true_iff, !Nat.ltb_lt. tauto.
Qed.

Lemma in_all_points p : In p all_points <-> on_board p.
Proof.
  destruct p as [x y]. unfold all_points, on_board. rewrite in_flat_map. simpl. split.
  - intros [y' [Hy Hin]]. apply in_map_iff in Hin. destruct Hin as [x' [E Hx]].
    inversion E; subst. apply in_seq in Hy. apply in_seq in Hx. lia.
  - intros [Hx Hy]. exists y. split. apply in_seq; lia.
    apply in_map_iff. exists x. split; auto. apply in_seq; lia.
Qed.

(* Own names for three standard facts: the standard library renamed them (app_length became
   length_app, ...) and Coq 8.20 warns on the old names, which 8.16 alone has. *)
Lemma len_app {A} (l1 l2 : list A) : length (l1 ++ l2) = length l1 + length l2.
Proof. induction l1 as [|a l1 IH]; simpl; auto. Qed.
Lemma len_map {A B} (f : A -> B) l : length (map f l) = length l.
Proof. induction l as [|a l IH]; simpl; auto. Qed.
Lemma len_seq s n : length (seq s n) = n.
Proof. revert s. induction n as [|n IH]; simpl; auto. Qed.

Lemma length_flat_map_seq ys :
  length (flat_map (fun y : nat => map (fun x : nat => (x, y)) (seq 0 N)) ys) = length ys * N.
Proof. induction ys as [|y ys IH]; simpl; auto. rewrite len_app, len_map, len_seq, IH. lia. Qed.

Lemma length_all_points : length all_points = N * N.
Proof. unfold all_points. rewrite length_flat_map_seq, len_seq. lia. Qed.

Ltac ltb_cases :=
  repeat match goal with
  | |- context [?a <? ?b] => destruct (Nat.ltb_spec a b)
  | H : context [?a <? ?b] |- _ => destruct (Nat.ltb_spec a b)
  end.

Lemma pair_eq (a b c d : nat) : (a, b) = (c, d) <-> a = c /\ b = d.
Proof. split; [intros H; inversion H|intros [-> ->]]; auto. Qed.

Lemma in_neighbours p q : In q (neighbours p) <-> adj p q.
Proof.
  destruct p as [x y], q as [x' y']. unfold neighbours, adj, on_board.
  destruct (on_boardb (x, y)) eqn:Hb.
  - apply on_boardb_spec in Hb. unfold on_board in Hb. simpl in *. rewrite !in_app_iff.
    destruct (Nat.ltb_spec 0 y), (Nat.ltb_spec 0 x), (Nat.ltb_spec (x + 1) N),
      (Nat.ltb_spec (y + 1) N); simpl; rewrite ?pair_eq; lia.
  - simpl. split; [tauto|]. intros [H _].
    assert (on_boardb (x, y) = true) by (apply on_boardb_spec; exact H). congruence.
Qed.

Lemma neighbours_nodup p : NoDup (neighbours p).
Proof.
  destruct p as [x y]. unfold neighbours. destruct (on_boardb (x, y)); [|constructor].
  destruct (Nat.ltb_spec 0 y), (Nat.ltb_spec 0 x), (Nat.ltb_spec (x + 1) N),
    (Nat.ltb_spec (y + 1) N); simpl;
    repeat (constructor; simpl;
            [ intros Hm; repeat match goal with
                         | H : _ \/ _ |- _ => destruct H
                         | H : (_, _) = (_, _) |- _ => inversion H; clear H
                         | H : False |- _ => destruct H
                         end; lia | ]);
    constructor.
Qed.

Lemma mem_spec q l : mem q l = true <-> In q l.
Proof.
  unfold mem. rewrite existsb_exists. split.
  - intros [x [H E]]. destruct (point_eqb_spec q x); [subst; auto | discriminate].
  - intros H. exists q. split; auto. destruct (point_eqb_spec q q); congruence.
Qed.

Lemma legalb_spec b c p : legalb b c p = true <-> legal b c p.
Proof.
  unfold legalb, legal. rewrite !andb_true_iff, on_boardb_spec, Nat.eqb_eq.
  destruct (cell_eqb_spec (b p) Empty); intuition congruence.
Qed.

(* ---- Counting points with filter ---- *)
Lemma filter_length_mono {A} (l : list A) f g :
  (forall y, f y = true -> g y = true) -> length (filter f l) <= length (filter g l).
Proof.
  intros H. induction l as [|a l IH]; simpl; auto.
  destruct (f a) eqn:Ef; [rewrite (H a Ef); simpl; lia|]. destruct (g a); simpl; lia.
Qed.

Lemma filter_length_lt {A} (l : list A) f g x :
  (forall y, f y = true -> g y = true) -> In x l -> f x = false -> g x = true ->
  length (filter f l) < length (filter g l).
Proof.
  intros H Hin Hf Hg. induction l as [|a l IH]; [destruct Hin|]. simpl.
  destruct Hin as [<- | Hin].
  - rewrite Hf, Hg. simpl. pose proof (filter_length_mono l f g H). lia.
  - specialize (IH Hin). destruct (f a) eqn:Ef; [rewrite (H a Ef)|destruct (g a)]; simpl; lia.
Qed.

Lemma filter_length_le {A} (f : A -> bool) l : length (filter f l) <= length l.
Proof. induction l as [|a l IH]; simpl; auto. destruct (f a); simpl; lia. Qed.

Lemma filter_length_full {A} (l : list A) f :
  length l <= length (filter f l) -> forall x, In x l -> f x = true.
Proof.
  induction l as [|a l IH]; simpl; intros H x Hin; [destruct Hin|].
  pose proof (filter_length_le f l) as Hle.
  destruct (f a) eqn:Ef; simpl in H; destruct Hin as [<- | Hin]; auto; try lia.
  apply IH; auto. lia.
Qed.

(* ---- Roots ---- *)
Lemma conn_inv b s q : conn b s q -> on_board s /\ on_board q /\ b s <> Empty /\ b q = b s.
Proof.
  induction 1 as [Hs Hne | q0 r H IH Ha E]; [intuition|].
  destruct IH as [H1 [H2 [H3 H4]]]. destruct Ha as [_ [Hr _]].
  refine (conj H1 (conj Hr (conj H3 _))). congruence.
Qed.

Lemma adj_sym p q : adj p q -> adj q p.
Proof. unfold adj, on_board. lia. Qed.

Lemma conn_trans b s q r : conn b s q -> conn b q r -> conn b s r.
Proof. intros H1 H2. induction H2; auto. eapply conn_step; eauto. Qed.

Lemma conn_sym b s q : conn b s q -> conn b q s.
Proof.
  induction 1 as [Hs Hne | q r H IH Ha E].
  - constructor; auto.
  - apply conn_inv in H as [Hs [Hq [Hne Eq]]].
    assert (conn b r q).
    { eapply conn_step; [constructor| apply adj_sym; eauto | congruence].
      destruct Ha as [_ [? _]]; auto. congruence. }
    eapply conn_trans; eauto.
Qed.

Definition closed (b : board) (A : list point) : Prop :=
  forall q r, In q A -> adj q r -> b r = b q -> In r A.

Lemma closed_conn b s A : closed b A -> In s A -> forall q, conn b s q -> In q A.
Proof. intros Hc Hs q H. induction H; eauto. Qed.

Lemma grow_step_spec b A F r :
  In r (grow_step b A F) <-> ~ In r A /\ exists q, In q F /\ adj q r /\ b r = b q.
Proof.
  unfold grow_step. rewrite filter_In, in_flat_map, negb_true_iff.
  split.
  - intros [[q [Hq Hr]] Hm]. apply filter_In in Hr as [Hr E].
    split. intros Hin. apply mem_spec in Hin. congruence.
    exists q. split; auto. split. apply in_neighbours; auto. destruct (cell_eqb_spec (b r) (b q)); congruence.
  - intros [Hn [q [Hq [Ha E]]]]. split.
    + exists q. split; auto. apply filter_In. split. apply in_neighbours; auto.
      destruct (cell_eqb_spec (b r) (b q)); congruence.
    + destruct (mem r A) eqn:Em; auto. apply mem_spec in Em. contradiction.
Qed.

Lemma grow_sound b s : forall f A F, (forall q, In q A -> conn b s q) ->
  (forall q, In q F -> conn b s q) -> forall q, In q (grow b f A F) -> conn b s q.
Proof.
  intros f. induction f as [|f IH]; simpl; intros A F HA HF q Hq; auto.
  destruct (grow_step b A F) as [|r rest] eqn:Es; auto.
  assert (Hadd : forall x, In x (r :: rest) -> conn b s x).
  { intros x Hx. rewrite <- Es in Hx. apply grow_step_spec in Hx as [_ [y [Hy [Ha E]]]].
    eapply conn_step; eauto. }
  apply IH with (A := (r :: rest) ++ A) (F := r :: rest); auto.
  intros x Hx. apply in_app_iff in Hx as [Hx | Hx]; auto.
Qed.

Lemma grow_incl b : forall f A F q, In q A -> In q (grow b f A F).
Proof.
  intros f. induction f as [|f IH]; simpl; intros A F q Hq; auto.
  destruct (grow_step b A F); auto. apply IH. right. apply in_app_iff; auto.
Qed.

Definition cnt (A : list point) : nat := length (filter (fun q => mem q A) all_points).

(* The frontier invariant: a same-colour neighbour of a point of A is in A, unless the point is
   in the frontier F (not expanded yet). *)
Definition expanded (b : board) (A F : list point) : Prop :=
  forall q r, In q A -> adj q r -> b r = b q -> In r A \/ In q F.

Lemma grow_closed b : forall f A F, (forall q, In q A -> on_board q) -> expanded b A F ->
  N * N <= cnt A + f -> closed b (grow b f A F).
Proof.
  intros f. induction f as [|f IH]; simpl; intros A F Hon Hexp Hc.
  - intros q r Hq Ha E. apply mem_spec.
    apply (filter_length_full all_points (fun q => mem q A)).
    + rewrite length_all_points. unfold cnt in Hc. lia.
    + apply in_all_points. destruct Ha as [_ [? _]]; auto.
  - destruct (grow_step b A F) as [|r rest] eqn:Es.
    + intros q r Hq Ha E. destruct (Hexp q r Hq Ha E) as [Hr | Hq']; auto.
      destruct (in_dec point_eq_dec r A) as [Hr|Hr]; auto.
      assert (Hin : In r (grow_step b A F)) by (apply grow_step_spec; eauto).
      rewrite Es in Hin; destruct Hin.
    + assert (Hr : In r (grow_step b A F)) by (rewrite Es; left; auto).
      apply grow_step_spec in Hr as [Hn [y [Hy [Ha E]]]].
      apply IH.
      * intros x Hx. change (In x ((r :: rest) ++ A)) in Hx.
        apply in_app_iff in Hx as [Hx | Hx]; auto. rewrite <- Es in Hx.
        apply grow_step_spec in Hx as [_ [z [_ [[_ [? _]] _]]]]; auto.
      * intros q x Hq Hqx E'. change (In q ((r :: rest) ++ A)) in Hq.
        change (In x ((r :: rest) ++ A) \/ In q (r :: rest)).
        apply in_app_iff in Hq as [Hq | Hq]; [right; auto|].
        destruct (Hexp q x Hq Hqx E') as [Hx | Hx]; [left; apply in_app_iff; auto|].
        destruct (in_dec point_eq_dec x A) as [Hx'|Hx']; [left; apply in_app_iff; auto|].
        left. apply in_app_iff. left. rewrite <- Es. apply grow_step_spec. eauto.
      * assert (cnt A < cnt (r :: rest ++ A)); [|lia].
        apply filter_length_lt with (x := r).
        -- intros z Hz. apply mem_spec. apply mem_spec in Hz. right. apply in_app_iff; auto.
        -- apply in_all_points. destruct Ha as [_ [? _]]; auto.
        -- destruct (mem r A) eqn:Em; auto. apply mem_spec in Em. contradiction.
        -- apply mem_spec. left; auto.
Qed.

Lemma root_exec_spec b s q : In q (root_exec b s) <-> conn b s q.
Proof.
  unfold root_exec. destruct (on_boardb s && negb (cell_eqb (b s) Empty)) eqn:E.
  - apply andb_true_iff in E as [Hs He]. apply on_boardb_spec in Hs.
    apply negb_true_iff in He. destruct (cell_eqb_spec (b s) Empty); [discriminate|].
    split.
    + apply grow_sound; intros x [<- | []]; constructor; auto.
    + apply closed_conn. apply grow_closed.
      * intros x [<- | []]; auto.
      * intros x y [<- | []] _ _. right. left. reflexivity.
      * unfold cnt. pose proof (filter_length_le (fun q => mem q [s]) all_points) as H.
        rewrite length_all_points in H. lia.
      * apply grow_incl. left; auto.
  - simpl. split; [tauto|]. intros H. apply conn_inv in H as [Hs [_ [Hne _]]].
    apply on_boardb_spec in Hs. rewrite Hs in E. simpl in E.
    destruct (cell_eqb_spec (b s) Empty); simpl in E; congruence.
Qed.

Lemma connb_spec b s q : connb b s q = true <-> conn b s q.
Proof. unfold connb. rewrite mem_spec. apply root_exec_spec. Qed.

(* ---- Growth points and bounded roots ---- *)
Lemma growth_pointb_spec b s c g : b s = Stone c ->
  on_board g -> (growth_pointb b c (root_exec b s) g = true <-> growth_point b s g).
Proof.
  intros Hs Hg. unfold growth_pointb, growth_point.
  rewrite !andb_true_iff, Nat.eqb_eq, existsb_exists.
  destruct (cell_eqb_spec (b g) Empty) as [He|He].
  - split.
    + intros [[_ Hf] [t [Ht Hm]]]. apply mem_spec, root_exec_spec in Hm.
      apply in_neighbours in Ht. eauto 10.
    + intros [_ [_ [[c' [Hc' Hf]] [t [Ht Hm]]]]]. rewrite Hs in Hc'. inversion Hc'; subst.
      split; auto. exists t. split. apply in_neighbours; auto. apply mem_spec, root_exec_spec; auto.
  - split; [intros [[H _] _]; discriminate | intros [_ [H _]]; contradiction].
Qed.

Lemma own_growth_point_spec b c s : b s = Stone c -> on_board s ->
  own_growth_point b c s = true -> exists g, growth_point b s g.
Proof.
  intros Hs Hon H. unfold own_growth_point in H. apply existsb_exists in H as [g [Hg H]].
  rewrite andb_true_iff, Nat.eqb_eq in H. destruct H as [He Hf].
  destruct (cell_eqb_spec (b g) Empty); [|discriminate].
  apply in_neighbours in Hg. exists g. repeat split.
  - destruct Hg as [_ [[? ?] _]]; auto.
  - destruct Hg as [_ [[? ?] _]]; auto.
  - auto.
  - eauto.
  - exists s. split. apply adj_sym; auto. constructor; auto. congruence.
Qed.

Lemma boundedb_spec b s : boundedb b s = true <-> bounded b s.
Proof.
  unfold boundedb, bounded. rewrite andb_true_iff, on_boardb_spec.
  destruct (b s) as [|c] eqn:Hs.
  - split; [intros [_ H]; discriminate | intros [_ [H _]]; congruence].
  - rewrite andb_true_iff, !negb_true_iff. split.
    + intros [Hon [_ Hx]]. split; auto. split; [congruence|]. intros g Hg.
      assert (Hgb : growth_pointb b c (root_exec b s) g = true).
      { apply growth_pointb_spec; auto. destruct Hg; auto. }
      assert (existsb (growth_pointb b c (root_exec b s)) all_points = true).
      { apply existsb_exists. exists g. split; auto. apply in_all_points. destruct Hg; auto. }
      congruence.
    + intros [Hon [_ Hno]]. split; auto. split.
      * destruct (own_growth_point b c s) eqn:E; auto.
        destruct (own_growth_point_spec b c s Hs Hon E) as [g Hg]. exfalso; eapply Hno; eauto.
      * destruct (existsb _ all_points) eqn:E; auto. apply existsb_exists in E as [g [Hg E]].
        apply in_all_points in Hg. apply growth_pointb_spec in E; auto. exfalso; eapply Hno; eauto.
Qed.

Lemma removedb_spec b1 p q : removedb b1 p q = true <-> removed b1 p q.
Proof.
  unfold removedb, removed. destruct (boundedb b1 p) eqn:E.
  - apply boundedb_spec in E. rewrite connb_spec. tauto.
  - rewrite boundedb_spec. assert (~ bounded b1 p) by (rewrite <- boundedb_spec; congruence). tauto.
Qed.

(* ---- The move ---- *)
Lemma play_removed b c p q :
  In q (snd (fst (play b c p))) <-> on_board q /\ removed (place b p c) p q.
Proof.
  unfold play. simpl. rewrite filter_In, mem_spec, in_all_points. unfold removed.
  destruct (boundedb (place b p c) p) eqn:E.
  - apply boundedb_spec in E. rewrite root_exec_spec. tauto.
  - rewrite filter_In, in_all_points, boundedb_spec.
    assert (~ bounded (place b p c) p) by (rewrite <- boundedb_spec; congruence). tauto.
Qed.

(* The computed move is the move of the rules... *)
(* check-map: theorem play_spec [rule3][rule6] *)
Theorem play_spec b c p : legal b c p -> move b c p (snd (play b c p)).
Proof.
  intros Hl. split; auto. intros q Hq.
  assert (Hr := play_removed b c p q).
  unfold play in *. simpl in *. destruct (mem q _) eqn:E.
  - left. split; auto. apply mem_spec in E. apply Hr in E. tauto.
  - right. split; auto. intros Hrem. assert (H : In q (filter (fun q0 => mem q0 (if boundedb (place b p c) p then root_exec (place b p c) p else filter (boundedb (place b p c)) all_points)) all_points)) by (apply Hr; auto).
    apply mem_spec in H. congruence.
Qed.

(* ... and the rules determine the board after a move. *)
(* check-map: theorem move_unique [rule3][rule6] *)
Theorem move_unique b c p b' b'' : move b c p b' -> move b c p b'' ->
  forall q, on_board q -> b' q = b'' q.
Proof. intros [_ H1] [_ H2] q Hq. destruct (H1 q Hq), (H2 q Hq); intuition congruence. Qed.

Lemma legal_moves_spec b c p : In p (legal_moves b c) <-> legal b c p.
Proof.
  unfold legal_moves. rewrite filter_In, legalb_spec, in_all_points.
  unfold legal. tauto.
Qed.

Lemma has_stonesb_spec b c : has_stonesb b c = true <-> has_stones b c.
Proof.
  unfold has_stonesb, has_stones. rewrite existsb_exists. split.
  - intros [s [Hs E]]. apply in_all_points in Hs. destruct (cell_eqb_spec (b s) (Stone c)); eauto; discriminate.
  - intros [s [Hs E]]. exists s. rewrite in_all_points. split; auto. destruct (cell_eqb_spec (b s) (Stone c)); auto.
Qed.

Lemma winner_spec b c : winner b = Some c <-> wins b c.
Proof.
  unfold winner, wins.
  destruct (has_stonesb b Black) eqn:EB, (has_stonesb b White) eqn:EW;
    rewrite <- !has_stonesb_spec; destruct c; simpl; split; intros H;
    try discriminate; try (inversion H; subst); intuition congruence.
Qed.

(* ---- What the oracle decides: rule 7, the removal kind, the removed list ---- *)
(* Rule 7 as the oracle applies it: the moves open to c are the legal ones while the game is not
   over, none once a side has won. *)
Definition game_over (b : board) : bool :=
  match winner b with Some _ => true | None => false end.
Definition moves (b : board) (c : color) : list point :=
  if game_over b then [] else legal_moves b c.

Lemma game_over_spec b : game_over b = true <-> exists w, wins b w.
Proof.
  unfold game_over. split.
  - destruct (winner b) as [w|] eqn:E; [intros _; exists w; apply winner_spec; auto | discriminate].
  - intros [w Hw]. apply winner_spec in Hw. rewrite Hw. reflexivity.
Qed.

Lemma moves_spec b c p : In p (moves b c) <-> legal b c p /\ forall w, ~ wins b w.
Proof.
  unfold moves. destruct (game_over b) eqn:E.
  - apply game_over_spec in E as [w Hw]. simpl. split; [tauto|]. intros [_ H]. exact (H w Hw).
  - rewrite legal_moves_spec. split; [|tauto]. intros Hl. split; auto. intros w Hw.
    assert (Ho : game_over b = true) by (apply game_over_spec; exists w; exact Hw). congruence.
Qed.

(* One step of a game as the oracle plays it: None when the move is not open to c (illegal, or
   the game is over), otherwise what play computes. *)
Definition step (b : board) (c : color) (p : point) : option (removal * list point * board) :=
  if mem p (moves b c) then Some (play b c p) else None.

Lemma step_spec b c p :
  match step b c p with
  | Some r => legal b c p /\ (forall w, ~ wins b w) /\ r = play b c p /\ move b c p (snd r)
  | None => ~ (legal b c p /\ forall w, ~ wins b w)
  end.
Proof.
  unfold step. destruct (mem p (moves b c)) eqn:E.
  - apply mem_spec, moves_spec in E as [Hl Hw]. split; [auto|split; [auto|split; [auto|]]].
    apply play_spec; auto.
  - rewrite <- moves_spec, <- mem_spec. congruence.
Qed.

(* The removed stones are listed once each, in row-major order: exactly the points of
   all_points that rule 6 removes, in all_points's order. *)
Lemma play_removed_list b c p :
  snd (fst (play b c p)) = filter (removedb (place b p c) p) all_points.
Proof.
  unfold play. simpl. apply filter_ext_in. intros q Hq. apply Bool.eq_iff_eq_true.
  rewrite mem_spec, removedb_spec. unfold removed.
  destruct (boundedb (place b p c) p) eqn:E.
  - apply boundedb_spec in E. rewrite root_exec_spec. tauto.
  - rewrite filter_In, boundedb_spec, in_all_points.
    assert (~ bounded (place b p c) p) by (rewrite <- boundedb_spec; congruence).
    apply in_all_points in Hq. tauto.
Qed.

(* The removal kind: none when no stone goes; "expanded" exactly when the expanded root is
   bounded (rule 6, first case); "bounded" when it is not and some root is. *)
Lemma play_kind b c p :
  (fst (fst (play b c p)) = NoRemoval <-> forall q, on_board q -> ~ removed (place b p c) p q) /\
  (fst (fst (play b c p)) = ExpandedRoot <-> bounded (place b p c) p) /\
  (fst (fst (play b c p)) = BoundedRoots <->
     ~ bounded (place b p c) p /\ exists q, on_board q /\ bounded (place b p c) q).
Proof.
  assert (Hl : forall q, In q (snd (fst (play b c p))) <-> on_board q /\ removed (place b p c) p q)
    by (intros q; apply play_removed).
  unfold play in *. set (b1 := place b p c) in *. simpl in Hl |- *.
  set (l := filter _ all_points) in *.
  assert (Hp : bounded b1 p -> In p l).
  { intros Hb. apply Hl. split; [apply Hb|]. left. split; auto.
    destruct Hb as [Hon [Hne _]]. constructor; auto. }
  destruct (boundedb b1 p) eqn:Eb.
  - apply boundedb_spec in Eb as Hb. specialize (Hp Hb).
    destruct l as [|x l']; [destruct Hp|].
    split; [split; [discriminate|] | split; split; [auto|auto|discriminate|tauto]].
    intros H. exfalso. apply (H p); [apply Hb|]. apply Hl in Hp. tauto.
  - assert (Hnb : ~ bounded b1 p) by (rewrite <- boundedb_spec; congruence).
    destruct l as [|x l'] eqn:El.
    + split; [split; [intros _ q Hq Hr; assert (Hin : In q []) by (apply Hl; auto); destruct Hin|auto]|].
      split; split; try discriminate; try tauto.
      intros [_ [q [Hq Hbq]]]. assert (Hin : In q []) by (apply Hl; split; [auto|right; auto]).
      destruct Hin.
    + assert (Hx : on_board x /\ removed b1 p x) by (apply Hl; left; auto).
      split; [split; [discriminate|intros H; exfalso; apply (H x); tauto]|].
      split; split; try discriminate; try tauto.
      intros _. split; auto. destruct Hx as [Hx [[Hb _] | [_ Hb]]]; [contradiction|eauto].
Qed.

End Rules.
