(* The facts the design rests on, proven for every board size and every position from the
   rules of Rules.v. docs/formal.md states each one in plain words. *)
(* check-map: code formal *)
From Coq Require Import List Arith Lia Bool.
From Tanbo Require Import Rules.
Import ListNotations.

Section Theorems.
Variable N : nat.
Local Notation on_board := (on_board N).
Local Notation adj := (adj N).
Local Notation neighbours := (neighbours N).
Local Notation friendly_count := (friendly_count N).
Local Notation legal := (legal N).
Local Notation conn := (conn N).
Local Notation growth_point := (growth_point N).
Local Notation bounded := (bounded N).
Local Notation removed := (removed N).
Local Notation move := (move N).
Local Notation has_stones := (has_stones N).

(* No root on the board is bounded (what holds at the start of every turn). *)
Definition no_bounded (b : board) : Prop :=
  forall s, on_board s -> b s <> Empty -> ~ bounded b s.

(* ---- Helpers ---- *)
Lemma filter_one {A} (f : A -> bool) l : NoDup l -> length (filter f l) = 1 ->
  exists t, In t l /\ f t = true /\ forall r, In r l -> f r = true -> r = t.
Proof.
  induction l as [|a l IH]; simpl; intros Hd H; [discriminate|].
  inversion Hd as [|? ? Hna Hdl]; subst.
  destruct (f a) eqn:Ef; simpl in H.
  - exists a. split; auto. split; auto. intros r [<- | Hr] Hf; auto.
    exfalso. destruct (filter f l) eqn:El; [|simpl in H; discriminate].
    assert (Hin : In r (filter f l)) by (apply filter_In; auto). rewrite El in Hin; destruct Hin.
  - destruct (IH Hdl H) as [t [Ht [Hf Hu]]]. exists t. split; auto. split; auto.
    intros r [<- | Hr] Hfr; [congruence | auto].
Qed.

Lemma filter_length_mono_in {A} (l : list A) f g :
  (forall y, In y l -> f y = true -> g y = true) -> length (filter f l) <= length (filter g l).
Proof.
  intros H. induction l as [|a l IH]; simpl; auto.
  assert (IH' : length (filter f l) <= length (filter g l)) by (apply IH; intros; apply H; simpl; auto).
  destruct (f a) eqn:Ef; [rewrite (H a (or_introl eq_refl) Ef); simpl; lia|]. destruct (g a); simpl; lia.
Qed.

Lemma filter_some {A} (f : A -> bool) l x : In x l -> f x = true -> 1 <= length (filter f l).
Proof.
  intros Hx Hf. assert (H : In x (filter f l)) by (apply filter_In; auto).
  destruct (filter f l); [destruct H | simpl; lia].
Qed.

(* Rule 3: a point with exactly one friendly neighbour has one friendly neighbour t. *)
Lemma friendly_unique b c p : friendly_count b c p = 1 ->
  exists t, adj p t /\ b t = Stone c /\ forall r, adj p r -> b r = Stone c -> r = t.
Proof.
  unfold Rules.friendly_count. intros H.
  destruct (filter_one _ _ (neighbours_nodup N p) H) as [t [Ht [Hf Hu]]].
  exists t. apply in_neighbours in Ht. destruct (cell_eqb_spec (b t) (Stone c)); [|discriminate].
  split; [auto|split; [auto|]]. intros r Hr E. apply Hu. apply in_neighbours; auto.
  destruct (cell_eqb_spec (b r) (Stone c)); congruence.
Qed.

Lemma adj_irrefl p : ~ adj p p.
Proof. unfold Rules.adj. lia. Qed.

Lemma adj_on_board p q : adj p q -> on_board p /\ on_board q.
Proof. intros [? [? _]]; auto. Qed.

Lemma place_at b p c : place b p c p = Stone c.
Proof. unfold place. destruct (point_eqb_spec p p); congruence. Qed.
Lemma place_other b p c q : q <> p -> place b p c q = b q.
Proof. unfold place. destruct (point_eqb_spec q p); congruence. Qed.

Lemma conn_stone b s q : conn b s q -> b q <> Empty.
Proof. intros H. apply conn_inv in H as [_ [_ [H E]]]. congruence. Qed.

(* Placing a stone on an empty point keeps every existing connection. *)
Lemma conn_place_mono b p c s q : b p = Empty -> conn b s q -> conn (place b p c) s q.
Proof.
  intros Hp H. induction H as [Hs Hne | q r H IH Ha E].
  - constructor; auto. rewrite place_other; auto. congruence.
  - assert (q <> p) by (intros ->; apply (conn_stone _ _ _ H); auto).
    assert (r <> p) by (intros ->; apply conn_inv in H as [_ [_ [? ?]]]; congruence).
    eapply conn_step; eauto. rewrite !place_other; auto.
Qed.

(* ---- Theorem 1: no merge ---- *)
(* A legal stone on p joins exactly one existing root, that of its one friendly neighbour t:
   afterwards the root of p is {p} plus the root of t, and the root of every other stone s is
   what it was, plus p if s is in the root of t. So roots never merge (nor appear). *)
(* check-map: theorem no_merge [rule4] *)
Theorem no_merge b c p : legal b c p ->
  exists t, adj p t /\ b t = Stone c /\ (forall r, adj p r -> b r = Stone c -> r = t) /\
  (forall q, conn (place b p c) p q <-> q = p \/ conn b t q) /\
  (forall s q, s <> p -> (conn (place b p c) s q <-> conn b s q \/ (q = p /\ conn b s t))).
Proof.
  intros [Hon [He Hf]]. destruct (friendly_unique b c p Hf) as [t [Ht [Hc Hu]]].
  assert (Htp : t <> p) by (intros ->; congruence).
  assert (Hother : forall s q, s <> p ->
            (conn (place b p c) s q <-> conn b s q \/ (q = p /\ conn b s t))).
  { intros s q Hs. split.
    - intros H. induction H as [Hs' Hne | q r H IH Ha E].
      + left. constructor; auto. rewrite place_other in Hne; auto.
      + assert (Hq : conn b s q /\ q <> p \/ q = p /\ conn b s t).
        { destruct IH as [IH | IH]; auto. left. split; auto. intros ->.
          apply (conn_stone _ _ _ IH); auto. }
        destruct (point_eq_dec r p) as [-> | Hr].
        * right. split; auto. destruct Hq as [[Hq Hqp] | [-> _]]; [| exfalso; eapply adj_irrefl; eauto].
          rewrite place_at, place_other in E; auto.
          rewrite (Hu q) in Hq; auto. apply adj_sym; auto.
        * left. rewrite (place_other _ _ _ r) in E; auto.
          destruct Hq as [[Hq Hqp] | [-> Hst]].
          -- rewrite place_other in E; auto. eapply conn_step; eauto.
          -- rewrite place_at in E. rewrite (Hu r); auto.
    - intros [H | [-> H]].
      + apply conn_place_mono; auto.
      + apply conn_place_mono with (c := c) (p := p) in H; auto.
        eapply conn_step; eauto. apply adj_sym; auto. rewrite place_at, place_other; auto. }
  exists t. split; auto. split; auto. split; auto. split; auto.
  assert (Hpt : conn (place b p c) p t).
  { eapply conn_step; [constructor; auto | auto |].
    rewrite place_at; congruence. rewrite place_at, place_other; auto. }
  intros q. split.
  - intros H. apply (conn_trans _ _ t) in H; [| apply conn_sym; auto].
    apply Hother in H; auto. destruct H as [H | [-> _]]; auto.
  - intros [-> | H]. constructor; auto. rewrite place_at; congruence.
    eapply conn_trans; eauto. apply conn_place_mono; auto.
Qed.

(* ---- Removing whole roots keeps the other roots and their growth points ---- *)
Lemma not_bounded_growth_point b s : on_board s -> b s <> Empty -> ~ bounded b s ->
  exists g, growth_point b s g.
Proof.
  intros Hon Hne Hnb. destruct (boundedb N b s) eqn:E.
  - apply boundedb_spec in E. contradiction.
  - unfold boundedb in E. apply on_boardb_spec in Hon as Hb. rewrite Hb in E. simpl in E.
    destruct (b s) as [|c] eqn:Hs; [congruence|].
    apply andb_false_iff in E as [E | E]; apply negb_false_iff in E.
    + eapply own_growth_point_spec; eauto.
    + apply existsb_exists in E as [g [Hg E]]. apply in_all_points in Hg.
      exists g. eapply growth_pointb_spec; eauto.
Qed.

Section Removal.
(* b' is b0 with the stones of X removed, X a union of whole roots of b0. *)
Variables (b0 b' : board) (X : point -> Prop).
Variable HX : forall q, on_board q -> (X q /\ b' q = Empty) \/ (~ X q /\ b' q = b0 q).
Variable Hclosed : forall s q, X s -> conn b0 s q -> X q.

Lemma removal_conn_back s q : conn b' s q -> conn b0 s q.
Proof.
  induction 1 as [Hs Hne | q r H IH Ha E].
  - constructor; auto. destruct (HX s Hs) as [[_ E] | [_ E]]; congruence.
  - destruct (adj_on_board _ _ Ha) as [Hq Hr]. pose proof (conn_stone _ _ _ H).
    destruct (HX q Hq) as [[_ Eq] | [_ Eq]]; [congruence|].
    destruct (HX r Hr) as [[_ Er] | [_ Er]]; [congruence|].
    eapply conn_step; eauto. congruence.
Qed.

Lemma removal_conn s q : ~ X s -> conn b0 s q -> conn b' s q.
Proof.
  intros Hs. induction 1 as [Hon Hne | q r H IH Ha E].
  - constructor; auto. destruct (HX s Hon) as [[? _] | [_ E]]; [contradiction | congruence].
  - destruct (adj_on_board _ _ Ha) as [Hq Hr].
    assert (Hsr : conn b0 s r) by (eapply conn_step; eauto).
    destruct (HX q Hq) as [[Xq _] | [_ Eq]]; [exfalso; apply Hs; eapply Hclosed; eauto; apply conn_sym; auto|].
    destruct (HX r Hr) as [[Xr _] | [_ Er]]; [exfalso; apply Hs; eapply Hclosed; eauto; apply conn_sym; auto|].
    eapply conn_step; eauto. congruence.
Qed.

Lemma removal_growth_point s g : ~ X s -> growth_point b0 s g -> growth_point b' s g.
Proof.
  intros Hs [Hg [He [[c [Hc Hf]] [t [Ht Hst]]]]].
  assert (Hon : on_board s) by (apply conn_inv in Hst; tauto).
  assert (Hbs : b' s = b0 s) by (destruct (HX s Hon) as [[? _] | [_ ?]]; [contradiction | auto]).
  assert (Hnt : ~ X t) by (intros Xt; apply Hs; eapply Hclosed; eauto; apply conn_sym; auto).
  assert (Hbt : b' t = Stone c).
  { apply conn_inv in Hst as [_ [Ht' [_ Et]]].
    destruct (HX t Ht') as [[? _] | [_ ?]]; [contradiction | congruence]. }
  split; auto. split; [destruct (HX g Hg) as [[_ ?] | [_ ?]]; congruence|]. split.
  - exists c. split; [congruence|]. unfold Rules.friendly_count in *.
    assert (length (filter (fun q => cell_eqb (b' q) (Stone c)) (Rules.neighbours N g)) <=
            length (filter (fun q => cell_eqb (b0 q) (Stone c)) (Rules.neighbours N g))).
    { apply filter_length_mono_in. intros y Hy Ey.
      apply in_neighbours, adj_on_board in Hy as [_ Oy].
      destruct (cell_eqb_spec (b' y) (Stone c)) as [Ey'|]; [|discriminate].
      destruct (HX y Oy) as [[_ ?] | [_ ?]]; [congruence|].
      destruct (cell_eqb_spec (b0 y) (Stone c)); congruence. }
    assert (1 <= length (filter (fun q => cell_eqb (b' q) (Stone c)) (Rules.neighbours N g))).
    { apply filter_some with (x := t). apply in_neighbours; auto.
      destruct (cell_eqb_spec (b' t) (Stone c)); congruence. }
    lia.
  - exists t. split; auto. apply removal_conn; auto.
Qed.

(* A surviving root that had a growth point still has one. *)
Lemma removal_not_bounded s : on_board s -> b0 s <> Empty -> ~ X s -> ~ bounded b0 s -> ~ bounded b' s.
Proof.
  intros Hon Hne Hs Hnb [_ [_ Hno]].
  destruct (not_bounded_growth_point b0 s Hon Hne Hnb) as [g Hg].
  apply (Hno g). apply removal_growth_point; auto.
Qed.
End Removal.

(* Boundedness is a property of the root, not of the stone. *)
Lemma bounded_conn b s q : conn b s q -> bounded b s -> bounded b q.
Proof.
  intros H [Hs [Hne Hno]]. apply conn_inv in H as Hi. destruct Hi as [_ [Hq [_ Eq]]].
  split; auto. split; [congruence|]. intros g [Hg [He [[c [Hc Hf]] [t [Ht Hqt]]]]].
  apply (Hno g). refine (conj Hg (conj He (conj _ _))).
  - exists c. split; [congruence|auto].
  - exists t. split; auto. eapply conn_trans; eauto.
Qed.

(* ---- Theorem 2: the start-of-turn invariant ---- *)
(* If no root is bounded before a move, none is bounded after it, in both branches of rule 6. *)
(* check-map: theorem start_of_turn [rule5][rule6] *)
Theorem start_of_turn b c p b' : no_bounded b -> move b c p b' -> no_bounded b'.
Proof.
  intros Hnb [Hl Hmove].
  destruct (no_merge b c p Hl) as [t [Ht [Hc [Hu [Hroot _]]]]].
  destruct Hl as [Hon [He _]].
  set (b1 := place b p c) in *.
  destruct (boundedb_spec N b1 p) as [_ Hbd]. destruct (boundedb N b1 p) eqn:Eb.
  - (* Case 1: the expanded root (p and the root of t) is removed; b' is b without the root of t. *)
    assert (Hbp : bounded b1 p) by (apply boundedb_spec; auto).
    assert (HX : forall q, on_board q -> (conn b t q /\ b' q = Empty) \/ (~ conn b t q /\ b' q = b q)).
    { intros q Hq. destruct (Hmove q Hq) as [[Hr E] | [Hr E]].
      - destruct Hr as [[_ Hr] | [Hr _]]; [|contradiction].
        apply Hroot in Hr as [-> | Hr]; [right | left; auto].
        split; [intros H; apply (conn_stone _ _ _ H); auto | congruence].
      - right. destruct (point_eq_dec q p) as [-> | Hqp].
        + exfalso. apply Hr. left. split; auto. apply Hroot; auto.
        + split; [intros H; apply Hr; left; split; auto; apply Hroot; auto|].
          rewrite E. apply place_other; auto. }
    intros s Hs Hne. assert (Hns : ~ conn b t s) by (destruct (HX s Hs) as [[_ ?] | [? _]]; [congruence | auto]).
    assert (Hbs : b' s = b s) by (destruct (HX s Hs) as [[? _] | [_ ?]]; [contradiction | auto]).
    apply (removal_not_bounded b b' (conn b t)); auto.
    + intros x y Hx Hxy. eapply conn_trans; eauto.
    + congruence.
    + apply Hnb; auto. congruence.
  - (* Case 2: every bounded root of b1 is removed; the others keep their growth points. *)
    assert (Hnbp : ~ bounded b1 p) by (intros H; apply boundedb_spec in H; congruence).
    assert (HX : forall q, on_board q -> (bounded b1 q /\ b' q = Empty) \/ (~ bounded b1 q /\ b' q = b1 q)).
    { intros q Hq. destruct (Hmove q Hq) as [[Hr E] | [Hr E]].
      - destruct Hr as [[? _] | [_ Hr]]; [contradiction | left; auto].
      - right. split; auto. intros H. apply Hr. right. auto. }
    intros s Hs Hne. assert (Hns : ~ bounded b1 s) by (destruct (HX s Hs) as [[_ ?] | [? _]]; [congruence | auto]).
    assert (Hbs : b' s = b1 s) by (destruct (HX s Hs) as [[? _] | [_ ?]]; [contradiction | auto]).
    apply (removal_not_bounded b1 b' (bounded b1)); auto.
    + intros x y Hx Hxy. eapply bounded_conn; eauto.
    + congruence.
Qed.

(* ---- Theorem 3: no pass is ever needed ---- *)
(* With no bounded root, a side with a stone has a legal move: a growth point of that stone's root. *)
(* check-map: theorem no_pass_needed [rule5][rule7] *)
Theorem no_pass_needed b c : no_bounded b -> has_stones b c -> exists p, legal b c p.
Proof.
  intros Hnb [s [Hs Hc]].
  assert (Hne : b s <> Empty) by congruence.
  destruct (not_bounded_growth_point b s Hs Hne (Hnb s Hs Hne)) as [g [Hg [He [[c' [Hc' Hf]] _]]]].
  exists g. rewrite Hc in Hc'. inversion Hc'; subst. repeat split; auto; apply Hg.
Qed.


(* ---- Theorem 4: termination with a bound ---- *)
(* The roots are counted by their first stone in row-major order. *)
Definition first_of (b : board) (s : point) : option point := find (connb N b s) (all_points N).
Definition repb (b : board) (s : point) : bool :=
  match first_of b s with Some r => point_eqb r s | None => false end.
Definition roots (b : board) : nat := length (filter (repb b) (all_points N)).
Definition empties (b : board) : nat := length (filter (fun q => cell_eqb (b q) Empty) (all_points N)).
(* Each move lowers it: a removal lowers the number of roots, a move without one fills a point. *)
Definition measure (b : board) : nat := roots b * (N * N + 1) + empties b.

Lemma find_ext {A} (f g : A -> bool) l : (forall x, f x = g x) -> find f l = find g l.
Proof. intros H. induction l as [|a l IH]; simpl; auto. rewrite H, IH. auto. Qed.

Lemma first_of_conn b s q : conn b s q -> first_of b s = first_of b q.
Proof.
  intros H. apply find_ext. intros x. apply Bool.eq_iff_eq_true. rewrite !connb_spec. split.
  - intros Hx. eapply conn_trans; eauto. apply conn_sym; auto.
  - intros Hx. eapply conn_trans; eauto.
Qed.

Lemma first_of_stone b s : on_board s -> b s <> Empty ->
  exists r, first_of b s = Some r /\ conn b s r.
Proof.
  intros Hs Hne. unfold first_of. destruct (find (connb N b s) (all_points N)) as [r|] eqn:E.
  - apply find_some in E as [_ E]. apply connb_spec in E. eauto.
  - exfalso. assert (Hc : connb N b s s = true) by (apply connb_spec; constructor; auto).
    rewrite (find_none _ _ E s) in Hc; [discriminate | apply in_all_points; auto].
Qed.

Lemma repb_spec b s : repb b s = true <-> first_of b s = Some s.
Proof.
  unfold repb. destruct (first_of b s) as [r|]; [|split; congruence].
  destruct (point_eqb_spec r s); split; congruence.
Qed.

Lemma rep_of_first b s r : first_of b s = Some r -> repb b r = true /\ conn b s r.
Proof.
  intros E. assert (H : conn b s r).
  { unfold first_of in E. apply find_some in E as [_ E]. apply connb_spec; auto. }
  split; auto. apply repb_spec. rewrite <- (first_of_conn _ _ _ H). auto.
Qed.

Lemma rep_stone b s : repb b s = true -> on_board s /\ b s <> Empty.
Proof.
  intros H. apply repb_spec in H. unfold first_of in H. apply find_some in H as [_ H].
  apply connb_spec, conn_inv in H. tauto.
Qed.

Lemma rep_unique b s1 s2 : repb b s1 = true -> repb b s2 = true -> conn b s1 s2 -> s1 = s2.
Proof.
  intros H1 H2 H. apply repb_spec in H1, H2. rewrite (first_of_conn _ _ _ H) in H1. congruence.
Qed.

(* ---- Counting ---- *)
Lemma nodup_app_disjoint {A} (l1 l2 : list A) : NoDup l1 -> NoDup l2 ->
  (forall x, In x l1 -> ~ In x l2) -> NoDup (l1 ++ l2).
Proof.
  induction l1 as [|a l1 IH]; simpl; intros H1 H2 Hd; auto.
  inversion H1; subst. constructor.
  - rewrite in_app_iff. intros [H | H]; [contradiction | eapply Hd; eauto].
  - apply IH; auto.
Qed.

Lemma nodup_all_points : NoDup (all_points N).
Proof.
  unfold all_points.
  assert (Hx : forall y : nat, NoDup (map (fun x : nat => (x, y)) (seq 0 N))).
  { intros y. generalize (seq_NoDup N 0). generalize (seq 0 N). intros l. induction l as [|a l IH]; simpl; intros H.
    constructor. inversion H; subst. constructor; auto. rewrite in_map_iff. intros [x [E Hx]].
    inversion E; subst; contradiction. }
  generalize (seq_NoDup N 0). generalize (seq 0 N) at 1 3. intros l. induction l as [|y ys IH]; simpl; intros H.
  constructor. inversion H; subst. apply nodup_app_disjoint; auto.
  intros [x y'] Hin Hin'. apply in_map_iff in Hin as [x' [E _]]. inversion E; subst.
  apply in_flat_map in Hin' as [y'' [Hy E']]. apply in_map_iff in E' as [x'' [E'' _]].
  inversion E''; subst. contradiction.
Qed.

Lemma nodup_map_on {A B} (h : A -> B) l : NoDup l ->
  (forall x y, In x l -> In y l -> h x = h y -> x = y) -> NoDup (map h l).
Proof.
  induction l as [|a l IH]; simpl; intros Hd Hi; constructor.
  - inversion Hd; subst. rewrite in_map_iff. intros [x [E Hx]].
    assert (x = a) by (apply Hi; auto). subst. contradiction.
  - inversion Hd; subst. apply IH; auto.
Qed.

(* Counting by an injection h from the f-points into the g-points, missing the g-points in extra. *)
Lemma count_inj (f g : point -> bool) (h : point -> point) (extra : list point) l :
  NoDup l -> NoDup extra ->
  (forall x, In x l -> f x = true -> In (h x) l /\ g (h x) = true /\ ~ In (h x) extra) ->
  (forall x y, In x l -> In y l -> f x = true -> f y = true -> h x = h y -> x = y) ->
  (forall z, In z extra -> In z l /\ g z = true) ->
  length extra + length (filter f l) <= length (filter g l).
Proof.
  intros Hl He Hh Hi Hx. rewrite <- (len_map h (filter f l)), <- len_app.
  apply NoDup_incl_length.
  - apply nodup_app_disjoint; auto.
    + apply nodup_map_on. apply NoDup_filter; auto.
      intros x y Hx' Hy'. apply filter_In in Hx' as [? ?], Hy' as [? ?]. apply Hi; auto.
    + intros z Hz Hz'. apply in_map_iff in Hz' as [x [<- Hx']]. apply filter_In in Hx' as [? ?].
      eapply Hh; eauto.
  - intros z Hz. apply filter_In. apply in_app_iff in Hz as [Hz | Hz]; [apply Hx; auto|].
    apply in_map_iff in Hz as [x [<- Hx']]. apply filter_In in Hx' as [? ?].
    destruct (Hh x); tauto.
Qed.

Lemma filter_length_lt_in {A} (l : list A) f g x :
  (forall y, In y l -> f y = true -> g y = true) -> In x l -> f x = false -> g x = true ->
  length (filter f l) < length (filter g l).
Proof.
  intros H Hin Hf Hg. induction l as [|a l IH]; [destruct Hin|]. simpl.
  assert (H' : forall y, In y l -> f y = true -> g y = true) by (intros; apply H; simpl; auto).
  destruct Hin as [<- | Hin].
  - rewrite Hf, Hg. simpl. pose proof (filter_length_mono_in l f g H'). lia.
  - specialize (IH H' Hin). destruct (f a) eqn:Ef; [rewrite (H a (or_introl eq_refl) Ef)|destruct (g a)]; simpl; lia.
Qed.

(* ---- A move lowers the measure ---- *)
Section Move.
Variables (b b' : board) (c : color) (p : point).
Variable Hmove : move b c p b'.
Local Notation b1 := (place b p c).

(* The removed stones form whole roots of b1. *)
Lemma removed_closed s q : removed b1 p s -> conn b1 s q -> removed b1 p q.
Proof.
  intros [[Hb H] | [Hb H]] Hq; [left | right]; split; auto.
  - eapply conn_trans; eauto.
  - eapply bounded_conn; eauto.
Qed.

Lemma removed_stone q : removed b1 p q -> on_board q /\ b1 q <> Empty.
Proof.
  intros [[_ H] | [_ [? [? _]]]]; auto. apply conn_inv in H. split; [tauto|]. destruct H as [_ [_ [? ?]]]; congruence.
Qed.

Lemma move_board q : on_board q -> (removed b1 p q /\ b' q = Empty) \/ (~ removed b1 p q /\ b' q = b1 q).
Proof. apply Hmove. Qed.

Lemma move_survivor s : on_board s -> b' s <> Empty -> ~ removed b1 p s /\ b' s = b1 s /\ b1 s <> Empty.
Proof. intros Hs Hne. destruct (move_board s Hs) as [[_ ?] | [? ?]]; [congruence|]. split; auto. split; congruence. Qed.

(* The stone of colour c next to p (rule 3 says there is exactly one). *)
Definition t0 : point :=
  match find (fun q => cell_eqb (b q) (Stone c)) (Rules.neighbours N p) with Some t => t | None => p end.

Lemma t0_spec : adj p t0 /\ b t0 = Stone c.
Proof.
  destruct Hmove as [[_ [_ Hf]] _]. unfold t0, Rules.friendly_count in *.
  destruct (find _ _) as [t|] eqn:E.
  - apply find_some in E as [Ht E]. apply in_neighbours in Ht.
    destruct (cell_eqb_spec (b t) (Stone c)); [auto | discriminate].
  - exfalso. destruct (filter _ _) as [|x l] eqn:F; [discriminate|].
    assert (Hx : In x (filter (fun q => cell_eqb (b q) (Stone c)) (Rules.neighbours N p))) by (rewrite F; left; auto).
    apply filter_In in Hx as [Hx Ex]. rewrite (find_none _ _ E x Hx) in Ex. discriminate.
Qed.

Lemma p_empty : b p = Empty.
Proof. destruct Hmove as [[_ [? _]] _]; auto. Qed.

(* The stone of b a stone of b1 comes from: itself, or t0 for the new stone. *)
Definition anchor (s : point) : point := if point_eqb s p then t0 else s.

Lemma anchor_spec s : on_board s -> b1 s <> Empty ->
  conn b1 s (anchor s) /\ on_board (anchor s) /\ b (anchor s) <> Empty.
Proof.
  intros Hs Hne. destruct t0_spec as [Ht Hc]. unfold anchor.
  destruct (point_eqb_spec s p) as [-> | Hsp].
  - split; [|split; [apply Ht | congruence]].
    eapply conn_step; [constructor; auto | exact Ht |]. rewrite place_at, place_other; auto.
    intros E; rewrite E in Hc; rewrite p_empty in Hc; discriminate.
  - rewrite place_other in Hne; auto. split; [constructor; auto; rewrite place_other; auto | auto].
Qed.

(* h s: the root of b (by its first stone) that the root of s in b1 comes from. *)
Definition h (s : point) : point := match first_of b (anchor s) with Some r => r | None => s end.

Lemma h_spec s : on_board s -> b1 s <> Empty -> repb b (h s) = true /\ conn b (anchor s) (h s).
Proof.
  intros Hs Hne. destruct (anchor_spec s Hs Hne) as [_ [Ha Hb]].
  destruct (first_of_stone b (anchor s) Ha Hb) as [r [E _]]. unfold h. rewrite E.
  apply rep_of_first; auto.
Qed.

Lemma h_conn s1 s2 : on_board s1 -> b1 s1 <> Empty -> on_board s2 -> b1 s2 <> Empty ->
  h s1 = h s2 -> conn b1 s1 s2.
Proof.
  intros H1 N1 H2 N2 E. destruct (h_spec s1 H1 N1) as [_ C1], (h_spec s2 H2 N2) as [_ C2].
  rewrite E in C1. assert (C : conn b (anchor s1) (anchor s2)) by (eapply conn_trans; eauto; apply conn_sym; auto).
  apply conn_place_mono with (p := p) (c := c) in C; [|apply p_empty].
  destruct (anchor_spec s1 H1 N1) as [A1 _], (anchor_spec s2 H2 N2) as [A2 _].
  eapply conn_trans; eauto. eapply conn_trans; eauto. apply conn_sym; auto.
Qed.

Lemma survivors_conn s1 s2 : on_board s1 -> b' s1 <> Empty -> conn b1 s1 s2 -> conn b' s1 s2.
Proof.
  intros Hs Hne H. apply (removal_conn b1 b' (removed b1 p)); auto.
  - exact move_board.
  - exact removed_closed.
  - apply move_survivor; auto.
Qed.

Lemma roots_count extra :
  NoDup extra -> (forall z, In z extra -> In z (all_points N) /\ repb b z = true) ->
  (forall s, on_board s -> b' s <> Empty -> ~ In (h s) extra) ->
  length extra + roots b' <= roots b.
Proof.
  intros He Hx Hn. apply count_inj with (h := h); auto.
  - apply nodup_all_points.
  - intros x Hx' R. destruct (rep_stone _ _ R) as [Ho Hne].
    destruct (move_survivor x Ho Hne) as [_ [_ N1]].
    destruct (h_spec x Ho N1) as [R' C]. split; [|split; auto].
    apply in_all_points. apply conn_inv in C. tauto.
  - intros x y _ _ Rx Ry E. destruct (rep_stone _ _ Rx) as [Hox Nx], (rep_stone _ _ Ry) as [Hoy Ny].
    destruct (move_survivor x Hox Nx) as [_ [_ N1]], (move_survivor y Hoy Ny) as [_ [_ N2]].
    apply (rep_unique b'); auto. apply survivors_conn; auto. apply h_conn; auto.
Qed.

Lemma roots_le : roots b' <= roots b.
Proof. apply (roots_count []); simpl; auto. constructor. tauto. Qed.

Lemma roots_lt q : on_board q -> removed b1 p q -> roots b' < roots b.
Proof.
  intros Hq Hr. destruct (removed_stone q Hr) as [_ Nq].
  assert (H := roots_count [h q]). simpl in H. apply H.
  - constructor; [tauto | constructor].
  - intros z [<- | []]. destruct (h_spec q Hq Nq) as [R C]. split; auto.
    apply in_all_points. apply conn_inv in C. tauto.
  - intros s Hs Ns [E | []]. destruct (move_survivor s Hs Ns) as [Hnr [_ N1]].
    apply Hnr. apply removed_closed with (s := q); auto. apply h_conn; auto.
Qed.

Lemma empties_lt : (forall q, on_board q -> ~ removed b1 p q) -> empties b' < empties b.
Proof.
  intros Hno. apply filter_length_lt_in with (x := p).
  - intros y Hy E. apply in_all_points in Hy. destruct (move_board y Hy) as [[R _] | [_ E']]; [exfalso; eapply Hno; eauto|].
    destruct (cell_eqb_spec (b' y) Empty) as [E''|]; [|discriminate]. rewrite E' in E''.
    destruct (point_eqb_spec y p) as [-> | Hyp].
    + rewrite place_at in E''. discriminate.
    + rewrite place_other in E''; auto. rewrite E''. reflexivity.
  - apply in_all_points. destruct Hmove as [[? _] _]; auto.
  - destruct Hmove as [[Hp _] _]. destruct (move_board p Hp) as [[R _] | [_ E]]; [exfalso; eapply Hno; eauto|].
    rewrite E, place_at. reflexivity.
  - rewrite p_empty. reflexivity.
Qed.

Lemma empties_le : empties b' <= N * N.
Proof. unfold empties. rewrite <- length_all_points. apply filter_length_le. Qed.

(* check-map: theorem measure_decreases [rule7] *)

Theorem measure_decreases : measure b' < measure b.
Proof.
  unfold measure. destruct (existsb (removedb N b1 p) (all_points N)) eqn:E.
  - apply existsb_exists in E as [q [Hq R]]. apply in_all_points in Hq. apply removedb_spec in R.
    pose proof (roots_lt q Hq R) as Hlt. pose proof empties_le as He.
    assert (Hm : (roots b' + 1) * (N * N + 1) <= roots b * (N * N + 1)) by (apply Nat.mul_le_mono_r; lia).
    rewrite Nat.mul_add_distr_r in Hm. lia.
  - assert (Hno : forall q, on_board q -> ~ removed b1 p q).
    { intros q Hq R. apply removedb_spec in R. assert (existsb (removedb N b1 p) (all_points N) = true).
      { apply existsb_exists. exists q. split; auto. apply in_all_points; auto. } congruence. }
    pose proof (empties_lt Hno). pose proof roots_le as Hle.
    assert (roots b' * (N * N + 1) <= roots b * (N * N + 1)) by (apply Nat.mul_le_mono_r; auto). lia.
Qed.
End Move.

(* A game of k moves from b with c to move: k moves, each by the side to move, each played
   while both sides have stones (rule 7: the game ends when one side has none). *)
Inductive game : board -> color -> nat -> Prop :=
| game_stop b c : game b c 0
| game_step b c p b' k : has_stones b Black -> has_stones b White ->
    move b c p b' -> game b' (opponent c) k -> game b c (S k).

(* Every game ends: no game from b is longer than measure b. *)
(* check-map: theorem game_length [rule7] *)
Theorem game_length b c k : game b c k -> k <= measure b.
Proof.
  induction 1 as [| b c p b' k _ _ Hm _ IH]; [lia|].
  pose proof (measure_decreases b b' c p Hm). lia.
Qed.

Lemma filter_split {A} (f : A -> bool) l : length (filter f l) + length (filter (fun x => negb (f x)) l) = length l.
Proof. induction l as [|a l IH]; simpl; auto. destruct (f a); simpl; lia. Qed.

(* A root has at least one stone, so roots + empty points <= N * N. *)
Lemma roots_empties b : roots b + empties b <= N * N.
Proof.
  unfold roots, empties. rewrite <- length_all_points.
  rewrite <- (filter_split (fun q => cell_eqb (b q) Empty) (all_points N)).
  assert (length (filter (repb b) (all_points N)) <=
          length (filter (fun q => negb (cell_eqb (b q) Empty)) (all_points N))); [|lia].
  apply filter_length_mono_in. intros s _ R. apply rep_stone in R as [_ Hne].
  destruct (cell_eqb_spec (b s) Empty); auto; contradiction.
Qed.

(* While both sides have stones there are at least two roots. *)
Lemma two_roots b : has_stones b Black -> has_stones b White -> 2 <= roots b.
Proof.
  intros [x [Hx Ex]] [y [Hy Ey]].
  destruct (first_of_stone b x Hx ltac:(congruence)) as [rx [Fx Cx]].
  destruct (first_of_stone b y Hy ltac:(congruence)) as [ry [Fy Cy]].
  apply rep_of_first in Fx as [Rx _], Fy as [Ry _].
  apply conn_inv in Cx as [_ [Ox [_ Bx]]], Cy as [_ [Oy [_ By]]].
  assert (Hne : rx <> ry) by (intros ->; congruence).
  pose proof (count_inj (fun _ => false) (repb b) (fun s => s) [rx; ry] (all_points N)
                nodup_all_points) as H.
  simpl in H. unfold roots.
  assert (2 + length (filter (fun _ => false) (all_points N)) <= length (filter (repb b) (all_points N))); [|lia].
  apply H.
  - constructor; [simpl; intuition | constructor; [simpl; tauto | constructor]].
  - intros; discriminate.
  - intros; discriminate.
  - intros z [<- | [<- | []]]; rewrite in_all_points; auto.
Qed.

Lemma game_long b c k : game b c k -> k = 0 \/ 2 * (N * N + 1) + k - 1 <= measure b.
Proof.
  induction 1 as [| b c p b' k HB HW Hm _ IH]; [left; auto|right].
  pose proof (measure_decreases b b' c p Hm). destruct IH as [-> | IH]; [|lia].
  pose proof (two_roots b HB HW). unfold measure.
  assert (2 * (N * N + 1) <= roots b * (N * N + 1)) by (apply Nat.mul_le_mono_r; auto). lia.
Qed.

(* The bound B(r, N) = (r - 1) * N * N of docs/rules.md: a game from a position with r roots on
   an N x N board lasts at most (r - 1) * N * N moves. *)
(* check-map: theorem game_bound [rule7] *)
Theorem game_bound b c k : game b c k -> k <= (roots b - 1) * (N * N).
Proof.
  intros Hg. destruct (game_long b c k Hg) as [Hk | H]; [subst; apply Nat.le_0_l|].
  unfold measure in H. pose proof (roots_empties b) as Hre.
  rewrite Nat.mul_sub_distr_r, Nat.mul_1_l.
  remember (N * N) as M. remember (roots b) as r.
  assert (E : r * (M + 1) = r * M + r) by (rewrite Nat.mul_add_distr_l; lia).
  rewrite E in H. lia.
Qed.

End Theorems.

(* ---- A boolean check of no_bounded, proven sound (used by computations on fixed boards) ---- *)
Definition no_boundedb (n : nat) (b : board) : bool :=
  forallb (fun s => cell_eqb (b s) Empty || negb (boundedb n b s)) (all_points n).

Lemma no_boundedb_spec n b : no_boundedb n b = true -> no_bounded n b.
Proof.
  unfold no_boundedb. rewrite forallb_forall. intros H s Hs Hne Hb.
  specialize (H s (proj2 (in_all_points n s) Hs)). apply orb_true_iff in H as [H | H].
  - destruct (cell_eqb_spec (b s) Empty); [contradiction | discriminate].
  - apply negb_true_iff in H. apply boundedb_spec in Hb. congruence.
Qed.

(* ---- Theorem 5: removal is simultaneous for a reason ---- *)
(* Removing the bounded roots one at a time, re-checking after each removal, in row-major
   order of their first stone. *)
Fixpoint one_at_a_time (n fuel : nat) (b : board) : board :=
  match fuel with
  | 0 => b
  | S f =>
      match find (boundedb n b) (all_points n) with
      | None => b
      | Some s => one_at_a_time n f (fun q => if connb n b s q then Empty else b q)
      end
  end.

(* docs/rules.md, example bound-both: XOX3/6/1X4/6/4O1/6 X, Black plays B2 = (1,1). *)
Definition bound_both : board :=
  fun q => match q with
           | (0, 0) | (2, 0) | (1, 2) => Stone Black
           | (1, 0) | (4, 4) => Stone White
           | _ => Empty
           end.

(* Rule 6 removes Black A1 and White B1 together. Removed one at a time, A1 goes first, and
   its empty point is a growth point of B1 again, so B1 would stay. *)
(* check-map: theorem removal_is_simultaneous [rule6] *)
Theorem removal_is_simultaneous :
  legal 6 bound_both Black (1, 1) /\
  (exists b', move 6 bound_both Black (1, 1) b') /\
  (forall b', move 6 bound_both Black (1, 1) b' -> b' (0, 0) = Empty /\ b' (1, 0) = Empty) /\
  one_at_a_time 6 36 (place bound_both (1, 1) Black) (0, 0) = Empty /\
  one_at_a_time 6 36 (place bound_both (1, 1) Black) (1, 0) = Stone White.
Proof.
  assert (Hl : legal 6 bound_both Black (1, 1)) by (apply legalb_spec; vm_compute; reflexivity).
  pose proof (play_spec 6 bound_both Black (1, 1) Hl) as Hm.
  split; auto. split; [eauto|]. split; [|split; vm_compute; reflexivity].
  intros b' H. split.
  - rewrite (move_unique 6 _ _ _ _ _ H Hm); [vm_compute; reflexivity | split; simpl; lia].
  - rewrite (move_unique 6 _ _ _ _ _ H Hm); [vm_compute; reflexivity | split; simpl; lia].
Qed.

(* ---- Theorem 6: no order of one-at-a-time removal is simultaneous removal ---- *)
(* Every way of removing bounded roots one at a time: remove the root of any stone s whose root
   is bounded (in any order, fixed in advance or chosen as it goes), re-check, and stop when no
   root is bounded. *)
Definition remove_root (n : nat) (b : board) (s : point) : board :=
  fun q => if connb n b s q then Empty else b q.

Inductive removal_sequence (n : nat) : board -> board -> Prop :=
| rs_done b : no_bounded n b -> removal_sequence n b b
| rs_step b s b' : bounded n b s -> removal_sequence n (remove_root n b s) b' ->
    removal_sequence n b b'.

Lemma removal_sequence_first n b b' : removal_sequence n b b' ->
  (no_bounded n b /\ b' = b) \/ exists s, bounded n b s /\ removal_sequence n (remove_root n b s) b'.
Proof. intros R. destruct R as [b0 H | b0 s b1 H R]; [left; auto | right; eauto]. Qed.

Lemma removal_sequence_none n b b' : no_boundedb n b = true -> removal_sequence n b b' -> b' = b.
Proof.
  intros H R. destruct (removal_sequence_first n b b' R) as [[_ E] | [s [[Hs [Hne Hno]] _]]]; auto.
  exfalso. apply (no_boundedb_spec n b H s Hs Hne). split; auto.
Qed.

(* A start-of-turn position (no bounded root) on 6x6:  XXO1O1/1XO1O1/6/2X3/6/6 X.
   Black plays C3 = (2, 2): its root (with C4) keeps a growth point, and two roots become
   bounded: Black {A1, B1, B2} (C3 fills B3's last free side) and White {C1, C2} (C3 was its last
   growth point). Removing the black root frees B2, a growth point of the white one; removing the
   white root frees C1, a growth point of the black one. So whichever goes first, the other stays;
   rule 6 removes both. *)
Definition both_freed : board :=
  fun q => match q with
           | (0, 0) | (1, 0) | (1, 1) | (2, 3) => Stone Black
           | (2, 0) | (2, 1) | (4, 0) | (4, 1) => Stone White
           | _ => Empty
           end.

(* Each bounded root s of b1, removed first, leaves no bounded root and a board that differs from
   sim somewhere, and b1 has a bounded root. *)
Definition every_first_differs (n : nat) (b1 sim : board) : bool :=
  negb (no_boundedb n b1) &&
  forallb (fun s => negb (boundedb n b1 s) ||
                    (no_boundedb n (remove_root n b1 s) &&
                     existsb (fun q => negb (cell_eqb (remove_root n b1 s q) (sim q))) (all_points n)))
          (all_points n).

(* check-map: theorem no_removal_order [rule6] *)

Theorem no_removal_order :
  no_bounded 6 both_freed /\ has_stones 6 both_freed Black /\ has_stones 6 both_freed White /\
  legal 6 both_freed Black (2, 2) /\ ~ bounded 6 (place both_freed (2, 2) Black) (2, 2) /\
  forall b_sim b_seq, move 6 both_freed Black (2, 2) b_sim ->
    removal_sequence 6 (place both_freed (2, 2) Black) b_seq ->
    exists q, on_board 6 q /\ b_seq q <> b_sim q.
Proof.
  assert (Hl : legal 6 both_freed Black (2, 2)) by (apply legalb_spec; vm_compute; reflexivity).
  split; [apply no_boundedb_spec; vm_compute; reflexivity|].
  split; [apply has_stonesb_spec; vm_compute; reflexivity|].
  split; [apply has_stonesb_spec; vm_compute; reflexivity|].
  split; [exact Hl|].
  split; [rewrite <- boundedb_spec; vm_compute; discriminate|].
  intros b_sim b_seq Hm R.
  set (b1 := place both_freed (2, 2) Black) in *.
  set (sim := snd (play 6 both_freed Black (2, 2))).
  assert (Hc : every_first_differs 6 b1 sim = true) by (vm_compute; reflexivity).
  unfold every_first_differs in Hc. apply andb_true_iff in Hc as [Hb Hall].
  rewrite forallb_forall in Hall.
  destruct (removal_sequence_first 6 b1 b_seq R) as [[Hnb _] | [s [Hs R']]].
  - exfalso. apply negb_true_iff in Hb.
    assert (Hn : no_boundedb 6 b1 = true).
    { unfold no_boundedb. apply forallb_forall. intros x Hx.
      destruct (cell_eqb_spec (b1 x) Empty) as [|Hne]; [reflexivity|]. simpl.
      apply negb_true_iff. apply not_true_is_false. rewrite boundedb_spec.
      apply Hnb; auto. apply in_all_points; auto. }
    congruence.
  - assert (Hon : In s (all_points 6)) by (apply in_all_points; apply Hs).
    specialize (Hall s Hon). apply boundedb_spec in Hs.
    apply orb_prop in Hall as [Hf | Hall]; [rewrite Hs in Hf; discriminate|].
    apply andb_true_iff in Hall as [Hnone Hdiff].
    rewrite (removal_sequence_none 6 _ _ Hnone R').
    apply existsb_exists in Hdiff as [q [Hq Hd]]. apply in_all_points in Hq.
    exists q. split; auto.
    rewrite (move_unique 6 _ _ _ _ _ Hm (play_spec 6 both_freed Black (2, 2) Hl) q Hq).
    fold sim. destruct (cell_eqb_spec (remove_root 6 b1 s q) (sim q)); [discriminate | auto].
Qed.

(* On bound_both the order decides: removing B1 first gives rule 6's board, A1 first does not. *)
(* check-map: theorem bound_both_orders [rule6] *)
Theorem bound_both_orders :
  (exists b_seq, removal_sequence 6 (place bound_both (1, 1) Black) b_seq /\
     forall q, on_board 6 q -> b_seq q = snd (play 6 bound_both Black (1, 1)) q) /\
  (exists b_seq, removal_sequence 6 (place bound_both (1, 1) Black) b_seq /\
     b_seq (1, 0) = Stone White).
Proof.
  set (b1 := place bound_both (1, 1) Black).
  split.
  - set (b3 := remove_root 6 (remove_root 6 b1 (1, 0)) (0, 0)).
    exists b3. split.
    + apply rs_step with (s := (1, 0)); [apply boundedb_spec; vm_compute; reflexivity|].
      apply rs_step with (s := (0, 0)); [apply boundedb_spec; vm_compute; reflexivity|].
      apply rs_done. apply no_boundedb_spec. vm_compute. reflexivity.
    + assert (Hall : forallb (fun q => cell_eqb (b3 q) (snd (play 6 bound_both Black (1, 1)) q))
                       (all_points 6) = true) by (vm_compute; reflexivity).
      rewrite forallb_forall in Hall. intros q Hq. apply in_all_points in Hq.
      specialize (Hall q Hq). destruct (cell_eqb_spec (b3 q) (snd (play 6 bound_both Black (1, 1)) q));
        [auto | discriminate].
  - exists (remove_root 6 b1 (0, 0)). split.
    + apply rs_step with (s := (0, 0)); [apply boundedb_spec; vm_compute; reflexivity|].
      apply rs_done. apply no_boundedb_spec. vm_compute. reflexivity.
    + vm_compute. reflexivity.
Qed.

(* The lattice-5 opening X3O/5/5/5/O3X has 4 roots, so B(4, 5) = 75 bounds every lattice-5
   game; the longest one (the complete game graph, properties/README.md) has 45 plies. *)
Definition lattice5 : board :=
  fun q => match q with
           | (0, 0) | (4, 4) => Stone Black
           | (4, 0) | (0, 4) => Stone White
           | _ => Empty
           end.

Corollary lattice5_bound k : game 5 lattice5 Black k -> k <= 75.
Proof.
  intros H. apply game_bound in H.
  replace (roots 5 lattice5) with 4 in H by (vm_compute; reflexivity). lia.
Qed.
