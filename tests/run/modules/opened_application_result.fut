-- A parametric module ascribed a refined result module type whose body
-- opens an application of another parametric module to its parameter.
-- ==
-- input { [1f32, 2f32, 3f32] }
-- output { 14f32 }

module type vectors = {
  type t
  val dot [n] : [n]t -> [n]t -> t
}

module type norms = {
  include vectors
  val square_norm [n] : [n]t -> t
}

module mk_vectors (T: numeric) : vectors with t = T.t = {
  type t = T.t
  def dot [n] (a: [n]t) (b: [n]t) : t = T.sum (map2 (T.*) a b)
}

module mk_norms (T: numeric) : norms with t = T.t = {
  open (mk_vectors T)
  def square_norm [n] (a: [n]t) : t = dot a a
}

module n32 = mk_norms f32

def main (xs: []f32) : f32 = n32.square_norm xs
