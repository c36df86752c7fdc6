(* Extracts the executable rules of Rules.v to OCaml (oracle/tanbo_rules.ml), for the
   `tanbo-spec` oracle: `moves` (rule 7 included) and `step` (legality, then rule 6) make every
   rule decision; `named_openings` (Openings.v, proven free of bounded roots) lets the shell
   check that a named variant's start is that opening. The OCaml shell only reads and prints.
   Naturals become OCaml ints (ExtrOcamlNatInt): board coordinates and counts stay far below
   max_int, and the shell rejects negative and off-board coordinates
   (an OCaml int below 0 is no natural). *)
From Coq Require Import Arith Extraction ExtrOcamlBasic ExtrOcamlNatInt.
From Tanbo Require Import Rules Openings.
Extraction Language OCaml.
(* ExtrOcamlNatInt extracts Nat.eqb as OCaml's polymorphic (=), which point_eqb (inferred
   polymorphic) then runs as a C call on every comparison; Int.equal is the same test on ints and
   makes the oracle several times faster. *)
Extract Inlined Constant PeanoNat.Nat.eqb => "Int.equal".
Extraction "oracle/tanbo_rules.ml" step moves winner opponent named_openings.
