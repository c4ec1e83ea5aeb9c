-- A type reached through a module names the module's values in its
-- sizes (`M.t` is `[M.k]i64`): coercions to it check against the
-- module's value, also through a module type, and an entry point's
-- argument of that type must have that size. A type's own size
-- parameters are not the module's values, even when named alike.

module M = {
  def k = 3i64
  type t = [k]i64
  type square [k] = [k][k]i64
}

module type has_size = {
  val k : i64
  type t = [k]i64
}

module A : has_size = {
  def k = 2i64
  type t = [k]i64
}

-- ==
-- entry: coerced
-- input { 3i64 } output { [0i64, 1i64, 2i64] }
-- input { 4i64 } error: Value of shape \[4\] cannot match shape of type "\[3\]i64"
entry coerced (n: i64) = iota n :> M.t

-- ==
-- entry: ascribed
-- input { 2i64 } output { [0i64, 1i64] }
-- input { 3i64 } error: Value of shape \[3\] cannot match shape of type "\[2\]i64"
entry ascribed (n: i64) = iota n :> A.t

-- ==
-- entry: own_parameter
-- input { 2i64 } output { [[0i64, 0i64], [0i64, 0i64]] }
entry own_parameter (n: i64) = replicate n (replicate n 0) :> M.square [n]

-- ==
-- entry: argument
-- input { [1i64, 2i64, 3i64] } output { [2i64, 3i64, 4i64] }
-- input { [1i64, 2i64] } error: invalid sizes
entry argument (xs: M.t) : M.t = map (+ 1) xs
