(* Extracts the certificate checker of Certificate.v to OCaml (oracle/tanbo_cert.ml) for
   `tanbo-certcheck` (oracle/certcheck.ml), which only reads the certificate's text into lines
   and calls `init`, `step` and `finish` in order, as `check` does (check_sound; `init_sound`,
   `step_sound` and `finish_sound` are the same proof one line at a time). The rules' `moves`,
   `play`, `encode` and `decode` come along for `tanbo-certgen` (oracle/certgen.ml), the
   test-certificate generator, which is not trusted: the checker judges what it writes.
   Naturals become OCaml ints (ExtrOcamlNatInt); every number the checker computes stays far
   below max_int (coordinates and counts, keys below 4^30). Nat.leb, Nat.ltb, Nat.compare and
   Nat.max become OCaml's int comparisons, the same tests on non-negative ints, as Nat.eqb
   becomes Int.equal (Extract.v). *)
From Coq Require Import Arith Extraction ExtrOcamlBasic ExtrOcamlNatInt.
From Tanbo Require Import Rules Theorems Openings Certificate.
Extraction Language OCaml.
Extract Inlined Constant PeanoNat.Nat.eqb => "Int.equal".
Extract Inlined Constant Nat.leb => "(fun (a : int) b -> a <= b)".
Extract Inlined Constant Nat.ltb => "(fun (a : int) b -> a < b)".
(* The same as ExtrOcamlNatInt's, with int types so that OCaml compares ints, not any value. *)
Extract Constant Nat.compare => "fun (n : int) m -> if n = m then Eq else if n < m then Lt else Gt".
Extract Inlined Constant Nat.max => "(fun (a : int) b -> if a < b then b else a)".
Extraction "oracle/tanbo_cert.ml" check init step finish named_openings moves play winner encode decode opponent
  has_stonesb no_boundedb.
