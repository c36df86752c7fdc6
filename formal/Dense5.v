(* dense-5 is a second-player win, within 25 plies, as theorems checked by Coq's kernel: the
   kernel runs the certificate checker of KernelCheck.v (proven sound) on
   solve/solved_starts/dense-5.cert.xz, which the build translates into Dense5Data.v
   (oracle/certcoq.ml). Not part of the default build: target tanbo_formal_dense5, or
   `make -C formal Dense5.vo` (its time and memory are in docs/formal.md). *)
(* check-map: code formal *)
From Coq Require Import NArith.
From Tanbo Require Import Rules Openings Certificate KernelCheck Dense5Data.

(* White, the second player, wins the dense-5 opening (Openings.named_openings's entry 7,
   X1O1X/5/O1X1O/5/X1O1X, Black to move) within 25 plies, whatever Black plays. *)
(* check-map: theorem dense5_second_player_wins_within [solve] *)
Theorem dense5_second_player_wins_within : wins_within 5 White 25 (dense 5) Black.
Proof.
  apply (kcheck_sound_within 5 White (Named 7) 1121893%N Dense5Data.lines 1121893%N 25).
  vm_cast_no_check (eq_refl (KAccepted 1121893%N 25)).
Qed.

(* check-map: theorem dense5_second_player_wins [solve] *)

Theorem dense5_second_player_wins : wins_from 5 White (dense 5) Black.
Proof. exact (wins_within_from 5 White 25 _ _ dense5_second_player_wins_within). Qed.
