-- An entry point returning a value of an abstract type of an applied
-- parametric module, whose definition names the argument's type that the
-- argument has from an opened prelude module (`{ open i32 }`).
-- ==
-- input { 3i64 } output { 3i64 }

module type counts = {
  type t
  type tally [n]
  val start : (n: i64) -> tally [n]
  val size [n] : tally [n] -> i64
}

module mk_counts (T: {type t val i64 : i64 -> t}) : counts with t = T.t = {
  type t = T.t
  type tally [n] = [n]t
  def start (n: i64) : tally [n] = replicate n (T.i64 1)
  def size [n] (_: tally [n]) = n
}

module counts32 = mk_counts { open i32 }

entry make (n: i64) : counts32.tally [n] = counts32.start n

entry main (n: i64) = counts32.size (counts32.start n)
