-- A parametric module whose body opens an application of another one
-- to its own parameter: the types and values it has through the `open`
-- are the application's, so they match a result module type refined
-- with the parameter's type.

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

def length_squared (xs: []f32) : f32 = n32.square_norm xs
