(* dense-5 is a second-player win, as a theorem checked by Coq's kernel: the kernel runs the
   certificate checker of KernelCheck.v (proven sound) on solve/certificates/dense-5.cert.xz,
   which the build translates into Dense5Data.v (oracle/certcoq.ml). Not part of the default
   build: target tanbo_formal_dense5 (its time and memory are in docs/formal.md). *)
From Coq Require Import NArith.
From Tanbo Require Import Rules Openings Certificate KernelCheck Dense5Data.

(* White, the second player, wins the dense-5 opening (Openings.named_openings's entry 7,
   X1O1X/5/O1X1O/5/X1O1X, Black to move). *)
Theorem dense5_second_player_wins : wins_from 5 White (dense 5) Black.
Proof.
  apply (kcheck_sound 5 White (Named 7) 1121893%N Dense5Data.lines 1121893%N).
  vm_cast_no_check (eq_refl (KAccepted 1121893%N)).
Qed.
