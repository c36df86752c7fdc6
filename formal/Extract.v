(* Extracts the executable rules of Rules.v to OCaml (oracle/tanbo_rules.ml), for the
   `tanbo-spec` oracle. Naturals become OCaml ints (ExtrOcamlNatInt): board coordinates and
   counts stay far below max_int. *)
From Coq Require Import Extraction ExtrOcamlBasic ExtrOcamlNatInt.
From Tanbo Require Import Rules.
Extraction Language OCaml.
Extraction "oracle/tanbo_rules.ml" play legal_moves winner opponent all_points.
