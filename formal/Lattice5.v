(* lattice-5 is a first-player win, within 24 plies, as theorems checked by Coq's kernel: the
   kernel runs the certificate checker of KernelCheck.v (proven sound) on
   solve/solved_starts/lattice-5.cert.xz, which the build translates into Lattice5Data.v
   (oracle/certcoq.ml; docs/formal.md). *)
(* check-map: code formal *)
From Coq Require Import NArith.
From Tanbo Require Import Rules Openings Certificate KernelCheck Lattice5Data.

(* Black, the first player, wins the lattice-5 opening (Openings.named_openings's entry 1,
   X3O/5/5/5/O3X with Black to move) within 24 plies (moves of either side), whatever White
   plays: wins_within and wins_from are Certificate.v's winning-strategy predicates. *)
(* check-map: theorem lattice5_first_player_wins_within [solve] *)
Theorem lattice5_first_player_wins_within : wins_within 5 Black 24 (lattice 2 4 0) Black.
Proof.
  apply (kcheck_sound_within 5 Black (Named 1) 15452%N Lattice5Data.lines 15452%N 24).
  vm_cast_no_check (eq_refl (KAccepted 15452%N 24)).
Qed.

(* check-map: theorem lattice5_first_player_wins [solve] *)

Theorem lattice5_first_player_wins : wins_from 5 Black (lattice 2 4 0) Black.
Proof. exact (wins_within_from 5 Black 24 _ _ lattice5_first_player_wins_within). Qed.
