-- A parametric module using a sized parametric abstract type of its
-- parameter at a tuple element type and nested in itself; the argument's
-- definition of the type is applied to the use's arguments.
-- ==
-- input { [1i64, 2i64, 3i64] } output { [1i64, 2i64, 3i64] [2i32, 4i32, 6i32] 2i64 }

module type vecs = {
  type vec [n] 't
  val rev [n] 't : vec [n] t -> vec [n] t
  val len [n] 't : vec [n] t -> i64
}

module P (V: vecs) = {
  def twice [n] 'a (v: V.vec [n] (a, i32)) : V.vec [n] (a, i32) = V.rev (V.rev v)
  def nested [n] [m] (v: V.vec [n] (V.vec [m] f32)) = V.len (V.rev v)
}

module arr = {
  type vec [n] 't = [n]t
  def rev [n] 't (xs: vec [n] t) : vec [n] t = xs[::-1]
  def len [n] 't (_: vec [n] t) = n
}

module Q = P arr

entry main (xs: []i64) =
  let (a, b) = unzip (Q.twice (zip xs (map (\x -> i32.i64 (2 * x)) xs)))
  in (a, b, Q.nested [[1f32], [2f32]])
