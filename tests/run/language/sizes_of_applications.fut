-- Size parameters that a type gives only inside applications and
-- expressions the checker cannot compute: a use matches the expression's
-- form part by part (`[blocks bits n]` against `[blocks bits k]`), and a
-- parameter's `[n * m]` is solved for the one part not known.
-- ==
-- entry: capacity_of_empty
-- input { 20i64 } output { 20i64 3i64 }
-- input { 8i64 } output { 8i64 1i64 }

-- ==
-- entry: rows_of
-- input { [1, 2, 3, 4, 5, 6] } output { [[1, 2, 3], [4, 5, 6]] }

-- ==
-- entry: module_capacity
-- input { 33i64 } output { 33i64 5i64 }

def blocks (bits: i64) (n: i64) : i64 = (n - 1) / bits + 1

def bits : i64 = 8

type set [n] = [n]u8

def empty (n: i64) : set [blocks bits n] = replicate (blocks bits n) 0

def capacity [n] (s: set [blocks bits n]) : (i64, i64) = (n, length s)

entry capacity_of_empty (n: i64) = capacity (empty n)

def identity (x: i64) = x

entry rows_of [k] (xs: [k]i32) =
  let half = k / 2
  in unflatten (xs :> [identity 2 * half]i32)

module type bitset = {
  type t [n]
  val empty : (n: i64) -> t [blocks 8 n]
  val capacity [n] : t [blocks 8 n] -> (i64, i64)
}

module words : bitset = {
  type t [n] = [n]u8
  def empty (n: i64) : t [blocks 8 n] = replicate (blocks 8 n) 0
  def capacity [n] (s: t [blocks 8 n]) = (n, length s)
}

entry module_capacity (n: i64) = words.capacity (words.empty n)
