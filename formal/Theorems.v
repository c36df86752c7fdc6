(* The facts the design rests on, proven for every board size and every position from the
   rules of Rules.v. docs/formal.md states each one in plain words. *)
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
    assert (In r (filter f l)) by (apply filter_In; auto). rewrite El in H0; destruct H0.
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
  intros Hx Hf. assert (In x (filter f l)) by (apply filter_In; auto).
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
Theorem no_pass_needed b c : no_bounded b -> has_stones b c -> exists p, legal b c p.
Proof.
  intros Hnb [s [Hs Hc]].
  assert (Hne : b s <> Empty) by congruence.
  destruct (not_bounded_growth_point b s Hs Hne (Hnb s Hs Hne)) as [g [Hg [He [[c' [Hc' Hf]] _]]]].
  exists g. rewrite Hc in Hc'. inversion Hc'; subst. repeat split; auto; apply Hg.
Qed.

End Theorems.

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
