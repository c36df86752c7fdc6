(* Extracts the checker of the optimized engine's state (Refinement.v: state_ok, proven sound
   as state_ok_sound) to OCaml (oracle/tanbo_state.ml), for `tanbo-state-check`
   (oracle/state_check.ml), which reads the engine's dumped state and only builds the record.
   Naturals become OCaml ints (ExtrOcamlNatInt); Nat.lxor and Nat.div are mapped to OCaml's
   lxor and (/), like the arithmetic ExtrOcamlNatInt already maps. *)
From Coq Require Import Arith Extraction ExtrOcamlBasic ExtrOcamlNatInt.
From Tanbo Require Import Rules Refinement.
Extraction Language OCaml.
Extract Inlined Constant Nat.lxor => "(lxor)".
Extract Constant Nat.div => "fun n m -> if m = 0 then 0 else n / m".
Extraction "oracle/tanbo_state.ml" state_ok words_okb legal_okb roots_okb heads_okb totals_okb.
