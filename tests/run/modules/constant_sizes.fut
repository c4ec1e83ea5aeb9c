-- Sizes that name constants: a top-level `i64` definition, and a value of
-- a module parameter (a specification's `val weights : [n]i64` seen
-- through the parameter) that fixes a size only the context determines.
-- ==
-- input { 2i64 } output { [2i64, 4i64, 6i64] [2i64, 2i64, 2i64, 2i64, 0i64] }

module type dims = {
  val n : i64
  val weights : [n]i64
}

module scaled (P: dims) = {
  def spread 't [k] (x: t) : [k]t = replicate k x
  def weigh (x: i64) = map2 (*) P.weights (spread x)
}

module three = scaled {
  def n : i64 = 3
  def weights : [n]i64 = [1, 2, 3] :> [n]i64
}

def m : i64 = 4

def fill (x: i64) : [m]i64 = replicate m x

def grow [k] (xs: [k]i64) : [k + 1]i64 = xs ++ [0]

entry main (x: i64) = (three.weigh x, grow (fill x))
