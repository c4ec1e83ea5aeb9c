-- A polymorphic function of a parametric module applies its parameter's
-- lifted parametric abstract type to two type parameters; the instances
-- stay distinct.
-- ==
-- input { 3i64 } output { 2i64 2.0f64 }

module type seq = {
  type~ seq 'a
  val from [n] 'a : [n]a -> seq a
  val rev 'a : seq a -> seq a
  val first 'a : seq a -> a
}

module arrseq : seq = {
  type~ seq 'a = ?[k].[k]a
  def from 'a (xs: []a) : seq a = xs
  def rev 'a (xs: seq a) : seq a = xs[::-1]
  def first 'a (xs: seq a) : a = xs[0]
}

module both (S: seq) = {
  def firsts 'a 'b (xs: S.seq a, ys: S.seq b) : (a, b) =
    (S.first (S.rev xs), S.first (S.rev ys))
}

module B = both arrseq

entry main (n: i64) : (i64, f64) =
  B.firsts (arrseq.from (iota n), arrseq.from (map f64.i64 (iota n)))
