-- A value of a parametric module's body must match its result module
-- type, also when its type is the parameter's through an opened
-- application.
-- ==
-- error: Module type specifies\s*val square_norm \[n\] : \[n\]t -> t

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
  def square_norm [n] (a: [n]t) : [n]t = map2 (T.*) a a
}
