(* The certificate checker that Coq's kernel runs (vm_compute), proven sound: Lattice5.v and
   Dense5.v prove who wins lattice-5 and dense-5 by running it on the committed certificates.
   It judges each line with Certificate.verdict_by, as the extracted checker does; what differs
   is the data, chosen for the kernel's speed:
   - a certificate line is one primitive 63-bit integer (its cells, side and move packed by the
     translator oracle/certcoq.ml, which writes the certificate as a Coq term at build time);
   - the positions already accepted are an AVL tree from a primitive-integer hash of a position to
     the integer of the line that listed it; a lookup decodes that line and compares its cells and
     side with the position sought (Certificate.cells_equal), so soundness rests on no property of
     the hash or of the primitive operations (Coq's axioms about them, Uint63.add_spec and the
     like, are not used: Print Assumptions lists only the primitive operations themselves);
   - counts and line numbers are binary (N), not unary.
   Whatever the translator writes, an accepted certificate proves its claim (kcheck_sound): the
   translator is outside the trusted base of the theorems. *)
(* check-map: code formal certificate *)
From Coq Require Import List Arith Bool NArith.
From Coq Require Import Numbers.Cyclic.Int63.PrimInt63.
From Tanbo Require Import Rules Openings Certificate.
Import ListNotations.

Notation int := PrimInt63.int.

(* ---- A certificate line as one integer (the layout oracle/certcoq.ml writes) ----
   bits 2i, 2i+1: cell i in all_points order (1 = X, 2 = O, anything else empty), for i < N*N;
   bit 50: the side to move (0 = X, 1 = O);
   bits 51-56: the move, 0 for none, else 1 + its index y*N + x. Only boards of side 5 or less
   fit; any integer decodes to some line, which the checker then judges. *)
Definition cell_of_code (v : int) : cell :=
  if PrimInt63.eqb v 1%uint63 then Stone Black
  else if PrimInt63.eqb v 2%uint63 then Stone White else Empty.

Fixpoint cells_of (k : nat) (d : int) : list cell :=
  match k with
  | 0 => []
  | S k' => cell_of_code (PrimInt63.land d 3%uint63) :: cells_of k' (PrimInt63.lsr d 2%uint63)
  end.

(* A small integer as a natural (at most fuel). *)
Fixpoint small_nat (fuel : nat) (i : int) : nat :=
  match fuel with
  | 0 => 0
  | S f => if PrimInt63.eqb i 0%uint63 then 0 else S (small_nat f (PrimInt63.sub i 1%uint63))
  end.

Definition decode_line (N : nat) (d : int) : line :=
  let side := if PrimInt63.eqb (PrimInt63.land (PrimInt63.lsr d 50%uint63) 1%uint63) 0%uint63
              then Black else White in
  let m := PrimInt63.land (PrimInt63.lsr d 51%uint63) 63%uint63 in
  let mv := if PrimInt63.eqb m 0%uint63 then None
            else let i := small_nat 64 (PrimInt63.sub m 1%uint63) in Some (Nat.modulo i N, Nat.div i N) in
  (cells_of (N * N) d, side, mv).

(* ---- The accepted positions ---- *)
(* A position's hash: its side, then two bits a cell. On boards of side 5 or less it is exact;
   on larger ones two positions may share one, which can only make the checker refuse. *)
Definition cell_code (x : cell) : int :=
  match x with Empty => 0%uint63 | Stone Black => 1%uint63 | Stone White => 2%uint63 end.
Definition side_code (c : color) : int := match c with Black => 1%uint63 | White => 2%uint63 end.
Definition hash (l : list cell) (c : color) : int :=
  fold_left (fun acc x => PrimInt63.add (PrimInt63.mul acc 4%uint63) (cell_code x)) l (side_code c).

(* An AVL tree from hashes to lines and their depths. Soundness needs only that a line found is
   one that was added, with its depth (ifind_in, iadd_in): nothing about the order of the keys. *)
Inductive itree := ILeaf | INode (l : itree) (k : int) (d : int) (v : nat) (r : itree) (h : nat).
Fixpoint InD (x : int) (w : nat) (t : itree) : Prop :=
  match t with ILeaf => False | INode l _ d v r _ => InD x w l \/ (x = d /\ w = v) \/ InD x w r end.
Definition iheight (t : itree) : nat := match t with ILeaf => 0 | INode _ _ _ _ _ h => h end.
Definition inode (l : itree) (k d : int) (v : nat) (r : itree) : itree :=
  INode l k d v r (S (Nat.max (iheight l) (iheight r))).
Definition ibalance (l : itree) (k d : int) (v : nat) (r : itree) : itree :=
  let hl := iheight l in
  let hr := iheight r in
  if hr + 2 <=? hl then
    match l with
    | ILeaf => inode l k d v r
    | INode ll lk ld lv lr _ =>
        if iheight lr <=? iheight ll then inode ll lk ld lv (inode lr k d v r)
        else match lr with
             | ILeaf => inode l k d v r
             | INode lrl lrk lrd lrv lrr _ => inode (inode ll lk ld lv lrl) lrk lrd lrv (inode lrr k d v r)
             end
    end
  else if hl + 2 <=? hr then
    match r with
    | ILeaf => inode l k d v r
    | INode rl rk rd rv rr _ =>
        if iheight rl <=? iheight rr then inode (inode l k d v rl) rk rd rv rr
        else match rl with
             | ILeaf => inode l k d v r
             | INode rll rlk rld rlv rlr _ => inode (inode l k d v rll) rlk rld rlv (inode rlr rk rd rv rr)
             end
    end
  else inode l k d v r.
Fixpoint iadd (k d : int) (v : nat) (t : itree) : itree :=
  match t with
  | ILeaf => inode ILeaf k d v ILeaf
  | INode l k' d' v' r h =>
      if PrimInt63.ltb k k' then ibalance (iadd k d v l) k' d' v' r
      else if PrimInt63.ltb k' k then ibalance l k' d' v' (iadd k d v r)
      else t
  end.
Fixpoint ifind (k : int) (t : itree) : option (int * nat) :=
  match t with
  | ILeaf => None
  | INode l k' d v r _ =>
      if PrimInt63.ltb k k' then ifind k l else if PrimInt63.ltb k' k then ifind k r else Some (d, v)
  end.

Lemma ifind_in k t d v : ifind k t = Some (d, v) -> InD d v t.
Proof.
  induction t as [|l IHl k' d' v' r IHr h]; simpl; [discriminate|].
  destruct (PrimInt63.ltb k k'); [intros H; left; exact (IHl H)|].
  destruct (PrimInt63.ltb k' k); [intros H; right; right; exact (IHr H)|].
  intros E. injection E as E1 E2. right. left. split; symmetry; assumption.
Qed.

Lemma ibalance_in x w l k d v r : InD x w (ibalance l k d v r) -> InD x w l \/ (x = d /\ w = v) \/ InD x w r.
Proof.
  unfold ibalance, inode.
  destruct (iheight r + 2 <=? iheight l); [|destruct (iheight l + 2 <=? iheight r)].
  - destruct l as [|ll lk ld lv lr lh]; [simpl; tauto|].
    destruct (iheight lr <=? iheight ll); [simpl; tauto|].
    destruct lr as [|lrl lrk lrd lrv lrr lrh]; simpl; tauto.
  - destruct r as [|rl rk rd rv rr rh]; [simpl; tauto|].
    destruct (iheight rl <=? iheight rr); [simpl; tauto|].
    destruct rl as [|rll rlk rld rlv rlr rlh]; simpl; tauto.
  - simpl; tauto.
Qed.

Lemma iadd_in x w k d v t : InD x w (iadd k d v t) -> (x = d /\ w = v) \/ InD x w t.
Proof.
  induction t as [|l IHl k' d' v' r IHr h]; simpl.
  - tauto.
  - destruct (PrimInt63.ltb k k').
    + intros Hx. apply ibalance_in in Hx as [Hx | Hx]; [apply IHl in Hx|]; simpl; tauto.
    + destruct (PrimInt63.ltb k' k); intros Hx; [|right; exact Hx].
      apply ibalance_in in Hx as [Hx | [Hx | Hx]]; [tauto | tauto|]. apply IHr in Hx. tauto.
Qed.

(* ======================= The checker ===================================================== *)
Section Checker.
Variable N : nat.
Variable prover : color.

(* The depth of the position (l, c) if it is on an earlier line: the line its hash leads to must
   list it. *)
Definition found (t : itree) (l : list cell) (c : color) : option nat :=
  match ifind (hash l c) t with
  | Some (d, v) => let '(l', c', _) := decode_line N d in
                   if cells_equal l' l && color_eqb c' c then Some v else None
  | None => None
  end.

Record kstate := { kseen : itree; kcount : BinNums.N; klast : option int; kdepth : nat }.
Definition kinit : kstate := {| kseen := ILeaf; kcount := 0%N; klast := None; kdepth := 0 |}.

Definition kstep (st : kstate) (d : int) : kstate + refusal :=
  let '(l, c, mv) := decode_line N d in
  let k := hash l c in
  match found (kseen st) l c with
  | Some _ => inr Duplicate
  | None => match verdict_by N prover (found (kseen st)) l c mv with
            | inr r => inr r
            | inl v => inl {| kseen := iadd k d v (kseen st); kcount := N.succ (kcount st);
                              klast := Some d; kdepth := v |}
            end
  end.

Definition kfinish (s : start) (K : BinNums.N) (st : kstate) : option refusal :=
  match start_position N s with
  | None => Some BadStart
  | Some (l0, c0) =>
      match klast st with
      | None => Some NoLines
      | Some d =>
          let '(l, c, _) := decode_line N d in
          if negb (N.eqb (kcount st) K) then Some WrongCount
          else if cells_equal l l0 && color_eqb c c0 then None else Some WrongLastLine
      end
  end.

(* Accepted: how many positions, and the depth of the start. *)
Inductive koutcome := KAccepted (positions : BinNums.N) (depth : nat) | KRefused (line : BinNums.N) (why : refusal).

Fixpoint krun (st : kstate) (i : BinNums.N) (lines : list int) : kstate + (BinNums.N * refusal) :=
  match lines with
  | [] => inl st
  | d :: rest => match kstep st d with
                 | inl st' => krun st' (N.succ i) rest
                 | inr r => inr (i, r)
                 end
  end.

(* The checker: the lines numbered from 1, as Certificate.check numbers them. *)
Definition kcheck (s : start) (K : BinNums.N) (lines : list int) : koutcome :=
  match krun kinit 1 lines with
  | inr (i, r) => KRefused i r
  | inl st => match kfinish s K st with
              | None => KAccepted (kcount st) (kdepth st)
              | Some r => KRefused (N.succ (kcount st)) r
              end
  end.

(* ---- Soundness ---- *)
Definition line_wins (w : nat) (d : int) : Prop :=
  let '(l, c, _) := decode_line N d in wins_within N prover w (decode N l) c.

Definition ksound (st : kstate) : Prop :=
  (forall d w, InD d w (kseen st) -> line_wins w d) /\
  (forall d, klast st = Some d -> line_wins (kdepth st) d).

Lemma found_sound t :
  (forall d w, InD d w t -> line_wins w d) ->
  forall l c w, found t l c = Some w -> wins_within N prover w (decode N l) c.
Proof.
  intros Ht l c w. unfold found. destruct (ifind (hash l c) t) as [[d v]|] eqn:Ef; [|discriminate].
  assert (Hw := Ht d v (ifind_in _ _ _ _ Ef)). unfold line_wins in Hw.
  destruct (decode_line N d) as [[l' c'] mv].
  destruct (cells_equal l' l) eqn:El; [|discriminate].
  destruct (color_eqb_spec c' c) as [E|E]; [|discriminate]. intros E'. injection E' as E'.
  apply cells_equal_eq in El. subst. exact Hw.
Qed.

(* check-map: theorem kinit_sound [certificate] *)

Theorem kinit_sound : ksound kinit.
Proof. split; simpl; [intros d w [] | discriminate]. Qed.

(* check-map: theorem kstep_sound [certificate] *)

Theorem kstep_sound st d st' : ksound st -> kstep st d = inl st' -> ksound st'.
Proof.
  unfold kstep. intros [Hseen Hlast].
  assert (Hd : forall v, verdict_by N prover (found (kseen st)) (fst (fst (decode_line N d)))
                 (snd (fst (decode_line N d))) (snd (decode_line N d)) = inl v -> line_wins v d).
  { intros v. unfold line_wins. destruct (decode_line N d) as [[l c] mv]. simpl. intros Ev.
    exact (wins_within_same N prover v _ _ c (rows_decode_same N l)
             (verdict_by_sound N prover (found (kseen st)) (found_sound _ Hseen) l c mv v Ev)). }
  destruct (decode_line N d) as [[l c] mv]. simpl in Hd.
  destruct (found (kseen st) l c); [discriminate|].
  destruct (verdict_by N prover (found (kseen st)) l c mv) as [v|r] eqn:Ev; [|discriminate].
  intros E. injection E as E. subst st'. specialize (Hd v eq_refl).
  split; simpl.
  - intros x w Hx. apply iadd_in in Hx as [[Hx Hw] | Hx]; [subst; exact Hd | exact (Hseen x w Hx)].
  - intros x E. injection E as E. subst x. exact Hd.
Qed.

Lemma krun_sound lines : forall st i st', ksound st -> krun st i lines = inl st' -> ksound st'.
Proof.
  induction lines as [|d rest IH]; simpl; intros st i st' Hs E.
  - injection E as E. subst. exact Hs.
  - destruct (kstep st d) as [st1|r] eqn:Es; [|discriminate].
    exact (IH st1 (N.succ i) st' (kstep_sound st d st1 Hs Es) E).
Qed.

(* check-map: theorem kfinish_sound [certificate] *)

Theorem kfinish_sound s K st : ksound st -> kfinish s K st = None ->
  wins_within N prover (kdepth st) (start_board N s) (start_side s).
Proof.
  intros [_ Hlast]. unfold kfinish.
  destruct (start_position N s) as [[l0 c0]|] eqn:Es; [|discriminate].
  destruct (klast st) as [d|] eqn:El; [|discriminate].
  assert (Hw := Hlast d eq_refl). unfold line_wins in Hw.
  destruct (decode_line N d) as [[l c] mv].
  destruct (negb (N.eqb (kcount st) K)); [discriminate|].
  destruct (cells_equal l l0) eqn:Ecl; [|discriminate].
  destruct (color_eqb_spec c c0) as [Ec|Ec]; [|discriminate]. intros _.
  apply cells_equal_eq in Ecl. subst l0 c0.
  exact (start_wins N prover s l c _ Es Hw).
Qed.

(* The soundness theorems: a certificate the kernel checker accepts with depth D proves that the
   prover wins from the start within D plies (wins_within), so has a winning strategy. *)
(* check-map: theorem kcheck_sound_within [certificate] *)
Theorem kcheck_sound_within s K lines K' D :
  kcheck s K lines = KAccepted K' D -> wins_within N prover D (start_board N s) (start_side s).
Proof.
  unfold kcheck. destruct (krun kinit 1 lines) as [st|[i r]] eqn:Er; [|discriminate].
  destruct (kfinish s K st) as [r|] eqn:Ef; [discriminate|]. intros E. injection E as _ E. subst D.
  exact (kfinish_sound s K st (krun_sound lines kinit 1 st kinit_sound Er) Ef).
Qed.

(* check-map: theorem kcheck_sound [certificate] *)

Theorem kcheck_sound s K lines K' D :
  kcheck s K lines = KAccepted K' D -> wins_from N prover (start_board N s) (start_side s).
Proof. intros Hc. exact (wins_within_from N prover D _ _ (kcheck_sound_within s K lines K' D Hc)). Qed.

End Checker.
