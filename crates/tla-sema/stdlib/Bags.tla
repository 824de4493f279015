-------------------------------- MODULE Bags --------------------------------
(***************************************************************************)
(* Bags (multisets).  A bag is a function from its elements to the         *)
(* positive integers: B[e] is the number of copies of e in B, and an       *)
(* element not in DOMAIN B has no copies.  The evaluator implements every  *)
(* operator here natively except SubBag, whose body below it evaluates.    *)
(***************************************************************************)
LOCAL INSTANCE Naturals

IsABag(B) == B \in [DOMAIN B -> {n \in Nat : n > 0}]

BagToSet(B) == DOMAIN B
  (*************************************************************************)
  (* The elements of which B holds at least one copy.                      *)
  (*************************************************************************)

SetToBag(S) == [e \in S |-> 1]
  (*************************************************************************)
  (* One copy of each element of S.                                        *)
  (*************************************************************************)

BagIn(e, B) == e \in DOMAIN B

EmptyBag == [e \in {} |-> 1]

CopiesIn(e, B) == IF e \in DOMAIN B THEN B[e] ELSE 0

B1 (+) B2 ==
  (*************************************************************************)
  (* Bag sum: the copies in B1 together with the copies in B2.  Also       *)
  (* written B1 \oplus B2.                                                 *)
  (*************************************************************************)
  [e \in (DOMAIN B1) \cup (DOMAIN B2) |-> CopiesIn(e, B1) + CopiesIn(e, B2)]

B1 (-) B2 ==
  (*************************************************************************)
  (* Bag difference: each copy in B2 cancels one copy in B1; elements left *)
  (* with no copies drop out.  Also written B1 \ominus B2.                 *)
  (*************************************************************************)
  LET Left(e) == B1[e] - CopiesIn(e, B2)
  IN  [e \in {d \in DOMAIN B1 : CopiesIn(d, B2) < B1[d]} |-> Left(e)]

LOCAL Total(f) ==
  (*************************************************************************)
  (* The sum of the natural numbers f[x] over the finite set DOMAIN f.     *)
  (*************************************************************************)
  LET SumOver[D \in SUBSET DOMAIN f] ==
        IF D = {} THEN 0
        ELSE LET x == CHOOSE y \in D : TRUE
             IN  f[x] + SumOver[D \ {x}]
  IN  SumOver[DOMAIN f]

BagUnion(S) ==
  (*************************************************************************)
  (* The bag sum of all the bags in the set S.                             *)
  (*************************************************************************)
  [e \in UNION {DOMAIN B : B \in S} |-> Total([B \in S |-> CopiesIn(e, B)])]

B1 \sqsubseteq B2 ==
  (*************************************************************************)
  (* B1 is a sub-bag of B2: B2 has at least as many copies of every        *)
  (* element as B1.                                                        *)
  (*************************************************************************)
  \A e \in DOMAIN B1 : B1[e] \leq CopiesIn(e, B2)

SubBag(B) ==
  (*************************************************************************)
  (* All sub-bags of B.  A sub-bag keeps some subset D of B's elements and *)
  (* between 1 and B[e] copies of each e in D.  Written so that it can be  *)
  (* enumerated when B is finite.                                          *)
  (*************************************************************************)
  UNION { {SB \in [D -> UNION {1 .. B[e] : e \in D}] :
              \A e \in D : SB[e] \leq B[e]} :
          D \in SUBSET DOMAIN B }

BagOfAll(F(_), B) ==
  (*************************************************************************)
  (* The image of bag B under F: every copy of e in B contributes one copy *)
  (* of F(e).                                                              *)
  (*************************************************************************)
  [v \in {F(d) : d \in DOMAIN B} |->
     Total([d \in {x \in DOMAIN B : F(x) = v} |-> B[d]])]

BagCardinality(B) == Total(B)
  (*************************************************************************)
  (* The total number of copies in the finite bag B.                       *)
  (*************************************************************************)
=============================================================================
